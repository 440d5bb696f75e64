/*
 * test-combat.c - attacks, conversions, secret picks, allies, reserves and
 * War Office (rules 4.3.2, R14, R18-R29), with the rules' two worked
 * examples.
 */
#include "test.h"
#include "orders.h"
#include "util.h"

static const char *const seven[] = { "prussia", "austria", "great-britain",
    "france", "spain", "russia", "netherlands", NULL };
/* Boxes 1, 3, 5, 7 top: Prussia, GB, Spain, NL; bottom: Austria, France,
 * Russia (the alliances of the rules' examples). */
static const char *const seven_alliances[] = { "prussia", "austria",
    "great-britain", "france", "spain", "russia", "netherlands", NULL };
static const char *const four[] = { "prussia", "austria", "france",
    "spain", NULL };
/* Prussia (1), Austria (2), France (3), Spain (4); NPCs fill 5-7:
 * GB (5, top), NL (6, bottom), Russia (7, top). */
static const char *const four_alliances[] = { "prussia", "austria",
    "france", "spain", "great-britain", "netherlands", "russia", NULL };

static struct strbuf err;

static int
order(struct test_game *t, const char *country, const char *step,
    const char *lines)
{
	if (err.buf == NULL)
		sb_init(&err);
	return test_order(t, country, step, lines, &err);
}

static void
hold(struct test_game *t, const char *box, int inst, const char *country)
{
	t->st.box[BOX(box)][inst] = C(country);
}

/*
 * Rules 4.3.2, example 1 (R27): Prussia 4 and 1, card 4 soldiers (cost
 * 5), Army Training, Bavaria; Austria 3 and 3, card 4 soldiers (cost 7),
 * Saxony, France's ally card; the others bluff.  9 to 6: Prussia takes
 * the disc, Austria gains 2 unrest.  The example says Central Europe,
 * but Bavaria and Saxony support only in the German States (rules 6.0),
 * so it is played where both count; see the next test for Central Europe.
 */
TEST(r27_example_1_prussia_9_austria_6_overwhelming)
{
	struct test_game t;
	static const unsigned dice[] = { 3, 0, 2, 2 };	/* 4 1 | 3 3 */
	int gs = A("german-states"), i;
	const char *others[] = { "great-britain", "spain", "netherlands",
	    "russia" };

	test_game_init(&t, seven, seven_alliances);
	t.st.discs[gs][C("austria")] = 2;
	t.st.discs[gs][C("prussia")] = 1;
	for (i = 0; i < 4; i++)
		t.st.discs[gs][C(others[i])] = 1;
	t.st.discs[gs][C("france")] = 1;
	hold(&t, "army-training", 0, "prussia");
	hold(&t, "bavaria", 0, "prussia");
	hold(&t, "saxony", 0, "austria");
	CHECK_INT(order(&t, "prussia", "T1.S1",
	    "ATTACK Austria IN German States WITH 4/0/5 RESERVE never"), 0);
	CHECK_INT(t.st.combat.stage, CS_PICKS);
	CHECK_INT(order(&t, "austria", "T1.C1.DEFEND", "DEFEND WITH 4/0/7"),
	    0);
	CHECK_INT(order(&t, "france", "T1.C1.JOIN", "JOIN ALLY"), 0);
	for (i = 0; i < 3; i++)
		CHECK_INT(order(&t, others[i], "T1.C1.JOIN", "JOIN BLUFF"), 0);
	CHECK_INT(t.st.combat.stage, CS_PICKS);
	test_script(&t, dice, 4);
	CHECK_INT(order(&t, "russia", "T1.C1.JOIN", "JOIN BLUFF"), 0);
	CHECK_INT(t.st.combat.stage, CS_NONE);
	CHECK_INT(t.dice.script_pos, 4);
	CHECK_CONTAINS(test_events(&t), "Strength of Prussia: 9 (dice 4 and 1: "
	    "difference 3; card 4/0/5: 4 soldiers; Army Training: 1; Bavaria: 1).");
	CHECK_CONTAINS(test_events(&t), "Strength of Austria: 6 (dice 3 and 3: "
	    "difference 0; card 4/0/7: 4 soldiers; 1 ally card: 1; Saxony: 1).");
	CHECK_CONTAINS(test_events(&t), "Russia played the blank card: a bluff "
	    "(R24).");
	CHECK_INT(t.st.discs[gs][C("prussia")], 2);
	CHECK_INT(t.st.discs[gs][C("austria")], 1);
	CHECK_INT(t.st.unrest[C("austria")], 4 + 2);
	CHECK_INT(t.st.unrest[C("prussia")], 4);
	CHECK_INT(t.st.unrest[C("france")], 4);
	CHECK_INT(t.st.gold[C("prussia")], 14 - 5);
	CHECK_INT(t.st.gold[C("austria")], 14 - 7);
	CHECK_INT(t.st.gold[C("france")], 14 - 1);
	CHECK_INT(t.st.gold[C("russia")], 14);
	/* R28: the attack and defence cards are discarded, ally/blank not */
	CHECK(t.st.discard[C("prussia")] == 1u << CARD(C("prussia"),
	    "4/0/5"));
	CHECK(t.st.discard[C("austria")] == 1u << CARD(C("austria"),
	    "4/0/7"));
	CHECK_INT(t.st.discard[C("france")], 0);
	CHECK(t.st.hand[C("france")] & 1u << CARD(C("france"), "ally"));
	test_game_release(&t);
}

/* The same example in Central Europe: Bavaria and Saxony do not count. */
TEST(r27_example_1_in_central_europe_8_to_5_same_outcome)
{
	struct test_game t;
	static const unsigned dice[] = { 3, 0, 2, 2 };
	int ce = A("central-europe");

	test_game_init(&t, seven, seven_alliances);
	t.st.discs[ce][C("austria")] = 1;
	t.st.discs[ce][C("france")] = 1;
	hold(&t, "army-training", 0, "prussia");
	hold(&t, "bavaria", 0, "prussia");
	hold(&t, "saxony", 0, "austria");
	CHECK_INT(order(&t, "prussia", "T1.S1",
	    "ATTACK Austria IN Central Europe WITH 4/0/5"), 0);
	CHECK_INT(order(&t, "austria", "T1.C1.DEFEND", "DEFEND WITH 4/0/7"),
	    0);
	test_script(&t, dice, 4);
	CHECK_INT(order(&t, "france", "T1.C1.JOIN", "JOIN ALLY"), 0);
	CHECK_CONTAINS(test_events(&t), "Strength of Prussia: 8");
	CHECK_CONTAINS(test_events(&t), "Strength of Austria: 5");
	CHECK_INT(t.st.discs[ce][C("prussia")], 1);
	CHECK_INT(t.st.discs[ce][C("austria")], 0);
	CHECK_INT(t.st.unrest[C("austria")], 6);
	test_game_release(&t);
}

/*
 * Rules 4.3.2, example 2 (R27): Russia attacks Prussia in the Baltic with
 * 2 soldiers 2 ships (cost 5), Navy Training, France's and Austria's ally
 * cards, dice 3 and 2: 8.  Prussia 3 soldiers (cost 2), dice 5 and 2,
 * +2 from the boxes: 8 (the example credits Army Training and Bavaria;
 * Bavaria does not support in the Baltic, rules 6.0, so Prussia holds
 * both Army Training boxes here).  A tie: Russia 2 unrest, Prussia 1,
 * France 1, Austria 1.
 */
TEST(r27_example_2_russia_8_prussia_8_tie)
{
	struct test_game t;
	static const unsigned dice[] = { 2, 1, 4, 1 };	/* 3 2 | 5 2 */
	int ba = A("baltic");

	test_game_init(&t, seven, seven_alliances);
	test_set_actor(&t, "russia");
	t.st.discs[ba][C("prussia")] = 1;
	t.st.discs[ba][C("france")] = 1;
	t.st.discs[ba][C("austria")] = 1;
	t.st.discs[ba][C("great-britain")] = 1;
	hold(&t, "navy-training", 0, "russia");
	hold(&t, "army-training", 0, "prussia");
	hold(&t, "army-training", 1, "prussia");
	CHECK_INT(order(&t, "russia", "T1.S1",
	    "ATTACK Prussia IN Baltic WITH 2/2/5 RESERVE never"), 0);
	CHECK_INT(order(&t, "prussia", "T1.C1.DEFEND", "DEFEND WITH 3/0/2"),
	    0);
	CHECK_INT(order(&t, "great-britain", "T1.C1.JOIN", "JOIN BLUFF"), 0);
	CHECK_INT(order(&t, "austria", "T1.C1.JOIN", "JOIN ALLY"), 0);
	test_script(&t, dice, 4);
	CHECK_INT(order(&t, "france", "T1.C1.JOIN", "JOIN ALLY"), 0);
	CHECK_CONTAINS(test_events(&t), "Strength of Russia: 8 (dice 3 and 2: "
	    "difference 1; card 2/2/5: 2 soldiers, 2 ships; 2 ally cards: 2; Navy "
	    "Training: 1).");
	CHECK_CONTAINS(test_events(&t), "Strength of Prussia: 8 (dice 5 and 2: "
	    "difference 3; card 3/0/2: 3 soldiers; Army Training: 2).");
	CHECK_INT(t.st.unrest[C("russia")], 4 + 2);
	CHECK_INT(t.st.unrest[C("prussia")], 4 + 1);
	CHECK_INT(t.st.unrest[C("france")], 4 + 1);
	CHECK_INT(t.st.unrest[C("austria")], 4 + 1);
	CHECK_INT(t.st.unrest[C("great-britain")], 4);
	CHECK_INT(t.st.gold[C("russia")], 14 - 5);
	CHECK_INT(t.st.gold[C("prussia")], 14 - 2);
	CHECK_INT(t.st.gold[C("france")], 13);
	CHECK_INT(t.st.gold[C("austria")], 13);
	CHECK_INT(t.st.discs[ba][C("prussia")], 1);
	CHECK_INT(t.st.discs[ba][C("russia")], 0);
	test_game_release(&t);
}

/* A two-player-country setup for the boundary tests. */
static void
duel(struct test_game *t, int area, const unsigned *dice, int n)
{
	test_game_init(t, four, four_alliances);
	t->st.discs[area][C("prussia")] = 1;
	t->st.discs[area][C("austria")] = 1;
	(void)dice;
	(void)n;
}

TEST(r27_margin_exactly_1_costs_the_winner_one_unrest)
{
	struct test_game t;
	static const unsigned dice[] = { 5, 0, 0, 0 };	/* 6 1 | 1 1 */
	int gs = A("german-states");

	duel(&t, gs, dice, 4);
	/* Prussia 5 + 1/0/0: 6; Austria 0 + 5/0/8: 5 -> margin 1 */
	order(&t, "prussia", "T1.S1", "ATTACK Austria IN German States WITH "
	    "1/0/0");
	test_script(&t, dice, 4);
	CHECK_INT(order(&t, "austria", "T1.C1.DEFEND", "DEFEND WITH 5/0/8"),
	    0);
	CHECK_INT(t.st.discs[gs][C("prussia")], 2);
	CHECK_INT(t.st.unrest[C("prussia")], 5);	/* Pyrrhic */
	CHECK_INT(t.st.unrest[C("austria")], 5);	/* lower side */
	CHECK_CONTAINS(test_events(&t), "a Pyrrhic victory by exactly 1, R27");
	test_game_release(&t);
}

TEST(r27_defender_wins_by_3_attacker_gains_three)
{
	struct test_game t;
	static const unsigned dice[] = { 0, 0, 5, 0 };	/* 1 1 | 6 1 */
	int gs = A("german-states");

	duel(&t, gs, dice, 4);
	/* Prussia 0 + 2: 2; Austria 5 + 0 (blank): 5 -> margin 3 */
	order(&t, "prussia", "T1.S1", "ATTACK Austria IN German States WITH "
	    "2/0/1");
	test_script(&t, dice, 4);
	CHECK_INT(order(&t, "austria", "T1.C1.DEFEND", "DEFEND WITH blank"),
	    0);
	CHECK_INT(t.st.discs[gs][C("austria")], 1);
	CHECK_INT(t.st.unrest[C("prussia")], 4 + 3);
	CHECK_INT(t.st.unrest[C("austria")], 4);
	CHECK_INT(t.st.gold[C("austria")], 14);	/* blank costs nothing */
	test_game_release(&t);
}

TEST(r27_defender_wins_by_exactly_1_pyrrhic_for_defender)
{
	struct test_game t;
	static const unsigned dice[] = { 0, 0, 1, 0 };	/* 1 1 | 2 1 */
	int gs = A("german-states");

	duel(&t, gs, dice, 4);
	order(&t, "prussia", "T1.S1", "ATTACK Austria IN German States WITH "
	    "blank");
	test_script(&t, dice, 4);
	order(&t, "austria", "T1.C1.DEFEND", "DEFEND WITH blank");
	/* 0 to 1: attacker failed (1) + lower (1); defender Pyrrhic (1) */
	CHECK_INT(t.st.unrest[C("prussia")], 6);
	CHECK_INT(t.st.unrest[C("austria")], 5);
	test_game_release(&t);
}

/* R22, R25, R26: an NPC disc defends at 4 + dice + joined players. */
TEST(r26_npc_defender_with_a_joined_player_ally_and_npc_allies)
{
	struct test_game t;
	static const unsigned dice[] = { 5, 0, 2, 1 };	/* 6 1 | 3 2 */
	int ce = A("central-europe");

	test_game_init(&t, four, four_alliances);
	/* Russia (NPC, top row with Prussia? no: box 7 is top) */
	t.st.discs[ce][C("netherlands")] = 1;	/* NPC, bottom: Austria's */
	t.st.discs[ce][C("austria")] = 1;	/* may join the NPC's side */
	t.st.discs[ce][C("russia")] = 1;	/* NPC of Prussia's alliance */
	t.st.discs[ce][C("prussia")] = 1;
	CHECK_INT(order(&t, "prussia", "T1.S1", "ATTACK Netherlands IN "
	    "Central Europe WITH 3/0/2"), 0);
	CHECK_INT(order(&t, "austria", "T1.C1.JOIN", "JOIN ALLY"), 0);
	/* now the attacker buys NPC allies (R25): Russia has a disc there */
	CHECK_INT(t.st.combat.stage, CS_NPC_ATTACKER);
	CHECK_INT(order(&t, "prussia", "T1.C1.NPC", "NPC Great Britain"), -1);
	CHECK_CONTAINS(err.buf, "Great Britain cannot be an NPC ally here");
	test_script(&t, dice, 4);
	CHECK_INT(order(&t, "prussia", "T1.C1.NPC", "NPC Russia"), 0);
	/* Prussia 5 + 3 + 1 = 9; Netherlands 1 + 4 + 1 = 6 */
	CHECK_CONTAINS(test_events(&t), "Strength of Prussia: 9 (dice 6 and 1: "
	    "difference 5; card 3/0/2: 3 soldiers; NPC ally Russia: 1).");
	CHECK_CONTAINS(test_events(&t), "Strength of Netherlands: 6 (dice 3 and "
	    "2: difference 1; a non-player disc 4; 1 ally card: 1).");
	CHECK_INT(t.st.discs[ce][C("netherlands")], 0);
	CHECK_INT(t.st.discs[ce][C("prussia")], 2);
	CHECK_INT(t.st.gold[C("prussia")], 14 - 2 - 1);
	CHECK_INT(t.st.gold[C("austria")], 14 - 1);
	CHECK_INT(t.st.unrest[C("prussia")], 4);	/* NPC takes none */
	test_game_release(&t);
}

/* R26, R29: a marker defends with its number and dice; VP at once. */
TEST(r29_ottoman_vp_marker_taken_scores_at_once)
{
	struct test_game t;
	static const unsigned dice[] = { 5, 0, 0, 0 };	/* 6 1 | 1 1 */
	int ot = A("ottoman-empire"), m = rs_marker_by_id(test_ruleset(),
	    "ot3");

	test_game_init(&t, four, four_alliances);
	t.st.marker[m] = MK_BOARD;
	t.st.discs[ot][C("austria")] = 1;	/* Austria borders it too */
	test_set_actor(&t, "austria");
	test_script(&t, dice, 4);
	CHECK_INT(order(&t, "austria", "T1.S1", "ATTACK MARKER ot3 WITH "
	    "1/0/0"), 0);
	/* 5 + 1 = 6 against 5 + 0 = 5: won by 1 */
	CHECK_INT(t.st.marker[m], MK_OUT);
	CHECK_INT(t.st.discs[ot][C("austria")], 2);
	CHECK_INT(t.st.vp[C("austria")], 1);
	CHECK_INT(t.st.unrest[C("austria")], 5);	/* Pyrrhic */
	CHECK_CONTAINS(test_events(&t), "Strength of the marker: 5 (dice 1 and "
	    "1: difference 0; marker's number 5).");
	test_game_release(&t);
}

TEST(r26_marker_fixed_defence_variant_rolls_no_marker_dice)
{
	struct test_game t;
	static const unsigned dice[] = { 5, 0 };	/* 6 1 */
	int m = rs_marker_by_id(test_ruleset(), "in4");

	test_game_init(&t, four, four_alliances);
	t.st.variants |= VAR_MARKER_FIXED_DEFENCE;
	t.st.marker[m] = MK_BOARD;
	t.st.discs[A("india")][C("prussia")] = 1;
	test_script(&t, dice, 2);
	CHECK_INT(order(&t, "prussia", "T1.S1", "ATTACK MARKER in4 WITH "
	    "2/1/3"), 0);
	CHECK_INT(t.dice.script_pos, 2);
	/* 5 + 2 soldiers + 1 ship = 8 against 4 */
	CHECK_INT(t.st.gold[C("prussia")], 14 - 3 + 3);	/* R29 gold */
	CHECK_INT(t.st.unrest[C("prussia")], 4);
	test_game_release(&t);
}

/* R21: the blank card converts only without ship cards in hand. */
TEST(r21_conversion_with_the_blank_card)
{
	struct test_game t;
	int pr = C("prussia"), na = A("north-america");
	int m = rs_marker_by_id(test_ruleset(), "na1");

	test_game_init(&t, four, four_alliances);
	t.st.marker[m] = MK_BOARD;
	CHECK_INT(order(&t, "prussia", "T1.S1", "CONVERT North America WITH "
	    "blank"), -1);
	CHECK_CONTAINS(err.buf, "only when no card with a ship is left in "
	    "hand (R21)");
	CHECK_INT(order(&t, "prussia", "T1.S1", "CONVERT North America WITH "
	    "3/0/2"), -1);
	CHECK_CONTAINS(err.buf, "needs a card with a ship");
	t.st.hand[pr] &= ~(1u << CARD(pr, "1/1/2") | 1u << CARD(pr, "2/1/3"));
	CHECK_INT(order(&t, "prussia", "T1.S1", "CONVERT North America WITH "
	    "blank"), 0);
	CHECK_INT(t.st.marker[m], MK_OUT);
	CHECK_INT(t.st.discs[na][pr], 1);
	CHECK_INT(t.st.gold[pr], 12);
	CHECK(t.st.hand[pr] & 1u << CARD(pr, "blank"));
	CHECK_INT(t.st.discard[pr], 0);
	CHECK_CONTAINS(test_events(&t), "converts action marker na1 in North "
	    "America with a face-down ship card");
	test_game_release(&t);
}

/* R14: War Office, two attacks in one segment, no placement. */
TEST(r14_war_office_two_attacks)
{
	struct test_game t;
	static const unsigned dice[] = { 5, 0, 0, 0, 5, 0, 0, 0 };
	int gs = A("german-states"), ce = A("central-europe");
	struct decision d;

	test_game_init(&t, four, four_alliances);
	hold(&t, "war-office", 0, "prussia");
	t.st.discs[gs][C("austria")] = 1;
	t.st.discs[ce][C("austria")] = 1;
	CHECK_INT(order(&t, "prussia", "T1.S1", "PLACE Banking\nATTACK "
	    "Austria IN German States WITH 3/0/2\nATTACK Austria IN Central "
	    "Europe WITH 4/0/5"), -1);
	CHECK_CONTAINS(err.buf, "two attacks and no placement");
	CHECK_INT(order(&t, "prussia", "T1.S1", "ATTACK Austria IN German "
	    "States WITH 3/0/2\nATTACK Austria IN Central Europe WITH 3/0/2"),
	    -1);
	CHECK_CONTAINS(err.buf, "two different cards");
	CHECK_INT(order(&t, "prussia", "T1.S1", "ATTACK Austria IN German "
	    "States WITH 3/0/2\nATTACK Austria IN Central Europe WITH 4/0/5"),
	    0);
	test_script(&t, dice, 8);
	CHECK_INT(order(&t, "austria", "T1.C1.DEFEND", "DEFEND WITH blank"),
	    0);
	/* the second combat begins at once */
	CHECK_INT(aor_pending(&t.st, &d, 1), 1);
	CHECK_STR(d.step, "T1.C2.DEFEND");
	CHECK_INT(order(&t, "austria", "T1.C2.DEFEND", "DEFEND WITH blank"),
	    0);
	CHECK_INT(t.st.discs[gs][C("prussia")], 1);
	CHECK_INT(t.st.discs[ce][C("prussia")], 1);
	aor_pending(&t.st, &d, 1);
	CHECK_STR(d.step, "T1.S1");
	CHECK_INT(d.country, C("austria"));
	/* without War Office only one attack */
	CHECK_INT(order(&t, "austria", "T1.S1", "ATTACK Prussia IN German "
	    "States WITH 1/0/0\nATTACK Prussia IN Central Europe WITH 2/0/1"),
	    -1);
	CHECK_CONTAINS(err.buf, "one attack per segment");
	test_game_release(&t);
}

/*
 * R14, R21: a War Office holder's second action is checked against the
 * state after the first (reading 2): with 1/1/2 the last ship card in
 * hand, CONVERT with 1/1/2 then CONVERT with blank is legal.  Under
 * reading 1 (aor.h) both lines were checked against the hand before the
 * segment, and the order was refused.
 */
TEST(r14_r21_war_office_second_conversion_with_blank_after_last_ship)
{
	struct test_game t;
	struct decision d;
	int pr = C("prussia"), ca = A("caribbean"), in = A("india");
	int mca = rs_marker_by_id(test_ruleset(), "ca1");
	int min = rs_marker_by_id(test_ruleset(), "in1");
	const char *lines = "CONVERT Caribbean WITH 1/1/2\nCONVERT India WITH "
	    "blank";

	test_game_init(&t, four, four_alliances);
	t.st.rules = 1;
	hold(&t, "war-office", 0, "prussia");
	t.st.marker[mca] = t.st.marker[min] = MK_BOARD;
	t.st.hand[pr] &= ~(1u << CARD(pr, "2/1/3"));
	CHECK_INT(order(&t, "prussia", "T1.S1", lines), -1);
	CHECK_CONTAINS(err.buf, "the blank card converts only when no card "
	    "with a ship is left in hand (R21)");
	t.st.rules = 2;
	CHECK_INT(order(&t, "prussia", "T1.S1", lines), 0);
	CHECK_INT(t.st.marker[mca], MK_OUT);
	CHECK_INT(t.st.marker[min], MK_OUT);
	CHECK_INT(t.st.discs[ca][pr], 1);
	CHECK_INT(t.st.discs[in][pr], 1);
	CHECK_INT(t.st.gold[pr], 10);	/* 14 - 2 - 2 (R21) */
	CHECK(t.st.hand[pr] & 1u << CARD(pr, "blank"));
	CHECK_INT(t.st.discard[pr], 1u << CARD(pr, "1/1/2"));
	aor_pending(&t.st, &d, 1);
	CHECK_STR(d.step, "T1.S1");
	CHECK_INT(d.country, C("austria"));
	test_game_release(&t);
	/* Still refused: blank first while 1/1/2 is in hand. */
	test_game_init(&t, four, four_alliances);
	hold(&t, "war-office", 0, "prussia");
	t.st.marker[mca] = t.st.marker[min] = MK_BOARD;
	t.st.hand[pr] &= ~(1u << CARD(pr, "2/1/3"));
	CHECK_INT(order(&t, "prussia", "T1.S1", "CONVERT India WITH blank\n"
	    "CONVERT Caribbean WITH 1/1/2"), -1);
	CHECK_CONTAINS(err.buf, "only when no card with a ship is left");
	test_game_release(&t);
}

/*
 * R14 (reading 2): after an attack with the last ship card, whose card
 * goes to the discard pile (R28), the second action may convert with the
 * blank card.
 */
TEST(r14_war_office_attack_then_blank_conversion)
{
	struct test_game t;
	static const unsigned dice[] = { 5, 0, 0, 0 };
	int pr = C("prussia"), in = A("india");
	int min = rs_marker_by_id(test_ruleset(), "in1");
	const char *lines = "ATTACK Austria IN Baltic WITH 1/1/2\nCONVERT "
	    "India WITH blank";

	test_game_init(&t, four, four_alliances);
	hold(&t, "war-office", 0, "prussia");
	t.st.marker[min] = MK_BOARD;
	t.st.discs[A("baltic")][C("austria")] = 1;
	t.st.hand[pr] &= ~(1u << CARD(pr, "2/1/3"));
	t.st.rules = 1;
	CHECK_INT(order(&t, "prussia", "T1.S1", lines), -1);
	CHECK_CONTAINS(err.buf, "the blank card converts only when");
	t.st.rules = 2;
	CHECK_INT(order(&t, "prussia", "T1.S1", lines), 0);
	CHECK_INT(t.st.combat.stage, CS_PICKS);
	CHECK_INT(t.st.combat.has_next, 1);
	test_script(&t, dice, 4);
	CHECK_INT(order(&t, "austria", "T1.C1.DEFEND", "DEFEND WITH blank"),
	    0);
	/* the combat is over; the conversion follows at once */
	CHECK_INT(t.st.combat.stage, CS_NONE);
	CHECK_INT(t.st.marker[min], MK_OUT);
	CHECK_INT(t.st.discs[in][pr], 1);
	CHECK(t.st.hand[pr] & 1u << CARD(pr, "blank"));
	test_game_release(&t);
}

/* R19: the attacker's reserve, then the defender's, by their policies. */
TEST(r19_reserves_used_by_each_side)
{
	struct test_game t;
	/* 1 1 | 6 1: 0 vs 5 -> attacker re-rolls: 6 1 | 1 1: 5 vs 0 ->
	 * defender (if-losing) re-rolls: 2 1 | 4 1: 1 vs 3 */
	static const unsigned dice[] = { 0, 0, 5, 0, 5, 0, 0, 0, 1, 0, 3, 0 };
	int gs = A("german-states");

	duel(&t, gs, dice, 12);
	hold(&t, "reserve", 0, "prussia");
	hold(&t, "reserve", 1, "austria");
	order(&t, "prussia", "T1.S1", "ATTACK Austria IN German States WITH "
	    "blank RESERVE if-losing");
	test_script(&t, dice, 12);
	CHECK_INT(order(&t, "austria", "T1.C1.DEFEND", "DEFEND WITH blank "
	    "RESERVE if-losing"), 0);
	CHECK_INT(t.dice.script_pos, 12);
	CHECK_INT(t.st.box[BOX("reserve")][0], NO_COUNTRY);
	CHECK_INT(t.st.box[BOX("reserve")][1], NO_COUNTRY);
	CHECK_CONTAINS(test_events(&t), "Prussia uses a Reserve (policy "
	    "if-losing, R19)");
	CHECK_CONTAINS(test_events(&t), "Austria uses a Reserve");
	/* issue 11 (reading 3): the dice before and after each re-roll */
	CHECK_CONTAINS(test_events(&t), "both sides re-roll: attacker from 1 "
	    "and 1 to 6 and 1, defender from 6 and 1 to 1 and 1.");
	CHECK_CONTAINS(test_events(&t), "both sides re-roll: attacker from 6 "
	    "and 1 to 2 and 1, defender from 1 and 1 to 4 and 1.");
	CHECK_CONTAINS(test_events(&t), "(dice 2 and 1: difference 1;");
	CHECK_INT(t.st.discs[gs][C("austria")], 1);
	test_game_release(&t);
}

TEST(r19_policy_never_keeps_the_reserve)
{
	struct test_game t;
	static const unsigned dice[] = { 0, 0, 5, 0 };
	int gs = A("german-states");

	duel(&t, gs, dice, 4);
	hold(&t, "reserve", 0, "prussia");
	order(&t, "prussia", "T1.S1", "ATTACK Austria IN German States WITH "
	    "blank RESERVE never");
	test_script(&t, dice, 4);
	order(&t, "austria", "T1.C1.DEFEND", "DEFEND WITH blank");
	CHECK_INT(t.dice.script_pos, 4);
	CHECK_INT(t.st.box[BOX("reserve")][0], C("prussia"));
	test_game_release(&t);
}

/* R5: a card paid at the reveal by borrowing. */
TEST(r5_card_paid_by_forced_borrowing_at_reveal)
{
	struct test_game t;
	static const unsigned dice[] = { 0, 0, 0, 0 };
	int gs = A("german-states");

	duel(&t, gs, dice, 4);
	t.st.gold[C("prussia")] = 1;
	order(&t, "prussia", "T1.S1", "ATTACK Austria IN German States WITH "
	    "6/0/8");
	test_script(&t, dice, 4);
	order(&t, "austria", "T1.C1.DEFEND", "DEFEND WITH blank");
	/* 8 from 1: borrow 4 steps (8 gold), keep 1 */
	CHECK_INT(t.st.gold[C("prussia")], 1);
	CHECK_INT(t.st.unrest[C("prussia")], 4 + 4);	/* wins 6 to 0 */
	CHECK_INT(t.st.discs[gs][C("prussia")], 2);
	CHECK_CONTAINS(test_events(&t), "Prussia borrows 8 gold for 4 unrest "
	    "(R5)");
	test_game_release(&t);
}

/* R20: each location rule refuses an attack. */
TEST(r20_attack_location_rules)
{
	struct test_game t;

	test_game_init(&t, four, four_alliances);
	t.st.discs[A("india")][C("austria")] = 1;
	t.st.discs[A("baltic")][C("austria")] = 1;
	t.st.discs[A("mediterranean")][C("austria")] = 1;
	t.st.discs[A("ottoman-empire")][C("austria")] = 1;
	/* colonies: only with a disc there */
	CHECK_INT(order(&t, "prussia", "T1.S1", "ATTACK Austria IN India "
	    "WITH 2/1/3"), -1);
	CHECK_CONTAINS(err.buf, "only where you have a disc");
	t.st.discs[A("india")][C("prussia")] = 1;
	/* ... and only with a ship card */
	CHECK_INT(order(&t, "prussia", "T1.S1", "ATTACK Austria IN India "
	    "WITH 3/0/2"), -1);
	CHECK_CONTAINS(err.buf, "in the colonies needs a card with a ship");
	/* Baltic: always reachable, only with a ship card */
	CHECK_INT(order(&t, "prussia", "T1.S1", "ATTACK Austria IN Baltic "
	    "WITH 3/0/2"), -1);
	CHECK_CONTAINS(err.buf, "an attack in Baltic needs a card with a ship");
	/* Europe: Prussia is neither in nor next to the Ottoman Empire */
	CHECK_INT(order(&t, "prussia", "T1.S1", "ATTACK Austria IN Ottoman "
	    "Empire WITH 3/0/2"), -1);
	CHECK_CONTAINS(err.buf, "can attack in Ottoman Empire only with a disc");
	/* a disc in Central Europe makes the Ottoman Empire adjacent */
	t.st.discs[A("central-europe")][C("prussia")] = 1;
	CHECK_INT(order(&t, "prussia", "T1.S1", "ATTACK Austria IN Ottoman "
	    "Empire WITH 3/0/2"), 0);
	test_game_release(&t);
	test_game_init(&t, four, four_alliances);
	t.st.discs[A("mediterranean")][C("austria")] = 1;
	/* the blank card counts as a ship card for attacks (R20) */
	CHECK_INT(order(&t, "prussia", "T1.S1", "ATTACK Austria IN "
	    "Mediterranean WITH blank"), 0);
	test_game_release(&t);
}

TEST(r22_r23_bad_attacks_and_picks_rejected)
{
	struct test_game t;
	int gs = A("german-states"), pr = C("prussia");

	test_game_init(&t, four, four_alliances);
	t.st.discs[gs][C("austria")] = 1;
	t.st.discs[gs][C("france")] = 1;	/* France: Prussia's ally */
	t.st.discs[gs][C("spain")] = 0;
	CHECK_INT(order(&t, "prussia", "T1.S1", "ATTACK France IN German "
	    "States WITH 3/0/2"), -1);
	CHECK_CONTAINS(err.buf, "never attack an allied country (R22)");
	CHECK_INT(order(&t, "prussia", "T1.S1", "ATTACK Austria IN German "
	    "States WITH ally"), -1);
	CHECK_CONTAINS(err.buf, "the ally card cannot be played to attack");
	t.st.hand[pr] &= ~(1u << CARD(pr, "3/0/2"));
	t.st.discard[pr] |= 1u << CARD(pr, "3/0/2");
	CHECK_INT(order(&t, "prussia", "T1.S1", "ATTACK Austria IN German "
	    "States WITH 3/0/2"), -1);
	CHECK_CONTAINS(err.buf, "card 3/0/2 is not in Prussia's hand");
	CHECK_INT(order(&t, "prussia", "T1.S1", "ATTACK Austria IN German "
	    "States WITH 4/0/5"), 0);
	/* the pick of someone who is not the defender */
	CHECK_INT(order(&t, "france", "T1.C1.DEFEND", "DEFEND WITH blank"),
	    -1);
	CHECK_INT(order(&t, "austria", "T1.C1.DEFEND", "DEFEND WITH ally"),
	    -1);
	CHECK_CONTAINS(err.buf, "the ally card cannot defend (R23)");
	test_game_release(&t);
}

TEST(r24_r38_join_needs_a_disc_and_a_second_pick_is_stale)
{
	struct test_game t;
	struct strbuf why;
	int gs = A("german-states");

	sb_init(&why);
	test_game_init(&t, four, four_alliances);
	t.st.discs[gs][C("austria")] = 1;
	t.st.discs[gs][C("spain")] = 1;		/* Austria's ally, joins */
	CHECK_INT(order(&t, "prussia", "T1.S1", "ATTACK Austria IN German "
	    "States WITH 4/0/5"), 0);
	/* France has no disc in the German States */
	CHECK_INT(aor_step_status(&t.st, "T1.C1.JOIN", C("france"), &why),
	    STEP_NOT_YOURS);
	CHECK_CONTAINS(why.buf, "France may not join combat T1.C1");
	CHECK_INT(order(&t, "austria", "T1.C1.DEFEND", "DEFEND WITH blank"),
	    0);
	sb_reset(&why);
	CHECK_INT(aor_step_status(&t.st, "T1.C1.DEFEND", C("austria"), &why),
	    STEP_STALE);
	CHECK_CONTAINS(why.buf, "was made already (R38)");
	/* pending picks are secret: the state shows only who decided */
	CHECK_INT(t.st.combat.def_card, CARD(C("austria"), "blank"));
	CHECK_CONTAINS(test_events(&t), "Austria picks a card face down.");
	CHECK(strstr(test_events(&t), "blank") == NULL);
	CHECK(strstr(test_events(&t), "4/0/5") == NULL);
	sb_release(&why);
	test_game_release(&t);
}

TEST(r37_combat_defaults_blank_stay_out_no_npc)
{
	struct test_game t;
	static const unsigned dice[] = { 0, 0, 0, 0 };
	struct decision d[RS_MAX_COUNTRIES];
	int gs = A("german-states"), n, i;

	test_game_init(&t, four, four_alliances);
	t.st.discs[gs][C("austria")] = 1;
	t.st.discs[gs][C("spain")] = 1;
	t.st.discs[gs][C("netherlands")] = 1;	/* NPC of Austria's side */
	order(&t, "prussia", "T1.S1", "ATTACK Austria IN German States WITH "
	    "1/0/0");
	n = aor_pending(&t.st, d, RS_MAX_COUNTRIES);
	CHECK_INT(n, 2);
	test_script(&t, dice, 4);
	for (i = 0; i < n; i++)
		aor_default(&t.c, &d[i]);
	/* the defender's NPC allies were defaulted with the pick */
	CHECK_INT(t.st.combat.stage, CS_NONE);
	CHECK_CONTAINS(test_events(&t), "the defence is the blank card, "
	    "without NPC allies (R37)");
	CHECK_CONTAINS(test_events(&t), "Spain misses the deadline and stays "
	    "out of the combat (R37).");
	/* 1 vs 0: Prussia wins by 1 */
	CHECK_INT(t.st.discs[gs][C("prussia")], 1);
	test_game_release(&t);
}

TEST(orders_combat_syntax)
{
	const struct ruleset *rs = test_ruleset();
	struct item it;
	struct strbuf e;

	sb_init(&e);
	CHECK_INT(aor_parse_line(rs, C("prussia"), "attack great britain in "
	    "ostseeraum with 2/1/3 reserve always npc russia, spain", &it, &e),
	    0);
	CHECK_INT(it.atk.target, C("great-britain"));
	CHECK_INT(it.atk.area, A("baltic"));
	CHECK_INT(it.atk.reserve, RES_ALWAYS);
	CHECK_INT(it.atk.npc, 1 << C("russia") | 1 << C("spain"));
	CHECK_INT(aor_parse_line(rs, C("prussia"), "CONVERT MARKER na1 WITH "
	    "1/1/2", &it, &e), 0);
	CHECK_INT(it.atk.kind, ATK_CONVERT);
	CHECK_INT(aor_parse_line(rs, C("prussia"), "JOIN MAYBE", &it, &e), -1);
	CHECK_CONTAINS(e.buf, "JOIN ALLY");
	sb_reset(&e);
	CHECK_INT(aor_parse_line(rs, C("prussia"), "ATTACK Austria WITH 1/0/0",
	    &it, &e), -1);
	CHECK_CONTAINS(e.buf, "ATTACK country IN area WITH card");
	sb_release(&e);
}

/* R18: training and support help their holder only, never an ally. */
TEST(r18_boxes_do_not_help_allies)
{
	struct test_game t;
	static const unsigned dice[] = { 0, 0, 0, 0 };	/* all ones */
	int gs = A("german-states");

	test_game_init(&t, four, four_alliances);
	t.st.discs[gs][C("austria")] = 1;
	t.st.discs[gs][C("france")] = 1;	/* Prussia's ally, joins */
	hold(&t, "army-training", 0, "france");
	hold(&t, "bavaria", 0, "france");
	hold(&t, "saxony", 0, "prussia");
	order(&t, "prussia", "T1.S1", "ATTACK Austria IN German States WITH "
	    "1/0/0");
	CHECK_INT(order(&t, "austria", "T1.C1.DEFEND", "DEFEND WITH blank"),
	    0);
	test_script(&t, dice, 4);
	CHECK_INT(order(&t, "france", "T1.C1.JOIN", "JOIN ALLY"), 0);
	/* 0 + 1 soldier + 1 ally + 1 Saxony (Prussia's own) = 3 */
	CHECK_CONTAINS(test_events(&t), "Strength of Prussia: 3 (dice 1 and 1: "
	    "difference 0; card 1/0/0: 1 soldier; 1 ally card: 1; Saxony: 1).");
	test_game_release(&t);
}

/* The defender's choices, joined by newlines (caller frees). */
static char *
defend_form(struct test_game *t)
{
	struct decision d[RS_MAX_COUNTRIES];
	struct strbuf sb;
	char **lines;
	int np = aor_pending(&t->st, d, RS_MAX_COUNTRIES), i, j, n;

	sb_init(&sb);
	for (i = 0; i < np; i++) {
		if (d[i].kind != DEC_DEFEND)
			continue;
		n = aor_choices(&t->st, &d[i], &lines);
		for (j = 0; j < n; j++) {
			sb_addf(&sb, "%s\n", lines[j]);
			free(lines[j]);
		}
		free(lines);
	}
	return sb_detach(&sb);
}

/* Issue 10: the defence form offers RESERVE only to a holder of a Reserve
 * box, and names the NPCs that can be bought (R19, R25). */
TEST(r19_r25_defence_form_lists_exactly_the_legal_choices)
{
	struct test_game t;
	int ce = A("central-europe");
	char *form;

	test_game_init(&t, four, four_alliances);
	t.st.discs[ce][C("prussia")] = 1;
	t.st.discs[ce][C("austria")] = 1;
	t.st.discs[ce][C("netherlands")] = 1;	/* NPC of Austria's side */
	CHECK_INT(order(&t, "prussia", "T1.S1", "ATTACK Austria IN Central "
	    "Europe WITH 3/0/2 NPC NONE"), 0);
	form = defend_form(&t);
	CHECK_CONTAINS(form, "DEFEND WITH ");
	CHECK_CONTAINS(form, " [NPC ALL|NONE|any of: Netherlands]");
	CHECK(strstr(form, "RESERVE") == NULL);
	CHECK(strstr(form, "Russia") == NULL);	/* Prussia's NPC */
	free(form);
	hold(&t, "reserve", 0, "austria");
	form = defend_form(&t);
	CHECK_CONTAINS(form, " [RESERVE never|if-losing|always]");
	free(form);
	test_game_release(&t);
}

/* Without an NPC to buy, the form offers no NPC part at all. */
TEST(r25_defence_form_without_npcs)
{
	struct test_game t;
	char *form;

	duel(&t, A("german-states"), NULL, 0);
	CHECK_INT(order(&t, "prussia", "T1.S1", "ATTACK Austria IN German "
	    "States WITH 1/0/0"), 0);
	form = defend_form(&t);
	CHECK_CONTAINS(form, "DEFEND WITH ");
	CHECK(strstr(form, "NPC") == NULL);
	free(form);
	test_game_release(&t);
}
