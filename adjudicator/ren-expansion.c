/*
 * ren-expansion.c - the expansion phase: Holy Indulgence (RR24), reach and
 * transport (RR26), placing tokens (RR27), competition (RR28-RR30),
 * cards bought with tokens (RR32).
 */
#include "ren.h"

#include <limits.h>
#include <string.h>

#include "dice.h"
#include "util.h"

/* A colored piece (■ or ●) of the player: placed before this turn. */
static int
colored(const struct ren_state *st, int prov, int p)
{
	return st->tok[prov][p] > 0 ||
	    (st->dom[prov] == p && !st->dom_new[prov]);
}

static int
colored_other(const struct ren_state *st, int prov, int p)
{
	int o;

	for (o = 0; o < st->nplayers; o++)
		if (o != p && colored(st, prov, o))
			return 1;
	return 0;
}

static int
tokens_of(const struct ren_state *st, int prov, int p)
{
	return st->tok[prov][p] + st->tok_new[prov][p];
}

static int
is_source(const struct ren_state *st, int prov, int p)
{
	return colored(st, prov, p) || prov == ren_capital_province(st, p);
}

static int
capital_area(const struct ren_state *st, int p)
{
	int cp = ren_capital_province(st, p);

	return cp < 0 ? -1 : st->rs->provinces[cp].area;
}

int
ren_overseas_held(const struct ren_state *st, int player)
{
	int i, n = 0;

	for (i = 0; i < st->rs->nprovinces; i++)
		if (st->rs->provinces[i].type == RP_OVERSEAS &&
		    ren_has_piece(st, i, player))
			n++;
	return n;
}

static int
ship_level(const struct ren_state *st, int p)
{
	const struct ren_player *pl = &st->p[p];

	if (pl->ship_row == SHIP_NONE)
		return 0;
	return st->rs->ship_levels[pl->ship_row][pl->ship_level];
}

/* RR2: whether the player may have pieces in prov at all. */
static int
open_to(const struct ren_state *st, int p, int prov)
{
	const struct ren_ruleset *rs = st->rs;
	const struct ren_province *pr = &rs->provinces[prov];
	int req = rs->areas[pr->area].requires;

	return !pr->removed && ren_area_in_play(rs, pr->area, st->nplayers) &&
	    (req < 0 || ren_has(st, p, 'A' + req));
}

/* open_to, with the reason when not. */
static int
may_enter(const struct ren_state *st, int p, int prov, struct strbuf *why)
{
	const struct ren_ruleset *rs = st->rs;
	const struct ren_province *pr = &rs->provinces[prov];
	const struct ren_area *a = &rs->areas[pr->area];

	if (open_to(st, p, prov))
		return 1;
	if (pr->removed) {
		sb_addf(why, "%s is not on this map", pr->name);
		return 0;
	}
	if (!ren_area_in_play(rs, pr->area, st->nplayers)) {
		sb_addf(why, "%s lies in %s, not used by %d players (RR2)",
		    pr->name, a->name, st->nplayers);
		return 0;
	}
	/* left: an area that needs an advance he lacks */
	sb_addf(why, "%s lies in %s: it needs %s (RR2)", pr->name, a->name,
	    rs->advances[a->requires].name);
	return 0;
}

/* Galleys (RR26): the target's coast within level steps of a source's. */
static int
galley_reach(const struct ren_state *st, int p, int prov, int level,
    int heavens)
{
	const struct ren_ruleset *rs = st->rs;
	/* dist[w][seas]: least steps to water w having crossed seas */
	int dist[REN_MAX_WATERS][2], queue[REN_MAX_WATERS * 2][2];
	int head = 0, tail = 0, i, k;

	for (i = 0; i < rs->nwaters; i++)
		dist[i][0] = dist[i][1] = INT_MAX;
	for (i = 0; i < rs->nprovinces; i++) {
		if (i == prov || !is_source(st, i, p))
			continue;
		for (k = 0; k < rs->provinces[i].ncoasts; k++) {
			int w = rs->provinces[i].coasts[k];

			if (dist[w][0] == 0)
				continue;
			dist[w][0] = 0;
			queue[tail][0] = w;
			queue[tail++][1] = 0;
		}
	}
	while (head < tail) {
		int w = queue[head][0], s = queue[head++][1];
		int d = dist[w][s];

		if (rs->waters[w].coast_of == prov && d > 0)
			return 1;
		if (d == level)
			continue;
		for (k = 0; k < rs->waters[w].nadj; k++) {
			int x = rs->waters[w].adj[k], ns = s;

			if (rs->waters[x].type == RW_OCEAN)
				continue;
			if (rs->waters[x].type == RW_SEA)
				ns++;
			if (ns > (heavens ? 1 : 0) || dist[x][ns] <= d + 1)
				continue;
			dist[x][ns] = d + 1;
			queue[tail][0] = x;
			queue[tail++][1] = ns;
		}
	}
	return 0;
}

static int
any_coastal_source(const struct ren_state *st, int p)
{
	int i;

	for (i = 0; i < st->rs->nprovinces; i++)
		if (st->rs->provinces[i].ncoasts > 0 && is_source(st, i, p))
			return 1;
	return 0;
}

enum ren_reach
ren_reach(const struct ren_state *st, int p, int prov, struct strbuf *why)
{
	const struct ren_ruleset *rs = st->rs;
	const struct ren_province *pr = &rs->provinces[prov];
	int i, k;

	if (!may_enter(st, p, prov, why))
		return REACH_NONE;
	/* his own colored pieces there: nothing to carry (RR26) */
	if (is_source(st, prov, p))
		return REACH_LAND;
	for (i = 0; i < pr->nadj; i++)
		if (is_source(st, pr->adj[i], p))
			return REACH_LAND;
	if (ren_has(st, p, 'I'))
		for (i = 0; i < pr->nadj; i++) {
			int m = pr->adj[i];

			if (colored_other(st, m, p))
				continue;
			/* reading 3: a caravan travels only where he could
			   go: not through an unused area, nor area V without
			   Overland East (RR2, seed 4.3 and 5.6.2; the rules
			   say nothing of its path, and only ships are let
			   through unused areas) */
			if (st->reading >= 3 && !open_to(st, p, m))
				continue;
			for (k = 0; k < rs->provinces[m].nadj; k++)
				if (is_source(st, rs->provinces[m].adj[k], p))
					return REACH_CARAVAN;
		}
	switch (st->p[p].ship_row) {
	case SHIP_GALLEYS:
		if (pr->type != RP_OVERSEAS && galley_reach(st, p, prov,
		    ship_level(st, p), ren_has(st, p, 'A')))
			return REACH_SHIP;
		break;
	case SHIP_SEAWORTHY:
		if (pr->type != RP_OVERSEAS && pr->ncoasts > 0 &&
		    any_coastal_source(st, p))
			return REACH_SHIP;
		break;
	case SHIP_OCEAN:
		if ((pr->type == RP_OVERSEAS || pr->ncoasts > 0) &&
		    any_coastal_source(st, p))
			return REACH_SHIP;
		break;
	default:
		break;
	}
	sb_addf(why, "%s is out of %s's reach (RR26)", pr->name,
	    ren_pname(st, p));
	return REACH_NONE;
}

int
ren_ship_capacity(const struct ren_state *st, int p, int prov)
{
	int left;

	if (st->p[p].ship_row == SHIP_OCEAN)
		return INT_MAX;
	if (st->p[p].ship_row == SHIP_NONE)
		return 0;
	left = ship_level(st, p) - st->shipped[prov][p];
	return left < 0 ? 0 : left;
}

/* RR26: a new overseas box within the Ocean Navigation level. */
static int
overseas_ok(const struct ren_state *st, int p, int prov, struct strbuf *why)
{
	int limit;

	if (st->rs->provinces[prov].type != RP_OVERSEAS ||
	    ren_has_piece(st, prov, p))
		return 1;
	limit = st->p[p].ship_row == SHIP_OCEAN ? ship_level(st, p) : 0;
	if (ren_overseas_held(st, p) < limit)
		return 1;
	sb_addf(why, "%s has pieces in %d overseas box%s, the most his Ocean "
	    "Navigation %d allows (RR26)", ren_pname(st, p),
	    ren_overseas_held(st, p), ren_overseas_held(st, p) == 1 ? "" :
	    "es", limit);
	return 0;
}

/* Tokens may come from the expansion area to prov now: reach, capacity. */
static int
transport(const struct ren_state *st, int p, int prov, int n,
    enum ren_reach *how, struct strbuf *err)
{
	*how = ren_reach(st, p, prov, err);
	if (*how == REACH_NONE)
		return -1;
	if (n > st->p[p].expansion) {
		sb_addf(err, "%s has %d expansion token%s, not %d",
		    ren_pname(st, p), st->p[p].expansion,
		    st->p[p].expansion == 1 ? "" : "s", n);
		return -1;
	}
	if (*how == REACH_SHIP && n > ren_ship_capacity(st, p, prov)) {
		sb_addf(err, "his ships land at most %d more token%s in %s "
		    "this turn (RR26)", ren_ship_capacity(st, p, prov),
		    ren_ship_capacity(st, p, prov) == 1 ? "" : "s",
		    st->rs->provinces[prov].name);
		return -1;
	}
	return overseas_ok(st, p, prov, err) ? 0 : -1;
}

/* A player alone in a market with enough tokens: one ○ (RR27). */
static void
dominate(struct ren_ctx *c, int p, int prov)
{
	struct ren_state *st = c->st;

	st->p[p].stock += tokens_of(st, prov, p);
	st->tok[prov][p] = st->tok_new[prov][p] = 0;
	st->dom[prov] = (signed char)p;
	st->dom_new[prov] = 1;
	st->p[p].mat--;
	ren_ev(c, "dominate", p, "%s dominates %s (RR27).", ren_pname(st, p),
	    st->rs->provinces[prov].name);
}

/* The checks of ren_place; the reach in *how. */
static int
place_check(const struct ren_state *st, int p, int prov, int n,
    enum ren_reach *how, struct strbuf *err)
{
	const struct ren_province *pr = &st->rs->provinces[prov];
	int others = 0, o;

	if (n < 1) {
		sb_add(err, "place at least one token");
		return -1;
	}
	if (st->dom[prov] != REN_NOBODY) {
		sb_addf(err, "%s holds a dominance marker: only an attack "
		    "enters it (RR27)", pr->name);
		return -1;
	}
	for (o = 0; o < st->nplayers; o++)
		if (o != p)
			others += tokens_of(st, prov, o);
	if (pr->type == RP_SATELLITE) {
		if (others + tokens_of(st, prov, p) > 0) {
			sb_addf(err, "the satellite %s holds a token already: "
			    "entering it is an attack (RR27)", pr->name);
			return -1;
		}
		if (n > 1) {
			sb_addf(err, "a satellite holds one token (RR27)");
			return -1;
		}
	} else if (others > 0 &&
	    others + tokens_of(st, prov, p) + n > pr->market) {
		sb_addf(err, "%d tokens would be more than %s's market number "
		    "%d: that needs an attack (RR27)",
		    others + tokens_of(st, prov, p) + n, pr->name, pr->market);
		return -1;
	} else if (others == 0 && tokens_of(st, prov, p) + n >= pr->market &&
	    st->p[p].mat == 0) {
		sb_addf(err, "%s has no dominance marker left on his mat "
		    "(RELEASE one, RR29)", ren_pname(st, p));
		return -1;
	}
	return transport(st, p, prov, n, how, err);
}

int
ren_place_check(const struct ren_state *st, int p, int prov, int n,
    struct strbuf *err)
{
	enum ren_reach how;

	return place_check(st, p, prov, n, &how, err);
}

int
ren_place(struct ren_ctx *c, int p, int prov, int n, struct strbuf *err)
{
	struct ren_state *st = c->st;
	const struct ren_province *pr = &st->rs->provinces[prov];
	enum ren_reach how;
	int others = 0, o;

	if (place_check(st, p, prov, n, &how, err) < 0)
		return -1;
	for (o = 0; o < st->nplayers; o++)
		if (o != p)
			others += tokens_of(st, prov, o);
	st->p[p].expansion -= n;
	st->tok_new[prov][p] += (unsigned char)n;
	if (how == REACH_SHIP)
		st->shipped[prov][p] += (unsigned char)n;
	ren_ev(c, "place", p, "%s places %d token%s in %s%s.",
	    ren_pname(st, p), n, n == 1 ? "" : "s", pr->name,
	    how == REACH_SHIP ? " by ship" : how == REACH_CARAVAN ?
	    " by caravan" : "");
	if (pr->type != RP_SATELLITE && others == 0 &&
	    tokens_of(st, prov, p) >= pr->market)
		dominate(c, p, prov);
	return 0;
}

/* The players other than a with pieces in prov, in order of play. */
static int
defenders(const struct ren_state *st, int a, int prov, int *out)
{
	int k, n = 0;

	for (k = 0; k < st->nplayers; k++) {
		int d = st->order[k];

		if (d != a && ren_has_piece(st, prov, d))
			out[n++] = d;
	}
	return n;
}

static int
nationalist(const struct ren_state *st, int p, int area)
{
	return ren_has(st, p, 'W') && capital_area(st, p) == area;
}

int
ren_attack_need(const struct ren_state *st, int a, int prov,
    struct strbuf *err)
{
	const struct ren_ruleset *rs = st->rs;
	const struct ren_province *pr = &rs->provinces[prov];
	int def[REN_MAX_PLAYERS], nd = defenders(st, a, prov, def);
	int v = 0, up = 0, down = INT_MAX, k, s, need, dnat = 0;

	if (nd == 0) {
		sb_addf(err, "nobody else has pieces in %s: no competition "
		    "(RR28)", pr->name);
		return -1;
	}
	/* 1. the defence */
	for (k = 0; k < nd; k++) {
		int d = def[k], x = st->dom[prov] == d ? pr->market :
		    tokens_of(st, prov, d);

		if (prov == ren_capital_province(st, d))
			x *= 2;
		v += x;
	}
	s = pr->market + v;
	/* 2. modifiers: satellites behind a marker */
	if (st->dom[prov] != REN_NOBODY)
		for (k = 0; k < pr->nsupported_by; k++)
			if (st->tok[pr->supported_by[k]][(int)st->dom[prov]])
				s++;
	if (ren_has(st, a, 'Y'))
		for (k = 0; k < pr->nsupported_by; k++)
			if (st->tok[pr->supported_by[k]][a])
				s--;
	/* military advantages: the strongest defender's count against a;
	   a's count only as far as it holds against every defender */
	for (k = 0; k < nd; k++) {
		int x = ren_military_steps(st, def[k], a);
		int y = ren_military_steps(st, a, def[k]);

		if (x > up)
			up = x;
		if (y < down)
			down = y;
		dnat |= nationalist(st, def[k], pr->area);
	}
	s += up - down;
	/* Nationalism in its holder's home area */
	if (nationalist(st, a, pr->area) && !dnat)
		s--;
	else if (!nationalist(st, a, pr->area) && dnat)
		s++;
	/* 3-4. his tokens count double in his own capital */
	need = prov == ren_capital_province(st, a) ? (s + 1) / 2 : s;
	return need < pr->market ? pr->market : need;
}

/* RR35: a defender in Chaos keeps only his Nationalism: his Cathedral
   neither holds a province nor stops the attacker's (reading 3). */
static int
gone(const struct ren_state *st, int p)
{
	return st->reading >= 3 && st->p[p].out;
}

/* RR30: whether Cathedral decides this competition, and for whom. */
static int
cathedral(struct ren_ctx *c, int a, int prov, const int *def, int nd,
    int declared)
{
	struct ren_state *st = c->st;
	int k, any = 0, used = 0;

	for (k = 0; k < nd; k++) {
		any |= ren_has(st, def[k], 'H') && !gone(st, def[k]);
		used |= st->p[a].cathedral_used >> def[k] & 1;
	}
	if (declared && ren_has(st, a, 'H') && !any && !used) {
		for (k = 0; k < nd; k++)
			st->p[a].cathedral_used |= 1 << def[k];
		ren_ev(c, "cathedral", a, "%s uses Cathedral and wins %s "
		    "(RR30).", ren_pname(st, a), st->rs->provinces[prov].name);
		return 1;
	}
	if (ren_has(st, a, 'H'))
		return 0;
	for (k = 0; k < nd; k++) {
		int d = def[k], pol = st->p[d].cathedral_policy;

		if (!ren_has(st, d, 'H') || gone(st, d) || pol == 0 ||
		    (st->p[d].cathedral_used >> a & 1) ||
		    (pol == 1 && st->dom[prov] != d))
			continue;
		st->p[d].cathedral_used |= 1 << a;
		ren_ev(c, "cathedral", d, "%s uses Cathedral and holds %s "
		    "(RR30).", ren_pname(st, d), st->rs->provinces[prov].name);
		return -1;
	}
	return 0;
}

/* The checks of ren_attack before the dice: the tokens committed (n, or
   the minimum for 0), the reach of those carried in *how; or -1. */
static int
attack_check(const struct ren_state *st, int a, int prov, int n,
    enum ren_reach *how, struct strbuf *err)
{
	const struct ren_province *pr = &st->rs->provinces[prov];
	int need, own;

	need = ren_attack_need(st, a, prov, err);
	if (need < 0)
		return -1;
	if (n == 0)
		n = need;
	if (n < need) {
		sb_addf(err, "a competition in %s needs %d tokens, not %d "
		    "(RR28)", pr->name, need, n);
		return -1;
	}
	if (pr->type != RP_SATELLITE && st->p[a].mat == 0) {
		sb_addf(err, "%s has no dominance marker left on his mat "
		    "(RELEASE one, RR29)", ren_pname(st, a));
		return -1;
	}
	own = tokens_of(st, prov, a);
	if (transport(st, a, prov, n > own ? n - own : 0, how, err) < 0)
		return -1;
	return n;
}

int
ren_attack_check(const struct ren_state *st, int a, int prov, int n,
    struct strbuf *err)
{
	enum ren_reach how;

	return attack_check(st, a, prov, n, &how, err);
}

int
ren_attack(struct ren_ctx *c, int a, int prov, int n, int declared,
    struct strbuf *err)
{
	struct ren_state *st = c->st;
	const struct ren_province *pr = &st->rs->provinces[prov];
	int def[REN_MAX_PLAYERS], nd, need, own, more, k, won;
	int black, white, colour, adv_all = 1, by;
	enum ren_reach how;

	need = ren_attack_need(st, a, prov, err);
	if (need < 0)
		return -1;
	st->beaten = -1;
	n = attack_check(st, a, prov, n, &how, err);
	if (n < 0)
		return -1;
	own = tokens_of(st, prov, a);
	more = n > own ? n - own : 0;
	nd = defenders(st, a, prov, def);
	st->p[a].expansion -= more;
	st->tok_new[prov][a] += (unsigned char)more;
	if (how == REACH_SHIP)
		st->shipped[prov][a] += (unsigned char)more;
	ren_ev(c, "attack", a, "%s attacks %s with %d token%s (%d needed, "
	    "RR28).", ren_pname(st, a), pr->name, n, n == 1 ? "" : "s",
	    need);
	by = cathedral(c, a, prov, def, nd, declared);
	if (by != 0) {
		won = by > 0;
	} else {
		for (k = 0; k < nd; k++)
			if (ren_military_steps(st, a, def[k]) == 0)
				adv_all = 0;
		black = (int)dice_roll(c->dice, 6, "competition in %s: black",
		    pr->name);
		white = (int)dice_roll(c->dice, 6, "competition in %s: white",
		    pr->name);
		colour = (int)dice_roll(c->dice, 6, "competition in %s: "
		    "colored", pr->name);
		won = black > white || (adv_all && black == white) ||
		    colour > st->p[a].box ||
		    (ren_has(st, a, 'G') && colour == st->p[a].box);
		ren_ev(c, "dice", a, "Black %d, white %d, colored %d against "
		    "box %d: %s %s (RR28).", black, white, colour,
		    st->p[a].box, ren_pname(st, a), won ? "wins" : "loses");
	}
	if (!won) {
		st->p[a].stock += tokens_of(st, prov, a);
		st->tok[prov][a] = st->tok_new[prov][a] = 0;
		ren_ev(c, "attack-lost", a, "%s's tokens in %s go back to "
		    "his stock (RR29).", ren_pname(st, a), pr->name);
		return 0;
	}
	for (k = 0; k < nd; k++) {
		int d = def[k];

		if (st->dom[prov] == d) {
			st->beaten = d;
			st->dom[prov] = REN_NOBODY;
			st->dom_new[prov] = 0;
			st->p[d].mat++;
		}
		st->p[d].stock += tokens_of(st, prov, d);
		st->tok[prov][d] = st->tok_new[prov][d] = 0;
	}
	st->p[a].stock += tokens_of(st, prov, a);
	st->tok[prov][a] = st->tok_new[prov][a] = 0;
	if (pr->type == RP_SATELLITE) {
		st->p[a].stock--;
		st->tok_new[prov][a] = 1;
		ren_ev(c, "attack-won", a, "%s takes %s with one token "
		    "(RR29).", ren_pname(st, a), pr->name);
	} else {
		st->dom[prov] = (signed char)a;
		st->dom_new[prov] = 1;
		st->p[a].mat--;
		ren_ev(c, "attack-won", a, "%s takes %s with a dominance "
		    "marker (RR29).", ren_pname(st, a), pr->name);
	}
	return 1;
}

int
ren_windmill(struct ren_ctx *c, int a, int prov, int give,
    struct strbuf *err)
{
	struct ren_state *st = c->st;
	int d = st->beaten, mn = st->rs->provinces[prov].market, roll, k, n;
	uint64_t h;

	if (!ren_has(st, a, 'J')) {
		sb_addf(err, "%s does not hold Wind/Watermill (RR31)",
		    ren_pname(st, a));
		return -1;
	}
	if (st->p[a].windmill_tried) {
		sb_add(err, "Wind/Watermill is tried once per turn (RR31)");
		return -1;
	}
	if (d < 0 || st->dom[prov] != a) {
		sb_addf(err, "nobody's dominance marker was just beaten in %s "
		    "(RR31)", st->rs->provinces[prov].name);
		return -1;
	}
	if (give < 0 || !(st->p[a].hand & ((uint64_t)1 << give)) ||
	    st->p[d].hand == 0) {
		sb_addf(err, "the trade needs the named card in %s's hand and "
		    "a card in %s's (RR31)", ren_pname(st, a),
		    ren_pname(st, d));
		return -1;
	}
	if (st->p[a].expansion < mn) {
		sb_addf(err, "Wind/Watermill costs %d expansion tokens here; "
		    "%s has %d (RR31)", mn, ren_pname(st, a),
		    st->p[a].expansion);
		return -1;
	}
	st->p[a].windmill_tried = 1;
	st->p[a].expansion -= mn;
	st->p[a].stock += mn;
	roll = (int)dice_roll(c->dice, 6, "Wind/Watermill in %s",
	    st->rs->provinces[prov].name);
	ren_ev(c, "windmill", a, "%s tries Wind/Watermill against %s with %d "
	    "tokens and rolls %d against %d (RR31): %s.", ren_pname(st, a),
	    ren_pname(st, d), mn, roll, mn, roll <= mn ? "a trade" :
	    "no trade");
	if (roll > mn)
		return 0;
	h = st->p[d].hand;
	n = (int)dice_draw(c->dice, (unsigned)ren_hand_size(st, d),
	    "Wind/Watermill: a card of %s's", ren_pname(st, d));
	for (k = 0; k < st->rs->ncards; k++)
		if ((h >> k & 1) && n-- == 0)
			break;
	st->p[a].hand &= ~((uint64_t)1 << give);
	st->p[d].hand |= (uint64_t)1 << give;
	st->p[d].hand &= ~((uint64_t)1 << k);
	st->p[a].hand |= (uint64_t)1 << k;
	/* RR39: the two cards are the two players' secret */
	ren_ev_private(c, "windmill", a, "You give %s and take %s.",
	    st->rs->cards[give].name, st->rs->cards[k].name);
	ren_ev_private(c, "windmill", d, "You give %s and receive %s.",
	    st->rs->cards[k].name, st->rs->cards[give].name);
	return 0;
}

int
ren_release(struct ren_ctx *c, int p, int prov, struct strbuf *err)
{
	struct ren_state *st = c->st;

	if (st->dom[prov] != p || st->dom_new[prov]) {
		sb_addf(err, "%s has no colored dominance marker in %s (RR29)",
		    ren_pname(st, p), st->rs->provinces[prov].name);
		return -1;
	}
	if (st->p[p].stock == 0) {
		sb_addf(err, "%s has no token in stock to leave in %s (RR29)",
		    ren_pname(st, p), st->rs->provinces[prov].name);
		return -1;
	}
	st->dom[prov] = REN_NOBODY;
	st->p[p].mat++;
	st->p[p].released++;
	st->p[p].stock--;
	st->tok[prov][p] = 1;
	ren_ev(c, "release", p, "%s replaces his dominance marker in %s by a "
	    "token (RR29).", ren_pname(st, p), st->rs->provinces[prov].name);
	return 0;
}

int
ren_buy_card_tokens(struct ren_ctx *c, int p, struct strbuf *err)
{
	struct ren_state *st = c->st;
	int cost = st->rs->card_price_step * (st->cards_bought + 1);

	if (st->p[p].bought_card >= st->rs->card_per_player) {
		sb_add(err, "one card per player per expansion phase (RR32)");
		return -1;
	}
	if (!ren_can_draw(st)) {
		sb_add(err, "no card can be drawn (RR10, RR32)");
		return -1;
	}
	if (st->p[p].expansion < cost) {
		sb_addf(err, "the next card costs %d tokens; %s has %d "
		    "(RR32)", cost, ren_pname(st, p), st->p[p].expansion);
		return -1;
	}
	st->p[p].expansion -= cost;
	st->p[p].stock += cost;
	st->p[p].bought_card++;
	st->cards_bought++;
	ren_ev(c, "buy-card", p, "%s pays %d tokens for a card (RR32).",
	    ren_pname(st, p), cost);
	ren_draw_card(c, p, "bought with tokens, RR32");
	return 0;
}

void
ren_expansion_done(struct ren_ctx *c, int p)
{
	struct ren_state *st = c->st;

	if (st->p[p].expansion == 0)
		return;
	ren_ev(c, "expansion-done", p, "%s's %d unused token%s go back to "
	    "stock (RR25).", ren_pname(st, p), st->p[p].expansion,
	    st->p[p].expansion == 1 ? "" : "s");
	st->p[p].stock += st->p[p].expansion;
	st->p[p].expansion = 0;
}

/* RR24: two tokens per holder and non-holder pair. */
void
ren_holy_indulgence(struct ren_ctx *c)
{
	struct ren_state *st = c->st;
	int i, j;

	for (i = 0; i < st->nplayers; i++) {
		int h = st->order[i];

		if (st->p[h].out || !ren_has(st, h, 'F'))
			continue;
		for (j = 0; j < st->nplayers; j++) {
			int n = st->order[j], take, lack, paid;

			if (st->p[n].out || ren_has(st, n, 'F'))
				continue;
			take = st->p[h].stock < 2 ? st->p[h].stock : 2;
			st->p[h].stock -= take;
			st->p[h].expansion += take;
			st->p[h].cash += 2 - take;
			take = st->p[n].expansion < 2 ? st->p[n].expansion : 2;
			st->p[n].expansion -= take;
			st->p[n].stock += take;
			lack = 2 - take;
			paid = lack > 0 && st->p[n].cash >= lack;
			if (paid)
				st->p[n].cash -= lack;
			ren_ev(c, "holy-indulgence", h, "Holy Indulgence: %s "
			    "gains 2 tokens from %s (RR24).",
			    ren_pname(st, h), ren_pname(st, n));
			if (lack > 0 && !paid)
				ren_misery(c, n, 1, "Holy Indulgence unpaid "
				    "(RR24)");
		}
	}
}
