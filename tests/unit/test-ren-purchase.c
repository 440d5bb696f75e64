/*
 * test-ren-purchase.c - the purchase phase with the seed's examples:
 * leader discounts and Patronage (5.5.2.3), credits (5.5.2.4),
 * prerequisites (5.5.2.2), stabilization (5.5.3) and misery relief
 * (5.5.4); ships (5.5.1).
 */
#include <string.h>

#include "ren-test.h"
#include "util.h"

enum { VEN, GEN, BAR, PAR, LON, HAM };
#define ANNE VEN
#define GREG GEN

static int
play(struct ren_test_game *t, int p, const char *card, int protection)
{
	struct strbuf err;
	int r;

	ren_test_card(t, p, card);
	sb_init(&err);
	r = ren_play_card(&t->c, p, RCARD(card), -1, -1, protection, &err);
	sb_release(&err);
	return r;
}

/* seed 5.5.2.3: Anne played Charlemagne first (20 for Nationalism), Greg
   Walter the Penniless (20 for Overland East) with $10 on it */
TEST(ren_purchase_leaders_and_patronage_example)
{
	struct ren_test_game t;
	struct strbuf err;
	uint64_t none = 0, walter = (uint64_t)1 << 1;

	ren_test_game_init(&t, 3);
	sb_init(&err);
	CHECK_INT(play(&t, ANNE, "charlemagne", 0), 0);
	CHECK_INT(play(&t, GREG, "walter-the-penniless", 10), 0);
	CHECK(t.st.leaders[0].first);
	CHECK_INT(t.st.leaders[1].protection, 10);
	CHECK_INT(t.st.p[GREG].cash, 30);
	/* Anne: Nationalism for $40 instead of $60 */
	CHECK_INT(ren_advance_price(&t.st, ANNE, ADV('W'), none), 40);
	/* Overland East $40, or $20 with Walter claimed */
	CHECK_INT(ren_advance_price(&t.st, ANNE, ADV('R'), none), 40);
	CHECK_INT(ren_advance_price(&t.st, ANNE, ADV('R'), walter), 20);
	/* Greg uses Walter, but not the first leader, Charlemagne */
	CHECK_INT(ren_advance_price(&t.st, GREG, ADV('R'), none), 20);
	CHECK_INT(ren_advance_price(&t.st, GREG, ADV('W'), none), 60);
	/* RR20: Patronage held before this purchase; the claim pays Greg */
	CHECK_INT(ren_claim(&t.c, ANNE, 1, &err), -1);
	CHECK_CONTAINS(err.buf, "does not hold Patronage");
	ren_test_adv(&t, ANNE, 'E');
	sb_reset(&err);
	ren_test_adv(&t, GREG, 'E');
	CHECK_INT(ren_claim(&t.c, GREG, 0, &err), -1);
	CHECK_CONTAINS(err.buf, "the turn's first leader card (RR15)");
	CHECK_INT(ren_claim(&t.c, ANNE, 1, &err), 0);
	CHECK_INT(t.st.p[ANNE].cash, 30);
	CHECK_INT(t.st.p[GREG].cash, 40);
	CHECK_INT(ren_buy_advance(&t.c, ANNE, ADV('R'), walter, &err), 0);
	CHECK_INT(t.st.p[ANNE].cash, 10);
	sb_release(&err);
	ren_test_game_release(&t);
}

/* seed 5.5.2.3: with The Crusades in the same turn Walter gives $30 */
TEST(ren_purchase_walter_with_crusades)
{
	struct ren_test_game t;

	ren_test_game_init(&t, 3);
	CHECK_INT(play(&t, GREG, "walter-the-penniless", 0), 0);
	CHECK_INT(ren_advance_price(&t.st, GREG, ADV('R'), 0), 20);
	/* The Crusades is not written yet; its having been played is what
	   counts here */
	t.st.played_turn |= (uint64_t)1 << RCARD("the-crusades");
	CHECK_INT(ren_advance_price(&t.st, GREG, ADV('R'), 0), 10);
	ren_test_game_release(&t);
}

/* RR15: Marco Polo gives 40 when Mongol Armies was played before him */
TEST(ren_purchase_marco_polo)
{
	struct ren_test_game t;

	ren_test_game_init(&t, 3);
	CHECK_INT(play(&t, VEN, "marco-polo", 0), 0);
	CHECK_INT(play(&t, VEN, "mongol-armies", 0), 0);
	CHECK_INT(ren_advance_price(&t.st, VEN, ADV('R'), 0), 20);
	ren_test_game_release(&t);
	ren_test_game_init(&t, 3);
	t.st.played_ever |= (uint64_t)1 << RCARD("mongol-armies");
	CHECK_INT(play(&t, VEN, "marco-polo", 0), 0);
	CHECK_INT(ren_advance_price(&t.st, VEN, ADV('R'), 0), 0);
	CHECK_INT(ren_advance_price(&t.st, VEN, ADV('Y'), 0), 110);
	ren_test_game_release(&t);
}

/* seed 5.5.2.4: with Urban Ascendancy from earlier turns Nationalism
   costs $30 after Charlemagne; with Institutional Research too, nothing */
TEST(ren_purchase_credits_example)
{
	struct ren_test_game t;
	struct strbuf err;

	ren_test_game_init(&t, 3);
	sb_init(&err);
	CHECK_INT(play(&t, ANNE, "charlemagne", 0), 0);
	ren_test_adv(&t, ANNE, 'V');
	CHECK_INT(ren_advance_price(&t.st, ANNE, ADV('W'), 0), 30);
	ren_test_adv(&t, ANNE, 'X');
	CHECK_INT(ren_advance_price(&t.st, ANNE, ADV('W'), 0), 0);
	/* X's 10 reaches Science, not Religion */
	CHECK_INT(ren_advance_price(&t.st, ANNE, ADV('A'), 0), 20);
	CHECK_INT(ren_advance_price(&t.st, ANNE, ADV('E'), 0), 30);
	/* credits of this turn's purchases do not count yet (RR20) */
	CHECK_INT(ren_buy_advance(&t.c, GEN, ADV('A'), 0, &err), 0);
	CHECK_INT(ren_advance_price(&t.st, GEN, ADV('B'), 0), 60);
	ren_purchase_done(&t.st, GEN);
	CHECK_INT(ren_advance_price(&t.st, GEN, ADV('B'), 0), 40);
	/* Written Record: $10 more per discounted advance (RR15) */
	ren_test_adv(&t, ANNE, 'N');
	CHECK_INT(play(&t, ANNE, "christopher-columbus", 0), 0);
	ren_test_adv(&t, ANNE, 'A');
	ren_test_adv(&t, ANNE, 'S');
	/* 120 - 20 (S's credit) - 10 (X's) - 30 (Columbus) - 10 (N) */
	CHECK_INT(ren_advance_price(&t.st, ANNE, ADV('T'), 0), 50);
	sb_release(&err);
	ren_test_game_release(&t);
}

/* seed 5.5.2.2: Printed Word needs Written Record, which may be bought
   just before it in the same turn */
TEST(ren_purchase_prerequisites)
{
	struct ren_test_game t;
	struct strbuf err;

	ren_test_game_init(&t, 3);
	sb_init(&err);
	t.st.p[VEN].cash = 200;
	CHECK_INT(ren_buy_advance(&t.c, VEN, ADV('O'), 0, &err), -1);
	CHECK_STR(err.buf, "Printed Word needs Written Record first (RR20)");
	CHECK_INT(ren_buy_advance(&t.c, VEN, ADV('N'), 0, &err), 0);
	CHECK_INT(ren_buy_advance(&t.c, VEN, ADV('O'), 0, &err), 0);
	CHECK_INT(t.st.p[VEN].cash, 200 - 30 - 60);
	sb_reset(&err);
	CHECK_INT(ren_buy_advance(&t.c, VEN, ADV('L'), 0, &err), -1);
	CHECK_STR(err.buf, "Interest & Profit needs Improved Agriculture "
	    "first (RR20)");
	sb_reset(&err);
	CHECK_INT(ren_buy_advance(&t.c, VEN, ADV('N'), 0, &err), -1);
	CHECK_CONTAINS(err.buf, "holds Written Record already");
	sb_release(&err);
	ren_test_game_release(&t);
}

/* RR20: Papal Decree bans a category for all; a Religion advance adds a
   box; Human Body and Improved Agriculture take one off */
TEST(ren_purchase_misery_and_papal_decree)
{
	struct ren_test_game t;
	struct strbuf err;

	ren_test_game_init(&t, 3);
	sb_init(&err);
	t.st.p[VEN].cash = 300;
	CHECK_INT(ren_buy_advance(&t.c, VEN, ADV('E'), 0, &err), 0);
	CHECK_INT(ren_misery_value(&t.st, VEN), 10);
	CHECK_INT(ren_buy_advance(&t.c, VEN, ADV('B'), 0, &err), 0);
	CHECK_INT(ren_misery_value(&t.st, VEN), 0);
	t.st.papal_ban = CAT_SCIENCE;
	CHECK_INT(ren_buy_advance(&t.c, VEN, ADV('A'), 0, &err), -1);
	CHECK_STR(err.buf, "Papal Decree bans science advances this turn "
	    "(RR20)");
	sb_release(&err);
	ren_test_game_release(&t);
}

/* seed 5.5.3, RR21: stabilization by cards in hand, all or nothing;
   unpaid, box by box until the steps cover the cost */
TEST(ren_purchase_stabilization)
{
	struct ren_test_game t;
	static const char *const five[] = {
		"stone-1a", "stone-1b", "wool-1a", "wool-1b", "timber-1"
	};
	int i;

	ren_test_game_init(&t, 3);
	for (i = 0; i < 5; i++)
		ren_test_card(&t, VEN, five[i]);
	CHECK_INT(ren_stabilization_cost(&t.st, VEN), 15);
	ren_stabilize(&t.c, VEN, 1);
	CHECK_INT(t.st.p[VEN].cash, 25);
	/* a step of 10 and a $1 cost: one box */
	t.st.p[GEN].hand = (uint64_t)1 << RCARD("famine");
	ren_stabilize(&t.c, GEN, 0);
	CHECK_INT(ren_misery_value(&t.st, GEN), 10);
	/* from 90 a $15 cost moves to 125 (RR21) */
	t.st.p[BAR].hand = t.st.p[VEN].hand;
	t.st.p[BAR].misery = 9;
	ren_stabilize(&t.c, BAR, 0);
	CHECK_INT(ren_misery_value(&t.st, BAR), 125);
	/* from 100 a $21 cost moves to 125 */
	ren_test_card(&t, BAR, "metal-1");
	t.st.p[BAR].misery = 10;
	CHECK_INT(ren_stabilization_cost(&t.st, BAR), 21);
	ren_stabilize(&t.c, BAR, 0);
	CHECK_INT(ren_misery_value(&t.st, BAR), 125);
	/* paying without the cash is refusing (RR19's default pays only
	   when it can) */
	t.st.p[VEN].cash = 3;
	ren_stabilize(&t.c, VEN, 1);
	CHECK_INT(t.st.p[VEN].cash, 3);
	CHECK_INT(ren_misery_value(&t.st, VEN), 20);
	/* Middle Class halves, rounded up (RR1): 15 -> 8 */
	ren_test_adv(&t, VEN, 'Z');
	CHECK_INT(ren_stabilization_cost(&t.st, VEN), 8);
	/* RR21: from the last box any cost is Chaos (RR35) */
	t.st.p[VEN].misery = t.st.rs->nmisery - 1;
	ren_stabilize(&t.c, VEN, 0);
	CHECK(t.st.p[VEN].out);
	CHECK_INT(ren_hand_size(&t.st, VEN), 0);
	ren_test_game_release(&t);
}

/* seed 5.5.4: at 80 with a first tier completed by Urban Ascendancy (5
   MR), relief to 70 costs $10 - 5 = $5; with 10 MR it is free */
TEST(ren_purchase_misery_relief_example)
{
	struct ren_test_game t;
	struct strbuf err;
	static const char tier[] = "AEINR";

	ren_test_game_init(&t, 3);
	sb_init(&err);
	for (int i = 0; tier[i]; i++)
		ren_test_adv(&t, VEN, tier[i]);
	t.st.p[VEN].misery = 8;	/* 80 */
	CHECK_INT(ren_relief(&t.c, VEN, 1, &err), -1);
	CHECK_CONTAINS(err.buf, "holds 0 tiers: at most 0 boxes of relief "
	    "this turn (RR22)");
	CHECK_INT(ren_buy_advance(&t.c, VEN, ADV('V'), 0, &err), 0);
	CHECK_INT(ren_tiers(&t.st, VEN), 1);
	CHECK_INT(ren_relief_price(&t.st, VEN, 1, &err), 5);
	t.st.p[VEN].relief_mr += 5;	/* a second advance with 5 MR */
	CHECK_INT(ren_relief_price(&t.st, VEN, 1, &err), 0);
	t.st.p[VEN].relief_mr -= 5;
	CHECK_INT(t.st.p[VEN].cash, 20);
	CHECK_INT(ren_relief(&t.c, VEN, 1, &err), 0);
	CHECK_INT(t.st.p[VEN].cash, 15);
	CHECK_INT(ren_misery_value(&t.st, VEN), 70);
	sb_reset(&err);
	/* one tier: one box this turn */
	CHECK_INT(ren_relief(&t.c, VEN, 1, &err), -1);
	CHECK_CONTAINS(err.buf, "at most 1 box of relief");
	/* RR22: 125 to 100 is $25; Enlightenment halves it, before MR */
	ren_purchase_done(&t.st, VEN);
	t.st.p[VEN].relief_used = 0;
	t.st.p[VEN].misery = 11;
	CHECK_INT(ren_relief_price(&t.st, VEN, 1, &err), 25);
	ren_test_adv(&t, VEN, 'D');
	CHECK_INT(ren_relief_price(&t.st, VEN, 1, &err), 13);
	sb_release(&err);
	ren_test_game_release(&t);
}

/* seed 5.5.1, RR23: Galleys 2, then 4; one upgrade a turn; Seaworthy
   Vessels replaces them with Seaworthy 10 */
TEST(ren_purchase_ships)
{
	struct ren_test_game t;
	struct strbuf err;

	ren_test_game_init(&t, 3);
	sb_init(&err);
	CHECK_INT(ren_ship_upgrade(&t.c, VEN, &err), 0);
	CHECK_INT(t.st.p[VEN].ship_row, SHIP_GALLEYS);
	CHECK_INT(t.st.rs->ship_levels[SHIP_GALLEYS][t.st.p[VEN].ship_level],
	    2);
	CHECK_INT(ren_ship_upgrade(&t.c, VEN, &err), -1);
	CHECK_STR(err.buf, "one ship upgrade per turn (RR23)");
	t.st.p[VEN].upgraded = 0;
	CHECK_INT(ren_ship_upgrade(&t.c, VEN, &err), 0);
	CHECK_INT(t.st.p[VEN].ship_level, 1);
	CHECK_INT(t.st.p[VEN].cash, 20);
	t.st.p[VEN].cash = 100;
	CHECK_INT(ren_buy_advance(&t.c, VEN, ADV('S'), 0, &err), 0);
	CHECK_INT(t.st.p[VEN].ship_row, SHIP_SEAWORTHY);
	CHECK_INT(t.st.p[VEN].ship_level, 0);
	CHECK_CONTAINS(ren_test_events(&t), "Venice's fleet is now "
	    "Seaworthy 10 (RR23).");
	t.st.p[VEN].ship_level = 3;
	t.st.p[VEN].upgraded = 0;
	sb_reset(&err);
	CHECK_INT(ren_ship_upgrade(&t.c, VEN, &err), -1);
	CHECK_STR(err.buf, "no upgrade beyond 16 (RR23)");
	sb_release(&err);
	ren_test_game_release(&t);
}

/* RR19: a purchase order is carried out ships, claims, advances,
   stabilization, relief, whatever the order of its lines; one upgrade;
   Urban Ascendancy listed after the relief still completes the tier
   first, and its 5 MR pays half the relief (seed 5.5.4's example) */
TEST(ren_purchase_sequence_rr19)
{
	struct ren_test_game t;
	struct ren_item it[4];
	struct strbuf err;
	static const char *const lines[] = {
		"RELIEF 1", "ADVANCE V", "UPGRADE", "UPGRADE"
	};
	static const char tier[] = "AEINR";
	int k;

	ren_test_game_init(&t, 3);
	sb_init(&err);
	for (k = 0; tier[k]; k++)
		ren_test_adv(&t, VEN, tier[k]);
	t.st.p[VEN].misery = 8;		/* 80 */
	t.st.p[VEN].cash = 35;
	t.st.phase = RPH_PURCHASE;
	t.st.actor = 0;
	for (k = 0; k < 4; k++) {
		CHECK_INT(ren_parse_line(ren_test_ruleset(), lines[k], &it[k],
		    &err), 0);
		it[k].line = k + 1;
	}
	CHECK_INT(ren_apply(&t.c, VEN, it, 4, &err), 0);
	/* $10 galleys, $20 Urban Ascendancy, $5 relief */
	CHECK_INT(t.st.p[VEN].cash, 0);
	CHECK_INT(t.st.p[VEN].ship_level, 0);
	CHECK(ren_has(&t.st, VEN, 'V'));
	CHECK_INT(ren_misery_value(&t.st, VEN), 70);
	sb_release(&err);
	ren_test_game_release(&t);
}

/* A keyword at the end of a line with its number missing (found by
   fuzz-ren-orders: 'PROTECT' read the word after the last) is refused. */
TEST(ren_parse_line_keyword_without_its_number)
{
	struct ren_item it;
	struct strbuf err;

	sb_init(&err);
	CHECK_INT(ren_parse_line(ren_test_ruleset(),
	    "PLAY rashid-ad-din PROTECT", &it, &err), -1);
	CHECK_CONTAINS(err.buf, "a number is missing");
	sb_reset(&err);
	CHECK_INT(ren_parse_line(ren_test_ruleset(),
	    "PLAY rashid-ad-din PROTECT 0", &it, &err), 0);
	sb_release(&err);
}

/* RR20, RR35, reading 3: a claim on the leader of a player who has fallen
   into Chaos since he played it costs the same, but the protection goes
   to the bank: a player out of the game receives no payments, and the
   order form says so (reading 2 paid him) */
TEST(ren_purchase_claim_of_chaos_owner)
{
	struct ren_test_game t;
	struct ren_decision d;
	struct strbuf err, form;
	int r;

	for (r = 2; r <= 3; r++) {
		ren_test_game_init(&t, 3);
		sb_init(&err);
		t.st.reading = r;
		CHECK_INT(play(&t, ANNE, "charlemagne", 0), 0);
		CHECK_INT(play(&t, GREG, "walter-the-penniless", 10), 0);
		ren_test_adv(&t, ANNE, 'E');
		t.st.p[GREG].out = 1;
		/* the order form names who is paid */
		memset(&d, 0, sizeof(d));
		d.kind = RD_PURCHASE;
		d.player = ANNE;
		sb_init(&form);
		ren_choices(&t.st, &d, &form);
		CHECK_CONTAINS(form.buf, r >= 3 ?
		    "CLAIM walter-the-penniless  # $10 to the bank (RR20)\n" :
		    "CLAIM walter-the-penniless  # $10 to Genoa (RR20)\n");
		if (r >= 3)
			CHECK_CONTAINS(form.buf, "with CLAIM "
			    "walter-the-penniless ($10 to the bank) (RR20)\n");
		sb_release(&form);
		CHECK_INT(ren_claim(&t.c, ANNE, 1, &err), 0);
		CHECK_INT(t.st.p[ANNE].cash, 30);
		CHECK_INT(t.st.p[GREG].cash, r >= 3 ? 30 : 40);
		CHECK_INT(strstr(ren_test_events(&t), "Venice claims Walter "
		    "the Penniless by Patronage and pays the bank $10: Genoa "
		    "is in Chaos (RR20, RR35).") != NULL, r >= 3);
		sb_release(&err);
		ren_test_game_release(&t);
	}
}
