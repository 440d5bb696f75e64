/*
 * cmd-fetch.c - adjudicator fetch (issue 6): being written.
 */
#include "cmd.h"
#include "diag.h"

int
cmd_fetch(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return usage("adjudicator fetch: being written", EXIT_SOFTWARE);
}
