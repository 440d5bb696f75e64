/*
 * test-auction.c - the alliance auction (R9-R12, R37, R38).
 */
#include "test.h"
#include "orders.h"
#include "util.h"

static const char *const three[] = { "prussia", "spain", "france", NULL };

static void
auction_game(struct test_game *t, const char *const *players, int start)
{
	int i;

	test_game_init(t, players, NULL);
	for (i = 0; i < RS_MAX_ALLIANCE_BOXES; i++)
		t->st.alliance[i] = NO_COUNTRY;
	t->st.segment = 0;
	t->st.start_seat = start;
	aor_auction_start_turn(&t->c);
}

/* Applies "STEP step\nline" for country; returns 0 or -1 with err. */
static int
order(struct test_game *t, const char *country, const char *step,
    const char *line, struct strbuf *err)
{
	struct order o;
	char *text = xasprintf("STEP %s\n%s\n", step, line);
	int rc;

	sb_reset(err);
	if (order_parse_block(t->st.rs, C(country), text, "test", &o,
	    err) != 0) {
		free(text);
		return -1;
	}
	rc = aor_apply(&t->c, &o, err);
	order_release(&o);
	free(text);
	return rc;
}

TEST(r11_start_player_opens_turn_one)
{
	struct test_game t;
	struct decision d;

	auction_game(&t, three, 1);
	CHECK_INT(aor_pending(&t.st, &d, 1), 1);
	CHECK_STR(d.step, "T1.A1.1");
	CHECK_INT(d.country, C("spain"));
	test_game_release(&t);
}

TEST(r9_r10_auction_won_places_a_top_and_b_bottom)
{
	struct test_game t;
	struct strbuf err;
	struct decision d;

	sb_init(&err);
	auction_game(&t, three, 0);
	CHECK_INT(order(&t, "prussia", "T1.A1.1", "BID 0 A Austria B Russia",
	    &err), 0);
	CHECK_INT(order(&t, "spain", "T1.A1.2", "BID 3 A Spain B France",
	    &err), 0);
	CHECK_INT(order(&t, "france", "T1.A1.3", "PASS", &err), 0);
	CHECK_INT(order(&t, "prussia", "T1.A1.4", "PASS", &err), 0);
	/* Spain wins, pays 3; Spain to box 1, France to box 2. */
	CHECK_INT(t.st.gold[C("spain")], 11);
	CHECK_INT(t.st.alliance[0], C("spain"));
	CHECK_INT(t.st.alliance[1], C("france"));
	/* R11: the next auction is opened left of the previous opener. */
	aor_pending(&t.st, &d, 1);
	CHECK_STR(d.step, "T1.A2.1");
	CHECK_INT(d.country, C("spain"));
	sb_release(&err);
	test_game_release(&t);
}

TEST(r9_seventh_country_goes_alone_to_box_7_and_segments_start)
{
	struct test_game t;
	struct strbuf err;
	struct decision d;

	sb_init(&err);
	auction_game(&t, three, 0);
	CHECK_INT(order(&t, "prussia", "T1.A1.1", "BID 0 A Austria B Russia",
	    &err), 0);
	order(&t, "spain", "T1.A1.2", "PASS", &err);
	order(&t, "france", "T1.A1.3", "PASS", &err);
	CHECK_INT(order(&t, "spain", "T1.A2.1", "BID 0 A Prussia B Spain",
	    &err), 0);
	order(&t, "france", "T1.A2.2", "PASS", &err);
	order(&t, "prussia", "T1.A2.3", "PASS", &err);
	CHECK_INT(order(&t, "france", "T1.A3.1", "BID 1 A France B "
	    "Great Britain", &err), 0);
	order(&t, "prussia", "T1.A3.2", "PASS", &err);
	CHECK_INT(order(&t, "spain", "T1.A3.3", "PASS", &err), 0);
	/* Netherlands is left and goes alone into box 7 (R9). */
	CHECK_INT(t.st.alliance[0], C("austria"));
	CHECK_INT(t.st.alliance[1], C("russia"));
	CHECK_INT(t.st.alliance[2], C("prussia"));
	CHECK_INT(t.st.alliance[3], C("spain"));
	CHECK_INT(t.st.alliance[4], C("france"));
	CHECK_INT(t.st.alliance[5], C("great-britain"));
	CHECK_INT(t.st.alliance[6], C("netherlands"));
	CHECK_INT(t.st.alliance[7], NO_COUNTRY);
	CHECK_INT(t.st.phase, PH_SEGMENTS);
	/* R13: segment order skips NPCs: Prussia (3), Spain (4), France (5) */
	aor_pending(&t.st, &d, 1);
	CHECK_STR(d.step, "T1.S1");
	CHECK_INT(d.country, C("prussia"));
	CHECK_INT(t.st.gold[C("france")], 13);
	sb_release(&err);
	test_game_release(&t);
}

TEST(r10_opener_must_bid_and_bids_must_raise)
{
	struct test_game t;
	struct strbuf err;

	sb_init(&err);
	auction_game(&t, three, 0);
	CHECK_INT(order(&t, "prussia", "T1.A1.1", "PASS", &err), -1);
	CHECK_CONTAINS(err.buf, "the opener must bid (0 is allowed) (R10)");
	CHECK_INT(order(&t, "prussia", "T1.A1.1", "BID 2 A Austria B Austria",
	    &err), -1);
	CHECK_CONTAINS(err.buf, "two different countries");
	CHECK_INT(order(&t, "prussia", "T1.A1.1", "BID 2 A Austria B Russia",
	    &err), 0);
	CHECK_INT(order(&t, "spain", "T1.A1.2", "BID 2 A Spain B France",
	    &err), -1);
	CHECK_CONTAINS(err.buf, "must raise the current bid of 2");
	sb_release(&err);
	test_game_release(&t);
}

TEST(r10_r5_bid_above_gold_plus_borrowing_rejected)
{
	struct test_game t;
	struct strbuf err;

	sb_init(&err);
	auction_game(&t, three, 0);
	/* 14 gold, unrest 4: 14 + 2 * 18 = 50 at most. */
	CHECK_INT(order(&t, "prussia", "T1.A1.1", "BID 51 A Austria B Russia",
	    &err), -1);
	CHECK_CONTAINS(err.buf, "more than Prussia can pay: 14 gold plus 36");
	CHECK_INT(order(&t, "prussia", "T1.A1.1", "BID 50 A Austria B Russia",
	    &err), 0);
	order(&t, "spain", "T1.A1.2", "PASS", &err);
	order(&t, "france", "T1.A1.3", "PASS", &err);
	CHECK_INT(t.st.gold[C("prussia")], 0);
	CHECK_INT(t.st.unrest[C("prussia")], 22);
	sb_release(&err);
	test_game_release(&t);
}

TEST(r10_proposal_must_be_unallied)
{
	struct test_game t;
	struct strbuf err;

	sb_init(&err);
	auction_game(&t, three, 0);
	order(&t, "prussia", "T1.A1.1", "BID 0 A Austria B Russia", &err);
	order(&t, "spain", "T1.A1.2", "PASS", &err);
	order(&t, "france", "T1.A1.3", "PASS", &err);
	CHECK_INT(order(&t, "spain", "T1.A2.1", "BID 0 A Austria B Spain",
	    &err), -1);
	CHECK_CONTAINS(err.buf, "Austria is already in an alliance");
	sb_release(&err);
	test_game_release(&t);
}

TEST(r37_missed_openings_pass_on_then_adjudicator_opens_at_zero)
{
	struct test_game t;
	struct decision d;
	int i, a, b;

	auction_game(&t, three, 0);
	for (i = 0; i < 3; i++) {
		aor_pending(&t.st, &d, 1);
		aor_default(&t.c, &d);
	}
	CHECK_INT(t.st.auction.high_bid, -1);
	aor_pending(&t.st, &d, 1);
	CHECK_STR(d.step, "T1.A1.4");
	CHECK_INT(d.country, C("prussia"));
	aor_default(&t.c, &d);
	CHECK_INT(t.st.auction.high_bid, 0);
	CHECK_INT(t.st.auction.high_seat, 0);
	CHECK(t.st.auction.a != NO_COUNTRY && t.st.auction.b != NO_COUNTRY);
	CHECK(t.st.auction.a != t.st.auction.b);
	CHECK_INT(t.dice.nlog, 2);
	CHECK_CONTAINS(test_events(&t), "the adjudicator opens at 0 with a "
	    "random proposal, R37");
	/* Then missed bids are passes and the opener wins at 0. */
	a = t.st.auction.a;
	b = t.st.auction.b;
	aor_pending(&t.st, &d, 1);
	aor_default(&t.c, &d);
	aor_pending(&t.st, &d, 1);
	aor_default(&t.c, &d);
	CHECK_INT(t.st.alliance[0], a);
	CHECK_INT(t.st.alliance[1], b);
	CHECK_INT(t.st.auction.number, 2);
	CHECK_INT(t.st.gold[C("prussia")], 14);
	test_game_release(&t);
}

TEST(r38_step_status_current_future_stale_not_yours)
{
	struct test_game t;
	struct strbuf why, err;

	sb_init(&why);
	sb_init(&err);
	auction_game(&t, three, 0);
	CHECK_INT(aor_step_status(&t.st, "T1.A1.1", C("prussia"), &why),
	    STEP_CURRENT);
	CHECK_INT(aor_step_status(&t.st, "T1.A1.2", C("spain"), &why),
	    STEP_FUTURE);
	CHECK_INT(aor_step_status(&t.st, "T1.S2", C("spain"), &why),
	    STEP_FUTURE);
	CHECK_INT(aor_step_status(&t.st, "T1.A1.2", C("prussia"), &why),
	    STEP_NOT_YOURS);
	CHECK_CONTAINS(why.buf, "bid 2 of auction 1 is Spain's");
	order(&t, "prussia", "T1.A1.1", "BID 0 A Austria B Russia", &err);
	sb_reset(&why);
	CHECK_INT(aor_step_status(&t.st, "T1.A1.1", C("prussia"), &why),
	    STEP_STALE);
	CHECK_CONTAINS(why.buf, "was resolved already (R38)");
	sb_reset(&why);
	CHECK_INT(aor_step_status(&t.st, "T4.S1", C("prussia"), &why),
	    STEP_NOT_YOURS);
	CHECK_CONTAINS(why.buf, "only 3 turns");
	sb_release(&why);
	sb_release(&err);
	test_game_release(&t);
}

TEST(r11_later_turns_open_with_fewest_vp_ties_drawn)
{
	struct test_game t;
	struct decision d;
	static const unsigned pick[] = { 1 };

	test_game_init(&t, three, NULL);
	t.st.turn = 2;
	t.st.vp[C("prussia")] = 5;
	t.st.vp[C("spain")] = 3;
	t.st.vp[C("france")] = 3;
	test_script(&t, pick, 1);
	aor_auction_start_turn(&t.c);
	aor_pending(&t.st, &d, 1);
	CHECK_INT(d.country, C("france"));	/* second of the tied */
	CHECK_STR(d.step, "T2.A1.1");
	CHECK_CONTAINS(test_events(&t), "2 players tie with the fewest VP");
	test_game_release(&t);
}

TEST(r12_random_first_alliances_players_first_then_npcs)
{
	struct test_game t;
	static const unsigned picks[] = { 2, 0, 0, 3, 0, 1, 0 };
	int i;

	test_game_init(&t, three, NULL);
	for (i = 0; i < RS_MAX_ALLIANCE_BOXES; i++)
		t.st.alliance[i] = NO_COUNTRY;
	t.st.variants |= VAR_RANDOM_FIRST_ALLIANCES;
	t.st.phase = PH_SETUP;
	test_script(&t, picks, 7);
	aor_auction_start_turn(&t.c);
	/* players in seating order: prussia spain france; pick 2 = france */
	CHECK_INT(t.st.alliance[0], C("france"));
	CHECK_INT(t.st.alliance[1], C("prussia"));
	CHECK_INT(t.st.alliance[2], C("spain"));
	for (i = 3; i < 7; i++)
		CHECK(!aor_is_player(&t.st, t.st.alliance[i]) &&
		    t.st.alliance[i] != NO_COUNTRY);
	CHECK_INT(t.st.phase, PH_SEGMENTS);
	test_game_release(&t);
}

TEST(report_text_possessive_of_names_ending_in_s)
{
	char a[] = "Netherlands's disc and Prussia's disc; Netherlands's.";
	char b[] = "its's";

	aor_fix_possessive(a);
	CHECK_STR(a, "Netherlands' disc and Prussia's disc; Netherlands'.");
	aor_fix_possessive(b);
	CHECK_STR(b, "its'");
}
