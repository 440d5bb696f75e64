/*
 * play.c - moves that change the state: create, order, default, adjust,
 * reject, entropy.
 */
#define _DEFAULT_SOURCE
#include "game.h"
#include "game-internal.h"

#include <string.h>

#include "util.h"

int
game_create(struct game *g, const char *id,
    const unsigned char seed[SEED_BYTES], const char *now)
{
	struct entry *e;
	struct ctx c;

	snprintf(g->id, sizeof(g->id), "%s", id);
	snprintf(g->created, sizeof(g->created), "%s", now);
	seed_commitment(seed, g->commitment);
	dice_init(&g->dice, id);
	dice_set_key(&g->dice, seed);
	g->run = 0;
	ruleset_commit(g);
	g->sealing_bound = 1;
	g->dice_rule = DICE_RULE_CURRENT;
	e = new_entry(g, EN_SETUP, now);
	c = ctx_for(g, &e->j);
	g->module->setup(&c);
	finish_entry(g, e);
	return g->dice.error ? -1 : 0;
}

/* Whether the text of order o, recorded now, is its sender's only. */
static int
order_secret(const struct game *g, const struct order *o)
{
	return g->module->order_secret_at != NULL ?
	    g->module->order_secret_at(g->st, o) : g->module->order_secret(o);
}

int
game_order(struct game *g, const struct order *o, const char *now,
    struct strbuf *err)
{
	struct entry *e;
	struct ctx c;

	if (g->module->check(g->st, o, err) != 0)
		return -1;
	dice_log_clear(&g->dice);
	e = new_entry(g, EN_ORDER, now);
	snprintf(e->step, sizeof(e->step), "%s", o->step);
	e->country = o->country;
	e->source = xstrdup(o->source ? o->source : "");
	e->text = xstrdup(o->text ? o->text : "");
	e->sealed = order_secret(g, o);
	if (o->queued_run > 0 && o->queued_run < g->run)
		e->queued = o->queued_run;
	if (o->sealed && o->plain != NULL)
		e->plain = xstrdup(o->plain);
	c = ctx_for(g, &e->j);
	if (g->module->apply(&c, o, err) != 0) {
		/* check passed, so this cannot happen; stay safe. */
		entry_release(e);
		g->nhist--;
		return -1;
	}
	finish_entry(g, e);
	open_sealed(g, now);
	return 0;
}

int
game_default(struct game *g, const struct decision *d, const char *now)
{
	struct entry *e;
	struct ctx c;

	dice_log_clear(&g->dice);
	e = new_entry(g, EN_DEFAULT, now);
	snprintf(e->step, sizeof(e->step), "%s", d->step);
	e->country = d->country;
	c = ctx_for(g, &e->j);
	g->module->apply_default(&c, d);
	finish_entry(g, e);
	open_sealed(g, now);
	return 0;
}

int
game_adjust(struct game *g, const char *text, const char *now,
    struct strbuf *err)
{
	void *saved = xmalloc(g->module->state_size);
	struct entry *e;
	struct ctx c;
	char before[65];
	size_t i;

	memcpy(saved, g->st, g->module->state_size);
	g->module->state_digest(g->st, before);
	dice_log_clear(&g->dice);
	e = new_entry(g, EN_ADJUST, now);
	e->run = g->run + 1;	/* issue 11: the next report shows it */
	e->text = xstrdup(text);
	c = ctx_for(g, &e->j);
	if (g->module->adjust(&c, text, err) != 0) {
		memcpy(g->st, saved, g->module->state_size);
		free(saved);
		entry_release(e);
		g->nhist--;
		return -1;
	}
	finish_entry(g, e);
	if (strcmp(before, e->digest) == 0) {
		sb_addf(err, "the adjustment '%s' changes nothing (it is so "
		    "already)", text);
		memcpy(g->st, saved, g->module->state_size);
		free(saved);
		entry_release(e);
		g->nhist--;
		return -1;
	}
	free(saved);
	/* a correction of cards shows them to their owner only (R39) */
	for (i = 0; i < e->j.n; i++)
		if (e->j.ev[i].to != NO_COUNTRY) {
			e->country = e->j.ev[i].to;
			e->sealed = 1;
		}
	return 0;
}

void
game_reject(struct game *g, const struct order *o, const char *reason,
    const char *now)
{
	struct entry *e = new_entry(g, EN_REJECTED, now);

	snprintf(e->step, sizeof(e->step), "%s", o->step);
	e->country = o->country;
	e->source = xstrdup(o->source ? o->source : "");
	e->text = xstrdup(o->text ? o->text : "");
	e->reason = xstrdup(reason);
	e->sealed = order_secret(g, o);
	if (o->queued_run > 0 && o->queued_run < g->run)
		e->queued = o->queued_run;
	g->module->state_digest(g->st, e->digest);
}

void
game_entropy(struct game *g, int country, const char *text, const char *now)
{
	struct entry *e = new_entry(g, EN_ENTROPY, now);

	e->country = country;
	e->text = xstrdup(text);
	entropy_entry(g, EN_ENTROPY, e->run, text);
	g->module->state_digest(g->st, e->digest);
}
