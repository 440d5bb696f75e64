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
	const char *path;
	struct strbuf err;
	struct entry *e;
	struct game g;
	char now[32];
	int first, lock, rc;

	if ((rc = now_args(argc, argv, pause_usage, 1, now, &first)) >= 0)
		return rc;
	path = argv[first];
	if ((rc = moderator_open(path, &g, &lock)) != EXIT_OK)
		return rc;
	sb_init(&err);
	if (g.module->over(g.st)) {
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
