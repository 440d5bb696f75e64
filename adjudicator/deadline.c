/*
 * deadline.c - deadlines, the pause, absences.
 */
#define _DEFAULT_SOURCE
#include "game.h"

#include <string.h>

#include "util.h"

int
game_paused(const struct game *g)
{
	return g->paused[0] != '\0';
}

long long
game_absence_shift(const struct game *g, int country, long long t,
    long long now)
{
	size_t i, round;

	/* absences may touch: a moved deadline may fall in the next */
	for (round = 0; round <= g->nabsences; round++)
		for (i = 0; i < g->nabsences; i++) {
			const struct absence *a = &g->absences[i];
			long long start = a->from > now ? a->from : now;

			if (a->country == country && t >= a->from &&
			    t <= a->to && t > now && a->to > start)
				t += a->to - start;
		}
	return t;
}

const char *
game_deadline(const struct game *g, const struct decision *d)
{
	size_t i;

	for (i = 0; i < g->ndeadlines; i++)
		if (g->deadlines[i].country == d->country &&
		    strcmp(g->deadlines[i].step, d->step) == 0)
			return g->deadlines[i].when[0] ?
			    g->deadlines[i].when : NULL;
	return NULL;
}

const struct deadline *
deadline_record(const struct game *g, const struct decision *d)
{
	size_t i;

	for (i = 0; i < g->ndeadlines; i++)
		if (g->deadlines[i].country == d->country &&
		    strcmp(g->deadlines[i].step, d->step) == 0)
			return &g->deadlines[i];
	return NULL;
}

/*
 * Keeps deadlines of decisions still pending (and those the moderator
 * removed); sets new ones from now.  While the game is paused its clock
 * stands at the pause, so that resume's shift gives them their full time;
 * a player's absence moves a new deadline past it.
 */
void
update_deadlines(struct game *g, const char *now)
{
	struct decision d[GAME_MAX_SIDES];
	struct deadline *nd;
	int n = g->module->pending(g->st, d, GAME_MAX_SIDES), i;
	long long base = now != NULL ? time_parse(now) : -1, t;

	if (g->paused[0] != '\0' && base >= 0)
		base = time_parse(g->paused);
	nd = xcalloc((size_t)n + 1, sizeof(*nd));
	for (i = 0; i < n; i++) {
		const struct deadline *old = deadline_record(g, &d[i]);

		memcpy(nd[i].step, d[i].step, sizeof(nd[i].step));
		nd[i].country = d[i].country;
		if (old != NULL && (old->when[0] || old->removed)) {
			snprintf(nd[i].when, sizeof(nd[i].when), "%.31s",
			    old->when);
			nd[i].removed = old->removed;
		} else if (g->deadline_hours > 0 && base >= 0) {
			t = base + (long long)g->deadline_hours * 3600;
			time_format(game_absence_shift(g, d[i].country, t,
			    base), nd[i].when);
		}
	}
	free(g->deadlines);
	g->deadlines = nd;
	g->ndeadlines = (size_t)n;
}
