/*
 * aor-scoring.c - income, area scoring, unrest losses and the winner
 * (R31-R33, R35, R6).
 */
#include "aor.h"

#include <stdio.h>

#include "dice.h"
#include "util.h"

/* R31: one gold per disc in areas (and in boxes with the variant). */
void
aor_income(struct ctx *c)
{
	struct aor_state *st = c->st;
	int s;

	for (s = 0; s < st->seats.nplayers; s++) {
		int co = st->seats.players[s].country;
		int n = aor_discs_in_areas(st, co);
		int boxes = (st->variants & VAR_INCOME_COUNTS_BOXES) ?
		    aor_discs_in_boxes(st, co) : 0;
		st->gold[co] += n + boxes;
		if (boxes > 0)
			ev(c, "income", co, "Income: %s takes %d gold (%d "
			    "discs in areas, %d in boxes, R31).",
			    cname(st, co), n + boxes, n, boxes);
		else
			ev(c, "income", co, "Income: %s takes %d gold for %d "
			    "disc%s in areas (R31).", cname(st, co), n, n,
			    n == 1 ? "" : "s");
	}
}

/*
 * R32: dense ranks by disc count over all countries, players and NPCs;
 * rank r scores the area's r-th value; NPCs take ranks but score nothing;
 * no disc, no score.  score[] gets the VP of each country (NPCs too, for
 * the report; only players record them).
 */
void
aor_area_scores(const struct aor_state *st, int area,
    int score[RS_MAX_COUNTRIES])
{
	const struct rs_area *a = &st->rs->areas[area];
	int co, other;

	for (co = 0; co < st->rs->ncountries; co++) {
		int n = st->discs[area][co], rank = 0, seen[64] = { 0 };

		score[co] = 0;
		if (n == 0)
			continue;
		/* rank = number of distinct higher counts */
		for (other = 0; other < st->rs->ncountries; other++) {
			int m = st->discs[area][other];

			if (m > n && m < 64 + n && !seen[m - n]) {
				seen[m - n] = 1;
				rank++;
			}
		}
		if (rank < a->nvp)
			score[co] = a->vp[rank];
	}
}

void
aor_score_areas(struct ctx *c)
{
	struct aor_state *st = c->st;
	int a, co, score[RS_MAX_COUNTRIES];

	for (a = 0; a < st->rs->nareas; a++) {
		struct strbuf sb;
		int any = 0;

		aor_area_scores(st, a, score);
		sb_init(&sb);
		for (co = 0; co < st->rs->ncountries; co++) {
			if (st->discs[a][co] == 0)
				continue;
			any = 1;
			if (aor_is_player(st, co)) {
				st->vp[co] += score[co];
				sb_addf(&sb, "; %s %d disc%s: %d VP", cname(st,
				    co), st->discs[a][co],
				    st->discs[a][co] == 1 ? "" : "s",
				    score[co]);
			} else
				sb_addf(&sb, "; %s (non-player) %d disc%s: "
				    "%s", cname(st, co), st->discs[a][co],
				    st->discs[a][co] == 1 ? "" : "s",
				    score[co] ? "blocks a rank" : "no rank");
		}
		if (any)
			ev(c, "score", NO_COUNTRY, "Scoring %s%s (R32).",
			    st->rs->areas[a].name.en, sb.buf);
		sb_release(&sb);
	}
}

/* R33: roll one die until the sum reaches the level; each roll costs 1 VP. */
int
aor_unrest_rolls(struct ctx *c, int country, int level)
{
	int sum = 0, rolls = 0;

	while (sum < level) {
		sum += (int)dice_roll(c->dice,
		    (unsigned)AOR_ST(c)->rs->num.die_sides,
		    "unrest roll %d of %s", rolls + 1, cname(c->st, country));
		rolls++;
	}
	return rolls;
}

void
aor_unrest_losses(struct ctx *c)
{
	struct aor_state *st = c->st;
	int s;

	for (s = 0; s < st->seats.nplayers; s++) {
		int co = st->seats.players[s].country, level = st->unrest[co];
		size_t first = c->dice->nlog, i;
		int rolls, before = st->vp[co];
		struct strbuf sb;

		if (level <= 0) {
			ev(c, "unrest-loss", co, "%s has unrest level 0 and "
			    "loses no VP (R33).", cname(st, co));
			continue;
		}
		rolls = aor_unrest_rolls(c, co, level);
		sb_init(&sb);
		for (i = first; i < c->dice->nlog; i++)
			sb_addf(&sb, "%s%u", i == first ? "" : ", ",
			    c->dice->log[i].value + 1);
		st->vp[co] -= rolls;
		if (st->vp[co] < 0)
			st->vp[co] = 0;		/* R6 */
		ev(c, "unrest-loss", co, "%s has unrest level %d, rolls %s "
		    "and loses %d VP (R33): %d to %d.", cname(st, co), level,
		    sb.buf, rolls, before, st->vp[co]);
		sb_release(&sb);
	}
}

/* R35: most VP, then lower unrest, then more discs in areas; else shared. */
void
aor_determine_winner(struct ctx *c)
{
	struct aor_state *st = c->st;
	int s, best = -1;

	st->nwinners = 0;
	for (s = 0; s < st->seats.nplayers; s++) {
		int co = st->seats.players[s].country, cmp;

		if (best < 0)
			cmp = 1;
		else if (st->vp[co] != st->vp[best])
			cmp = st->vp[co] > st->vp[best] ? 1 : -1;
		else if (st->unrest[co] != st->unrest[best])
			cmp = st->unrest[co] < st->unrest[best] ? 1 : -1;
		else if (aor_discs_in_areas(st, co) !=
		    aor_discs_in_areas(st, best))
			cmp = aor_discs_in_areas(st, co) >
			    aor_discs_in_areas(st, best) ? 1 : -1;
		else
			cmp = 0;
		if (cmp > 0) {
			best = co;
			st->nwinners = 0;
		}
		if (cmp >= 0)
			st->winners[st->nwinners++] = co;
	}
	if (st->nwinners == 1)
		ev(c, "winner", best, "%s wins the game with %d VP (R35).",
		    cname(st, best), st->vp[best]);
	else {
		struct strbuf sb;
		int i;

		sb_init(&sb);
		for (i = 0; i < st->nwinners; i++)
			sb_addf(&sb, "%s%s", i == 0 ? "" : i ==
			    st->nwinners - 1 ? " and " : ", ",
			    cname(st, st->winners[i]));
		ev(c, "winner", NO_COUNTRY, "%s share the win with %d VP, "
		    "tied on unrest and discs (R35).", sb.buf, st->vp[best]);
		sb_release(&sb);
	}
}
