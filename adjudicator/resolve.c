/*
 * resolve.c - applying a batch of order files to a game.
 */
#include "resolve.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "orders.h"
#include "util.h"

static void
verdict(const struct run_opts *opt, const struct order *o,
    const struct game *g, const char *text)
{
	if (opt->verbose)
		printf("%s: %s %s: %s\n", o->source, o->step,
		    cname(&g->st, o->country), text);
}

/* Reads and checks one file; queues its orders.  Returns errors. */
static int
take_file(struct game *g, const char *path, const struct run_opts *opt)
{
	struct order_file of;
	char *text = read_file(path, NULL);
	int errors, i;

	if (text == NULL) {
		diag(EXIT_NOINPUT, path, 0, "cannot read: %s",
		    strerror(errno));
		return 1;
	}
	errors = orders_parse(&g->rs, path, text, &of);
	free(text);
	if (of.game_line && strcmp(of.game, g->id) != 0) {
		diag(EXIT_DATAERR, path, of.game_line, "orders for game '%s', "
		    "not for this game '%s'", of.game, g->id);
		errors++;
	}
	if (of.country >= 0 && !aor_is_player(&g->st, of.country)) {
		diag(EXIT_DATAERR, path, of.country_line, "%s is not led by "
		    "a player in this game", cname(&g->st, of.country));
		errors++;
	}
	for (i = 0; errors == 0 && i < of.norders; i++) {
		struct order *o = &of.orders[i];
		struct strbuf why;
		enum step_status s;

		sb_init(&why);
		s = aor_step_status(&g->st, o->step, o->country, &why);
		if (s == STEP_STALE || s == STEP_NOT_YOURS) {
			diag(EXIT_DATAERR, path, atoi(strrchr(o->source, ':') +
			    1), "step %s: %s", o->step, why.buf);
			errors++;
		} else if (s == STEP_CURRENT && aor_check(&g->st, o,
		    &why) != 0) {
			diag(EXIT_DATAERR, path, atoi(strrchr(o->source, ':') +
			    1), "step %s: %s", o->step, why.buf);
			errors++;
		} else {
			game_queue(g, o);
			if (s == STEP_FUTURE)
				verdict(opt, o, g, "accepted, kept until its "
				    "step comes (R36)");
		}
		sb_release(&why);
	}
	order_file_release(&of);
	return errors;
}

/*
 * Applies queued orders as long as one answers a pending decision.  An
 * order that has become illegal by the time its step comes is recorded as
 * rejected (the player reads why in the report) and its decision stays
 * pending.
 */
static void
apply_due(struct game *g, const struct run_opts *opt)
{
	struct decision d[RS_MAX_COUNTRIES];
	int np, i, progress = 1;

	while (progress) {
		progress = 0;
		game_drop_stale(g, opt->now);
		np = aor_pending(&g->st, d, RS_MAX_COUNTRIES);
		for (i = 0; i < np && !progress; i++) {
			struct order o;
			struct strbuf err;

			if (!game_unqueue(g, &d[i], &o))
				continue;
			sb_init(&err);
			if (game_order(g, &o, opt->now, &err) == 0)
				verdict(opt, &o, g, "accepted, applied");
			else {
				char *v = xasprintf("rejected when its step "
				    "came: %s", err.buf);

				game_reject(g, &o, err.buf, opt->now);
				verdict(opt, &o, g, v);
				free(v);
			}
			progress = 1;
			sb_release(&err);
			order_release(&o);
		}
	}
}

/* R37: the default of every decision pending now. */
static void
apply_defaults(struct game *g, const struct run_opts *opt)
{
	struct decision d[RS_MAX_COUNTRIES];
	int np = aor_pending(&g->st, d, RS_MAX_COUNTRIES), i;

	for (i = 0; i < np; i++)
		game_default(g, &d[i], opt->now);
}

int
resolve_run(struct game *g, char **files, int nfiles,
    const struct run_opts *opt)
{
	int errors = 0, i;

	g->run++;
	for (i = 0; i < nfiles; i++)
		errors += take_file(g, files[i], opt);
	if (errors)
		return -1;
	apply_due(g, opt);
	if (opt->deadline_passed) {
		apply_defaults(g, opt);
		apply_due(g, opt);
	}
	if (g->dice.error != NULL) {
		diag(EXIT_DATAERR, NULL, 0, "%s", g->dice.error);
		return -1;
	}
	return 0;
}
