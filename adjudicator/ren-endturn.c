/*
 * ren-endturn.c - the end of the turn (RR33), the end of the game (RR36)
 * and the score (RR37).
 */
#include "ren.h"

#include <string.h>

#include "dice.h"
#include "util.h"

int
ren_player_income(const struct ren_state *st, int player)
{
	int x = ren_income(st->rs, st->nplayers,
	    ren_markers_on_map(st, player));

	if (ren_has(st, player, 'Z'))
		x += st->rs->middle_class_bonus;
	return x;
}

/* RR33 step 1: the most ○ on the map, the earlier in order on ties. */
static void
expansion_bonus(struct ren_ctx *c)
{
	struct ren_state *st = c->st;
	int k, i, best = -1, most = 0;

	for (k = 0; k < st->nplayers; k++) {
		int p = st->order[k], n = 0;

		for (i = 0; i < st->rs->nprovinces; i++)
			n += st->dom[i] == p && st->dom_new[i];
		/* RR29: a marker freed by RELEASE does not count */
		n -= st->p[p].released;
		if (n > most) {
			most = n;
			best = p;
		}
	}
	if (best < 0 || st->p[best].out)
		return;
	ren_ev(c, "expansion-bonus", best, "%s placed the most new dominance "
	    "markers (%d) and draws a card (RR33).", ren_pname(st, best),
	    most);
	ren_draw_card(c, best, "expansion bonus, RR33");
}

static int
commodity_of_roll(const struct ren_state *st, int roll, int which)
{
	int i;

	for (i = 0; i < st->rs->ncommodities; i++)
		if (st->rs->commodities[i].roll == roll && which-- == 0)
			return i;
	return -1;
}

void
ren_shortage_surplus(struct ren_ctx *c)
{
	struct ren_state *st = c->st;
	int sh[REN_MAX_COMMODITIES] = { 0 }, su[REN_MAX_COMMODITIES] = { 0 };
	int js = 0, ju = 0, r, i, g = -1, v = -1;

	memset(st->shortage, 0, sizeof(st->shortage));
	memset(st->surplus, 0, sizeof(st->surplus));
	st->joint_shortage = st->joint_surplus = 0;
	for (r = 1; r <= 2; r++) {
		int black = (int)dice_roll(c->dice, 6, "shortage/surplus roll "
		    "%d: black", r);
		int white = (int)dice_roll(c->dice, 6, "shortage/surplus roll "
		    "%d: white", r);
		int colour = (int)dice_roll(c->dice, 6, "shortage/surplus roll "
		    "%d: colored", r);
		int shortage = colour <= 3, k, com;

		for (k = 0; (com = commodity_of_roll(st, black + white, k)) >=
		    0; k++) {
			if (shortage)
				sh[com]++;
			else
				su[com]++;
			ren_ev(c, shortage ? "shortage" : "surplus",
			    REN_NOBODY, "Roll %d: %d + %d gives %s, colored %d: "
			    "a %s (RR33).", r, black, white,
			    st->rs->commodities[com].name, colour,
			    shortage ? "shortage" : "surplus");
		}
		if (k > 1) {
			js += shortage;
			ju += !shortage;
		}
	}
	for (i = 0; i < st->rs->ncommodities; i++) {
		while (sh[i] > 0 && su[i] > 0) {
			sh[i]--;
			su[i]--;
			ren_ev(c, "cancel", REN_NOBODY, "A shortage and a surplus "
			    "of %s cancel (RR33).",
			    st->rs->commodities[i].name);
		}
	}
	/* a 12's marker stays joint while both its commodities keep it */
	g = commodity_of_roll(st, 12, 0);
	v = commodity_of_roll(st, 12, 1);
	if (g >= 0 && v >= 0) {
		int j = js < sh[g] ? js : sh[g];

		st->joint_shortage = j < sh[v] ? j : sh[v];
		sh[g] -= st->joint_shortage;
		sh[v] -= st->joint_shortage;
		j = ju < su[g] ? ju : su[g];
		st->joint_surplus = j < su[v] ? j : su[v];
		su[g] -= st->joint_surplus;
		su[v] -= st->joint_surplus;
	}
	for (i = 0; i < st->rs->ncommodities; i++) {
		st->shortage[i] = (unsigned char)sh[i];
		st->surplus[i] = (unsigned char)su[i];
	}
}

/* RR33 step 7: the majority holder of each commodity with markers. */
static void
majority(struct ren_ctx *c)
{
	struct ren_state *st = c->st;
	int i, k;

	for (i = 0; i < st->rs->ncommodities; i++) {
		int nsh = st->shortage[i], nsu = st->surplus[i];
		int best = -1, most = 0, tie = 0, m;

		if (st->rs->commodities[i].roll == 12) {
			nsh += st->joint_shortage;
			nsu += st->joint_surplus;
		}
		if (nsh + nsu == 0)
			continue;
		for (k = 0; k < st->nplayers; k++) {
			int n = ren_commodity_count(st, k, i);

			if (n > most) {
				most = n;
				best = k;
				tie = 0;
			} else if (n == most && n > 0)
				tie = 1;
		}
		if (best < 0 || tie || st->p[best].out)
			continue;
		for (m = 0; m < nsh; m++)
			ren_draw_card(c, best, "majority holder in a "
			    "shortage, RR33");
		for (m = 0; m < nsu; m++) {
			int fine = most < st->p[best].cash ? most :
			    st->p[best].cash;

			st->p[best].cash -= fine;
			ren_ev(c, "surplus-fine", best, "%s holds the majority "
			    "of %s in a surplus and pays $%d (RR33).",
			    ren_pname(st, best), st->rs->commodities[i].name,
			    fine);
		}
	}
}

int
ren_game_ends(const struct ren_state *st)
{
	int p;

	for (p = 0; p < st->nplayers; p++)
		if (st->p[p].advances == (1u << REN_NADVANCES) - 1)
			return 1;
	return st->deck_out || (st->last_turn > 0 &&
	    st->turn >= st->last_turn);
}

void
ren_end_turn(struct ren_ctx *c)
{
	struct ren_state *st = c->st;
	int k, i, p;

	st->phase = RPH_END_TURN;
	expansion_bonus(c);
	for (i = 0; i < st->rs->nprovinces; i++) {
		st->dom_new[i] = 0;
		for (p = 0; p < st->nplayers; p++) {
			st->tok[i][p] += st->tok_new[i][p];
			st->tok_new[i][p] = 0;
			st->shipped[i][p] = 0;
		}
	}
	for (k = 0; k < st->nplayers; k++) {
		struct ren_player *pl;
		int income;

		p = st->order[k];
		pl = &st->p[p];
		if (pl->out)
			continue;	/* RR35 */
		income = ren_player_income(st, p);
		if (ren_has(st, p, 'L')) {
			int x = pl->cash < income ? pl->cash : income;

			pl->cash += x;
			ren_ev(c, "interest", p, "Interest & Profit: %s "
			    "receives $%d (RR33).", ren_pname(st, p), x);
		}
		pl->cash += income;
		ren_ev(c, "income", p, "%s's income is $%d for %d dominance "
		    "markers (RR33); cash $%d.", ren_pname(st, p), income,
		    ren_markers_on_map(st, p), pl->cash);
	}
	for (k = 0; k < st->nplayers; k++)
		if (ren_has(st, st->order[k], 'U'))
			ren_misery(c, st->order[k], -1, "New World");
	ren_shortage_surplus(c);
	majority(c);
	if (ren_game_ends(st)) {
		st->phase = RPH_FINAL_PLAY;
		ren_ev(c, "game-end", REN_NOBODY, "The game ends after turn "
		    "%d: the final card play follows (RR36).", st->turn);
		return;
	}
	st->turn++;
	ren_turn_start(c);
}

int
ren_score(const struct ren_state *st, int player)
{
	int k, s = st->p[player].cash - ren_misery_value(st, player);

	for (k = 0; k < REN_NADVANCES; k++)
		if (st->p[player].advances >> k & 1)
			s += st->rs->advances[k].cost;
	return s;
}

static int
advance_total(const struct ren_state *st, int player)
{
	int k, s = 0;

	for (k = 0; k < REN_NADVANCES; k++)
		if (st->p[player].advances >> k & 1)
			s += st->rs->advances[k].cost;
	return s;
}

/* RR37 with RR35: in the game before out; score, advances, misery. */
static int
better(const struct ren_state *st, int a, int b)
{
	if (st->p[a].out != st->p[b].out)
		return st->p[b].out;
	if (ren_score(st, a) != ren_score(st, b))
		return ren_score(st, a) > ren_score(st, b);
	if (advance_total(st, a) != advance_total(st, b))
		return advance_total(st, a) > advance_total(st, b);
	return ren_misery_value(st, a) < ren_misery_value(st, b);
}

int
ren_rank(const struct ren_state *st, int *players)
{
	int i, j, n = st->nplayers, best;

	for (i = 0; i < n; i++)
		players[i] = i;
	for (i = 1; i < n; i++)
		for (j = i; j > 0 && better(st, players[j], players[j - 1]);
		    j--) {
			int t = players[j];

			players[j] = players[j - 1];
			players[j - 1] = t;
		}
	/* the winners: the first and all equal to him (shared, RR37) */
	for (best = 1; best < n; best++)
		if (better(st, players[0], players[best]))
			break;
	return best;
}
