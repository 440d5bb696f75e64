/*
 * test-ren-cards.c - the deck and its epochs (RR10), the draw phase's
 * marker removal (RR9), buy and discard (RR11), commodity payments
 * (RR34) and the events written so far (RR13-RR18).
 */
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

/* A rule not written yet says so, and the card stays in hand */
TEST(ren_cards_not_implemented)
{
	struct ren_test_game t;
	struct strbuf err;

	ren_test_game_init(&t, 3);
	sb_init(&err);
	CHECK_INT(play(&t, VEN, "war", -1, GEN, &err), REN_NOT_IMPLEMENTED);
	CHECK_STR(err.buf, "the event 'War!' is not implemented yet");
	CHECK(t.st.p[VEN].hand & BIT(RCARD("war")));
	CHECK_INT(t.j.n, 0);
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
