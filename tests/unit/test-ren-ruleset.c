/*
 * test-ren-ruleset.c - loading formats/renaissance.xml: the board as the
 * seed and BOARD.md give it, the tables, names as players write them,
 * the variant revised-map (RR42), and diagnostics that name file and line.
 */
#include <stdlib.h>

#include "ren-test.h"
#include "util.h"

TEST(ren_ruleset_counts)
{
	const struct ren_ruleset *rs = ren_test_ruleset();
	int i, sat = 0, land = 0, water = 0, arrows = 0, markets = 0;

	CHECK_INT(rs->nprovinces, 109);	/* 108 and the variant's Loire */
	CHECK_INT(rs->nwaters, 101);
	CHECK_INT(rs->ncards, 64);
	CHECK_INT(rs->ncommodities, 12);
	CHECK_INT(rs->ncapitals, 6);
	CHECK_INT(rs->nareas, 10);
	for (i = 0; i < rs->nprovinces; i++) {
		const struct ren_province *p = &rs->provinces[i];

		if (p->removed)
			continue;
		sat += p->type == RP_SATELLITE;
		markets += p->type != RP_SATELLITE;
		land += p->nadj;
		arrows += p->nsupports;
	}
	for (i = 0; i < rs->nwaters; i++)
		water += rs->waters[i].nadj;
	CHECK_INT(sat, 35);
	CHECK_INT(markets, 73);		/* the commodity log's entries */
	CHECK_INT(land / 2, 147);
	CHECK_INT(water / 2, 209);
	CHECK_INT(arrows, 80);
	CHECK_STR(rs->provinces[108].id, "loire");
	CHECK(rs->provinces[108].removed);
	CHECK_INT(ren_province_by_id(rs, "loire"), -1);
}

/* The seed's own numbers (R items). */
TEST(ren_ruleset_seed_facts)
{
	const struct ren_ruleset *rs = ren_test_ruleset();

	/* seed 5.6.3.4: Venice in its capital needs 15 = 5 + 2 x 5 */
	CHECK_INT(rs->provinces[RP("venice")].market, 5);
	CHECK_INT(rs->provinces[RP("bordeaux")].market, 4);
	CHECK_INT(rs->provinces[RP("montpellier")].market, 2);
	CHECK_INT(rs->provinces[RP("toledo")].market, 3);
	CHECK(ren_land_adjacent(rs, RP("genoa"), RP("milan")));
	CHECK(ren_land_adjacent(rs, RP("genoa"), RP("lyons")));
	CHECK(ren_land_adjacent(rs, RP("barcelona"), RP("montpellier")));
	CHECK(!ren_land_adjacent(rs, RP("genoa"), RP("montpellier")));
	CHECK_INT(rs->provinces[RP("palma")].nadj, 0);
	CHECK(ren_supports(rs, RP("toulouse"), RP("montpellier")));
	CHECK(!ren_supports(rs, RP("montpellier"), RP("toulouse")));
	CHECK_INT(rs->provinces[RP("chester")].ncoasts, 2);
	CHECK_INT(rs->waters[RW("iceland-coast")].nadj, 1);
	CHECK_INT(rs->provinces[RP("south-america")].ncommodities, 3);
	CHECK_INT(rs->provinces[RP("south-america")].market, 6);
	CHECK_INT(rs->areas[rs->provinces[RP("venice")].area].nprovinces, 16);
	/* area V needs Overland East, the Far East Ocean Navigation */
	CHECK_INT(rs->areas[ren_area_by_id(rs, "V")].requires, ADV('R'));
	CHECK_INT(rs->areas[ren_area_by_id(rs, "FE")].requires, ADV('T'));
	CHECK_INT(rs->areas[ren_area_by_id(rs, "NW")].requires, ADV('U'));
}

/* seed 4.3, BOARD §2: areas and capitals by the number of players */
TEST(ren_ruleset_areas_in_play)
{
	const struct ren_ruleset *rs = ren_test_ruleset();

	CHECK(!ren_area_in_play(rs, ren_area_by_id(rs, "III"), 3));
	CHECK(ren_area_in_play(rs, ren_area_by_id(rs, "III"), 4));
	CHECK(!ren_area_in_play(rs, ren_area_by_id(rs, "I"), 5));
	CHECK(ren_area_in_play(rs, ren_area_by_id(rs, "I"), 6));
	CHECK(ren_area_in_play(rs, ren_area_by_id(rs, "IV"), 3));
	CHECK_INT(rs->capitals[3].players_min, 4);
	CHECK_STR(rs->provinces[rs->capitals[0].province].name, "Venice");
	CHECK_STR(rs->provinces[rs->capitals[5].province].name, "Hamburg");
}

TEST(ren_ruleset_advances)
{
	const struct ren_ruleset *rs = ren_test_ruleset();
	int i, total = 0;

	for (i = 0; i < REN_NADVANCES; i++)
		total += rs->advances[i].cost;
	CHECK_INT(total, 2100);
	CHECK_STR(rs->advances[ADV('J')].name, "Wind/Watermill");
	CHECK_STR(rs->advances[ADV('K')].name, "Improved Agriculture");
	CHECK_INT(rs->advances[ADV('W')].cost, 60);
	CHECK_INT(rs->advances[ADV('R')].cost, 40);
	/* seed 5.5.2.4: Urban Ascendancy 10, Institutional Research 30 */
	CHECK_INT(rs->advances[ADV('V')].credit, 10);
	CHECK_INT(rs->advances[ADV('X')].credit, 30);
	CHECK_INT(rs->advances[ADV('X')].special_credit, 10);
	CHECK(rs->advances[ADV('X')].special_categories &
	    (1u << CAT_SCIENCE));
	CHECK(!(rs->advances[ADV('X')].special_categories &
	    (1u << CAT_RELIGION)));
	/* seed 5.5.2.2: Printed Word needs Written Record */
	CHECK_INT(rs->advances[ADV('O')].nprereq, 1);
	CHECK_INT(rs->advances[ADV('O')].prereq[0], ADV('N'));
	CHECK_INT(rs->advances[ADV('T')].nprereq, 2);
	CHECK_INT(rs->advances[ADV('E')].misery, 1);	/* religion */
	CHECK_INT(rs->advances[ADV('A')].misery, 0);
	CHECK_INT(rs->advances[ADV('Q')].relief, 100);
	CHECK_INT(rs->advances[ADV('V')].category, CAT_CIVICS);
}

TEST(ren_ruleset_cards)
{
	const struct ren_ruleset *rs = ren_test_ruleset();
	const struct ren_card *w = &rs->cards[RCARD("walter-the-penniless")];
	int i, held = 0, epochs[4] = { 0 };

	for (i = 0; i < rs->ncards; i++) {
		held += rs->cards[i].euro == EURO_HELD_BACK;
		epochs[rs->cards[i].epoch]++;
	}
	CHECK_INT(held, 5);
	CHECK_INT(epochs[1], 29);
	CHECK_INT(epochs[2], 22);
	CHECK_INT(epochs[3], 13);
	CHECK_INT(rs->cards[RCARD("timber-2a")].euro, EURO_MOVED);
	CHECK_INT(w->kind, RC_LEADER);
	CHECK_INT(w->discount, 20);
	CHECK_INT(w->cond_amount, 30);
	CHECK_INT(w->cond_card, RCARD("the-crusades"));
	CHECK(w->discounts == 1u << ADV('R'));
	CHECK(!w->recycle);
	CHECK(rs->cards[RCARD("armor")].voided_by_cards &
	    ((uint64_t)1 << RCARD("long-bow")));
	CHECK(rs->cards[RCARD("alchemists-gold")].voided_by_advances &
	    (1u << ADV('C')));
	CHECK_INT(rs->cards[RCARD("cloth-wine-1")].ncommodities, 2);
	CHECK(rs->cards[RCARD("cloth-wine-1")].choice);
	CHECK_INT(rs->cards[RCARD("armor")].kind, RC_MILITARY);
}

TEST(ren_ruleset_tables)
{
	const struct ren_ruleset *rs = ren_test_ruleset();

	/* BOARD §13, DBC's examples: 5 players 17 markers $100; 6 players
	   6 markers $51, 2 markers $27 */
	CHECK_INT(ren_income(rs, 5, 17), 100);
	CHECK_INT(ren_income(rs, 6, 6), 51);
	CHECK_INT(ren_income(rs, 6, 2), 27);
	CHECK_INT(ren_income(rs, 3, 0), 15);
	/* RR1, RR21: 8 cards cost $36, not the seed's garbled $35 */
	CHECK_INT(ren_stabilization(rs, 8), 36);
	CHECK_INT(ren_stabilization(rs, 5), 15);
	CHECK_INT(ren_stabilization(rs, 0), 0);
	CHECK_INT(ren_stabilization(rs, 30), 465);
	/* RR6: the 3rd of 4 players stands in box 5; 3 players 2, 4, 6 */
	CHECK_INT(ren_order_box(rs, 4, 2), 5);
	CHECK_INT(ren_order_box(rs, 3, 0), 2);
	CHECK_INT(ren_order_box(rs, 5, 4), 5);
	CHECK_INT(rs->nmisery, 26);
	CHECK_INT(rs->misery[11], 125);
	CHECK_INT(rs->misery[25], 1000);
	CHECK_INT(rs->ship_levels[SHIP_GALLEYS][0], 2);
	CHECK_INT(rs->ship_levels[SHIP_OCEAN][3], 4);
	CHECK_INT(rs->euro_return_turn[4], 1);
	CHECK_INT(rs->euro_return_turn[5], 2);
	CHECK_INT(rs->purse, 40);
	CHECK_INT(rs->tokens, 36);
	CHECK_INT(rs->markers, 25);
	/* RR34: box k pays value x k x k; Spice box 3 is 81 */
	CHECK_INT(ren_commodity_pay(rs, RCOM("spice"), 3), 81);
	CHECK_INT(ren_commodity_pay(rs, RCOM("stone"), 0), 0);
}

TEST(ren_ruleset_names)
{
	const struct ren_ruleset *rs = ren_test_ruleset();
	struct strbuf err;

	sb_init(&err);
	CHECK_INT(ren_find_province(rs, "st malo", NULL), RP("st-malo"));
	CHECK_INT(ren_find_province(rs, "ST-MALO", NULL), RP("st-malo"));
	CHECK_INT(ren_find_province(rs, "St. Malo", NULL), RP("st-malo"));
	CHECK_INT(ren_find_province(rs, "Montpelier", NULL),
	    RP("montpellier"));
	CHECK_INT(ren_find_province(rs, "edinburgh", NULL), RP("edinburg"));
	CHECK_INT(ren_find_province(rs, "constantin", NULL),
	    RP("constantinople"));
	CHECK_INT(ren_find_province(rs, "Bordeux", &err), -1);
	CHECK_STR(err.buf,
	    "unknown province 'Bordeux' (did you mean 'Bordeaux'?)");
	sb_reset(&err);
	CHECK_INT(ren_find_province(rs, "bar", &err), -1);
	CHECK_CONTAINS(err.buf, "ambiguous province 'bar' (could be");
	CHECK_CONTAINS(err.buf, "'Barcelona'");
	CHECK_CONTAINS(err.buf, "'Bari'");
	CHECK_CONTAINS(err.buf, "'Barca'");
	sb_reset(&err);
	/* the variant's Loire is not on the 1996 board */
	CHECK_INT(ren_find_province(rs, "Loire", &err), -1);
	CHECK_INT(ren_find_advance(rs, "w", NULL), ADV('W'));
	CHECK_INT(ren_find_advance(rs, "Nationalism", NULL), ADV('W'));
	CHECK_INT(ren_find_advance(rs, "interest & profit", NULL), ADV('L'));
	CHECK_INT(ren_find_advance(rs, "wind watermill", NULL), ADV('J'));
	CHECK_INT(ren_find_area(rs, "v", NULL), ren_area_by_id(rs, "V"));
	CHECK_INT(ren_find_area(rs, "area iv", NULL),
	    ren_area_by_id(rs, "IV"));
	CHECK_INT(ren_find_area(rs, "far east", NULL),
	    ren_area_by_id(rs, "FE"));
	CHECK_INT(ren_find_card(rs, "Armor", NULL), RCARD("armor"));
	CHECK_INT(ren_find_card(rs, "war!", NULL), RCARD("war"));
	CHECK_INT(ren_find_card(rs, "stone-1b", NULL), RCARD("stone-1b"));
	sb_reset(&err);
	/* two cards are called Stone: the id says which */
	CHECK_INT(ren_find_card(rs, "Stone", &err), -1);
	CHECK_CONTAINS(err.buf, "'stone-1a'");
	CHECK_INT(ren_find_commodity(rs, "ivory", NULL), RCOM("ivory"));
	CHECK_INT(ren_find_capital(rs, "genoa", NULL), 1);
	sb_reset(&err);
	CHECK_INT(ren_find_capital(rs, "Milan", &err), -1);
	CHECK_CONTAINS(err.buf, "unknown capital 'Milan'");
	CHECK_INT(ren_find_water(rs, "bay of biscay", NULL),
	    RW("bay-of-biscay"));
	sb_release(&err);
}

/* RR42: the 1999 map, BOARD §16 */
TEST(ren_ruleset_variant_revised_map)
{
	struct ren_ruleset *rs = xmalloc(sizeof(*rs));
	struct strbuf err;
	int area3, area1;

	memcpy(rs, ren_test_ruleset(), sizeof(*rs));
	sb_init(&err);
	CHECK_INT(ren_ruleset_apply_variant(rs, "revised-map", &err), 0);
	CHECK_INT(ren_find_province(rs, "smolensk", NULL), -1);
	CHECK(ren_find_province(rs, "loire", NULL) >= 0);
	CHECK(ren_land_adjacent(rs, ren_province_by_id(rs, "loire"),
	    ren_province_by_id(rs, "paris")));
	CHECK(ren_land_adjacent(rs, ren_province_by_id(rs, "novgorod"),
	    ren_province_by_id(rs, "kiev")));
	CHECK(ren_land_adjacent(rs, ren_province_by_id(rs, "london"),
	    ren_province_by_id(rs, "chester")));
	CHECK(!ren_land_adjacent(rs, ren_province_by_id(rs, "york"),
	    ren_province_by_id(rs, "portsmouth")));
	/* Smolensk's arrows went with it */
	CHECK_INT(rs->provinces[ren_province_by_id(rs, "kiev")].nsupported_by,
	    1);
	area3 = ren_area_by_id(rs, "III");
	area1 = ren_area_by_id(rs, "I");
	CHECK_INT(rs->areas[area3].nprovinces, 17);
	CHECK_INT(rs->areas[area1].nprovinces, 11);
	CHECK_INT(ren_ruleset_apply_variant(rs, "flat-earth", &err), -1);
	CHECK_STR(err.buf, "unknown variant 'flat-earth' (the ruleset has "
	    "'revised-map')");
	sb_release(&err);
	free(rs);
}

/* Problems the schema cannot see, each named with file and line. */
TEST(ren_ruleset_bad_references)
{
	char *d;

	CHECK_INT(ren_test_load_edited("<link a=\"barcelona\" b=\"basque\"",
	    "<link a=\"barcelona\" b=\"atlantis\"", &d), -1);
	CHECK_CONTAINS(d, "bad.xml:");
	CHECK_CONTAINS(d, "error: unknown province 'atlantis' in attribute b");
	free(d);
	CHECK_INT(ren_test_load_edited("<requires letter=\"N\" />",
	    "<requires letter=\"O\" />", &d), -1);
	CHECK_CONTAINS(d, "advance O needs itself");
	free(d);
	CHECK_INT(ren_test_load_edited("<support from=\"toulouse\" "
	    "to=\"montpellier\"", "<support from=\"lyons\" "
	    "to=\"montpellier\"", &d), -1);
	CHECK_CONTAINS(d, "'lyons' is not a satellite");
	free(d);
	CHECK_INT(ren_test_load_edited("<voids card=\"the-crusades\" />",
	    "<voids card=\"the-crusade\" />", &d), -1);
	CHECK_CONTAINS(d, "unknown card 'the-crusade'");
	free(d);
	/* a count of 12 that now disagrees with the provinces listed */
	CHECK_INT(ren_test_load_edited("<province id=\"kiev\" name=\"Kiev\" "
	    "area=\"V\"", "<province id=\"kiev\" name=\"Kiev\" area=\"VI\"",
	    &d), -1);
	CHECK_CONTAINS(d, "area V says 11 provinces, the file has 10");
	CHECK_CONTAINS(d, "area VI says 11 provinces, the file has 12");
	free(d);
	CHECK_INT(ren_test_load_edited("players=\"4\" used=\"1 3 5 6\"",
	    "players=\"4\" used=\"1 3 5\"", &d), -1);
	CHECK_CONTAINS(d, "4 players need 4 display boxes, not 3");
	free(d);
	CHECK_INT(ren_test_load_edited("type=\"satellite\" market=\"1\"",
	    "type=\"satellite\" market=\"2\"", &d), -1);
	CHECK_CONTAINS(d, "has market number 2, not 1");
	free(d);
	/* the schema's own refusals come first, with the place */
	CHECK_INT(ren_test_load_edited("<misery-index ", "<misery-indices ",
	    &d), -2);
	CHECK_CONTAINS(d, "bad.xml:");
	free(d);
	/* an edit of a (P) value is just data: Smolensk's link to Kiev */
	CHECK_INT(ren_test_load_edited("<link a=\"smolensk\" b=\"kiev\" "
	    "mark=\"P\" />", "", &d), 0);
	free(d);
}
