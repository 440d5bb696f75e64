/*
 * test-audit.c - the rules audit of Age of Reason: every action box, the
 * kinds of attack and every tie rule, each with pinned dice and the exact
 * outcome the rules (section cited) and the rulings (R id) give.
 */
#include <stdlib.h>

#include "test.h"
#include "orders.h"
#include "util.h"

/* Boxes 1 Prussia, 2 Austria, 3 France, 4 Spain, 5 GB, 6 NL, 7 Russia:
 * top Prussia, France, GB (NPC), Russia (NPC); bottom Austria, Spain,
 * NL (NPC). */
static const char *const four[] = { "prussia", "austria", "france",
    "spain", NULL };
static const char *const four_alliances[] = { "prussia", "austria",
    "france", "spain", "great-britain", "netherlands", "russia", NULL };
static const char *const five[] = { "prussia", "austria", "france",
    "spain", "netherlands", NULL };
static const char *const three[] = { "france", "netherlands", "spain",
    NULL };

static struct strbuf err;

static int
order(struct test_game *t, const char *country, const char *step,
    const char *lines)
{
	if (err.buf == NULL)
		sb_init(&err);
	return test_order(t, country, step, lines, &err);
}

/* Rules 6.0 (trading), R16: 2 gold a disc in the box's area(s). */
TEST(r16_every_trading_box_pays_two_gold_a_disc_in_its_areas)
{
	static const struct {
		const char *box, *order;
		int gold;
	} want[] = {
		{ "baltic-company", "PLACE Baltic Company", 2 * 2 },
		{ "east-indies-company", "PLACE East Indies Company",
		    2 * (1 + 3) },
		{ "gold-mines", "PLACE Gold Mines", 2 * 3 },
		{ "levant-company", "PLACE Levant Company", 2 * (1 + 3) },
		{ "slaves", "PLACE Slaves", 2 * 2 },
		{ "sugar-plantations", "PLACE Sugar Plantations", 2 * 1 },
		{ "tobacco", "PLACE Tobacco", 2 * 2 },
	};
	static const struct {
		const char *area;
		int n;
	} discs[] = {
		{ "german-states", 1 }, { "baltic", 2 }, { "central-europe", 1 },
		{ "mediterranean", 3 }, { "ottoman-empire", 1 },
		{ "north-america", 2 }, { "caribbean", 1 },
		{ "south-america", 3 }, { "africa", 2 }, { "india", 1 },
		{ "east-indies", 3 },
	};
	struct test_game t;
	size_t i, k;
	int pr = C("prussia");

	for (i = 0; i < ARRAY_SIZE(want); i++) {
		test_game_init(&t, four, four_alliances);
		for (k = 0; k < ARRAY_SIZE(discs); k++)
			t.st.discs[A(discs[k].area)][pr] = discs[k].n;
		/* an NPC's and another player's discs earn Prussia nothing */
		t.st.discs[A("baltic")][C("russia")] = 2;
		t.st.discs[A("india")][C("austria")] = 2;
		CHECK_INT(order(&t, "prussia", "T1.S1", want[i].order), 0);
		CHECK_INT(t.st.box[BOX(want[i].box)][0], pr);
		CHECK_INT(t.st.gold[pr], 14 + want[i].gold);
		CHECK_INT(t.st.gold[C("austria")], 14);
		test_game_release(&t);
	}
}

/*
 * Rules 6.0 (support), R18, R26: each support box adds its amount to its
 * holder's strength in its areas and nothing elsewhere.  Prussia attacks
 * a numbered marker in every area with the blank card (no soldiers),
 * rolls 1 and 1 (difference 0), and the marker's defence is fixed (the
 * variant of R26, so no marker dice): the strength is the box alone.
 */
TEST(r18_every_support_box_counts_only_in_its_areas)
{
	static const struct {
		const char *box;
		int amount;
		const char *areas[3];
	} sup[] = {
		{ "bavaria", 1, { "german-states" } },
		{ "cossacks", 1, { "central-europe" } },
		{ "denmark", 2, { "baltic" } },
		{ "gauchos", 1, { "south-america" } },
		{ "indian-nawab", 1, { "india" } },
		{ "naples", 1, { "mediterranean" } },
		{ "native-americans", 1, { "north-america" } },
		{ "ottomans", 2, { "ottoman-empire", "mediterranean" } },
		{ "portugal", 2, { "south-america", "india", "east-indies" } },
		{ "saxony", 1, { "german-states" } },
		{ "sweden", 2, { "baltic" } },
	};
	/* a numbered marker of each area (formats/age-of-reason.xml) */
	static const char *const mk[][2] = {
		{ "german-states", "gs1" }, { "baltic", "ba1" },
		{ "central-europe", "ce1" }, { "mediterranean", "me1" },
		{ "ottoman-empire", "ot1" }, { "north-america", "na3" },
		{ "caribbean", "ca4" }, { "south-america", "sa3" },
		{ "africa", "af3" }, { "india", "in3" }, { "east-indies", "ei3" },
	};
	static const unsigned ones[] = { 0, 0 };
	size_t b, a, k;
	int pr = C("prussia");

	CHECK_INT(ARRAY_SIZE(mk), test_ruleset()->nareas);
	for (b = 0; b < ARRAY_SIZE(sup); b++)
		for (a = 0; a < ARRAY_SIZE(mk); a++) {
			struct test_game t;
			char *line, *want;
			int expect = 0;

			for (k = 0; k < 3 && sup[b].areas[k] != NULL; k++)
				if (strcmp(sup[b].areas[k], mk[a][0]) == 0)
					expect = sup[b].amount;
			test_game_init(&t, four, four_alliances);
			t.st.variants |= VAR_MARKER_FIXED_DEFENCE;
			t.st.discs[A(mk[a][0])][pr] = 1;
			t.st.marker[rs_marker_by_id(t.st.rs, mk[a][1])] =
			    MK_BOARD;
			t.st.box[BOX(sup[b].box)][0] = pr;
			test_script(&t, ones, 2);
			line = xasprintf("ATTACK MARKER %s WITH blank RESERVE "
			    "never", mk[a][1]);
			CHECK_INT(order(&t, "prussia", "T1.S1", line), 0);
			CHECK_INT(t.dice.script_pos, 2);
			want = xasprintf("Strength of Prussia: %d (", expect);
			CHECK_CONTAINS(test_events(&t), want);
			if (strstr(test_events(&t), want) == NULL)
				fprintf(stderr, "  box %s, area %s\n",
				    sup[b].box, mk[a][0]);
			free(line);
			free(want);
			test_game_release(&t);
		}
}

/*
 * Rules 6.0, R18: Army Training +1 in every combat, both boxes +2; Navy
 * Training likewise, but only in the colonies, the Baltic and the
 * Mediterranean.  Strength of the blank card and dice 1 and 1 (see
 * above) with both kinds of training, one box or both.
 */
TEST(r18_army_and_navy_training_one_box_one_both_boxes_two)
{
	static const struct {
		int boxes;		/* of each kind */
		const char *marker;
		int strength;
	} want[] = {
		{ 1, "gs1", 1 }, { 1, "ba1", 2 }, { 1, "in3", 2 },
		{ 1, "ot1", 1 },
		{ 2, "gs1", 2 }, { 2, "ba1", 4 }, { 2, "in3", 4 },
		{ 2, "me1", 4 }, { 2, "ce1", 2 },
	};
	static const unsigned ones[] = { 0, 0 };
	size_t i;
	int pr = C("prussia");

	for (i = 0; i < ARRAY_SIZE(want); i++) {
		struct test_game t;
		int m = rs_marker_by_id(test_ruleset(), want[i].marker), k;
		char *line, *text;

		test_game_init(&t, five, NULL);	/* 5+ boxes exist (R15) */
		t.st.variants |= VAR_MARKER_FIXED_DEFENCE;
		t.st.marker[m] = MK_BOARD;
		t.st.discs[t.st.rs->markers[m].area][pr] = 1;
		for (k = 0; k < want[i].boxes; k++) {
			t.st.box[BOX("army-training")][k] = pr;
			t.st.box[BOX("navy-training")][k] = pr;
		}
		test_script(&t, ones, 2);
		line = xasprintf("ATTACK MARKER %s WITH blank", want[i].marker);
		CHECK_INT(order(&t, "prussia", "T1.S1", line), 0);
		text = xasprintf("Strength of Prussia: %d (", want[i].strength);
		CHECK_CONTAINS(test_events(&t), text);
		free(line);
		free(text);
		test_game_release(&t);
	}
}

/* R18: the defender's own training counts too (rules 6.0: "your"). */
TEST(r18_defender_army_training_counts)
{
	struct test_game t;
	static const unsigned dice[] = { 1, 0, 0, 0 };	/* 2 1 | 1 1 */
	int gs = A("german-states");

	test_game_init(&t, four, four_alliances);
	t.st.discs[gs][C("prussia")] = 1;
	t.st.discs[gs][C("austria")] = 1;
	t.st.box[BOX("army-training")][0] = C("austria");
	CHECK_INT(order(&t, "prussia", "T1.S1", "ATTACK Austria IN German "
	    "States WITH 1/0/0"), 0);
	test_script(&t, dice, 4);
	CHECK_INT(order(&t, "austria", "T1.C1.DEFEND", "DEFEND WITH 1/0/0"),
	    0);
	/* 1 + 1 = 2 against 0 + 1 + 1 = 2: a tie, the disc stays */
	CHECK_CONTAINS(test_events(&t), "Strength of Austria: 2 (dice 1 and 1: "
	    "difference 0; card 1/0/0: 1 soldier; Army Training: 1).");
	CHECK_INT(t.st.discs[gs][C("austria")], 1);
	CHECK_INT(t.st.unrest[C("prussia")], 4 + 2);
	CHECK_INT(t.st.unrest[C("austria")], 4 + 1);
	test_game_release(&t);
}

/*
 * Rules 4.3.2 II, R24, R26, R27: a tie against a non-player disc.  Prussia
 * 5 + 3 = 8; the Netherlands' disc (NPC) 3 + 4 + Austria's ally card 1 =
 * 8.  The attacker gains 2 (failed, tie), the ally who played the ally
 * card 1, the bluffer nothing; the NPC has no unrest; the disc stays.
 */
TEST(r27_tie_against_an_npc_disc_attacker_two_ally_one_bluff_none)
{
	struct test_game t;
	static const unsigned dice[] = { 5, 0, 3, 0 };	/* 6 1 | 4 1 */
	int ce = A("central-europe");

	test_game_init(&t, four, four_alliances);
	t.st.discs[ce][C("netherlands")] = 1;
	t.st.discs[ce][C("prussia")] = 1;
	t.st.discs[ce][C("austria")] = 1;
	t.st.discs[ce][C("spain")] = 1;
	CHECK_INT(order(&t, "prussia", "T1.S1", "ATTACK Netherlands IN "
	    "Central Europe WITH 3/0/2"), 0);
	CHECK_INT(t.st.combat.join[C("austria")], JN_PENDING);
	CHECK_INT(t.st.combat.side[C("austria")], 1);
	CHECK_INT(order(&t, "austria", "T1.C1.JOIN", "JOIN ALLY"), 0);
	test_script(&t, dice, 4);
	CHECK_INT(order(&t, "spain", "T1.C1.JOIN", "JOIN BLUFF"), 0);
	CHECK_INT(t.dice.script_pos, 4);
	CHECK_CONTAINS(test_events(&t), "Strength of Prussia: 8 (");
	CHECK_CONTAINS(test_events(&t), "Strength of Netherlands: 8 (dice 4 "
	    "and 1: difference 3; a non-player disc 4; 1 ally card: 1).");
	CHECK_INT(t.st.discs[ce][C("netherlands")], 1);
	CHECK_INT(t.st.discs[ce][C("prussia")], 1);
	CHECK_INT(t.st.unrest[C("prussia")], 4 + 2);
	CHECK_INT(t.st.unrest[C("austria")], 4 + 1);
	CHECK_INT(t.st.unrest[C("spain")], 4);
	CHECK_INT(t.st.gold[C("prussia")], 14 - 2);
	CHECK_INT(t.st.gold[C("austria")], 14 - 1);
	CHECK_INT(t.st.gold[C("spain")], 14);
	test_game_release(&t);
}

/*
 * Rules 4.3.2 III, R24, R27: a marker has no allies, so a player of the
 * other alliance with a disc there is not asked; the attacker's ally may
 * join.  Prussia 1 + 3 + France's ally 1 = 5 against gs3's 1 + 4 = 5: a
 * tie.  Prussia gains 2, France 1; the marker stays.
 */
TEST(r24_r27_tie_against_a_marker_attacker_two_ally_one)
{
	struct test_game t;
	static const unsigned dice[] = { 1, 0, 1, 0 };	/* 2 1 | 2 1 */
	int gs = A("german-states"), m = rs_marker_by_id(test_ruleset(),
	    "gs3");
	struct decision d[RS_MAX_COUNTRIES];

	test_game_init(&t, four, four_alliances);
	t.st.marker[m] = MK_BOARD;
	t.st.discs[gs][C("prussia")] = 1;
	t.st.discs[gs][C("france")] = 1;
	t.st.discs[gs][C("austria")] = 1;
	CHECK_INT(order(&t, "prussia", "T1.S1", "ATTACK MARKER gs3 WITH "
	    "3/0/2"), 0);
	CHECK_INT(aor_pending(&t.st, d, RS_MAX_COUNTRIES), 1);
	CHECK_INT(d[0].country, C("france"));
	CHECK_INT(t.st.combat.join[C("austria")], JN_NOT_ELIGIBLE);
	test_script(&t, dice, 4);
	CHECK_INT(order(&t, "france", "T1.C1.JOIN", "JOIN ALLY"), 0);
	CHECK_CONTAINS(test_events(&t), "Strength of Prussia: 5 (dice 2 and 1: "
	    "difference 1; card 3/0/2: 3 soldiers; 1 ally card: 1).");
	CHECK_CONTAINS(test_events(&t), "Strength of the marker: 5 (dice 2 and "
	    "1: difference 1; marker's number 4).");
	CHECK_INT(t.st.marker[m], MK_BOARD);
	CHECK_INT(t.st.discs[gs][C("prussia")], 1);
	CHECK_INT(t.st.unrest[C("prussia")], 4 + 2);
	CHECK_INT(t.st.unrest[C("france")], 4 + 1);
	CHECK_INT(t.st.unrest[C("austria")], 4);
	test_game_release(&t);
}

/*
 * Rules 4.3.2 III and II, R25: the attacker may buy NPC allies against a
 * marker too; the marker gets none.  Prussia 0 + 1 + GB 1 = 2 against
 * in3's 0 + 3: the defender wins by 1, the attacker gains 2 (failed,
 * lower); a marker takes no unrest.
 */
TEST(r25_npc_ally_for_the_attacker_of_a_marker)
{
	struct test_game t;
	static const unsigned dice[] = { 0, 0, 0, 0 };
	int in = A("india"), m = rs_marker_by_id(test_ruleset(), "in3");

	test_game_init(&t, four, four_alliances);
	t.st.marker[m] = MK_BOARD;
	t.st.discs[in][C("prussia")] = 1;
	t.st.discs[in][C("great-britain")] = 1;	/* NPC, Prussia's row */
	t.st.discs[in][C("netherlands")] = 1;	/* NPC, other row */
	CHECK_INT(order(&t, "prussia", "T1.S1", "ATTACK MARKER in3 WITH "
	    "1/1/2 NPC Netherlands"), -1);
	CHECK_CONTAINS(err.buf, "Netherlands cannot be an NPC ally here");
	test_script(&t, dice, 4);
	CHECK_INT(order(&t, "prussia", "T1.S1", "ATTACK MARKER in3 WITH "
	    "1/1/2 NPC ALL"), 0);
	/* 0 + 1 soldier + 1 ship + GB 1 = 3 against 0 + 3: a tie */
	CHECK_CONTAINS(test_events(&t), "Strength of Prussia: 3 (dice 1 and 1: "
	    "difference 0; card 1/1/2: 1 soldier, 1 ship; NPC ally Great "
	    "Britain: 1).");
	CHECK_INT(t.st.gold[C("prussia")], 14 - 2 - 1);
	CHECK_INT(t.st.unrest[C("prussia")], 4 + 2);
	CHECK_INT(t.st.marker[m], MK_BOARD);
	test_game_release(&t);
}

/*
 * Rules 4.3.2 I, R21: a conversion with a ship card needs no disc in the
 * area, costs 2 gold and not the card's cost, and discards the card; no
 * dice are rolled and nobody is asked to join.
 */
TEST(r21_conversion_with_a_ship_card_costs_two_needs_no_presence)
{
	struct test_game t;
	int pr = C("prussia"), ca = A("caribbean");
	int m = rs_marker_by_id(test_ruleset(), "ca1");

	test_game_init(&t, four, four_alliances);
	t.st.marker[m] = MK_BOARD;
	t.st.discs[ca][C("france")] = 1;	/* Prussia's ally: not asked */
	CHECK_INT(order(&t, "prussia", "T1.S1", "CONVERT MARKER ca1 WITH "
	    "2/1/3"), 0);
	CHECK_INT(t.st.combat.stage, CS_NONE);
	CHECK_INT(t.dice.nlog, 0);
	CHECK_INT(t.st.marker[m], MK_OUT);
	CHECK_INT(t.st.discs[ca][pr], 1);
	CHECK_INT(t.st.gold[pr], 14 - 2);
	CHECK(t.st.discard[pr] == 1u << CARD(pr, "2/1/3"));
	CHECK_INT(t.st.unrest[pr], 4);
	/* a numbered marker is attacked, never converted */
	t.st.marker[rs_marker_by_id(test_ruleset(), "ca4")] = MK_BOARD;
	test_set_actor(&t, "austria");
	t.st.discs[ca][C("austria")] = 1;
	CHECK_INT(order(&t, "austria", "T1.S1", "CONVERT MARKER ca4 WITH "
	    "1/1/2"), -1);
	CHECK_CONTAINS(err.buf, "no action marker to convert");
	CHECK_INT(order(&t, "austria", "T1.S1", "ATTACK MARKER ca1 WITH "
	    "1/1/2"), -1);
	test_game_release(&t);
}

/* R22: an NPC of the attacker's own alliance cannot be attacked. */
TEST(r22_npc_of_the_own_alliance_cannot_be_attacked)
{
	struct test_game t;
	int ce = A("central-europe");

	test_game_init(&t, four, four_alliances);
	t.st.discs[ce][C("prussia")] = 1;
	t.st.discs[ce][C("russia")] = 1;	/* NPC, top row */
	CHECK_INT(order(&t, "prussia", "T1.S1", "ATTACK Russia IN Central "
	    "Europe WITH 3/0/2"), -1);
	CHECK_CONTAINS(err.buf, "never attack an allied country (R22)");
	CHECK_INT(t.st.discs[ce][C("russia")], 1);
	test_game_release(&t);
}

/*
 * R19: under the default policy the defender re-rolls only when strictly
 * lower, so a tie keeps his Reserve; the attacker re-rolls on a tie.
 * 1 1 | 1 1 with blank cards: 0 to 0.  The attacker re-rolls (6 1 | 6 1:
 * 5 to 5, a tie again); the defender keeps his disc and his Reserve.
 */
TEST(r19_on_a_tie_the_attacker_re_rolls_the_defender_does_not)
{
	struct test_game t;
	static const unsigned dice[] = { 0, 0, 0, 0, 5, 0, 5, 0 };
	int gs = A("german-states");

	test_game_init(&t, four, four_alliances);
	t.st.discs[gs][C("prussia")] = 1;
	t.st.discs[gs][C("austria")] = 1;
	t.st.box[BOX("reserve")][0] = C("prussia");
	t.st.box[BOX("reserve")][1] = C("austria");
	CHECK_INT(order(&t, "prussia", "T1.S1", "ATTACK Austria IN German "
	    "States WITH blank"), 0);
	test_script(&t, dice, 8);
	CHECK_INT(order(&t, "austria", "T1.C1.DEFEND", "DEFEND WITH blank"),
	    0);
	CHECK_INT(t.dice.script_pos, 8);
	CHECK_INT(t.st.box[BOX("reserve")][0], NO_COUNTRY);
	CHECK_INT(t.st.box[BOX("reserve")][1], C("austria"));
	CHECK_INT(aor_supply(&t.st, C("prussia")), 22 - 1);
	CHECK_INT(t.st.unrest[C("prussia")], 4 + 2);
	CHECK_INT(t.st.unrest[C("austria")], 4 + 1);
	test_game_release(&t);
}

/*
 * Rules 4.5, R32: a tie for first place takes the first value and the
 * next lower count still takes the second (the rules' note); in a colony
 * the third count scores nothing; an NPC tied with players for first
 * takes the rank with them and records nothing.
 */
TEST(r32_ties_take_the_higher_value_and_the_next_count_the_next)
{
	struct test_game t;
	int s[RS_MAX_COUNTRIES], gs = A("german-states"), in = A("india");
	int af = A("africa"), fr = C("france"), ne = C("netherlands");
	int sp = C("spain");

	test_game_init(&t, three, NULL);
	t.st.discs[gs][fr] = 3;
	t.st.discs[gs][ne] = 3;
	t.st.discs[gs][sp] = 1;
	t.st.discs[gs][C("austria")] = 1;	/* NPC tied with Spain */
	aor_area_scores(&t.st, gs, s);
	CHECK_INT(s[fr], 8);
	CHECK_INT(s[ne], 8);
	CHECK_INT(s[sp], 5);
	CHECK_INT(s[C("austria")], 5);
	/* all three tied: all take the first value */
	t.st.discs[gs][sp] = 3;
	t.st.discs[gs][C("austria")] = 0;
	aor_area_scores(&t.st, gs, s);
	CHECK_INT(s[fr], 8);
	CHECK_INT(s[ne], 8);
	CHECK_INT(s[sp], 8);
	/* India 6/3: 2, 2, 1 score 6, 6, 3; a fourth lower count nothing */
	t.st.discs[in][fr] = 2;
	t.st.discs[in][ne] = 2;
	t.st.discs[in][sp] = 1;
	aor_area_scores(&t.st, in, s);
	CHECK_INT(s[fr], 6);
	CHECK_INT(s[ne], 6);
	CHECK_INT(s[sp], 3);
	t.st.discs[in][ne] = 1;
	t.st.discs[in][sp] = 0;
	t.st.discs[in][C("prussia")] = 3;	/* NPC first */
	aor_area_scores(&t.st, in, s);
	CHECK_INT(s[fr], 3);
	CHECK_INT(s[ne], 0);
	/* Africa 4/2: NPC Great Britain tied with France for first */
	t.st.discs[af][C("great-britain")] = 2;
	t.st.discs[af][fr] = 2;
	t.st.discs[af][ne] = 1;
	aor_area_scores(&t.st, af, s);
	CHECK_INT(s[fr], 4);
	CHECK_INT(s[ne], 2);
	/* the whole scoring records players only */
	memset(t.st.discs, 0, sizeof(t.st.discs));
	t.st.discs[af][C("great-britain")] = 2;
	t.st.discs[af][fr] = 2;
	t.st.discs[af][ne] = 1;
	aor_score_areas(&t.c);
	CHECK_INT(t.st.vp[fr], 4);
	CHECK_INT(t.st.vp[ne], 2);
	CHECK_INT(t.st.vp[sp], 0);
	test_game_release(&t);
}

/*
 * Rules 4.5, R33: the rolls stop when the sum equals the level (equals
 * or exceeds): level 7, rolls 3 and 4, two VP; level 1, one roll.
 */
TEST(r33_unrest_rolls_stop_when_the_sum_equals_the_level)
{
	struct test_game t;
	static const unsigned faces[] = { 2, 3, 5 };	/* 3, 4, (6) */
	static const unsigned six[] = { 5 };
	int fr = C("france");

	test_game_init(&t, three, NULL);
	test_script(&t, faces, 3);
	CHECK_INT(aor_unrest_rolls(&t.c, fr, 7), 2);
	CHECK_INT(t.dice.script_pos, 2);
	test_script(&t, six, 1);
	CHECK_INT(aor_unrest_rolls(&t.c, fr, 1), 1);
	CHECK_INT(t.dice.script_pos, 1);
	test_script(&t, six, 1);
	CHECK_INT(aor_unrest_rolls(&t.c, fr, 6), 1);
	test_game_release(&t);
}

/*
 * Rules 5.0, R35: a tie on VP, unrest and discs in areas is a shared win
 * of all of them; a disc in an action box does not break it.
 */
TEST(r35_three_way_tie_is_shared_box_discs_do_not_count)
{
	struct test_game t;
	int fr = C("france"), ne = C("netherlands"), sp = C("spain");

	test_game_init(&t, three, NULL);
	t.st.vp[fr] = t.st.vp[ne] = t.st.vp[sp] = 17;
	t.st.unrest[fr] = t.st.unrest[ne] = t.st.unrest[sp] = 3;
	t.st.discs[A("india")][fr] = 2;
	t.st.discs[A("baltic")][ne] = 2;
	t.st.discs[A("africa")][sp] = 1;
	t.st.discs[A("caribbean")][sp] = 1;
	t.st.box[BOX("banking")][0] = fr;
	aor_determine_winner(&t.c);
	CHECK_INT(t.st.nwinners, 3);
	CHECK_CONTAINS(test_events(&t), "France, Netherlands and Spain share "
	    "the win with 17 VP, tied on unrest and discs (R35).");
	/* unrest decides before discs, and the lower level wins */
	t.st.unrest[sp] = 2;
	t.st.discs[A("africa")][sp] = 0;
	aor_determine_winner(&t.c);
	CHECK_INT(t.st.nwinners, 1);
	CHECK_INT(t.st.winners[0], sp);
	test_game_release(&t);
}

/*
 * Rules 4.4-4.6, 5.0, R31-R35: the last segment of turn 3 is followed by
 * income, scoring and unrest losses, then the winner; unrest is not
 * halved and the boxes and the alliance display stay as they are.
 */
TEST(r35_turn_three_ends_with_the_winner_and_no_halving)
{
	struct test_game t;
	static const unsigned faces[] = { 2 };	/* Spain rolls 3 */
	struct decision d;
	int fr = C("france"), ne = C("netherlands"), sp = C("spain");
	int gs = A("german-states");

	test_game_init(&t, three, NULL);
	t.st.turn = 3;
	t.st.segment = 6;
	test_set_actor(&t, "spain");
	t.st.discs[gs][fr] = 2;
	t.st.discs[gs][ne] = 1;
	t.st.vp[ne] = 5;
	t.st.vp[sp] = 1;
	t.st.unrest[fr] = 0;
	t.st.unrest[ne] = 0;
	t.st.unrest[sp] = 3;
	t.st.box[BOX("banking")][0] = fr;
	test_script(&t, faces, 1);
	CHECK_INT(aor_pending(&t.st, &d, 1), 1);
	CHECK_INT(d.country, sp);
	CHECK_INT(aor_default(&t.c, &d), 0);
	CHECK_INT(t.dice.script_pos, 1);
	CHECK_INT(t.st.phase, PH_OVER);
	CHECK_INT(aor_pending(&t.st, &d, 1), 0);
	CHECK_INT(t.st.gold[fr], 14 + 2);
	CHECK_INT(t.st.gold[ne], 14 + 1);
	CHECK_INT(t.st.vp[fr], 8);
	CHECK_INT(t.st.vp[ne], 5 + 5);
	CHECK_INT(t.st.vp[sp], 0);
	CHECK_INT(t.st.unrest[sp], 3);
	CHECK_INT(t.st.box[BOX("banking")][0], fr);
	CHECK_INT(t.st.alliance[0], fr);
	CHECK_INT(t.st.nwinners, 1);
	CHECK_INT(t.st.winners[0], ne);
	CHECK_CONTAINS(test_events(&t), "Netherlands wins the game with 10 VP "
	    "(R35).");
	test_game_release(&t);
}

/*
 * Rules 4.3, R13: segments follow the alliance boxes 1, 2, 3, ...
 * skipping non-player countries, whatever the seating.
 */
TEST(r13_segment_order_follows_the_boxes_and_skips_npcs)
{
	static const char *const boxes[] = { "russia", "great-britain",
	    "spain", "prussia", "netherlands", "austria", "france", NULL };
	struct test_game t;
	int ord[RS_MAX_COUNTRIES];

	test_game_init(&t, four, boxes);
	CHECK_INT(aor_segment_order(&t.st, ord), 4);
	CHECK_INT(ord[0], C("spain"));
	CHECK_INT(ord[1], C("prussia"));
	CHECK_INT(ord[2], C("austria"));
	CHECK_INT(ord[3], C("france"));
	test_game_release(&t);
}

/*
 * Rules 6.0, R17: Militia takes back a soldiers-only card, never a ship
 * card; Pressgangs a ship card, never a soldiers-only one; both for one
 * card, named when there is a choice.
 */
TEST(r17_militia_and_pressgangs_take_back_only_their_kind)
{
	struct test_game t;
	int pr = C("prussia"), s1 = CARD(pr, "3/0/2"), sh = CARD(pr, "2/1/3");

	test_game_init(&t, four, four_alliances);
	t.st.hand[pr] &= ~(1u << s1 | 1u << sh);
	t.st.discard[pr] = 1u << s1 | 1u << sh;
	CHECK_INT(order(&t, "prussia", "T1.S1", "PLACE Militia TAKE 2/1/3"),
	    -1);
	CHECK_CONTAINS(err.buf, "is not one Militia takes back (R17)");
	CHECK_INT(order(&t, "prussia", "T1.S1", "PLACE Militia"), 0);
	CHECK(t.st.hand[pr] & 1u << s1);
	CHECK(t.st.discard[pr] == 1u << sh);
	CHECK_INT(t.st.box[BOX("militia")][0], pr);
	/* Prussia's next segment */
	t.st.segment = 2;
	test_set_actor(&t, "prussia");
	t.st.hand[pr] &= ~(1u << s1);
	t.st.discard[pr] |= 1u << s1;
	CHECK_INT(order(&t, "prussia", "T1.S2", "PLACE Pressgangs TAKE "
	    "3/0/2"), -1);
	CHECK_INT(order(&t, "prussia", "T1.S2", "PLACE Pressgangs"), 0);
	CHECK(t.st.hand[pr] & 1u << sh);
	CHECK(t.st.discard[pr] == 1u << s1);
	test_game_release(&t);
}

/* Rules 6.0, R4: Government Reform lowers unrest by 2 at once. */
TEST(r4_government_reform_lowers_unrest_by_two)
{
	struct test_game t;
	int pr = C("prussia");

	test_game_init(&t, four, four_alliances);
	t.st.unrest[pr] = 5;
	CHECK_INT(order(&t, "prussia", "T1.S1", "PLACE Government Reform"), 0);
	CHECK_INT(t.st.unrest[pr], 3);
	CHECK_INT(t.st.gold[pr], 14);
	test_game_release(&t);
}

/*
 * Rules 4.3.2 II ("first the attacker pays ... afterwards the defender
 * ... in the same way"), R25, reading 4: the defender is told the
 * attacker's NPC allies before he is asked for his own.  Prussia attacks
 * Austria in Central Europe; Russia (NPC, Prussia's row) and the
 * Netherlands (NPC, Austria's row) have discs there.  Reading 3 told
 * them only at the reveal, and its games keep that.
 */
TEST(r25_reading_4_attacker_npc_allies_told_before_the_defender_buys)
{
	static const unsigned dice[] = { 0, 0, 0, 0 };
	int rules;

	for (rules = 3; rules <= 4; rules++) {
		struct test_game t;
		struct decision d;
		int ce = A("central-europe");
		const char *told = "Prussia buys Russia as NPC ally for combat "
		    "T1.C1: +1, 1 gold paid at the reveal (R25).";

		test_game_init(&t, four, four_alliances);
		t.st.rules = rules;
		t.st.discs[ce][C("prussia")] = 1;
		t.st.discs[ce][C("austria")] = 1;
		t.st.discs[ce][C("russia")] = 1;
		t.st.discs[ce][C("netherlands")] = 1;
		CHECK_INT(order(&t, "prussia", "T1.S1", "ATTACK Austria IN "
		    "Central Europe WITH 3/0/2"), 0);
		CHECK_INT(order(&t, "austria", "T1.C1.DEFEND", "DEFEND WITH "
		    "1/0/0"), 0);
		CHECK_INT(t.st.combat.stage, CS_NPC_ATTACKER);
		CHECK_INT(order(&t, "prussia", "T1.C1.NPC", "NPC ALL"), 0);
		CHECK_INT(aor_pending(&t.st, &d, 1), 1);
		CHECK_INT(d.country, C("austria"));
		CHECK_INT(d.kind, DEC_NPC);
		if (rules >= 4)
			CHECK_CONTAINS(test_events(&t), told);
		else
			CHECK(strstr(test_events(&t), "buys Russia") == NULL);
		CHECK_INT(t.st.gold[C("prussia")], 14);	/* paid at reveal */
		test_script(&t, dice, 4);
		CHECK_INT(order(&t, "austria", "T1.C1.NPC", "NPC NONE"), 0);
		/* 0 + 3 + 1 = 4 against 0 + 1 = 1 */
		CHECK_CONTAINS(test_events(&t), "Strength of Prussia: 4 (dice 1 "
		    "and 1: difference 0; card 3/0/2: 3 soldiers; NPC ally "
		    "Russia: 1).");
		CHECK_INT(t.st.gold[C("prussia")], 14 - 2 - 1);
		CHECK_INT(t.st.discs[ce][C("prussia")], 2);
		test_game_release(&t);
	}
}

/* R25, R5, reading 4: "NPC NONE" is told too; an NPC the purse cannot
 * pay is dropped when the choice is told, not later. */
TEST(r25_reading_4_no_npc_allies_and_unpayable_ones_told_at_once)
{
	struct test_game t;
	int ce = A("central-europe"), pr = C("prussia");
	const char *ev;

	test_game_init(&t, four, four_alliances);
	t.st.discs[ce][pr] = 1;
	t.st.discs[ce][C("austria")] = 1;
	t.st.discs[ce][C("russia")] = 1;
	t.st.discs[ce][C("great-britain")] = 1;
	t.st.discs[ce][C("netherlands")] = 1;
	/* 3/0/2 and one NPC: 3 gold is all Prussia can pay */
	t.st.gold[pr] = 1;
	t.st.unrest[pr] = 21;
	CHECK_INT(order(&t, "prussia", "T1.S1", "ATTACK Austria IN Central "
	    "Europe WITH 3/0/2 NPC ALL"), 0);
	CHECK_INT(order(&t, "austria", "T1.C1.DEFEND", "DEFEND WITH 1/0/0"),
	    0);
	ev = test_events(&t);
	CHECK_CONTAINS(ev, "Prussia cannot pay for NPC ally Russia (R5).");
	CHECK_CONTAINS(ev, "Prussia buys Great Britain as NPC ally for combat "
	    "T1.C1: +1, 1 gold paid at the reveal (R25).");
	CHECK_INT(t.st.combat.stage, CS_NPC_DEFENDER);
	CHECK_INT(t.st.combat.att.npc, 1 << C("great-britain"));
	test_game_release(&t);

	test_game_init(&t, four, four_alliances);
	t.st.discs[ce][pr] = 1;
	t.st.discs[ce][C("austria")] = 1;
	t.st.discs[ce][C("russia")] = 1;
	t.st.discs[ce][C("netherlands")] = 1;
	CHECK_INT(order(&t, "prussia", "T1.S1", "ATTACK Austria IN Central "
	    "Europe WITH 3/0/2 NPC NONE"), 0);
	CHECK_INT(order(&t, "austria", "T1.C1.DEFEND", "DEFEND WITH 1/0/0"),
	    0);
	CHECK_CONTAINS(test_events(&t), "Prussia buys no NPC allies for "
	    "combat T1.C1 (R25).");
	test_game_release(&t);
}

/*
 * Rules 6.0 (War Office), R14, R36, reading 4: a War Office holder's
 * segment decision names the two attacks he may make instead of a
 * placement; reading 3 did not, and its games keep their wording.
 */
TEST(r14_reading_4_war_office_holder_is_told_of_two_attacks)
{
	struct test_game t;
	struct decision d;

	test_game_init(&t, four, four_alliances);
	CHECK_INT(aor_pending(&t.st, &d, 1), 1);
	CHECK(strstr(d.what, "War Office") == NULL);
	t.st.box[BOX("war-office")][0] = C("prussia");
	CHECK_INT(aor_pending(&t.st, &d, 1), 1);
	CHECK_STR(d.what, "segment 1 of 6: place a disc in an action box "
	    "and/or attack, or pass; with War Office, two attacks (two ATTACK "
	    "or CONVERT lines) and no placement instead (R14)");
	t.st.rules = 3;
	CHECK_INT(aor_pending(&t.st, &d, 1), 1);
	CHECK_STR(d.what, "segment 1 of 6: place a disc in an action box "
	    "and/or attack, or pass");
	test_game_release(&t);
}

/*
 * Rules 3.0, 4.1, R7, R8, R11: setup draws five markers for each of the
 * seven countries in the ruleset's order, each replaced by a disc of that
 * country, and no VP or gold is collected for them (rules 3.0: "No victory
 * points or gold are collected for any markers drawn"), not even for the
 * Ottoman VP markers or an India gold marker; the start player is drawn;
 * turn 1 draws 10 markers onto the board and the start player opens the
 * first auction.  Every draw takes the first marker left in the bag but
 * Russia's last, which takes in4 (+3 gold when conquered, R29).
 */
TEST(r7_r8_setup_discs_in_country_order_no_vp_or_gold_then_ten_markers)
{
	static const char *const players[] = { "austria", "russia", "france",
	    NULL };
	unsigned draws[36 + 10] = { 0 };
	struct test_game t;
	struct decision d;
	const struct ruleset *rs = test_ruleset();
	int i, board = 0, bag = 0, out = 0;
	int au = C("austria"), ru = C("russia"), fr = C("france");

	test_game_init(&t, players, NULL);
	t.st.phase = PH_SETUP;
	t.st.turn = 0;
	t.st.segment = 0;
	for (i = 0; i < RS_MAX_ALLIANCE_BOXES; i++)
		t.st.alliance[i] = NO_COUNTRY;
	t.st.gold[au] = t.st.gold[ru] = t.st.gold[fr] = 0;
	draws[34] = 21;		/* na5 na6 ca1-7 sa1-6 af1-3 in1-3: in4 */
	draws[35] = 2;		/* the start player: seat 3, France */
	test_script(&t, draws, 46);
	aor_start(&t.c);
	CHECK_INT(t.dice.script_pos, 46);
	/* GB gs1-5, NL gs6-9 ba1, France ba2-5 ce1, Spain ce2-6,
	 * Prussia me1-5, Austria me6 ot1-4, Russia na1-4 in4 */
	CHECK_INT(t.st.discs[A("german-states")][C("great-britain")], 5);
	CHECK_INT(t.st.discs[A("german-states")][C("netherlands")], 4);
	CHECK_INT(t.st.discs[A("baltic")][C("netherlands")], 1);
	CHECK_INT(t.st.discs[A("baltic")][fr], 4);
	CHECK_INT(t.st.discs[A("central-europe")][fr], 1);
	CHECK_INT(t.st.discs[A("central-europe")][C("spain")], 5);
	CHECK_INT(t.st.discs[A("mediterranean")][C("prussia")], 5);
	CHECK_INT(t.st.discs[A("mediterranean")][au], 1);
	CHECK_INT(t.st.discs[A("ottoman-empire")][au], 4);
	CHECK_INT(t.st.discs[A("north-america")][ru], 4);
	CHECK_INT(t.st.discs[A("india")][ru], 1);
	for (i = 0; i < rs->ncountries; i++)
		CHECK_INT(aor_discs_in_areas(&t.st, i), 5);
	/* rules 3.0: nothing for the markers drawn, start values (R4) */
	CHECK_INT(t.st.vp[au], 0);
	CHECK_INT(t.st.gold[ru], 14);
	CHECK_INT(t.st.gold[au], 14);
	CHECK_INT(t.st.unrest[fr], 4);
	CHECK_INT(t.st.start_seat, 2);
	CHECK_INT(t.st.marker[rs_marker_by_id(rs, "ot3")], MK_OUT);
	CHECK_INT(t.st.marker[rs_marker_by_id(rs, "in4")], MK_OUT);
	/* R8: na5, na6, ca1-7, sa1 come out onto the board */
	for (i = 0; i < rs->nmarkers; i++) {
		board += t.st.marker[i] == MK_BOARD;
		bag += t.st.marker[i] == MK_BAG;
		out += t.st.marker[i] == MK_OUT;
	}
	CHECK_INT(out, 35);
	CHECK_INT(board, 10);
	CHECK_INT(bag, 65 - 35 - 10);
	CHECK_INT(t.st.marker[rs_marker_by_id(rs, "na5")], MK_BOARD);
	CHECK_INT(t.st.marker[rs_marker_by_id(rs, "sa1")], MK_BOARD);
	CHECK_INT(t.st.marker[rs_marker_by_id(rs, "sa2")], MK_BAG);
	CHECK_CONTAINS(test_events(&t), "Setup: marker in4 is drawn for "
	    "Russia, who places a disc in India.");
	CHECK_CONTAINS(test_events(&t), "Marker ca4 (defence 3) comes out in "
	    "Caribbean.");
	/* R11: the start player opens turn 1's first auction */
	CHECK_INT(t.st.turn, 1);
	CHECK_INT(t.st.phase, PH_AUCTION);
	CHECK_INT(aor_pending(&t.st, &d, 1), 1);
	CHECK_INT(d.kind, DEC_BID);
	CHECK_INT(d.country, fr);
	CHECK_STR(d.step, "T1.A1.1");
	test_game_release(&t);
}

/*
 * Rules 2.2, R3, R14: an attack or a conversion needs a disc in supply
 * when ordered; discs in action boxes count against the 22; a placement
 * before the attack, or a War Office holder's first conversion, can take
 * the last one (reading 2 on: the second is checked after the first).
 */
TEST(r3_attack_and_conversion_need_a_disc_in_supply)
{
	struct test_game t;
	int pr = C("prussia"), in = A("india");

	test_game_init(&t, four, four_alliances);
	t.st.marker[rs_marker_by_id(test_ruleset(), "na1")] = MK_BOARD;
	t.st.marker[rs_marker_by_id(test_ruleset(), "na2")] = MK_BOARD;
	t.st.discs[in][pr] = 20;
	t.st.box[BOX("war-office")][0] = pr;
	CHECK_INT(aor_supply(&t.st, pr), 1);
	CHECK_INT(order(&t, "prussia", "T1.S1", "PLACE Banking\nCONVERT "
	    "MARKER na1 WITH 1/1/2"), -1);
	CHECK_CONTAINS(err.buf, "Prussia has no disc left in supply to "
	    "attack with (R3)");
	CHECK_INT(order(&t, "prussia", "T1.S1", "CONVERT MARKER na1 WITH "
	    "1/1/2\nCONVERT MARKER na2 WITH 2/1/3"), -1);
	CHECK_CONTAINS(err.buf, "no disc left in supply to attack with (R3)");
	CHECK_INT(t.st.gold[pr], 14);
	CHECK_INT(order(&t, "prussia", "T1.S1", "CONVERT MARKER na1 WITH "
	    "1/1/2"), 0);
	CHECK_INT(aor_supply(&t.st, pr), 0);
	CHECK_INT(t.st.discs[A("north-america")][pr], 1);
	test_game_release(&t);
}

/* R25, R37, reading 4: an attacker who misses his NPC decision buys none,
 * and the default's event is the one that tells the defender so. */
TEST(r25_r37_reading_4_missed_npc_decision_told_once)
{
	struct test_game t;
	struct decision d;
	int ce = A("central-europe");
	const char *ev;

	test_game_init(&t, four, four_alliances);
	t.st.discs[ce][C("prussia")] = 1;
	t.st.discs[ce][C("austria")] = 1;
	t.st.discs[ce][C("russia")] = 1;
	t.st.discs[ce][C("netherlands")] = 1;
	CHECK_INT(order(&t, "prussia", "T1.S1", "ATTACK Austria IN Central "
	    "Europe WITH 3/0/2"), 0);
	CHECK_INT(order(&t, "austria", "T1.C1.DEFEND", "DEFEND WITH 1/0/0"),
	    0);
	CHECK_INT(aor_pending(&t.st, &d, 1), 1);
	CHECK_INT(d.country, C("prussia"));
	CHECK_INT(aor_default(&t.c, &d), 0);
	CHECK_INT(t.st.combat.stage, CS_NPC_DEFENDER);
	CHECK_INT(aor_pending(&t.st, &d, 1), 1);
	CHECK_INT(d.country, C("austria"));
	ev = test_events(&t);
	CHECK_CONTAINS(ev, "Prussia misses the deadline and buys no NPC allies "
	    "(R37).");
	CHECK(strstr(ev, "buys no NPC allies for combat") == NULL);
	test_game_release(&t);
}

/*
 * Rules 4.4-4.6, 4.1, 4.2, R31-R34, R8, R11: the end of turn 1 in order:
 * income, area scoring, unrest losses, then discards back, boxes and the
 * alliance display cleared, unrest halved rounding up; turn 2 draws 10
 * markers and the player with the fewest VP opens the first auction.
 */
TEST(r31_r34_end_of_turn_one_in_order_then_turn_two_opens)
{
	/* NL rolls 1, 1 (level 2); Spain 6 (level 5); 10 markers */
	static const unsigned draws[13] = { 0, 0, 5 };
	struct test_game t;
	struct decision d;
	const struct ruleset *rs = test_ruleset();
	int fr = C("france"), ne = C("netherlands"), sp = C("spain");
	int i, board = 0, bag = 0;

	test_game_init(&t, three, NULL);
	t.st.segment = 6;
	test_set_actor(&t, "spain");
	t.st.discs[A("german-states")][fr] = 2;
	t.st.discs[A("german-states")][ne] = 1;
	t.st.discs[A("india")][sp] = 1;
	t.st.unrest[fr] = 0;
	t.st.unrest[ne] = 2;
	t.st.unrest[sp] = 5;
	t.st.box[BOX("banking")][0] = fr;
	t.st.hand[sp] &= ~1u;
	t.st.discard[sp] = 1u;
	for (i = 0; i < 11; i++)	/* gs1-gs9, ba1, ba2 */
		t.st.marker[i] = MK_BAG;
	test_script(&t, draws, 13);
	CHECK_INT(aor_pending(&t.st, &d, 1), 1);
	CHECK_INT(aor_default(&t.c, &d), 0);
	CHECK_INT(t.dice.script_pos, 13);
	CHECK_INT(t.st.gold[fr], 14 + 2);
	CHECK_INT(t.st.gold[ne], 14 + 1);
	CHECK_INT(t.st.gold[sp], 14 + 1);
	CHECK_INT(t.st.vp[fr], 8);
	CHECK_INT(t.st.vp[ne], 5 - 2);
	CHECK_INT(t.st.vp[sp], 6 - 1);
	CHECK_INT(t.st.unrest[fr], 0);
	CHECK_INT(t.st.unrest[ne], 1);
	CHECK_INT(t.st.unrest[sp], 3);
	CHECK_INT(t.st.discard[sp], 0);
	CHECK(t.st.hand[sp] & 1u);
	CHECK_INT(t.st.box[BOX("banking")][0], NO_COUNTRY);
	CHECK_INT(aor_supply(&t.st, fr), 22 - 2);
	CHECK_CONTAINS(test_events(&t), "Netherlands has unrest level 2, rolls "
	    "1, 1 and loses 2 VP (R33): 5 to 3.");
	for (i = 0; i < rs->nmarkers; i++) {
		board += t.st.marker[i] == MK_BOARD;
		bag += t.st.marker[i] == MK_BAG;
	}
	CHECK_INT(board, 10);
	CHECK_INT(bag, 1);
	CHECK_INT(t.st.turn, 2);
	CHECK_INT(t.st.phase, PH_AUCTION);
	for (i = 0; i < RS_MAX_ALLIANCE_BOXES; i++)
		CHECK_INT(t.st.alliance[i], NO_COUNTRY);
	CHECK_INT(aor_pending(&t.st, &d, 1), 1);
	CHECK_INT(d.country, ne);
	CHECK_STR(d.step, "T2.A1.1");
	test_game_release(&t);
}
