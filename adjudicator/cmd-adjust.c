/*
 * cmd-adjust.c - adjudicator adjust: a moderator's correction, recorded in
 * the history like an order so that replays make it too.
 */
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "diag.h"
#include "util.h"

static const char adjust_usage[] =
    "adjudicator adjust GAME.xml 'COUNTRY gold|vp|unrest N|+N|-N' "
    "[--now TIME]\n"
    "       adjudicator adjust GAME.xml 'COUNTRY discs AREA N|+N|-N'\n"
    "       adjudicator adjust GAME.xml 'COUNTRY hand|discard +CARD|-CARD'\n"
    "       adjudicator adjust GAME.xml 'box BOX N COUNTRY|empty'\n"
    "       adjudicator adjust GAME.xml 'marker MARKER board|bag|out'\n"
    "       adjudicator adjust GAME.xml 'alliance N COUNTRY|empty'\n"
    "N sets a value, +N and -N change it; the next report shows the "
    "correction.";

int
cmd_adjust(int argc, char **argv)
{
	const char *path;
	struct strbuf err, text, out;
	struct game g;
	char now[32];
	int first, lock, rc = EXIT_OK;
	size_t k;

	if ((rc = now_args(argc, argv, adjust_usage, 2, now, &first)) >= 0)
		return rc;
	path = argv[first];
	if ((rc = moderator_open(path, &g, &lock)) != EXIT_OK)
		return rc;
	sb_init(&err);
	sb_init(&text);
	sb_init(&out);
	if (g.module->adjust_canon(g.st, argv[first + 1], &text, &err) != 0 ||
	    game_adjust(&g, text.buf, now, &err) != 0) {
		diag(EXIT_USAGE, NULL, 0, "%s", err.buf);
		rc = EXIT_USAGE;
	} else
		for (k = 0; k < g.hist[g.nhist - 1].j.n; k++)
			sb_addf(&out, "%s: %s\n", path,
			    g.hist[g.nhist - 1].j.ev[k].text);
	sb_release(&err);
	sb_release(&text);
	rc = moderator_close(path, &g, lock, now, rc);
	if (rc == EXIT_OK)
		fputs(out.buf, stdout);
	sb_release(&out);
	return rc;
}
