/*
 * queue.c - orders waiting for their step (R36, R38).
 */
#define _DEFAULT_SOURCE
#include "game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "orders.h"
#include "util.h"

/* The queue (R36, R38). */

int
game_queue_check(const struct game *g, const struct order *o,
    long long signed_at, struct strbuf *err)
{
	size_t i;
	char a[32], b[32], cite[32];

	/*
	 * R38: the latest counts, and "latest" is the signing time: an
	 * older signed order sent again (or held back and sent late) must
	 * not undo a newer one.
	 */
	for (i = 0; i < g->nqueue; i++)
		if (g->queue[i].o.country == o->country &&
		    strcmp(g->queue[i].o.step, o->step) == 0 &&
		    signed_at > 0 && g->queue[i].signed_at > signed_at) {
			time_format(signed_at, a);
			time_format(g->queue[i].signed_at, b);
			sb_addf(err, "signed at %s, before the order it would "
			    "replace (signed at %s): only the latest order "
			    "counts%s", a, b, module_cite(cite,
			    g->module->latest_ruling, NULL));
			return -1;
		}
	return 0;
}

void
game_queue(struct game *g, const struct order *o, long long signed_at)
{
	size_t i;
	struct queued *q = NULL;
	int since = g->run;

	for (i = 0; i < g->nqueue; i++)
		if (g->queue[i].o.country == o->country &&
		    strcmp(g->queue[i].o.step, o->step) == 0) {
			q = &g->queue[i];	/* R38: the latest counts */
			/* the slot waits since the first order came */
			if (q->o.queued_run > 0)
				since = q->o.queued_run;
			break;
		}
	if (q != NULL)
		order_release(&q->o);
	if (q == NULL) {
		g->queue = xrealloc(g->queue, (g->nqueue + 1) *
		    sizeof(*g->queue));
		q = &g->queue[g->nqueue++];
	}
	q->o = *o;
	q->o.text = xstrdup(o->text ? o->text : "");
	q->o.source = xstrdup(o->source ? o->source : "");
	q->o.plain = xstrdup_or_null(o->plain);
	q->o.queued_run = since;
	q->run = g->run;
	q->signed_at = signed_at;
}

void
queue_remove(struct game *g, size_t i)
{
	memmove(&g->queue[i], &g->queue[i + 1], (g->nqueue - i - 1) *
	    sizeof(*g->queue));
	g->nqueue--;
}

int
game_unqueue(struct game *g, const struct decision *d, struct order *o)
{
	size_t i;

	for (i = 0; i < g->nqueue; i++)
		if (g->queue[i].o.country == d->country &&
		    strcmp(g->queue[i].o.step, d->step) == 0) {
			*o = g->queue[i].o;
			queue_remove(g, i);
			return 1;
		}
	return 0;
}

void
game_drop_stale(struct game *g, const char *now)
{
	size_t i = 0;

	while (i < g->nqueue) {
		struct strbuf why;
		enum step_status s;

		sb_init(&why);
		s = g->module->step_status(g->st, g->queue[i].o.step,
		    g->queue[i].o.country, &why);
		if (s == STEP_STALE || s == STEP_NOT_YOURS) {
			game_reject(g, &g->queue[i].o, why.buf, now);
			order_release(&g->queue[i].o);
			queue_remove(g, i);
		} else
			i++;
		sb_release(&why);
	}
}

/*
 * Did a rollback among entries [from, to) put back in the queue the order
 * of country for step that waits since run `since`?  A rollback to run q
 * queues the orders of the runs it undoes as waiting since q (the run the
 * game is back at), though they wait from its own run, q + 1: each named
 * in its note "...'s order for STEP ... waits again for its step." (a
 * newer order of the same step waiting already keeps it out).  Run q's
 * report, made before the rollback, did not count them.
 */
static int
requeued(const struct game *g, size_t from, size_t to, int country,
    const char *step, int since)
{
	char *note = xasprintf("%s's order for STEP %s waits again for its "
	    "step.", game_country_name(g, country), step);
	size_t k, i;
	int q, found = 0;

	for (k = from; k < to && !found; k++) {
		const struct entry *e = &g->hist[k];

		if (e->kind != EN_MODERATOR || e->text == NULL ||
		    sscanf(e->text, "rollback %d", &q) != 1 || q != since)
			continue;
		for (i = 0; i < e->j.n && !found; i++)
			found = strcmp(e->j.ev[i].text, note) == 0;
	}
	free(note);
	return found;
}

/*
 * A past run (game_load_run): the orders that were waiting after run upto
 * are those applied or rejected later that had begun to wait by then,
 * and those still queued in the file that had, but for those a later
 * rollback queued again (requeued).
 */
int
past_queue(struct game *g, size_t keep, int upto, const char *path)
{
	struct queued *q = NULL;
	size_t nq = 0, k;
	int rc = 0;

	for (k = keep; k < g->nhist; k++) {
		const struct entry *e = &g->hist[k];
		struct strbuf err;
		struct order o;

		if ((e->kind != EN_ORDER && e->kind != EN_REJECTED) ||
		    e->queued <= 0 || e->queued > upto ||
		    requeued(g, keep, k, e->country, e->step, e->queued))
			continue;
		sb_init(&err);
		if (order_parse_block(g->module, g->rs, e->country,
		    e->text ? e->text :
		    "", e->source, &o, &err) != 0) {
			diag(EXIT_DATAERR, path, e->line, "history entry %d: "
			    "%s", e->n, err.buf);
			rc = -1;
		} else {
			q = xrealloc(q, (nq + 1) * sizeof(*q));
			q[nq].o = o;
			q[nq].o.queued_run = e->queued;
			q[nq].run = e->queued;
			nq++;
		}
		sb_release(&err);
	}
	for (k = 0; k < g->nqueue; k++)
		if (g->queue[k].o.queued_run <= upto && !requeued(g, keep,
		    g->nhist, g->queue[k].o.country, g->queue[k].o.step,
		    g->queue[k].o.queued_run)) {
			q = xrealloc(q, (nq + 1) * sizeof(*q));
			q[nq++] = g->queue[k];
		} else
			order_release(&g->queue[k].o);
	free(g->queue);
	g->queue = q;
	g->nqueue = nq;
	return rc;
}
