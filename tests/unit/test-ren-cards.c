/*
 * test-ren-cards.c - the deck and its epochs (RR10), the draw phase's
 * marker removal (RR9), buy and discard (RR11), commodity payments
 * (RR34) and the events written so far (RR13-RR18).
 */
#include <stdlib.h>
#include <string.h>

#include "ren-test.h"
#include "util.h"

enum { VEN, GEN, BAR, PAR, LON, HAM };
#define BIT(k) ((uint64_t)1 << (k))

static int
play(struct ren_test_game *t, int p, const char *card, int commodity,
    int target, struct strbuf *err)
{
	ren_test_card(t, p, card);
	return ren_play_card(&t->c, p, RCARD(card), commodity, target, 0,
	    err);
}

/* RR34: value x b x b, b the provinces, one up for a shortage, one down
   for a surplus, one up with Industry; the marker used goes */
TEST(ren_cards_commodity_payment)
{
	struct ren_test_game t;
	struct strbuf err;
	int cloth = RCOM("cloth");

	ren_test_game_init(&t, 3);
	sb_init(&err);
	ren_test_dom(&t, VEN, "florence");	/* Venice and Florence */
	CHECK_INT(ren_commodity_count(&t.st, VEN, cloth), 2);
	CHECK_INT(ren_commodity_payment(&t.st, VEN, cloth), 20);
	CHECK_INT(ren_commodity_payment(&t.st, GEN, cloth), 5);
	CHECK_INT(ren_commodity_payment(&t.st, BAR, cloth), 0);
	t.st.shortage[cloth] = 2;	/* a double shortage: one box */
	CHECK_INT(ren_commodity_payment(&t.st, VEN, cloth), 45);
	CHECK_INT(play(&t, BAR, "cloth-2", -1, -1, &err), 0);
	CHECK_INT(t.st.p[VEN].cash, 85);
	CHECK_INT(t.st.p[GEN].cash, 60);
	CHECK_INT(t.st.p[BAR].cash, 40);
	CHECK_INT(t.st.shortage[cloth], 1);	/* one marker remains */
	CHECK(t.st.discard & BIT(RCARD("cloth-2")));
	t.st.shortage[cloth] = 0;
	t.st.surplus[cloth] = 1;
	CHECK_INT(ren_commodity_payment(&t.st, GEN, cloth), 0);
	CHECK_INT(ren_commodity_payment(&t.st, VEN, cloth), 5);
	ren_test_adv(&t, VEN, 'M');
	CHECK_INT(ren_commodity_payment(&t.st, VEN, cloth), 20);
	sb_release(&err);
	ren_test_game_release(&t);
}

/* RR13: a dual card names its commodity; a bad name leaves it in hand */
TEST(ren_cards_dual_commodity)
{
	struct ren_test_game t;
	struct strbuf err;

	ren_test_game_init(&t, 3);
	sb_init(&err);
	CHECK_INT(play(&t, BAR, "cloth-wine-1", RCOM("grain"), -1, &err), -1);
	CHECK_STR(err.buf, "Cloth/Wine names Cloth or Wine (RR13)");
	CHECK(t.st.p[BAR].hand & BIT(RCARD("cloth-wine-1")));
	CHECK_INT(ren_play_card(&t.c, BAR, RCARD("cloth-wine-1"),
	    RCOM("wine"), -1, 0, &err), 0);
	CHECK_INT(t.st.p[BAR].cash, 45);	/* Barcelona: one Wine */
	sb_release(&err);
	ren_test_game_release(&t);
}

/* RR10: an empty pile with a further epoch: the discards and the next
   epoch's cards; in the last epoch the game ends after the turn */
TEST(ren_cards_epochs)
{
	struct ren_test_game t;
	int card, k, n2 = 0;

	ren_test_game_init(&t, 3);
	t.st.epochs = 2;
	t.st.discard = BIT(RCARD("famine")) | BIT(RCARD("stone-1a"));
	for (k = 0; k < t.st.rs->ncards; k++)
		n2 += t.st.rs->cards[k].epoch == 2 &&
		    t.st.rs->cards[k].euro != EURO_MOVED;
	card = ren_draw_card(&t.c, VEN, "test");
	CHECK(card >= 0);
	CHECK_INT(t.st.epoch, 2);
	CHECK_INT(t.st.ndraw, n2 + 2 - 1);
	CHECK_INT(t.st.discard, 0);
	CHECK_CONTAINS(ren_test_events(&t), "Epoch 2 begins: 2 discarded "
	    "cards and the epoch's own are shuffled into a draw pile of 23 "
	    "(RR10).");
	t.st.ndraw = 1;
	CHECK(ren_draw_card(&t.c, GEN, "test") >= 0);
	CHECK(t.st.deck_out);
	CHECK(!ren_can_draw(&t.st));
	CHECK_INT(ren_draw_card(&t.c, BAR, "test"), -1);
	CHECK(ren_game_ends(&t.st));
	ren_test_game_release(&t);
}

/* RR9: only the first player removes markers, at the commodity's value;
   the 12's joint marker goes as one for $10 */
TEST(ren_cards_remove_marker)
{
	struct ren_test_game t;
	struct strbuf err;
	int gold = RCOM("gold"), ivory = RCOM("ivory");

	ren_test_game_init(&t, 3);
	sb_init(&err);
	t.st.phase = RPH_DRAW;
	t.st.surplus[RCOM("spice")] = 1;
	t.st.joint_shortage = 1;
	CHECK_INT(ren_remove_marker(&t.c, GEN, RCOM("spice"), 0, &err), -1);
	CHECK_CONTAINS(err.buf, "only the first player");
	CHECK_INT(ren_remove_marker(&t.c, VEN, RCOM("spice"), 0, &err), 0);
	CHECK_INT(t.st.p[VEN].cash, 31);
	CHECK_INT(t.st.surplus[RCOM("spice")], 0);
	CHECK_INT(ren_commodity_payment(&t.st, VEN, gold), 0);
	ren_test_dom(&t, VEN, "tripoli");
	CHECK_INT(ren_commodity_payment(&t.st, VEN, ivory), 40);
	CHECK_INT(ren_remove_marker(&t.c, VEN, gold, 1, &err), 0);
	CHECK_INT(t.st.p[VEN].cash, 21);
	CHECK_INT(t.st.joint_shortage, 0);
	CHECK_INT(ren_commodity_payment(&t.st, VEN, ivory), 10);
	sb_release(&err);
	ren_test_game_release(&t);
}

/* RR11: Urban Ascendancy buys one card for $10; Master Art discards */
TEST(ren_cards_buy_and_discard)
{
	struct ren_test_game t;
	struct strbuf err;

	ren_test_game_init(&t, 3);
	sb_init(&err);
	t.st.ndraw = 1;
	t.st.draw[0] = (unsigned char)RCARD("famine");
	CHECK_INT(ren_buy_card(&t.c, VEN, &err), -1);
	CHECK_STR(err.buf, "Venice does not hold Urban Ascendancy (RR11)");
	ren_test_adv(&t, VEN, 'V');
	CHECK_INT(ren_buy_card(&t.c, VEN, &err), 0);
	CHECK_INT(t.st.p[VEN].cash, 30);
	CHECK(t.st.p[VEN].hand & BIT(RCARD("famine")));
	sb_reset(&err);
	CHECK_INT(ren_discard(&t.c, VEN, RCARD("famine"), &err), -1);
	ren_test_adv(&t, VEN, 'P');
	CHECK_INT(ren_discard(&t.c, VEN, RCARD("famine"), &err), 0);
	CHECK(t.st.discard & BIT(RCARD("famine")));
	/* a squared card leaves the game */
	ren_test_card(&t, VEN, "armor");
	CHECK_INT(ren_discard(&t.c, VEN, RCARD("armor"), &err), 0);
	CHECK(t.st.removed & BIT(RCARD("armor")));
	sb_release(&err);
	ren_test_game_release(&t);
}

/* Famine: 4 boxes, one less per Grain province and with Improved
   Agriculture; Enlightened Ruler does not protect */
TEST(ren_cards_famine)
{
	struct ren_test_game t;
	struct strbuf err;

	ren_test_game_init(&t, 3);
	sb_init(&err);
	ren_test_dom(&t, GEN, "sicily");
	ren_test_adv(&t, BAR, 'K');
	t.st.p[BAR].enlightened = 1;
	CHECK_INT(play(&t, VEN, "famine", -1, -1, &err), 0);
	CHECK_INT(ren_misery_value(&t.st, VEN), 40);
	CHECK_INT(ren_misery_value(&t.st, GEN), 30);
	CHECK_INT(ren_misery_value(&t.st, BAR), 30);
	sb_release(&err);
	ren_test_game_release(&t);
}

/* Mysticism Abounds: 4 less one per Science advance; Enlightened Ruler
   protects (RR18); Revolutionary Uprisings and Religious Strife */
TEST(ren_cards_misery_events)
{
	struct ren_test_game t;
	struct strbuf err;

	ren_test_game_init(&t, 3);
	sb_init(&err);
	ren_test_adv(&t, GEN, 'A');
	ren_test_adv(&t, GEN, 'B');
	ren_test_adv(&t, GEN, 'I');
	ren_test_adv(&t, GEN, 'E');
	CHECK_INT(play(&t, BAR, "enlightened-ruler", -1, -1, &err), 0);
	CHECK_INT(play(&t, VEN, "mysticism-abounds", -1, -1, &err), 0);
	CHECK_INT(ren_misery_value(&t.st, VEN), 40);
	CHECK_INT(ren_misery_value(&t.st, GEN), 20);
	CHECK_INT(ren_misery_value(&t.st, BAR), 0);
	CHECK_CONTAINS(ren_test_events(&t), "Enlightened Ruler protects "
	    "Barcelona from Mysticism Abounds (RR18).");
	CHECK_INT(play(&t, VEN, "revolutionary-uprisings", -1, -1, &err), 0);
	CHECK_INT(ren_misery_value(&t.st, GEN), 30);
	t.st.papal_ban = CAT_SCIENCE;
	CHECK_INT(play(&t, VEN, "religious-strife", -1, -1, &err), 0);
	CHECK_INT(ren_misery_value(&t.st, GEN), 40);
	CHECK_INT(t.st.papal_ban, -1);
	sb_release(&err);
	ren_test_game_release(&t);
}

/* RR17, RR18: once Long Bow is played, Armor is a misery burden */
TEST(ren_cards_military_and_burdens)
{
	struct ren_test_game t;
	struct strbuf err;

	ren_test_game_init(&t, 3);
	sb_init(&err);
	CHECK_INT(play(&t, VEN, "armor", -1, -1, &err), 0);
	CHECK_INT(t.st.p[VEN].military, MIL_ARMOR);
	CHECK(t.st.removed & BIT(RCARD("armor")));
	CHECK_INT(play(&t, GEN, "long-bow", -1, -1, &err), 0);
	CHECK(ren_card_voided(&t.st, BAR, RCARD("stirrups")));
	CHECK_INT(play(&t, BAR, "stirrups", -1, -1, &err), -1);
	CHECK_STR(err.buf, "Stirrups is a misery burden now and cannot be "
	    "played (RR18)");
	/* a burden counts for stabilization */
	CHECK_INT(ren_stabilization_cost(&t.st, BAR), 1);
	sb_release(&err);
	ren_test_game_release(&t);
}

/* Papal Decree names science, religion or exploration (RR13) */
TEST(ren_cards_papal_decree)
{
	struct ren_test_game t;
	struct strbuf err;

	ren_test_game_init(&t, 3);
	sb_init(&err);
	CHECK_INT(play(&t, VEN, "papal-decree", -1, CAT_CIVICS, &err), -1);
	CHECK_CONTAINS(err.buf, "names science, religion or exploration");
	CHECK(t.st.p[VEN].hand & BIT(RCARD("papal-decree")));
	CHECK_INT(ren_play_card(&t.c, VEN, RCARD("papal-decree"), -1,
	    CAT_RELIGION, 0, &err), 0);
	CHECK_INT(t.st.papal_ban, CAT_RELIGION);
	/* Religious Strife in epoch 3 makes it a burden for good */
	t.st.epoch = 3;
	CHECK_INT(play(&t, GEN, "religious-strife", -1, -1, &err), 0);
	CHECK(ren_card_voided(&t.st, VEN, RCARD("papal-decree")));
	sb_release(&err);
	ren_test_game_release(&t);
}

/* A rule not written yet says so, and the card stays in hand: an event
   the data file gains (here Famine under another id) has no effect yet */
TEST(ren_cards_not_implemented)
{
	struct ren_test_game t;
	struct ren_ruleset *rs = xmalloc(sizeof(*rs));
	struct strbuf err;
	int k = RCARD("famine");

	memcpy(rs, ren_test_ruleset(), sizeof(*rs));
	strcpy(rs->cards[k].id, "plague");
	strcpy(rs->cards[k].name, "Plague");
	ren_test_game_init(&t, 3);
	t.st.rs = rs;
	sb_init(&err);
	t.st.p[VEN].hand |= BIT(k);
	CHECK_INT(ren_play_card(&t.c, VEN, k, -1, -1, 0, &err),
	    REN_NOT_IMPLEMENTED);
	CHECK_STR(err.buf, "the event 'Plague' is not implemented yet");
	CHECK(t.st.p[VEN].hand & BIT(k));
	CHECK_INT(t.j.n, 0);
	sb_release(&err);
	ren_test_game_release(&t);
	free(rs);
}

static struct ren_play
choices(int target, int nprov, const char *p1, const char *p2)
{
	struct ren_play a;

	memset(&a, 0, sizeof(a));
	a.commodity = a.category = a.area = -1;
	a.target = target;
	a.nprov = nprov;
	a.prov[0] = p1 ? RP(p1) : -1;
	a.prov[1] = p2 ? RP(p2) : -1;
	return a;
}

static int
play_with(struct ren_test_game *t, int p, const char *card,
    struct ren_play a, struct strbuf *err)
{
	ren_test_card(t, p, card);
	return ren_play_card_with(&t->c, p, RCARD(card), &a, err);
}

/* RR16: each rolls, +1 Nationalism, +1 per effective military card; the
   higher gains one box, the lower two and cedes the difference in
   markers, lowest market number first (RR14) */
TEST(ren_cards_war)
{
	struct ren_test_game t;
	struct strbuf err;
	unsigned dice[] = { FACE(5), FACE(2) };

	ren_test_game_init(&t, 3);
	sb_init(&err);
	ren_test_dom(&t, GEN, "milan");		/* 3 */
	ren_test_dom(&t, GEN, "sicily");	/* 2 */
	ren_test_dom(&t, GEN, "rome");		/* 4 */
	ren_test_adv(&t, GEN, 'W');
	CHECK_INT(play_with(&t, VEN, "war", choices(VEN, 0, NULL, NULL),
	    &err), -1);
	CHECK_STR(err.buf, "War! names another player (RR13)");
	ren_test_dice(&t, dice, 2);
	CHECK_INT(play_with(&t, VEN, "war", choices(GEN, 0, NULL, NULL),
	    &err), 0);
	/* 5 against 2 + 1: Venice wins by 2 */
	CHECK_CONTAINS(ren_test_events(&t), "War: Venice rolls 5 (total 5), "
	    "Genoa 2 (total 3) (RR16).");
	CHECK_INT(ren_misery_value(&t.st, VEN), 10);
	CHECK_INT(ren_misery_value(&t.st, GEN), 20);
	CHECK_INT(t.st.dom[RP("sicily")], VEN);
	CHECK_INT(t.st.dom[RP("milan")], VEN);
	CHECK_INT(t.st.dom[RP("rome")], GEN);
	CHECK_INT(t.st.war_a, -1);
	sb_release(&err);
	ren_test_game_release(&t);
}

/* RR16: equal totals without a military advantage: a box each and the
   War stays open, rolled again later; the loser's CEDE list (RR14) */
TEST(ren_cards_war_open_then_ceded)
{
	struct ren_test_game t;
	struct strbuf err;
	unsigned tie[] = { FACE(3), FACE(3) };
	unsigned win[] = { FACE(1), FACE(4) };

	ren_test_game_init(&t, 3);
	sb_init(&err);
	ren_test_dom(&t, VEN, "florence");
	t.st.p[VEN].ncede = 1;
	t.st.p[VEN].cede[0] = (unsigned char)RP("florence");
	ren_test_dice(&t, tie, 2);
	CHECK_INT(play_with(&t, VEN, "war", choices(BAR, 0, NULL, NULL),
	    &err), 0);
	CHECK_INT(t.st.war_a, VEN);
	CHECK_INT(ren_misery_value(&t.st, VEN), 10);
	CHECK_INT(ren_misery_value(&t.st, BAR), 10);
	ren_test_dice(&t, win, 2);
	ren_war_roll(&t.c);
	CHECK_INT(t.st.war_a, -1);
	/* 1 against 4: three markers, Florence by his list, then his
	   capital (capitals may be ceded), and one he has not: a box more */
	CHECK_INT(t.st.dom[RP("florence")], BAR);
	CHECK_INT(t.st.dom[RP("venice")], BAR);
	CHECK_INT(ren_misery_value(&t.st, VEN), 40);
	CHECK_INT(ren_misery_value(&t.st, BAR), 20);
	sb_release(&err);
	ren_test_game_release(&t);
}

/* Civil War: a box, the capital's marker becomes a token, half the
   written cash or half the expansion tokens (the smaller loss, RR14);
   last in the order at the expansion phase (RR8) */
TEST(ren_cards_civil_war)
{
	struct ren_test_game t;
	struct strbuf err;

	ren_test_game_init(&t, 3);
	sb_init(&err);
	t.st.p[GEN].written_cash = 30;
	t.st.p[GEN].expansion = 9;
	CHECK_INT(play_with(&t, VEN, "civil-war", choices(GEN, 0, NULL, NULL),
	    &err), 0);
	CHECK_INT(ren_misery_value(&t.st, GEN), 10);
	CHECK_INT(t.st.dom[RP("genoa")], REN_NOBODY);
	CHECK_INT(t.st.tok[RP("genoa")][GEN], 1);
	CHECK_INT(t.st.p[GEN].expansion, 4);	/* 5 tokens < $15 */
	CHECK_INT(t.st.p[GEN].cash, 40);
	ren_civil_war_moves(&t.c);
	CHECK_INT(t.st.order[2], GEN);
	CHECK_INT(t.st.order[1], BAR);
	CHECK_INT(t.st.p[GEN].box, 6);
	CHECK_INT(t.st.p[BAR].box, 4);
	/* his standing choice: cash */
	t.st.p[BAR].civil_war_choice = 1;
	t.st.p[BAR].written_cash = 31;
	CHECK_INT(play_with(&t, VEN, "civil-war", choices(BAR, 0, NULL, NULL),
	    &err), 0);
	CHECK_INT(t.st.p[BAR].cash, 24);
	sb_release(&err);
	ren_test_game_release(&t);
}

/* RR18: Alchemist's Gold: half the written cash, rounded up, at most the
   cash; never a holder of Laws of Matter; Enlightened Ruler protects */
TEST(ren_cards_alchemists_gold)
{
	struct ren_test_game t;
	struct strbuf err;

	ren_test_game_init(&t, 3);
	sb_init(&err);
	t.st.p[GEN].written_cash = 25;
	t.st.p[GEN].cash = 10;
	ren_test_adv(&t, BAR, 'C');
	CHECK_INT(play_with(&t, VEN, "alchemists-gold",
	    choices(BAR, 0, NULL, NULL), &err), -1);
	CHECK_STR(err.buf, "Barcelona holds Laws of Matter (RR18)");
	CHECK_INT(ren_play_card_with(&t.c, VEN, RCARD("alchemists-gold"),
	    &(struct ren_play){ -1, GEN, -1, -1, 0, { 0 }, 0 }, &err), 0);
	CHECK_INT(t.st.p[GEN].cash, 0);
	t.st.p[BAR].enlightened = 1;
	t.st.p[BAR].advances = 0;
	sb_reset(&err);
	CHECK_INT(play_with(&t, VEN, "alchemists-gold",
	    choices(BAR, 0, NULL, NULL), &err), -1);
	CHECK_STR(err.buf, "Enlightened Ruler protects Barcelona this turn "
	    "(RR18)");
	sb_release(&err);
	ren_test_game_release(&t);
}

/* RR18: Pirates/Vikings takes one coastal marker per epoch of the pile;
   Rebellion one, never another player's capital; the token comes from
   stock, else the expansion area, else none (RR14) */
TEST(ren_cards_pirates_and_rebellion)
{
	struct ren_test_game t;
	struct strbuf err;

	ren_test_game_init(&t, 3);
	sb_init(&err);
	ren_test_dom(&t, GEN, "milan");
	ren_test_dom(&t, BAR, "valencia");
	t.st.epoch = 2;
	CHECK_INT(play_with(&t, VEN, "pirates-vikings",
	    choices(-1, 1, "valencia", NULL), &err), -1);
	CHECK_STR(err.buf, "name 2 provinces (RR13)");
	sb_reset(&err);
	CHECK_INT(play_with(&t, VEN, "pirates-vikings",
	    choices(-1, 2, "valencia", "milan"), &err), -1);
	CHECK_STR(err.buf, "Milan is not coastal (RR18)");
	t.st.p[BAR].stock = 0;
	t.st.p[BAR].expansion = 0;
	CHECK_INT(play_with(&t, VEN, "pirates-vikings",
	    choices(-1, 2, "valencia", "genoa"), &err), 0);
	CHECK_INT(t.st.dom[RP("valencia")], REN_NOBODY);
	CHECK_INT(t.st.tok[RP("valencia")][BAR], 0);
	CHECK_INT(t.st.tok[RP("genoa")][GEN], 1);
	sb_reset(&err);
	CHECK_INT(play_with(&t, VEN, "rebellion",
	    choices(-1, 1, "barcelona", NULL), &err), -1);
	CHECK_STR(err.buf, "Rebellion cannot strike Barcelona (RR18)");
	CHECK_INT(play_with(&t, VEN, "rebellion",
	    choices(-1, 1, "milan", NULL), &err), 0);
	CHECK_INT(t.st.tok[RP("milan")][GEN], 1);
	sb_release(&err);
	ren_test_game_release(&t);
}

/* RR18: The Crusades: a marker from the mat on a market of area VI, the
   rest there removed, a box; voided once Mongol Armies was played */
TEST(ren_cards_crusades)
{
	struct ren_test_game t;
	struct strbuf err;

	ren_test_game_init(&t, 3);
	sb_init(&err);
	ren_test_tok(&t, GEN, "acre", 3);
	CHECK_INT(play_with(&t, VEN, "the-crusades",
	    choices(-1, 1, "lyons", NULL), &err), -1);
	CHECK_STR(err.buf, "Lyons is not a market of area VI (RR18)");
	CHECK_INT(play_with(&t, VEN, "the-crusades",
	    choices(-1, 1, "acre", NULL), &err), 0);
	CHECK_INT(t.st.dom[RP("acre")], VEN);
	CHECK_INT(t.st.tok[RP("acre")][GEN], 0);
	CHECK_INT(ren_misery_value(&t.st, VEN), 10);
	t.st.played_ever |= BIT(RCARD("mongol-armies"));
	CHECK(ren_card_voided(&t.st, VEN, RCARD("the-crusades")));
	sb_release(&err);
	ren_test_game_release(&t);
}

/* Black Death: every token of the area to stock, every marker there a
   token */
TEST(ren_cards_black_death)
{
	struct ren_test_game t;
	struct strbuf err;
	struct ren_play a = choices(-1, 0, NULL, NULL);
	int stock;

	ren_test_game_init(&t, 3);
	sb_init(&err);
	ren_test_tok(&t, GEN, "lyons", 2);
	ren_test_tok(&t, BAR, "toledo", 2);
	stock = t.st.p[GEN].stock;
	a.area = ren_area_by_id(t.st.rs, "VII");
	CHECK_INT(play_with(&t, BAR, "black-death", a, &err), 0);
	CHECK_INT(t.st.tok[RP("lyons")][GEN], 0);
	CHECK_INT(t.st.tok[RP("genoa")][GEN], 1);
	CHECK_INT(t.st.dom[RP("venice")], REN_NOBODY);
	CHECK_INT(t.st.p[GEN].stock, stock + 2 - 1);
	CHECK_INT(t.st.tok[RP("toledo")][BAR], 2);
	sb_release(&err);
	ren_test_game_release(&t);
}

/* RR15: Printed Word pays a leader's discount at once for advances held,
   without Written Record's $10 */
TEST(ren_cards_printed_word_rebate)
{
	struct ren_test_game t;
	struct strbuf err;

	ren_test_game_init(&t, 3);
	sb_init(&err);
	ren_test_adv(&t, VEN, 'N');
	ren_test_adv(&t, VEN, 'O');
	ren_test_adv(&t, VEN, 'R');
	CHECK_INT(play(&t, VEN, "rashid-ad-din", -1, -1, &err), 0);
	CHECK_INT(t.st.p[VEN].cash, 60);
	CHECK_CONTAINS(ren_test_events(&t), "Printed Word: Venice receives "
	    "a rebate of $20 (RR15).");
	sb_release(&err);
	ren_test_game_release(&t);
}

/* seed 5.4.2.1, RR14: the token that replaces an eliminated marker comes
   from stock; only when the stock is empty does the owner's standing
   ELIMINATION EMPTY leave the province empty instead of taking a token
   from his expansion area */
TEST(ren_cards_elimination_choice_only_with_empty_stock)
{
	struct ren_test_game t;
	struct strbuf err;
	int stock;

	ren_test_game_init(&t, 3);
	sb_init(&err);
	ren_test_dom(&t, GEN, "milan");
	ren_test_dom(&t, GEN, "lyons");
	t.st.p[GEN].elimination_empty = 1;
	t.st.p[GEN].expansion = 3;
	stock = t.st.p[GEN].stock;
	CHECK_INT(play_with(&t, VEN, "rebellion",
	    choices(-1, 1, "milan", NULL), &err), 0);
	CHECK_INT(t.st.tok[RP("milan")][GEN], 1);	/* from stock */
	CHECK_INT(t.st.p[GEN].stock, stock - 1);
	CHECK_INT(t.st.p[GEN].expansion, 3);
	/* stock empty: his choice leaves Lyons empty */
	t.st.p[GEN].stock = 0;
	t.st.p[VEN].hand = 0;
	CHECK_INT(play_with(&t, VEN, "rebellion",
	    choices(-1, 1, "lyons", NULL), &err), 0);
	CHECK_INT(t.st.tok[RP("lyons")][GEN], 0);
	CHECK_INT(t.st.p[GEN].expansion, 3);
	CHECK_CONTAINS(ren_test_events(&t), "by his choice the province is "
	    "left empty (RR14)");
	/* without the choice, the expansion area gives the token */
	t.st.p[GEN].elimination_empty = 0;
	ren_test_dom(&t, GEN, "lyons");
	CHECK_INT(play_with(&t, VEN, "rebellion",
	    choices(-1, 1, "lyons", NULL), &err), 0);
	CHECK_INT(t.st.tok[RP("lyons")][GEN], 1);
	CHECK_INT(t.st.p[GEN].expansion, 2);
	/* reading 1 (games made before the fix): his choice first */
	t.st.reading = 1;
	t.st.p[GEN].elimination_empty = 1;
	t.st.p[GEN].stock = 5;
	ren_test_dom(&t, GEN, "milan");
	t.st.tok[RP("milan")][GEN] = 0;
	CHECK_INT(play_with(&t, VEN, "rebellion",
	    choices(-1, 1, "milan", NULL), &err), 0);
	CHECK_INT(t.st.tok[RP("milan")][GEN], 0);
	CHECK_INT(t.st.p[GEN].stock, 5);
	sb_release(&err);
	ren_test_game_release(&t);
}

/* RR15, reading 2: Printed Word's rebate is the discount the leader offers
   when it is played: Marco Polo after Mongol Armies gives 40 for Overland
   East (reading 1 paid 20) */
TEST(ren_cards_printed_word_conditional_rebate)
{
	struct ren_test_game t;
	struct strbuf err;
	int r;

	for (r = 1; r <= 2; r++) {
		ren_test_game_init(&t, 3);
		sb_init(&err);
		t.st.reading = r;
		ren_test_adv(&t, VEN, 'N');
		ren_test_adv(&t, VEN, 'O');
		ren_test_adv(&t, VEN, 'R');
		t.st.played_ever |= BIT(RCARD("mongol-armies"));
		CHECK_INT(play(&t, VEN, "marco-polo", -1, -1, &err), 0);
		CHECK_INT(t.st.p[VEN].cash, r == 1 ? 60 : 80);
		sb_release(&err);
		ren_test_game_release(&t);
	}
}

/* The card (BOARD §7), RR18, reading 2: Mysticism Abounds is a misery
   burden once every player in the game holds all four Science advances */
TEST(ren_cards_mysticism_burden)
{
	struct ren_test_game t;
	int p;

	ren_test_game_init(&t, 3);
	for (p = 0; p < 3; p++) {
		ren_test_adv(&t, p, 'A');
		ren_test_adv(&t, p, 'B');
		ren_test_adv(&t, p, 'C');
	}
	CHECK(!ren_card_voided(&t.st, VEN, RCARD("mysticism-abounds")));
	for (p = 0; p < 3; p++)
		ren_test_adv(&t, p, 'D');
	CHECK(ren_card_voided(&t.st, VEN, RCARD("mysticism-abounds")));
	t.st.reading = 1;
	CHECK(!ren_card_voided(&t.st, VEN, RCARD("mysticism-abounds")));
	ren_test_game_release(&t);
}

/* RR18, RR35, reading 3: Rebellion spares the capitals of the other
   players in the game; a player in Chaos is out of the game (seed 3.11),
   so his capital may be struck, on the card and on the order form
   (reading 2 still spared it) */
TEST(ren_cards_rebellion_capital_of_chaos)
{
	struct ren_test_game t;
	struct strbuf err, form;
	int r;

	for (r = 2; r <= 3; r++) {
		ren_test_game_init(&t, 3);
		sb_init(&err);
		sb_init(&form);
		t.st.reading = r;
		t.st.p[GEN].out = 1;
		ren_test_card(&t, VEN, "rebellion");
		CHECK_INT(ren_event_form(&t.st, VEN, RCARD("rebellion"),
		    &form), 1);
		CHECK_INT(strstr(form.buf, "PLAY rebellion IN Genoa\n") !=
		    NULL, r >= 3);
		CHECK(strstr(form.buf, "PLAY rebellion IN Barcelona\n") ==
		    NULL);
		CHECK_INT(play_with(&t, VEN, "rebellion",
		    choices(-1, 1, "genoa", NULL), &err), r >= 3 ? 0 : -1);
		if (r >= 3) {
			/* his pieces stay (RR35): a token of his own */
			CHECK_INT(t.st.dom[RP("genoa")], REN_NOBODY);
			CHECK_INT(t.st.tok[RP("genoa")][GEN], 1);
		} else {
			CHECK_STR(err.buf, "Rebellion cannot strike Genoa "
			    "(RR18)");
			CHECK_INT(t.st.dom[RP("genoa")], GEN);
		}
		/* Barcelona is in the game: spared under both */
		sb_reset(&err);
		CHECK_INT(play_with(&t, VEN, "rebellion",
		    choices(-1, 1, "barcelona", NULL), &err), -1);
		CHECK_STR(err.buf, "Rebellion cannot strike Barcelona (RR18)");
		sb_release(&form);
		sb_release(&err);
		ren_test_game_release(&t);
	}
}

/* RR16, RR35, reading 3: an open War ends, unresolved, when one side
   falls into Chaos: a player out of the game rolls no more and neither
   cedes nor receives markers.  Here the tie's box takes Genoa past the
   last box; reading 2 kept the War open and rolled it again, and Genoa,
   out of the game, won Venice's capital */
TEST(ren_cards_war_ends_in_chaos)
{
	struct ren_test_game t;
	unsigned tie[] = { FACE(3), FACE(3) };
	unsigned win[] = { FACE(1), FACE(6) };
	const char *ev;
	int r;

	for (r = 2; r <= 3; r++) {
		ren_test_game_init(&t, 3);
		t.st.reading = r;
		t.st.war_a = VEN;
		t.st.war_b = GEN;
		t.st.p[GEN].misery = t.st.rs->nmisery - 1;
		ren_test_dice(&t, tie, 2);
		ren_war_roll(&t.c);
		CHECK_INT(t.st.p[GEN].out, 1);
		CHECK_INT(ren_misery_value(&t.st, VEN), 10);
		ev = ren_test_events(&t);
		CHECK_INT(t.st.war_a, r >= 3 ? -1 : VEN);
		CHECK_INT(strstr(ev, "The War between Venice and Genoa ends: "
		    "Genoa is in Chaos (RR16, RR35).") != NULL, r >= 3);
		CHECK_INT(strstr(ev, "stays open") != NULL, r < 3);
		/* the next part's roll */
		ren_test_dice(&t, win, 2);
		ren_war_roll(&t.c);
		CHECK_INT(t.st.dom[RP("venice")], r >= 3 ? VEN : GEN);
		CHECK_INT(strstr(ren_test_events(&t), "Genoa wins the War") !=
		    NULL, r < 3);
		ren_test_game_release(&t);
	}
}

/* RR16, RR35, reading 3: the War ends too when a side falls into Chaos
   by anything else (here a stabilization left unpaid), so another War
   may be declared in the same phase */
TEST(ren_cards_war_ends_when_a_side_falls)
{
	struct ren_test_game t;
	struct strbuf err;
	unsigned dice[] = { FACE(6), FACE(1) };
	int r;

	for (r = 2; r <= 3; r++) {
		ren_test_game_init(&t, 3);
		sb_init(&err);
		t.st.reading = r;
		t.st.war_a = VEN;
		t.st.war_b = GEN;
		t.st.p[GEN].misery = t.st.rs->nmisery - 1;
		ren_misery(&t.c, GEN, 2, "stabilization");
		CHECK_INT(t.st.p[GEN].out, 1);
		CHECK_INT(t.st.war_a, r >= 3 ? -1 : VEN);
		ren_test_dice(&t, dice, 2);
		CHECK_INT(play_with(&t, BAR, "war", choices(VEN, 0, NULL,
		    NULL), &err), r >= 3 ? 0 : -1);
		if (r < 3)
			CHECK_STR(err.buf, "a War is open already (RR16)");
		sb_release(&err);
		ren_test_game_release(&t);
	}
}
