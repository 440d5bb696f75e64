/*
 * test-ren-module.c - Age of Renaissance through the module interface
 * (ren-module.c, module.h) as the machinery will call it: seats, setup,
 * decisions and their steps, order lines packed into struct order, the
 * sealed bids (RR39), defaults (RR38) to the end, the state's XML against
 * formats/renaissance-game.rng, its digest, the cache's pack and unpack.
 */
#include <stdlib.h>
#include <string.h>

#include <libxml/tree.h>

#include "dice.h"
#include "orders.h"
#include "ren-test.h"
#include "util.h"
#include "../module-driver.h"
#include "xmlutil.h"

extern const struct game_module renaissance_module;
#define M (&renaissance_module)

static void
mgame_init(struct drive *g, int n)
{
	unsigned char key[SEED_BYTES] = { 3 };

	drive_start(g, M, ren_test_ruleset(), 0, n, "ren-module-test", key);
}

/* An order of country at step from lines joined by '\n'. */
static int
order(struct order *o, int country, const char *step, const char *lines,
    struct strbuf *err)
{
	char buf[512], *p, *save;
	int n = 0;

	memset(o, 0, sizeof(*o));
	snprintf(o->step, sizeof(o->step), "%s", step);
	o->country = country;
	snprintf(buf, sizeof(buf), "%s", lines);
	for (p = strtok_r(buf, "\n", &save); p; p = strtok_r(NULL, "\n",
	    &save)) {
		if (M->parse_line(ren_test_ruleset(), country, p, n + 1,
		    o->items + (size_t)n * M->item_size, err) != 0)
			return -1;
		n++;
	}
	o->nitems = n;
	return 0;
}

TEST(ren_module_table)
{
	int min, max;
	struct strbuf err;

	sb_init(&err);
	CHECK_STR(M->name, "renaissance");
	CHECK(M->max_items >= 16);
	M->players_range(ren_test_ruleset(), &min, &max);
	CHECK_INT(min, 3);
	CHECK_INT(max, 6);
	CHECK_INT(M->country_find(ren_test_ruleset(), "Player 2", NULL), 1);
	CHECK_INT(M->country_find(ren_test_ruleset(), "p6", NULL), 5);
	CHECK_INT(M->country_find(ren_test_ruleset(), "venice", &err), -1);
	CHECK_STR(err.buf, "unknown player 'venice' (the seats are p1 to p6)");
	CHECK_STR(M->country_id(ren_test_ruleset(), 2), "p3");
	CHECK(M->step_valid("T0.CAPITAL"));
	CHECK(M->step_valid("T12.EXPANSION"));
	CHECK(!M->step_valid("T1.S4"));
	sb_reset(&err);
	{
		char out[32];

		CHECK_INT(M->parse_step("t3.purchase", out, sizeof(out), &err),
		    0);
		CHECK_STR(out, "T3.PURCHASE");
		CHECK_INT(M->parse_step("turn 3", out, sizeof(out), &err), -1);
	}
	sb_release(&err);
}

TEST(ren_module_game)
{
	struct drive g;
	struct decision ds[8];
	struct order o;
	struct strbuf err;
	int n, k, steps, w[8];
	char d1[65], d2[65];
	void *copy;

	sb_init(&err);
	mgame_init(&g, 4);
	n = M->pending(g.st, ds, 8);
	CHECK_INT(n, 4);
	CHECK_STR(ds[0].step, "T0.CAPITAL");
	CHECK_STR(M->decision_kinds[ds[0].kind], "capital-bid");
	CHECK_INT(order(&o, 1, "T0.CAPITAL", "BID 12\nRANK paris, venice, "
	    "genoa, barcelona", &err), 0);
	CHECK(M->order_secret(&o));
	CHECK_INT(M->check(g.st, &o, &err), 0);
	CHECK_INT(M->apply(&g.c, &o, &err), 0);
	/* sealed until all are in (RR39) */
	CHECK(!M->may_reveal(g.st, "T0.CAPITAL", 1));
	CHECK_INT(M->step_status(g.st, "T0.CAPITAL", 1, &err), STEP_STALE);
	/* RR41: an order may come before its step */
	CHECK_INT(M->step_status(g.st, "T1.ORDER", 1, &err), STEP_FUTURE);
	for (k = 0; k < 4; k++)
		if (k != 1)
			M->apply_default(&g.c, &ds[k]);
	CHECK(M->may_reveal(g.st, "T0.CAPITAL", 1));
	n = M->pending(g.st, ds, 8);
	CHECK_STR(ds[0].step, "T0.EURO");
	for (steps = 0; steps < 3000 && !M->over(g.st); steps++) {
		n = M->pending(g.st, ds, 8);
		CHECK(n > 0);
		if (n == 0)
			break;
		M->apply_default(&g.c, &ds[0]);
		if (steps == 20) {
			xmlDoc *doc = xmlNewDoc(BAD_CAST "1.0");
			xmlNode *root = xmlNewNode(NULL, BAD_CAST "x");
			xmlNode *s;

			xmlDocSetRootElement(doc, root);
			M->state_xml(g.st, root);
			s = xml_child(root, "state");
			xmlUnlinkNode(s);
			xmlDocSetRootElement(doc, s);
			xmlFreeNode(root);
			CHECK_INT(xml_validate(doc, "state",
			    "tests/unit/ren-state.rng"), 0);
			xmlFreeDoc(doc);
			/* the cache's bytes give the same state back */
			copy = xcalloc(1, M->state_size);
			M->state_pack(g.st, copy);
			M->state_unpack(copy, copy, ren_test_ruleset());
			M->state_digest(g.st, d1);
			M->state_digest(copy, d2);
			CHECK_STR(d1, d2);
			free(copy);
		}
	}
	CHECK(M->over(g.st));
	CHECK(M->winners(g.st, w, 8) >= 1);
	sb_reset(&err);
	M->describe(g.st, 0, &err);
	CHECK_CONTAINS(err.buf, "game over");
	drive_release(&g);
	sb_release(&err);
}

/*
 * RR31, RR39: an expansion script with a Wind/Watermill TRADE names a card
 * of the attacker's hand; it is sealed, so that the public report does
 * not print it.  The rest of the script is not.
 */
TEST(ren_module_trade_secret)
{
	struct order o;
	struct strbuf err;

	sb_init(&err);
	CHECK_INT(order(&o, 0, "T2.EXPANSION", "PLACE 2 IN Lyons\n"
	    "ATTACK Barcelona TRADE war", &err), 0);
	CHECK(M->order_secret(&o));
	CHECK_INT(order(&o, 0, "T2.EXPANSION", "ATTACK Barcelona WITH 3 "
	    "RETRY 2 TRADE stone-1a", &err), 0);
	CHECK(M->order_secret(&o));
	CHECK_INT(order(&o, 0, "T2.EXPANSION", "PLACE 2 IN Lyons\n"
	    "ATTACK Barcelona", &err), 0);
	CHECK(!M->order_secret(&o));
	CHECK_INT(order(&o, 0, "T2.PLAY", "PLAY war ON Genoa", &err), 0);
	CHECK(!M->order_secret(&o));
	CHECK_INT(order(&o, 0, "T2.ORDER", "TOKENS 3", &err), 0);
	CHECK(M->order_secret(&o));
	sb_release(&err);
}

/*
 * RR39, reading 4: PLAY and DISCARD lines name cards of the sender's
 * hand, which a line not carried out leaves there: the order is his
 * (order_secret_at); under readings 2 and 3 (a release's current one)
 * it showed, and still does.
 */
TEST(ren_module_card_lines_secret)
{
	struct order o;
	struct strbuf err;
	void *stA = xcalloc(1, M->state_size), *stB = xcalloc(1,
	    M->state_size);

	sb_init(&err);
	M->state_init(stA, ren_test_ruleset(), 0, 3);
	M->state_init(stB, ren_test_ruleset(), 0, 4);
	CHECK_INT(order(&o, 0, "T2.PLAY", "PLAY war ON Genoa\nNONE", &err),
	    0);
	CHECK(M->order_secret_at(stB, &o));
	CHECK(!M->order_secret_at(stA, &o));
	CHECK_INT(order(&o, 0, "T2.BUY", "BUY CARD\nDISCARD famine", &err),
	    0);
	CHECK(M->order_secret_at(stB, &o));
	CHECK(!M->order_secret_at(stA, &o));
	CHECK_INT(order(&o, 0, "T2.BUY", "BUY CARD", &err), 0);
	CHECK(!M->order_secret_at(stB, &o));
	CHECK_INT(order(&o, 0, "T2.PURCHASE", "UPGRADE", &err), 0);
	CHECK(!M->order_secret_at(stB, &o));
	CHECK_INT(order(&o, 0, "T2.ORDER", "TOKENS 3", &err), 0);
	CHECK(M->order_secret_at(stA, &o));
	CHECK_INT(order(&o, 0, "T2.EXPANSION", "ATTACK Barcelona TRADE war",
	    &err), 0);
	CHECK(M->order_secret_at(stA, &o));
	free(stA);
	free(stB);
	sb_release(&err);
}

/* RR39: a viewer sees his own hand only */
static void
count_hidden(xmlNode *n, void *ctx)
{
	(void)n;
	(*(int *)ctx)++;
}

TEST(ren_module_hands_hidden)
{
	struct drive g;
	struct decision ds[8];
	xmlDoc *doc = xmlNewDoc(BAD_CAST "1.0");
	xmlNode *root = xmlNewNode(NULL, BAD_CAST "x");
	int k, hidden = 0;

	mgame_init(&g, 3);
	for (k = 0; k < 3; k++) {
		M->pending(g.st, ds, 8);
		M->apply_default(&g.c, &ds[0]);
	}
	xmlDocSetRootElement(doc, root);
	M->state_xml(g.st, root);
	M->state_hide(xml_child(root, "state"), "p2", count_hidden, &hidden);
	CHECK_INT(hidden, 2);
	hidden = 0;
	M->state_hide(xml_child(root, "state"), NULL, count_hidden, &hidden);
	CHECK_INT(hidden, 3);
	xmlFreeDoc(doc);
	drive_release(&g);
}

/* RR42: every variant it lists is one a game can have (a flag) */
TEST(ren_module_variants)
{
	int i;

	CHECK_INT(M->nvariants, 6);
	for (i = 0; i < M->nvariants; i++) {
		CHECK(M->variants[i].flag != 0);
		CHECK(module_variant(M, M->variants[i].name) ==
		    M->variants[i].flag);
		CHECK(strstr(M->variants[i].meaning, "not implemented") ==
		    NULL);
	}
	CHECK(module_variant(M, "original-turn-order") ==
	    REN_VAR_ORIGINAL_TURN_ORDER);
	CHECK(module_variant(M, "revised-map") == REN_VAR_REVISED_MAP);
}

/* One order line parsed against rs: 0 or -1 with the message in err. */
static int
line_on(const void *rs, const char *line, struct strbuf *err)
{
	unsigned char item[ORDER_ITEMS_BYTES];

	memset(item, 0, sizeof(item));
	sb_reset(err);
	return M->parse_line(rs, 0, line, 1, item, err);
}

/* Plays to the end on deadline defaults; the decisions made. */
static int
play_defaults(struct drive *g)
{
	struct decision d[GAME_MAX_SIDES];
	int n = 0;

	while (!M->over(g->st) && n < 20000 && M->pending(g->st, d,
	    GAME_MAX_SIDES) > 0) {
		M->apply_default(&g->c, &d[0]);
		n++;
	}
	return n;
}

/*
 * RR42, BOARD §16: a game of the revised map has its own ruleset, the
 * data file's with the variant applied (mod->ruleset_variants), beside a
 * game of the 1996 map in the same process: Smolensk is refused in the
 * one and Loire in the other, each saying which map has it; both games
 * play to their end.
 */
TEST(ren_module_revised_map)
{
	unsigned rev = module_variant(M, "revised-map");
	const struct ren_ruleset *std = ren_test_ruleset();
	struct ren_ruleset *rs = xmalloc(sizeof(*rs));
	unsigned char key[SEED_BYTES] = { 5 };
	struct strbuf err;
	struct drive a, b;
	struct ren_test_game t;
	int line = 0;

	sb_init(&err);
	CHECK(rev != 0);
	CHECK(M->ruleset_variants != NULL);
	memcpy(rs, std, sizeof(*rs));
	CHECK_INT(M->ruleset_variants(rs, rev, &line, &err), 0);
	/* a game without it keeps the 1996 map, its ruleset untouched */
	CHECK_INT(M->ruleset_variants(rs, 0, &line, &err), 0);
	CHECK_INT(line_on(rs, "PLACE 1 IN Smolensk", &err), -1);
	CHECK_STR(err.buf, "Smolensk is not on this game's map: the variant "
	    "'revised-map' takes it off (RR42)");
	CHECK_INT(line_on(std, "PLACE 1 IN loire", &err), -1);
	CHECK_STR(err.buf, "Loire is not on this game's map: only the map of "
	    "the variant 'revised-map' has it (RR42)");
	CHECK_INT(line_on(rs, "ATTACK Loire WITH 2", &err), 0);
	CHECK_INT(line_on(std, "ATTACK smolensk", &err), 0);
	/* a typo still gets its suggestion */
	CHECK_INT(line_on(rs, "PLACE 1 IN Loira", &err), -1);
	CHECK_CONTAINS(err.buf, "did you mean 'Loire'?");
	CHECK_INT(ren_find_province(std, "smolensk", NULL), RP("smolensk"));
	CHECK(!std->provinces[RP("smolensk")].removed);
	CHECK_INT(ren_find_province(rs, "loire", NULL), 108);

	/* Paris reaches Loire by land on the revised map only */
	ren_test_game_init(&t, 4);
	CHECK_INT(ren_reach(&t.st, 3, 108, &err), REACH_NONE);
	t.st.rs = rs;
	sb_reset(&err);
	CHECK_INT(ren_reach(&t.st, 3, 108, &err), REACH_LAND);
	ren_test_game_release(&t);

	/* both maps in one process, each game to its end */
	drive_start(&a, M, std, 0, 6, "ren-module-test", key);
	drive_start(&b, M, rs, rev, 6, "ren-module-test", key);
	CHECK(play_defaults(&a) > 0);
	CHECK(play_defaults(&b) > 0);
	CHECK(M->over(a.st));
	CHECK(M->over(b.st));
	drive_release(&a);
	drive_release(&b);
	free(rs);
	sb_release(&err);
}
