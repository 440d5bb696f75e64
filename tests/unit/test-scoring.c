/*
 * test-scoring.c - income, area scoring, unrest losses, end of turn and
 * the winner (R31-R35, R4-R6), with the rules' worked examples.
 */
#include "test.h"

static const char *const seven[] = { "great-britain", "netherlands",
    "france", "spain", "prussia", "austria", "russia", NULL };
static const char *const four[] = { "prussia", "france", "austria",
    "netherlands", NULL };
static const char *const three[] = { "france", "netherlands", "spain",
    NULL };

/* Rules 4.5 example: Austria 3, Prussia 2, France 2, Netherlands 1. */
TEST(r32_german_states_example_scores_8_5_5_3)
{
	struct test_game t;
	int s[RS_MAX_COUNTRIES], gs = A("german-states");

	test_game_init(&t, four, NULL);
	t.st.discs[gs][C("austria")] = 3;
	t.st.discs[gs][C("prussia")] = 2;
	t.st.discs[gs][C("france")] = 2;
	t.st.discs[gs][C("netherlands")] = 1;
	aor_area_scores(&t.st, gs, s);
	CHECK_INT(s[C("austria")], 8);
	CHECK_INT(s[C("prussia")], 5);
	CHECK_INT(s[C("france")], 5);
	CHECK_INT(s[C("netherlands")], 3);
	aor_score_areas(&t.c);
	CHECK_INT(t.st.vp[C("austria")], 8);
	CHECK_INT(t.st.vp[C("netherlands")], 3);
	test_game_release(&t);
}

/* Rules 4.5 example: NPC Great Britain 2 in Africa blocks the first rank. */
TEST(r32_africa_npc_blocks_first_rank)
{
	struct test_game t;
	int af = A("africa");

	test_game_init(&t, three, NULL);
	t.st.discs[af][C("great-britain")] = 2;
	t.st.discs[af][C("france")] = 1;
	t.st.discs[af][C("netherlands")] = 1;
	aor_score_areas(&t.c);
	CHECK_INT(t.st.vp[C("france")], 2);
	CHECK_INT(t.st.vp[C("netherlands")], 2);
	CHECK_CONTAINS(test_events(&t), "Great Britain (non-player) 2 discs: "
	    "blocks a rank");
	test_game_release(&t);
}

TEST(r32_fourth_distinct_count_in_europe_scores_nothing)
{
	struct test_game t;
	int s[RS_MAX_COUNTRIES], ce = A("central-europe");

	test_game_init(&t, seven, NULL);
	t.st.discs[ce][C("austria")] = 4;
	t.st.discs[ce][C("prussia")] = 3;
	t.st.discs[ce][C("russia")] = 2;
	t.st.discs[ce][C("france")] = 1;
	aor_area_scores(&t.st, ce, s);
	CHECK_INT(s[C("austria")], t.st.rs->areas[ce].vp[0]);
	CHECK_INT(s[C("prussia")], t.st.rs->areas[ce].vp[1]);
	CHECK_INT(s[C("russia")], t.st.rs->areas[ce].vp[2]);
	CHECK_INT(s[C("france")], 0);
	CHECK_INT(s[C("spain")], 0);
	test_game_release(&t);
}

TEST(r32_colony_has_two_ranks_and_markers_do_not_count)
{
	struct test_game t;
	int s[RS_MAX_COUNTRIES], in = A("india");

	test_game_init(&t, three, NULL);
	t.st.marker[rs_marker_by_id(t.st.rs, "in3")] = MK_BOARD;
	t.st.discs[in][C("france")] = 2;
	t.st.discs[in][C("spain")] = 1;
	aor_area_scores(&t.st, in, s);
	CHECK_INT(s[C("france")], 6);
	CHECK_INT(s[C("spain")], 3);
	CHECK_INT(s[C("netherlands")], 0);
	test_game_release(&t);
}

/* Rules 4.5 example: level 7, rolls 3, 2, 5: three rolls, three VP. */
TEST(r33_unrest_example_level_7_rolls_3_2_5_loses_3)
{
	struct test_game t;
	static const unsigned faces[] = { 2, 1, 4 };	/* 3, 2, 5 */
	int au = C("austria");

	test_game_init(&t, four, NULL);
	t.st.unrest[au] = 7;
	t.st.vp[au] = 10;
	test_script(&t, faces, 3);
	CHECK_INT(aor_unrest_rolls(&t.c, au, 7), 3);
	CHECK_INT(t.dice.script_pos, 3);
	test_script(&t, faces, 3);
	t.st.unrest[C("prussia")] = 0;
	t.st.unrest[C("france")] = 0;
	t.st.unrest[C("netherlands")] = 0;
	aor_unrest_losses(&t.c);
	CHECK_INT(t.st.vp[au], 7);
	CHECK_CONTAINS(test_events(&t), "Austria has unrest level 7, rolls 3, "
	    "2, 5 and loses 3 VP (R33): 10 to 7.");
	test_game_release(&t);
}

TEST(r6_r33_vp_never_below_zero)
{
	struct test_game t;
	static const unsigned ones[] = { 0, 0, 0, 0, 0, 0, 0, 0 };
	int fr = C("france");

	test_game_init(&t, three, NULL);
	t.st.unrest[fr] = 4;
	t.st.vp[fr] = 1;
	t.st.unrest[C("netherlands")] = 0;
	t.st.unrest[C("spain")] = 0;
	test_script(&t, ones, 8);
	aor_unrest_losses(&t.c);
	CHECK_INT(t.st.vp[fr], 0);
	CHECK_INT(t.dice.script_pos, 4);
	test_game_release(&t);
}

TEST(r33_level_zero_rolls_nothing)
{
	struct test_game t;

	test_game_init(&t, three, NULL);
	t.st.unrest[C("france")] = 0;
	CHECK_INT(aor_unrest_rolls(&t.c, C("france"), 0), 0);
	CHECK_INT(t.dice.nlog, 0);
	test_game_release(&t);
}

/* Rules 4.6: unrest is halved rounding up, -5 becomes -3. */
TEST(r34_end_of_turn_halves_unrest_and_resets)
{
	struct test_game t;
	int fr = C("france"), k = BOX("banking");

	test_game_init(&t, three, NULL);
	t.st.unrest[fr] = 5;
	t.st.unrest[C("spain")] = 4;
	t.st.unrest[C("netherlands")] = 0;
	t.st.discard[fr] = 1u << 0;
	t.st.hand[fr] &= ~(1u << 0);
	t.st.box[k][0] = fr;
	aor_end_turn(&t.c);
	CHECK_INT(t.st.unrest[fr], 3);
	CHECK_INT(t.st.unrest[C("spain")], 2);
	CHECK_INT(t.st.unrest[C("netherlands")], 0);
	CHECK_INT(t.st.discard[fr], 0);
	CHECK(t.st.hand[fr] & 1u);
	CHECK_INT(t.st.box[k][0], NO_COUNTRY);
	CHECK_INT(t.st.alliance[0], NO_COUNTRY);
	test_game_release(&t);
}

TEST(r31_income_counts_area_discs_not_boxes)
{
	struct test_game t;
	int fr = C("france");

	test_game_init(&t, three, NULL);
	t.st.discs[A("india")][fr] = 2;
	t.st.discs[A("baltic")][fr] = 1;
	t.st.box[BOX("banking")][0] = fr;
	aor_income(&t.c);
	CHECK_INT(t.st.gold[fr], 14 + 3);
	t.st.variants |= VAR_INCOME_COUNTS_BOXES;
	aor_income(&t.c);
	CHECK_INT(t.st.gold[fr], 17 + 4);
	test_game_release(&t);
}

TEST(r35_winner_most_vp_then_least_unrest_then_most_discs)
{
	struct test_game t;
	int fr = C("france"), ne = C("netherlands"), sp = C("spain");

	test_game_init(&t, three, NULL);
	t.st.vp[fr] = 20; t.st.vp[ne] = 20; t.st.vp[sp] = 19;
	t.st.unrest[fr] = 3; t.st.unrest[ne] = 2;
	aor_determine_winner(&t.c);
	CHECK_INT(t.st.nwinners, 1);
	CHECK_INT(t.st.winners[0], ne);

	t.st.unrest[fr] = 2;
	t.st.discs[A("india")][fr] = 2;
	t.st.discs[A("india")][ne] = 1;
	aor_determine_winner(&t.c);
	CHECK_INT(t.st.nwinners, 1);
	CHECK_INT(t.st.winners[0], fr);

	t.st.discs[A("india")][ne] = 2;
	aor_determine_winner(&t.c);
	CHECK_INT(t.st.nwinners, 2);
	CHECK_CONTAINS(test_events(&t), "France and Netherlands share the win");
	test_game_release(&t);
}

/* R4, R5: borrowing 2 gold per unrest step, as few as cover the debt. */
TEST(r5_forced_borrowing_takes_few_steps_and_keeps_surplus)
{
	struct test_game t;
	int fr = C("france");

	test_game_init(&t, three, NULL);
	t.st.gold[fr] = 0;
	t.st.unrest[fr] = 4;
	aor_pay(&t.c, fr, 3, "a test");
	CHECK_INT(t.st.gold[fr], 1);
	CHECK_INT(t.st.unrest[fr], 6);
	t.st.gold[fr] = 1;
	aor_pay(&t.c, fr, 2, "a test");
	CHECK_INT(t.st.gold[fr], 1);
	CHECK_INT(t.st.unrest[fr], 7);
	CHECK(aor_can_pay(&t.st, fr, 1 + 2 * (22 - 7)));
	CHECK(!aor_can_pay(&t.st, fr, 2 + 2 * (22 - 7)));
	t.st.unrest[fr] = 22;
	t.st.gold[fr] = 0;
	CHECK(!aor_can_pay(&t.st, fr, 1));
	test_game_release(&t);
}

TEST(r4_unrest_capped_at_22)
{
	struct test_game t;
	int fr = C("france");

	test_game_init(&t, three, NULL);
	t.st.unrest[fr] = 21;
	aor_gain_unrest(&t.c, fr, 3, "a test");
	CHECK_INT(t.st.unrest[fr], 22);
	test_game_release(&t);
}
