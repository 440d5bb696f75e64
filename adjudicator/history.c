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
	for (i = 0; i < e->ndraws; i++)
		draw_release(&e->draws[i]);
	free(e->draws);
	journal_release(&e->j);
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
	aor_state_digest(&g->st, e->digest);
}

struct ctx
ctx_for(struct game *g, struct journal *j)
{
	struct ctx c;

	c.st = &g->st;
	c.dice = &g->dice;
	c.j = j;
	return c;
}
