/*
 * history.c - a history entry: make, finish, release; the rules' context.
 */
#define _DEFAULT_SOURCE
#include "game.h"

#include <string.h>

#include "util.h"

const char *const kind_names[] = {
	"setup", "order", "default", "adjust", "rejected", "key", "received",
	"entropy", "unseal", "moderator", "revoke"
};

void
entry_release(struct entry *e)
{
	size_t i;

	free(e->source);
	free(e->text);
	free(e->reason);
	free(e->plain);
	free(e->session_key);
	free(e->entity);
	free(e->signature);
	free(e->bytes);
	for (i = 0; i < e->ndraws; i++)
		draw_release(&e->draws[i]);
	free(e->draws);
	journal_release(&e->j);
}

/*
 * Issue 17.10: an entry's part in the dice's entropy, live and in every
 * replay alike.  Under dice rule 2 a run's ENTROPY texts are held while
 * its files come in (their entries and the signed messages'), and join
 * the key, sorted, before any other entry: before any draw.  text NULL:
 * the entry's text is not known yet (game_entropy holds it).
 */
void
entropy_entry(struct game *g, enum entry_kind kind, int run,
    const char *text)
{
	if (g->dice_rule < 2) {
		if (kind == EN_ENTROPY && text != NULL)
			dice_add_entropy(&g->dice, text);
	} else if (kind == EN_ENTROPY) {
		if (text != NULL)
			dice_hold_entropy(&g->dice, text, run);
	} else if (kind != EN_RECEIVED)
		dice_flush_entropy(&g->dice);
}

struct entry *
new_entry(struct game *g, enum entry_kind kind, const char *now)
{
	struct entry *e;

	g->hist = xrealloc(g->hist, (g->nhist + 1) * sizeof(*g->hist));
	e = &g->hist[g->nhist];
	memset(e, 0, sizeof(*e));
	e->kind = kind;
	e->n = (int)g->nhist;
	e->run = g->run;
	e->country = NO_COUNTRY;
	snprintf(e->time, sizeof(e->time), "%s", now ? now : "");
	journal_init(&e->j);
	g->nhist++;
	entropy_entry(g, kind, g->run, NULL);
	return e;
}

/* Moves the dice's log of draws into the entry, and its digest. */
void
finish_entry(struct game *g, struct entry *e)
{
	e->draws = g->dice.log;
	e->ndraws = g->dice.nlog;
	g->dice.log = NULL;
	g->dice.nlog = g->dice.alog = 0;
	g->module->state_digest(g->st, e->digest);
}

struct ctx
ctx_for(struct game *g, struct journal *j)
{
	struct ctx c;

	c.st = g->st;
	c.dice = &g->dice;
	c.j = j;
	return c;
}
