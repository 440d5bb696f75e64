/*
 * cmd-pause.c - adjudicator pause: stop the game's clock (issue 11).
 * While paused no deadline passes and no default is applied; orders are
 * still taken and applied.  resume moves every deadline by the time the
 * game was paused.
 */
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "diag.h"
#include "util.h"

static const char pause_usage[] =
    "adjudicator pause GAME.xml [--now TIME]\n"
    "Stops the game's clock: no deadline passes and no default is "
    "applied until\n"
    "'adjudicator resume', which moves every deadline by the time "
    "paused.";

int
cmd_pause(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "now", required_argument, NULL, 'n' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *now_opt = NULL, *path;
	struct strbuf err;
	struct entry *e;
	struct game g;
	char now[32];
	int c, lock, rc;

	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'n': now_opt = optarg; break;
		case 'h': return usage(pause_usage, EXIT_OK);
		default: return usage(pause_usage, EXIT_USAGE);
		}
	}
	if (argc - optind != 1)
		return usage(pause_usage, EXIT_USAGE);
	path = argv[optind];
	if (run_time(now_opt, now) != 0)
		return EXIT_USAGE;
	if ((rc = moderator_open(path, &g, &lock)) != EXIT_OK)
		return rc;
	sb_init(&err);
	if (g.st.phase == PH_OVER) {
		diag(EXIT_USAGE, path, 0, "the game is over: nothing to pause");
		rc = EXIT_USAGE;
	} else if (game_paused(&g)) {
		diag(EXIT_USAGE, path, 0, "the game is paused already (since "
		    "%s)", g.paused);
		rc = EXIT_USAGE;
	} else if ((e = game_moderate(&g, "pause", now, &err)) == NULL) {
		diag(EXIT_SOFTWARE, path, 0, "%s", err.buf);
		rc = EXIT_SOFTWARE;
	} else
		game_note(&g, e, "The moderator pauses the game: no deadline "
		    "passes and no default is applied until it resumes, and "
		    "then every deadline moves by the time paused.");
	sb_release(&err);
	rc = moderator_close(path, &g, lock, now, rc);
	if (rc == EXIT_OK)
		printf("%s: paused at %s\n", path, now);
	return rc;
}
