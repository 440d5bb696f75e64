/*
 * cmd-send.c - adjudicator send (issue 6): being written.
 */
#include "cmd.h"
#include "diag.h"

int
cmd_send(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return usage("adjudicator send: being written", EXIT_SOFTWARE);
}
