/*
 * mailstate.c - the mail state of a game (being written).
 */
#include "util.h"
