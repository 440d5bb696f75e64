/*
 * duel.c - "duel", a test-only game module (issue 19, point 5; design
 * MODULE-INTERFACE.md 4.4): it proves that the module interface carries
 * a game unlike Age of Reason.  Never linked into build/adjudicator.
 *
 * Two sides, north and south, each hold the cards 1 to 5 (private).  Each
 * round both play one card at once (step R<n>.PLAY, "PLAY k"); the picks
 * are secret and may be sealed, and both are revealed when neither is
 * pending.  The higher card wins the round's point; on a tie each side
 * rolls a d6 until the rolls differ.  The deadline default is the lowest
 * card in hand.  Three rounds (variant best-of-five: five); most points
 * win, a tie gives two winners.
 *
 * Like every module it includes the interface and the generic helpers,
 * never game.h (tests/layering.sh).
 */
#include <ctype.h>
#include <strings.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gcrypt.h>

#include "dice.h"
#include "journal.h"
#include "module.h"
#include "orders.h"
#include "util.h"
#include "xmlutil.h"

#define DUEL_SIDES 2
#define DUEL_CARDS 5
#define DUEL_BEST_OF_FIVE 1u

struct duel_rs {
	char id[DUEL_SIDES][16];
	char name[DUEL_SIDES][32];
	int rounds;
};

struct duel_state {
	struct seating seats;
	const struct duel_rs *rs;	/* borrowed */
	int rounds;			/* 3, or 5 (best-of-five) */
	int round;			/* 1 .. rounds; rounds + 1 when over */
	int start;			/* the side drawn to start, for people */
	int hand[DUEL_SIDES][DUEL_CARDS + 1];	/* 1: card k held */
	int played[DUEL_SIDES];		/* this round's card, 0: none yet */
	int points[DUEL_SIDES];
};

struct duel_item {
	int card;
};

static const struct variant_info duel_variants[] = {
	{ "best-of-five", DUEL_BEST_OF_FIVE, "duel 1",
	  "five rounds instead of three" },
};

static const char *const duel_kinds[] = { "play" };

/*
 * Ruleset: <ruleset><sides><side id name/> x2</sides><rounds standard/>:
 * the sides in one element, one part of the run-0 commitment.
 */
static void *
duel_ruleset_load(xmlNode *root, const char *file)
{
	struct duel_rs *rs = xcalloc(1, sizeof(*rs));
	xmlNode *n;
	int k = 0;

	for (n = root->children; n != NULL; n = n->next) {
		xmlNode *m;
		char *std;

		if (n->type != XML_ELEMENT_NODE)
			continue;
		if (strcmp((const char *)n->name, "rounds") == 0) {
			std = (char *)xmlGetProp(n, BAD_CAST "standard");
			rs->rounds = std ? atoi(std) : 0;
			xmlFree(std);
			continue;
		}
		if (strcmp((const char *)n->name, "sides") != 0)
			continue;
		for (m = n->children; m != NULL; m = m->next) {
			char *id, *name;

			if (m->type != XML_ELEMENT_NODE ||
			    strcmp((const char *)m->name, "side") != 0 ||
			    k >= DUEL_SIDES)
				continue;
			id = (char *)xmlGetProp(m, BAD_CAST "id");
			name = (char *)xmlGetProp(m, BAD_CAST "name");
			snprintf(rs->id[k], sizeof(rs->id[k]), "%s",
			    id ? id : "");
			snprintf(rs->name[k], sizeof(rs->name[k]), "%s",
			    name ? name : "");
			xmlFree(id);
			xmlFree(name);
			k++;
		}
	}
	if (k != DUEL_SIDES || rs->rounds < 1) {
		fprintf(stderr, "%s:%ld: a duel ruleset names 2 sides and "
		    "its rounds\n", file, xmlGetLineNo(root));
		free(rs);
		return NULL;
	}
	return rs;
}

static void
duel_ruleset_free(void *rs)
{
	free(rs);
}

static int
duel_ruleset_ids_ok(xmlNode *root, const char *file)
{
	(void)root;
	(void)file;
	return 0;
}

static void
duel_players_range(const void *rs, int *min, int *max)
{
	(void)rs;
	*min = *max = DUEL_SIDES;
}

static int
duel_ncountries(const void *rs)
{
	(void)rs;
	return DUEL_SIDES;
}

static int
duel_country_by_id(const void *rs, const char *id)
{
	const struct duel_rs *r = rs;
	int k;

	for (k = 0; k < DUEL_SIDES; k++)
		if (strcmp(r->id[k], id) == 0)
			return k;
	return -1;
}

static int
duel_country_find(const void *rs, const char *text, struct strbuf *err)
{
	const struct duel_rs *r = rs;
	int k;

	for (k = 0; k < DUEL_SIDES; k++)
		if (strcasecmp(r->id[k], text) == 0 ||
		    strcasecmp(r->name[k], text) == 0)
			return k;
	sb_addf(err, "unknown side '%s': write north or south", text);
	return -1;
}

static const char *
duel_country_id(const void *rs, int c)
{
	return c >= 0 && c < DUEL_SIDES ? ((const struct duel_rs *)rs)->id[c] :
	    "nobody";
}

static const char *
duel_country_name(const void *rs, int c)
{
	return c >= 0 && c < DUEL_SIDES ?
	    ((const struct duel_rs *)rs)->name[c] : "nobody";
}

static void
duel_state_init(void *st, const void *rs, unsigned variants, int reading)
{
	struct duel_state *s = st;
	int k;

	(void)reading;
	s->rs = rs;
	/* rs is NULL for the empty state of a game not loaded yet */
	s->rounds = variants & DUEL_BEST_OF_FIVE ? 5 : rs != NULL ?
	    s->rs->rounds : 3;
	s->round = 1;
	for (k = 0; k < GAME_MAX_SIDES; k++)
		s->seats.seat_of[k] = -1;
}

static struct seating *
duel_seating(void *st)
{
	return &((struct duel_state *)st)->seats;
}

static void
duel_state_pack(const void *st, void *bytes)
{
	struct duel_state *b = bytes;

	memcpy(b, st, sizeof(*b));
	b->rs = NULL;
}

static void
duel_state_unpack(void *st, const void *bytes, const void *rs)
{
	memcpy(st, bytes, sizeof(struct duel_state));
	((struct duel_state *)st)->rs = rs;
}

static const char *
side_id(const struct duel_state *s, int c)
{
	return duel_country_id(s->rs, c);
}

static const char *
side_name(const struct duel_state *s, int c)
{
	return duel_country_name(s->rs, c);
}

static void
hand_text(const struct duel_state *s, int c, struct strbuf *out)
{
	int k, first = 1;

	for (k = 1; k <= DUEL_CARDS; k++)
		if (s->hand[c][k]) {
			sb_addf(out, "%s%d", first ? "" : " ", k);
			first = 0;
		}
}

static void
duel_state_xml(const void *st, xmlNode *parent)
{
	const struct duel_state *s = st;
	xmlNode *n = xmlNewChild(parent, NULL, BAD_CAST "state", NULL);
	char buf[32];
	int c;

	snprintf(buf, sizeof(buf), "%d", s->round);
	xmlNewProp(n, BAD_CAST "round", BAD_CAST buf);
	snprintf(buf, sizeof(buf), "%d", s->rounds);
	xmlNewProp(n, BAD_CAST "rounds", BAD_CAST buf);
	xmlNewProp(n, BAD_CAST "start", BAD_CAST side_id(s, s->start));
	for (c = 0; c < DUEL_SIDES; c++) {
		xmlNode *side = xmlNewChild(n, NULL, BAD_CAST "country", NULL);
		struct strbuf h;

		sb_init(&h);
		hand_text(s, c, &h);
		xmlNewProp(side, BAD_CAST "id", BAD_CAST side_id(s, c));
		snprintf(buf, sizeof(buf), "%d", s->points[c]);
		xmlNewProp(side, BAD_CAST "points", BAD_CAST buf);
		xmlNewChild(side, NULL, BAD_CAST "hand", BAD_CAST h.buf);
		if (s->played[c]) {
			snprintf(buf, sizeof(buf), "%d", s->played[c]);
			xmlNewChild(side, NULL, BAD_CAST "played",
			    BAD_CAST buf);
		}
		sb_release(&h);
	}
}

/* The public canonical text: what everyone may see, never a hand. */
static void
duel_state_digest(const void *st, char out[65])
{
	const struct duel_state *s = st;
	unsigned char md[32];
	struct strbuf t;
	int c, k, n;

	sb_init(&t);
	sb_addf(&t, "duel round %d of %d start %d\n", s->round, s->rounds,
	    s->start);
	for (c = 0; c < DUEL_SIDES; c++) {
		for (n = 0, k = 1; k <= DUEL_CARDS; k++)
			n += s->hand[c][k];
		sb_addf(&t, "%s points %d cards %d played %d\n",
		    side_id(s, c), s->points[c], n, s->played[c] != 0);
	}
	gcry_md_hash_buffer(GCRY_MD_SHA256, md, t.buf, t.len);
	for (k = 0; k < 32; k++)
		snprintf(out + 2 * k, 3, "%02x", md[k]);
	sb_release(&t);
}

/* A side's hand and its card face down are its own (R39). */
static void
duel_state_hide(xmlNode *state, const char *viewer,
    void (*hide)(xmlNode *n, void *ctx), void *ctx)
{
	xmlNode *c, *n;

	for (c = state->children; c != NULL; c = c->next) {
		char *id;
		int own;

		if (c->type != XML_ELEMENT_NODE)
			continue;
		id = (char *)xmlGetProp(c, BAD_CAST "id");
		own = viewer != NULL && id != NULL && strcmp(id, viewer) == 0;
		xmlFree(id);
		if (own)
			continue;
		for (n = c->children; n != NULL; n = n->next)
			if (n->type == XML_ELEMENT_NODE)
				hide(n, ctx);
	}
}

static int
duel_over(const void *st)
{
	const struct duel_state *s = st;

	return s->round > s->rounds;
}

static int
duel_winners(const void *st, int *countries, int max)
{
	const struct duel_state *s = st;
	int c, n = 0, best = -1;

	if (!duel_over(st))
		return 0;
	for (c = 0; c < DUEL_SIDES; c++)
		if (s->points[c] > best)
			best = s->points[c];
	for (c = 0; c < DUEL_SIDES && n < max; c++)
		if (s->points[c] == best)
			countries[n++] = c;
	return n;
}

static void
duel_describe(const void *st, int brief, struct strbuf *out)
{
	const struct duel_state *s = st;

	if (duel_over(st))
		sb_addf(out, "%s", brief ? "over" : "game over");
	else
		sb_addf(out, "round %d of %d", s->round, s->rounds);
	if (!brief)
		sb_addf(out, ", %s %d, %s %d", side_name(s, 0), s->points[0],
		    side_name(s, 1), s->points[1]);
}

static void
duel_setup(struct ctx *c)
{
	struct duel_state *s = c->st;
	int side, k;

	for (side = 0; side < DUEL_SIDES; side++) {
		for (k = 1; k <= DUEL_CARDS; k++)
			s->hand[side][k] = 1;
		ev_private(c, "deal", side, "%s holds the cards 1 to %d.",
		    side_name(s, side), DUEL_CARDS);
	}
	s->start = (int)dice_draw(c->dice, DUEL_SIDES, "the side to start");
	ev(c, "start", s->start, "%s is drawn to start.",
	    side_name(s, s->start));
}

static int
duel_pending(const void *st, struct decision *out, int max)
{
	const struct duel_state *s = st;
	int side, n = 0;

	if (duel_over(st))
		return 0;
	for (side = 0; side < DUEL_SIDES && n < max; side++) {
		int c = (s->start + side) % DUEL_SIDES;

		if (s->played[c])
			continue;
		memset(&out[n], 0, sizeof(out[n]));
		snprintf(out[n].step, sizeof(out[n].step), "R%d.PLAY",
		    s->round);
		out[n].country = c;
		out[n].kind = 0;
		snprintf(out[n].what, sizeof(out[n].what), "round %d of %d: "
		    "play a card from your hand", s->round, s->rounds);
		n++;
	}
	return n;
}

static int
duel_choices(const void *st, const struct decision *d, char ***lines)
{
	const struct duel_state *s = st;
	int k, n = 0;

	*lines = xcalloc(DUEL_CARDS, sizeof(**lines));
	for (k = 1; k <= DUEL_CARDS; k++)
		if (s->hand[d->country][k])
			(*lines)[n++] = xasprintf("PLAY %d", k);
	return n;
}

static int
round_of(const char *step)
{
	int r;
	char tail[8];

	if (sscanf(step, "R%d.%7s", &r, tail) != 2 || strcmp(tail, "PLAY"))
		return -1;
	return r;
}

static int
duel_parse_step(const char *text, char *out, size_t n, struct strbuf *err)
{
	char up[32];
	size_t k;
	int r;

	for (k = 0; text[k] != '\0' && k + 1 < sizeof(up); k++)
		up[k] = (char)toupper((unsigned char)text[k]);
	up[k] = '\0';
	r = round_of(up);
	if (r < 1 || r > 99) {
		sb_addf(err, "step '%s': a duel's steps are R1.PLAY, "
		    "R2.PLAY, ...", text);
		return -1;
	}
	snprintf(out, n, "R%d.PLAY", r);
	return 0;
}

static int
duel_step_valid(const char *step)
{
	char canon[32];
	int r = round_of(step);

	if (r < 1 || r > 99)
		return 0;
	snprintf(canon, sizeof(canon), "R%d.PLAY", r);
	return strcmp(canon, step) == 0;
}

static int
duel_parse_line(const void *rs, int country, const char *line, int lineno,
    void *item, struct strbuf *err)
{
	struct duel_item *it = item;
	int k;
	char extra;

	(void)rs;
	(void)country;
	if (sscanf(line, "PLAY %d %c", &k, &extra) != 1 || k < 1 ||
	    k > DUEL_CARDS) {
		sb_addf(err, "line %d: write PLAY and a card, 1 to %d",
		    lineno, DUEL_CARDS);
		return -1;
	}
	it->card = k;
	return 0;
}

static enum step_status
duel_step_status(const void *st, const char *step, int country,
    struct strbuf *why)
{
	const struct duel_state *s = st;
	int r = round_of(step);

	if (r < s->round || duel_over(st) ||
	    (r == s->round && s->played[country])) {
		sb_addf(why, "step %s was resolved already", step);
		return STEP_STALE;
	}
	if (r > s->rounds) {
		sb_addf(why, "step %s never comes: the duel has %d rounds",
		    step, s->rounds);
		return STEP_STALE;
	}
	return r > s->round ? STEP_FUTURE : STEP_CURRENT;
}

static const struct duel_item *
items(const struct order *o)
{
	return (const struct duel_item *)(const void *)o->items;
}

static int
duel_check(const void *st, const struct order *o, struct strbuf *err)
{
	const struct duel_state *s = st;

	if (duel_step_status(st, o->step, o->country, err) != STEP_CURRENT) {
		if (err->len == 0)
			sb_addf(err, "step %s is not due", o->step);
		return -1;
	}
	if (o->nitems != 1) {
		sb_addf(err, "step %s: play one card", o->step);
		return -1;
	}
	if (!s->hand[o->country][items(o)->card]) {
		sb_addf(err, "%s does not hold the card %d",
		    side_name(s, o->country), items(o)->card);
		return -1;
	}
	return 0;
}

/* Both cards in: revealed, compared, ties broken by dice. */
static void
resolve_round(struct ctx *c)
{
	struct duel_state *s = c->st;
	int a = s->played[0], b = s->played[1], win;

	ev(c, "reveal", NO_COUNTRY, "Round %d: %s plays %d, %s plays %d.",
	    s->round, side_name(s, 0), a, side_name(s, 1), b);
	if (a != b)
		win = a > b ? 0 : 1;
	else {
		unsigned ra, rb;
		int tries = 0;

		do {
			ra = dice_roll(c->dice, 6, "round %d tie, %s",
			    s->round, side_id(s, 0));
			rb = dice_roll(c->dice, 6, "round %d tie, %s",
			    s->round, side_id(s, 1));
			ev(c, "roll", NO_COUNTRY, "A tie: %s rolls %u, %s "
			    "rolls %u.", side_name(s, 0), ra,
			    side_name(s, 1), rb);
		/* dice without a seed (a check without --seed-file) roll
		   the same forever: 100 ties give the start side the point */
		} while (ra == rb && ++tries < 100);
		win = ra == rb ? s->start : ra > rb ? 0 : 1;
	}
	s->points[win]++;
	ev(c, "point", win, "%s wins round %d.", side_name(s, win), s->round);
	s->played[0] = s->played[1] = 0;
	s->round++;
	if (duel_over(s))
		ev(c, "end", NO_COUNTRY, "The duel is over: %s %d, %s %d.",
		    side_name(s, 0), s->points[0], side_name(s, 1),
		    s->points[1]);
}

static void
play(struct ctx *c, int side, int card)
{
	struct duel_state *s = c->st;

	s->hand[side][card] = 0;
	s->played[side] = card;
	ev(c, "play", side, "%s plays a card face down.", side_name(s, side));
	ev_private(c, "play", side, "You play %d.", card);
	if (s->played[0] && s->played[1])
		resolve_round(c);
}

static int
duel_apply(struct ctx *c, const struct order *o, struct strbuf *err)
{
	if (duel_check(c->st, o, err) != 0)
		return -1;
	play(c, o->country, items(o)->card);
	return 0;
}

/* The deadline default (R37): the lowest card in hand. */
static void
duel_apply_default(struct ctx *c, const struct decision *d)
{
	struct duel_state *s = c->st;
	int k;

	for (k = 1; k <= DUEL_CARDS && !s->hand[d->country][k]; k++)
		;
	if (k <= DUEL_CARDS)
		play(c, d->country, k);
}

/* "north points N" */
static int
parse_adjust(const struct duel_state *s, const char *text, int *side,
    int *points, struct strbuf *err)
{
	char id[16];
	char extra;

	if (sscanf(text, "%15s points %d %c", id, points, &extra) != 2 ||
	    (*side = duel_country_by_id(s->rs, id)) < 0 || *points < 0 ||
	    *points > 99) {
		sb_addf(err, "'%s': write 'north|south points N'", text);
		return -1;
	}
	return 0;
}

static int
duel_adjust(struct ctx *c, const char *text, struct strbuf *err)
{
	struct duel_state *s = c->st;
	int side, points;

	if (parse_adjust(s, text, &side, &points, err) != 0)
		return -1;
	ev(c, "adjust", side, "The moderator sets %s's points from %d to %d.",
	    side_name(s, side), s->points[side], points);
	s->points[side] = points;
	return 0;
}

static int
duel_adjust_canon(const void *st, const char *text, struct strbuf *out,
    struct strbuf *err)
{
	const struct duel_state *s = st;
	int side, points;

	if (parse_adjust(s, text, &side, &points, err) != 0)
		return -1;
	sb_addf(out, "%s points %d", side_id(s, side), points);
	return 0;
}

/* Every pick is secret until both are in. */
static int
duel_order_secret(const struct order *o)
{
	(void)o;
	return 1;
}

/* A sealed pick of round n opens once no PLAY of round n is pending. */
static int
duel_may_reveal(const void *st, const char *step, int country)
{
	const struct duel_state *s = st;

	(void)country;
	return round_of(step) < s->round;
}

const struct game_module duel_module = {
	.name = "duel",
	.title = "Duel",
	.ruleset_file = "tests/modules/duel/duel.xml",
	.ruleset_schema = "tests/modules/duel/duel-ruleset.rng",
	.game_schema = "tests/modules/duel/game.rng",
	.report_text = "tests/modules/duel/report-text.xsl",
	.report_html = "tests/modules/duel/report-text.xsl",
	.secrecy_ruling = "R39",
	.ahead_ruling = "R36",
	.defaults_ruling = "R37",
	.latest_ruling = "R38",
	.ruleset_split = NULL,
	.reading_oldest = 1,
	.reading_current = 1,
	.variants = duel_variants,
	.nvariants = 1,
	.decision_kinds = duel_kinds,
	.ndecision_kinds = 1,
	.state_size = sizeof(struct duel_state),
	.item_size = sizeof(struct duel_item),
	.max_items = 1,
	.ruleset_load = duel_ruleset_load,
	.ruleset_free = duel_ruleset_free,
	.ruleset_ids_ok = duel_ruleset_ids_ok,
	.players_range = duel_players_range,
	.ncountries = duel_ncountries,
	.country_find = duel_country_find,
	.country_by_id = duel_country_by_id,
	.country_id = duel_country_id,
	.country_name = duel_country_name,
	.state_init = duel_state_init,
	.seating = duel_seating,
	.state_pack = duel_state_pack,
	.state_unpack = duel_state_unpack,
	.state_xml = duel_state_xml,
	.state_digest = duel_state_digest,
	.state_hide = duel_state_hide,
	.describe = duel_describe,
	.over = duel_over,
	.winners = duel_winners,
	.setup = duel_setup,
	.pending = duel_pending,
	.choices = duel_choices,
	.check = duel_check,
	.apply = duel_apply,
	.apply_default = duel_apply_default,
	.adjust = duel_adjust,
	.adjust_canon = duel_adjust_canon,
	.parse_step = duel_parse_step,
	.step_valid = duel_step_valid,
	.parse_line = duel_parse_line,
	.step_status = duel_step_status,
	.order_secret = duel_order_secret,
	.may_reveal = duel_may_reveal,
};
