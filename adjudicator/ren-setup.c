/*
 * ren-setup.c - the capital bids (RR3) and the Euro deal (RR4).
 */
#include "ren.h"

#include <string.h>

#include "dice.h"
#include "util.h"

int
ren_capitals_in_play(const struct ren_ruleset *rs, int n, int *out)
{
	int i, k = 0;

	for (i = 0; i < rs->ncapitals; i++)
		if (rs->capitals[i].players_min <= n)
			out[k++] = i;
	return k;
}

/*
 * RR3: orders the players of one equal bid by a die each, higher first,
 * rolling again among those still equal; appends them to out.
 */
static void
break_tie(struct ren_ctx *c, int *who, int n, int *out, int *nout)
{
	int roll[REN_MAX_PLAYERS], i, j, k;

	if (n == 1) {
		out[(*nout)++] = who[0];
		return;
	}
	for (i = 0; i < n; i++) {
		roll[i] = (int)dice_roll(c->dice, 6, "capital bid tie: %s",
		    ren_pname(c->st, who[i]));
		ren_ev(c, "capital-tie", who[i], "%s rolls %d to break the "
		    "tie of equal capital bids (RR3).",
		    ren_pname(c->st, who[i]), roll[i]);
	}
	for (k = 6; k >= 1; k--) {
		int group[REN_MAX_PLAYERS], ng = 0;

		for (i = 0; i < n; i++)
			if (roll[i] == k)
				group[ng++] = who[i];
		if (ng > 0 && ng < n)
			break_tie(c, group, ng, out, nout);
		else if (ng == n) {
			/* everyone equal again: roll again, all of them */
			for (j = 0; j < n; j++)
				group[j] = who[j];
			break_tie(c, group, n, out, nout);
			return;
		}
	}
}

int
ren_capital_bids(struct ren_ctx *c, const int bid[],
    const int ranking[][REN_MAX_CAPITALS], struct strbuf *err)
{
	struct ren_state *st = c->st;
	const struct ren_ruleset *rs = st->rs;
	int inplay[REN_MAX_CAPITALS], ncap, p, i, k, b;
	int order[REN_MAX_PLAYERS], norder = 0, taken[REN_MAX_CAPITALS] = {0};

	if (st->phase != RPH_CAPITAL_BID) {
		sb_add(err, "the capitals have been bid for already");
		return -1;
	}
	ncap = ren_capitals_in_play(rs, st->nplayers, inplay);
	for (p = 0; p < st->nplayers; p++) {
		int seen[REN_MAX_CAPITALS] = { 0 };

		if (bid[p] < 0 || bid[p] > rs->bid_max) {
			sb_addf(err, "%s bids $%d: a capital bid is $0 to $%d "
			    "(RR3)", ren_pname(st, p), bid[p], rs->bid_max);
			return -1;
		}
		for (i = 0; i < ncap; i++) {
			int r = ranking[p][i], ok = 0;

			for (k = 0; k < ncap; k++)
				ok |= inplay[k] == r;
			if (!ok || seen[r]) {
				sb_addf(err, "%s's ranking must name each of "
				    "the %d capitals in play once (RR3)",
				    ren_pname(st, p), ncap);
				return -1;
			}
			seen[r] = 1;
		}
	}
	for (b = rs->bid_max; b >= 0; b--) {
		int who[REN_MAX_PLAYERS], n = 0;

		for (p = 0; p < st->nplayers; p++)
			if (bid[p] == b)
				who[n++] = p;
		if (n > 0)
			break_tie(c, who, n, order, &norder);
	}
	for (k = 0; k < norder; k++) {
		struct ren_player *pl = &st->p[order[k]];

		p = order[k];
		pl->bid = bid[p];
		pl->allot = k;
		memcpy(pl->ranking, ranking[p], sizeof(pl->ranking));
		for (i = 0; i < ncap; i++)
			if (!taken[ranking[p][i]])
				break;
		pl->capital = ranking[p][i];
		pl->rank_got = i;
		taken[pl->capital] = 1;
		pl->cash = rs->purse - bid[p];
		i = rs->capitals[pl->capital].province;
		st->dom[i] = (signed char)p;
		pl->mat--;
		ren_ev(c, "capital", p, "Player %d bid $%d and receives %s, "
		    "his choice #%d (RR3); he keeps $%d.", p + 1, bid[p],
		    rs->provinces[i].name, pl->rank_got + 1, pl->cash);
	}
	st->allotted = 1;
	ren_euro_deal(c);
	return 0;
}

void
ren_shuffle(struct ren_ctx *c, const char *why)
{
	struct ren_state *st = c->st;
	int i;

	for (i = st->ndraw - 1; i > 0; i--) {
		int j = (int)dice_draw(c->dice, (unsigned)i + 1, "shuffle %s",
		    why);
		unsigned char t = st->draw[i];

		st->draw[i] = st->draw[j];
		st->draw[j] = t;
	}
}

static int
pop(struct ren_state *st)
{
	return st->ndraw > 0 ? st->draw[--st->ndraw] : -1;
}

void
ren_euro_deal(struct ren_ctx *c)
{
	struct ren_state *st = c->st;
	const struct ren_ruleset *rs = st->rs;
	int original = (st->variants & REN_VAR_ORIGINAL_SETUP) != 0;
	int k, p, d, deal = original ? 1 : rs->euro_deal;

	st->epoch = 1;
	st->ndraw = 0;
	for (k = 0; k < rs->ncards; k++) {
		const struct ren_card *cd = &rs->cards[k];

		if (!original && cd->euro == EURO_HELD_BACK) {
			st->held_back |= (uint64_t)1 << k;
			continue;
		}
		if (cd->epoch == 1 || (!original && cd->euro == EURO_MOVED))
			st->draw[st->ndraw++] = (unsigned char)k;
	}
	ren_shuffle(c, "the epoch-1 deck");
	ren_ev(c, "deck", REN_NOBODY, "The epoch-1 deck of %d cards is "
	    "shuffled%s.", st->ndraw, original ? "" : "; five cards are held "
	    "back and one epoch-2 Timber is added (RR4)");
	for (p = 0; p < st->nplayers; p++)
		st->order[p] = -1;
	for (p = 0; p < st->nplayers; p++)
		for (k = 0; k < st->nplayers; k++)
			if (st->p[k].allot == p)
				st->order[p] = k;
	for (k = 0; k < st->nplayers; k++) {
		p = st->order[k];
		for (d = 0; d < deal; d++) {
			int card = pop(st);

			st->p[p].dealt[d] = card;
			st->p[p].hand |= (uint64_t)1 << card;
			ren_ev_private(c, "deal", p, "You are dealt %s.",
			    rs->cards[card].name);
		}
		ren_ev(c, "deal", p, "%s is dealt %d card%s.",
		    ren_pname(st, p), deal, deal == 1 ? "" : "s");
	}
	st->phase = original ? RPH_TOKEN_BID : RPH_EURO_RETURN;
	if (original)
		st->turn = 1;
}

int
ren_euro_return(struct ren_ctx *c, int player, int card,
    struct strbuf *err)
{
	struct ren_state *st = c->st;
	struct ren_player *pl = &st->p[player];
	int p, d, ok = 0;

	if (st->phase != RPH_EURO_RETURN) {
		sb_add(err, "no Euro deal card is to be returned now");
		return -1;
	}
	if (pl->euro_returned >= 0) {
		sb_addf(err, "%s has returned a card already",
		    ren_pname(st, player));
		return -1;
	}
	for (d = 0; d < st->rs->euro_deal; d++)
		ok |= pl->dealt[d] == card;
	if (!ok || !(pl->hand & ((uint64_t)1 << card))) {
		sb_addf(err, "%s was not dealt %s (RR4)",
		    ren_pname(st, player), card >= 0 ?
		    st->rs->cards[card].id : "that card");
		return -1;
	}
	pl->euro_returned = card;
	pl->hand &= ~((uint64_t)1 << card);
	ren_ev_private(c, "euro-return", player, "You return %s (RR4).",
	    st->rs->cards[card].name);
	for (p = 0; p < st->nplayers; p++)
		if (st->p[p].euro_returned < 0)
			return 0;
	for (p = 0; p < st->nplayers; p++)
		st->draw[st->ndraw++] = (unsigned char)st->p[p].euro_returned;
	ren_shuffle(c, "the returned Euro cards into the deck");
	ren_ev(c, "euro-return", REN_NOBODY, "Every player has returned one "
	    "card; the %d returned cards are shuffled into the deck (RR4).",
	    st->nplayers);
	st->phase = RPH_TOKEN_BID;
	st->turn = 1;
	ren_turn_start(c);
	return 0;
}
