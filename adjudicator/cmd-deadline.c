/*
 * cmd-deadline.c - adjudicator deadline: set the deadline of pending
 * decisions (ISO 8601 with a zone, stored in UTC).
 */
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "diag.h"
#include "util.h"

static const char deadline_usage[] =
    "adjudicator deadline GAME.xml TIME [--step STEP] [--country COUNTRY]\n"
    "       [--now TIME]";

int
cmd_deadline(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "step", required_argument, NULL, 's' },
		{ "country", required_argument, NULL, 'c' },
		{ "now", required_argument, NULL, 'n' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *step = NULL, *country = NULL, *now_opt = NULL, *path;
	struct decision d[RS_MAX_COUNTRIES];
	struct strbuf err;
	struct game g;
	char now[32], when[32];
	int c, lock, np, i, co = NO_COUNTRY, set = 0, rc = EXIT_OK;
	size_t k;

	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 's': step = optarg; break;
		case 'c': country = optarg; break;
		case 'n': now_opt = optarg; break;
		case 'h': return usage(deadline_usage, EXIT_OK);
		default: return usage(deadline_usage, EXIT_USAGE);
		}
	}
	if (argc - optind != 2)
		return usage(deadline_usage, EXIT_USAGE);
	path = argv[optind];
	if (run_time(now_opt, now) != 0 || run_time(argv[optind + 1],
	    when) != 0)
		return EXIT_USAGE;
	lock = game_lock(path);
	if (lock < 0)
		return diag_status();
	if (game_load(&g, path, NULL, 0) != 0) {
		game_unlock(lock);
		return diag_status() ? diag_status() : EXIT_DATAERR;
	}
	sb_init(&err);
	if (country != NULL && (co = rs_find_country(&g.rs, country,
	    &err)) < 0) {
		diag(EXIT_USAGE, NULL, 0, "--country: %s", err.buf);
		rc = EXIT_USAGE;
		goto out;
	}
	np = aor_pending(&g.st, d, RS_MAX_COUNTRIES);
	for (i = 0; i < np; i++) {
		if ((step != NULL && !str_ieq(step, d[i].step)) ||
		    (co != NO_COUNTRY && co != d[i].country))
			continue;
		for (k = 0; k < g.ndeadlines; k++)
			if (g.deadlines[k].country == d[i].country &&
			    strcmp(g.deadlines[k].step, d[i].step) == 0)
				break;
		if (k == g.ndeadlines) {
			g.deadlines = xrealloc(g.deadlines, (k + 1) *
			    sizeof(*g.deadlines));
			g.ndeadlines++;
			memset(&g.deadlines[k], 0, sizeof(g.deadlines[k]));
			memcpy(g.deadlines[k].step, d[i].step,
			    sizeof(g.deadlines[k].step));
			g.deadlines[k].country = d[i].country;
		}
		snprintf(g.deadlines[k].when, sizeof(g.deadlines[k].when),
		    "%s", when);
		printf("STEP %s from %s: deadline %s\n", d[i].step,
		    cname(&g.st, d[i].country), when);
		set++;
	}
	if (set == 0) {
		diag(EXIT_USAGE, NULL, 0, "no pending decision matches");
		rc = EXIT_USAGE;
	} else if (game_save(&g, path, now) != 0)
		rc = diag_status();
out:
	sb_release(&err);
	game_release(&g);
	game_unlock(lock);
	return rc;
}
