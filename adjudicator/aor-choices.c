/*
 * aor-choices.c - the legal choices of a pending decision, for a player's
 * order form.  Every choice is a candidate order that aor_check() accepts,
 * so the form and the checker cannot disagree (ARCHITECTURE.md).
 */
#include "aor.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

struct choices {
	char **line;
	int n, alloc;
};

static void
add(struct choices *ch, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void
add(struct choices *ch, const char *fmt, ...)
{
	va_list ap;

	if (ch->n == ch->alloc) {
		ch->alloc = ch->alloc ? 2 * ch->alloc : 16;
		ch->line = xrealloc(ch->line, (size_t)ch->alloc *
		    sizeof(*ch->line));
	}
	va_start(ap, fmt);
	ch->line[ch->n++] = xvasprintf(fmt, ap);
	va_end(ap);
}

/* 1 when aor_check accepts an order of one item for the decision. */
static int
legal(const struct aor_state *st, const struct decision *d,
    const struct item *it)
{
	struct order o;
	struct strbuf err;
	int ok;

	memset(&o, 0, sizeof(o));
	snprintf(o.step, sizeof(o.step), "%s", d->step);
	o.country = d->country;
	o.nitems = 1;
	AOR_ITEMS(&o)[0] = *it;
	sb_init(&err);
	ok = aor_check(st, &o, &err) == 0;
	sb_release(&err);
	return ok;
}

static void
blank_item(struct item *it, enum item_kind kind)
{
	memset(it, 0, sizeof(*it));
	it->kind = kind;
	it->a = it->b = NO_COUNTRY;
	it->card = -1;
	it->atk.target = it->atk.marker = -1;
	it->atk.reserve = RES_IF_LOSING;
	it->atk.npc = NPC_UNSET;
}

/* The cards that make an attack legal, as "c1|c2|...", or empty. */
static void
attack_cards(const struct aor_state *st, const struct decision *d,
    struct item *it, struct strbuf *cards)
{
	const struct rs_country *co = &st->rs->countries[d->country];
	int k;

	sb_reset(cards);
	for (k = 0; k < co->ncards; k++) {
		it->atk.card = k;
		if (legal(st, d, it))
			sb_addf(cards, "%s%s", cards->len ? "|" : "",
			    co->cards[k].id);
	}
}

/* Does the country hold a Reserve box (R19)? */
static int
holds_reserve(const struct aor_state *st, int country)
{
	int k, i;

	for (k = 0; k < st->rs->nboxkinds; k++)
		if (st->rs->boxkinds[k].effect == EFF_RESERVE)
			for (i = 0; i < st->rs->boxkinds[k].count; i++)
				if (st->box[k][i] == country)
					return 1;
	return 0;
}

/*
 * The defence: the cards, the reserve policy only for a holder of a
 * Reserve box, and NPC allies only when there are some to buy, named.
 */
static void
defend_choices(const struct aor_state *st, const struct decision *d,
    struct choices *ch)
{
	const struct ruleset *rs = st->rs;
	const struct rs_country *co = &rs->countries[d->country];
	struct strbuf cards, npcs, line;
	struct item it;
	int k, c, first = -1;

	sb_init(&cards);
	sb_init(&npcs);
	sb_init(&line);
	for (k = 0; k < co->ncards; k++) {
		blank_item(&it, IT_DEFEND);
		it.atk.card = k;
		if (legal(st, d, &it)) {
			sb_addf(&cards, "%s%s", cards.len ? "|" : "",
			    co->cards[k].id);
			if (first < 0 || co->cards[k].cost <
			    co->cards[first].cost)
				first = k;
		}
	}
	/* an NPC is for sale when some card leaves gold to pay for it */
	for (c = 0; first >= 0 && c < rs->ncountries; c++) {
		if (aor_is_player(st, c))
			continue;
		blank_item(&it, IT_DEFEND);
		it.atk.card = first;
		it.atk.npc = 1 << c;
		if (legal(st, d, &it))
			sb_addf(&npcs, "%s%s", npcs.len ? ", " : "",
			    cname(st, c));
	}
	sb_addf(&line, "DEFEND WITH %s", cards.buf);
	if (holds_reserve(st, d->country))
		sb_add(&line, " [RESERVE never|if-losing|always]");
	if (npcs.len)
		sb_addf(&line, " [NPC ALL|NONE|any of: %s]", npcs.buf);
	add(ch, "%s", line.buf);
	sb_release(&cards);
	sb_release(&npcs);
	sb_release(&line);
}

static void
segment_choices(const struct aor_state *st, const struct decision *d,
    struct choices *ch)
{
	const struct ruleset *rs = st->rs;
	struct strbuf cards;
	struct item it;
	int k, c, a, m;

	for (k = 0; k < rs->nboxkinds; k++) {
		blank_item(&it, IT_PLACE);
		it.box = k;
		if (legal(st, d, &it)) {
			add(ch, "PLACE %s%s", rs->boxkinds[k].name.en,
			    rs->boxkinds[k].cost ? " (costs gold)" : "");
			continue;
		}
		for (c = 0; c < rs->countries[d->country].ncards; c++) {
			it.card = c;
			if (legal(st, d, &it))
				add(ch, "PLACE %s TAKE %s",
				    rs->boxkinds[k].name.en,
				    rs->countries[d->country].cards[c].id);
		}
	}
	sb_init(&cards);
	for (a = 0; a < rs->nareas; a++) {
		for (c = 0; c < rs->ncountries; c++) {
			if (st->discs[a][c] == 0 || c == d->country)
				continue;
			blank_item(&it, IT_ATTACK);
			it.atk.kind = ATK_DISC;
			it.atk.area = a;
			it.atk.target = c;
			attack_cards(st, d, &it, &cards);
			if (cards.len)
				add(ch, "ATTACK %s IN %s WITH %s", cname(st, c),
				    rs->areas[a].name.en, cards.buf);
		}
	}
	for (m = 0; m < rs->nmarkers; m++) {
		if (st->marker[m] != MK_BOARD)
			continue;
		blank_item(&it, IT_ATTACK);
		it.atk.kind = rs->markers[m].action ? ATK_CONVERT : ATK_MARKER;
		it.atk.area = rs->markers[m].area;
		it.atk.marker = m;
		attack_cards(st, d, &it, &cards);
		if (cards.len)
			add(ch, "%s MARKER %s WITH %s", rs->markers[m].action ?
			    "CONVERT" : "ATTACK", rs->markers[m].id, cards.buf);
	}
	sb_release(&cards);
	add(ch, "PASS");
}

/* R9, R10: the seventh country's auction, one line a proposal. */
static void
seventh_choices(const struct aor_state *st, const struct decision *d,
    struct choices *ch)
{
	struct item it;
	int c, top = -1, bottom = -1, i;

	for (c = 0; c < st->rs->ncountries; c++)
		if (aor_alliance_of(st, c) < 0)
			break;
	for (i = st->rs->num.alliance_boxes - 1; i >= 0; i--)
		if (st->alliance[i] == NO_COUNTRY)
			*(i % 2 ? &bottom : &top) = i + 1;
	/* a player who cannot raise has only PASS */
	if (aor_max_bid(st, d->country) >= st->auction.high_bid + 1) {
		add(ch, "BID n A %s, n from %d to %d: %s into box %d (top "
		    "row)", cname(st, c), st->auction.high_bid + 1,
		    aor_max_bid(st, d->country), cname(st, c), top);
		add(ch, "BID n B %s, n from %d to %d: %s into box %d (bottom "
		    "row)", cname(st, c), st->auction.high_bid + 1,
		    aor_max_bid(st, d->country), cname(st, c), bottom);
	}
	blank_item(&it, IT_PASS);
	if (legal(st, d, &it))
		add(ch, "PASS");
}

int
aor_choices(const struct aor_state *st, const struct decision *d,
    char ***lines)
{
	const struct ruleset *rs = st->rs;
	struct choices ch = { NULL, 0, 0 };
	struct strbuf list;
	struct item it;
	int c;

	sb_init(&list);
	switch (d->kind) {
	case DEC_BID:
		if (aor_auction_seventh(st)) {
			seventh_choices(st, d, &ch);
			break;
		}
		for (c = 0; c < rs->ncountries; c++)
			if (aor_alliance_of(st, c) < 0)
				sb_addf(&list, "%s%s", list.len ? ", " : "",
				    cname(st, c));
		/* a player who cannot raise has only PASS */
		if (aor_max_bid(st, d->country) >= st->auction.high_bid + 1)
			add(&ch, "BID n A country B country, n from %d to %d, "
			    "A and B two of: %s", st->auction.high_bid + 1,
			    aor_max_bid(st, d->country), list.buf);
		blank_item(&it, IT_PASS);
		if (legal(st, d, &it))
			add(&ch, "PASS");
		break;
	case DEC_SEGMENT:
		segment_choices(st, d, &ch);
		break;
	case DEC_DEFEND:
		defend_choices(st, d, &ch);
		break;
	case DEC_JOIN:
		blank_item(&it, IT_JOIN);
		it.join = JN_ALLY;
		if (legal(st, d, &it))
			add(&ch, "JOIN ALLY");
		add(&ch, "JOIN BLUFF");
		add(&ch, "STAY OUT");
		break;
	default:
		for (c = 0; c < rs->ncountries; c++) {
			blank_item(&it, IT_NPC);
			it.npc = 1 << c;
			if (!aor_is_player(st, c) && legal(st, d, &it))
				sb_addf(&list, "%s%s", list.len ? ", " : "",
				    cname(st, c));
		}
		if (list.len)
			add(&ch, "NPC %s (any of them, comma-separated)",
			    list.buf);
		add(&ch, "NPC NONE");
		break;
	}
	sb_release(&list);
	*lines = ch.line;
	return ch.n;
}
