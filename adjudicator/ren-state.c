/*
 * ren-state.c - the state of Age of Renaissance: pieces, misery, events.
 */
#include "ren.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "journal.h"
#include "module.h"
#include "util.h"

void
ren_state_init(struct ren_state *st, const struct ren_ruleset *rs,
    int nplayers, unsigned variants, int epochs)
{
	int i;

	memset(st, 0, sizeof(*st));
	st->rs = rs;
	st->nplayers = nplayers;
	st->variants = variants;
	st->reading = REN_READING_CURRENT;
	st->epochs = epochs;
	st->phase = RPH_CAPITAL_BID;
	st->papal_ban = -1;
	st->war_a = st->war_b = -1;
	st->beaten = -1;
	for (i = 0; i < REN_MAX_PROVINCES; i++)
		st->dom[i] = REN_NOBODY;
	for (i = 0; i < REN_MAX_PLAYERS; i++) {
		struct ren_player *p = &st->p[i];

		p->capital = -1;
		p->bid = -1;
		p->euro_returned = -1;
		p->cathedral_policy = 1;	/* RR30, RR38: MARKER */
		p->stock = rs->tokens;
		p->mat = rs->markers;
		p->misery = 0;
		while (p->misery + 1 < rs->nmisery &&
		    rs->misery[p->misery] < rs->start_misery)
			p->misery++;
		st->order[i] = i;
	}
}

static void
ev_va(struct ren_ctx *c, const char *type, int player, int to,
    const char *fmt, va_list ap)
{
	struct ctx tmp;
	struct strbuf sb;

	if (c->j == NULL)
		return;
	memset(&tmp, 0, sizeof(tmp));
	tmp.dice = c->dice;
	tmp.j = c->j;
	sb_init(&sb);
	sb_vaddf(&sb, fmt, ap);
	if (to == REN_NOBODY)
		ev(&tmp, type, player, "%s", sb.buf);
	else
		ev_private(&tmp, type, to, "%s", sb.buf);
	sb_release(&sb);
}

void
ren_ev(struct ren_ctx *c, const char *type, int player, const char *fmt,
    ...)
{
	va_list ap;

	va_start(ap, fmt);
	ev_va(c, type, player, REN_NOBODY, fmt, ap);
	va_end(ap);
}

void
ren_ev_private(struct ren_ctx *c, const char *type, int to,
    const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	ev_va(c, type, to, to, fmt, ap);
	va_end(ap);
}

const char *
ren_pname(const struct ren_state *st, int player)
{
	static const char *const seats[REN_MAX_PLAYERS] = {
		"player 1", "player 2", "player 3", "player 4", "player 5",
		"player 6"
	};

	if (player < 0 || player >= st->nplayers)
		return "nobody";
	if (st->p[player].capital >= 0)
		return st->rs->provinces[st->rs->capitals[
		    st->p[player].capital].province].name;
	return seats[player];
}

int
ren_capital_province(const struct ren_state *st, int player)
{
	if (player < 0 || player >= st->nplayers ||
	    st->p[player].capital < 0)
		return -1;
	return st->rs->capitals[st->p[player].capital].province;
}

static int
bits64(uint64_t x)
{
	int n = 0;

	while (x) {
		x &= x - 1;
		n++;
	}
	return n;
}

int
ren_hand_size(const struct ren_state *st, int player)
{
	return bits64(st->p[player].hand);
}

int
ren_markers_on_map(const struct ren_state *st, int player)
{
	int i, n = 0;

	for (i = 0; i < st->rs->nprovinces; i++)
		n += st->dom[i] == player;
	return n;
}

int
ren_tokens_on_map(const struct ren_state *st, int player)
{
	int i, n = 0;

	for (i = 0; i < st->rs->nprovinces; i++)
		n += st->tok[i][player] + st->tok_new[i][player];
	return n;
}

int
ren_has_piece(const struct ren_state *st, int prov, int player)
{
	return st->dom[prov] == player || st->tok[prov][player] > 0 ||
	    st->tok_new[prov][player] > 0;
}

int
ren_misery_value(const struct ren_state *st, int player)
{
	return st->rs->misery[st->p[player].misery];
}

/* RR35: out of play, his hand discarded; his pieces stay and defend. */
static void
chaos(struct ren_ctx *c, int player)
{
	struct ren_state *st = c->st;
	int k;

	st->p[player].out = 1;
	for (k = 0; k < st->rs->ncards; k++)
		if (st->p[player].hand & ((uint64_t)1 << k))
			ren_card_away(st, k);
	st->p[player].hand = 0;
	ren_ev(c, "chaos", player, "%s moves past the last misery box into "
	    "Chaos and is out of the game; his pieces stay (RR35).",
	    ren_pname(st, player));
	/* RR35 is silent on an open War (RR16): a side out of the game
	   rolls no more, so the War ends there, unresolved (reading 3) */
	if (st->reading >= 3 && (st->war_a == player ||
	    st->war_b == player)) {
		ren_ev(c, "war", player, "The War between %s and %s ends: %s "
		    "is in Chaos (RR16, RR35).", ren_pname(st, st->war_a),
		    ren_pname(st, st->war_b), ren_pname(st, player));
		st->war_a = st->war_b = -1;
	}
}

void
ren_misery(struct ren_ctx *c, int player, int n, const char *why)
{
	struct ren_state *st = c->st;
	struct ren_player *p = &st->p[player];
	int from = ren_misery_value(st, player), to;

	if (n == 0 || p->out)
		return;
	if (p->misery + n >= st->rs->nmisery) {
		p->misery = st->rs->nmisery - 1;
		chaos(c, player);
		return;
	}
	p->misery += n;
	if (p->misery < 0)
		p->misery = 0;
	to = ren_misery_value(st, player);
	if (to != from)
		ren_ev(c, "misery", player, "%s: %s's misery %s from %d to "
		    "%d.", why, ren_pname(st, player), to > from ? "rises" :
		    "falls", from, to);
}

void
ren_clear_province(struct ren_state *st, int prov)
{
	int i;

	if (st->dom[prov] != REN_NOBODY) {
		st->p[(int)st->dom[prov]].mat++;
		st->dom[prov] = REN_NOBODY;
	}
	st->dom_new[prov] = 0;
	for (i = 0; i < st->nplayers; i++) {
		st->p[i].stock += st->tok[prov][i] + st->tok_new[prov][i];
		st->tok[prov][i] = st->tok_new[prov][i] = 0;
	}
}

void
ren_eliminate(struct ren_ctx *c, int prov, int empty_choice)
{
	struct ren_state *st = c->st;
	const char *name = st->rs->provinces[prov].name;
	int o = st->dom[prov];

	if (o == REN_NOBODY)
		return;
	st->dom[prov] = REN_NOBODY;
	st->dom_new[prov] = 0;
	st->p[o].mat++;
	/* seed 5.4.2.1: the token comes from stock; the owner's choice
	   (RR14) only decides when his stock is empty (reading 1: his
	   choice first) */
	if (empty_choice && (st->reading < 2 || st->p[o].stock == 0)) {
		ren_ev(c, "eliminate", o, "%s's dominance marker in %s is "
		    "removed; by his choice the province is left empty "
		    "(RR14).", ren_pname(st, o), name);
	} else if (st->p[o].stock > 0) {
		st->p[o].stock--;
		st->tok[prov][o] = 1;
		ren_ev(c, "eliminate", o, "%s's dominance marker in %s is "
		    "replaced by one token.", ren_pname(st, o), name);
	} else if (st->p[o].expansion > 0) {
		st->p[o].expansion--;
		st->tok[prov][o] = 1;
		ren_ev(c, "eliminate", o, "%s's dominance marker in %s is "
		    "replaced by a token from his expansion area: his stock "
		    "is empty (RR14).", ren_pname(st, o), name);
	} else {
		ren_ev(c, "eliminate", o, "%s's dominance marker in %s is "
		    "removed; he has no token to put there (RR14).",
		    ren_pname(st, o), name);
	}
}

int
ren_has(const struct ren_state *st, int player, char letter)
{
	if (player < 0 || player >= st->nplayers)
		return 0;
	return (st->p[player].advances >> (letter - 'A')) & 1;
}

int
ren_category_count(const struct ren_state *st, int player, int cat)
{
	int i, n = 0;

	for (i = 0; i < REN_NADVANCES; i++)
		if ((st->p[player].advances >> i & 1) &&
		    (int)st->rs->advances[i].category == cat)
			n++;
	return n;
}
