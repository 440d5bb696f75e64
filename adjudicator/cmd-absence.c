/*
 * cmd-absence.c - adjudicator absence: a player away (issue 11, Njudge's
 * SET ABSENCE).  Decisions of that player due in the window get their
 * deadline moved past it, now and for decisions that arise later.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "diag.h"
#include "util.h"

static const char absence_usage[] =
    "adjudicator absence GAME.xml COUNTRY FROM TO [--now TIME]\n"
    "The player of COUNTRY is away from FROM to TO: their deadlines in "
    "that time\n"
    "move past it by its length (from now, when it has begun).";

int
cmd_absence(int argc, char **argv)
{
	const char *path;
	struct strbuf err, out;
	struct entry *e;
	struct game g;
	char now[32], from[32], to[32], *text = NULL;
	long long t, nt;
	int first, lock, rc, co;
	size_t k;

	if ((rc = now_args(argc, argv, absence_usage, 4, now, &first)) >= 0)
		return rc;
	path = argv[first];
	if (run_time(argv[first + 2], from) != 0 ||
	    run_time(argv[first + 3], to) != 0)
		return EXIT_USAGE;
	if (time_parse(to) <= time_parse(from)) {
		diag(EXIT_USAGE, NULL, 0, "the absence ends (%s) before it "
		    "begins (%s)", to, from);
		return EXIT_USAGE;
	}
	if (time_parse(to) <= time_parse(now)) {
		diag(EXIT_USAGE, NULL, 0, "the absence is over already (it "
		    "ends %s, now is %s)", to, now);
		return EXIT_USAGE;
	}
	if ((rc = moderator_open(path, &g, &lock)) != EXIT_OK)
		return rc;
	sb_init(&err);
	sb_init(&out);
	co = g.module->country_find(g.rs, argv[first + 1], &err);
	if (co < 0 || !game_is_player(&g, co)) {
		diag(EXIT_USAGE, NULL, 0, "%s", co < 0 ? err.buf :
		    "not a player's country");
		rc = EXIT_USAGE;
		goto out;
	}
	text = xasprintf("absence %s %s %s", game_country_id(&g, co),
	    from, to);
	sb_reset(&err);
	if ((e = game_moderate(&g, text, now, &err)) == NULL) {
		diag(EXIT_SOFTWARE, path, 0, "%s", err.buf);
		rc = EXIT_SOFTWARE;
		goto out;
	}
	game_note(&g, e, "The moderator: %s's player is away from %s to %s; "
	    "deadlines in that time move past it.", game_country_name(&g, co),
	    from,
	    to);
	sb_addf(&out, "%s: %s away from %s to %s\n", path, game_country_name(&g,
	    co),
	    from, to);
	for (k = 0; k < g.ndeadlines; k++) {
		struct deadline *d = &g.deadlines[k];

		if (d->country != co || d->when[0] == '\0')
			continue;
		t = time_parse(d->when);
		nt = game_absence_shift(&g, co, t, time_parse(now));
		if (nt == t)
			continue;
		time_format(nt, d->when);
		game_note(&g, &g.hist[g.nhist - 1], "The deadline of STEP %s "
		    "(%s) moves to %s.", d->step, game_country_name(&g, co),
		    d->when);
		sb_addf(&out, "STEP %s from %s: deadline %s\n", d->step,
		    game_country_name(&g, co), d->when);
	}
out:
	sb_release(&err);
	free(text);
	rc = moderator_close(path, &g, lock, now, rc);
	if (rc == EXIT_OK)
		fputs(out.buf, stdout);
	sb_release(&out);
	return rc;
}
