/*
 * test-ren-setup.c - the capital bids (RR3), the Euro deal (RR4), the
 * order of play (RR5-RR8), the end of the turn (RR33), Chaos (RR35), the
 * end of the game (RR36) and the score (RR37).
 */
#include <stdlib.h>

#include "ren-test.h"
#include "util.h"

enum { VEN, GEN, BAR, PAR, LON, HAM };
#define BIT(k) ((uint64_t)1 << (k))

/* A fresh game of n players, before the capital bids. */
static void
fresh(struct ren_test_game *t, int n)
{
	int p;

	ren_test_game_init(t, n);
	ren_state_init(&t->st, ren_test_ruleset(), n, 0, 3);
	for (p = 0; p < REN_MAX_PLAYERS; p++)
		t->st.p[p].capital = -1;
}

/* RR3: highest bid first, each his best free capital; equal bids by a
   die each, higher first */
TEST(ren_setup_capital_bids)
{
	struct ren_test_game t;
	struct strbuf err;
	int bid[3] = { 10, 25, 10 };
	int rank[3][REN_MAX_CAPITALS] = {
		{ 0, 1, 2 },	/* player 1: Venice, Genoa, Barcelona */
		{ 0, 2, 1 },	/* player 2: Venice first too */
		{ 0, 1, 2 }
	};
	unsigned dice[] = { FACE(2), FACE(5) };	/* players 1 and 3 */

	fresh(&t, 3);
	sb_init(&err);
	ren_test_dice(&t, dice, 2);
	CHECK_INT(ren_capital_bids(&t.c, bid, rank, &err), 0);
	CHECK_INT(t.st.p[1].capital, 0);	/* Venice for $25 */
	CHECK_INT(t.st.p[1].cash, 15);
	CHECK_INT(t.st.p[2].capital, 1);	/* won the tie: Genoa */
	CHECK_INT(t.st.p[2].rank_got, 1);
	CHECK_INT(t.st.p[0].capital, 2);	/* Barcelona, his #3 */
	CHECK_INT(t.st.p[0].rank_got, 2);
	CHECK_INT(t.st.p[0].allot, 2);
	CHECK_INT(t.st.p[0].cash, 30);
	CHECK_INT(t.st.dom[RP("barcelona")], 0);
	CHECK_INT(t.st.p[0].mat, 24);
	CHECK_CONTAINS(ren_test_events(&t), "Player 2 bid $25 and receives "
	    "Venice, his choice #1 (RR3); he keeps $15.");
	CHECK_INT(t.st.phase, RPH_EURO_RETURN);
	sb_release(&err);
	ren_test_game_release(&t);
}

/* RR3: still equal after the dice, those players roll again */
TEST(ren_setup_capital_tie_rerolled)
{
	struct ren_test_game t;
	struct strbuf err;
	int bid[3] = { 5, 5, 5 };
	int rank[3][REN_MAX_CAPITALS] = {
		{ 2, 1, 0 }, { 2, 0, 1 }, { 2, 1, 0 }
	};
	/* 4, 4, 1: the two 4s roll again, 3 and 6 */
	unsigned dice[] = { FACE(4), FACE(4), FACE(1), FACE(3), FACE(6) };

	fresh(&t, 3);
	sb_init(&err);
	ren_test_dice(&t, dice, 5);
	CHECK_INT(ren_capital_bids(&t.c, bid, rank, &err), 0);
	CHECK_INT(t.st.p[1].capital, 2);	/* Barcelona */
	CHECK_INT(t.st.p[0].capital, 1);	/* Genoa */
	CHECK_INT(t.st.p[2].capital, 0);	/* Venice, last */
	CHECK_INT(t.st.p[2].allot, 2);
	sb_release(&err);
	ren_test_game_release(&t);
}

TEST(ren_setup_capital_bad_bids)
{
	struct ren_test_game t;
	struct strbuf err;
	int bid[3] = { 41, 0, 0 };
	int rank[3][REN_MAX_CAPITALS] = {
		{ 0, 1, 2 }, { 0, 1, 2 }, { 0, 1, 3 }
	};

	fresh(&t, 3);
	sb_init(&err);
	CHECK_INT(ren_capital_bids(&t.c, bid, rank, &err), -1);
	CHECK_STR(err.buf, "player 1 bids $41: a capital bid is $0 to $40 "
	    "(RR3)");
	bid[0] = 40;
	sb_reset(&err);
	CHECK_INT(ren_capital_bids(&t.c, bid, rank, &err), -1);
	CHECK_STR(err.buf, "player 3's ranking must name each of the 3 "
	    "capitals in play once (RR3)");
	CHECK_INT(t.st.phase, RPH_CAPITAL_BID);
	CHECK_INT(t.st.p[0].cash, 0);
	sb_release(&err);
	ren_test_game_release(&t);
}

/* RR4: five cards held back, one epoch-2 Timber added, three dealt to
   each; the returned cards go back into the deck; with 3-4 players the
   five come back at the start of turn 1, with 5-6 at turn 2 */
static void
euro(int n, int back_in_turn1)
{
	struct ren_test_game t;
	struct strbuf err;
	int bid[REN_MAX_PLAYERS] = { 0 }, p, k;
	int rank[REN_MAX_PLAYERS][REN_MAX_CAPITALS];

	fresh(&t, n);
	sb_init(&err);
	for (p = 0; p < n; p++)
		for (k = 0; k < n; k++)
			rank[p][k] = (p + k) % n;
	CHECK_INT(ren_capital_bids(&t.c, bid, rank, &err), 0);
	CHECK_INT(t.st.ndraw, 25 - 3 * n);
	for (p = 0; p < n; p++) {
		CHECK_INT(ren_hand_size(&t.st, p), 3);
		CHECK(!(t.st.p[p].hand & t.st.held_back));
	}
	CHECK_INT(__builtin_popcountll(t.st.held_back), 5);
	CHECK(t.st.held_back & BIT(RCARD("the-crusades")));
	/* a card he was not dealt cannot be returned */
	for (k = 0; k < t.st.rs->ncards; k++)
		if (!(t.st.p[0].hand & BIT(k)))
			break;
	CHECK_INT(ren_euro_return(&t.c, 0, k, &err), -1);
	for (p = 0; p < n; p++)
		CHECK_INT(ren_euro_return(&t.c, p, t.st.p[p].dealt[2], &err),
		    0);
	CHECK_INT(t.st.phase, RPH_TOKEN_BID);
	CHECK_INT(t.st.turn, 1);
	for (p = 0; p < n; p++)
		CHECK_INT(ren_hand_size(&t.st, p), 2);
	CHECK_INT(t.st.ndraw, 25 - 2 * n + (back_in_turn1 ? 5 : 0));
	CHECK_INT(t.st.held_back != 0, !back_in_turn1);
	if (!back_in_turn1) {
		t.st.turn = 2;
		ren_turn_start(&t.c);
		CHECK_INT(t.st.ndraw, 25 - 2 * n + 5);
		CHECK_INT(t.st.held_back, 0);
	}
	sb_release(&err);
	ren_test_game_release(&t);
}

TEST(ren_setup_euro_deal_3)
{
	euro(3, 1);
}

TEST(ren_setup_euro_deal_5)
{
	euro(5, 0);
}

/* RR4 variant original-setup: one epoch-1 card each, nothing held back */
TEST(ren_setup_original_setup)
{
	struct ren_test_game t;
	struct strbuf err;
	int bid[4] = { 0 }, rank[4][REN_MAX_CAPITALS] = {
		{ 0, 1, 2, 3 }, { 1, 0, 2, 3 }, { 2, 0, 1, 3 }, { 3, 0, 1, 2 }
	};

	fresh(&t, 4);
	t.st.variants = REN_VAR_ORIGINAL_SETUP;
	sb_init(&err);
	CHECK_INT(ren_capital_bids(&t.c, bid, rank, &err), 0);
	CHECK_INT(t.st.held_back, 0);
	CHECK_INT(t.st.ndraw, 29 - 4);
	CHECK_INT(ren_hand_size(&t.st, 3), 1);
	CHECK_INT(t.st.phase, RPH_TOKEN_BID);
	sb_release(&err);
	ren_test_game_release(&t);
}

/* RR5-RR7: pay |T|, tokens up to the stock; lowest first; ties: the
   worse capital choice first, then the later allotment; LAST after */
TEST(ren_order_token_bids)
{
	struct ren_test_game t;
	struct strbuf err;
	int T[4] = { 5, -2, 5, 5 }, last[4] = { 0, 0, 0, 1 };

	ren_test_game_init(&t, 4);
	sb_init(&err);
	t.st.phase = RPH_TOKEN_BID;
	t.st.p[0].rank_got = 0;
	t.st.p[2].rank_got = 2;		/* his #3: before player 1 */
	t.st.p[1].stock = 1;
	t.st.p[1].cash = 2;
	CHECK_INT(ren_token_bids(&t.c, T, last, &err), 0);
	CHECK_INT(t.st.order[0], 1);	/* -2: minimum expansion */
	CHECK_INT(t.st.order[1], 2);
	CHECK_INT(t.st.order[2], 0);
	CHECK_INT(t.st.order[3], 3);	/* LAST */
	CHECK_INT(t.st.p[1].cash, 0);
	CHECK_INT(t.st.p[1].expansion, 0);
	CHECK_INT(t.st.p[0].cash, 35);
	CHECK_INT(t.st.p[0].written_cash, 35);
	CHECK_INT(t.st.p[0].expansion, 5);
	/* RR6: four players stand in boxes 1, 3, 5, 6 */
	CHECK_INT(t.st.p[1].box, 1);
	CHECK_INT(t.st.p[2].box, 3);
	CHECK_INT(t.st.p[0].box, 5);
	CHECK_INT(t.st.p[3].box, 6);
	CHECK_INT(t.st.phase, RPH_DRAW);
	sb_release(&err);
	ren_test_game_release(&t);
}

/* RR5: money beyond the stock buys nothing but counts; a bid beyond the
   cash is refused and nothing changes */
TEST(ren_order_token_bid_limits)
{
	struct ren_test_game t;
	struct strbuf err;
	int T[3] = { 30, 0, 41 }, last[3] = { 0 };

	ren_test_game_init(&t, 3);
	sb_init(&err);
	t.st.phase = RPH_TOKEN_BID;
	CHECK_INT(ren_token_bids(&t.c, T, last, &err), -1);
	CHECK_STR(err.buf, "Barcelona bids 41 tokens but has $40: the bid is "
	    "at most his cash (RR5)");
	CHECK_INT(t.st.p[0].cash, 40);
	T[2] = 0;
	t.st.p[0].stock = 20;
	CHECK_INT(ren_token_bids(&t.c, T, last, &err), 0);
	CHECK_INT(t.st.p[0].expansion, 20);
	CHECK_INT(t.st.p[0].cash, 10);
	CHECK_INT(t.st.order[2], 0);
	sb_release(&err);
	ren_test_game_release(&t);
}

/* RR8: Renaissance swaps with a neighbour who lacks it, once a turn */
TEST(ren_order_renaissance_swap)
{
	struct ren_test_game t;
	struct strbuf err;

	ren_test_game_init(&t, 3);
	sb_init(&err);
	CHECK_INT(ren_swap(&t.c, 1, -1, &err), -1);
	CHECK_STR(err.buf, "Genoa does not hold Renaissance (RR8)");
	ren_test_adv(&t, 1, 'Q');
	sb_reset(&err);
	CHECK_INT(ren_swap(&t.c, 1, -1, &err), 0);
	CHECK_INT(t.st.order[0], 1);
	CHECK_INT(t.st.p[1].box, 2);
	CHECK_INT(t.st.p[0].box, 4);
	CHECK_INT(ren_swap(&t.c, 1, 1, &err), -1);
	CHECK_STR(err.buf, "Genoa has swapped this turn already (RR8)");
	sb_reset(&err);
	ren_test_adv(&t, 2, 'Q');
	t.st.p[1].swapped = 0;
	t.st.order[0] = 0;
	t.st.order[1] = 1;
	CHECK_INT(ren_swap(&t.c, 1, 1, &err), -1);
	CHECK_STR(err.buf, "Barcelona holds Renaissance too: no swap (RR8)");
	sb_release(&err);
	ren_test_game_release(&t);
}

/* RR33 steps 1-5: the expansion bonus, flipping, Interest & Profit,
   income (15 + players x markers, Middle Class +10), New World */
TEST(ren_end_turn_income)
{
	struct ren_test_game t;
	unsigned dice[] = { FACE(1), FACE(1), FACE(1), FACE(1), FACE(1),
	    FACE(1) };

	ren_test_game_init(&t, 4);
	t.st.ndraw = 2;
	t.st.draw[0] = (unsigned char)RCARD("stone-1a");
	t.st.draw[1] = (unsigned char)RCARD("famine");
	ren_test_dom(&t, GEN, "milan");
	t.st.dom_new[RP("milan")] = 1;
	ren_test_dom(&t, BAR, "toledo");
	t.st.dom_new[RP("toledo")] = 1;
	t.st.tok_new[RP("lyons")][GEN] = 2;
	ren_test_adv(&t, VEN, 'L');
	t.st.p[VEN].cash = 10;
	ren_test_adv(&t, PAR, 'Z');
	ren_test_adv(&t, PAR, 'U');
	t.st.p[PAR].misery = 3;
	ren_test_dice(&t, dice, 6);
	ren_end_turn(&t.c);
	/* the bonus: Genoa and Barcelona one ○ each, Genoa plays first */
	CHECK(t.st.p[GEN].hand & BIT(RCARD("famine")));
	CHECK_INT(t.st.tok[RP("lyons")][GEN], 2);
	CHECK_INT(t.st.dom_new[RP("milan")], 0);
	/* Venice: $10 of interest, then 15 + 4 x 1 */
	CHECK_INT(t.st.p[VEN].cash, 10 + 10 + 19);
	CHECK_INT(t.st.p[GEN].cash, 40 + 23);
	CHECK_INT(t.st.p[PAR].cash, 40 + 19 + 10);
	CHECK_INT(ren_misery_value(&t.st, PAR), 20);
	CHECK_INT(t.st.turn, 2);
	CHECK_INT(t.st.phase, RPH_TOKEN_BID);
	ren_test_game_release(&t);
}

/* RR33 step 6: two rolls; 12 hits Gold and Ivory at once; a shortage
   and a surplus of one commodity cancel */
TEST(ren_end_turn_shortage_surplus)
{
	struct ren_test_game t;
	unsigned a[] = { FACE(3), FACE(4), FACE(2), FACE(6), FACE(6),
	    FACE(5) };
	unsigned b[] = { FACE(3), FACE(4), FACE(2), FACE(4), FACE(3),
	    FACE(6) };

	ren_test_game_init(&t, 3);
	ren_test_dice(&t, a, 6);
	ren_shortage_surplus(&t.c);
	CHECK_INT(t.st.shortage[RCOM("wine")], 1);
	CHECK_INT(t.st.joint_surplus, 1);
	CHECK_INT(t.st.surplus[RCOM("gold")], 0);
	CHECK_CONTAINS(ren_test_events(&t), "Roll 1: 3 + 4 gives Wine, "
	    "colored 2: a shortage (RR33).");
	ren_test_dice(&t, b, 6);
	ren_shortage_surplus(&t.c);
	CHECK_INT(t.st.shortage[RCOM("wine")], 0);
	CHECK_INT(t.st.surplus[RCOM("wine")], 0);
	CHECK_INT(t.st.joint_surplus, 0);
	CHECK_CONTAINS(ren_test_events(&t), "A shortage and a surplus of "
	    "Wine cancel (RR33).");
	ren_test_game_release(&t);
}

/* RR33 step 7: the majority holder draws in a shortage, pays $1 a
   province in a surplus; a tie has no majority holder */
TEST(ren_end_turn_majority)
{
	struct ren_test_game t;
	/* Cloth shortage (2 + 4, colored 1), Stone surplus (1 + 1, 6) */
	unsigned dice[] = { FACE(2), FACE(4), FACE(1), FACE(1), FACE(1),
	    FACE(6) };

	ren_test_game_init(&t, 3);
	t.st.ndraw = 1;
	t.st.draw[0] = (unsigned char)RCARD("famine");
	ren_test_dom(&t, VEN, "florence");	/* Cloth: Venice 2, Genoa 1 */
	ren_test_dom(&t, GEN, "milan");		/* Stone: Genoa 1 */
	ren_test_dom(&t, BAR, "montpellier");	/* Stone: Barcelona 1 */
	ren_test_dice(&t, dice, 6);
	ren_end_turn(&t.c);
	CHECK(t.st.p[VEN].hand & BIT(RCARD("famine")));
	/* Stone is tied: nobody pays */
	CHECK_INT(t.st.p[GEN].cash, 40 + 15 + 3 * 2);
	/* next turn Genoa holds two Stone to Barcelona's one: $2 */
	ren_test_dom(&t, GEN, "rome");
	ren_test_dice(&t, dice, 6);
	ren_end_turn(&t.c);
	CHECK_INT(t.st.p[GEN].cash, 61 + 15 + 3 * 3 - 2);
	CHECK_CONTAINS(ren_test_events(&t), "Genoa holds the majority of "
	    "Stone in a surplus and pays $2 (RR33).");
	ren_test_game_release(&t);
}

/* RR35: past the last box a player is out; he bids 0 and earns nothing */
TEST(ren_chaos)
{
	struct ren_test_game t;
	struct strbuf err;
	int T[3] = { 5, 5, 5 }, last[3] = { 0 };

	ren_test_game_init(&t, 3);
	sb_init(&err);
	ren_test_card(&t, VEN, "famine");
	ren_test_card(&t, VEN, "armor");
	t.st.p[VEN].misery = t.st.rs->nmisery - 2;
	ren_misery(&t.c, VEN, 2, "test");
	CHECK(t.st.p[VEN].out);
	CHECK_INT(t.st.p[VEN].hand, 0);
	CHECK(t.st.discard & BIT(RCARD("famine")));
	CHECK(t.st.removed & BIT(RCARD("armor")));
	CHECK_CONTAINS(ren_test_events(&t), "Venice moves past the last "
	    "misery box into Chaos and is out of the game; his pieces stay "
	    "(RR35).");
	t.st.phase = RPH_TOKEN_BID;
	CHECK_INT(ren_token_bids(&t.c, T, last, &err), 0);
	CHECK_INT(t.st.p[VEN].cash, 40);
	CHECK_INT(t.st.order[0], VEN);
	ren_test_game_release(&t);
	sb_release(&err);
}

/* RR36: the game ends after a turn with all 26 advances, an empty last
   pile, or the last turn */
TEST(ren_game_end_conditions)
{
	struct ren_test_game t;

	ren_test_game_init(&t, 3);
	CHECK(!ren_game_ends(&t.st));
	t.st.p[GEN].advances = (1u << REN_NADVANCES) - 1;
	CHECK(ren_game_ends(&t.st));
	t.st.p[GEN].advances = 0;
	t.st.last_turn = 4;
	t.st.turn = 4;
	CHECK(ren_game_ends(&t.st));
	ren_test_game_release(&t);
}

/* RR37: advances' printed costs + cash - misery; ties by advances, then
   misery; a player out ranks below all */
TEST(ren_score_and_rank)
{
	struct ren_test_game t;
	int order[REN_MAX_PLAYERS];

	ren_test_game_init(&t, 3);
	ren_test_adv(&t, VEN, 'W');		/* 60 */
	t.st.p[VEN].cash = 50;
	t.st.p[VEN].misery = 2;			/* 20 */
	CHECK_INT(ren_score(&t.st, VEN), 90);
	t.st.p[GEN].cash = 90;
	t.st.p[BAR].cash = 200;
	t.st.p[BAR].out = 1;
	CHECK_INT(ren_rank(&t.st, order), 1);
	CHECK_INT(order[0], VEN);		/* equal 90, more advances */
	CHECK_INT(order[1], GEN);
	CHECK_INT(order[2], BAR);
	t.st.p[GEN].advances = t.st.p[VEN].advances;
	t.st.p[GEN].cash = 50;
	t.st.p[GEN].misery = 2;
	CHECK_INT(ren_rank(&t.st, order), 2);	/* shared */
	ren_test_game_release(&t);
}

/* RR29: a marker freed by RELEASE does not count for the expansion bonus
   (RR33 step 1): Genoa's new ○ came from Marseilles, Venice's did not */
TEST(ren_end_turn_bonus_released_marker)
{
	struct ren_test_game t;
	struct strbuf err;

	ren_test_game_init(&t, 3);
	sb_init(&err);
	t.st.ndraw = 1;
	t.st.draw[0] = (unsigned char)RCARD("famine");
	ren_test_dom(&t, GEN, "marseilles");
	CHECK_INT(ren_release(&t.c, GEN, RP("marseilles"), &err), 0);
	ren_test_dom(&t, GEN, "milan");
	t.st.dom_new[RP("milan")] = 1;
	ren_test_dom(&t, VEN, "dubrovnik");
	t.st.dom_new[RP("dubrovnik")] = 1;
	t.st.order[0] = GEN;
	t.st.order[1] = VEN;
	ren_end_turn(&t.c);
	CHECK(t.st.p[VEN].hand & BIT(RCARD("famine")));
	CHECK_INT(t.st.p[GEN].hand, 0);
	sb_release(&err);
	ren_test_game_release(&t);
}

/* RR38's defaults, decision by decision: a capital bid of 0 ranking the
   capitals in the ruleset's order, the third card dealt returned, a token
   bid of 0 without LAST; then RR7 orders the equal bids by the rank each
   received, his #3 first */
TEST(ren_defaults_rr38_setup_and_bids)
{
	struct ren_test_game t;
	unsigned dice[] = { FACE(6), FACE(4), FACE(2) };
	uint64_t third[3];
	int p;

	fresh(&t, 3);
	ren_start(&t.c);
	ren_test_dice(&t, dice, 3);
	for (p = 0; p < 3; p++)
		CHECK_INT(ren_apply_default(&t.c, p), 0);
	/* every bid 0: the dice order them; each takes his best free
	   capital in Venice, Genoa, Barcelona */
	for (p = 0; p < 3; p++) {
		CHECK_INT(t.st.p[p].capital, p);
		CHECK_INT(t.st.p[p].cash, 40);
		CHECK_INT(t.st.p[p].rank_got, p);
		CHECK_INT(t.st.p[p].allot, p);
	}
	CHECK_INT(t.st.phase, RPH_EURO_RETURN);
	for (p = 0; p < 3; p++) {
		third[p] = BIT(t.st.p[p].dealt[2]);
		CHECK(t.st.p[p].hand & third[p]);
		CHECK_INT(ren_apply_default(&t.c, p), 0);
		CHECK(!(t.st.p[p].hand & third[p]));
		CHECK_INT(ren_hand_size(&t.st, p), 2);
	}
	CHECK_INT(t.st.phase, RPH_TOKEN_BID);
	for (p = 0; p < 3; p++)
		CHECK_INT(ren_apply_default(&t.c, p), 0);
	for (p = 0; p < 3; p++) {
		CHECK_INT(t.st.p[p].cash, 40);
		CHECK_INT(t.st.p[p].expansion, 0);
		CHECK_INT(t.st.p[p].token_bid, 0);
	}
	/* RR7: Barcelona got his #3, Genoa his #2, Venice his #1 */
	CHECK_INT(t.st.order[0], 2);
	CHECK_INT(t.st.order[1], 1);
	CHECK_INT(t.st.order[2], 0);
	ren_test_game_release(&t);
}

/* RR7: equal bids and equal ranks: the one who received his capital later
   in the allotment plays first */
TEST(ren_order_ties_by_allotment)
{
	struct ren_test_game t;
	struct strbuf err;
	int T[3] = { 4, 4, 4 }, last[3] = { 0, 0, 0 };

	ren_test_game_init(&t, 3);
	sb_init(&err);
	t.st.phase = RPH_TOKEN_BID;
	t.st.p[0].rank_got = t.st.p[1].rank_got = t.st.p[2].rank_got = 0;
	t.st.p[0].allot = 1;
	t.st.p[1].allot = 2;
	t.st.p[2].allot = 0;
	CHECK_INT(ren_token_bids(&t.c, T, last, &err), 0);
	CHECK_INT(t.st.order[0], 1);
	CHECK_INT(t.st.order[1], 0);
	CHECK_INT(t.st.order[2], 2);
	sb_release(&err);
	ren_test_game_release(&t);
}

/* seed 5.7.2: Interest & Profit doubles the cash held, up to the income;
   the income itself is not doubled (RR33 step 3) */
TEST(ren_end_turn_interest_capped_by_income)
{
	struct ren_test_game t;
	unsigned dice[] = { FACE(1), FACE(1), FACE(1), FACE(1), FACE(1),
	    FACE(1) };

	ren_test_game_init(&t, 3);
	ren_test_adv(&t, VEN, 'L');
	t.st.p[VEN].cash = 50;		/* income 15 + 3 x 1 = 18 */
	ren_test_dice(&t, dice, 6);
	ren_end_turn(&t.c);
	CHECK_INT(t.st.p[VEN].cash, 50 + 18 + 18);
	CHECK_CONTAINS(ren_test_events(&t), "Interest & Profit: Venice "
	    "receives $18 (RR33).");
	ren_test_game_release(&t);
}
