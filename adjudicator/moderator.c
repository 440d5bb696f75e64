/*
 * moderator.c - the moderator's entries (issue 11).
 */
#define _DEFAULT_SOURCE
#include "game.h"
#include "game-internal.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

/* The moderator's commands (issue 11). */

/* The value of the line "KEY VALUE" of a moderator's entry, or NULL. */
char *
entry_line(const char *text, const char *key)
{
	size_t n = strlen(key);
	const char *p, *end;

	for (p = strchr(text, '\n'); p != NULL; p = strchr(p + 1, '\n'))
		if (strncmp(p + 1, key, n) == 0 && p[n + 1] == ' ') {
			end = strchr(p + n + 2, '\n');
			return end ? xasprintf("%.*s", (int)(end - p - n - 2),
			    p + n + 2) : xstrdup(p + n + 2);
		}
	return NULL;
}

/* "VERB COUNTRY ..." of a moderator's entry: the country, or -1. */
int
entry_country(const struct game *g, const char *text)
{
	char id[64];

	if (sscanf(text, "%*s %63s", id) != 1)
		return -1;
	return g->module->country_by_id(g->rs, id);
}

/*
 * Undoes, latest first, what the moderator's entries from `from` on
 * changed outside the rules' state and the history replays: the players'
 * names and e-mail and the deadline hours, which the file keeps only as
 * they are now (<players>, <settings>).  Each entry records the value it
 * replaced.  From 0, the game gets them as they were at its start, so
 * that a replay gives each run its own (report --run N, issue 11).
 */
void
moderator_undo(struct game *g, size_t from)
{
	struct seating *seats = game_seats(g);
	char *old;
	size_t k;
	int c;

	for (k = g->nhist; k-- > from; ) {
		const struct entry *e = &g->hist[k];
		const char *t = e->text ? e->text : "";

		if (e->kind != EN_MODERATOR)
			continue;
		if (strncmp(t, "player ", 7) == 0 &&
		    (c = entry_country(g, t)) >= 0 && seats->seat_of[c] >= 0) {
			struct player *pl = &seats->players[seats->seat_of[c]];

			if ((old = entry_line(t, "old-name")) != NULL)
				snprintf(pl->name, sizeof(pl->name), "%s", old);
			free(old);
			if ((old = entry_line(t, "old-email")) != NULL)
				snprintf(pl->email, sizeof(pl->email), "%s", old);
			free(old);
		} else if (strncmp(t, "deadline-hours ", 15) == 0 &&
		    (old = entry_line(t, "before")) != NULL) {
			g->deadline_hours = atoi(old);
			free(old);
		}
	}
}

/*
 * What a moderator's entry changes outside the rules' state; made live
 * and by every replay, so the history alone says who plays, whether the
 * game is paused, who is away and what the dice are.
 */
int
moderator_apply(struct game *g, const struct entry *e, struct strbuf *err)
{
	const char *t = e->text ? e->text : "";
	char verb[32] = "", from[32], to[32];
	char *name, *email;
	int co, seat;
	long v;

	sscanf(t, "%31s", verb);
	if (strcmp(verb, "player") == 0) {
		co = entry_country(g, t);
		seat = co >= 0 ? game_seats(g)->seat_of[co] : -1;
		name = entry_line(t, "name");
		email = entry_line(t, "email");
		if (seat < 0 || name == NULL || email == NULL) {
			sb_add(err,
			    "a player change names no player's country, "
			    "name and email");
			free(name);
			free(email);
			return -1;
		}
		snprintf(game_seats(g)->players[seat].name,
		    sizeof(game_seats(g)->players[seat].name), "%s", name);
		snprintf(game_seats(g)->players[seat].email,
		    sizeof(game_seats(g)->players[seat].email), "%s", email);
		free(name);
		free(email);
	} else if (strcmp(verb, "pause") == 0) {
		if (g->paused[0] != '\0') {
			sb_add(err, "the game is paused already");
			return -1;
		}
		snprintf(g->paused, sizeof(g->paused), "%s", e->time);
	} else if (strcmp(verb, "resume") == 0) {
		if (g->paused[0] == '\0') {
			sb_add(err, "the game is not paused");
			return -1;
		}
		g->paused[0] = '\0';
	} else if (strcmp(verb, "absence") == 0) {
		co = entry_country(g, t);
		if (co < 0 || sscanf(t, "%*s %*s %31s %31s", from, to) != 2 ||
		    time_parse(from) < 0
		    || time_parse(to) <= time_parse(from)) {
			sb_add(err, "an absence names no country and window");
			return -1;
		}
		g->absences = xrealloc(g->absences, (g->nabsences + 1) *
		    sizeof(*g->absences));
		g->absences[g->nabsences].country = co;
		g->absences[g->nabsences].from = time_parse(from);
		g->absences[g->nabsences].to = time_parse(to);
		g->nabsences++;
	} else if (strcmp(verb, "deadline-hours") == 0) {
		if (sscanf(t, "%*s %ld", &v) != 1 || v < 0 || v > 24 * 365) {
			sb_add(err, "bad deadline hours");
			return -1;
		}
		g->deadline_hours = (int)v;
	} else if (strcmp(verb, "rollback") == 0) {
		/*
		 * The dice after a rollback are new: players saw the draws
		 * of the runs undone, and must not know what comes next.
		 * Rule 2 (issue 17.9): new from what the moderator cannot
		 * vary, the run and the number of rollbacks the game has
		 * had (the entry records it), so that the same rollback
		 * tried again from the file as it was draws the same dice,
		 * and another try shows in every report.  Under rule 1 the
		 * whole text counts, the backup's name and SHA-256 with it.
		 */
		char *count = entry_line(t, "rollbacks");
		int back;

		if (g->dice_rule < 2)
			dice_add_entropy(&g->dice, t);
		else if (count == NULL || sscanf(t, "rollback %d", &back) != 1) {
			sb_add(err, "a rollback names no run and number of "
			    "rollbacks");
			free(count);
			return -1;
		} else {
			char *x = xasprintf("rollback %d %s", back, count);

			dice_add_entropy(&g->dice, x);
			free(x);
		}
		free(count);
	} else if (strcmp(verb, "deadline") != 0) {
		sb_addf(err, "unknown moderator's command '%s'", verb);
		return -1;
	}
	return 0;
}

struct entry *
game_moderate(struct game *g, const char *text, const char *now,
    struct strbuf *err)
{
	struct entry *e = new_entry(g, EN_MODERATOR, now);

	e->run = g->run + 1;	/* the next report shows it */
	e->text = xstrdup(text);
	if (moderator_apply(g, e, err) != 0) {
		entry_release(e);
		g->nhist--;
		return NULL;
	}
	g->module->state_digest(g->st, e->digest);
	return e;
}

void
game_note(struct game *g, struct entry *e, const char *fmt, ...)
{
	struct ctx c = ctx_for(g, &e->j);
	va_list ap;
	char *s;

	/* an entry of the file changes: its bytes there are not its own */
	if ((size_t)(e - g->hist) < g->splice_n)
		g->splice_n = 0;
	va_start(ap, fmt);
	s = xvasprintf(fmt, ap);
	va_end(ap);
	ev(&c, "moderator", NO_COUNTRY, "%s", s);
	free(s);
}

/*
 * A rollback entry counts itself and the rollbacks it undid, which it
 * keeps as "earlier-rollback" lines: those are no longer in the history.
 */
int
game_rollbacks(const struct game *g)
{
	const char *p;
	size_t k;
	int n = 0;

	for (k = 0; k < g->nhist; k++) {
		const struct entry *e = &g->hist[k];

		if (e->kind != EN_MODERATOR || e->text == NULL ||
		    strncmp(e->text, "rollback ", 9) != 0)
			continue;
		n++;
		for (p = e->text; (p = strstr(p, "\nearlier-rollback ")) !=
		    NULL; p++)
			n++;
	}
	return n;
}
