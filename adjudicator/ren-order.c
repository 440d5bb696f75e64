/*
 * ren-order.c - the start of a turn and the order of play (RR4-RR8).
 */
#include "ren.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

/* The turn begins: its counters cleared, the held-back cards (RR4). */
static void
turn_begins(struct ren_ctx *c)
{
	struct ren_state *st = c->st;
	int p;

	st->cards_bought = 0;
	st->swaps_done = 0;
	st->nleaders = 0;
	st->leader_cond = 0;
	st->papal_ban = -1;
	st->played_turn = 0;
	for (p = 0; p < st->nplayers; p++) {
		struct ren_player *pl = &st->p[p];

		pl->military = 0;
		pl->cathedral_used = 0;
		pl->windmill_tried = 0;
		pl->bought_card = 0;
		pl->released = 0;
		pl->swapped = 0;
		pl->upgraded = 0;
		pl->relief_used = 0;
		pl->enlightened = 0;
		pl->bought_now = 0;
		pl->relief_mr = 0;
	}
	ren_ev(c, "turn", REN_NOBODY, "Turn %d begins.", st->turn);
	if (st->held_back != 0 &&
	    st->turn >= st->rs->euro_return_turn[st->nplayers]) {
		int k;

		for (k = 0; k < st->rs->ncards; k++)
			if (st->held_back & ((uint64_t)1 << k))
				st->draw[st->ndraw++] = (unsigned char)k;
		st->held_back = 0;
		ren_shuffle(c, "the held-back cards into the deck");
		ren_ev(c, "deck", REN_NOBODY, "The five cards held back by the "
		    "Euro deal are shuffled into the deck (RR4).");
	}
}

/*
 * RR4's original-turn-order: the order-of-play bid is the last phase of
 * a turn, made for the next, and once before turn 1; the next turn
 * begins when the bids are in.  The ruling leaves open whether that bid
 * comes before or after the end of the turn; it comes after all of it
 * (RR33: the expansion bonus, Interest & Profit, income, New World's
 * relief, the shortage and surplus rolls and the majority holders).
 * The 1996 rules put 'Determine Order of Play' after the Income phase,
 * as their player aids do (seed 5: "the first phase comes last"), and
 * the seed's 6.1 ends the last turn with the end of turn phase, after
 * which "no order of play is determined": so players bid with the
 * income just received, knowing next turn's shortages and surpluses,
 * and Interest & Profit doubles the cash before the bid is paid.  The
 * bid for turn N is step TN.ORDER in both orders of play.
 */
void
ren_turn_start(struct ren_ctx *c)
{
	struct ren_state *st = c->st;

	if (!(st->variants & REN_VAR_ORIGINAL_TURN_ORDER))
		turn_begins(c);
	else if (st->turn == 1)
		ren_ev(c, "order-bid", REN_NOBODY, "The order of play of turn "
		    "1 is bid before it begins (original-turn-order, RR4).");
	else
		ren_ev(c, "order-bid", REN_NOBODY, "Turn %d ends with the "
		    "order-of-play bid for turn %d (original-turn-order, "
		    "RR4).", st->turn - 1, st->turn);
	st->phase = RPH_TOKEN_BID;
}

int
ren_place_of(const struct ren_state *st, int player)
{
	int k;

	for (k = 0; k < st->nplayers; k++)
		if (st->order[k] == player)
			return k;
	return -1;
}

/* For qsort: the order of RR6 and RR7. */
static const struct ren_state *sort_st;
static const int *sort_T, *sort_last;

static int
cmp_order(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	const struct ren_player *px = &sort_st->p[x], *py = &sort_st->p[y];

	if (sort_T[x] != sort_T[y])
		return sort_T[x] < sort_T[y] ? -1 : 1;	/* RR6: lowest first */
	if (sort_last[x] != sort_last[y])
		return sort_last[x] ? 1 : -1;		/* RR7: LAST after */
	if (px->rank_got != py->rank_got)		/* RR7: #3 before #1 */
		return px->rank_got > py->rank_got ? -1 : 1;
	return px->allot > py->allot ? -1 : 1;		/* RR7: later first */
}

int
ren_token_bids(struct ren_ctx *c, const int T[], const int last[],
    struct strbuf *err)
{
	struct ren_state *st = c->st;
	int bids[REN_MAX_PLAYERS], lasts[REN_MAX_PLAYERS], p, k;

	if (st->phase != RPH_TOKEN_BID) {
		sb_add(err, "no order-of-play bid is due now");
		return -1;
	}
	for (p = 0; p < st->nplayers; p++) {
		/* RR35: a player out of the game counts as bidding 0 */
		bids[p] = st->p[p].out ? 0 : T[p];
		lasts[p] = st->p[p].out ? 0 : last[p] != 0;
		if (abs(bids[p]) > st->p[p].cash) {
			sb_addf(err, "%s bids %d tokens but has $%d: the bid "
			    "is at most his cash (RR5)", ren_pname(st, p),
			    bids[p], st->p[p].cash);
			return -1;
		}
	}
	for (p = 0; p < st->nplayers; p++) {
		struct ren_player *pl = &st->p[p];
		int got = 0;

		pl->token_bid = bids[p];
		pl->last = lasts[p];
		pl->cash -= abs(bids[p]);
		if (bids[p] > 0) {
			got = bids[p] < pl->stock ? bids[p] : pl->stock;
			pl->stock -= got;
			pl->expansion += got;
		}
		pl->written_cash = pl->cash;
		if (pl->out)
			continue;
		ren_ev(c, "token-bid", p, "%s bids %d%s, pays $%d and takes %d "
		    "token%s; written cash $%d (RR5).", ren_pname(st, p),
		    bids[p], lasts[p] ? " LAST" : "", abs(bids[p]), got,
		    got == 1 ? "" : "s", pl->cash);
	}
	for (p = 0; p < st->nplayers; p++)
		st->order[p] = p;
	sort_st = st;
	sort_T = bids;
	sort_last = lasts;
	qsort(st->order, (size_t)st->nplayers, sizeof(int), cmp_order);
	for (k = 0; k < st->nplayers; k++) {
		p = st->order[k];
		st->p[p].box = ren_order_box(st->rs, st->nplayers, k);
		ren_ev(c, "order", p, "%s plays %s, in box %d (RR6).",
		    ren_pname(st, p), k == 0 ? "first" : k == 1 ? "second" :
		    k == 2 ? "third" : k == 3 ? "fourth" : k == 4 ? "fifth" :
		    "sixth", st->p[p].box);
	}
	if (st->variants & REN_VAR_ORIGINAL_TURN_ORDER)
		turn_begins(c);		/* RR4: the bid was the turn before */
	st->phase = RPH_DRAW;
	return 0;
}

int
ren_swap(struct ren_ctx *c, int player, int dir, struct strbuf *err)
{
	struct ren_state *st = c->st;
	int k = ren_place_of(st, player), o, box;

	if (!ren_has(st, player, 'Q')) {
		sb_addf(err, "%s does not hold Renaissance (RR8)",
		    ren_pname(st, player));
		return -1;
	}
	if (st->p[player].swapped) {
		sb_addf(err, "%s has swapped this turn already (RR8)",
		    ren_pname(st, player));
		return -1;
	}
	if (k + dir < 0 || k + dir >= st->nplayers) {
		sb_addf(err, "nobody stands %s %s in the order of play (RR8)",
		    dir < 0 ? "before" : "after", ren_pname(st, player));
		return -1;
	}
	o = st->order[k + dir];
	if (ren_has(st, o, 'Q')) {
		sb_addf(err, "%s holds Renaissance too: no swap (RR8)",
		    ren_pname(st, o));
		return -1;
	}
	st->order[k + dir] = player;
	st->order[k] = o;
	box = st->p[player].box;
	st->p[player].box = st->p[o].box;
	st->p[o].box = box;
	st->p[player].swapped = 1;
	ren_ev(c, "swap", player, "%s uses Renaissance and changes places "
	    "with %s (RR8).", ren_pname(st, player), ren_pname(st, o));
	return 0;
}
