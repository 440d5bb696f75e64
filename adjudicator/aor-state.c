/*
 * aor-state.c - the Age of Reason state: helpers, journal, XML form.
 */
#include "aor.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/tree.h>

#include "util.h"
#include "xmlutil.h"

int
aor_variant_by_name(const char *name)
{
	int i;

	for (i = 0; i < aor_nvariants; i++)
		if (strcmp(aor_variants[i].name, name) == 0)
			return (int)aor_variants[i].flag;
	return 0;
}

void
aor_state_init(struct aor_state *st, const struct ruleset *rs)
{
	int i, k;

	memset(st, 0, sizeof(*st));
	st->rs = rs;
	st->rules = AOR_RULES_CURRENT;	/* game_load sets a file's own */
	st->phase = PH_SETUP;
	for (i = 0; i < RS_MAX_COUNTRIES; i++)
		st->seats.seat_of[i] = -1;
	for (i = 0; i < RS_MAX_BOXKINDS; i++)
		for (k = 0; k < RS_MAX_INSTANCES; k++)
			st->box[i][k] = NO_COUNTRY;
	for (i = 0; i < RS_MAX_ALLIANCE_BOXES; i++)
		st->alliance[i] = NO_COUNTRY;
	st->auction.high_bid = -1;
	st->auction.a = st->auction.b = NO_COUNTRY;
}

/* Shared helpers. */

const char *
cname(const struct aor_state *st, int country)
{
	if (country < 0 || country >= st->rs->ncountries)
		return "nobody";
	return st->rs->countries[country].name.en;
}

int
aor_is_player(const struct aor_state *st, int country)
{
	return country >= 0 && st->seats.seat_of[country] >= 0;
}

int
aor_discs_in_areas(const struct aor_state *st, int country)
{
	int a, n = 0;

	for (a = 0; a < st->rs->nareas; a++)
		n += st->discs[a][country];
	return n;
}

int
aor_discs_in_boxes(const struct aor_state *st, int country)
{
	int k, i, n = 0;

	for (k = 0; k < st->rs->nboxkinds; k++)
		for (i = 0; i < st->rs->boxkinds[k].count; i++)
			n += st->box[k][i] == country;
	return n;
}

int
aor_boxes_held(const struct aor_state *st, int country, enum box_effect eff,
    int *amount)
{
	const struct ruleset *rs = st->rs;
	int k, i, n = 0;

	*amount = 0;
	for (k = 0; k < rs->nboxkinds; k++)
		if (rs->boxkinds[k].effect == eff)
			for (i = 0; i < rs->boxkinds[k].count; i++)
				if (st->box[k][i] == country) {
					n++;
					*amount += rs->boxkinds[k].amount;
				}
	return n;
}

/* R3: 22 discs for areas and boxes together. */
int
aor_supply(const struct aor_state *st, int country)
{
	return st->rs->num.discs - aor_discs_in_areas(st, country) -
	    aor_discs_in_boxes(st, country);
}

/* R5: gold plus what borrowing can still bring. */
int
aor_max_bid(const struct aor_state *st, int country)
{
	return st->gold[country] + st->rs->num.borrow_gold *
	    (st->rs->num.max_unrest - st->unrest[country]);
}

int
aor_can_pay(const struct aor_state *st, int country, int cost)
{
	return cost <= aor_max_bid(st, country);
}

void
aor_gain_unrest(struct ctx *c, int country, int n, const char *why)
{
	struct aor_state *st = c->st;
	int before = st->unrest[country];

	if (!aor_is_player(st, country) || n <= 0)
		return;
	st->unrest[country] += n;
	if (st->unrest[country] > st->rs->num.max_unrest)
		st->unrest[country] = st->rs->num.max_unrest;	/* R4 */
	ev(c, "unrest", country, "%s gains %d unrest (%s): level %d to %d.",
	    cname(st, country), n, why, before, st->unrest[country]);
}

/*
 * R5: pays cost, borrowing 2 gold per unrest step, as few steps as cover
 * the debt.  The caller has checked aor_can_pay.
 */
void
aor_pay(struct ctx *c, int country, int cost, const char *what)
{
	struct aor_state *st = c->st;
	int bg = st->rs->num.borrow_gold;

	if (cost <= 0)
		return;
	if (st->gold[country] < cost) {
		int need = cost - st->gold[country];
		int steps = (need + bg - 1) / bg;
		int room = st->rs->num.max_unrest - st->unrest[country];

		if (steps > room)
			steps = room;
		st->gold[country] += steps * bg;
		st->unrest[country] += steps;
		ev(c, "borrow", country, "%s borrows %d gold for %d unrest "
		    "(R5): unrest level now %d.", cname(st, country),
		    steps * bg, steps, st->unrest[country]);
	}
	st->gold[country] -= cost;
	if (st->gold[country] < 0)
		st->gold[country] = 0;
	ev(c, "pay", country, "%s pays %d gold for %s.", cname(st, country),
	    cost, what);
}

int
aor_segments_per_turn(const struct aor_state *st)
{
	const struct rs_numbers *n = &st->rs->num;

	return st->seats.nplayers >= n->large_game_players ? n->segments_large :
	    n->segments_small;
}

/* R13: alliance boxes 1, 2, 3, ... skipping non-player countries. */
int
aor_segment_order(const struct aor_state *st, int *order)
{
	int i, n = 0;

	for (i = 0; i < st->rs->num.alliance_boxes; i++)
		if (aor_is_player(st, st->alliance[i]))
			order[n++] = st->alliance[i];
	return n;
}

/*
 * The next player of the segment acts, or the segment is over.  Only
 * bookkeeping: aor_apply and aor_default move the game on (aor_advance)
 * after every action, so phase code never calls the flow.
 */
void
aor_segment_next(struct ctx *c)
{
	struct aor_state *st = c->st;
	int order[RS_MAX_COUNTRIES];
	int n = aor_segment_order(st, order);

	if (++st->actor < n)
		return;
	st->actor = 0;
	st->segment++;
}

/* R9: top row is boxes 1, 3, 5, 7 (alliance 0), bottom row 2, 4, 6, 8. */
int
aor_alliance_of(const struct aor_state *st, int country)
{
	int i;

	for (i = 0; i < st->rs->num.alliance_boxes; i++)
		if (st->alliance[i] == country)
			return i % 2;
	return -1;
}

/* XML form. */

static const char *const phase_names[] = {
	"setup", "auction", "segments", "over"
};

/*
 * The state is written through a small writer: as elements under a node
 * (aor_state_xml, for the game file and reports), or straight as the text
 * that xmlNodeDump would give for those elements, unformatted (the
 * digest).  One walk for both, so that they cannot differ; the text needs
 * no tree, which made the digest of every history entry most of verify's
 * cost (issue 12).
 */
struct sw {
	xmlNode *node;		/* tree: the element open now */
	struct strbuf *sb;	/* text, or NULL */
	int in_tag;		/* text: a start tag not closed by '>' yet */
	const char *open[8];	/* text: the elements open */
	int depth;
};

static void
sw_open(struct sw *w, const char *name)
{
	if (w->sb == NULL) {
		w->node = xml_add(w->node, name, NULL);
		return;
	}
	if (w->in_tag)
		sb_addc(w->sb, '>');
	sb_addc(w->sb, '<');
	sb_add(w->sb, name);
	w->open[w->depth++] = name;
	w->in_tag = 1;
}

static void
sw_close(struct sw *w)
{
	if (w->sb == NULL) {
		w->node = w->node->parent;
		return;
	}
	w->depth--;
	if (w->in_tag)
		sb_add(w->sb, "/>");
	else {
		sb_add(w->sb, "</");
		sb_add(w->sb, w->open[w->depth]);
		sb_addc(w->sb, '>');
	}
	w->in_tag = 0;
}

/* An attribute, escaped as libxml2 escapes attribute values. */
static void
sw_set(struct sw *w, const char *name, const char *v)
{
	if (w->sb == NULL) {
		xml_set(w->node, name, v);
		return;
	}
	sb_addc(w->sb, ' ');
	sb_add(w->sb, name);
	sb_add(w->sb, "=\"");
	for (; *v != '\0'; v++) {
		size_t n = strcspn(v, "<>&\"\n\r\t");

		if (n > 0) {
			sb_addn(w->sb, v, n);
			v += n - 1;
			continue;
		}
		switch (*v) {
		case '<': sb_add(w->sb, "&lt;"); break;
		case '>': sb_add(w->sb, "&gt;"); break;
		case '&': sb_add(w->sb, "&amp;"); break;
		case '"': sb_add(w->sb, "&quot;"); break;
		case '\n': sb_add(w->sb, "&#10;"); break;
		case '\r': sb_add(w->sb, "&#13;"); break;
		case '\t': sb_add(w->sb, "&#9;"); break;
		}
	}
	sb_addc(w->sb, '"');
}

static void
sw_set_int(struct sw *w, const char *name, long v)
{
	char buf[32], *p = buf + sizeof(buf) - 1;
	unsigned long u = v < 0 ? -(unsigned long)v : (unsigned long)v;

	*p = '\0';
	do
		*--p = (char)('0' + u % 10);
	while ((u /= 10) != 0);
	if (v < 0)
		*--p = '-';
	sw_set(w, name, p);
}

/* An empty element with one attribute. */
static void
sw_leaf(struct sw *w, const char *name, const char *attr, const char *v)
{
	sw_open(w, name);
	sw_set(w, attr, v);
	sw_close(w);
}

static void
cards_xml(const struct aor_state *st, struct sw *w, const char *name,
    int country, unsigned set)
{
	int i;

	sw_open(w, name);
	for (i = 0; i < st->rs->countries[country].ncards; i++)
		if (set & (1u << i))
			sw_leaf(w, "card", "id",
			    st->rs->countries[country].cards[i].id);
	sw_close(w);
}

static int
popcount(unsigned v)
{
	int n = 0;

	for (; v; v &= v - 1)
		n++;
	return n;
}

static void
state_write(const struct aor_state *st, struct sw *w)
{
	const struct ruleset *rs = st->rs;
	int c, a, k, i;

	sw_open(w, "state");
	sw_set_int(w, "turn", st->turn);
	sw_set(w, "phase", phase_names[st->phase]);
	if (st->seats.nplayers > 0)
		sw_set(w, "start-player",
		    rs->countries[st->seats.players[st->start_seat].country].name.id);
	for (c = 0; c < rs->ncountries; c++) {
		sw_open(w, "country");
		sw_set(w, "id", rs->countries[c].name.id);
		sw_set(w, "player", aor_is_player(st, c) ? "yes" : "no");
		sw_set_int(w, "supply", aor_supply(st, c));
		sw_set_int(w, "discs-in-areas", aor_discs_in_areas(st, c));
		if (aor_is_player(st, c)) {
			sw_set_int(w, "gold", st->gold[c]);
			sw_set_int(w, "vp", st->vp[c]);
			sw_set_int(w, "unrest", st->unrest[c]);
			sw_set_int(w, "hand-count", popcount(st->hand[c]));
			sw_set_int(w, "discard-count",
			    popcount(st->discard[c]));
			cards_xml(st, w, "hand", c, st->hand[c]);
			cards_xml(st, w, "discard", c, st->discard[c]);
		}
		sw_close(w);
	}
	for (a = 0; a < rs->nareas; a++) {
		sw_open(w, "area");
		sw_set(w, "id", rs->areas[a].name.id);
		for (c = 0; c < rs->ncountries; c++) {
			if (st->discs[a][c] == 0)
				continue;
			sw_open(w, "discs");
			sw_set(w, "country", rs->countries[c].name.id);
			sw_set_int(w, "count", st->discs[a][c]);
			sw_close(w);
		}
		for (i = 0; i < rs->nmarkers; i++)
			if (rs->markers[i].area == a &&
			    st->marker[i] == MK_BOARD)
				sw_leaf(w, "marker", "id", rs->markers[i].id);
		sw_close(w);
	}
	sw_open(w, "bag");
	for (i = 0; i < rs->nmarkers; i++)
		if (st->marker[i] == MK_BAG)
			sw_leaf(w, "marker", "id", rs->markers[i].id);
	sw_close(w);
	sw_open(w, "boxes");
	for (k = 0; k < rs->nboxkinds; k++)
		for (i = 0; i < rs->boxkinds[k].count; i++) {
			if (st->box[k][i] == NO_COUNTRY)
				continue;
			sw_open(w, "box");
			sw_set(w, "kind", rs->boxkinds[k].name.id);
			sw_set_int(w, "instance", i + 1);
			sw_set(w, "country",
			    rs->countries[st->box[k][i]].name.id);
			sw_close(w);
		}
	sw_close(w);
	sw_open(w, "alliances");
	for (i = 0; i < rs->num.alliance_boxes; i++) {
		if (st->alliance[i] == NO_COUNTRY)
			continue;
		sw_open(w, "slot");
		sw_set_int(w, "box", i + 1);
		sw_set(w, "country", rs->countries[st->alliance[i]].name.id);
		sw_close(w);
	}
	sw_close(w);
	if (st->phase == PH_AUCTION) {
		const struct auction *au = &st->auction;

		sw_open(w, "auction");
		sw_set_int(w, "number", au->number);
		sw_set(w, "opener", rs->countries[st->seats.players[au->opener]
		    .country].name.id);
		sw_set_int(w, "action", au->action);
		sw_set_int(w, "passes", au->passes);
		if (au->high_bid >= 0) {
			sw_set_int(w, "high-bid", au->high_bid);
			sw_set(w, "high-bidder", rs->countries[st->seats.players[
			    au->high_seat].country].name.id);
			/* R9: the seventh country's bid names A or B */
			if (au->a != NO_COUNTRY)
				sw_set(w, "a", rs->countries[au->a].name.id);
			if (au->b != NO_COUNTRY)
				sw_set(w, "b", rs->countries[au->b].name.id);
		}
		sw_close(w);
	}
	if (st->phase == PH_SEGMENTS) {
		sw_open(w, "segment");
		sw_set_int(w, "number", st->segment);
		sw_set_int(w, "of", aor_segments_per_turn(st));
		sw_set_int(w, "actor", st->actor + 1);
		sw_close(w);
	}
	if (st->combat.stage != CS_NONE) {
		/* Only what the table sees: no card, no join choice (R39). */
		const struct combat *cb = &st->combat;
		static const char *const stages[] = { "none", "picks",
		    "npc-attacker", "npc-defender" };

		sw_open(w, "combat");
		sw_set_int(w, "number", cb->number);
		sw_set(w, "stage", stages[cb->stage]);
		sw_set(w, "attacker", rs->countries[cb->attacker].name.id);
		sw_set(w, "area", rs->areas[cb->att.area].name.id);
		if (cb->att.kind == ATK_MARKER)
			sw_set(w, "marker", rs->markers[cb->att.marker].id);
		else
			sw_set(w, "defender",
			    rs->countries[cb->defender].name.id);
		for (c = 0; c < rs->ncountries; c++) {
			if (cb->join[c] == JN_NOT_ELIGIBLE)
				continue;
			sw_open(w, "ally");
			sw_set(w, "country", rs->countries[c].name.id);
			sw_set(w, "side", cb->side[c] ? "defender" :
			    "attacker");
			sw_set(w, "decided", cb->join[c] == JN_PENDING ? "no" :
			    cb->join[c] == JN_OUT ? "stays-out" :
			    "card-face-down");
			sw_close(w);
		}
		sw_close(w);
	}
	for (i = 0; i < st->nwinners; i++)
		sw_leaf(w, "winner", "country",
		    rs->countries[st->winners[i]].name.id);
	sw_close(w);
}

void
aor_state_xml(const struct aor_state *st, xmlNode *parent)
{
	struct sw w;

	memset(&w, 0, sizeof(w));
	w.node = parent;
	state_write(st, &w);
}

void
aor_state_digest(const struct aor_state *st, char out[65])
{
	struct strbuf sb;
	struct sw w;

	/*
	 * Public state only: a digest over a pending secret pick could be
	 * brute-forced from the few cards there are (R39).  The picks are
	 * fixed by the history all the same.
	 */
	sb_init(&sb);
	memset(&w, 0, sizeof(w));
	w.sb = &sb;
	state_write(st, &w);
	sha256_hex(sb.buf, sb.len, out);
	sb_release(&sb);
}
