/*
 * ren-module.c - Age of Renaissance as a game module (module.h): the
 * machinery's untyped calls turned into the rules' own (ren.h).
 *
 * The sides are the seats p1 .. p6 ("player 1" ..): a player's capital is
 * only known after the capital bid (RR3), and a side's name must be known
 * when the game is made.  A game of the revised map (RR42) has its own
 * ruleset with the data file's variant applied (ruleset_variants).  Its
 * reports are templates/renaissance-text.xsl and renaissance-html.xsl
 * (issue 20 point 5).
 */
#include "module.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/tree.h>

#include "orders.h"
#include "ren.h"
#include "util.h"
#include "xmlutil.h"

_Static_assert(REN_MAX_PLAYERS <= GAME_MAX_SIDES,
    "the machinery's per-side arrays hold every seat");

/* The module's state: the machinery's seats and the rules' state. */
struct ren_module_state {
	struct seating seats;
	struct ren_state st;
};

/*
 * An order line as the machinery stores it: struct ren_item packed into
 * 32 bytes, so that a step holds REN_MODULE_ITEMS lines.
 */
struct packed_item {
	unsigned char kind, flag, nrank, nprov;
	short line, n, a, protection, trade;
	signed char commodity, target, category, area;
	signed char rank[REN_MAX_CAPITALS];
	short prov[3];
};
#define REN_MODULE_ITEMS (ORDER_ITEMS_BYTES / (int)sizeof(struct packed_item))
_Static_assert(sizeof(struct packed_item) * 16 <= ORDER_ITEMS_BYTES,
    "sixteen lines a step");

static void
pack(const struct ren_item *it, struct packed_item *p)
{
	int k;

	memset(p, 0, sizeof(*p));
	p->kind = (unsigned char)it->kind;
	p->flag = (unsigned char)it->flag;
	p->line = (short)it->line;
	p->n = (short)it->n;
	p->a = (short)it->a;
	p->nrank = (unsigned char)it->nrank;
	for (k = 0; k < REN_MAX_CAPITALS; k++)
		p->rank[k] = (signed char)it->rank[k];
	if (it->kind != RI_PLAY) {
		/* RR25's script fields use a step's free PLAY slots, zero
		   in the steps stored before them */
		p->commodity = (signed char)it->retry;
		p->target = (signed char)it->ifwon;
		p->prov[0] = (short)(unsigned short)it->label;
		p->prov[1] = (short)(unsigned short)it->iflabel;
	} else {
		p->commodity = (signed char)it->play.commodity;
		p->target = (signed char)it->play.target;
		p->category = (signed char)it->play.category;
		p->area = (signed char)it->play.area;
		p->nprov = (unsigned char)it->play.nprov;
		for (k = 0; k < 3; k++)
			p->prov[k] = (short)it->play.prov[k];
		p->protection = (short)it->play.protection;
	}
	p->trade = (short)it->trade;
}

static void
unpack(const struct packed_item *p, struct ren_item *it)
{
	int k;

	memset(it, 0, sizeof(*it));
	it->kind = (enum ren_item_kind)p->kind;
	it->flag = p->flag;
	it->line = p->line;
	it->n = p->n;
	it->a = p->a;
	it->nrank = p->nrank;
	for (k = 0; k < REN_MAX_CAPITALS; k++)
		it->rank[k] = p->rank[k];
	if (it->kind != RI_PLAY) {
		it->retry = p->commodity;
		it->ifwon = p->target;
		it->label = (unsigned short)p->prov[0];
		it->iflabel = (unsigned short)p->prov[1];
	} else {
		it->play.commodity = p->commodity;
		it->play.target = p->target;
		it->play.category = p->category;
		it->play.area = p->area;
		it->play.nprov = p->nprov;
		for (k = 0; k < 3; k++)
			it->play.prov[k] = p->prov[k];
		it->play.protection = p->protection;
	}
	it->trade = p->trade;
}

static const struct variant_info variants[] = {
	{ "euro-skip-first-draw", REN_VAR_EURO_SKIP_FIRST_DRAW, "RR4",
	  "no draw phase in turn 1" },
	{ "original-setup", REN_VAR_ORIGINAL_SETUP, "RR4",
	  "one epoch-1 card dealt to each, nothing held back" },
	/* RR36's epochs to play, 3 unless one of these */
	{ "epochs-1", 1u << 8, "RR36", "the game ends with epoch 1" },
	{ "epochs-2", 1u << 9, "RR36", "the game ends with epoch 2" },
	{ "revised-map", REN_VAR_REVISED_MAP, "RR42",
	  "the 1999 map: Loire, no Smolensk (BOARD 16)" },
	{ "original-turn-order", REN_VAR_ORIGINAL_TURN_ORDER, "RR4",
	  "the order-of-play bid at the end of each turn, for the next" },
};

static const char *const decision_kinds[] = {
	"capital-bid", "euro-return", "token-bid", "remove", "buy", "play",
	"purchase", "expansion", "final-play"
};

/* The ruleset. */

static void *
ruleset_load(xmlNode *root, const char *file)
{
	struct ren_ruleset *rs = xcalloc(1, sizeof(*rs));

	if (ren_ruleset_from_xml(rs, root, file) != 0) {
		free(rs);
		return NULL;
	}
	return rs;
}

static void
ruleset_free(void *rs)
{
	free(rs);
}

/*
 * RR42: the map of a game of the revised map is its own.  A house ruleset
 * without the variant is refused at its <variants> (or its root), one
 * whose variant does not fit at that <variant>.
 */
static int
ruleset_variants(void *rsv, unsigned var, int *line, struct strbuf *err)
{
	struct ren_ruleset *rs = rsv;
	int i;

	if (!(var & REN_VAR_REVISED_MAP) ||
	    ren_ruleset_apply_variant(rs, "revised-map", err) == 0)
		return 0;
	*line = rs->variants_line;
	for (i = 0; i < rs->nvariants; i++)
		if (strcmp(rs->variants[i].id, "revised-map") == 0)
			*line = rs->variants[i].line;
	return -1;
}

static int
ruleset_ids_ok(xmlNode *root, const char *file)
{
	struct ren_ruleset *rs = ruleset_load(root, file);

	free(rs);
	return rs != NULL ? 0 : -1;
}

static void
players_range(const void *rs, int *min, int *max)
{
	(void)rs;
	*min = REN_MIN_PLAYERS;
	*max = REN_MAX_PLAYERS;
}

static const char *const seat_ids[REN_MAX_PLAYERS] = {
	"p1", "p2", "p3", "p4", "p5", "p6"
};
static const char *const seat_names[REN_MAX_PLAYERS] = {
	"player 1", "player 2", "player 3", "player 4", "player 5",
	"player 6"
};

static int
ncountries(const void *rs)
{
	(void)rs;
	return REN_MAX_PLAYERS;
}

static int
country_by_id(const void *rs, const char *id)
{
	int k;

	(void)rs;
	for (k = 0; k < REN_MAX_PLAYERS; k++)
		if (strcmp(seat_ids[k], id) == 0)
			return k;
	return -1;
}

static int
country_find(const void *rs, const char *text, struct strbuf *err)
{
	char f[32];
	int k;

	name_fold(text, f, sizeof(f), 0);
	for (k = 0; k < REN_MAX_PLAYERS; k++) {
		char g[32];

		name_fold(seat_names[k], g, sizeof(g), 0);
		if (strcmp(f, g) == 0 || strcmp(f, seat_ids[k]) == 0)
			return country_by_id(rs, seat_ids[k]);
	}
	if (err != NULL)
		sb_addf(err, "unknown player '%s' (the seats are p1 to p6)",
		    text);
	return -1;
}

static const char *
country_id(const void *rs, int c)
{
	(void)rs;
	return c >= 0 && c < REN_MAX_PLAYERS ? seat_ids[c] : "nobody";
}

static const char *
country_name(const void *rs, int c)
{
	(void)rs;
	return c >= 0 && c < REN_MAX_PLAYERS ? seat_names[c] : "nobody";
}

/* The state. */

static void
state_init(void *st, const void *rs, unsigned var, int reading)
{
	struct ren_module_state *s = st;
	int epochs = var & (1u << 8) ? 1 : var & (1u << 9) ? 2 : 3;
	int i;

	/* no seat taken: new --player fills them (cmd-new.c) */
	for (i = 0; i < GAME_MAX_SIDES; i++)
		s->seats.seat_of[i] = -1;
	/* issue 19's game_set_module inits before the ruleset is loaded */
	if (rs == NULL)
		return;
	ren_state_init(&s->st, rs, REN_MAX_PLAYERS, var & 0xff, epochs);
	s->st.reading = reading;
}

static struct seating *
seating(void *st)
{
	return &((struct ren_module_state *)st)->seats;
}

static void
state_pack(const void *st, void *bytes)
{
	struct ren_module_state *s = bytes;

	memcpy(s, st, sizeof(*s));
	s->st.rs = NULL;
}

static void
state_unpack(void *st, const void *bytes, const void *rs)
{
	struct ren_module_state *s = st;

	memcpy(s, bytes, sizeof(*s));
	s->st.rs = rs;
}

static void
cards_xml(const struct ren_state *st, xmlNode *parent, uint64_t set)
{
	int k;

	for (k = 0; k < st->rs->ncards; k++)
		if (set >> k & 1)
			xml_set(xml_add(parent, "card", NULL), "id",
			    st->rs->cards[k].id);
}

/* The public state, and the hands, under <state>: byte-stable. */
/*
 * Where a player's ships carry tokens that land and caravans do not
 * reach now (RR26), for the reports' map (issue 20.5): province ids in
 * the data file's order.
 */
static void
ship_reach_xml(const struct ren_state *st, int p, xmlNode *n)
{
	struct strbuf list, why;
	int i;

	sb_init(&list);
	sb_init(&why);
	for (i = 0; i < st->rs->nprovinces; i++) {
		sb_reset(&why);
		if (ren_reach(st, p, i, &why) == REACH_SHIP)
			sb_addf(&list, "%s%s", list.len ? " " : "",
			    st->rs->provinces[i].id);
	}
	if (list.len > 0)
		xml_set(n, "ship-reach", list.buf);
	sb_release(&why);
	sb_release(&list);
}

static void
state_xml(const void *stv, xmlNode *parent)
{
	const struct ren_state *st = &((const struct ren_module_state *)stv)->st;
	const struct ren_ruleset *rs = st->rs;
	xmlNode *s = xml_add(parent, "state", NULL), *n;
	int p, i, k;

	xml_set_int(s, "turn", st->turn);
	switch (st->phase) {
	case RPH_CAPITAL_BID: xml_set(s, "phase", "capital-bid"); break;
	case RPH_EURO_RETURN: xml_set(s, "phase", "euro-return"); break;
	case RPH_TOKEN_BID: xml_set(s, "phase", "order-of-play"); break;
	case RPH_DRAW: xml_set(s, "phase", "draw"); break;
	case RPH_BUY: xml_set(s, "phase", "buy"); break;
	case RPH_PLAY: xml_set(s, "phase", "play"); break;
	case RPH_PURCHASE: xml_set(s, "phase", "purchase"); break;
	case RPH_EXPANSION: xml_set(s, "phase", "expansion"); break;
	case RPH_END_TURN: xml_set(s, "phase", "end-of-turn"); break;
	case RPH_FINAL_PLAY: xml_set(s, "phase", "final-play"); break;
	default: xml_set(s, "phase", "over"); break;
	}
	xml_set_int(s, "epoch", st->epoch);
	xml_set_int(s, "epochs", st->epochs);
	xml_set_int(s, "draw-pile", st->ndraw);
	for (k = 0; k < st->nplayers; k++) {
		const struct ren_player *pl;

		p = st->order[k];
		pl = &st->p[p];
		n = xml_add(s, "player", NULL);
		xml_set(n, "id", seat_ids[p]);
		if (pl->capital >= 0)
			xml_set(n, "capital",
			    rs->provinces[rs->capitals[pl->capital].province].id);
		xml_set_int(n, "box", pl->box);
		xml_set_int(n, "cash", pl->cash);
		xml_set_int(n, "misery", ren_misery_value(st, p));
		xml_set_int(n, "stock", pl->stock);
		xml_set_int(n, "expansion", pl->expansion);
		xml_set_int(n, "markers", ren_markers_on_map(st, p));
		xml_set_int(n, "cards", ren_hand_size(st, p));
		xml_set_int(n, "score", ren_score(st, p));
		/* the reports tell each player's ships (issue 20.5) */
		if (pl->ship_row != SHIP_NONE) {
			xml_set(n, "ships", pl->ship_row == SHIP_GALLEYS ?
			    "galleys" : pl->ship_row == SHIP_SEAWORTHY ?
			    "seaworthy" : "ocean");
			xml_set_int(n, "ship-level",
			    rs->ship_levels[pl->ship_row][pl->ship_level]);
			ship_reach_xml(st, p, n);
		}
		if (pl->out)
			xml_set(n, "out", "yes");
		for (i = 0; i < REN_NADVANCES; i++)
			if (pl->advances >> i & 1)
				xml_set(xml_add(n, "advance", NULL), "letter",
				    (char[]){ (char)('A' + i), '\0' });
		cards_xml(st, xml_add(n, "hand", NULL), pl->hand);
	}
	for (i = 0; i < rs->nprovinces; i++) {
		int any = st->dom[i] >= 0;

		for (p = 0; p < st->nplayers; p++)
			any |= st->tok[i][p] || st->tok_new[i][p];
		if (!any)
			continue;
		n = xml_add(s, "province", NULL);
		xml_set(n, "id", rs->provinces[i].id);
		if (st->dom[i] >= 0) {
			xml_set(n, "marker", seat_ids[(int)st->dom[i]]);
			if (st->dom_new[i])
				xml_set(n, "new", "yes");
		}
		for (p = 0; p < st->nplayers; p++)
			if (st->tok[i][p] || st->tok_new[i][p]) {
				xmlNode *t = xml_add(n, "tokens", NULL);

				xml_set(t, "player", seat_ids[p]);
				xml_set_int(t, "count", st->tok[i][p]);
				if (st->tok_new[i][p])
					xml_set_int(t, "new",
					    st->tok_new[i][p]);
			}
	}
	for (i = 0; i < rs->ncommodities; i++) {
		int sh = st->shortage[i], su = st->surplus[i];

		if (rs->commodities[i].roll == 12) {
			sh += st->joint_shortage;
			su += st->joint_surplus;
		}
		if (sh || su) {
			n = xml_add(s, "market", NULL);
			xml_set(n, "commodity", rs->commodities[i].id);
			xml_set_int(n, "shortage", sh);
			xml_set_int(n, "surplus", su);
		}
	}
}

static void
state_digest(const void *st, char out[65])
{
	xmlDoc *doc = xmlNewDoc(BAD_CAST "1.0");
	xmlNode *root = xmlNewNode(NULL, BAD_CAST "x");
	xmlBuffer *buf = xmlBufferCreate();
	xmlNode *s, *n;

	xmlDocSetRootElement(doc, root);
	state_xml(st, root);
	/* R39: the hands are not part of the public digest */
	s = xml_child(root, "state");
	for (n = xml_child(s, "player"); n; n = xml_next(n, "player")) {
		xmlNode *h = xml_child(n, "hand");

		if (h != NULL) {
			xmlUnlinkNode(h);
			xmlFreeNode(h);
		}
	}
	xmlNodeDump(buf, doc, s, 0, 0);
	sha256_hex(xmlBufferContent(buf), (size_t)xmlBufferLength(buf), out);
	xmlBufferFree(buf);
	xmlFreeDoc(doc);
}

/* RR39: each hand is its owner's. */
static void
state_hide(xmlNode *state, const char *viewer,
    void (*hide)(xmlNode *n, void *ctx), void *ctx)
{
	xmlNode *n, *h;
	char id[16];

	for (n = xml_child(state, "player"); n; n = xml_next(n, "player")) {
		if (xml_attr(n, "id", id, sizeof(id)) == 0 && viewer != NULL &&
		    strcmp(id, viewer) == 0)
			continue;
		h = xml_child(n, "hand");
		if (h != NULL)
			hide(h, ctx);
	}
}

static void
describe(const void *stv, int brief, struct strbuf *out)
{
	const struct ren_state *st = &((const struct ren_module_state *)stv)->st;
	struct ren_decision d;

	if (st->phase == RPH_OVER) {
		sb_addf(out, "turn %d, game over", st->turn);
		return;
	}
	if (ren_pending(st, &d, 1) > 0)
		sb_addf(out, "%s%s, epoch %d", brief ? "" : "step ", d.step,
		    st->epoch);
	else
		sb_addf(out, "turn %d", st->turn);
}

static int
over(const void *st)
{
	return ((const struct ren_module_state *)st)->st.phase == RPH_OVER;
}

static int
winners(const void *stv, int *countries, int max)
{
	const struct ren_state *st = &((const struct ren_module_state *)stv)->st;
	int i;

	for (i = 0; i < st->nwinners && i < max; i++)
		countries[i] = st->winners[i];
	return i;
}

/* The flow. */

static struct ren_ctx
rctx(struct ctx *c)
{
	struct ren_ctx r;

	r.st = &((struct ren_module_state *)c->st)->st;
	r.dice = c->dice;
	r.j = c->j;
	return r;
}

/* Entry 0: the seats the machinery filled, then the capital bid. */
static void
setup(struct ctx *c)
{
	struct ren_module_state *s = c->st;
	struct ren_ctx r;
	int epochs = s->st.epochs, reading = s->st.reading;

	ren_state_init(&s->st, s->st.rs, s->seats.nplayers, s->st.variants,
	    epochs);
	s->st.reading = reading;
	r = rctx(c);
	ren_start(&r);
}

static int
pending(const void *stv, struct decision *out, int max)
{
	const struct ren_state *st = &((const struct ren_module_state *)stv)->st;
	struct ren_decision ds[REN_MAX_PLAYERS];
	int n = ren_pending(st, ds, REN_MAX_PLAYERS), k;

	for (k = 0; k < n && k < max; k++) {
		snprintf(out[k].step, sizeof(out[k].step), "%s", ds[k].step);
		out[k].country = ds[k].player;
		out[k].kind = (int)ds[k].kind;
		snprintf(out[k].what, sizeof(out[k].what), "%s for %s",
		    decision_kinds[ds[k].kind], ren_pname(st, ds[k].player));
	}
	return k;
}

/* The order form: ren_choices' lines, one string each. */
static int
choices(const void *stv, const struct decision *d, char ***lines)
{
	const struct ren_state *st = &((const struct ren_module_state *)stv)->st;
	struct ren_decision rd;
	struct strbuf sb;
	char *p, *nl;
	int n = 0;

	rd.kind = (enum ren_decision_kind)d->kind;
	rd.player = d->country;
	snprintf(rd.step, sizeof(rd.step), "%s", d->step);
	sb_init(&sb);
	ren_choices(st, &rd, &sb);
	*lines = NULL;
	for (p = sb.buf; *p; p = nl + 1) {
		nl = strchr(p, '\n');
		if (nl == NULL)
			break;
		*nl = '\0';
		*lines = xrealloc(*lines, (size_t)(n + 1) * sizeof(**lines));
		(*lines)[n++] = xstrdup(p);
	}
	sb_release(&sb);
	return n;
}

static int
decision_of(const struct ren_state *st, const char *step, int country,
    struct ren_decision *d)
{
	struct ren_decision ds[REN_MAX_PLAYERS];
	int n = ren_pending(st, ds, REN_MAX_PLAYERS), k;

	for (k = 0; k < n; k++)
		if (ds[k].player == country && strcmp(ds[k].step, step) == 0) {
			*d = ds[k];
			return 0;
		}
	return -1;
}

static int
check(const void *stv, const struct order *o, struct strbuf *err)
{
	const struct ren_state *st = &((const struct ren_module_state *)stv)->st;
	const struct packed_item *pi = (const void *)o->items;
	struct ren_decision d;
	int k;

	if (decision_of(st, o->step, o->country, &d) < 0) {
		sb_addf(err, "%s has no decision %s now", ren_pname(st,
		    o->country), o->step);
		return -1;
	}
	for (k = 0; k < o->nitems; k++) {
		struct ren_item it;

		unpack(&pi[k], &it);
		if (it.kind == RI_TOKENS && (it.n < 0 ? -it.n : it.n) >
		    st->p[o->country].cash) {
			sb_addf(err, "line %d: %d tokens, and %s has $%d "
			    "(RR5)", it.line, it.n, ren_pname(st, o->country),
			    st->p[o->country].cash);
			return -1;
		}
	}
	return 0;
}

static int
apply(struct ctx *c, const struct order *o, struct strbuf *err)
{
	struct ren_ctx r = rctx(c);
	struct ren_item items[REN_MODULE_ITEMS];
	const struct packed_item *pi = (const void *)o->items;
	int k;

	for (k = 0; k < o->nitems && k < REN_MODULE_ITEMS; k++) {
		unpack(&pi[k], &items[k]);
		/* a replay parses the stored step without the file's line
		   numbers: the events name a line by its place in the step */
		items[k].line = k + 1;
	}
	return ren_apply(&r, o->country, items, k, err);
}

static void
apply_default(struct ctx *c, const struct decision *d)
{
	struct ren_ctx r = rctx(c);

	ren_apply_default(&r, d->country);
}

/* A moderator's correction: "p2 cash 50", "p2 misery 125". */
static int
adjust(struct ctx *c, const char *text, struct strbuf *err)
{
	struct ren_state *st = &((struct ren_module_state *)c->st)->st;
	char who[16], what[16];
	int v, p, k;

	if (sscanf(text, "%15s %15s %d", who, what, &v) != 3 ||
	    (p = country_by_id(st->rs, who)) < 0 || p >= st->nplayers) {
		sb_add(err, "an adjustment is 'pN cash|misery VALUE'");
		return -1;
	}
	if (strcmp(what, "cash") == 0 && v >= 0) {
		st->p[p].cash = v;
	} else if (strcmp(what, "misery") == 0) {
		for (k = 0; k < st->rs->nmisery; k++)
			if (st->rs->misery[k] == v)
				break;
		if (k == st->rs->nmisery) {
			sb_addf(err, "%d is no misery box", v);
			return -1;
		}
		st->p[p].misery = k;
	} else {
		sb_addf(err, "adjusting '%s' is not implemented yet", what);
		return -1;
	}
	ren_ev(&(struct ren_ctx){ st, c->dice, c->j }, "adjust", p,
	    "The moderator sets %s's %s to %d.", ren_pname(st, p), what, v);
	return 0;
}

static int
adjust_canon(const void *st, const char *text, struct strbuf *out,
    struct strbuf *err)
{
	char who[16], what[16];
	int v;

	(void)st;
	if (sscanf(text, "%15s %15s %d", who, what, &v) != 3) {
		sb_add(err, "an adjustment is 'pN cash|misery VALUE'");
		return -1;
	}
	sb_addf(out, "%s %s %d", who, what, v);
	return 0;
}

static const char *const phases[] = {
	"CAPITAL", "EURO", "ORDER", "DRAW", "BUY", "PLAY", "PURCHASE",
	"EXPANSION", "FINAL"
};

/* "T3.EXPANSION"; T0 for the setup's two steps. */
static int
step_valid(const char *step)
{
	const char *p = step;
	int k;

	if (*p++ != 'T' || !skip_digits(&p) || *p++ != '.')
		return 0;
	for (k = 0; k < (int)ARRAY_SIZE(phases); k++)
		if (strcmp(p, phases[k]) == 0)
			return 1;
	return 0;
}

static int
parse_step(const char *text, char *out, size_t n, struct strbuf *err)
{
	size_t i, len = strlen(text);
	char buf[32];

	if (len >= sizeof(buf)) {
		sb_addf(err, "bad step '%s'", text);
		return -1;
	}
	for (i = 0; i <= len; i++)
		buf[i] = (char)(text[i] >= 'a' && text[i] <= 'z' ?
		    text[i] - 32 : text[i]);
	if (!step_valid(buf)) {
		sb_addf(err, "bad step '%s' (T1.ORDER, T2.EXPANSION, ...)",
		    text);
		return -1;
	}
	snprintf(out, n, "%s", buf);
	return 0;
}

static int
parse_line(const void *rs, int country, const char *line, int lineno,
    void *item, struct strbuf *err)
{
	struct ren_item it;

	(void)country;
	if (ren_parse_line(rs, line, &it, err) != 0)
		return -1;
	it.line = lineno;
	pack(&it, item);
	return 0;
}

static int
step_turn(const char *step, int *phase)
{
	int t = atoi(step + 1), k;
	const char *dot = strchr(step, '.');

	*phase = -1;
	for (k = 0; dot && k < (int)ARRAY_SIZE(phases); k++)
		if (strcmp(dot + 1, phases[k]) == 0)
			*phase = k;
	return t;
}

static enum step_status
step_status(const void *stv, const char *step, int country,
    struct strbuf *why)
{
	const struct ren_state *st = &((const struct ren_module_state *)stv)->st;
	struct ren_decision ds[REN_MAX_PLAYERS], d;
	int n = ren_pending(st, ds, REN_MAX_PLAYERS), k, t, ph, nt, nph;

	if (decision_of(st, step, country, &d) == 0)
		return STEP_CURRENT;
	for (k = 0; k < n; k++)
		if (strcmp(ds[k].step, step) == 0) {
			if (ds[k].kind <= RD_TOKEN_BID) {
				sb_addf(why, "%s's answer to %s is in",
				    ren_pname(st, country), step);
				return STEP_STALE;
			}
			sb_addf(why, "it is %s's part of %s now",
			    ren_pname(st, ds[k].player), step);
			return STEP_NOT_YOURS;
		}
	t = step_turn(step, &ph);
	if (n == 0)
		return STEP_STALE;
	nt = step_turn(ds[0].step, &nph);
	if (t > nt || (t == nt && ph > nph))
		return STEP_FUTURE;	/* RR41: sent ahead */
	sb_addf(why, "%s is over", step);
	return STEP_STALE;
}

/*
 * RR39: bids and the Euro card are sealed.  So is an expansion script
 * with a Wind/Watermill TRADE: its line names a card of the attacker's
 * hand, which RR31 shows to the two players only, and the public report
 * would print it (the events tell the others all they may know: the
 * attack, the roll, "a trade").
 */
static int
order_secret(const struct order *o)
{
	const char *dot = strchr(o->step, '.');
	const struct packed_item *p = (const struct packed_item *)o->items;
	int k;

	if (dot != NULL && (strcmp(dot, ".CAPITAL") == 0 ||
	    strcmp(dot, ".EURO") == 0 || strcmp(dot, ".ORDER") == 0))
		return 1;
	for (k = 0; k < o->nitems && k < REN_MODULE_ITEMS; k++)
		if (p[k].kind == RI_ATTACK && p[k].trade > 0)
			return 1;
	return 0;
}

/*
 * RR39, reading 4: a PLAY or DISCARD line names a card of its sender's
 * hand, and one not carried out leaves it there ("PLAY war ON Genoa"
 * where War! may not name Genoa): the order is its sender's, and the
 * events tell the others what was played or discarded.  Earlier
 * readings showed it, and their games keep doing so.
 */
static int
order_secret_at(const void *stv, const struct order *o)
{
	const struct ren_state *st = &((const struct ren_module_state *)stv)->st;
	const struct packed_item *p = (const struct packed_item *)o->items;
	int k;

	if (order_secret(o))
		return 1;
	for (k = 0; st->reading >= 4 && k < o->nitems &&
	    k < REN_MODULE_ITEMS; k++)
		if (p[k].kind == RI_PLAY || p[k].kind == RI_DISCARD)
			return 1;
	return 0;
}

/* RR39: a sealed bid opens when every bid of its step is in. */
static int
may_reveal(const void *stv, const char *step, int country)
{
	const struct ren_state *st = &((const struct ren_module_state *)stv)->st;
	struct ren_decision ds[REN_MAX_PLAYERS];
	int n = ren_pending(st, ds, REN_MAX_PLAYERS), k;

	(void)country;
	for (k = 0; k < n; k++)
		if (strcmp(ds[k].step, step) == 0)
			return 0;
	return 1;
}

const struct game_module renaissance_module = {
	.name = "renaissance",
	.title = "Age of Renaissance",
	.ruleset_file = "formats/renaissance.xml",
	.ruleset_schema = "formats/renaissance-ruleset.rng",
	.game_schema = "formats/renaissance-game.rng",
	.report_text = "templates/renaissance-text.xsl",
	.report_html = "templates/renaissance-html.xsl",
	.secrecy_ruling = "RR39",
	.ahead_ruling = "RR41",
	.defaults_ruling = "RR38",
	.latest_ruling = "RR41",
	.ruleset_split = NULL,
	.reading_oldest = REN_READING_OLDEST,
	.reading_current = REN_READING_CURRENT,
	.variants = variants,
	.nvariants = (int)ARRAY_SIZE(variants),
	.decision_kinds = decision_kinds,
	.ndecision_kinds = (int)ARRAY_SIZE(decision_kinds),
	.state_size = sizeof(struct ren_module_state),
	.item_size = sizeof(struct packed_item),
	.max_items = REN_MODULE_ITEMS,
	.ruleset_load = ruleset_load,
	.ruleset_free = ruleset_free,
	.ruleset_ids_ok = ruleset_ids_ok,
	.ruleset_variants = ruleset_variants,
	.players_range = players_range,
	.ncountries = ncountries,
	.country_find = country_find,
	.country_by_id = country_by_id,
	.country_id = country_id,
	.country_name = country_name,
	.state_init = state_init,
	.seating = seating,
	.state_pack = state_pack,
	.state_unpack = state_unpack,
	.state_xml = state_xml,
	.state_digest = state_digest,
	.state_hide = state_hide,
	.describe = describe,
	.over = over,
	.winners = winners,
	.setup = setup,
	.pending = pending,
	.choices = choices,
	.check = check,
	.apply = apply,
	.apply_default = apply_default,
	.adjust = adjust,
	.adjust_canon = adjust_canon,
	.parse_step = parse_step,
	.step_valid = step_valid,
	.parse_line = parse_line,
	.step_status = step_status,
	.order_secret = order_secret,
	.order_secret_at = order_secret_at,
	.may_reveal = may_reveal,
};
