/*
 * test-duel.c - drives the test-only duel module (duel.c) through the
 * module interface alone, as the machinery does (issue 19, point 5):
 * ruleset load, seats, setup with a draw, simultaneous pending decisions,
 * its own step syntax, secret picks revealed when both are in, a tie
 * broken by dice, the deadline default, an adjustment, the state's XML,
 * what a reader may not see, the cache's pack and unpack, the end and the
 * winners, and the same history giving the same draws and digests.
 *
 *   build/duel-test tests/modules/duel/duel.xml [STATE.xml]
 *
 * STATE.xml: the state at the end, as state_xml writes it, for the schema
 * (tests/duel.sh validates it against the duel's game-state).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>

#include "dice.h"
#include "journal.h"
#include "module.h"
#include "orders.h"
#include "util.h"

extern const struct game_module duel_module;
static const struct game_module *M = &duel_module;

static int pass, fail;

#define CHECK(cond, ...) do { if (cond) pass++; else { fail++; \
	printf("FAIL line %d: ", __LINE__); printf(__VA_ARGS__); \
	printf("\n"); } } while (0)

struct run {
	void *rs;
	void *st;
	struct dice dice;
	struct journal j;
	struct ctx c;
};

static const unsigned char seed[SEED_BYTES] = { 7 };

static void
start(struct run *r, void *rs, unsigned variants, const char *id)
{
	struct seating *s;

	memset(r, 0, sizeof(*r));
	r->rs = rs;
	r->st = xcalloc(1, M->state_size);
	M->state_init(r->st, rs, variants, M->reading_current);
	s = M->seating(r->st);
	s->nplayers = 2;
	s->players[0].country = 0;
	snprintf(s->players[0].name, sizeof(s->players[0].name), "Nora");
	s->players[1].country = 1;
	snprintf(s->players[1].name, sizeof(s->players[1].name), "Sam");
	s->seat_of[0] = 0;
	s->seat_of[1] = 1;
	dice_init(&r->dice, id);
	dice_set_key(&r->dice, seed);
	journal_init(&r->j);
	r->c.st = r->st;
	r->c.dice = &r->dice;
	r->c.j = &r->j;
	M->setup(&r->c);
}

static void
finish(struct run *r)
{
	dice_release(&r->dice);
	journal_release(&r->j);
	free(r->st);
}

/* An order of side c for step text: "PLAY k" through the module. */
static int
order(struct run *r, int c, const char *step, const char *line,
    struct strbuf *err)
{
	struct order o;

	memset(&o, 0, sizeof(o));
	if (M->parse_step(step, o.step, sizeof(o.step), err) != 0 ||
	    M->parse_line(r->rs, c, line, 4, o.items, err) != 0)
		return -1;
	o.country = c;
	o.nitems = 1;
	return M->apply(&r->c, &o, err);
}

static int
has_event(const struct journal *j, const char *type, int to,
    const char *text)
{
	size_t k;

	for (k = 0; k < j->n; k++)
		if (strcmp(j->ev[k].type, type) == 0 && j->ev[k].to == to &&
		    (text == NULL || strstr(j->ev[k].text, text) != NULL))
			return 1;
	return 0;
}

static void
hide_cb(xmlNode *n, void *ctx)
{
	(*(int *)ctx)++;
	xmlNodeSetContent(n, BAD_CAST "");
}

/* The state as XML, with what viewer may not see emptied. */
static char *
state_text(struct run *r, const char *viewer, int *hidden)
{
	xmlDoc *doc = xmlNewDoc(BAD_CAST "1.0");
	xmlNode *root = xmlNewNode(NULL, BAD_CAST "game");
	xmlBuffer *b = xmlBufferCreate();
	char *s;

	xmlDocSetRootElement(doc, root);
	M->state_xml(r->st, root);
	*hidden = 0;
	if (viewer != (const char *)1)
		M->state_hide(root->children, viewer, hide_cb, hidden);
	xmlNodeDump(b, doc, root, 0, 0);
	s = xasprintf("%s", (const char *)xmlBufferContent(b));
	xmlBufferFree(b);
	xmlFreeDoc(doc);
	return s;
}

int
main(int argc, char **argv)
{
	xmlDoc *doc;
	void *rs;
	struct run r, again;
	struct strbuf err, out;
	struct decision d[GAME_MAX_SIDES];
	char step[32], dg1[65], dg2[65], *x;
	char **lines;
	void *bytes;
	int n, k, hidden, w[2], lo, hi;

	if (argc != 2 && argc != 3) {
		fprintf(stderr, "usage: duel-test DUEL.xml [STATE.xml]\n");
		return 2;
	}
	doc = xmlReadFile(argv[1], NULL, XML_PARSE_NONET);
	if (doc == NULL)
		return 2;
	rs = M->ruleset_load(xmlDocGetRootElement(doc), argv[1]);
	CHECK(rs != NULL, "the ruleset does not load");
	if (rs == NULL)
		return 1;
	sb_init(&err);
	sb_init(&out);
	M->players_range(rs, &lo, &hi);
	CHECK(lo == 2 && hi == 2, "players %d-%d", lo, hi);
	CHECK(M->ncountries(rs) == 2 && M->country_by_id(rs, "south") == 1 &&
	    strcmp(M->country_name(rs, 0), "North") == 0 &&
	    M->country_find(rs, "SOUTH", &err) == 1, "sides");
	CHECK(M->country_find(rs, "east", &err) == -1 &&
	    strstr(err.buf, "unknown side 'east'") != NULL, "%s", err.buf);
	sb_reset(&err);

	/* setup: a draw with its purpose, each hand told to its owner */
	start(&r, rs, 0, "duel-1");
	CHECK(r.dice.nlog == 1 &&
	    strcmp(r.dice.log[0].purpose, "the side to start") == 0,
	    "setup draws the start side once");
	CHECK(has_event(&r.j, "deal", 0, "1 to 5") &&
	    has_event(&r.j, "deal", 1, "1 to 5") &&
	    !has_event(&r.j, "deal", NO_COUNTRY, NULL), "hands are private");

	/* both decide at once, in a step syntax of the duel's own */
	n = M->pending(r.st, d, GAME_MAX_SIDES);
	CHECK(n == 2 && strcmp(d[0].step, "R1.PLAY") == 0 &&
	    strcmp(d[1].step, "R1.PLAY") == 0 && d[0].country != d[1].country,
	    "two decisions of R1.PLAY, got %d", n);
	CHECK(M->parse_step("r2.play", step, sizeof(step), &err) == 0 &&
	    strcmp(step, "R2.PLAY") == 0, "parse_step r2.play");
	CHECK(M->parse_step("T1.S1", step, sizeof(step), &err) == -1,
	    "T1.S1 is not a duel step");
	CHECK(M->step_valid("R1.PLAY") && !M->step_valid("R01.PLAY") &&
	    !M->step_valid("T1.A1.1"), "step_valid");
	n = M->choices(r.st, &d[0], &lines);
	CHECK(n == 5 && strcmp(lines[0], "PLAY 1") == 0, "the order form");
	for (k = 0; k < n; k++)
		free(lines[k]);
	free(lines);
	CHECK(M->step_status(r.st, "R2.PLAY", 0, &err) == STEP_FUTURE &&
	    M->step_status(r.st, "R4.PLAY", 0, &err) == STEP_STALE,
	    "R2 is future (queued, R36), R4 never comes");

	/* secret picks, revealed when both are in; a tie rolls dice */
	CHECK(order(&r, 0, "R1.PLAY", "PLAY 3", &err) == 0, "%s", err.buf);
	CHECK(has_event(&r.j, "play", 0, "You play 3") &&
	    !has_event(&r.j, "reveal", NO_COUNTRY, NULL),
	    "the first pick shows to its owner only");
	CHECK(M->may_reveal(r.st, "R1.PLAY", 0) == 0,
	    "revealed while south's pick is pending");
	CHECK(M->step_status(r.st, "R1.PLAY", 0, &err) == STEP_STALE &&
	    M->pending(r.st, d, GAME_MAX_SIDES) == 1, "north has played");
	CHECK(order(&r, 1, "R1.PLAY", "PLAY 3", &err) == 0, "%s", err.buf);
	CHECK(M->may_reveal(r.st, "R1.PLAY", 0) == 1 &&
	    M->may_reveal(r.st, "R1.PLAY", 1) == 1, "both revealed");
	CHECK(has_event(&r.j, "reveal", NO_COUNTRY, "North plays 3, South "
	    "plays 3") && has_event(&r.j, "roll", NO_COUNTRY, "A tie"),
	    "the tie is told");
	CHECK(r.dice.nlog >= 3 && r.dice.nlog % 2 == 1 &&
	    strcmp(r.dice.log[1].purpose, "round 1 tie, north") == 0 &&
	    strcmp(r.dice.log[2].purpose, "round 1 tie, south") == 0 &&
	    r.dice.log[r.dice.nlog - 1].value !=
	    r.dice.log[r.dice.nlog - 2].value, "tie rolls until they differ");

	/* the default: the lowest card; a card not held is refused */
	n = M->pending(r.st, d, GAME_MAX_SIDES);
	CHECK(n == 2 && strcmp(d[0].step, "R2.PLAY") == 0, "round 2");
	for (k = 0; k < n && d[k].country != 0; k++)
		;
	M->apply_default(&r.c, &d[k]);
	CHECK(has_event(&r.j, "play", 0, "You play 1"),
	    "the deadline default plays the lowest card (1)");
	CHECK(order(&r, 1, "R2.PLAY", "PLAY 3", &err) == -1 &&
	    strstr(err.buf, "South does not hold the card 3") != NULL, "%s",
	    err.buf);
	sb_reset(&err);
	CHECK(order(&r, 1, "R2.PLAY", "PLAY 9", &err) == -1 &&
	    strstr(err.buf, "line 4: write PLAY") != NULL, "%s", err.buf);
	sb_reset(&err);
	CHECK(order(&r, 1, "R2.PLAY", "PLAY 5", &err) == 0, "%s", err.buf);

	/* the adjustment, and its canonical form */
	CHECK(M->adjust_canon(r.st, "south  points 2", &out, &err) == 0 &&
	    strcmp(out.buf, "south points 2") == 0, "adjust_canon");
	CHECK(M->adjust(&r.c, "west points 1", &err) == -1, "bad adjust");
	CHECK(M->adjust(&r.c, "south points 2", &err) == 0 &&
	    has_event(&r.j, "adjust", NO_COUNTRY, "South's points from"), "adjust");

	/* the state: a hand is its owner's; the digest is public */
	x = state_text(&r, "north", &hidden);
	CHECK(strstr(x, "<hand>2 4 5</hand>") != NULL && hidden == 1,
	    "north sees its hand and nothing of south's: %s", x);
	free(x);
	x = state_text(&r, NULL, &hidden);
	CHECK(hidden == 2 && strstr(x, "<hand>2") == NULL,
	    "the public sees no hand: %s", x);
	free(x);
	M->state_digest(r.st, dg1);
	bytes = xcalloc(1, M->state_size);
	M->state_pack(r.st, bytes);
	memset(r.st, 0, M->state_size);
	M->state_unpack(r.st, bytes, rs);
	free(bytes);
	M->state_digest(r.st, dg2);
	CHECK(strlen(dg1) == 64 && strcmp(dg1, dg2) == 0,
	    "the digest survives the cache");

	/* to the end: three rounds, then no decision */
	CHECK(order(&r, 0, "R3.PLAY", "PLAY 5", &err) == 0 &&
	    order(&r, 1, "R3.PLAY", "PLAY 1", &err) == 0, "%s", err.buf);
	CHECK(M->over(r.st) && M->pending(r.st, d, GAME_MAX_SIDES) == 0,
	    "over after 3 rounds");
	n = M->winners(r.st, w, 2);
	sb_reset(&out);
	M->describe(r.st, 0, &out);
	CHECK(strstr(out.buf, "game over") != NULL, "%s", out.buf);
	CHECK(n >= 1, "winners %d (%s)", n, out.buf);
	CHECK(M->step_status(r.st, "R3.PLAY", 1, &err) == STEP_STALE,
	    "no step after the end");
	if (argc == 3) {
		FILE *f = fopen(argv[2], "w");

		x = state_text(&r, (const char *)1, &hidden);
		CHECK(f != NULL && fprintf(f, "%s\n", x) > 0 && fclose(f) == 0,
		    "cannot write %s", argv[2]);
		free(x);
	}

	/* the same history, the same draws and state (verify replays) */
	start(&again, rs, 0, "duel-1");
	order(&again, 0, "R1.PLAY", "PLAY 3", &err);
	order(&again, 1, "R1.PLAY", "PLAY 3", &err);
	CHECK(again.dice.nlog >= 3 &&
	    again.dice.log[again.dice.nlog - 1].value ==
	    r.dice.log[again.dice.nlog - 1].value, "the same dice again");
	finish(&again);

	/* the variant: five rounds */
	start(&again, rs, M->variants[0].flag, "duel-2");
	sb_reset(&out);
	M->describe(again.st, 1, &out);
	CHECK(strcmp(out.buf, "round 1 of 5") == 0, "best-of-five: %s",
	    out.buf);
	finish(&again);

	finish(&r);
	M->ruleset_free(rs);
	xmlFreeDoc(doc);
	sb_release(&err);
	sb_release(&out);
	printf("duel: %d passed, %d failed\n", pass, fail);
	return fail != 0;
}
