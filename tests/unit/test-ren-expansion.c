/*
 * test-ren-expansion.c - the expansion phase, with the seed's worked
 * examples: overland and caravan reach (5.6.2.1), galleys (5.6.2.2), the
 * competition numbers (5.6.3.2-5.6.3.8) and their dice (5.6.3.9).
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "ren-test.h"
#include "util.h"

enum { VEN, GEN, BAR, PAR, LON, HAM };

static enum ren_reach
reach(struct ren_test_game *t, int p, const char *id)
{
	struct strbuf why;
	enum ren_reach r;

	sb_init(&why);
	r = ren_reach(&t->st, p, RP(id), &why);
	sb_release(&why);
	return r;
}

static int
need(struct ren_test_game *t, int p, const char *id)
{
	struct strbuf err;
	int n;

	sb_init(&err);
	n = ren_attack_need(&t->st, p, RP(id), &err);
	sb_release(&err);
	return n;
}

/* seed 5.6.2.1: Genoa reaches Milan, Lyons and Marseilles, not
   Montpellier; from its capital even without its marker there (RR26) */
TEST(ren_reach_overland_genoa)
{
	struct ren_test_game t;

	ren_test_game_init(&t, 3);
	CHECK_INT(reach(&t, GEN, "milan"), REACH_LAND);
	CHECK_INT(reach(&t, GEN, "lyons"), REACH_LAND);
	CHECK_INT(reach(&t, GEN, "marseilles"), REACH_LAND);
	CHECK_INT(reach(&t, GEN, "montpellier"), REACH_NONE);
	ren_test_dom(&t, VEN, "genoa");	/* Genoa's capital taken */
	CHECK_INT(reach(&t, GEN, "milan"), REACH_LAND);
	ren_test_game_release(&t);
}

/* seed 5.6.1.2 and 5.6.2.1: tokens equal to the market number become one
   ○ at once (RR27): Lyons 4, Milan 3 */
TEST(ren_place_dominates_lyons_and_milan)
{
	struct ren_test_game t;
	struct strbuf err;
	int mat;

	ren_test_game_init(&t, 3);
	sb_init(&err);
	t.st.p[GEN].expansion = 10;
	mat = t.st.p[GEN].mat;
	CHECK_INT(ren_place(&t.c, GEN, RP("lyons"), 4, &err), 0);
	CHECK_INT(ren_place(&t.c, GEN, RP("milan"), 2, &err), 0);
	CHECK_INT(t.st.dom[RP("lyons")], GEN);
	CHECK(t.st.dom_new[RP("lyons")]);
	CHECK_INT(t.st.dom[RP("milan")], REN_NOBODY);
	CHECK_INT(t.st.tok_new[RP("milan")][GEN], 2);
	CHECK_INT(ren_place(&t.c, GEN, RP("milan"), 1, &err), 0);
	CHECK_INT(t.st.dom[RP("milan")], GEN);
	CHECK_INT(t.st.tok_new[RP("milan")][GEN], 0);
	CHECK_INT(t.st.p[GEN].mat, mat - 2);
	CHECK_INT(t.st.p[GEN].expansion, 3);
	/* RR27: a ○ keeps everyone out but an attacker */
	CHECK_INT(ren_place(&t.c, VEN, RP("milan"), 1, &err), -1);
	CHECK_CONTAINS(err.buf, "only an attack enters it (RR27)");
	CHECK_CONTAINS(ren_test_events(&t), "Genoa dominates Lyons (RR27).");
	sb_release(&err);
	ren_test_game_release(&t);
}

/* seed 5.6.2.1's caravan example: Barcelona with Caravan reaches Granada
   through empty Valencia, Seville through Toledo, Bordeaux through
   Toulouse; not through Montpellier held by Genoa's ●; never Palma */
TEST(ren_reach_caravan_barcelona)
{
	struct ren_test_game t;

	ren_test_game_init(&t, 3);
	ren_test_adv(&t, BAR, 'I');
	ren_test_dom(&t, GEN, "montpellier");
	t.st.tok_new[RP("toledo")][BAR] = 3;	/* his □ do not matter */
	t.st.tok_new[RP("bordeaux")][GEN] = 1;	/* nor Genoa's □ there */
	CHECK_INT(reach(&t, BAR, "toledo"), REACH_LAND);
	CHECK_INT(reach(&t, BAR, "granada"), REACH_CARAVAN);
	CHECK_INT(reach(&t, BAR, "seville"), REACH_CARAVAN);
	CHECK_INT(reach(&t, BAR, "bordeaux"), REACH_CARAVAN);
	CHECK_INT(reach(&t, BAR, "lyons"), REACH_NONE);
	CHECK_INT(reach(&t, BAR, "palma"), REACH_NONE);
	t.st.p[GEN].mat++;
	t.st.dom[RP("montpellier")] = REN_NOBODY;
	CHECK_INT(reach(&t, BAR, "lyons"), REACH_CARAVAN);
	/* without Caravan, two steps are out of reach */
	t.st.p[BAR].advances = 0;
	CHECK_INT(reach(&t, BAR, "granada"), REACH_NONE);
	ren_test_game_release(&t);
}

/* seed 5.6.2.2's galley example: Venice with Galleys 2 reaches Florence
   by land (any number), Rome by ship (two tokens at most), not Naples */
TEST(ren_reach_galleys_venice)
{
	struct ren_test_game t;
	struct strbuf err;

	ren_test_game_init(&t, 3);
	sb_init(&err);
	CHECK_INT(reach(&t, VEN, "rome"), REACH_NONE);
	t.st.p[VEN].ship_row = SHIP_GALLEYS;
	t.st.p[VEN].ship_level = 0;
	CHECK_INT(reach(&t, VEN, "florence"), REACH_LAND);
	CHECK_INT(ren_ship_capacity(&t.st, VEN, RP("florence")), 2);
	CHECK_INT(reach(&t, VEN, "rome"), REACH_SHIP);
	CHECK_INT(reach(&t, VEN, "naples"), REACH_NONE);
	t.st.p[VEN].expansion = 9;
	CHECK_INT(ren_place(&t.c, VEN, RP("florence"), 3, &err), 0);
	CHECK_INT(ren_place(&t.c, VEN, RP("rome"), 3, &err), -1);
	CHECK_CONTAINS(err.buf, "land at most 2 more tokens in Rome");
	CHECK_INT(ren_place(&t.c, VEN, RP("rome"), 2, &err), 0);
	sb_reset(&err);
	/* RR26: every token landed counts, for the rest of the turn */
	CHECK_INT(ren_place(&t.c, VEN, RP("rome"), 1, &err), -1);
	CHECK_CONTAINS(err.buf, "at most 0 more tokens");
	/* Galleys 4 reach Naples (three coastal steps) */
	t.st.p[VEN].ship_level = 1;
	CHECK_INT(reach(&t, VEN, "naples"), REACH_SHIP);
	sb_release(&err);
	ren_test_game_release(&t);
}

/* seed 5.6.2.2 note, RR26: Iceland and West Africa need The Heavens with
   galleys; Seaworthy Vessels reach them, never the overseas boxes; Ocean
   Navigation the Far East, limited by its level */
TEST(ren_reach_ships_and_overseas)
{
	struct ren_test_game t;
	struct strbuf err;

	ren_test_game_init(&t, 6);
	sb_init(&err);
	ren_test_dom(&t, LON, "edinburg");
	t.st.p[LON].ship_row = SHIP_GALLEYS;
	t.st.p[LON].ship_level = 3;	/* Galleys 8 */
	CHECK_INT(reach(&t, LON, "iceland"), REACH_NONE);
	ren_test_adv(&t, LON, 'A');
	CHECK_INT(reach(&t, LON, "iceland"), REACH_SHIP);
	t.st.p[LON].ship_row = SHIP_SEAWORTHY;
	t.st.p[LON].ship_level = 0;
	CHECK_INT(reach(&t, LON, "west-africa"), REACH_SHIP);
	CHECK_INT(reach(&t, LON, "cyprus"), REACH_SHIP);
	CHECK_INT(reach(&t, LON, "china"), REACH_NONE);
	CHECK_INT(ren_ship_capacity(&t.st, LON, RP("cyprus")), 10);
	ren_test_adv(&t, LON, 'T');
	t.st.p[LON].ship_row = SHIP_OCEAN;
	CHECK_INT(reach(&t, LON, "china"), REACH_SHIP);
	CHECK_INT(ren_ship_capacity(&t.st, LON, RP("cyprus")), INT_MAX);
	/* New World needs New World (RR2) */
	CHECK_INT(reach(&t, LON, "north-america"), REACH_NONE);
	t.st.p[LON].expansion = 12;
	CHECK_INT(ren_place(&t.c, LON, RP("china"), 2, &err), 0);
	/* Ocean Navigation 1: one overseas box */
	CHECK_INT(ren_place(&t.c, LON, RP("india"), 2, &err), -1);
	CHECK_CONTAINS(err.buf, "the most his Ocean Navigation 1 allows");
	t.st.p[LON].ship_level = 1;
	CHECK_INT(ren_place(&t.c, LON, RP("india"), 2, &err), 0);
	sb_release(&err);
	ren_test_game_release(&t);
}

/* seed 4.3 and 5.6.2: area V only with Overland East; unused areas never
   (RR2) */
TEST(ren_reach_overland_east_and_unused_areas)
{
	struct ren_test_game t;
	struct strbuf err;

	ren_test_game_init(&t, 3);
	sb_init(&err);
	ren_test_dom(&t, VEN, "constantinople");
	CHECK_INT(ren_reach(&t.st, VEN, RP("angora"), &err), REACH_NONE);
	CHECK_CONTAINS(err.buf, "Angora lies in area V: it needs Overland "
	    "East (RR2)");
	ren_test_adv(&t, VEN, 'R');
	CHECK_INT(reach(&t, VEN, "angora"), REACH_LAND);
	sb_reset(&err);
	/* three players: area III is not used */
	CHECK_INT(ren_reach(&t.st, VEN, RP("vienna"), &err), REACH_NONE);
	CHECK_CONTAINS(err.buf, "not used by 3 players (RR2)");
	sb_release(&err);
	ren_test_game_release(&t);
}

/* RR2, RR26, reading 3: a caravan passes only through a province the
   player could enter.  With four players area I is not used: Paris's
   caravan from Cologne reaches Prague through Nuremberg, not through
   Lubeck; with six it may (reading 2 let it through Lubeck) */
TEST(ren_reach_caravan_not_through_unused_areas)
{
	struct ren_test_game t;
	int r, n;

	for (n = 4; n <= 6; n += 2)
		for (r = 2; r <= 3; r++) {
			ren_test_game_init(&t, n);
			t.st.reading = r;
			ren_test_adv(&t, PAR, 'I');
			ren_test_tok(&t, PAR, "cologne", 1);
			CHECK_INT(reach(&t, PAR, "prague"), REACH_CARAVAN);
			/* Venice's ■ in Nuremberg closes that way */
			ren_test_tok(&t, VEN, "nuremberg", 1);
			CHECK_INT(reach(&t, PAR, "prague"), r >= 3 && n == 4 ?
			    REACH_NONE : REACH_CARAVAN);
			ren_test_game_release(&t);
		}
}

/* RR2, RR26, reading 3: a caravan passes through area V only with
   Overland East.  No link of the map leaves area V for a province that
   a caravan could not reach otherwise, so the test links Angora (V) to
   Aleppo (VI) in a copy of the board, as a corrected data file could:
   Venice's caravan from Constantinople reaches Aleppo through Angora
   only with Overland East (reading 2: without it too) */
TEST(ren_reach_caravan_area_v_needs_overland_east)
{
	struct ren_test_game t;
	struct ren_ruleset *rs = xmalloc(sizeof(*rs));
	int r, an = RP("angora"), al = RP("aleppo");

	memcpy(rs, ren_test_ruleset(), sizeof(*rs));
	rs->provinces[an].adj[rs->provinces[an].nadj++] = al;
	rs->provinces[al].adj[rs->provinces[al].nadj++] = an;
	for (r = 2; r <= 3; r++) {
		ren_test_game_init(&t, 3);
		t.st.rs = rs;
		t.st.reading = r;
		ren_test_adv(&t, VEN, 'I');
		ren_test_dom(&t, VEN, "constantinople");
		CHECK_INT(reach(&t, VEN, "aleppo"), r >= 3 ? REACH_NONE :
		    REACH_CARAVAN);
		ren_test_adv(&t, VEN, 'R');
		CHECK_INT(reach(&t, VEN, "aleppo"), REACH_CARAVAN);
		/* without Caravan, out of reach under both */
		t.st.p[VEN].advances = 0;
		CHECK_INT(reach(&t, VEN, "aleppo"), REACH_NONE);
		ren_test_game_release(&t);
	}
	free(rs);
}

/* RR27 and seed 5.6.3's Bordeaux example: two tokens join two in a market
   of 4 without a competition; a fifth needs one */
TEST(ren_place_coexist_bordeaux)
{
	struct ren_test_game t;
	struct strbuf err;

	ren_test_game_init(&t, 4);
	sb_init(&err);
	ren_test_tok(&t, BAR, "bordeaux", 2);
	ren_test_tok(&t, GEN, "lyons", 1);
	t.st.p[GEN].expansion = 6;
	CHECK_INT(ren_place(&t.c, GEN, RP("bordeaux"), 2, &err), 0);
	CHECK_INT(t.st.dom[RP("bordeaux")], REN_NOBODY);
	CHECK_INT(ren_place(&t.c, GEN, RP("bordeaux"), 1, &err), -1);
	CHECK_CONTAINS(err.buf, "5 tokens would be more than Bordeaux's "
	    "market number 4: that needs an attack (RR27)");
	sb_release(&err);
	ren_test_game_release(&t);
}

TEST(ren_place_satellite_one_token)
{
	struct ren_test_game t;
	struct strbuf err;

	ren_test_game_init(&t, 3);
	sb_init(&err);
	t.st.p[BAR].expansion = 4;
	CHECK_INT(ren_place(&t.c, BAR, RP("toulouse"), 2, &err), -1);
	CHECK_CONTAINS(err.buf, "a satellite holds one token (RR27)");
	CHECK_INT(ren_place(&t.c, BAR, RP("toulouse"), 1, &err), 0);
	CHECK_INT(t.st.dom[RP("toulouse")], REN_NOBODY);
	sb_reset(&err);
	t.st.p[GEN].expansion = 4;
	ren_test_tok(&t, GEN, "montpellier", 1);
	CHECK_INT(ren_place(&t.c, GEN, RP("toulouse"), 1, &err), -1);
	CHECK_CONTAINS(err.buf, "entering it is an attack (RR27)");
	sb_release(&err);
	ren_test_game_release(&t);
}

/* RR28's seed checks (5.6.3.2, 5.6.3.3, 5.6.3.4) */
TEST(ren_competition_seed_numbers)
{
	struct ren_test_game t;

	ren_test_game_init(&t, 3);
	/* Bordeaux with two of Barcelona's tokens: 4 + 2 = 6 */
	ren_test_tok(&t, BAR, "bordeaux", 2);
	CHECK_INT(need(&t, GEN, "bordeaux"), 6);
	/* Montpellier held by Barcelona's ●: 2 x 2 = 4 */
	ren_test_dom(&t, BAR, "montpellier");
	CHECK_INT(need(&t, GEN, "montpellier"), 4);
	/* and with Barcelona's ■ in Toulouse supporting it: 5 */
	ren_test_tok(&t, BAR, "toulouse", 1);
	CHECK_INT(need(&t, GEN, "montpellier"), 5);
	/* a □ placed this turn does not support (seed: "controlled") */
	t.st.tok[RP("toulouse")][BAR] = 0;
	t.st.tok_new[RP("toulouse")][BAR] = 1;
	CHECK_INT(need(&t, GEN, "montpellier"), 4);
	/* Venice in its own capital: 5 + 2 x 5 = 15 */
	CHECK_INT(need(&t, GEN, "venice"), 15);
	/* Barcelona retakes its capital from Genoa's ●: 6 halved, 3 */
	ren_test_dom(&t, GEN, "barcelona");
	CHECK_INT(need(&t, BAR, "barcelona"), 3);
	/* never fewer than the market number: an empty province is no
	   competition at all */
	CHECK_INT(need(&t, GEN, "sicily"), -1);
	ren_test_game_release(&t);
}

/* seed 5.6.3.3: Cosmopolitan lets the attacker's satellites help */
TEST(ren_competition_cosmopolitan)
{
	struct ren_test_game t;

	ren_test_game_init(&t, 3);
	ren_test_dom(&t, BAR, "montpellier");
	ren_test_tok(&t, GEN, "toulouse", 1);
	CHECK_INT(need(&t, GEN, "montpellier"), 4);
	ren_test_adv(&t, GEN, 'Y');
	CHECK_INT(need(&t, GEN, "montpellier"), 3);
	ren_test_game_release(&t);
}

/* seed 5.6.3.6: Nationalism in Montpellier (area VII, home of Venice and
   Genoa), each case of the example */
TEST(ren_competition_nationalism)
{
	struct ren_test_game t;

	ren_test_game_init(&t, 3);
	ren_test_dom(&t, BAR, "montpellier");
	CHECK_INT(need(&t, GEN, "montpellier"), 4);
	/* 1) Genoa holds it and attacks Barcelona: one less, whether
	   Barcelona holds it or not (not its home area) */
	ren_test_adv(&t, GEN, 'W');
	CHECK_INT(need(&t, GEN, "montpellier"), 3);
	ren_test_adv(&t, BAR, 'W');
	CHECK_INT(need(&t, GEN, "montpellier"), 3);
	/* 2) Venice attacks Genoa in Montpellier */
	ren_test_dom(&t, GEN, "montpellier");
	t.st.p[GEN].advances = t.st.p[VEN].advances = 0;
	CHECK_INT(need(&t, VEN, "montpellier"), 4);	/* 2c neither */
	ren_test_adv(&t, VEN, 'W');
	CHECK_INT(need(&t, VEN, "montpellier"), 3);	/* 2a only Venice */
	ren_test_adv(&t, GEN, 'W');
	CHECK_INT(need(&t, VEN, "montpellier"), 4);	/* 2c both */
	t.st.p[VEN].advances = 0;
	CHECK_INT(need(&t, VEN, "montpellier"), 5);	/* 2b only Genoa */
	ren_test_game_release(&t);
}

/* seed 5.6.3.5: Paris Armor, Hamburg Stirrups, London Long Bow */
TEST(ren_competition_military_example)
{
	struct ren_test_game t;

	ren_test_game_init(&t, 6);
	t.st.p[PAR].military = MIL_ARMOR;
	t.st.p[HAM].military = MIL_STIRRUPS;
	t.st.p[LON].military = MIL_LONG_BOW;
	/* 1) Armor and Stirrups cancel */
	CHECK_INT(ren_military_steps(&t.st, PAR, HAM), 0);
	CHECK_INT(ren_military_steps(&t.st, HAM, PAR), 0);
	/* 2) London has its advantage against everyone */
	CHECK_INT(ren_military_steps(&t.st, LON, PAR), 1);
	CHECK_INT(ren_military_steps(&t.st, LON, HAM), 1);
	CHECK_INT(ren_military_steps(&t.st, LON, VEN), 1);
	CHECK_INT(ren_military_steps(&t.st, PAR, LON), 0);
	/* 3) Paris and Hamburg against the others */
	CHECK_INT(ren_military_steps(&t.st, PAR, BAR), 1);
	CHECK_INT(ren_military_steps(&t.st, HAM, GEN), 1);
	/* in a competition: London attacks Paris in Paris's Bruges: 4 + 4
	   - 1; Paris attacks London's York: 3 + 3 + 1 */
	ren_test_dom(&t, PAR, "bruges");
	CHECK_INT(need(&t, LON, "bruges"), 7);
	ren_test_dom(&t, LON, "york");
	CHECK_INT(need(&t, PAR, "york"), 7);
	/* RR17: Gunpowder holds against Long Bow; Armor with Stirrups +2 */
	t.st.p[VEN].military = MIL_GUNPOWDER;
	CHECK_INT(ren_military_steps(&t.st, VEN, LON), 1);
	CHECK_INT(ren_military_steps(&t.st, LON, VEN), 0);
	t.st.p[GEN].military = MIL_ARMOR | MIL_STIRRUPS;
	CHECK_INT(ren_military_steps(&t.st, GEN, BAR), 2);
	ren_test_game_release(&t);
}

/* seed 5.6.3.8: several defenders; steps against the attacker if any
   defender causes them, for him only if they hold against all */
TEST(ren_competition_multiple_defenders)
{
	struct ren_test_game t;

	ren_test_game_init(&t, 3);
	ren_test_tok(&t, BAR, "bordeaux", 1);
	ren_test_tok(&t, VEN, "bordeaux", 2);
	CHECK_INT(need(&t, GEN, "bordeaux"), 7);	/* 4 + 1 + 2 */
	/* 1) one defender's Armor: +1 */
	t.st.p[BAR].military = MIL_ARMOR;
	CHECK_INT(need(&t, GEN, "bordeaux"), 8);
	t.st.p[BAR].military = 0;
	/* 2) Genoa's Nationalism in area VII, no defender's: -1 */
	ren_test_adv(&t, GEN, 'W');
	CHECK_INT(need(&t, GEN, "bordeaux"), 6);
	/* but one defender with Nationalism there cancels it: 0 */
	ren_test_adv(&t, VEN, 'W');
	CHECK_INT(need(&t, GEN, "bordeaux"), 7);
	ren_test_game_release(&t);
}

/* RR28 step 6, RR29: Genoa attacks Montpellier (Barcelona's ●, Toulouse
   behind it); black beats white: the ○ is Genoa's, Toulouse stays */
TEST(ren_attack_won_and_lost)
{
	struct ren_test_game t;
	struct strbuf err;
	unsigned win[] = { FACE(5), FACE(3), FACE(1) };
	unsigned lose[] = { FACE(2), FACE(4), FACE(2) };
	int stock;

	ren_test_game_init(&t, 3);
	sb_init(&err);
	ren_test_dom(&t, BAR, "montpellier");
	ren_test_tok(&t, BAR, "toulouse", 1);
	ren_test_dom(&t, GEN, "marseilles");
	t.st.p[GEN].expansion = 12;
	stock = t.st.p[GEN].stock;
	ren_test_dice(&t, lose, 3);
	CHECK_INT(ren_attack(&t.c, GEN, RP("montpellier"), 4, 0, &err), -1);
	CHECK_CONTAINS(err.buf, "needs 5 tokens, not 4 (RR28)");
	CHECK_INT(ren_attack(&t.c, GEN, RP("montpellier"), 0, 0, &err), 0);
	CHECK_INT(t.st.dom[RP("montpellier")], BAR);
	CHECK_INT(t.st.p[GEN].expansion, 7);
	CHECK_INT(t.st.p[GEN].stock, stock + 5);
	CHECK_CONTAINS(ren_test_events(&t), "Black 2, white 4, colored 2 "
	    "against box 4: Genoa loses (RR28).");
	ren_test_dice(&t, win, 3);
	CHECK_INT(ren_attack(&t.c, GEN, RP("montpellier"), 0, 0, &err), 1);
	CHECK_INT(t.st.dom[RP("montpellier")], GEN);
	CHECK(t.st.dom_new[RP("montpellier")]);
	CHECK_INT(t.st.tok[RP("toulouse")][BAR], 1);	/* never removed */
	CHECK_INT(t.st.p[GEN].expansion, 2);
	CHECK_CONTAINS(ren_test_events(&t), "Genoa takes Montpellier with a "
	    "dominance marker (RR29).");
	sb_release(&err);
	ren_test_game_release(&t);
}

/* RR28 step 6: the colored die against the display box; Proselytism's
   equal; a military advantage wins on equal black and white */
TEST(ren_attack_colored_die_and_ties)
{
	struct ren_test_game t;
	struct strbuf err;
	unsigned eq_box[] = { FACE(1), FACE(6), FACE(4) };
	unsigned tie[] = { FACE(3), FACE(3), FACE(1) };

	ren_test_game_init(&t, 3);	/* boxes 2, 4, 6 */
	sb_init(&err);
	ren_test_tok(&t, BAR, "bordeaux", 2);
	ren_test_dom(&t, GEN, "lyons");
	t.st.p[GEN].expansion = 30;
	CHECK_INT(t.st.p[GEN].box, 4);
	ren_test_dice(&t, eq_box, 3);
	CHECK_INT(ren_attack(&t.c, GEN, RP("bordeaux"), 0, 0, &err), 0);
	ren_test_tok(&t, BAR, "bordeaux", 0);
	ren_test_adv(&t, GEN, 'G');
	ren_test_dice(&t, eq_box, 3);
	CHECK_INT(ren_attack(&t.c, GEN, RP("bordeaux"), 0, 0, &err), 1);
	/* Barcelona takes it back, equal dice, with Stirrups */
	ren_test_tok(&t, BAR, "toulouse", 1);
	t.st.p[BAR].expansion = 20;
	CHECK_INT(need(&t, BAR, "bordeaux"), 8);
	ren_test_dice(&t, tie, 3);
	CHECK_INT(ren_attack(&t.c, BAR, RP("bordeaux"), 0, 0, &err), 0);
	t.st.p[BAR].military = MIL_STIRRUPS;
	CHECK_INT(need(&t, BAR, "bordeaux"), 7);
	ren_test_dice(&t, tie, 3);
	CHECK_INT(ren_attack(&t.c, BAR, RP("bordeaux"), 0, 0, &err), 1);
	sb_release(&err);
	ren_test_game_release(&t);
}

/* RR35, RR28, reading 3: the pieces of a player in Chaos defend, but of
   his modifiers only Nationalism still counts: the Armor Genoa played
   before falling no longer costs Venice a token nor cancels Venice's
   Stirrups (reading 2 counted it).  Milan: 3 + 3 for the marker */
TEST(ren_competition_chaos_defender)
{
	struct ren_test_game t;
	int r;

	for (r = 2; r <= 3; r++) {
		ren_test_game_init(&t, 3);
		t.st.reading = r;
		ren_test_dom(&t, GEN, "milan");
		t.st.p[GEN].military = MIL_ARMOR;
		t.st.p[GEN].out = 1;
		CHECK_INT(need(&t, VEN, "milan"), r >= 3 ? 6 : 7);
		t.st.p[VEN].military = MIL_STIRRUPS;
		CHECK_INT(need(&t, VEN, "milan"), r >= 3 ? 5 : 6);
		/* his Nationalism in area VII still holds */
		ren_test_adv(&t, GEN, 'W');
		CHECK_INT(need(&t, VEN, "milan"), r >= 3 ? 6 : 7);
		ren_test_game_release(&t);
	}
}

/* RR35, RR30, reading 3: the Cathedral of a player in Chaos neither holds
   his marker (his MARKER policy) nor stops an attacker's Cathedral;
   reading 2 let it do both */
TEST(ren_attack_cathedral_of_chaos)
{
	struct ren_test_game t;
	struct strbuf err;
	unsigned lose[] = { FACE(1), FACE(6), FACE(1) };
	size_t draws;
	int r;

	for (r = 2; r <= 3; r++) {
		ren_test_game_init(&t, 3);
		sb_init(&err);
		t.st.reading = r;
		ren_test_adv(&t, GEN, 'H');
		ren_test_dom(&t, GEN, "milan");
		t.st.p[GEN].out = 1;
		t.st.p[VEN].expansion = 20;
		/* his policy: dice under reading 3 */
		ren_test_dice(&t, lose, 3);
		draws = t.dice.next;
		CHECK_INT(ren_attack(&t.c, VEN, RP("milan"), 0, 0, &err), 0);
		CHECK_INT(t.dice.next - draws, r >= 3 ? 3 : 0);
		CHECK_INT(strstr(ren_test_events(&t), "Genoa uses Cathedral") !=
		    NULL, r < 3);
		/* Venice's own Cathedral: no dice under reading 3 */
		ren_test_adv(&t, VEN, 'H');
		ren_test_dice(&t, lose, 3);
		draws = t.dice.next;
		CHECK_INT(ren_attack(&t.c, VEN, RP("milan"), 0, 1, &err),
		    r >= 3 ? 1 : 0);
		CHECK_INT(t.dice.next - draws, r >= 3 ? 0 : 3);
		CHECK_INT(t.st.dom[RP("milan")], r >= 3 ? VEN : GEN);
		sb_release(&err);
		ren_test_game_release(&t);
	}
}

/* RR30: Cathedral declared by the attacker wins without dice, once per
   turn against each player; the defender's MARKER policy holds a ● */
TEST(ren_attack_cathedral)
{
	struct ren_test_game t;
	struct strbuf err;
	unsigned lose[] = { FACE(1), FACE(6), FACE(1) };
	size_t draws;

	ren_test_game_init(&t, 3);
	sb_init(&err);
	ren_test_adv(&t, GEN, 'H');
	ren_test_dom(&t, BAR, "montpellier");
	ren_test_dom(&t, GEN, "marseilles");
	t.st.p[GEN].expansion = 20;
	draws = t.dice.next;
	CHECK_INT(ren_attack(&t.c, GEN, RP("montpellier"), 0, 1, &err), 1);
	CHECK_INT(t.dice.next, draws);		/* no dice */
	CHECK_CONTAINS(ren_test_events(&t), "Genoa uses Cathedral and wins "
	    "Montpellier (RR30).");
	/* a second time against Barcelona this turn: dice decide */
	ren_test_dom(&t, BAR, "marseilles");
	ren_test_dice(&t, lose, 3);
	CHECK_INT(ren_attack(&t.c, GEN, RP("marseilles"), 0, 1, &err), 0);
	/* Venice attacks Genoa's ● in Montpellier: Genoa's MARKER policy */
	t.st.dom_new[RP("montpellier")] = 0;
	ren_test_dom(&t, VEN, "marseilles");
	t.st.p[VEN].expansion = 20;
	draws = t.dice.next;
	CHECK_INT(ren_attack(&t.c, VEN, RP("montpellier"), 0, 0, &err), 0);
	CHECK_INT(t.dice.next, draws);
	CHECK_CONTAINS(ren_test_events(&t), "Genoa uses Cathedral and holds "
	    "Montpellier (RR30).");
	sb_release(&err);
	ren_test_game_release(&t);
}

/* RR29: without a marker on his mat, an attack on a market is not made;
   RELEASE frees one */
TEST(ren_attack_needs_a_marker)
{
	struct ren_test_game t;
	struct strbuf err;

	ren_test_game_init(&t, 3);
	sb_init(&err);
	ren_test_dom(&t, GEN, "marseilles");
	ren_test_tok(&t, BAR, "lyons", 1);
	t.st.p[GEN].expansion = 10;
	t.st.p[GEN].mat = 0;
	CHECK_INT(ren_attack(&t.c, GEN, RP("lyons"), 0, 0, &err), -1);
	CHECK_CONTAINS(err.buf, "no dominance marker left on his mat "
	    "(RELEASE one, RR29)");
	CHECK_INT(t.st.p[GEN].expansion, 10);
	CHECK_INT(ren_release(&t.c, GEN, RP("marseilles"), &err), 0);
	CHECK_INT(t.st.p[GEN].mat, 1);
	CHECK_INT(t.st.tok[RP("marseilles")][GEN], 1);
	sb_release(&err);
	ren_test_game_release(&t);
}

/* RR32: the k-th card bought in the phase costs 3k tokens, one each */
TEST(ren_buy_card_with_tokens)
{
	struct ren_test_game t;
	struct strbuf err;

	ren_test_game_init(&t, 3);
	sb_init(&err);
	t.st.ndraw = 3;
	t.st.draw[0] = (unsigned char)RCARD("stone-1a");
	t.st.draw[1] = (unsigned char)RCARD("wool-1a");
	t.st.draw[2] = (unsigned char)RCARD("famine");
	t.st.p[VEN].expansion = 10;
	t.st.p[GEN].expansion = 5;
	CHECK_INT(ren_buy_card_tokens(&t.c, VEN, &err), 0);
	CHECK_INT(t.st.p[VEN].expansion, 7);
	CHECK_INT(ren_buy_card_tokens(&t.c, VEN, &err), -1);
	CHECK_CONTAINS(err.buf, "one card per player per expansion phase");
	sb_reset(&err);
	CHECK_INT(ren_buy_card_tokens(&t.c, GEN, &err), -1);
	CHECK_CONTAINS(err.buf, "the next card costs 6 tokens");
	CHECK_INT(ren_hand_size(&t.st, VEN), 1);
	CHECK(t.st.p[VEN].hand & ((uint64_t)1 << RCARD("famine")));
	sb_release(&err);
	ren_test_game_release(&t);
}

/* RR24: two tokens per holder and non-holder; a non-holder short of
   tokens pays $1 each, or gains a box when his cash cannot */
TEST(ren_expansion_holy_indulgence)
{
	struct ren_test_game t;

	ren_test_game_init(&t, 3);
	ren_test_adv(&t, VEN, 'F');
	t.st.p[GEN].expansion = 5;
	t.st.p[BAR].expansion = 1;
	t.st.p[BAR].cash = 0;
	ren_holy_indulgence(&t.c);
	CHECK_INT(t.st.p[VEN].expansion, 4);
	CHECK_INT(t.st.p[GEN].expansion, 3);
	CHECK_INT(t.st.p[BAR].expansion, 0);
	CHECK_INT(ren_misery_value(&t.st, BAR), 10);
	CHECK_INT(t.st.p[GEN].cash, 40);
	ren_test_game_release(&t);
}

/* RR25: what is left in the expansion area goes back to stock */
TEST(ren_expansion_leftovers)
{
	struct ren_test_game t;
	int stock;

	ren_test_game_init(&t, 3);
	t.st.p[VEN].expansion = 4;
	stock = t.st.p[VEN].stock;
	ren_expansion_done(&t.c, VEN);
	CHECK_INT(t.st.p[VEN].expansion, 0);
	CHECK_INT(t.st.p[VEN].stock, stock + 4);
	ren_test_game_release(&t);
}

/* RR31: after beating a marker, MN tokens and a die at most MN trade a
   named card for a random one of the beaten player's */
TEST(ren_attack_wind_watermill)
{
	struct ren_test_game t;
	struct strbuf err;
	unsigned dice[] = { FACE(6), FACE(1), FACE(1), FACE(2), 0 };

	ren_test_game_init(&t, 3);
	sb_init(&err);
	ren_test_dom(&t, BAR, "montpellier");
	ren_test_dom(&t, GEN, "marseilles");
	ren_test_card(&t, GEN, "famine");
	ren_test_card(&t, BAR, "armor");
	t.st.p[GEN].expansion = 10;
	ren_test_dice(&t, dice, 5);
	CHECK_INT(ren_windmill(&t.c, GEN, RP("montpellier"), RCARD("famine"),
	    &err), -1);
	CHECK_STR(err.buf, "Genoa does not hold Wind/Watermill (RR31)");
	ren_test_adv(&t, GEN, 'J');
	CHECK_INT(ren_attack(&t.c, GEN, RP("montpellier"), 0, 0, &err), 1);
	CHECK_INT(t.st.beaten, BAR);
	CHECK_INT(t.st.p[GEN].expansion, 6);
	CHECK_INT(ren_windmill(&t.c, GEN, RP("montpellier"), RCARD("famine"),
	    &err), 0);
	CHECK_INT(t.st.p[GEN].expansion, 4);
	CHECK(t.st.p[GEN].hand & ((uint64_t)1 << RCARD("armor")));
	CHECK(t.st.p[BAR].hand & ((uint64_t)1 << RCARD("famine")));
	CHECK_CONTAINS(ren_test_events(&t), "rolls 2 against 2 (RR31): a "
	    "trade.");
	sb_reset(&err);
	CHECK_INT(ren_windmill(&t.c, GEN, RP("montpellier"), RCARD("armor"),
	    &err), -1);
	CHECK_STR(err.buf, "Wind/Watermill is tried once per turn (RR31)");
	/* the traded cards are told only to the two players (RR39) */
	CHECK_INT(t.j.ev[t.j.n - 1].to, BAR);
	CHECK_INT(t.j.ev[t.j.n - 2].to, GEN);
	sb_release(&err);
	ren_test_game_release(&t);
}

/* RR25's script through ren_apply: Genoa's expansion turn, line k of the
   script on line k + 1 */
static int
script(struct ren_test_game *t, const char *const *lines, int n,
    struct strbuf *err)
{
	struct ren_item it[8];
	int k;

	t->st.phase = RPH_EXPANSION;
	t->st.actor = 0;
	t->st.order[0] = GEN;
	t->st.order[1] = VEN;
	t->st.order[2] = BAR;
	for (k = 0; k < n; k++) {
		sb_reset(err);
		if (ren_parse_line(ren_test_ruleset(), lines[k], &it[k],
		    err) != 0)
			return -2;
		it[k].line = k + 1;
	}
	sb_reset(err);
	return ren_apply(&t->c, GEN, it, n, err);
}

static void
montpellier(struct ren_test_game *t)
{
	ren_test_game_init(t, 3);
	ren_test_dom(t, BAR, "montpellier");
	ren_test_tok(t, BAR, "toulouse", 1);
	ren_test_dom(t, GEN, "marseilles");
	t->st.p[GEN].expansion = 12;
}

/* RR25: RETRY 2 repeats the lost attempt; the second wins, so the IF WON
   step is carried out and the IF LOST one is not */
TEST(ren_script_retry_wins_second_try)
{
	struct ren_test_game t;
	struct strbuf err;
	unsigned dice[] = { FACE(2), FACE(4), FACE(2), FACE(5), FACE(3),
	    FACE(1) };
	const char *const lines[] = {
		"A1: ATTACK montpellier RETRY 2",
		"IF A1 LOST PLACE 1 IN milan",
		"if a1 won place 1 in milan",
	};

	montpellier(&t);
	sb_init(&err);
	ren_test_dice(&t, dice, 6);
	CHECK_INT(script(&t, lines, 3, &err), 0);
	CHECK_INT(t.st.dom[RP("montpellier")], GEN);
	CHECK_CONTAINS(ren_test_events(&t), "Black 2, white 4, colored 2 "
	    "against box 4: Genoa loses (RR28).");
	CHECK_CONTAINS(ren_test_events(&t), "Genoa takes Montpellier with a "
	    "dominance marker (RR29).");
	/* 12 - 5 lost - 5 won - 1 placed once, not twice */
	CHECK_INT(t.st.tok_new[RP("milan")][GEN], 1);
	CHECK_INT(t.dice.next, 6);
	sb_release(&err);
	ren_test_game_release(&t);
}

/* RR25: without RETRY a lost attack is lost; IF A1 LOST is taken */
TEST(ren_script_if_lost_taken)
{
	struct ren_test_game t;
	struct strbuf err;
	unsigned lose[] = { FACE(2), FACE(4), FACE(2) };
	const char *const lines[] = {
		"A1: attack montpellier",
		"IF A1 WON place 2 in lyons",
		"IF A1 LOST place 4 in lyons",
	};

	montpellier(&t);
	sb_init(&err);
	ren_test_dice(&t, lose, 3);
	CHECK_INT(script(&t, lines, 3, &err), 0);
	CHECK_INT(t.st.dom[RP("montpellier")], BAR);
	CHECK_INT(t.st.dom[RP("lyons")], GEN);	/* 4 at once (RR27) */
	CHECK_CONTAINS(ren_test_events(&t), "Genoa dominates Lyons (RR27).");
	sb_release(&err);
	ren_test_game_release(&t);
}

/* RR25: a step refers back to a label; an attack that was not made (too
   few tokens) is neither won nor lost, so neither branch is taken, and a
   RETRY ends when the tokens do */
TEST(ren_script_label_refers_back)
{
	struct ren_test_game t;
	struct strbuf err;
	unsigned lose[] = { FACE(2), FACE(4), FACE(2), FACE(2), FACE(4),
	    FACE(2) };
	const char *const lines[] = {
		"B: attack montpellier with 9",
		"if b won place 1 in milan",
		"if b lost place 1 in milan",
		"Z9: attack montpellier retry 5",
		"IF Z9 LOST place 1 in lyons",
	};

	montpellier(&t);
	t.st.p[GEN].expansion = 8;
	sb_init(&err);
	ren_test_dice(&t, lose, 6);
	CHECK_INT(script(&t, lines, 5, &err), 0);
	CHECK_CONTAINS(ren_test_events(&t), "Genoa's line 1 is not carried "
	    "out");
	CHECK_INT(t.st.tok_new[RP("milan")][GEN], 0);
	/* 8 tokens: one attempt of 5, a retry of 5 cannot be made; lost */
	CHECK_INT(t.dice.next, 3);
	CHECK_INT(t.st.dom[RP("montpellier")], BAR);
	CHECK_INT(t.st.tok_new[RP("lyons")][GEN], 1);
	sb_release(&err);
	ren_test_game_release(&t);
}

/* RR25: an IF naming no earlier label, a label used twice, and bad
   label text are refused with their line, and nothing is carried out */
TEST(ren_script_bad_label_refused)
{
	struct ren_test_game t;
	struct strbuf err;
	struct ren_item it;
	const char *const forward[] = {
		"place 1 in milan",
		"IF A2 WON place 1 in lyons",
		"A2: attack montpellier",
	};
	const char *const twice[] = {
		"A1: attack montpellier",
		"a1: attack montpellier",
	};

	montpellier(&t);
	sb_init(&err);
	CHECK_INT(script(&t, forward, 3, &err), -1);
	CHECK_STR(err.buf, "line 2: IF A2 names no label of an earlier line "
	    "(RR25)");
	CHECK_INT(script(&t, twice, 2, &err), -1);
	CHECK_STR(err.buf, "line 2: the label 'A1' is already line 1's "
	    "(RR25)");
	CHECK_INT(t.st.p[GEN].expansion, 12);
	CHECK_INT(t.st.tok_new[RP("milan")][GEN], 0);
	CHECK_INT(t.st.phase, RPH_EXPANSION);
	CHECK_INT(t.st.actor, 0);
	CHECK_INT(ren_parse_line(ren_test_ruleset(), "A-1: attack lyons", &it,
	    &err), -1);
	CHECK_CONTAINS(err.buf, "'A-1' is not a label");
	sb_reset(&err);
	CHECK_INT(ren_parse_line(ren_test_ruleset(), "A1: place 1 in lyons",
	    &it, &err), -1);
	CHECK_STR(err.buf, "a label names an ATTACK (RR25)");
	sb_reset(&err);
	CHECK_INT(ren_parse_line(ren_test_ruleset(), "IF A1 place 1 in lyons",
	    &it, &err), -1);
	CHECK_STR(err.buf, "IF label WON|LOST, then a step (RR25)");
	sb_reset(&err);
	CHECK_INT(ren_parse_line(ren_test_ruleset(), "attack lyons retry 21",
	    &it, &err), -1);
	CHECK_STR(err.buf, "RETRY 21: at most 20 (RR25)");
	sb_release(&err);
	ren_test_game_release(&t);
}

/* seed 5.6.3.1's example: Seaworthy Vessels 10 and competitions needing
   4 tokens: a first attempt and, lost, a second; a third would land 12
   tokens by ship in the province this turn (RR26) */
TEST(ren_attack_seaworthy_two_attempts)
{
	struct ren_test_game t;
	struct strbuf err;
	unsigned lose[] = { FACE(2), FACE(4), FACE(2), FACE(1), FACE(5),
	    FACE(3) };

	ren_test_game_init(&t, 3);
	sb_init(&err);
	ren_test_dom(&t, BAR, "montpellier");
	ren_test_adv(&t, GEN, 'S');
	t.st.p[GEN].ship_row = SHIP_SEAWORTHY;
	t.st.p[GEN].ship_level = 0;
	t.st.p[GEN].expansion = 20;
	CHECK_INT(reach(&t, GEN, "montpellier"), REACH_SHIP);
	CHECK_INT(need(&t, GEN, "montpellier"), 4);
	ren_test_dice(&t, lose, 6);
	CHECK_INT(ren_attack(&t.c, GEN, RP("montpellier"), 0, 0, &err), 0);
	CHECK_INT(ren_attack(&t.c, GEN, RP("montpellier"), 0, 0, &err), 0);
	CHECK_INT(t.st.p[GEN].expansion, 12);
	CHECK_INT(ren_attack(&t.c, GEN, RP("montpellier"), 0, 0, &err), -1);
	CHECK_CONTAINS(err.buf, "his ships land at most 2 more tokens in "
	    "Montpellier this turn (RR26)");
	CHECK_INT(t.st.p[GEN].expansion, 12);
	sb_release(&err);
	ren_test_game_release(&t);
}

/* seed 5.6.2.2's examples: Ocean Navigation 2 holds any two of the East
   Indies, China and India, not the third; with New World and 3 any three
   of the five boxes, the Americas counted (RR26) */
TEST(ren_reach_ocean_navigation_example)
{
	struct ren_test_game t;
	struct strbuf err;

	ren_test_game_init(&t, 3);
	sb_init(&err);
	ren_test_adv(&t, VEN, 'T');
	t.st.p[VEN].ship_row = SHIP_OCEAN;
	t.st.p[VEN].ship_level = 1;		/* Ocean 2 */
	t.st.p[VEN].expansion = 30;
	CHECK_INT(ren_place(&t.c, VEN, RP("east-indies"), 1, &err), 0);
	CHECK_INT(ren_place(&t.c, VEN, RP("india"), 1, &err), 0);
	CHECK_INT(ren_place(&t.c, VEN, RP("china"), 1, &err), -1);
	CHECK_CONTAINS(err.buf, "the most his Ocean Navigation 2 allows");
	ren_test_adv(&t, VEN, 'U');
	t.st.p[VEN].ship_level = 2;		/* Ocean 3 */
	sb_reset(&err);
	CHECK_INT(ren_place(&t.c, VEN, RP("north-america"), 1, &err), 0);
	CHECK_INT(ren_place(&t.c, VEN, RP("south-america"), 1, &err), -1);
	CHECK_CONTAINS(err.buf, "the most his Ocean Navigation 3 allows");
	CHECK_INT(ren_place(&t.c, VEN, RP("china"), 1, &err), -1);
	sb_release(&err);
	ren_test_game_release(&t);
}

/* seed 5.6.4: the cards bought with tokens in one expansion phase cost 3,
   6, 9 and 12 tokens, whoever buys them (RR32) */
TEST(ren_buy_card_prices_3_6_9_12)
{
	struct ren_test_game t;
	struct strbuf err;
	int p, before;

	ren_test_game_init(&t, 4);
	sb_init(&err);
	t.st.ndraw = 4;
	t.st.draw[0] = (unsigned char)RCARD("stone-1a");
	t.st.draw[1] = (unsigned char)RCARD("stone-1b");
	t.st.draw[2] = (unsigned char)RCARD("wool-1a");
	t.st.draw[3] = (unsigned char)RCARD("wool-1b");
	for (p = 0; p < 4; p++) {
		t.st.p[p].expansion = 12;
		before = t.st.p[p].stock;
		CHECK_INT(ren_buy_card_tokens(&t.c, p, &err), 0);
		CHECK_INT(t.st.p[p].expansion, 12 - 3 * (p + 1));
		CHECK_INT(t.st.p[p].stock, before + 3 * (p + 1));
		CHECK_INT(ren_hand_size(&t.st, p), 1);
	}
	sb_release(&err);
	ren_test_game_release(&t);
}
