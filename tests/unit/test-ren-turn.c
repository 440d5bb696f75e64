/*
 * test-ren-turn.c - order lines (ren-orders.c) and the flow of whole
 * games (ren-turn.c): games of deadline defaults only (RR38), and games
 * of a simple player that bids, expands, attacks, buys and plays, from
 * the capital bid to the score, with the pieces counted at every
 * decision (RR1: 36 tokens and 25 markers each, never more or fewer).
 */
#include <stdlib.h>
#include <string.h>

#include "dice.h"
#include "ren-test.h"
#include "util.h"

static int
parse(const char *line, struct ren_item *it, struct strbuf *err)
{
	sb_reset(err);
	return ren_parse_line(ren_test_ruleset(), line, it, err);
}

TEST(ren_orders_parse)
{
	struct ren_item it;
	struct strbuf err;

	sb_init(&err);
	CHECK_INT(parse("place 3 in St. Malo", &it, &err), 0);
	CHECK_INT(it.kind, RI_PLACE);
	CHECK_INT(it.n, 3);
	CHECK_INT(it.a, RP("st-malo"));
	CHECK_INT(parse("ATTACK montpelier WITH 6 cathedral", &it, &err), 0);
	CHECK_INT(it.kind, RI_ATTACK);
	CHECK_INT(it.a, RP("montpellier"));
	CHECK_INT(it.n, 6);
	CHECK_INT(it.flag, 1);
	CHECK_INT(parse("attack lyons trade famine", &it, &err), 0);
	CHECK_INT(it.trade, RCARD("famine") + 1);
	/* RR25's script */
	CHECK_INT(parse("attack lyons retry 2", &it, &err), 0);
	CHECK_INT(it.retry, 2);
	CHECK_INT(parse("A1: attack lyons", &it, &err), 0);
	CHECK_INT(it.label, ren_label_code("a1", 2));
	CHECK_INT(parse("IF A1 WON place 2 in milan", &it, &err), 0);
	CHECK_INT(it.kind, RI_PLACE);
	CHECK_INT(it.iflabel, ren_label_code("A1", 2));
	CHECK_INT(it.ifwon, 1);
	CHECK_INT(parse("zz9: if a1 lost attack milan", &it, &err), 0);
	CHECK_INT(it.ifwon, 0);
	CHECK_INT(it.label, ren_label_code("ZZ9", 3));
	CHECK_INT(parse("TOKENS -2 LAST", &it, &err), 0);
	CHECK_INT(it.n, -2);
	CHECK_INT(it.flag, 1);
	CHECK_INT(parse("rank barcelona, venice, genoa", &it, &err), 0);
	CHECK_INT(it.nrank, 3);
	CHECK_INT(it.rank[0], 2);
	CHECK_INT(parse("play walter the penniless protect 10", &it, &err),
	    0);
	CHECK_INT(it.a, RCARD("walter-the-penniless"));
	CHECK_INT(it.play.protection, 10);
	CHECK_INT(parse("play war on Genoa", &it, &err), 0);
	CHECK_INT(it.play.target, 1);
	CHECK_INT(parse("play pirates-vikings in valencia, genoa", &it, &err),
	    0);
	CHECK_INT(it.play.nprov, 2);
	CHECK_INT(it.play.prov[1], RP("genoa"));
	CHECK_INT(parse("play black death in area vii", &it, &err), 0);
	CHECK_INT(it.play.area, ren_area_by_id(ren_test_ruleset(), "VII"));
	CHECK_INT(parse("play papal decree for religion", &it, &err), 0);
	CHECK_INT(it.play.category, CAT_RELIGION);
	CHECK_INT(parse("play cloth-wine-1 for wine", &it, &err), 0);
	CHECK_INT(it.play.commodity, RCOM("wine"));
	CHECK_INT(parse("advance W", &it, &err), 0);
	CHECK_INT(it.a, ADV('W'));
	CHECK_INT(parse("remove gold shortage", &it, &err), 0);
	CHECK_INT(it.flag, 1);
	CHECK_INT(parse("civil-war lose cash", &it, &err), 0);
	CHECK_INT(it.kind, RI_CIVIL_WAR);
	CHECK_INT(parse("place 3 in Bordeux", &it, &err), -1);
	CHECK_STR(err.buf, "unknown province 'Bordeux' (did you mean "
	    "'Bordeaux'?)");
	CHECK_INT(parse("swap up play every turn", &it, &err), 0);
	CHECK_INT(it.kind, RI_SWAP);
	CHECK_INT(it.a, RPH_PLAY);
	CHECK_INT(it.flag, 1);
	CHECK_INT(parse("swap sideways play", &it, &err), -1);
	CHECK_INT(parse("fly to the moon", &it, &err), -1);
	CHECK_STR(err.buf, "unknown order 'fly to the moon'");
	sb_release(&err);
}

/* RR1: each player's 36 tokens and 25 markers are all somewhere */
static int
pieces_ok(const struct ren_state *st)
{
	int p;

	for (p = 0; p < st->nplayers; p++) {
		if (st->p[p].stock + st->p[p].expansion +
		    ren_tokens_on_map(st, p) != st->rs->tokens)
			return 0;
		if (st->p[p].mat + ren_markers_on_map(st, p) !=
		    st->rs->markers)
			return 0;
		if (st->p[p].stock < 0 || st->p[p].mat < 0 ||
		    st->p[p].cash < 0)
			return 0;
	}
	return 1;
}

/* Every card is in exactly one place. */
static int
cards_ok(const struct ren_state *st)
{
	uint64_t seen = st->discard | st->removed | st->held_back, all;
	int k, p;

	if (st->epoch == 0)
		return 1;	/* before the deal */
	for (k = 0; k < st->ndraw; k++) {
		if (seen & ((uint64_t)1 << st->draw[k]))
			return 0;
		seen |= (uint64_t)1 << st->draw[k];
	}
	if ((st->discard & st->removed) || (st->discard & st->held_back))
		return 0;
	for (p = 0; p < st->nplayers; p++) {
		if (seen & st->p[p].hand)
			return 0;
		seen |= st->p[p].hand;
		/* a returned Euro card waits for the others' (RR4) */
		if (st->phase == RPH_EURO_RETURN && st->p[p].euro_returned >= 0)
			seen |= (uint64_t)1 << st->p[p].euro_returned;
	}
	/* the cards of epochs not reached are still in the box */
	all = 0;
	for (k = 0; k < st->rs->ncards; k++)
		if (st->rs->cards[k].epoch <= st->epoch ||
		    st->rs->cards[k].euro == EURO_MOVED)
			all |= (uint64_t)1 << k;
	return (seen & all) == all;
}

/* A small player: bids, expands, attacks, buys and plays at random. */
static unsigned bot_seed;

static int
bot_rand(int n)
{
	bot_seed = bot_seed * 1103515245u + 12345u;
	return n > 0 ? (int)((bot_seed >> 16) % (unsigned)n) : 0;
}

static int
bot_orders(const struct ren_state *st, const struct ren_decision *d,
    struct ren_item *it)
{
	const struct ren_ruleset *rs = st->rs;
	int p = d->player, n = 0, k, i;

	memset(it, 0, 12 * sizeof(*it));
	switch (d->kind) {
	case RD_CAPITAL_BID: {
		int ncap = ren_capitals_in_play(rs, st->nplayers, it[1].rank);

		it[0].kind = RI_BID;
		it[0].n = bot_rand(20);
		it[1].kind = RI_RANK;
		it[1].nrank = ncap;
		for (k = ncap - 1; k > 0; k--) {
			int j = bot_rand(k + 1), t = it[1].rank[k];

			it[1].rank[k] = it[1].rank[j];
			it[1].rank[j] = t;
		}
		return 2;
	}
	case RD_EURO_RETURN:
		it[0].kind = RI_RETURN;
		it[0].a = st->p[p].dealt[bot_rand(3)];
		return 1;
	case RD_TOKEN_BID:
		it[0].kind = RI_TOKENS;
		it[0].n = bot_rand(st->p[p].cash / 2 + 1) - 1;
		it[0].flag = bot_rand(4) == 0;
		return 1;
	case RD_REMOVE:
		it[0].kind = RI_NONE;
		return 1;
	case RD_BUY:
		it[0].kind = RI_BUY_CARD;
		return 1;
	case RD_PLAY:
		for (k = 0; k < rs->ncards && n < 4; k++) {
			if (!(st->p[p].hand >> k & 1) ||
			    rs->cards[k].kind == RC_EVENT)
				continue;
			it[n].kind = RI_PLAY;
			it[n].a = k;
			it[n].play.commodity = rs->cards[k].commodities[
			    bot_rand(rs->cards[k].ncommodities)];
			it[n].play.target = it[n].play.area = -1;
			it[n].play.category = -1;
			it[n++].line = k;
		}
		return n;
	case RD_PURCHASE:
		if (bot_rand(3) == 0)
			it[n++].kind = RI_UPGRADE;
		for (k = 0; k < 3; k++) {
			it[n].kind = RI_ADVANCE;
			it[n++].a = bot_rand(REN_NADVANCES);
		}
		it[n].kind = RI_RELIEF;
		it[n++].n = 1;
		return n;
	case RD_EXPANSION:
		for (k = 0; k < 40 && n < 10; k++) {
			i = bot_rand(rs->nprovinces);
			if (rs->provinces[i].removed)
				continue;
			if (st->dom[i] >= 0 && st->dom[i] != p) {
				it[n].kind = RI_ATTACK;
				it[n++].a = i;
			} else if (st->dom[i] < 0) {
				it[n].kind = RI_PLACE;
				it[n].a = i;
				it[n++].n = 1 + bot_rand(rs->provinces[i].market);
			}
		}
		if (bot_rand(5) == 0)
			it[n++].kind = RI_BUY_CARD;
		return n;
	case RD_FINAL_PLAY:
		return 0;
	}
	return 0;
}

/* Games that reached the final card play (RR36), not Chaos for all;
   and events of some kinds, over all games played */
static int final_plays;
static const char *const counted[] = {
	"dominate", "attack-won", "attack-lost", "advance", "commodity",
	"war", "leader", "skipped", "cathedral", "chaos"
};
static int counts[10];

static int form_parses(const struct ren_state *st,
    const struct ren_decision *d, struct strbuf *form);

/* The last game's state and its draws' purposes (RR40). */
static struct ren_state last_state;
static int draws_total, draws_unnamed;

/* Plays a game to its end; with bot, the small player, else defaults. */
static void
play_game(int nplayers, int epochs, unsigned seed, int bot, int *turns)
{
	struct ren_test_game t;
	struct ren_decision ds[REN_MAX_PLAYERS];
	struct ren_item it[12];
	struct strbuf err;
	unsigned char key[SEED_BYTES] = { 0 };
	int steps, nd, bad = 0, final = 0;

	ren_test_game_init(&t, nplayers);
	ren_state_init(&t.st, ren_test_ruleset(), nplayers, 0, epochs);
	key[0] = (unsigned char)seed;
	key[1] = (unsigned char)(seed >> 8);
	dice_set_key(&t.dice, key);
	bot_seed = seed;
	sb_init(&err);
	ren_start(&t.c);
	for (steps = 0; steps < 5000; steps++) {
		nd = ren_pending(&t.st, ds, REN_MAX_PLAYERS);
		if (nd == 0)
			break;
		if (ds[0].kind == RD_FINAL_PLAY && !final) {
			final = 1;
			final_plays++;
		}
		journal_clear(&t.j);
		/* every order form the game offers parses */
		bad += form_parses(&t.st, &ds[0], &err);
		if (bot) {
			int n = bot_orders(&t.st, &ds[0], it);

			sb_reset(&err);
			if (ren_apply(&t.c, ds[0].player, it, n, &err) != 0) {
				/* a refused order: its default then */
				if (ds[0].kind != RD_TOKEN_BID &&
				    ds[0].kind != RD_EURO_RETURN)
					bad++;
				ren_apply_default(&t.c, ds[0].player);
			}
		} else if (ren_apply_default(&t.c, ds[0].player) != 0)
			bad++;
		for (size_t e = 0; e < t.j.n; e++)
			for (int k = 0; k < 10; k++)
				counts[k] += strcmp(t.j.ev[e].type,
				    counted[k]) == 0;
		if (!pieces_ok(&t.st) || !cards_ok(&t.st)) {
			test_fail(__FILE__, __LINE__, "pieces or cards lost "
			    "at %s, seed %u: %s", ds[0].step, seed,
			    ren_test_events(&t));
			break;
		}
		for (size_t e = 0; e < t.dice.nlog; e++) {
			draws_total++;
			draws_unnamed += t.dice.log[e].purpose == NULL ||
			    t.dice.log[e].purpose[0] == '\0';
		}
		dice_log_clear(&t.dice);
		if (t.dice.error != NULL) {
			test_fail(__FILE__, __LINE__, "dice: %s",
			    t.dice.error);
			break;
		}
	}
	CHECK_INT(bad, 0);
	CHECK_INT(t.st.phase, RPH_OVER);
	CHECK(t.st.nwinners >= 1);
	CHECK(steps < 5000);
	*turns = t.st.turn;
	memcpy(&last_state, &t.st, sizeof(last_state));
	sb_release(&err);
	ren_test_game_release(&t);
}

/* RR38's defaults alone play a game to its end (RR36): nobody buys a
   token, so the deck runs out through the draws */
TEST(ren_turn_default_games)
{
	int turns, n;

	final_plays = 0;
	for (n = REN_MIN_PLAYERS; n <= REN_MAX_PLAYERS; n++) {
		play_game(n, 3, 11u * (unsigned)n, 0, &turns);
		CHECK(turns > 5);
	}
	/* the 3-player game ends in Chaos for all at turn 15: cards pile
	   up unplayed and stabilization outgrows the income; the others
	   reach the final card play when the last pile runs out */
	CHECK_INT(final_plays, 3);
}

/* Forty games of the small player, 3-6 players, one to three epochs */
TEST(ren_turn_random_games)
{
	int g, turns;

	final_plays = 0;
	memset(counts, 0, sizeof(counts));
	for (g = 0; g < 40; g++)
		play_game(REN_MIN_PLAYERS + g % 4, 1 + g % 3, 1000u + (unsigned)g,
		    1, &turns);
	/* every game reaches its final card play, and the games hold the
	   whole turn: placements, competitions won and lost, advances,
	   wars of the final play (measured: 353, 59, 49, 375, 120) */
	CHECK_INT(final_plays, 40);
	CHECK(counts[0] >= 100);
	CHECK(counts[1] >= 20);
	CHECK(counts[2] >= 20);
	CHECK(counts[3] >= 100);
	CHECK(counts[5] >= 10);
}

/* The first steps of a game, as a report would list them */
TEST(ren_turn_steps)
{
	struct ren_test_game t;
	struct ren_decision ds[REN_MAX_PLAYERS];
	struct ren_item it[2];
	struct strbuf err;
	int p;

	ren_test_game_init(&t, 3);
	ren_state_init(&t.st, ren_test_ruleset(), 3, 0, 3);
	sb_init(&err);
	ren_start(&t.c);
	CHECK_INT(ren_pending(&t.st, ds, REN_MAX_PLAYERS), 3);
	CHECK_STR(ds[0].step, "T0.CAPITAL");
	CHECK_INT(parse("tokens 3", &it[0], &err), 0);
	CHECK_INT(ren_apply(&t.c, 0, it, 1, &err), -1);
	CHECK_STR(err.buf, "line 0 does not answer T0.CAPITAL");
	for (p = 0; p < 3; p++)
		CHECK_INT(ren_apply_default(&t.c, p), 0);
	CHECK_INT(ren_pending(&t.st, ds, REN_MAX_PLAYERS), 3);
	CHECK_STR(ds[0].step, "T0.EURO");
	for (p = 0; p < 3; p++)
		CHECK_INT(ren_apply_default(&t.c, p), 0);
	CHECK_INT(ren_pending(&t.st, ds, REN_MAX_PLAYERS), 3);
	CHECK_STR(ds[0].step, "T1.ORDER");
	/* the bids stay sealed until all are in */
	CHECK_INT(parse("tokens 5", &it[0], &err), 0);
	CHECK_INT(ren_apply(&t.c, 1, it, 1, &err), 0);
	CHECK_INT(t.st.p[1].expansion, 0);
	CHECK_INT(ren_apply(&t.c, 1, it, 1, &err), -1);
	CHECK_INT(ren_apply_default(&t.c, 0), 0);
	CHECK_INT(ren_apply_default(&t.c, 2), 0);
	CHECK_INT(t.st.p[1].expansion, 5);
	CHECK_INT(t.st.order[2], 1);
	/* no markers in turn 1: the draw is made, the buy phase has no
	   holders of V or P, so the play phase waits for the first */
	CHECK_INT(ren_pending(&t.st, ds, REN_MAX_PLAYERS), 1);
	CHECK_STR(ds[0].step, "T1.PLAY");
	CHECK_INT(ren_hand_size(&t.st, 1), 3);
	sb_release(&err);
	ren_test_game_release(&t);
}

/* RR40: every die and shuffle comes from the game's generator with its
   purpose, so a game is the same game again from the same seed */
TEST(ren_turn_replays_from_the_seed)
{
	struct ren_state first;
	int turns;

	draws_total = draws_unnamed = 0;
	play_game(5, 2, 4242u, 1, &turns);
	memcpy(&first, &last_state, sizeof(first));
	CHECK(draws_total > 100);	/* 152 measured */
	CHECK_INT(draws_unnamed, 0);
	play_game(5, 2, 4242u, 1, &turns);
	CHECK(memcmp(&first, &last_state, sizeof(first)) == 0);
	/* another seed, another game */
	play_game(5, 2, 4243u, 1, &turns);
	CHECK(memcmp(&first, &last_state, sizeof(first)) != 0);
}

/* RR12: one pass; an open War is rolled at the start of each later
   player's part of the play phase (RR16) */
TEST(ren_turn_war_rolled_at_each_part)
{
	struct ren_test_game t;
	struct ren_item it;
	struct strbuf err;
	unsigned dice[] = { FACE(3), FACE(3), FACE(6), FACE(1) };

	ren_test_game_init(&t, 3);
	sb_init(&err);
	t.st.phase = RPH_PLAY;
	t.st.actor = 0;
	t.st.part_begun = 1;
	ren_test_card(&t, 0, "war");
	CHECK_INT(parse("play war on genoa", &it, &err), 0);
	ren_test_dice(&t, dice, 4);
	CHECK_INT(ren_apply(&t.c, 0, &it, 1, &err), 0);
	/* 3 against 3: open, then Genoa's part begins: 6 against 1 */
	CHECK_INT(t.st.war_a, -1);
	CHECK_INT(t.st.actor, 1);
	CHECK_CONTAINS(ren_test_events(&t), "The War between Venice and "
	    "Genoa stays open (RR16).");
	CHECK_CONTAINS(ren_test_events(&t), "Venice wins the War against "
	    "Genoa by 5 (RR16).");
	sb_release(&err);
	ren_test_game_release(&t);
}

/*
 * RR39, reading 4: a PLAY line not carried out leaves its card in the
 * hand, and its reason names it ("War! names another player"): the others
 * learn that the line was not carried out, its player why; the order's
 * text is his (order_secret_at).  Readings 2 and 3 (the current reading
 * of a release) told everyone, and their games keep doing so.
 */
TEST(ren_turn_card_line_skipped_privately)
{
	struct ren_test_game t;
	struct ren_item it;
	struct strbuf err;
	size_t k;
	int reading, leaked, told;

	for (reading = 2; reading <= 4; reading++) {
		ren_test_game_init(&t, 3);
		sb_init(&err);
		t.st.reading = reading;
		t.st.phase = RPH_PLAY;
		t.st.actor = 0;
		t.st.part_begun = 1;
		ren_test_card(&t, 0, "war");
		CHECK_INT(parse("play war on venice", &it, &err), 0);
		it.line = 1;
		CHECK_INT(ren_apply(&t.c, 0, &it, 1, &err), 0);
		CHECK(t.st.p[0].hand & ((uint64_t)1 << RCARD("war")));
		leaked = told = 0;
		for (k = 0; k < t.j.n; k++) {
			if (strstr(t.j.ev[k].text, "War!") == NULL)
				continue;
			if (t.j.ev[k].to == NO_COUNTRY)
				leaked++;
			else if (t.j.ev[k].to == 0)
				told++;
		}
		CHECK_CONTAINS(ren_test_events(&t), reading >= 4 ?
		    "Venice's line 1 is not carried out (why is in Venice's "
		    "report, RR39)." : "Venice's line 1 is not carried out: "
		    "War! names another player (RR13).");
		CHECK_INT(leaked, reading >= 4 ? 0 : 1);
		CHECK_INT(told, reading >= 4 ? 1 : 0);
		sb_release(&err);
		ren_test_game_release(&t);
	}
}

/* RR8: a standing SWAP, sent with the token bid, is made at the start of
   its phase; without Renaissance it lapses with the reason */
TEST(ren_turn_renaissance_swap)
{
	struct ren_test_game t;
	struct ren_item it[2];
	struct strbuf err;

	ren_test_game_init(&t, 3);
	sb_init(&err);
	t.st.phase = RPH_TOKEN_BID;
	ren_test_adv(&t, 2, 'Q');
	CHECK_INT(parse("tokens 0", &it[0], &err), 0);
	CHECK_INT(ren_apply(&t.c, 0, it, 1, &err), 0);
	CHECK_INT(ren_apply(&t.c, 1, it, 1, &err), 0);
	CHECK_INT(parse("swap up play", &it[1], &err), 0);
	CHECK_INT(parse("tokens 0", &it[0], &err), 0);
	CHECK_INT(ren_apply(&t.c, 2, it, 2, &err), 0);
	/* equal bids: Barcelona, allotted last, plays first (RR7); then
	   Genoa, Venice. No one holds V or P, so the play phase starts */
	CHECK_INT(t.st.phase, RPH_PLAY);
	CHECK_INT(t.st.order[0], 2);
	CHECK_CONTAINS(ren_test_events(&t), "Barcelona plays first");
	/* Barcelona is first already: nobody stands before him */
	CHECK_CONTAINS(ren_test_events(&t), "Barcelona's SWAP lapses this "
	    "turn: nobody stands before Barcelona in the order of play "
	    "(RR8).");
	/* SWAP DOWN at the purchase: Barcelona and Genoa change places
	   and display boxes; the play phase's parts go by */
	CHECK_INT(parse("swap down purchase", &it[0], &err), 0);
	CHECK_INT(ren_apply(&t.c, 2, it, 1, &err), 0);
	CHECK_INT(ren_apply(&t.c, 1, it, 0, &err), 0);
	CHECK_INT(ren_apply(&t.c, 0, it, 0, &err), 0);
	CHECK_INT(t.st.phase, RPH_PURCHASE);
	CHECK_INT(t.st.order[0], 1);
	CHECK_INT(t.st.order[1], 2);
	CHECK_INT(t.st.p[2].box, 4);
	CHECK_CONTAINS(ren_test_events(&t), "Barcelona uses Renaissance and "
	    "changes places with Genoa (RR8).");
	sb_release(&err);
	ren_test_game_release(&t);
}

/* The next line of a form from *p into buf, its '#' comment (kept in
   note when not NULL, "" without one) and the spaces before it cut,
   blank lines skipped; 0 at the form's end */
static int
form_line(char **p, char *buf, size_t size, char *note)
{
	char *nl, *hash;
	size_t len;

	for (; (nl = strchr(*p, '\n')) != NULL; *p = nl + 1) {
		len = (size_t)(nl - *p);
		if (len >= size)
			len = size - 1;
		memcpy(buf, *p, len);
		buf[len] = '\0';
		if (note != NULL)
			note[0] = '\0';
		if ((hash = strchr(buf, '#')) != NULL) {
			if (note != NULL)
				memcpy(note, hash, strlen(hash) + 1);
			*hash = '\0';
		}
		len = strlen(buf);
		while (len > 0 && buf[len - 1] == ' ')
			buf[--len] = '\0';
		if (len > 0) {
			*p = nl + 1;
			return 1;
		}
	}
	return 0;
}

/* The order form's lines: each parses (the part before '#'), so what the
   form offers is what the parser takes */
static int
form_parses(const struct ren_state *st, const struct ren_decision *d,
    struct strbuf *form)
{
	struct strbuf err;
	struct ren_item it;
	char buf[256], *p;
	int bad = 0;

	sb_reset(form);
	ren_choices(st, d, form);
	sb_init(&err);
	for (p = form->buf; form_line(&p, buf, sizeof(buf), NULL);) {
		sb_reset(&err);
		if (ren_parse_line(st->rs, buf, &it, &err) != 0) {
			test_fail(__FILE__, __LINE__, "form line '%s': %s", buf,
			    err.buf);
			bad++;
		}
	}
	sb_release(&err);
	return bad;
}

TEST(ren_choices_forms)
{
	struct ren_test_game t;
	struct ren_decision d;
	struct strbuf form;

	ren_test_game_init(&t, 3);
	sb_init(&form);
	d.player = 1;
	/* expansion: Genoa with 5 tokens reaches Milan (3), Lyons (4),
	   Marseilles (5), Florence and Rome (4), not Montpellier */
	t.st.p[1].expansion = 5;
	ren_test_dom(&t, 2, "marseilles");
	d.kind = RD_EXPANSION;
	CHECK_INT(form_parses(&t.st, &d, &form), 0);
	CHECK_CONTAINS(form.buf, "PLACE 3 IN Milan\n");
	CHECK_CONTAINS(form.buf, "PLACE 4 IN Lyons\n");
	CHECK(strstr(form.buf, "Montpellier") == NULL);
	/* Barcelona's Marseilles needs 10: not offered with 5 */
	CHECK(strstr(form.buf, "ATTACK Marseilles") == NULL);
	t.st.p[1].expansion = 10;
	CHECK_INT(form_parses(&t.st, &d, &form), 0);
	CHECK_CONTAINS(form.buf, "ATTACK Marseilles  # 10 tokens (RR28)");
	/* purchase: what he can afford, with its price */
	d.kind = RD_PURCHASE;
	t.st.p[1].cash = 40;
	CHECK_INT(form_parses(&t.st, &d, &form), 0);
	CHECK_CONTAINS(form.buf, "ADVANCE R  # Overland East, $40 (RR20)");
	CHECK(strstr(form.buf, "ADVANCE W") == NULL);
	CHECK(strstr(form.buf, "ADVANCE O") == NULL);	/* needs N */
	CHECK_CONTAINS(form.buf, "UPGRADE  # $10 (RR23)");
	/* play: the cards held, with their choices */
	d.kind = RD_PLAY;
	ren_test_card(&t, 1, "cloth-wine-1");
	ren_test_card(&t, 1, "war");
	CHECK_INT(form_parses(&t.st, &d, &form), 0);
	CHECK_CONTAINS(form.buf, "PLAY cloth-wine-1 FOR Wine\n");
	CHECK_CONTAINS(form.buf, "PLAY war ON Venice\n");
	CHECK(strstr(form.buf, "PLAY war ON Genoa") == NULL);
	d.kind = RD_CAPITAL_BID;
	CHECK_INT(form_parses(&t.st, &d, &form), 0);
	CHECK_CONTAINS(form.buf, "RANK Venice, Genoa, Barcelona");
	sb_release(&form);
	ren_test_game_release(&t);
}

/* The dollar amount after the n-th '$' of s (n from 0), or -1 */
static int
nth_dollar(const char *s, int n)
{
	for (; (s = strchr(s, '$')) != NULL; s++)
		if (n-- == 0)
			return atoi(s + 1);
	return -1;
}

/* An ADVANCE line carried out as its comment says (reading 3, RR19,
   RR20): with claims, each "CLAIM id" the comment names first, as its
   own order line; then the advance, which must cost what the comment
   prints: the price after "or" and before "with" when claims are named,
   else the first.  0, or -1 with err. */
static int
form_advance(struct ren_ctx *c, int player, int adv, const char *note,
    int claims, struct strbuf *err)
{
	struct ren_state *st = c->st;
	const char *q;
	uint64_t claimed = 0;
	struct ren_item it;
	char claim[128];
	int cash, want, l, r;

	want = nth_dollar(note, 0);
	/* "only after ADVANCE N ($30)": N bought first */
	q = strstr(note, " only after ");
	for (; q != NULL && (q = strstr(q, "ADVANCE ")) != NULL; q += 8) {
		snprintf(claim, sizeof(claim), "ADVANCE %.*s",
		    (int)strcspn(q + 8, " )"), q + 8);
		if (ren_parse_line(st->rs, claim, &it, err) != 0 ||
		    ren_buy_advance(c, player, it.a, 0, err) != 0)
			return -1;
	}
	for (q = note; claims && (q = strstr(q, "CLAIM ")) != NULL; q += 6) {
		snprintf(claim, sizeof(claim), "CLAIM %.*s",
		    (int)strcspn(q + 6, " )"), q + 6);
		if (ren_parse_line(st->rs, claim, &it, err) != 0)
			return -1;
		for (l = 0; l < st->nleaders; l++)
			if (st->leaders[l].card == it.a)
				break;
		if (l == st->nleaders || ren_claim(c, player, l, err) != 0)
			return -1;
		claimed |= (uint64_t)1 << l;
		want = nth_dollar(note, strstr(note, ", or $") ? 1 : 0);
	}
	cash = st->p[player].cash;
	r = ren_buy_advance(c, player, adv, claimed, err);
	if (r == 0 && cash - st->p[player].cash != want) {
		sb_addf(err, "it cost $%d, not the $%d printed",
		    cash - st->p[player].cash, want);
		r = -1;
	}
	return r;
}

/* Issue 20 point 3: each line of the form is legal now.  Every line is
   carried out on its own copy of the state, by the function the phase
   would call; returns the number of lines refused, each reported. */
static int
form_legal(struct ren_test_game *t, const struct ren_decision *d,
    struct strbuf *form)
{
	struct ren_state *copy = xmalloc(sizeof(*copy));
	struct ren_ctx c = { copy, &t->dice, NULL };
	struct strbuf err;
	struct ren_item it;
	char buf[256], note[256], *p;
	int bad = 0, r, l, cash;

	sb_reset(form);
	ren_choices(&t->st, d, form);
	sb_init(&err);
	for (p = form->buf; form_line(&p, buf, sizeof(buf), note);) {
		sb_reset(&err);
		if (ren_parse_line(t->st.rs, buf, &it, &err) != 0) {
			test_fail(__FILE__, __LINE__, "form line '%s': %s", buf,
			    err.buf);
			bad++;
			continue;
		}
		memcpy(copy, &t->st, sizeof(*copy));
		switch (it.kind) {
		case RI_PLAY:
			r = ren_play_card_with(&c, d->player, it.a, &it.play,
			    &err);
			break;
		case RI_UPGRADE:
			r = ren_ship_upgrade(&c, d->player, &err);
			break;
		case RI_CLAIM:
			for (l = 0; l < copy->nleaders; l++)
				if (copy->leaders[l].card == it.a)
					break;
			r = ren_claim(&c, d->player, l, &err);
			break;
		case RI_ADVANCE:
			r = form_advance(&c, d->player, it.a, note, 1, &err);
			/* "$40, or $20 with CLAIM ...": $40 without */
			if (r == 0 && strstr(note, ", or $") != NULL) {
				memcpy(copy, &t->st, sizeof(*copy));
				r = form_advance(&c, d->player, it.a, note, 0,
				    &err);
			}
			break;
		case RI_PAY:
			r = ren_stabilization_cost(copy, d->player) <=
			    copy->p[d->player].cash ? 0 : -1;
			break;
		case RI_RELIEF:
			/* reading 3, RR19: alone, after the default
			   stabilization; the price printed is the one paid */
			if (copy->reading >= 3)
				ren_stabilize(&c, d->player, 1);
			cash = copy->p[d->player].cash;
			r = ren_relief(&c, d->player, it.n, &err);
			cash -= copy->p[d->player].cash;
			if (r == 0 && copy->reading >= 3 &&
			    cash != nth_dollar(note, 0)) {
				sb_addf(&err, "it cost $%d, not the $%d printed",
				    cash, nth_dollar(note, 0));
				r = -1;
			}
			break;
		case RI_RELEASE:
			r = ren_release(&c, d->player, it.a, &err);
			break;
		case RI_REMOVE:
			r = ren_remove_marker(&c, d->player, it.a, it.flag,
			    &err);
			break;
		case RI_PLACE:
			r = ren_place(&c, d->player, it.a, it.n, &err);
			break;
		case RI_ATTACK:
			r = ren_attack_check(copy, d->player, it.a, it.n, &err);
			r = r > 0 ? 0 : -1;
			/* RR31: TRADE is tried when the attack is won, as the
			   expansion script does; a trade refused is a line
			   skipped */
			if (r == 0 && it.trade > 0) {
				r = ren_attack(&c, d->player, it.a, it.n, it.flag,
				    &err);
				r = r < 0 ? -1 : r == 1 && copy->beaten >= 0 ?
				    ren_windmill(&c, d->player, it.a,
				    it.trade - 1, &err) : 0;
			}
			break;
		case RI_BUY_CARD:
			r = d->kind == RD_BUY ? ren_buy_card(&c, d->player,
			    &err) : ren_buy_card_tokens(&c, d->player, &err);
			break;
		default:
			r = 0;
			break;
		}
		if (r != 0) {
			test_fail(__FILE__, __LINE__, "form line '%s' is not "
			    "legal: %s", buf, err.buf);
			bad++;
		}
	}
	sb_release(&err);
	free(copy);
	return bad;
}

/* Issue 20 point 3: the play form lists only the victims, areas and
   provinces a card may name now (RR13, RR16, RR18) */
TEST(ren_choices_play_form_legal)
{
	struct ren_test_game t;
	struct ren_decision d;
	struct strbuf form;
	static const char *const cards[] = {
		"alchemists-gold", "civil-war", "war", "rebellion",
		"the-crusades", "black-death", "pirates-vikings"
	};
	int k;

	ren_test_game_init(&t, 3);
	sb_init(&form);
	d.player = 0;
	d.kind = RD_PLAY;
	for (k = 0; k < (int)ARRAY_SIZE(cards); k++)
		ren_test_card(&t, 0, cards[k]);
	ren_test_adv(&t, 1, 'C');		/* Genoa: Laws of Matter */
	t.st.p[2].enlightened = 1;		/* Barcelona: Enlightened Ruler */
	ren_test_dom(&t, 1, "milan");
	ren_test_dom(&t, 2, "valencia");
	CHECK_INT(form_legal(&t, &d, &form), 0);
	CHECK(strstr(form.buf, "PLAY alchemists-gold ON Genoa") == NULL);
	CHECK(strstr(form.buf, "PLAY alchemists-gold ON Barcelona") == NULL);
	CHECK_CONTAINS(form.buf, "PLAY alchemists-gold ON Venice\n");
	CHECK(strstr(form.buf, "PLAY civil-war ON Barcelona") == NULL);
	CHECK_CONTAINS(form.buf, "PLAY civil-war ON Genoa\n");
	CHECK_CONTAINS(form.buf, "PLAY war ON Barcelona\n");
	CHECK(strstr(form.buf, "PLAY war ON Venice") == NULL);
	/* Rebellion: Milan, never Genoa's or Barcelona's capital, nor
	   Valencia under Enlightened Ruler */
	CHECK_CONTAINS(form.buf, "PLAY rebellion IN Milan\n");
	CHECK_CONTAINS(form.buf, "PLAY rebellion IN Venice\n");
	CHECK(strstr(form.buf, "PLAY rebellion IN Genoa") == NULL);
	CHECK(strstr(form.buf, "PLAY rebellion IN Valencia") == NULL);
	CHECK_CONTAINS(form.buf, "PLAY the-crusades IN Acre\n");
	CHECK(strstr(form.buf, "PLAY the-crusades IN Milan") == NULL);
	CHECK_CONTAINS(form.buf, "PLAY black-death IN VII\n");
	CHECK(strstr(form.buf, "PLAY black-death IN III") == NULL);
	CHECK_CONTAINS(form.buf, "PLAY pirates-vikings IN Valencia\n");
	CHECK(strstr(form.buf, "PLAY pirates-vikings IN Milan") == NULL);
	/* epoch 2, reading 2: two provinces, one legal line and the
	   candidates (reading 3: ren_choices_pirates_form_sets) */
	t.st.epoch = 2;
	t.st.reading = 2;
	CHECK_INT(form_legal(&t, &d, &form), 0);
	CHECK_CONTAINS(form.buf, "PLAY pirates-vikings IN Barcelona, "
	    "Valencia\n#   2 of: Barcelona, Valencia, Genoa, Venice\n");
	CHECK(strstr(form.buf, "PLAY pirates-vikings IN Genoa, Venice") ==
	    NULL);
	t.st.reading = 3;
	/* an open War: no second one */
	t.st.war_a = 1;
	t.st.war_b = 2;
	CHECK_INT(form_legal(&t, &d, &form), 0);
	CHECK(strstr(form.buf, "PLAY war ON") == NULL);
	CHECK_CONTAINS(form.buf, "# war has no legal choice now (RR13)");
	sb_release(&form);
	ren_test_game_release(&t);
}

/* The number of lines of the form that start with prefix */
static int
form_count(const char *form, const char *prefix)
{
	const char *q;
	int n = 0;

	for (q = form; q != NULL && *q; q = strchr(q, '\n'), q = q ? q + 1 :
	    NULL)
		n += strncmp(q, prefix, strlen(prefix)) == 0;
	return n;
}

/* RR18, reading 3: Pirates/Vikings names 1, 2 or 3 different coastal
   provinces holding a marker by the epoch; the form has a line for each
   set, as Rebellion's has one for each province (reading 2: one line and
   the candidates), at most as many lines as the map has provinces */
TEST(ren_choices_pirates_form_sets)
{
	struct ren_test_game t;
	struct ren_decision d;
	struct strbuf form;
	static const char *const more[] = {
		"marseilles", "naples", "bordeaux", "hamburg", "london",
		"danzig"
	};
	int k;

	ren_test_game_init(&t, 3);
	sb_init(&form);
	d.player = 0;
	d.kind = RD_PLAY;
	ren_test_card(&t, 0, "pirates-vikings");
	ren_test_dom(&t, 1, "milan");		/* inland */
	ren_test_dom(&t, 2, "valencia");
	/* the capitals and Valencia: 4 coastal markers */
	CHECK_INT(form_legal(&t, &d, &form), 0);
	CHECK_INT(form_count(form.buf, "PLAY pirates-vikings IN "), 4);
	t.st.epoch = 2;
	CHECK_INT(form_legal(&t, &d, &form), 0);
	CHECK_CONTAINS(form.buf,
	    "PLAY pirates-vikings IN Barcelona, Valencia\n"
	    "PLAY pirates-vikings IN Barcelona, Genoa\n"
	    "PLAY pirates-vikings IN Barcelona, Venice\n"
	    "PLAY pirates-vikings IN Valencia, Genoa\n"
	    "PLAY pirates-vikings IN Valencia, Venice\n"
	    "PLAY pirates-vikings IN Genoa, Venice\n"
	    "NONE\n");
	CHECK_INT(form_count(form.buf, "PLAY pirates-vikings IN "), 6);
	CHECK(strstr(form.buf, "Milan") == NULL);
	t.st.epoch = 3;
	CHECK_INT(form_legal(&t, &d, &form), 0);
	CHECK_CONTAINS(form.buf,
	    "PLAY pirates-vikings IN Barcelona, Valencia, Genoa\n"
	    "PLAY pirates-vikings IN Barcelona, Valencia, Venice\n"
	    "PLAY pirates-vikings IN Barcelona, Genoa, Venice\n"
	    "PLAY pirates-vikings IN Valencia, Genoa, Venice\n"
	    "NONE\n");
	/* fewer markers than the epoch's number: all there are (RR18) */
	t.st.dom[RP("valencia")] = -1;
	t.st.dom[RP("barcelona")] = -1;
	CHECK_INT(form_legal(&t, &d, &form), 0);
	CHECK_CONTAINS(form.buf, "PLAY pirates-vikings IN Genoa, Venice\n"
	    "NONE\n");
	CHECK_INT(form_count(form.buf, "PLAY pirates-vikings IN "), 1);
	/* 10 markers in epoch 3: 120 sets, as many listed as the data
	   file has provinces (109, Loire of the revised map included) and
	   the rest counted */
	ren_test_dom(&t, 2, "valencia");
	ren_test_dom(&t, 2, "barcelona");
	for (k = 0; k < (int)ARRAY_SIZE(more); k++)
		ren_test_dom(&t, k % 3, more[k]);
	CHECK_INT(form_legal(&t, &d, &form), 0);
	CHECK_INT(form_count(form.buf, "PLAY pirates-vikings IN "),
	    t.st.rs->nprovinces);
	CHECK_INT(t.st.rs->nprovinces, 109);
	CHECK_CONTAINS(form.buf, "# and 11 more: any 3 of Danzig, Hamburg, "
	    "London, Barcelona, Valencia, Bordeaux, Genoa, Marseilles, "
	    "Naples, Venice\nNONE\n");
	sb_release(&form);
	ren_test_game_release(&t);
}

/* Issue 20 point 3: the purchase and expansion forms list only what can
   be done now: no upgrade past the display (RR23), PAY only when the cash
   covers it (RR21), no overseas box past the Ocean level (RR26), no attack
   on a market without a marker on the mat (RR29); coexistence offered
   (RR27, seed 5.6.3's Bordeaux example) */
TEST(ren_choices_purchase_expansion_forms_legal)
{
	struct ren_test_game t;
	struct ren_decision d;
	struct strbuf form;
	int k;

	ren_test_game_init(&t, 6);
	sb_init(&form);
	d.player = 4;				/* London */
	d.kind = RD_PURCHASE;
	t.st.p[4].ship_row = SHIP_GALLEYS;
	t.st.p[4].ship_level = 3;		/* Galleys 8 */
	for (k = 0; k < 6; k++)
		t.st.p[4].hand |= (uint64_t)1 << k;	/* $21 */
	t.st.p[4].cash = 20;
	CHECK_INT(form_legal(&t, &d, &form), 0);
	CHECK(strstr(form.buf, "UPGRADE") == NULL);
	CHECK(strstr(form.buf, "PAY ") == NULL);
	CHECK_CONTAINS(form.buf, "# stabilization $21 for 6 cards is more "
	    "than his $20 (RR21)");
	CHECK_CONTAINS(form.buf, "REFUSE");
	t.st.p[4].ship_level = 2;
	t.st.p[4].cash = 30;
	CHECK_INT(form_legal(&t, &d, &form), 0);
	CHECK_CONTAINS(form.buf, "UPGRADE  # $10 (RR23)");
	CHECK_CONTAINS(form.buf, "PAY  # stabilization $21");
	/* expansion: Ocean Navigation 1 with a piece in China */
	t.st.p[4].hand = 0;
	d.kind = RD_EXPANSION;
	ren_test_adv(&t, 4, 'A');
	ren_test_adv(&t, 4, 'S');
	ren_test_adv(&t, 4, 'T');
	t.st.p[4].ship_row = SHIP_OCEAN;
	t.st.p[4].ship_level = 0;
	ren_test_tok(&t, 4, "china", 1);
	t.st.p[4].expansion = 12;
	CHECK_INT(form_legal(&t, &d, &form), 0);
	CHECK_CONTAINS(form.buf, "PLACE 4 IN China\n");
	CHECK(strstr(form.buf, "IN India") == NULL);
	CHECK(strstr(form.buf, "IN East Indies") == NULL);
	/* Bordeaux: two of Barcelona's tokens; London may join with two
	   or attack with six */
	ren_test_dom(&t, 4, "basque");
	ren_test_tok(&t, 2, "bordeaux", 2);
	CHECK_INT(form_legal(&t, &d, &form), 0);
	CHECK_CONTAINS(form.buf, "PLACE 2 IN Bordeaux\n");
	CHECK_CONTAINS(form.buf, "ATTACK Bordeaux  # 6 tokens (RR28)\n");
	CHECK(strstr(form.buf, "CATHEDRAL") == NULL);
	/* reading 3, RR30: a Cathedral holder may declare it (reading 2
	   did not list the line) */
	ren_test_adv(&t, 4, 'F');
	ren_test_adv(&t, 4, 'H');
	CHECK_INT(form_legal(&t, &d, &form), 0);
	CHECK_CONTAINS(form.buf, "ATTACK Bordeaux  # 6 tokens (RR28)\n"
	    "ATTACK Bordeaux CATHEDRAL  # 6 tokens; Cathedral wins it unless "
	    "a defender there holds Cathedral or he used it against one this "
	    "turn (RR30)\n");
	t.st.reading = 2;
	CHECK_INT(form_legal(&t, &d, &form), 0);
	CHECK(strstr(form.buf, "CATHEDRAL") == NULL);
	t.st.reading = 3;
	/* RR31, reading 3: Wind/Watermill's TRADE with each card of his
	   hand, on an attack on a marker whose owner holds a card, when
	   the market number's tokens are left after the attack */
	ren_test_adv(&t, 4, 'I');
	ren_test_adv(&t, 4, 'J');
	ren_test_card(&t, 4, "war");
	ren_test_card(&t, 4, "stone-1a");
	ren_test_card(&t, 2, "famine");
	CHECK_INT(form_legal(&t, &d, &form), 0);
	/* Barcelona's capital: 9 tokens of his 12, 3 left for market 3 */
	CHECK_CONTAINS(form.buf, "ATTACK Barcelona TRADE stone-1a  # 9 "
	    "tokens, then 3 for Wind/Watermill if he wins (RR31)\n"
	    "ATTACK Barcelona TRADE war  # 9 tokens, then 3 for "
	    "Wind/Watermill if he wins (RR31)\n");
	CHECK(strstr(form.buf, "ATTACK Bordeaux TRADE") == NULL);
	ren_test_dom(&t, 2, "bordeaux");	/* a marker there now */
	CHECK_INT(form_legal(&t, &d, &form), 0);
	CHECK_CONTAINS(form.buf, "ATTACK Bordeaux TRADE stone-1a  # ");
	CHECK_CONTAINS(form.buf, "ATTACK Bordeaux TRADE war  # ");
	/* 10 tokens: none left for Barcelona's trade */
	t.st.p[4].expansion = 10;
	CHECK_INT(form_legal(&t, &d, &form), 0);
	CHECK(strstr(form.buf, "ATTACK Barcelona TRADE") == NULL);
	t.st.p[4].expansion = 12;
	t.st.p[4].windmill_tried = 1;
	CHECK_INT(form_legal(&t, &d, &form), 0);
	CHECK(strstr(form.buf, "TRADE") == NULL);
	t.st.p[4].windmill_tried = 0;
	t.st.reading = 2;
	CHECK_INT(form_legal(&t, &d, &form), 0);
	CHECK(strstr(form.buf, "TRADE") == NULL);
	t.st.reading = 3;
	t.st.dom[RP("bordeaux")] = -1;
	t.st.p[2].mat++;
	/* no marker on his mat: no attack on a market, no dominance */
	t.st.p[4].mat = 0;
	CHECK_INT(form_legal(&t, &d, &form), 0);
	CHECK(strstr(form.buf, "ATTACK Bordeaux") == NULL);
	CHECK_CONTAINS(form.buf, "PLACE 2 IN Bordeaux\n");
	/* reading 3, RR29: a RELEASE of each of his colored markers frees
	   one (reading 2 did not list them) */
	CHECK_CONTAINS(form.buf, "# no marker on his mat: a RELEASE first "
	    "frees one for a market (RR29)\nRELEASE London  # a token of his "
	    "stays there (RR29)\nRELEASE Basque  # a token of his stays "
	    "there (RR29)\n");
	t.st.reading = 2;
	CHECK_INT(form_legal(&t, &d, &form), 0);
	CHECK(strstr(form.buf, "RELEASE") == NULL);
	t.st.reading = 3;
	/* a marker placed this turn is not released, nor without a token
	   in stock */
	t.st.dom_new[RP("basque")] = 1;
	CHECK_INT(form_legal(&t, &d, &form), 0);
	CHECK(strstr(form.buf, "RELEASE Basque") == NULL);
	t.st.p[4].stock = 0;
	CHECK_INT(form_legal(&t, &d, &form), 0);
	CHECK(strstr(form.buf, "RELEASE") == NULL);
	sb_release(&form);
	ren_test_game_release(&t);
}

/* RR15, RR19, RR20, reading 3: the purchase form's advance prices count
   the Patronage claims that lower them (seed 5.5.2.3's example: Anne
   played Charlemagne first, Greg Walter the Penniless with $10 on it;
   Anne may pay Greg $10 and have Overland East for $20, not $40); an
   advance only a claim makes affordable is listed with its claim.
   Reading 2 printed the price without claims. */
TEST(ren_choices_purchase_form_patronage)
{
	struct ren_test_game t;
	struct ren_decision d;
	struct strbuf form, err;

	ren_test_game_init(&t, 3);
	sb_init(&form);
	sb_init(&err);
	ren_test_card(&t, 0, "charlemagne");
	ren_test_card(&t, 1, "walter-the-penniless");
	CHECK_INT(ren_play_card(&t.c, 0, RCARD("charlemagne"), -1, -1, 0,
	    &err), 0);
	CHECK_INT(ren_play_card(&t.c, 1, RCARD("walter-the-penniless"), -1,
	    -1, 10, &err), 0);
	ren_test_adv(&t, 0, 'E');		/* Anne: Patronage */
	d.player = 0;
	d.kind = RD_PURCHASE;
	CHECK(t.st.reading >= 3);	/* the current reading prices claims */
	CHECK_INT(form_legal(&t, &d, &form), 0);
	CHECK_CONTAINS(form.buf, "CLAIM walter-the-penniless  # $10 to "
	    "Genoa (RR20)\n");
	CHECK_CONTAINS(form.buf, "ADVANCE W  # Nationalism, $40 (RR20)\n");
	CHECK_CONTAINS(form.buf, "ADVANCE R  # Overland East, $40, or $20 "
	    "with CLAIM walter-the-penniless ($10 to Genoa) (RR20)\n");
	/* $30: Overland East only with the claim, $10 + $20 */
	t.st.p[0].cash = 30;
	CHECK_INT(form_legal(&t, &d, &form), 0);
	CHECK_CONTAINS(form.buf, "ADVANCE R  # Overland East, $20 only with "
	    "CLAIM walter-the-penniless ($10 to Genoa) (RR20)\n");
	CHECK(strstr(form.buf, "ADVANCE W") == NULL);	/* $40 */
	/* Written Record: $10 more per leader card, claimed ones too
	   (RR15): $40 - 30 */
	ren_test_adv(&t, 0, 'N');
	CHECK_INT(form_legal(&t, &d, &form), 0);
	CHECK_CONTAINS(form.buf, "ADVANCE R  # Overland East, $10 only with "
	    "CLAIM walter-the-penniless ($10 to Genoa) (RR20)\n");
	CHECK_CONTAINS(form.buf, "ADVANCE W  # Nationalism, $30 (RR20)\n");
	/* reading 2: the price without claims, and nothing more */
	t.st.reading = 2;
	CHECK_INT(form_legal(&t, &d, &form), 0);
	CHECK(strstr(form.buf, "ADVANCE R") == NULL);
	CHECK_CONTAINS(form.buf, "ADVANCE W  # Nationalism, $30 (RR20)\n");
	t.st.p[0].cash = 40;
	CHECK_INT(form_legal(&t, &d, &form), 0);
	CHECK_CONTAINS(form.buf, "ADVANCE R  # Overland East, $40 (RR20)\n");
	/* a claim that costs what it saves is not offered: $30 on Walter
	   against a $30 discount */
	t.st.reading = 3;
	t.st.leaders[1].protection = 30;
	CHECK_INT(form_legal(&t, &d, &form), 0);
	CHECK_CONTAINS(form.buf, "ADVANCE R  # Overland East, $40 (RR20)\n");
	/* no Patronage held before this phase (RR20): no claim */
	t.st.leaders[1].protection = 10;
	t.st.p[0].bought_now |= 1u << ('E' - 'A');
	CHECK_INT(form_legal(&t, &d, &form), 0);
	CHECK(strstr(form.buf, "CLAIM") == NULL);
	CHECK_CONTAINS(form.buf, "ADVANCE R  # Overland East, $40 (RR20)\n");
	sb_release(&err);
	sb_release(&form);
	ren_test_game_release(&t);
}

/* RR20, seed 5.5.2.2 ("buy Written Record and then Printed Word in the
   same turn"), reading 3: an advance whose prerequisites he may buy
   first in the same list is offered with them, when his cash pays all;
   not one two steps away.  Reading 2 listed only advances whose
   prerequisites he held. */
TEST(ren_choices_purchase_form_prerequisites_first)
{
	struct ren_test_game t;
	struct ren_decision d;
	struct strbuf form;

	ren_test_game_init(&t, 3);
	sb_init(&form);
	d.player = 0;
	d.kind = RD_PURCHASE;
	t.st.p[0].cash = 89;
	CHECK_INT(form_legal(&t, &d, &form), 0);
	CHECK_CONTAINS(form.buf, "ADVANCE N  # Written Record, $30 (RR20)\n");
	CHECK(strstr(form.buf, "ADVANCE O") == NULL);	/* $30 + $60 */
	t.st.p[0].cash = 90;
	CHECK_INT(form_legal(&t, &d, &form), 0);
	CHECK_CONTAINS(form.buf, "ADVANCE O  # Printed Word, $60 only after "
	    "ADVANCE N ($30) (RR20)\n");
	CHECK(strstr(form.buf, "ADVANCE P") == NULL);	/* needs O, N */
	t.st.p[0].cash = 230;
	CHECK_INT(form_legal(&t, &d, &form), 0);
	CHECK_CONTAINS(form.buf, "ADVANCE T  # Ocean Navigation, $120 only "
	    "after ADVANCE A ($30) and ADVANCE S ($80) (RR20)\n");
	/* holding The Heavens: Seaworthy Vessels first only */
	ren_test_adv(&t, 0, 'A');
	CHECK_INT(form_legal(&t, &d, &form), 0);
	CHECK_CONTAINS(form.buf, "ADVANCE T  # Ocean Navigation, $120 only "
	    "after ADVANCE S ($80) (RR20)\n");
	/* Papal Decree's ban holds for the advance named */
	t.st.papal_ban = t.st.rs->advances[ADV('T')].category;
	CHECK_INT(form_legal(&t, &d, &form), 0);
	CHECK(strstr(form.buf, "ADVANCE T") == NULL);
	t.st.papal_ban = -1;
	t.st.reading = 2;
	CHECK_INT(form_legal(&t, &d, &form), 0);
	CHECK(strstr(form.buf, "ADVANCE T") == NULL);
	CHECK(strstr(form.buf, "ADVANCE O") == NULL);
	sb_release(&form);
	ren_test_game_release(&t);
}

/* Issue 20 point 3, reading 3: a form line sent alone is carried out.
   RR9: REMOVE only when his cash pays the marker's unit value (reading
   2 listed it and the line was skipped).  RR19, RR21, RR22, RR38: alone,
   a RELIEF line comes after the default stabilization, paid when his
   cash covers it, else taken as misery that moves relief's boxes; its
   price is counted from there (reading 2 counted it from before) */
TEST(ren_choices_remove_relief_forms_alone)
{
	struct ren_test_game t;
	struct ren_decision d;
	struct strbuf form;
	static const char tier[] = "AEINRV";
	int k;

	ren_test_game_init(&t, 3);
	sb_init(&form);
	d.player = 0;
	d.kind = RD_REMOVE;
	t.st.phase = RPH_DRAW;
	t.st.surplus[RCOM("spice")] = 1;
	t.st.shortage[RCOM("wool")] = 1;
	t.st.p[0].cash = 8;
	CHECK_INT(form_legal(&t, &d, &form), 0);
	CHECK_CONTAINS(form.buf, "REMOVE Wool SHORTAGE  # $2 (RR9)\n");
	CHECK_CONTAINS(form.buf, "# removing the Spice surplus marker costs "
	    "$9, more than his $8 (RR9)\n");
	CHECK(strstr(form.buf, "REMOVE Spice") == NULL);
	t.st.p[0].cash = 9;
	CHECK_INT(form_legal(&t, &d, &form), 0);
	CHECK_CONTAINS(form.buf, "REMOVE Spice SURPLUS  # $9 (RR9)\n");
	t.st.reading = 2;
	t.st.p[0].cash = 8;
	CHECK_INT(form_parses(&t.st, &d, &form), 0);
	CHECK_CONTAINS(form.buf, "REMOVE Spice SURPLUS  # $9 (RR9)\n");
	/* relief: one tier, misery 125, three cards ($6 stabilization) */
	t.st.reading = 3;
	d.kind = RD_PURCHASE;
	t.st.phase = RPH_PURCHASE;
	for (k = 0; tier[k]; k++)
		ren_test_adv(&t, 0, tier[k]);
	t.st.p[0].misery = 11;
	for (k = 0; k < 3; k++)
		t.st.p[0].hand |= (uint64_t)1 << k;
	t.st.p[0].cash = 30;
	CHECK_INT(form_legal(&t, &d, &form), 0);
	CHECK(strstr(form.buf, "RELIEF") == NULL);	/* $25 > 30 - 6 */
	t.st.p[0].cash = 31;
	CHECK_INT(form_legal(&t, &d, &form), 0);
	CHECK_CONTAINS(form.buf, "RELIEF 1  # $25 (RR22)\n");
	t.st.reading = 2;
	t.st.p[0].cash = 30;
	CHECK_INT(form_parses(&t.st, &d, &form), 0);
	CHECK_CONTAINS(form.buf, "RELIEF 1  # $25 (RR22)\n");
	/* eight cards, $36 unpaid from 100: two boxes up, to 150, where
	   one box of relief costs $25, not the $10 from 100 to 90 */
	for (k = 0; k < 8; k++)
		t.st.p[0].hand |= (uint64_t)1 << k;
	t.st.p[0].misery = 10;
	CHECK_INT(form_parses(&t.st, &d, &form), 0);
	CHECK_CONTAINS(form.buf, "RELIEF 1  # $10 (RR22)\n");
	t.st.reading = 3;
	CHECK_INT(form_legal(&t, &d, &form), 0);
	CHECK_CONTAINS(form.buf, "RELIEF 1  # $25 (RR22)\n");
	CHECK_INT(t.st.p[0].misery, 10);	/* the form changes nothing */
	sb_release(&form);
	ren_test_game_release(&t);
}

/* RR25, RR31: an expansion script; TRADE on a won attack tries
   Wind/Watermill; an illegal step is skipped and reported, the rest go
   on; leftover tokens go back to stock */
TEST(ren_turn_expansion_script)
{
	struct ren_test_game t;
	struct ren_item it[4];
	struct strbuf err;
	unsigned dice[] = { FACE(6), FACE(1), FACE(1), FACE(1), 0 };
	int stock;

	ren_test_game_init(&t, 3);
	sb_init(&err);
	t.st.phase = RPH_EXPANSION;
	t.st.actor = 1;
	t.st.part_begun = 2;
	ren_test_adv(&t, 1, 'J');
	ren_test_dom(&t, 2, "montpellier");
	ren_test_dom(&t, 1, "marseilles");
	ren_test_card(&t, 1, "famine");
	ren_test_card(&t, 2, "armor");
	t.st.p[1].expansion = 12;
	CHECK_INT(parse("place 2 in rome", &it[0], &err), 0);
	CHECK_INT(parse("attack montpellier trade famine", &it[1], &err), 0);
	CHECK_INT(parse("place 9 in milan", &it[2], &err), 0);
	CHECK_INT(parse("place 2 in lyons", &it[3], &err), 0);
	it[2].line = 3;
	ren_test_dice(&t, dice, 5);
	stock = t.st.p[1].stock;
	CHECK_INT(ren_apply(&t.c, 1, it, 4, &err), 0);
	CHECK_INT(t.st.dom[RP("montpellier")], 1);
	CHECK(t.st.p[1].hand & ((uint64_t)1 << RCARD("armor")));
	CHECK_CONTAINS(ren_test_events(&t), "Genoa's line 3 is not carried "
	    "out: Genoa has 4 expansion tokens, not 9.");
	CHECK_INT(t.st.tok_new[RP("lyons")][1], 2);
	/* 12 - 2 (Rome) - 4 (the attack, back to stock under the new
	   marker) - 2 (the trade) - 2 (Lyons): 2 left, back to stock */
	CHECK_INT(t.st.p[1].expansion, 0);
	CHECK_INT(t.st.p[1].stock, stock + 4 + 2 + 2);
	CHECK_INT(t.st.actor, 2);
	sb_release(&err);
	ren_test_game_release(&t);
}

/* RR36: the final card play plays every card with the default choices:
   the leading other player, his markers of the highest market number
   (for The Crusades in area VI, for Pirates/Vikings on a coast) */
TEST(ren_turn_final_play_defaults)
{
	struct ren_test_game t;
	struct strbuf err;

	ren_test_game_init(&t, 3);
	sb_init(&err);
	t.st.phase = RPH_FINAL_PLAY;
	t.st.actor = 0;
	t.st.epoch = 2;
	t.st.p[1].cash = 100;			/* Genoa leads */
	ren_test_dom(&t, 1, "acre");
	ren_test_dom(&t, 1, "naples");		/* coastal, 5 */
	ren_test_card(&t, 0, "the-crusades");
	ren_test_card(&t, 0, "pirates-vikings");
	ren_test_card(&t, 0, "armor");
	t.st.played_ever |= (uint64_t)1 << RCARD("long-bow");
	CHECK_INT(ren_apply(&t.c, 0, NULL, 0, &err), 0);
	/* the cards in the hand's order: Pirates in epoch 2 takes two of
	   Genoa's coastal markers of 5, by name Acre and Genoa, not
	   Naples; then The Crusades takes Acre */
	CHECK_INT(t.st.dom[RP("genoa")], REN_NOBODY);
	CHECK_INT(t.st.dom[RP("naples")], 1);
	CHECK_INT(t.st.dom[RP("acre")], 0);
	CHECK_INT(t.st.tok[RP("acre")][1], 0);
	CHECK_INT(t.st.p[0].hand, 0);
	CHECK_CONTAINS(ren_test_events(&t), "Venice's Armor is discarded "
	    "without effect (RR36).");
	sb_release(&err);
	ren_test_game_release(&t);
}

/* Deadline defaults until the first pending decision is at step, or
   none is; the journal then holds the last decision's events only. */
static void
defaults_until(struct ren_test_game *t, const char *step)
{
	struct ren_decision ds[REN_MAX_PLAYERS];
	int guard;

	for (guard = 0; guard < 2000; guard++) {
		if (ren_pending(&t->st, ds, REN_MAX_PLAYERS) == 0 ||
		    strcmp(ds[0].step, step) == 0)
			return;
		journal_clear(&t->j);
		CHECK_INT(ren_apply_default(&t->c, ds[0].player), 0);
	}
	CHECK(guard < 2000);
}

/* Where needle is in hay: its offset, or -1. */
static long
at(const char *hay, const char *needle)
{
	const char *p = strstr(hay, needle);

	return p != NULL ? (long)(p - hay) : -1;
}

/* The bids of step by default, the events of all kept. */
static void
bids_by_default(struct ren_test_game *t)
{
	struct ren_decision ds[REN_MAX_PLAYERS];
	int n, k;

	journal_clear(&t->j);
	n = ren_pending(&t->st, ds, REN_MAX_PLAYERS);
	for (k = 0; k < n; k++)
		CHECK_INT(ren_apply_default(&t->c, ds[k].player), 0);
}

/*
 * RR4's original-turn-order: the order-of-play bid is made at the end of
 * each turn for the next, and once before turn 1.  It comes after the
 * whole end of the turn (income, Interest & Profit, New World, the
 * shortage and surplus rolls, the majority holders: ren-order.c says
 * why), and the next turn, with the Euro deal's held-back cards (five
 * players: turn 2), begins once the bids are in.  With the seed's order
 * of play the turn begins first and the bid opens it.
 */
TEST(ren_turn_original_turn_order)
{
	struct ren_test_game t;
	struct ren_decision ds[REN_MAX_PLAYERS];
	const char *ev;
	int p, cash[REN_MAX_PLAYERS];

	ren_test_game_init(&t, 5);
	ren_state_init(&t.st, ren_test_ruleset(), 5,
	    REN_VAR_ORIGINAL_TURN_ORDER, 3);
	ren_start(&t.c);
	defaults_until(&t, "T1.ORDER");
	/* once before turn 1, which begins when the bids are in */
	ev = ren_test_events(&t);
	CHECK_CONTAINS(ev, "The order of play of turn 1 is bid before it "
	    "begins (original-turn-order, RR4).");
	CHECK(at(ev, "Turn 1 begins.") < 0);
	CHECK_INT(t.st.phase, RPH_TOKEN_BID);
	bids_by_default(&t);
	ev = ren_test_events(&t);
	CHECK(at(ev, "bids 0") >= 0);
	CHECK(at(ev, "Turn 1 begins.") > at(ev, "plays fifth"));
	/* the end of turn 1: income and the rolls, then the bid for turn 2 */
	defaults_until(&t, "T2.ORDER");
	CHECK_INT(ren_pending(&t.st, ds, REN_MAX_PLAYERS), 5);
	CHECK_STR(ds[0].step, "T2.ORDER");
	ev = ren_test_events(&t);
	CHECK(at(ev, "'s income is $") >= 0);
	CHECK(at(ev, "Roll 2: ") > at(ev, "'s income is $"));
	CHECK(at(ev, "Turn 1 ends with the order-of-play bid for turn 2 "
	    "(original-turn-order, RR4).") > at(ev, "Roll 2: "));
	CHECK(at(ev, "Turn 2 begins.") < 0);
	/* five players: the held-back cards come with turn 2 (RR4) */
	CHECK(t.st.held_back != 0);
	CHECK_INT(t.st.turn, 2);
	/* the bid is paid from the cash the income brought */
	for (p = 0; p < 5; p++)
		cash[p] = t.st.p[p].cash;
	{
		struct ren_item it;
		struct strbuf err;

		sb_init(&err);
		journal_clear(&t.j);
		CHECK_INT(parse("TOKENS 2", &it, &err), 0);
		CHECK_INT(ren_apply(&t.c, 0, &it, 1, &err), 0);
		for (p = 1; p < 5; p++)
			CHECK_INT(ren_apply_default(&t.c, p), 0);
		sb_release(&err);
	}
	CHECK_INT(t.st.p[0].cash, cash[0] - 2);
	CHECK_INT(t.st.p[0].written_cash, cash[0] - 2);
	ev = ren_test_events(&t);
	CHECK(at(ev, "Turn 2 begins.") > at(ev, "plays fifth"));
	CHECK(at(ev, "The five cards held back by the Euro deal are "
	    "shuffled into the deck (RR4).") > at(ev, "Turn 2 begins."));
	CHECK_INT(t.st.held_back, 0);
	CHECK_INT(t.st.phase == RPH_OVER, 0);
	/* the last turn ends with its end of turn: no bid after it (6.1) */
	defaults_until(&t, "no such step");
	CHECK_INT(t.st.phase, RPH_OVER);
	CHECK(at(ren_test_events(&t), "order-of-play bid") < 0);
	ren_test_game_release(&t);

	/* the seed's order of play: turn 2 begins, then its bid */
	ren_test_game_init(&t, 5);
	ren_state_init(&t.st, ren_test_ruleset(), 5, 0, 3);
	ren_start(&t.c);
	defaults_until(&t, "T2.ORDER");
	ev = ren_test_events(&t);
	CHECK(at(ev, "Turn 2 begins.") > at(ev, "Roll 2: "));
	CHECK(at(ev, "original-turn-order") < 0);
	CHECK_INT(t.st.held_back, 0);
	ren_test_game_release(&t);
}

/* RR36, reading 2: the final card play's default province is one the card
   may name: Rebellion strikes the leader's highest market that is not a
   capital of another player (reading 1 named Genoa's capital and the card
   was discarded without effect, as in tests/games/ren-three-epoch1) */
TEST(ren_turn_final_play_rebellion_default)
{
	struct ren_test_game t;
	struct strbuf err;
	int r;

	for (r = 1; r <= 2; r++) {
		ren_test_game_init(&t, 3);
		sb_init(&err);
		t.st.reading = r;
		t.st.phase = RPH_FINAL_PLAY;
		t.st.actor = 0;
		t.st.p[1].cash = 100;		/* Genoa leads */
		ren_test_dom(&t, 1, "milan");	/* 3; Genoa itself is 5 */
		ren_test_card(&t, 0, "rebellion");
		CHECK_INT(ren_apply(&t.c, 0, NULL, 0, &err), 0);
		CHECK_INT(t.st.p[0].hand, 0);
		CHECK_INT(t.st.dom[RP("genoa")], 1);
		if (r == 1) {
			CHECK_INT(t.st.dom[RP("milan")], 1);
			CHECK_CONTAINS(ren_test_events(&t), "Venice's Rebellion "
			    "is discarded without effect (RR36): Rebellion "
			    "cannot strike Genoa (RR18).");
		} else {
			CHECK_INT(t.st.dom[RP("milan")], REN_NOBODY);
			CHECK_INT(t.st.tok[RP("milan")][1], 1);
		}
		sb_release(&err);
		ren_test_game_release(&t);
	}
}

/* One card in Venice's hand, played by default in the final card play
   of a game of n players under reading r (RR36). */
static void
final_default(struct ren_test_game *t, int n, int r, const char *card)
{
	struct strbuf err;

	sb_init(&err);
	t->st.reading = r;
	t->st.phase = RPH_FINAL_PLAY;
	t->st.actor = 0;
	ren_test_card(t, 0, card);
	CHECK_INT(ren_apply(&t->c, 0, NULL, 0, &err), 0);
	CHECK_INT(t->st.p[0].hand, 0);
	CHECK_INT(t->st.nplayers, n);
	sb_release(&err);
}

/* RR36, RR38, reading 3: Rebellion's default province is looked for among
   the markers of every other player in the game, leading first: when the
   leader Genoa holds only his capital, or Enlightened Ruler protects him,
   Barcelona's highest market that is not a capital is struck (Toledo, 3,
   before Valencia, 2); reading 2 looked at the leader only and discarded
   the card */
TEST(ren_turn_final_play_rebellion_next_player)
{
	struct ren_test_game t;
	int r, er;

	for (er = 0; er <= 1; er++)
		for (r = 2; r <= 3; r++) {
			ren_test_game_init(&t, 3);
			t.st.p[1].cash = 100;		/* Genoa leads */
			if (er) {
				ren_test_dom(&t, 1, "milan");
				t.st.p[1].enlightened = 1;
			}
			ren_test_dom(&t, 2, "toledo");
			ren_test_dom(&t, 2, "valencia");
			final_default(&t, 3, r, "rebellion");
			CHECK_INT(t.st.dom[RP("genoa")], 1);
			CHECK_INT(t.st.dom[RP("barcelona")], 2);
			CHECK_INT(t.st.dom[RP("valencia")], 2);
			if (er)
				CHECK_INT(t.st.dom[RP("milan")], 1);
			if (r >= 3) {
				CHECK_INT(t.st.dom[RP("toledo")], REN_NOBODY);
				CHECK_INT(t.st.tok[RP("toledo")][2], 1);
			} else {
				CHECK_INT(t.st.dom[RP("toledo")], 2);
				CHECK_CONTAINS(ren_test_events(&t), "Venice's "
				    "Rebellion is discarded without effect "
				    "(RR36)");
			}
			ren_test_game_release(&t);
		}
}

/* RR36, reading 3: Pirates/Vikings takes the leader's coastal markers,
   then the next leading player's (Barcelona's capital, 3), before a
   third player's higher market (Paris's Marseilles, 5); reading 2 took
   the highest market of anyone after the leader's */
TEST(ren_turn_final_play_pirates_by_score)
{
	struct ren_test_game t;
	int r;

	for (r = 2; r <= 3; r++) {
		ren_test_game_init(&t, 4);
		t.st.epoch = 2;			/* two markers */
		t.st.p[1].cash = 100;		/* Genoa leads */
		t.st.p[2].cash = 60;		/* then Barcelona */
		ren_test_dom(&t, 3, "marseilles");
		final_default(&t, 4, r, "pirates-vikings");
		CHECK_INT(t.st.dom[RP("genoa")], REN_NOBODY);
		CHECK_INT(t.st.dom[RP("barcelona")], r >= 3 ? REN_NOBODY : 2);
		CHECK_INT(t.st.dom[RP("marseilles")], r >= 3 ? 3 : REN_NOBODY);
		CHECK_INT(t.st.dom[RP("venice")], 0);
		ren_test_game_release(&t);
	}
}

/* RR36, reading 3: The Crusades goes where the leading player has a
   market of area VI, else the next leading player (Barcelona's Cyprus),
   before an empty market; reading 2 took the highest market of area VI
   after the leader's (Acre, 5, empty) */
TEST(ren_turn_final_play_crusades_by_score)
{
	struct ren_test_game t;
	int r;

	for (r = 2; r <= 3; r++) {
		ren_test_game_init(&t, 3);
		t.st.p[1].cash = 100;		/* Genoa leads, nothing in VI */
		ren_test_dom(&t, 2, "cyprus");
		final_default(&t, 3, r, "the-crusades");
		CHECK_INT(t.st.dom[RP("cyprus")], r >= 3 ? 0 : 2);
		CHECK_INT(t.st.dom[RP("acre")], r >= 3 ? REN_NOBODY : 0);
		ren_test_game_release(&t);
	}
}

/* RR36, reading 2: a target the card cannot be aimed at is passed over
   for the next leading player: Alchemist's Gold on Barcelona when the
   leader Genoa holds Laws of Matter */
TEST(ren_turn_final_play_target_default)
{
	struct ren_test_game t;
	struct strbuf err;

	ren_test_game_init(&t, 3);
	sb_init(&err);
	t.st.phase = RPH_FINAL_PLAY;
	t.st.actor = 0;
	t.st.p[1].cash = 100;
	ren_test_adv(&t, 1, 'C');
	t.st.p[2].written_cash = 30;
	ren_test_card(&t, 0, "alchemists-gold");
	CHECK_INT(ren_apply(&t.c, 0, NULL, 0, &err), 0);
	CHECK_INT(t.st.p[2].cash, 25);
	CHECK_CONTAINS(ren_test_events(&t), "Alchemist's Gold: Barcelona pays "
	    "the bank $15 (RR18).");
	sb_release(&err);
	ren_test_game_release(&t);
}

/* RR16, RR36, reading 2: an open War is rolled at the start of each part
   of the final card play, a part without cards included */
TEST(ren_turn_final_play_war_rolled)
{
	struct ren_test_game t;
	struct strbuf err;
	unsigned dice[] = { FACE(6), FACE(1) };

	ren_test_game_init(&t, 3);
	sb_init(&err);
	t.st.phase = RPH_FINAL_PLAY;
	t.st.actor = 0;
	t.st.part_begun = 1;
	t.st.war_a = 0;
	t.st.war_b = 1;
	ren_test_card(&t, 0, "stone-1a");
	ren_test_dice(&t, dice, 2);
	CHECK_INT(ren_apply(&t.c, 0, NULL, 0, &err), 0);
	/* Genoa's part (no cards) begins: 6 against 1 */
	CHECK_INT(t.st.war_a, -1);
	CHECK_CONTAINS(ren_test_events(&t), "Venice wins the War against "
	    "Genoa by 5 (RR16).");
	CHECK_INT(t.st.dom[RP("genoa")], 0);
	sb_release(&err);
	ren_test_game_release(&t);
}

/* RR20, reading 2: a leader is claimed once; a second CLAIM of the same
   card is skipped, not paid twice */
TEST(ren_turn_claim_paid_once)
{
	struct ren_test_game t;
	struct ren_item it[2];
	struct strbuf err;

	ren_test_game_init(&t, 3);
	sb_init(&err);
	ren_test_card(&t, 1, "charlemagne");
	ren_test_card(&t, 2, "dionysus-exiguus");
	CHECK_INT(ren_play_card(&t.c, 1, RCARD("charlemagne"), -1, -1, 0,
	    &err), 0);
	CHECK_INT(ren_play_card(&t.c, 2, RCARD("dionysus-exiguus"), -1, -1,
	    10, &err), 0);
	ren_test_adv(&t, 0, 'E');
	t.st.phase = RPH_PURCHASE;
	t.st.actor = 0;
	CHECK_INT(parse("claim dionysus-exiguus", &it[0], &err), 0);
	it[1] = it[0];
	it[0].line = 1;
	it[1].line = 2;
	CHECK_INT(ren_apply(&t.c, 0, it, 2, &err), 0);
	CHECK_INT(t.st.p[0].cash, 30);
	CHECK_INT(t.st.p[2].cash, 40);
	CHECK_CONTAINS(ren_test_events(&t), "Venice's line 2 is not carried "
	    "out: that leader is claimed already (RR20).");
	sb_release(&err);
	ren_test_game_release(&t);
}

/* RR8, RR24: at the start of the expansion phase Civil War's victim goes
   to the last place first, then the Renaissance swap: Barcelona's SWAP
   DOWN finds Venice below him (swapped first, it would have lapsed) */
TEST(ren_turn_expansion_start_civil_war_then_swap)
{
	struct ren_test_game t;
	struct ren_item it;
	struct strbuf err;
	int p;

	ren_test_game_init(&t, 3);
	sb_init(&err);
	ren_test_adv(&t, 2, 'Q');
	t.st.p[2].swap_dir = 1;
	t.st.p[2].swap_phase = RPH_EXPANSION;
	t.st.civil[t.st.ncivil++] = 0;		/* Venice */
	t.st.phase = RPH_PURCHASE;
	t.st.actor = 0;
	for (p = 0; p < 3; p++)
		CHECK_INT(ren_apply(&t.c, p, &it, 0, &err), 0);
	CHECK_INT(t.st.phase, RPH_EXPANSION);
	CHECK_INT(t.st.order[0], 1);
	CHECK_INT(t.st.order[1], 0);
	CHECK_INT(t.st.order[2], 2);
	CHECK_INT(t.st.p[2].box, 6);
	CHECK_INT(t.st.p[0].box, 4);
	CHECK_CONTAINS(ren_test_events(&t), "Barcelona uses Renaissance and "
	    "changes places with Venice (RR8).");
	sb_release(&err);
	ren_test_game_release(&t);
}
