/*
 * deadline.c - deadlines, the pause, absences.
 */
#define _DEFAULT_SOURCE
#include "game.h"
#include "game-internal.h"

#include <stdio.h>
#include <stdlib.h>
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

/*
 * A past run (game_load_run): what a moderator's entry did to the
 * deadlines of the decisions then pending, which the file keeps only as
 * they are now (<pending>).  As the commands did it: 'deadline' sets or
 * removes those it names (cmd-deadline.c), 'absence' moves the absent
 * player's past the absence, 'resume' moves every one by the pause, and
 * a rollback drops them all for fresh ones from its time.
 */
void
deadline_replay(struct game *g, const struct entry *e)
{
	struct decision d[GAME_MAX_SIDES];
	struct deadline *r;
	const char *t = e->text ? e->text : "";
	char verb[32] = "", when[32] = "", *step, *country, *shift;
	long long now = time_parse(e->time);
	int np, i, co;
	size_t k;

	sscanf(t, "%31s %31s", verb, when);
	if (strcmp(verb, "deadline") == 0) {
		if (strcmp(when, "none") == 0)
			when[0] = '\0';
		step = entry_line(t, "step");
		country = entry_line(t, "country");
		co = country != NULL ? g->module->country_by_id(g->rs,
		    country) : NO_COUNTRY;
		np = g->module->pending(g->st, d, GAME_MAX_SIDES);
		for (i = 0; i < np; i++) {
			if ((step != NULL && !str_ieq(step, d[i].step)) ||
			    (country != NULL && co != d[i].country))
				continue;
			r = (struct deadline *)deadline_record(g, &d[i]);
			if (r == NULL) {
				g->deadlines = xrealloc(g->deadlines,
				    (g->ndeadlines + 1) *
				    sizeof(*g->deadlines));
				r = &g->deadlines[g->ndeadlines++];
				memset(r, 0, sizeof(*r));
				memcpy(r->step, d[i].step, sizeof(r->step));
				r->country = d[i].country;
			}
			snprintf(r->when, sizeof(r->when), "%s", when);
			r->removed = when[0] == '\0';
		}
		free(step);
		free(country);
	} else if (strcmp(verb, "absence") == 0) {
		co = entry_country(g, t);
		for (k = 0; k < g->ndeadlines; k++) {
			r = &g->deadlines[k];
			if (r->country == co && r->when[0] != '\0')
				time_format(game_absence_shift(g, co,
				    time_parse(r->when), now), r->when);
		}
	} else if (strcmp(verb, "resume") == 0 &&
	    (shift = entry_line(t, "shift")) != NULL) {
		for (k = 0; k < g->ndeadlines; k++)
			if (g->deadlines[k].when[0] != '\0')
				time_format(time_parse(g->deadlines[k].when) +
				    atoll(shift), g->deadlines[k].when);
		free(shift);
	} else if (strcmp(verb, "rollback") == 0) {
		free(g->deadlines);
		g->deadlines = NULL;
		g->ndeadlines = 0;
	}
}
