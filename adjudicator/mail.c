/*
 * mail.c - (being written)
 */
#include "util.h"
