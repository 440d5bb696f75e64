/*
 * cmd-deadline.c - adjudicator deadline: set or remove the deadline of
 * pending decisions (ISO 8601 with a zone, stored in UTC), or change the
 * game's deadline hours for decisions to come.  Recorded in the history;
 * the next report shows it (issue 11).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "diag.h"
#include "util.h"

static const char deadline_usage[] =
    "adjudicator deadline GAME.xml TIME|none [--step STEP] "
    "[--country COUNTRY]\n"
    "       [--force] [--now TIME]\n"
    "       adjudicator deadline GAME.xml --hours N [--now TIME]\n"
    "Sets (or with 'none' removes) the deadline of pending decisions; "
    "--hours sets\n"
    "the deadline of decisions to come, N hours after they arise (0: "
    "none).\n"
    "A time already past is refused unless --force.";

/* Sets or removes the deadline of the matching pending decisions. */
static int
set_deadlines(struct game *g, const char *when, const char *step, int co,
    const char *now, struct strbuf *out)
{
	struct decision d[GAME_MAX_SIDES];
	struct deadline *r;
	struct strbuf text, err;
	struct entry *e = NULL;
	int np, i, matched = 0, set = 0, rc = EXIT_OK;
	size_t k;

	sb_init(&text);
	sb_init(&err);
	sb_addf(&text, "deadline %s", when[0] ? when : "none");
	if (step != NULL)
		sb_addf(&text, "\nstep %s", step);
	if (co != NO_COUNTRY)
		sb_addf(&text, "\ncountry %s", game_country_id(g, co));
	np = g->module->pending(g->st, d, GAME_MAX_SIDES);
	for (i = 0; i < np; i++) {
		if ((step != NULL && !str_ieq(step, d[i].step)) ||
		    (co != NO_COUNTRY && co != d[i].country))
			continue;
		matched++;
		for (k = 0; k < g->ndeadlines; k++)
			if (g->deadlines[k].country == d[i].country &&
			    strcmp(g->deadlines[k].step, d[i].step) == 0)
				break;
		if (k == g->ndeadlines) {
			g->deadlines = xrealloc(g->deadlines, (k + 1) *
			    sizeof(*g->deadlines));
			g->ndeadlines++;
			memset(&g->deadlines[k], 0, sizeof(g->deadlines[k]));
			memcpy(g->deadlines[k].step, d[i].step,
			    sizeof(g->deadlines[k].step));
			g->deadlines[k].country = d[i].country;
		}
		r = &g->deadlines[k];
		if (strcmp(r->when, when) == 0 && (when[0] || r->removed))
			continue;	/* as it is already */
		if (e == NULL && (e = game_moderate(g, text.buf, now,
		    &err)) == NULL) {
			diag(EXIT_SOFTWARE, NULL, 0, "%s", err.buf);
			rc = EXIT_SOFTWARE;
			break;
		}
		snprintf(r->when, sizeof(r->when), "%s", when);
		r->removed = when[0] == '\0';
		if (when[0]) {
			game_note(g, e, "The moderator sets the deadline of "
			    "STEP %s (%s) to %s.", d[i].step,
			    game_country_name(g, d[i].country), when);
			sb_addf(out, "STEP %s from %s: deadline %s\n",
			    d[i].step, game_country_name(g, d[i].country),
			    when);
		} else {
			game_note(g, e, "The moderator removes the deadline of "
			    "STEP %s (%s).", d[i].step,
			    game_country_name(g, d[i].country));
			sb_addf(out, "STEP %s from %s: no deadline\n",
			    d[i].step, game_country_name(g, d[i].country));
		}
		set++;
	}
	if (rc == EXIT_OK && matched == 0) {
		diag(EXIT_USAGE, NULL, 0, "no pending decision matches");
		rc = EXIT_USAGE;
	} else if (rc == EXIT_OK && set == 0) {
		diag(EXIT_USAGE, NULL, 0, "every matching decision has that "
		    "deadline already: nothing to change");
		rc = EXIT_USAGE;
	}
	sb_release(&text);
	sb_release(&err);
	return rc;
}

/* The deadline of decisions to come: hours after they arise. */
static int
set_hours(struct game *g, int hours, const char *now, struct strbuf *out)
{
	struct strbuf err;
	struct entry *e;
	char *text;
	int before = g->deadline_hours, rc = EXIT_OK;

	if (hours == before) {
		diag(EXIT_USAGE, NULL, 0, "the game's deadline hours are %d "
		    "already: nothing to change", hours);
		return EXIT_USAGE;
	}
	sb_init(&err);
	text = xasprintf("deadline-hours %d\nbefore %d", hours, before);
	if ((e = game_moderate(g, text, now, &err)) == NULL) {
		diag(EXIT_SOFTWARE, NULL, 0, "%s", err.buf);
		rc = EXIT_SOFTWARE;
	} else {
		if (hours > 0 && before > 0)
			game_note(g, e, "The moderator sets the deadline of "
			    "decisions to come to %d hours after they arise "
			    "(until now %d).", hours, before);
		else if (hours > 0)
			game_note(g, e, "The moderator sets the deadline of "
			    "decisions to come to %d hours after they arise "
			    "(until now none).", hours);
		else
			game_note(g, e, "The moderator: decisions to come have "
			    "no deadline (until now %d hours).", before);
		sb_addf(out, "deadline hours: %d%s\n", hours, hours ? "" :
		    " (none)");
	}
	free(text);
	sb_release(&err);
	return rc;
}

int
cmd_deadline(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "step", required_argument, NULL, 's' },
		{ "country", required_argument, NULL, 'c' },
		{ "hours", required_argument, NULL, 'H' },
		{ "force", no_argument, NULL, 'f' },
		{ "now", required_argument, NULL, 'n' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *step = NULL, *country = NULL, *now_opt = NULL, *path;
	struct strbuf err, out;
	struct game g;
	char now[32], when[32] = "";
	int c, lock, co = NO_COUNTRY, force = 0, hours = -1, rc;
	long v;

	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 's': step = optarg; break;
		case 'c': country = optarg; break;
		case 'H':
			if (parse_int(optarg, 0, 24 * 365, &v) != 0) {
				diag(EXIT_USAGE, NULL, 0, "--hours '%s': write "
				    "a number of hours from 0 (none) to %d",
				    optarg, 24 * 365);
				return EXIT_USAGE;
			}
			hours = (int)v;
			break;
		case 'f': force = 1; break;
		case 'n': now_opt = optarg; break;
		case 'h': return usage(deadline_usage, EXIT_OK);
		default: return usage(deadline_usage, EXIT_USAGE);
		}
	}
	if (argc - optind != 2 && !(argc - optind == 1 && hours >= 0 &&
	    step == NULL && country == NULL))
		return usage(deadline_usage, EXIT_USAGE);
	path = argv[optind];
	if (run_time(now_opt, now) != 0)
		return EXIT_USAGE;
	if (argc - optind == 2 && !str_ieq(argv[optind + 1], "none")) {
		if (run_time(argv[optind + 1], when) != 0)
			return EXIT_USAGE;
		/* a typo in the year would default every decision at once */
		if (time_parse(when) <= time_parse(now) && !force) {
			diag(EXIT_USAGE, NULL, 0, "the deadline %s has passed "
			    "already (now is %s): every decision it covers "
			    "would default at the next run; give --force to "
			    "mean it", when, now);
			return EXIT_USAGE;
		}
	}
	if ((rc = moderator_open(path, &g, &lock)) != EXIT_OK)
		return rc;
	sb_init(&err);
	sb_init(&out);
	if (country != NULL && (co = g.module->country_find(g.rs, country,
	    &err)) < 0) {
		diag(EXIT_USAGE, NULL, 0, "--country: %s", err.buf);
		rc = EXIT_USAGE;
	}
	if (rc == EXIT_OK && hours >= 0)
		rc = set_hours(&g, hours, now, &out);
	if (rc == EXIT_OK && argc - optind == 2)
		rc = set_deadlines(&g, when, step, co, now, &out);
	sb_release(&err);
	rc = moderator_close(path, &g, lock, now, rc);
	if (rc == EXIT_OK)
		fputs(out.buf, stdout);
	sb_release(&out);
	return rc;
}
