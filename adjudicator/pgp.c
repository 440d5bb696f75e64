/*
 * pgp.c - (being written)
 */
#include "util.h"
