/*
 * test-auction.c - the alliance auction (R9-R12, R37, R38), under the
 * current reading of the rules and, where it differs, under reading 1
 * (aor.h), which the archives made by version 0.2 keep.
 */
#include "test.h"
#include "orders.h"
#include "util.h"

static const char *const three[] = { "prussia", "spain", "france", NULL };

static void
auction_game_rules(struct test_game *t, const char *const *players,
    int start, int rules)
{
	int i;

	test_game_init(t, players, NULL);
	t->st.rules = rules;
	for (i = 0; i < RS_MAX_ALLIANCE_BOXES; i++)
		t->st.alliance[i] = NO_COUNTRY;
	t->st.segment = 0;
	t->st.start_seat = start;
	aor_auction_start_turn(&t->c);
}

static void
auction_game(struct test_game *t, const char *const *players, int start)
{
	auction_game_rules(t, players, start, AOR_RULES_CURRENT);
}

/* Applies "STEP step\nline" for country; returns 0 or -1 with err. */
static int
order(struct test_game *t, const char *country, const char *step,
    const char *line, struct strbuf *err)
{
	return test_order(t, country, step, line, err);
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

/* Reading 1 (version 0.2): the seventh country went unbid into box 7. */
TEST(r9_reading_1_seventh_country_goes_alone_to_box_7)
{
	struct test_game t;
	struct strbuf err;
	struct decision d;

	sb_init(&err);
	auction_game_rules(&t, three, 0, 1);
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
	/* a game of reading 1 keeps the wording it was played with */
	CHECK_CONTAINS(test_events(&t), "Russia goes into alliance box 2 "
	    "(bottom row) (proposal B).");
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

/* Reading 1: the opening went round once more before the default bid. */
TEST(r37_reading_1_missed_openings_go_round_once_more)
{
	struct test_game t;
	struct decision d;
	int i, a, b;

	auction_game_rules(&t, three, 0, 1);
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

/* Plays turn 1's first three auctions of three; France is left. */
static void
three_auctions(struct test_game *t, struct strbuf *err)
{
	auction_game(t, three, 0);
	CHECK_INT(order(t, "prussia", "T1.A1.1", "BID 0 A Austria B Russia",
	    err), 0);
	CHECK_INT(order(t, "spain", "T1.A1.2", "PASS", err), 0);
	CHECK_INT(order(t, "france", "T1.A1.3", "PASS", err), 0);
	CHECK_INT(order(t, "spain", "T1.A2.1", "BID 1 A Prussia B Great "
	    "Britain", err), 0);
	CHECK_INT(order(t, "france", "T1.A2.2", "PASS", err), 0);
	CHECK_INT(order(t, "prussia", "T1.A2.3", "PASS", err), 0);
	CHECK_INT(order(t, "france", "T1.A3.1", "BID 0 A Netherlands B Spain",
	    err), 0);
	CHECK_INT(order(t, "prussia", "T1.A3.2", "PASS", err), 0);
	CHECK_INT(order(t, "spain", "T1.A3.3", "PASS", err), 0);
}

/*
 * R9, R10, R11: the seventh country (France) is auctioned in a fourth
 * auction opened left of the third opener (Prussia); each bid names it as
 * A (box 7) or B (box 8); the winner pays and decides which alliance gets
 * four countries.
 */
TEST(r9_r10_seventh_country_auctioned_winner_places_it_in_box_8)
{
	struct test_game t;
	struct strbuf err;
	struct decision d;
	char **lines;
	int n, i, order_[RS_MAX_COUNTRIES];

	sb_init(&err);
	three_auctions(&t, &err);
	CHECK_INT(t.st.phase, PH_AUCTION);
	CHECK_INT(t.st.alliance[6], NO_COUNTRY);
	CHECK(aor_auction_seventh(&t.st));
	CHECK_INT(aor_pending(&t.st, &d, 1), 1);
	CHECK_STR(d.step, "T1.A4.1");
	CHECK_INT(d.country, C("prussia"));
	CHECK_CONTAINS(d.what, "open auction 4, for the seventh country");
	CHECK_CONTAINS(test_events(&t), "Auction 4 of turn 1, for the seventh "
	    "country: Prussia opens the bidding; each bid names France as "
	    "proposal A (box 7, top row) or B (box 8, bottom row) (R9).");
	/* The order form offers exactly the two one-country bids. */
	n = aor_choices(&t.st, &d, &lines);
	CHECK_INT(n, 2);
	CHECK_STR(lines[0], "BID n A France, n from 0 to 50: France into box "
	    "7 (top row)");
	CHECK_STR(lines[1], "BID n B France, n from 0 to 50: France into box "
	    "8 (bottom row)");
	for (i = 0; i < n; i++)
		free(lines[i]);
	free(lines);
	/* R10: one proposal, an unallied country, and a raise. */
	CHECK_INT(order(&t, "prussia", "T1.A4.1", "BID 0 A France B France",
	    &err), -1);
	CHECK_CONTAINS(err.buf, "takes one proposal: BID n A country (box 7) "
	    "or BID n B country (box 8) (R9, R10)");
	CHECK_INT(order(&t, "prussia", "T1.A4.1", "BID 0 B Spain", &err), -1);
	CHECK_CONTAINS(err.buf, "proposal B: Spain is already in an alliance");
	CHECK_INT(order(&t, "prussia", "T1.A4.1", "BID 1 A France", &err), 0);
	CHECK_INT(order(&t, "spain", "T1.A4.2", "BID 1 B France", &err), -1);
	CHECK_CONTAINS(err.buf, "must raise the current bid of 1");
	CHECK_INT(order(&t, "spain", "T1.A4.2", "BID 3 B France", &err), 0);
	CHECK_INT(order(&t, "france", "T1.A4.3", "PASS", &err), 0);
	CHECK_INT(order(&t, "prussia", "T1.A4.4", "PASS", &err), 0);
	/* Spain pays 1 + 3 = 4 in all; France into box 8. */
	CHECK_INT(t.st.gold[C("spain")], 10);
	CHECK_INT(t.st.gold[C("prussia")], 14);
	CHECK_INT(t.st.alliance[6], NO_COUNTRY);
	CHECK_INT(t.st.alliance[7], C("france"));
	CHECK_CONTAINS(test_events(&t), "Spain wins auction 4 with a bid of "
	    "3.\nSpain pays 3 gold for the winning bid of auction 4.\nFrance "
	    "goes into alliance box 8 (bottom row, proposal B).\nThe bottom "
	    "row's alliance has four countries (R9).");
	/* Bottom: Russia, Great Britain, Spain, France; top: three. */
	CHECK_INT(aor_alliance_of(&t.st, C("france")), 1);
	CHECK_INT(aor_alliance_of(&t.st, C("spain")), 1);
	CHECK_INT(aor_alliance_of(&t.st, C("great-britain")), 1);
	CHECK_INT(aor_alliance_of(&t.st, C("russia")), 1);
	CHECK_INT(aor_alliance_of(&t.st, C("prussia")), 0);
	/* R13: segments in box order 3 (Prussia), 6 (Spain), 8 (France). */
	CHECK_INT(t.st.phase, PH_SEGMENTS);
	CHECK_INT(aor_segment_order(&t.st, order_), 3);
	CHECK_INT(order_[0], C("prussia"));
	CHECK_INT(order_[1], C("spain"));
	CHECK_INT(order_[2], C("france"));
	aor_pending(&t.st, &d, 1);
	CHECK_STR(d.step, "T1.S1");
	sb_release(&err);
	test_game_release(&t);
}

/* R9: proposal A puts the seventh country into box 7, top row. */
TEST(r9_seventh_country_as_proposal_a_goes_to_box_7)
{
	struct test_game t;
	struct strbuf err;

	sb_init(&err);
	three_auctions(&t, &err);
	CHECK_INT(order(&t, "prussia", "T1.A4.1", "BID 2 A France", &err), 0);
	CHECK_INT(order(&t, "spain", "T1.A4.2", "PASS", &err), 0);
	CHECK_INT(order(&t, "france", "T1.A4.3", "PASS", &err), 0);
	CHECK_INT(t.st.gold[C("prussia")], 12);
	CHECK_INT(t.st.alliance[6], C("france"));
	CHECK_INT(t.st.alliance[7], NO_COUNTRY);
	CHECK_INT(aor_alliance_of(&t.st, C("france")), 0);
	CHECK_CONTAINS(test_events(&t), "The top row's alliance has four "
	    "countries (R9).");
	sb_release(&err);
	test_game_release(&t);
}

/*
 * R37: when every player misses the opening, the adjudicator opens at 0
 * as soon as the last player has missed it, in his name, with a random
 * proposal; no fourth step goes to the first opener.
 */
TEST(r37_every_player_misses_opening_adjudicator_opens_at_once)
{
	struct test_game t;
	struct decision d;
	int i, a, b;

	auction_game(&t, three, 0);
	for (i = 0; i < 2; i++) {
		aor_pending(&t.st, &d, 1);
		aor_default(&t.c, &d);
		CHECK_INT(t.st.auction.high_bid, -1);
	}
	CHECK_CONTAINS(test_events(&t), "Spain misses the deadline to open "
	    "auction 1; the opening passes to the next player (R37).");
	aor_pending(&t.st, &d, 1);
	CHECK_STR(d.step, "T1.A1.3");
	CHECK_INT(d.country, C("france"));
	aor_default(&t.c, &d);
	CHECK_INT(t.st.auction.high_bid, 0);
	CHECK_INT(t.st.auction.high_seat, 2);
	CHECK(t.st.auction.a != NO_COUNTRY && t.st.auction.b != NO_COUNTRY);
	CHECK(t.st.auction.a != t.st.auction.b);
	CHECK_INT(t.dice.nlog, 2);
	CHECK_CONTAINS(test_events(&t), "France bids 0 (every player missed "
	    "the opening: the adjudicator opens at 0 with a random proposal, "
	    "R37)");
	/* the first opener is next, to raise or pass, not to open again */
	aor_pending(&t.st, &d, 1);
	CHECK_STR(d.step, "T1.A1.4");
	CHECK_INT(d.country, C("prussia"));
	CHECK_CONTAINS(d.what, "raise France's bid of 0");
	a = t.st.auction.a;
	b = t.st.auction.b;
	aor_default(&t.c, &d);
	aor_pending(&t.st, &d, 1);
	aor_default(&t.c, &d);
	CHECK_INT(t.st.alliance[0], a);
	CHECK_INT(t.st.alliance[1], b);
	CHECK_CONTAINS(test_events(&t), "France wins auction 1 with a bid of "
	    "0.");
	CHECK_INT(t.st.auction.number, 2);
	CHECK_INT(t.st.gold[C("france")], 14);
	test_game_release(&t);
}

/* R37, R9: the random proposal for the seventh country is A or B. */
TEST(r37_r9_seventh_country_missed_by_all_random_a_or_b)
{
	struct test_game t;
	struct strbuf err;
	struct decision d;
	static const unsigned pick_b[] = { 1 };
	int i;

	sb_init(&err);
	three_auctions(&t, &err);
	test_script(&t, pick_b, 1);
	for (i = 0; i < 3; i++) {
		aor_pending(&t.st, &d, 1);
		aor_default(&t.c, &d);
	}
	/* France, the last of Prussia, Spain, France, bid 0 for France as B
	 * (the draw picks B); then two passes. */
	CHECK_INT(t.dice.nlog, 1);
	CHECK_INT(t.st.auction.high_bid, 0);
	CHECK_INT(t.st.auction.b, C("france"));
	CHECK_INT(t.st.auction.a, NO_COUNTRY);
	for (i = 0; i < 2; i++) {
		aor_pending(&t.st, &d, 1);
		aor_default(&t.c, &d);
	}
	CHECK_INT(t.st.alliance[7], C("france"));
	CHECK_INT(t.st.phase, PH_SEGMENTS);
	CHECK_CONTAINS(test_events(&t), "France bids 0 (every player missed "
	    "the opening: the adjudicator opens at 0 with a random proposal, "
	    "R37, R9): B France.");
	sb_release(&err);
	test_game_release(&t);
}

/* Order lines of the seventh country's auction parse; A is no longer
 * required before B. */
TEST(r9_orders_bid_with_one_proposal)
{
	struct item it;
	struct strbuf err;

	sb_init(&err);
	CHECK_INT(aor_parse_line(test_ruleset(), C("spain"), "BID 3 B Spain",
	    &it, &err), 0);
	CHECK_INT(it.amount, 3);
	CHECK_INT(it.a, NO_COUNTRY);
	CHECK_INT(it.b, C("spain"));
	CHECK_INT(aor_parse_line(test_ruleset(), C("spain"), "BID 3 A Great "
	    "Britain", &it, &err), 0);
	CHECK_INT(it.a, C("great-britain"));
	CHECK_INT(it.b, NO_COUNTRY);
	CHECK_INT(aor_parse_line(test_ruleset(), C("spain"), "BID 3 Spain",
	    &it, &err), -1);
	CHECK_CONTAINS(err.buf, "BID n B country)");
	sb_reset(&err);
	CHECK_INT(aor_parse_line(test_ruleset(), C("spain"), "BID 3 A B Spain",
	    &it, &err), -1);
	CHECK_CONTAINS(err.buf, "proposal A names no country");
	sb_release(&err);
}

/* Reading 2 still needs two proposals in the first three auctions. */
TEST(r10_first_auctions_need_a_and_b)
{
	struct test_game t;
	struct strbuf err;

	sb_init(&err);
	auction_game(&t, three, 0);
	CHECK_INT(order(&t, "prussia", "T1.A1.1", "BID 0 A Austria", &err),
	    -1);
	CHECK_CONTAINS(err.buf, "proposal B is missing (R10)");
	CHECK_INT(order(&t, "prussia", "T1.A1.1", "BID 0 B Austria", &err),
	    -1);
	CHECK_CONTAINS(err.buf, "proposal A is missing (R10)");
	sb_release(&err);
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

	journal_fix_possessive(a);
	CHECK_STR(a, "Netherlands' disc and Prussia's disc; Netherlands'.");
	journal_fix_possessive(b);
	CHECK_STR(b, "its'");
}

/* Issue 10: a player who cannot raise is offered PASS alone (R10, R5). */
TEST(r10_order_form_offers_only_pass_when_no_raise_is_payable)
{
	struct test_game t;
	struct strbuf err;
	struct decision d;
	char **lines;
	int n, i;

	sb_init(&err);
	auction_game(&t, three, 0);
	CHECK_INT(order(&t, "prussia", "T1.A1.1", "BID 3 A Austria B Russia",
	    &err), 0);
	/* Spain: 1 gold, unrest 21: at most 1 + 2 = 3, not 4 */
	t.st.gold[C("spain")] = 1;
	t.st.unrest[C("spain")] = 21;
	CHECK_INT(aor_pending(&t.st, &d, 1), 1);
	CHECK_STR(d.step, "T1.A1.2");
	CHECK_CONTAINS(d.what, "pass: you cannot raise Prussia's bid of 3 "
	    "(you can pay at most 3)");
	n = aor_choices(&t.st, &d, &lines);
	CHECK_INT(n, 1);
	CHECK_STR(lines[0], "PASS");
	for (i = 0; i < n; i++)
		free(lines[i]);
	free(lines);
	/* with one more gold the raise to 4 is offered again */
	t.st.gold[C("spain")] = 2;
	CHECK_INT(aor_pending(&t.st, &d, 1), 1);
	n = aor_choices(&t.st, &d, &lines);
	CHECK_INT(n, 2);
	CHECK_CONTAINS(lines[0], "BID n A country B country, n from 4 to 4");
	for (i = 0; i < n; i++)
		free(lines[i]);
	free(lines);
	sb_release(&err);
	test_game_release(&t);
}
