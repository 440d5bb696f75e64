/*
 * aor-turn.c - the flow of a turn from one decision to the next, the end
 * of a turn (R34), and the dispatch of orders and defaults (R36-R38).
 */
#include "aor.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dice.h"
#include "util.h"

/* R34: what the end of turns 1 and 2 resets. */
void
aor_end_turn(struct ctx *c)
{
	struct aor_state *st = c->st;
	int s, k, i;

	for (s = 0; s < st->seats.nplayers; s++) {
		int co = st->seats.players[s].country, before = st->unrest[co];

		st->hand[co] |= st->discard[co];
		st->discard[co] = 0;
		st->unrest[co] = (st->unrest[co] + 1) / 2;
		ev(c, "halve-unrest", co, "%s halves unrest, rounding up: "
		    "level %d to %d (R34).", cname(st, co), before,
		    st->unrest[co]);
	}
	for (k = 0; k < st->rs->nboxkinds; k++)
		for (i = 0; i < RS_MAX_INSTANCES; i++)
			st->box[k][i] = NO_COUNTRY;
	for (i = 0; i < RS_MAX_ALLIANCE_BOXES; i++)
		st->alliance[i] = NO_COUNTRY;
	ev(c, "end-turn", NO_COUNTRY, "End of turn %d: discards return to "
	    "hand, action boxes and the alliance display are cleared (R34).",
	    st->turn);
}

static void
start_turn(struct ctx *c)
{
	struct aor_state *st = c->st;

	st->turn++;
	st->ncombats = 0;
	ev(c, "turn", NO_COUNTRY, "Turn %d begins.", st->turn);
	aor_draw_markers(c);
	aor_auction_start_turn(c);
}

/*
 * Moves the game on through everything that needs no decision: the start
 * of a turn, the start of the segments, and income, scoring, unrest and
 * the end of the turn once the last segment is played.
 */
void
aor_advance(struct ctx *c)
{
	struct aor_state *st = c->st;

	for (;;) {
		switch (st->phase) {
		case PH_SETUP:
			start_turn(c);
			continue;
		case PH_SEGMENTS:
			if (st->segment == 0) {
				st->segment = 1;
				st->actor = 0;
				ev(c, "segments", NO_COUNTRY, "Turn %d has %d "
				    "segments (R13).", st->turn,
				    aor_segments_per_turn(st));
			}
			if (st->segment <= aor_segments_per_turn(st))
				return;
			aor_income(c);
			aor_score_areas(c);
			aor_unrest_losses(c);
			st->segment = 0;
			if (st->turn >= st->rs->num.turns) {
				aor_determine_winner(c);
				st->phase = PH_OVER;
				return;
			}
			aor_end_turn(c);
			start_turn(c);
			continue;
		default:
			return;
		}
	}
}

int
aor_pending(const struct aor_state *st, struct decision *out, int max)
{
	struct decision *d = out;
	int order[RS_MAX_COUNTRIES];

	int n, i, amount;

	if (max < 1)
		return 0;
	memset(d, 0, sizeof(*d) * (size_t)max);
	if (st->combat.stage != CS_NONE) {
		n = aor_combat_pending(st, out, max);
		for (i = 0; i < n; i++)
			journal_fix_possessive(out[i].what);
		return n;
	}
	if (st->phase == PH_AUCTION) {
		const struct auction *au = &st->auction;
		int seat = (au->opener + au->action - 1) % st->seats.nplayers;

		d->kind = DEC_BID;
		d->country = st->seats.players[seat].country;
		snprintf(d->step, sizeof(d->step), "T%d.A%d.%d", st->turn,
		    au->number, au->action);
		if (aor_auction_seventh(st) && au->high_bid < 0)
			snprintf(d->what, sizeof(d->what), "open auction %d, "
			    "for the seventh country, with a bid of 0 to %d "
			    "naming it as proposal A (box 7) or B (box 8)",
			    au->number, aor_max_bid(st, d->country));
		else if (aor_max_bid(st, d->country) <= au->high_bid)
			/* the order form then offers PASS alone */
			snprintf(d->what, sizeof(d->what), "pass: you cannot "
			    "raise %s's bid of %d (you can pay at most %d)",
			    cname(st, st->seats.players[au->high_seat].country),
			    au->high_bid, aor_max_bid(st, d->country));
		else if (aor_auction_seventh(st))
			snprintf(d->what, sizeof(d->what), "raise %s's bid of "
			    "%d (at most %d) naming the seventh country as "
			    "proposal A (box 7) or B (box 8), or pass",
			    cname(st, st->seats.players[au->high_seat].country),
			    au->high_bid, aor_max_bid(st, d->country));
		else if (au->high_bid < 0)
			snprintf(d->what, sizeof(d->what), "open auction %d "
			    "with a bid of 0 to %d and proposals A and B",
			    au->number, aor_max_bid(st, d->country));
		else
			snprintf(d->what, sizeof(d->what), "raise %s's bid of "
			    "%d (at most %d) with proposals A and B, or pass",
			    cname(st, st->seats.players[au->high_seat].country),
			    au->high_bid, aor_max_bid(st, d->country));
		journal_fix_possessive(d->what);
		return 1;
	}
	if (st->phase == PH_SEGMENTS) {
		aor_segment_order(st, order);
		d->kind = DEC_SEGMENT;
		d->country = order[st->actor];
		snprintf(d->step, sizeof(d->step), "T%d.S%d", st->turn,
		    st->segment);
		snprintf(d->what, sizeof(d->what), "segment %d of %d: place a "
		    "disc in an action box and/or attack, or pass",
		    st->segment, aor_segments_per_turn(st));
		/* reading 4: the holder is told the choice R14 gives him */
		if (st->rules >= 4 && aor_boxes_held(st, d->country,
		    EFF_WAR_OFFICE, &amount) > 0)
			snprintf(d->what + strlen(d->what), sizeof(d->what) -
			    strlen(d->what), "; with War Office, two attacks "
			    "(two ATTACK or CONVERT lines) and no placement "
			    "instead (R14)");
		return 1;
	}
	return 0;
}

/*
 * A step id as numbers: turn, kind (0 auction, 1 segment, 2 combat),
 * major, minor.  Combat steps are T1.C3.DEFEND, T1.C3.JOIN, T1.C3.NPC.
 */
struct step_key {
	int turn, kind, major, minor;
	char part[8];
};

static int
step_key(const char *step, struct step_key *k)
{
	char tail;

	memset(k, 0, sizeof(*k));
	if (sscanf(step, "T%d.A%d.%d%c", &k->turn, &k->major, &k->minor,
	    &tail) == 3) {
		k->kind = 0;
		return 0;
	}
	if (sscanf(step, "T%d.S%d%c", &k->turn, &k->major, &tail) == 2) {
		k->kind = 1;
		k->minor = -1;
		return 0;
	}
	if (sscanf(step, "T%d.C%d.%7[A-Z]%c", &k->turn, &k->major, k->part,
	    &tail) == 3 && (strcmp(k->part, "DEFEND") == 0 ||
	    strcmp(k->part, "JOIN") == 0 || strcmp(k->part, "NPC") == 0)) {
		k->kind = 2;
		return 0;
	}
	return -1;
}

static int
key_cmp(const struct step_key *a, const struct step_key *b)
{
	if (a->turn != b->turn)
		return a->turn < b->turn ? -1 : 1;
	if (a->kind != b->kind)
		return a->kind < b->kind ? -1 : 1;
	if (a->major != b->major)
		return a->major < b->major ? -1 : 1;
	if (a->minor != b->minor)
		return a->minor < b->minor ? -1 : 1;
	return 0;
}

int
aor_parse_step(const char *text, char *out, size_t outlen,
    struct strbuf *err)
{
	char words[4][16];
	long n[3];
	int nw, i;
	struct step_key k;
	char canon[32];

	/* The canonical form, any case. */
	snprintf(canon, sizeof(canon), "%s", text);
	for (i = 0; canon[i]; i++)
		canon[i] = (char)toupper((unsigned char)canon[i]);
	if (step_key(canon, &k) == 0 && k.turn > 0 && k.major > 0 &&
	    (k.kind != 0 || k.minor > 0)) {
		if (k.kind == 2)
			snprintf(out, outlen, "T%d.C%d.%s", k.turn, k.major,
			    k.part);
		else if (k.kind == 0)
			snprintf(out, outlen, "T%d.A%d.%d", k.turn, k.major,
			    k.minor);
		else
			snprintf(out, outlen, "T%d.S%d", k.turn, k.major);
		return 0;
	}
	/* "turn 1 combat 2 defend|join|npc" */
	if (sscanf(text, "%15s %ld %15s %ld %15s", words[0], &n[0], words[1],
	    &n[1], words[2]) == 5 && str_ieq(words[0], "turn") &&
	    str_ieq(words[1], "combat") && n[0] > 0 && n[1] > 0 &&
	    (str_ieq(words[2], "defend") || str_ieq(words[2], "join") ||
	    str_ieq(words[2], "npc"))) {
		for (i = 0; words[2][i]; i++)
			words[2][i] = (char)toupper((unsigned char)words[2][i]);
		snprintf(out, outlen, "T%ld.C%ld.%s", n[0], n[1], words[2]);
		return 0;
	}
	/* "turn 1 auction 2 bid 3" or "turn 1 segment 4" */
	nw = sscanf(text, "%15s %ld %15s %ld %15s %ld", words[0], &n[0],
	    words[1], &n[1], words[2], &n[2]);
	if (nw >= 4 && str_ieq(words[0], "turn") && n[0] > 0 && n[1] > 0) {
		if (nw == 4 && str_ieq(words[1], "segment")) {
			snprintf(out, outlen, "T%ld.S%ld", n[0], n[1]);
			return 0;
		}
		if (nw == 6 && str_ieq(words[1], "auction") &&
		    str_ieq(words[2], "bid") && n[2] > 0) {
			snprintf(out, outlen, "T%ld.A%ld.%ld", n[0], n[1],
			    n[2]);
			return 0;
		}
	}
	sb_addf(err, "bad step '%s' (write e.g. 'T1.A2.3' or 'turn 1 auction "
	    "2 bid 3' for a bid, 'T1.S4' or 'turn 1 segment 4' for a segment, "
	    "'T1.C2.DEFEND', '.JOIN' or '.NPC' for a combat)", text);
	return -1;
}

/* R38 for combat steps: by combat number and who still has to decide. */
static enum step_status
combat_status(const struct aor_state *st, const struct step_key *k,
    int country, struct strbuf *why)
{
	const struct combat *cb = &st->combat;
	struct decision d[RS_MAX_COUNTRIES];
	int n, i, active = cb->stage != CS_NONE;

	if (k->turn < st->turn || st->phase == PH_OVER ||
	    (k->turn == st->turn && (k->major < st->ncombats ||
	    (k->major == st->ncombats && !active)))) {
		sb_addf(why, "combat T%d.C%d was resolved already (R38)",
		    k->turn, k->major);
		return STEP_STALE;
	}
	if (k->turn > st->turn || k->major > st->ncombats)
		return STEP_FUTURE;
	n = aor_pending(st, d, RS_MAX_COUNTRIES);
	for (i = 0; i < n; i++)
		if (d[i].country == country &&
		    strstr(d[i].step, k->part) != NULL)
			return STEP_CURRENT;
	if (strcmp(k->part, "DEFEND") == 0) {
		if (cb->defender != country) {
			sb_addf(why, "%s is not the defender in combat "
			    "T%d.C%d", cname(st, country), k->turn, k->major);
			return STEP_NOT_YOURS;
		}
	} else if (strcmp(k->part, "JOIN") == 0) {
		if (cb->join[country] == JN_NOT_ELIGIBLE) {
			sb_addf(why, "%s may not join combat T%d.C%d: only "
			    "other players of either alliance with a disc in "
			    "the area may (R24)", cname(st, country), k->turn,
			    k->major);
			return STEP_NOT_YOURS;
		}
	} else {
		if (country != cb->attacker && country != cb->defender) {
			sb_addf(why, "only the attacker and the defender buy "
			    "NPC allies (R25)");
			return STEP_NOT_YOURS;
		}
		if (cb->stage == CS_PICKS || (cb->stage == CS_NPC_ATTACKER &&
		    country == cb->defender))
			return STEP_FUTURE;
	}
	sb_addf(why, "%s's decision in combat T%d.C%d was made already (R38)",
	    cname(st, country), k->turn, k->major);
	return STEP_STALE;
}

enum step_status
aor_step_status(const struct aor_state *st, const char *step, int country,
    struct strbuf *why)
{
	struct step_key k, cur;
	int order[RS_MAX_COUNTRIES], n, pos = -1, i;
	struct decision d;

	if (step_key(step, &k) != 0) {
		sb_addf(why, "bad step '%s'", step);
		return STEP_NOT_YOURS;
	}
	if (k.turn > st->rs->num.turns) {
		sb_addf(why, "the game has only %d turns", st->rs->num.turns);
		return STEP_NOT_YOURS;
	}
	if (k.kind == 2)
		return combat_status(st, &k, country, why);
	if (k.kind == 1 && k.major > aor_segments_per_turn(st)) {
		sb_addf(why, "a turn has %d segments with %d players (R13)",
		    aor_segments_per_turn(st), st->seats.nplayers);
		return STEP_NOT_YOURS;
	}
	if (k.kind == 0 && k.turn == st->turn && st->seats.nplayers > 0) {
		int opener = (st->first_opener + k.major - 1) % st->seats.nplayers;
		int seat = (opener + k.minor - 1) % st->seats.nplayers;

		if (st->seats.players[seat].country != country) {
			sb_addf(why, "bid %d of auction %d is %s's, not %s's",
			    k.minor, k.major, cname(st,
			    st->seats.players[seat].country), cname(st, country));
			return STEP_NOT_YOURS;
		}
	}
	/* Where the game stands, from the state. */
	memset(&cur, 0, sizeof(cur));
	cur.turn = st->turn;
	if (st->phase == PH_OVER) {
		sb_add(why, "the game is over");
		return STEP_STALE;
	} else if (st->phase == PH_AUCTION) {
		cur.kind = 0;
		cur.major = st->auction.number;
		cur.minor = st->auction.action;
	} else {
		cur.kind = 1;
		cur.major = st->segment;
		cur.minor = st->actor;
	}
	if (k.kind == 1 && st->phase == PH_SEGMENTS && k.turn == st->turn) {
		n = aor_segment_order(st, order);
		for (i = 0; i < n; i++)
			if (order[i] == country)
				pos = i;
		k.minor = pos;
	}
	i = key_cmp(&k, &cur);
	if (i < 0 || (i == 0 && st->combat.stage != CS_NONE)) {
		sb_addf(why, "step %s was resolved already (R38)", step);
		return STEP_STALE;
	}
	if (i == 0 && aor_pending(st, &d, 1) > 0 && d.country == country)
		return STEP_CURRENT;
	return STEP_FUTURE;
}

int
aor_check(const struct aor_state *st, const struct order *o,
    struct strbuf *err)
{
	if (aor_step_status(st, o->step, o->country, err) != STEP_CURRENT) {
		if (err->len == 0)
			sb_addf(err, "step %s is not %s's current decision",
			    o->step, cname(st, o->country));
		return -1;
	}
	if (st->combat.stage != CS_NONE)
		return aor_combat_check(st, o, err);
	if (st->phase == PH_AUCTION)
		return aor_auction_check(st, o, err);
	return aor_segment_check(st, o, err);
}

void
aor_start(struct ctx *c)
{
	aor_setup(c);
	aor_advance(c);
}

int
aor_apply(struct ctx *c, const struct order *o, struct strbuf *err)
{
	if (aor_check(c->st, o, err) != 0)
		return -1;
	if (AOR_ST(c)->combat.stage != CS_NONE)
		aor_combat_apply(c, o);
	else if (AOR_ST(c)->phase == PH_AUCTION)
		aor_auction_apply(c, o);
	else
		aor_segment_apply(c, o);
	aor_advance(c);
	return 0;
}

int
aor_default(struct ctx *c, const struct decision *d)
{
	if (d->kind == DEC_BID)
		aor_auction_default(c);
	else if (d->kind == DEC_SEGMENT)
		aor_segment_default(c);
	else
		aor_combat_default(c, d);
	aor_advance(c);
	return 0;
}

/*
 * A moderator's adjustment (issue 11), kept in the history like an order
 * so that a replay makes the same correction:
 *   COUNTRY gold|vp|unrest N      COUNTRY discs AREA N
 *   COUNTRY hand +CARD|-CARD      COUNTRY discard +CARD|-CARD
 *   box BOX N COUNTRY|empty       marker MARKER board|bag|out
 *   alliance N COUNTRY|empty
 * Numbers here are values; aor_adjust_canon turns a change (+N, -N) into
 * the value before it is recorded, so the history holds values as it
 * always did (a "+2" recorded by version 0.2 set 2, and still does).
 */

#define ADJ_MAX_WORDS 16

struct adj_words {
	int n;
	char w[ADJ_MAX_WORDS][64];
};

static void
adj_split(const char *text, struct adj_words *aw)
{
	int len;

	aw->n = 0;
	while (aw->n < ADJ_MAX_WORDS && sscanf(text, " %63s%n",
	    aw->w[aw->n], &len) == 1) {
		aw->n++;
		text += len;
	}
}

/* Words from..to-1 joined by spaces. */
static void
adj_join(const struct adj_words *aw, int from, int to, char *out,
    size_t len)
{
	int i;

	out[0] = '\0';
	for (i = from; i < to; i++)
		snprintf(out + strlen(out), len - strlen(out), "%s%s",
		    i > from ? " " : "", aw->w[i]);
}

static const char adj_forms[] = "write COUNTRY gold|vp|unrest N, COUNTRY "
    "discs AREA N (N a value, +N or -N a change), COUNTRY hand|discard "
    "+CARD|-CARD, box BOX N COUNTRY|empty, marker MARKER board|bag|out, or "
    "alliance N COUNTRY|empty";

static const char *const adj_fields[] = { "gold", "vp", "unrest", "discs",
    "hand", "discard" };

/* Index of the field keyword after the country, or -1. */
static int
adj_field(const struct adj_words *aw, int *field)
{
	int i;
	size_t k;

	for (i = 1; i < aw->n; i++)
		for (k = 0; k < ARRAY_SIZE(adj_fields); k++)
			if (str_ieq(aw->w[i], adj_fields[k])) {
				*field = (int)k;
				return i;
			}
	return -1;
}

/* COUNTRY or "empty" in words from..n-1: the country, NO_COUNTRY, -2. */
static int
adj_occupant(const struct aor_state *st, const struct adj_words *aw,
    int from, struct strbuf *err)
{
	char who[256];
	int co;

	adj_join(aw, from, aw->n, who, sizeof(who));
	if (str_ieq(who, "empty"))
		return NO_COUNTRY;
	if ((co = rs_find_country(st->rs, who, err)) < 0)
		return -2;
	return co;
}

static int
adj_box(struct ctx *c, const struct adj_words *aw, struct strbuf *err)
{
	struct aor_state *st = c->st;
	char kind[256];
	int i, k, before, co;
	long n;

	for (i = 2; i < aw->n; i++)
		if (parse_int(aw->w[i], 1, RS_MAX_INSTANCES, &n) == 0)
			break;
	if (i >= aw->n - 1) {
		sb_addf(err, "write box BOX N COUNTRY|empty");
		return -1;
	}
	adj_join(aw, 1, i, kind, sizeof(kind));
	if ((k = rs_find_boxkind(st->rs, kind, err)) < 0)
		return -1;
	if (n > st->rs->boxkinds[k].count) {
		sb_addf(err, "%s has %d box%s", st->rs->boxkinds[k].name.en,
		    st->rs->boxkinds[k].count, st->rs->boxkinds[k].count == 1 ?
		    "" : "es");
		return -1;
	}
	if ((co = adj_occupant(st, aw, i + 1, err)) == -2)
		return -1;
	if (co != NO_COUNTRY && !aor_is_player(st, co)) {
		sb_addf(err, "%s is not led by a player", cname(st, co));
		return -1;
	}
	before = st->box[k][n - 1];
	if (co != NO_COUNTRY && co != before && aor_supply(st, co) < 1) {
		sb_addf(err, "%s has no disc in supply (R3)", cname(st, co));
		return -1;
	}
	st->box[k][n - 1] = co;
	ev(c, "adjust", co, "The moderator sets %s box %ld to %s (until now "
	    "%s).", st->rs->boxkinds[k].name.en, n, co == NO_COUNTRY ?
	    "empty" : cname(st, co), before == NO_COUNTRY ? "empty" :
	    cname(st, before));
	return 0;
}

static int
adj_marker(struct ctx *c, const struct adj_words *aw, struct strbuf *err)
{
	static const char *const places[] = { "the bag", "the board",
	    "out of the game" };
	struct aor_state *st = c->st;
	enum marker_place to;
	int m, before;

	if (aw->n != 3) {
		sb_add(err, "write marker MARKER board|bag|out");
		return -1;
	}
	if ((m = rs_find_marker(st->rs, aw->w[1], err)) < 0)
		return -1;
	if (str_ieq(aw->w[2], "board"))
		to = MK_BOARD;
	else if (str_ieq(aw->w[2], "bag"))
		to = MK_BAG;
	else if (str_ieq(aw->w[2], "out"))
		to = MK_OUT;
	else {
		sb_addf(err, "a marker goes to the board, the bag or out, not "
		    "'%s'", aw->w[2]);
		return -1;
	}
	before = st->marker[m];
	st->marker[m] = to;
	ev(c, "adjust", NO_COUNTRY, "The moderator moves marker %s (%s) from "
	    "%s to %s.", st->rs->markers[m].id,
	    st->rs->areas[st->rs->markers[m].area].name.en, places[before],
	    places[to]);
	return 0;
}

static int
adj_alliance(struct ctx *c, const struct adj_words *aw, struct strbuf *err)
{
	struct aor_state *st = c->st;
	int co, before, i;
	long n;

	if (aw->n < 3 || parse_int(aw->w[1], 1, st->rs->num.alliance_boxes,
	    &n) != 0) {
		sb_addf(err, "write alliance N COUNTRY|empty, N from 1 to %d",
		    st->rs->num.alliance_boxes);
		return -1;
	}
	if ((co = adj_occupant(st, aw, 2, err)) == -2)
		return -1;
	for (i = 0; co != NO_COUNTRY && i < st->rs->num.alliance_boxes; i++)
		if (i != n - 1 && st->alliance[i] == co) {
			sb_addf(err, "%s is in alliance box %d already: empty "
			    "it first", cname(st, co), i + 1);
			return -1;
		}
	before = st->alliance[n - 1];
	st->alliance[n - 1] = co;
	ev(c, "adjust", co, "The moderator sets alliance box %ld to %s (until "
	    "now %s).", n, co == NO_COUNTRY ? "empty" : cname(st, co),
	    before == NO_COUNTRY ? "empty" : cname(st, before));
	return 0;
}

static int
adj_count(unsigned set)
{
	int n = 0;

	for (; set != 0; set &= set - 1)
		n++;
	return n;
}

/* Hands and discard piles are secret: the card shows to its owner only. */
static int
adj_cards(struct ctx *c, int co, int discard, const struct adj_words *aw,
    int at, struct strbuf *err)
{
	struct aor_state *st = c->st;
	unsigned *set = discard ? &st->discard[co] : &st->hand[co];
	unsigned *other = discard ? &st->hand[co] : &st->discard[co];
	const char *pile = discard ? "discard pile" : "hand";
	char name[128];
	int card, add, from_other;

	if (aw->n < at + 2 || (aw->w[at + 1][0] != '+' &&
	    aw->w[at + 1][0] != '-')) {
		sb_addf(err, "write COUNTRY %s +CARD or -CARD", pile);
		return -1;
	}
	add = aw->w[at + 1][0] == '+';
	adj_join(aw, at + 1, aw->n, name, sizeof(name));
	if ((card = rs_find_card(st->rs, co, name + 1, err)) < 0)
		return -1;
	if (add == (int)((*set >> card) & 1)) {
		sb_addf(err, "card %s is %s %s's %s already", st->rs->
		    countries[co].cards[card].id, add ? "in" : "not in",
		    cname(st, co), pile);
		return -1;
	}
	from_other = add && ((*other >> card) & 1);
	if (add) {
		*set |= 1u << card;
		*other &= ~(1u << card);
	} else
		*set &= ~(1u << card);
	if (add)
		ev_private(c, "adjust", co, "The moderator puts card %s into "
		    "%s's %s%s.", st->rs->countries[co].cards[card].id,
		    cname(st, co), pile, from_other ? (discard ?
		    " (from the hand)" : " (from the discard pile)") : "");
	else
		ev_private(c, "adjust", co, "The moderator takes card %s out "
		    "of %s's %s.", st->rs->countries[co].cards[card].id,
		    cname(st, co), pile);
	ev(c, "adjust", co, "The moderator corrects %s's cards: %d in the "
	    "hand, %d on the discard pile.", cname(st, co),
	    adj_count(st->hand[co]), adj_count(st->discard[co]));
	return 0;
}

int
aor_adjust(struct ctx *c, const char *text, struct strbuf *err)
{
	struct aor_state *st = c->st;
	struct adj_words aw;
	char who[256], area[256];
	const char *what;
	long v;
	int co, a, *field, before, at, f;

	adj_split(text, &aw);
	if (aw.n > 0 && str_ieq(aw.w[0], "box"))
		return adj_box(c, &aw, err);
	if (aw.n > 0 && str_ieq(aw.w[0], "marker"))
		return adj_marker(c, &aw, err);
	if (aw.n > 0 && str_ieq(aw.w[0], "alliance"))
		return adj_alliance(c, &aw, err);
	if ((at = adj_field(&aw, &f)) < 0 || at + 1 >= aw.n) {
		sb_addf(err, "bad adjustment '%s' (%s)", text, adj_forms);
		return -1;
	}
	what = aw.w[at];
	adj_join(&aw, 0, at, who, sizeof(who));
	co = rs_find_country(st->rs, who, err);
	if (co < 0)
		return -1;
	if (f == 3) {		/* discs */
		if (aw.n < at + 3 || parse_int(aw.w[aw.n - 1], 0,
		    st->rs->num.discs, &v) != 0) {
			sb_add(err, "write COUNTRY discs AREA N");
			return -1;
		}
		adj_join(&aw, at + 1, aw.n - 1, area, sizeof(area));
		a = rs_find_area(st->rs, area, err);
		if (a < 0)
			return -1;
		before = st->discs[a][co];
		if (aor_supply(st, co) + before - v < 0) {
			sb_addf(err, "%s has only %d discs (R3)", cname(st, co),
			    st->rs->num.discs);
			return -1;
		}
		st->discs[a][co] = (int)v;
		ev(c, "adjust", co, "The moderator sets %s's discs in %s from "
		    "%d to %ld.", cname(st, co), st->rs->areas[a].name.en,
		    before, v);
		return 0;
	}
	if (!aor_is_player(st, co)) {
		sb_addf(err, "%s is not led by a player", cname(st, co));
		return -1;
	}
	if (f >= 4)
		return adj_cards(c, co, f == 5, &aw, at, err);
	if (aw.n != at + 2 || parse_int(aw.w[at + 1], 0, 1000, &v) != 0) {
		sb_addf(err, "bad number in '%s'", text);
		return -1;
	}
	field = f == 0 ? &st->gold[co] : f == 1 ? &st->vp[co] :
	    &st->unrest[co];
	if (f == 2 && v > st->rs->num.max_unrest) {
		sb_addf(err, "unrest goes up to %d (R4)",
		    st->rs->num.max_unrest);
		return -1;
	}
	before = *field;
	*field = (int)v;
	ev(c, "adjust", co, "The moderator sets %s's %s from %d to %ld.",
	    cname(st, co), what, before, v);
	return 0;
}

int
aor_adjust_canon(const struct aor_state *st, const char *text,
    struct strbuf *out, struct strbuf *err)
{
	struct adj_words aw;
	const char *num, *p;
	char who[256], area[256];
	long v, cur;
	int at, f = 0, co, a, i;

	adj_split(text, &aw);
	at = adj_field(&aw, &f);
	if (aw.n == 0 || str_ieq(aw.w[0], "box") || str_ieq(aw.w[0],
	    "marker") || str_ieq(aw.w[0], "alliance") || at < 0 || f >= 4 ||
	    at + 1 >= aw.n) {
		for (i = 0; i < aw.n; i++)
			sb_addf(out, "%s%s", i ? " " : "", aw.w[i]);
		return 0;
	}
	num = aw.w[aw.n - 1];
	/* a value is digits; a change is + or - and digits; nothing else */
	for (p = num + (*num == '+' || *num == '-'); *p >= '0' && *p <= '9';
	    p++)
		;
	if (*p != '\0' || p == num + (*num == '+' || *num == '-')) {
		sb_addf(err, "bad number '%s' in '%s' (write N to set, +N or "
		    "-N to change)", num, text);
		return -1;
	}
	if (parse_int(num, -1000, 1000, &v) != 0) {
		sb_addf(err, "number '%s' out of range", num);
		return -1;
	}
	if (*num == '+' || *num == '-') {
		adj_join(&aw, 0, at, who, sizeof(who));
		if ((co = rs_find_country(st->rs, who, err)) < 0)
			return -1;
		if (f == 3) {
			adj_join(&aw, at + 1, aw.n - 1, area, sizeof(area));
			if ((a = rs_find_area(st->rs, area, err)) < 0)
				return -1;
			cur = st->discs[a][co];
		} else
			cur = f == 0 ? st->gold[co] : f == 1 ? st->vp[co] :
			    st->unrest[co];
		if (cur + v < 0) {
			sb_addf(err, "%s: %s has %ld, which cannot go below 0",
			    text, cname(st, co), cur);
			return -1;
		}
		snprintf(aw.w[aw.n - 1], sizeof(aw.w[0]), "%ld", cur + v);
	}
	for (i = 0; i < aw.n; i++)
		sb_addf(out, "%s%s", i ? " " : "", aw.w[i]);
	return 0;
}
