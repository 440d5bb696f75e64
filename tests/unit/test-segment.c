/*
 * test-segment.c - placements in the action boxes (R3, R13-R17, R37).
 */
#include "test.h"
#include "orders.h"
#include "util.h"

static const char *const four[] = { "prussia", "france", "austria",
    "netherlands", NULL };
static const char *const five[] = { "prussia", "france", "austria",
    "netherlands", "spain", NULL };

/* country's order for the segment under way */
static int
seg(struct test_game *t, const char *country, const char *lines,
    struct strbuf *err)
{
	char step[32];

	snprintf(step, sizeof(step), "T%d.S%d", t->st.turn, t->st.segment);
	return test_order(t, country, step, lines, err);
}

TEST(r13_four_players_six_segments_five_players_five)
{
	struct test_game t;

	test_game_init(&t, four, NULL);
	CHECK_INT(aor_segments_per_turn(&t.st), 6);
	test_game_release(&t);
	test_game_init(&t, five, NULL);
	CHECK_INT(aor_segments_per_turn(&t.st), 5);
	test_game_release(&t);
}

TEST(r16_banking_trading_and_r4_government_reform)
{
	struct test_game t;
	struct strbuf err;
	int pr = C("prussia"), fr = C("france"), au = C("austria");

	sb_init(&err);
	test_game_init(&t, four, NULL);
	CHECK_INT(seg(&t, "prussia", "PLACE Bankwesen", &err), 0);
	CHECK_INT(t.st.gold[pr], 19);
	t.st.discs[A("india")][fr] = 2;
	t.st.discs[A("east-indies")][fr] = 1;
	CHECK_INT(seg(&t, "france", "PLACE east indies co", &err), 0);
	CHECK_INT(t.st.gold[fr], 14 + 6);
	t.st.unrest[au] = 1;
	CHECK_INT(seg(&t, "austria", "PLACE government reform", &err), 0);
	CHECK_INT(t.st.unrest[au], 0);
	CHECK_CONTAINS(test_events(&t), "France takes 6 gold for 3 discs "
	    "(East Indies Company, R16).");
	sb_release(&err);
	test_game_release(&t);
}

TEST(r15_box_cost_paid_and_borrowed)
{
	struct test_game t;
	struct strbuf err;
	int pr = C("prussia");

	sb_init(&err);
	test_game_init(&t, four, NULL);
	t.st.gold[pr] = 0;
	CHECK_INT(seg(&t, "prussia", "PLACE Denmark", &err), 0);
	CHECK_INT(t.st.gold[pr], 1);
	CHECK_INT(t.st.unrest[pr], 5);
	CHECK_INT(t.st.box[BOX("denmark")][0], pr);
	sb_release(&err);
	test_game_release(&t);
}

TEST(r15_r5_unaffordable_box_at_unrest_22_rejected)
{
	struct test_game t;
	struct strbuf err;
	int pr = C("prussia");

	sb_init(&err);
	test_game_init(&t, four, NULL);
	t.st.gold[pr] = 0;
	t.st.unrest[pr] = 22;
	CHECK_INT(seg(&t, "prussia", "PLACE Sweden", &err), -1);
	CHECK_CONTAINS(err.buf, "costs 1 gold, more than Prussia can pay");
	CHECK_INT(t.st.box[BOX("sweden")][0], NO_COUNTRY);
	CHECK_INT(seg(&t, "prussia", "PLACE Saxony", &err), 0);
	sb_release(&err);
	test_game_release(&t);
}

TEST(r15_five_plus_box_missing_with_four_players)
{
	struct test_game t;
	struct strbuf err;

	sb_init(&err);
	test_game_init(&t, four, NULL);
	CHECK_INT(seg(&t, "prussia", "PLACE Army Training", &err), 0);
	CHECK_INT(seg(&t, "france", "PLACE Army Training", &err), -1);
	CHECK_CONTAINS(err.buf, "its other box exists only with 5 or more "
	    "players, R15");
	test_game_release(&t);
	test_game_init(&t, five, NULL);
	CHECK_INT(seg(&t, "prussia", "PLACE Army Training", &err), 0);
	CHECK_INT(seg(&t, "france", "PLACE Army Training", &err), 0);
	CHECK_INT(t.st.box[BOX("army-training")][1], C("france"));
	CHECK_INT(seg(&t, "austria", "PLACE Army Training", &err), -1);
	CHECK_CONTAINS(err.buf, "is occupied (R15)");
	sb_release(&err);
	test_game_release(&t);
}

TEST(r3_no_disc_in_supply_rejected)
{
	struct test_game t;
	struct strbuf err;

	sb_init(&err);
	test_game_init(&t, four, NULL);
	t.st.discs[A("india")][C("prussia")] = 22;
	CHECK_INT(aor_supply(&t.st, C("prussia")), 0);
	CHECK_INT(seg(&t, "prussia", "PLACE Banking", &err), -1);
	CHECK_CONTAINS(err.buf, "no disc left in supply (R3)");
	CHECK_INT(seg(&t, "prussia", "PASS", &err), 0);
	sb_release(&err);
	test_game_release(&t);
}

TEST(r17_militia_takes_a_soldiers_card_pressgangs_a_ship_card)
{
	struct test_game t;
	struct strbuf err;
	int pr = C("prussia"), fr = C("france");
	int c302 = CARD(pr, "3/0/2"), c213 = CARD(pr, "2/1/3");
	int f111 = CARD(fr, "1/1/1"), f300 = CARD(fr, "3/0/3");

	sb_init(&err);
	test_game_init(&t, five, NULL);
	t.st.hand[pr] &= ~(1u << c302 | 1u << c213);
	t.st.discard[pr] = 1u << c302 | 1u << c213;
	t.st.hand[fr] &= ~(1u << f111 | 1u << f300);
	t.st.discard[fr] = 1u << f111 | 1u << f300;
	CHECK_INT(seg(&t, "prussia", "PLACE Militia TAKE 2/1/3", &err), -1);
	CHECK_CONTAINS(err.buf, "not one Militia takes back (R17)");
	/* one eligible card: taken without naming it */
	CHECK_INT(seg(&t, "prussia", "PLACE Militia", &err), 0);
	CHECK(t.st.hand[pr] & (1u << c302));
	CHECK(t.st.discard[pr] == 1u << c213);
	CHECK_INT(seg(&t, "france", "PLACE Pressgangs TAKE 3/0/3", &err), -1);
	CHECK_INT(seg(&t, "france", "PLACE Zwangsrekrutierung TAKE 1/1/1",
	    &err), 0);
	CHECK(t.st.hand[fr] & (1u << f111));
	/* the public event does not name the card, the private one does */
	CHECK_CONTAINS(test_events(&t), "France takes a card back from the "
	    "discard pile (Pressgangs, R17).");
	CHECK_CONTAINS(test_events(&t), "You take back card 1/1/1.");
	sb_release(&err);
	test_game_release(&t);
}

TEST(r17_pressgangs_any_card_variant_and_no_eligible_card)
{
	struct test_game t;
	struct strbuf err;
	int pr = C("prussia"), c302 = CARD(pr, "3/0/2");

	sb_init(&err);
	test_game_init(&t, five, NULL);
	t.st.hand[pr] &= ~(1u << c302);
	t.st.discard[pr] = 1u << c302;
	t.st.variants |= VAR_PRESSGANGS_ANY_CARD;
	CHECK_INT(seg(&t, "prussia", "PLACE Pressgangs TAKE 3/0/2", &err), 0);
	CHECK_INT(t.st.discard[pr], 0);
	/* France has nothing to take back: legal, does nothing (R17) */
	CHECK_INT(seg(&t, "france", "PLACE Militia", &err), 0);
	CHECK_CONTAINS(test_events(&t), "France has no card that Militia takes "
	    "back");
	sb_release(&err);
	test_game_release(&t);
}

TEST(r14_one_placement_per_segment_and_attacks_need_war_office)
{
	struct test_game t;
	struct strbuf err;

	sb_init(&err);
	test_game_init(&t, four, NULL);
	CHECK_INT(seg(&t, "prussia", "PLACE Banking\nPLACE Saxony", &err),
	    -1);
	CHECK_CONTAINS(err.buf, "one placement per segment (R14)");
	CHECK_INT(seg(&t, "prussia", "PASS\nPLACE Saxony", &err), -1);
	CHECK_CONTAINS(err.buf, "PASS stands alone");
	sb_release(&err);
	test_game_release(&t);
}

TEST(r37_missed_segment_is_passed_and_segments_advance)
{
	struct test_game t;
	struct decision d;
	int i;

	test_game_init(&t, four, NULL);
	for (i = 0; i < 4; i++) {
		aor_pending(&t.st, &d, 1);
		aor_default(&t.c, &d);
	}
	aor_pending(&t.st, &d, 1);
	CHECK_STR(d.step, "T1.S2");
	CHECK_INT(d.country, C("prussia"));
	CHECK_CONTAINS(test_events(&t), "Netherlands misses the deadline and "
	    "passes segment 1 (R37).");
	test_game_release(&t);
}

TEST(orders_name_lookup_german_prefix_and_suggestion)
{
	const struct ruleset *rs = test_ruleset();
	struct strbuf err;

	sb_init(&err);
	CHECK_INT(rs_find_area(rs, "Ostseeraum", &err), A("baltic"));
	CHECK_INT(rs_find_area(rs, "balt", &err), A("baltic"));
	CHECK_INT(rs_find_country(rs, "Österreich", &err), C("austria"));
	CHECK_INT(rs_find_country(rs, "oesterreich", &err), C("austria"));
	CHECK_INT(rs_find_country(rs, "Preussen", &err), C("prussia"));
	CHECK_INT(rs_find_boxkind(rs, "Dänemark", &err), BOX("denmark"));
	CHECK_INT(rs_find_area(rs, "Baltc", &err), -1);
	CHECK_STR(err.buf, "unknown area 'Baltc' (did you mean 'Baltic'?)");
	sb_reset(&err);
	CHECK_INT(rs_find_boxkind(rs, "Na", &err), -1);
	CHECK_CONTAINS(err.buf, "ambiguous action box 'Na'");
	sb_release(&err);
}

TEST(orders_step_forms)
{
	struct strbuf err;
	char out[32];

	sb_init(&err);
	CHECK_INT(aor_parse_step("t1.a2.3", out, sizeof(out), &err), 0);
	CHECK_STR(out, "T1.A2.3");
	CHECK_INT(aor_parse_step("Turn 2 Segment 4", out, sizeof(out), &err),
	    0);
	CHECK_STR(out, "T2.S4");
	CHECK_INT(aor_parse_step("turn 1 auction 2 bid 3", out, sizeof(out),
	    &err), 0);
	CHECK_STR(out, "T1.A2.3");
	CHECK_INT(aor_parse_step("segment 4", out, sizeof(out), &err), -1);
	CHECK_CONTAINS(err.buf, "bad step 'segment 4'");
	sb_release(&err);
}
