/*
 * main.c - the adjudicator for Age of Reason played by email.
 *
 * One command per file (cmd-<verb>.c), listed in the table below.
 *
 * The mail commands live in a helper program, adjudicator-mail, built from
 * this file with MAIL_HELPER defined: like git-remote-https keeps curl out
 * of git, it keeps libcurl, GMime and GLib out of every other command,
 * whose start-up and memory they used to dominate (issue 12).  adjudicator
 * execs the helper for fetch, send and run.
 */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <gcrypt.h>
#include <libxslt/xslt.h>

#include "cmd.h"
#include "diag.h"
#include "module.h"
#include "orders.h"
#include "util.h"
#include "xmlutil.h"

#ifndef LIBEXECDIR
#define LIBEXECDIR "/usr/local/libexec"
#endif

struct command {
	const char *name;
	int (*fn)(int, char **);
	const char *summary;
};

#ifdef MAIL_HELPER
#define MAIL_CMD(f) f
#else
static int exec_mail(int argc, char **argv);
#define MAIL_CMD(f) exec_mail
#endif

static const struct command commands[] = {
	{ "new", cmd_new, "create and set up a game" },
	{ "status", cmd_status, "show the turn, the step and who must decide" },
	{ "list", cmd_list, "one line for each game in a folder" },
	{ "check", cmd_check, "check order files, change nothing" },
	{ "resolve", cmd_resolve, "apply orders, advance, save, report" },
	{ "verify", cmd_verify, "replay the history and check every draw" },
	{ "report", cmd_report, "write a report of a run from the game file" },
	{ "adjust", cmd_adjust, "a moderator's correction, kept in history" },
	{ "key", cmd_key, "register or replace a player's or moderator's key" },
	{ "deadline", cmd_deadline, "set or remove deadlines, deadline hours" },
	{ "player", cmd_player, "replace a player, change an address or key" },
	{ "pause", cmd_pause, "stop the game's clock: no deadline passes" },
	{ "resume", cmd_resume, "start the clock again, deadlines moved" },
	{ "absence", cmd_absence, "a player away: deadlines move past it" },
	{ "rollback", cmd_rollback, "undo the runs after run N" },
	{ "seal", cmd_seal, "encrypt a secret pick to the moderator's key" },
	{ "fetch", MAIL_CMD(cmd_fetch), "take orders from an IMAP mailbox" },
	{ "send", MAIL_CMD(cmd_send),
	    "send acknowledgements and reports by SMTP" },
	{ "run", MAIL_CMD(cmd_run),
	    "fetch, resolve when due, send: one cron step" },
};

#ifndef MAIL_HELPER
/*
 * The helper adjudicator-mail: beside this program (the source tree's
 * build/), in ../libexec/adjudicator/ from it (an installed tree), or in
 * the LIBEXECDIR it was built for.  Caller frees.
 */
static char *
mail_helper(void)
{
	char exe[PATH_MAX], *slash, *p;
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);

	if (n > 0) {
		exe[n] = '\0';
		slash = strrchr(exe, '/');
		if (slash != NULL) {
			*slash = '\0';
			p = xasprintf("%s/adjudicator-mail", exe);
			if (access(p, X_OK) == 0)
				return p;
			free(p);
			p = xasprintf("%s/../libexec/adjudicator/"
			    "adjudicator-mail", exe);
			if (access(p, X_OK) == 0)
				return p;
			free(p);
		}
	}
	return xasprintf("%s/adjudicator/adjudicator-mail", LIBEXECDIR);
}

/*
 * Whether an order file of resolve or check holds an encrypted message:
 * what it decrypts to may be a MIME entity, which only the helper reads;
 * and verify, which reads every message of the history.
 */
static int
needs_helper(int argc, char **argv)
{
	char *text;
	size_t len;
	int i, found = 0;

	/*
	 * verify checks every signed message in the history again (issue
	 * 9), encrypted ones with their MIME entities too, and PGP/MIME
	 * signed ones by their signed part: it needs the helper when the
	 * game file holds an encrypted message or such a part, and only
	 * then, so that a game without one verifies without the mail
	 * libraries (issue 12).
	 */
	int verify = strcmp(argv[0], "verify") == 0;

	if (!verify && strcmp(argv[0], "resolve") != 0 &&
	    strcmp(argv[0], "check") != 0)
		return 0;
	for (i = verify ? 1 : 2; i < argc && !found; i++) {
		if (argv[i][0] == '-')
			continue;	/* an option; its value is read too */
		/* regular files only: never wait on a FIFO or a device */
		text = read_input_file(argv[i], verify ? XML_MAX_FILE :
		    ORDER_FILE_MAX, 0, &len);
		found = text != NULL && len > 0 && (strstr(text,
		    "-----BEGIN PGP MESSAGE-----") != NULL || (verify &&
		    strstr(text, "<entity>") != NULL));
		free(text);
	}
	return found;
}

/* Runs a mail command in the helper, with this run's arguments. */
static int
exec_mail(int argc, char **argv)
{
	char *helper = mail_helper();
	char **args = xcalloc((size_t)argc + 2, sizeof(*args));
	int i;

	args[0] = helper;
	for (i = 0; i < argc; i++)
		args[i + 1] = argv[i];
	fflush(NULL);
	execv(helper, args);
	fprintf(stderr, "adjudicator: cannot run the mail helper '%s': %s\n",
	    helper, strerror(errno));
	free(args);
	free(helper);
	return EXIT_SOFTWARE;
}
#endif

static int
main_usage(FILE *f)
{
	size_t i;

	fprintf(f, "usage: adjudicator COMMAND [OPTIONS] ...\n\n");
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		fprintf(f, "  %-8s %s\n", commands[i].name,
		    commands[i].summary);
	fprintf(f, "\ngames (new --game NAME):\n");
	for (i = 0; game_modules[i] != NULL; i++)
		fprintf(f, "  %-13s %s\n", game_modules[i]->name,
		    game_modules[i]->title);
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
#ifndef MAIL_HELPER
	if (needs_helper(argc - 1, argv + 1))
		return exec_mail(argc - 1, argv + 1);
#endif
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (strcmp(argv[1], commands[i].name) == 0) {
			rc = commands[i].fn(argc - 1, argv + 1);
			xsltCleanupGlobals();
			xml_cleanup();
			return rc;
		}
	diag(EXIT_USAGE, NULL, 0, "unknown command '%s'", argv[1]);
	main_usage(stderr);
	return EXIT_USAGE;
}
