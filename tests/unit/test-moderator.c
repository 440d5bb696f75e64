/*
 * test-moderator.c - the moderator's corrections (issue 11): changes and
 * values, every part of the state, refusals; absences.
 */
#include "test.h"

#include "game.h"
#include "util.h"

static const char *const three[] = { "prussia", "austria", "france", NULL };

/* The adjustment as recorded, or "ERR: reason". */
static const char *
canon(const struct aor_state *st, const char *text)
{
	static char out[256];
	struct strbuf sb, err;

	sb_init(&sb);
	sb_init(&err);
	if (aor_adjust_canon(st, text, &sb, &err) == 0)
		snprintf(out, sizeof(out), "%s", sb.buf);
	else
		snprintf(out, sizeof(out), "ERR: %s", err.buf);
	sb_release(&sb);
	sb_release(&err);
	return out;
}

static int
adjust(struct test_game *t, const char *text)
{
	struct strbuf err;
	int rc;

	sb_init(&err);
	rc = aor_adjust(&t->c, text, &err);
	sb_release(&err);
	return rc;
}

TEST(adjust_changes_become_values)
{
	struct test_game t;

	test_game_init(&t, three, NULL);
	t.st.gold[C("prussia")] = 5;
	t.st.discs[A("baltic")][C("russia")] = 2;
	CHECK_STR(canon(&t.st, "prussia gold +2"), "prussia gold 7");
	CHECK_STR(canon(&t.st, "Prussia  gold -5"), "Prussia gold 0");
	CHECK_STR(canon(&t.st, "prussia gold 12"), "prussia gold 12");
	CHECK_STR(canon(&t.st, "russia discs baltic -1"),
	    "russia discs baltic 1");
	CHECK_STR(canon(&t.st, "Great Britain discs East Indies +3"),
	    "Great Britain discs East Indies 3");
	CHECK_STR(canon(&t.st, "prussia gold -6"),
	    "ERR: prussia gold -6: Prussia has 5, which cannot go below 0");
	CHECK_STR(canon(&t.st, "prussia gold +2x"), "ERR: bad number '+2x' in "
	    "'prussia gold +2x' (write N to set, +N or -N to change)");
	CHECK_STR(canon(&t.st, "prussia gold +"), "ERR: bad number '+' in "
	    "'prussia gold +' (write N to set, +N or -N to change)");
	/* the other forms are recorded as given */
	CHECK_STR(canon(&t.st, "marker gs6 bag"), "marker gs6 bag");
	test_game_release(&t);
}

/* Version 0.2 read "+2" as the value 2: recorded texts keep that. */
TEST(adjust_recorded_plus_is_a_value)
{
	struct test_game t;

	test_game_init(&t, three, NULL);
	t.st.gold[C("prussia")] = 5;
	CHECK_INT(adjust(&t, "prussia gold +2"), 0);
	CHECK_INT(t.st.gold[C("prussia")], 2);
	CHECK_STR(test_events(&t), "The moderator sets Prussia's gold from 5 "
	    "to 2.\n");
	test_game_release(&t);
}

TEST(adjust_cards_boxes_markers_alliances)
{
	struct test_game t;
	int p = C("prussia"), card = CARD(C("prussia"), "2/0/1");
	int m = rs_find_marker(test_ruleset(), "gs6", NULL), i;

	test_game_init(&t, three, NULL);
	CHECK((t.st.hand[p] >> card) & 1);
	CHECK_INT(adjust(&t, "prussia discard +2/0/1"), 0);
	CHECK(!((t.st.hand[p] >> card) & 1));
	CHECK((t.st.discard[p] >> card) & 1);
	CHECK_INT(adjust(&t, "prussia discard +2/0/1"), -1);
	CHECK_INT(adjust(&t, "prussia hand -2/0/1"), -1);
	CHECK_INT(adjust(&t, "prussia discard -2/0/1"), 0);
	CHECK_INT(t.st.discard[p], 0);
	/* the card is private to its owner; the counts are public */
	CHECK_INT(t.j.ev[t.j.n - 2].to, p);
	CHECK_INT(t.j.ev[t.j.n - 1].to, NO_COUNTRY);

	CHECK_INT(adjust(&t, "box Banking 2 austria"), 0);
	CHECK_INT(t.st.box[BOX("banking")][1], C("austria"));
	CHECK_INT(adjust(&t, "box Banking 2 empty"), 0);
	CHECK_INT(t.st.box[BOX("banking")][1], NO_COUNTRY);
	CHECK_INT(adjust(&t, "box Banking 3 austria"), -1);
	CHECK_INT(adjust(&t, "box Banking 1 russia"), -1);	/* an NPC */

	CHECK(m >= 0);
	t.st.marker[m] = MK_BAG;
	CHECK_INT(adjust(&t, "marker gs6 board"), 0);
	CHECK_INT(t.st.marker[m], MK_BOARD);
	CHECK_INT(adjust(&t, "marker gs6 out"), 0);
	CHECK_INT(t.st.marker[m], MK_OUT);
	CHECK_INT(adjust(&t, "marker gs6 sea"), -1);

	/* a country is in one box at most: emptied first, then set */
	for (i = 0; i < RS_MAX_ALLIANCE_BOXES; i++)
		if (t.st.alliance[i] == C("great-britain"))
			t.st.alliance[i] = NO_COUNTRY;
	t.st.alliance[0] = C("great-britain");
	CHECK_INT(adjust(&t, "alliance 2 Great Britain"), -1);
	CHECK_INT(adjust(&t, "alliance 1 empty"), 0);
	CHECK_INT(adjust(&t, "alliance 2 Great Britain"), 0);
	CHECK_INT(t.st.alliance[1], C("great-britain"));
	CHECK_INT(t.st.alliance[0], NO_COUNTRY);
	CHECK_INT(adjust(&t, "alliance 9 france"), -1);
	CHECK_INT(adjust(&t, "prussia colour 3"), -1);
	test_game_release(&t);
}

TEST(absence_moves_deadlines_in_its_window)
{
	struct game g;
	struct absence a;
	long long from = time_parse("2026-12-10T00:00:00Z");
	long long to = time_parse("2026-12-20T00:00:00Z");
	long long now = time_parse("2026-12-05T00:00:00Z");

	memset(&g, 0, sizeof(g));
	a.country = 2;
	a.from = from;
	a.to = to;
	g.absences = &a;
	g.nabsences = 1;
	/* in the window: later by its length */
	CHECK_INT(game_absence_shift(&g, 2, from + 3600, now),
	    from + 3600 + (to - from));
	/* before or after it, or another player's: as it was */
	CHECK_INT(game_absence_shift(&g, 2, from - 1, now), from - 1);
	CHECK_INT(game_absence_shift(&g, 2, to + 1, now), to + 1);
	CHECK_INT(game_absence_shift(&g, 3, from + 3600, now), from + 3600);
	/* begun already: counted from now */
	CHECK_INT(game_absence_shift(&g, 2, from + 7200, from + 3600),
	    from + 7200 + (to - from - 3600));
}
