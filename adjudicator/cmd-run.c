/*
 * cmd-run.c - adjudicator run (issue 6): being written.
 */
#include "cmd.h"
#include "diag.h"

int
cmd_run(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return usage("adjudicator run: being written", EXIT_SOFTWARE);
}
