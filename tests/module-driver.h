/*
 * module-driver.h - a game module driven in one process, as the
 * machinery drives it but without a game file: the state, the seats
 * 0..n-1 each played by the side of the same index, the dice and the
 * journal, and the module's setup.  For the tests that play a module
 * through struct game_module alone (tests/ren-random.c, the unit tests).
 */
#ifndef MODULE_DRIVER_H
#define MODULE_DRIVER_H

#include <stdlib.h>

#include "dice.h"
#include "journal.h"
#include "module.h"
#include "util.h"

struct drive {
	void *st;
	struct dice dice;
	struct journal j;
	struct ctx c;
};

/* Sets the game up; drive_release frees what it holds. */
static inline void
drive_start(struct drive *g, const struct game_module *m, const void *rs,
    unsigned variants, int nplayers, const char *purpose,
    const unsigned char key[SEED_BYTES])
{
	struct seating *s;
	int k;

	g->st = xcalloc(1, m->state_size);
	m->state_init(g->st, rs, variants, m->reading_current);
	s = m->seating(g->st);
	s->nplayers = nplayers;
	for (k = 0; k < nplayers; k++) {
		s->players[k].country = k;
		s->seat_of[k] = k;
	}
	dice_init(&g->dice, purpose);
	dice_set_key(&g->dice, key);
	journal_init(&g->j);
	g->c.st = g->st;
	g->c.dice = &g->dice;
	g->c.j = &g->j;
	m->setup(&g->c);
}

static inline void
drive_release(struct drive *g)
{
	dice_release(&g->dice);
	journal_release(&g->j);
	free(g->st);
}

#endif
