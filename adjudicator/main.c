/*
 * main.c - the adjudicator for Age of Reason played by email.
 *
 * One command per file (cmd-<verb>.c), listed in the table below.
 */
#include <stdio.h>
#include <string.h>

#include <gcrypt.h>
#include <libxslt/xslt.h>

#include "cmd.h"
#include "diag.h"
#include "xmlutil.h"

struct command {
	const char *name;
	int (*fn)(int, char **);
	const char *summary;
};

static const struct command commands[] = {
	{ "new", cmd_new, "create and set up a game" },
	{ "status", cmd_status, "show the turn, the step and who must decide" },
	{ "check", cmd_check, "check order files, change nothing" },
	{ "resolve", cmd_resolve, "apply orders, advance, save, report" },
	{ "verify", cmd_verify, "replay the history and check every draw" },
	{ "report", cmd_report, "write a report of a run from the game file" },
	{ "adjust", cmd_adjust, "a moderator's correction, kept in history" },
	{ "key", cmd_key, "register or replace a player's or moderator's key" },
	{ "deadline", cmd_deadline, "set the deadline of pending decisions" },
	{ "seal", cmd_seal, "encrypt a secret pick to the moderator's key" },
	{ "fetch", cmd_fetch, "take orders from an IMAP mailbox" },
	{ "send", cmd_send, "send acknowledgements and reports by SMTP" },
	{ "run", cmd_run, "fetch, resolve when due, send: one cron step" },
};

static int
main_usage(FILE *f)
{
	size_t i;

	fprintf(f, "usage: adjudicator COMMAND [OPTIONS] ...\n\n");
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		fprintf(f, "  %-8s %s\n", commands[i].name,
		    commands[i].summary);
	fprintf(f, "\n'adjudicator COMMAND --help' shows a command's options;"
	    " see adjudicator(1).\n");
	return f == stdout ? EXIT_OK : EXIT_USAGE;
}

int
main(int argc, char **argv)
{
	size_t i;
	int rc;

	if (argc < 2)
		return main_usage(stderr);
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)
		return main_usage(stdout);
	if (strcmp(argv[1], "--version") == 0) {
		printf("adjudicator %s\n", VERSION);
		return EXIT_OK;
	}
	if (!gcry_check_version(GCRYPT_VERSION)) {
		fprintf(stderr, "adjudicator: libgcrypt version mismatch\n");
		return EXIT_SOFTWARE;
	}
	gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
	gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
	xml_init();
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (strcmp(argv[1], commands[i].name) == 0) {
			rc = commands[i].fn(argc - 1, argv + 1);
			xsltCleanupGlobals();
			xml_cleanup();
			return rc;
		}
	fprintf(stderr, "adjudicator: unknown command '%s'\n", argv[1]);
	main_usage(stderr);
	return EXIT_USAGE;
}
