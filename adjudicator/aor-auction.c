/*
 * aor-auction.c - determining alliances by auction (R9-R12, R37).
 *
 * Under rules reading 1 (aor.h) the seventh country went unbid into box 7
 * and an opening missed by every player went round once more; reading 2
 * auctions the seventh country (R9, R10) and opens at 0 as soon as the
 * last player has missed the opening (R37).
 */
#include "aor.h"

#include <stdio.h>
#include <string.h>

#include "dice.h"
#include "util.h"

static int
unallied(const struct aor_state *st, int *list)
{
	int co, n = 0;

	for (co = 0; co < st->rs->ncountries; co++)
		if (aor_alliance_of(st, co) < 0)
			list[n++] = co;
	return n;
}

/* R9: the first empty box of a row (0 top: 1, 3, 5, 7; 1 bottom). */
static int
first_empty(const struct aor_state *st, int row)
{
	int i;

	for (i = row; i < st->rs->num.alliance_boxes; i += 2)
		if (st->alliance[i] == NO_COUNTRY)
			return i;
	return -1;
}

static void
put_in_box(struct ctx *c, int box, int country, const char *why)
{
	size_t n = strlen(why);

	AOR_ST(c)->alliance[box] = country;
	/* reading 3: "(bottom row, proposal B)", not "(bottom row) (...)" */
	if (AOR_ST(c)->rules >= 3 && n > 3 && strncmp(why, " (", 2) == 0 &&
	    why[n - 1] == ')')
		ev(c, "alliance", country, "%s goes into alliance box %d (%s "
		    "row, %.*s).", cname(c->st, country), box + 1, box % 2 ?
		    "bottom" : "top", (int)(n - 3), why + 2);
	else
		ev(c, "alliance", country, "%s goes into alliance box %d (%s "
		    "row)%s.", cname(c->st, country), box + 1, box % 2 ?
		    "bottom" : "top", why);
}

static int
seat_country(const struct aor_state *st, int seat)
{
	return st->seats.players[seat].country;
}

static int
acting_seat(const struct aor_state *st)
{
	return (st->auction.opener + st->auction.action - 1) % st->seats.nplayers;
}

/*
 * R9 (reading 2): the auction under way, or about to begin, is for the one
 * country left, which each bid names as proposal A or as proposal B.
 */
int
aor_auction_seventh(const struct aor_state *st)
{
	int list[RS_MAX_COUNTRIES];

	return st->rules >= 2 && unallied(st, list) == 1;
}

static void begin(struct ctx *c, int number, int opener);

/*
 * After a placement: with every country placed the segments start;
 * otherwise the player left of the previous opener opens the next auction
 * (R11), under reading 2 also for the seventh country (R9).  Under reading
 * 1 the seventh country went alone into the first empty top box.
 */
static void
next_auction(struct ctx *c, int number, int prev_opener)
{
	struct aor_state *st = c->st;
	int list[RS_MAX_COUNTRIES];
	int n = unallied(st, list);

	if (n == 1 && st->rules < 2) {
		/* Reading 1: no auction for the seventh country (aor.h). */
		put_in_box(c, first_empty(st, 0), list[0],
		    ", alone as the last country (R9)");
		n = 0;
	}
	if (n == 0) {
		st->phase = PH_SEGMENTS;
		return;
	}
	begin(c, number, (prev_opener + 1) % st->seats.nplayers);
}

static void
begin(struct ctx *c, int number, int opener)
{
	struct aor_state *st = c->st;
	struct auction *au = &st->auction;

	st->phase = PH_AUCTION;
	au->number = number;
	au->opener = opener;
	au->action = 1;
	au->high_bid = -1;
	au->high_seat = -1;
	au->a = au->b = NO_COUNTRY;
	au->passes = 0;
	if (number == 1)
		st->first_opener = opener;
	if (aor_auction_seventh(st)) {
		int list[RS_MAX_COUNTRIES];

		unallied(st, list);
		ev(c, "auction", seat_country(st, opener), "Auction %d of "
		    "turn %d, for the seventh country: %s opens the bidding; "
		    "each bid names %s as proposal A (box %d, top row) or B "
		    "(box %d, bottom row) (R9).", number, st->turn,
		    cname(st, seat_country(st, opener)), cname(st, list[0]),
		    first_empty(st, 0) + 1, first_empty(st, 1) + 1);
		return;
	}
	ev(c, "auction", seat_country(st, opener), "Auction %d of turn %d: "
	    "%s opens the bidding.", number, st->turn,
	    cname(st, seat_country(st, opener)));
}

/* R12: the optional random alliances of the first turn. */
static void
random_alliances(struct ctx *c)
{
	struct aor_state *st = c->st;
	int pool[RS_MAX_COUNTRIES], n, i, k, box = 0, npc;

	for (npc = 0; npc < 2; npc++) {
		n = 0;
		if (!npc)	/* players in seating order, then NPCs */
			for (i = 0; i < st->seats.nplayers; i++)
				pool[n++] = st->seats.players[i].country;
		else
			for (i = 0; i < st->rs->ncountries; i++)
				if (!aor_is_player(st, i))
					pool[n++] = i;
		while (n > 0) {
			k = (int)dice_draw(c->dice, (unsigned)n,
			    "random alliance box %d", box + 1);
			put_in_box(c, box++, pool[k],
			    " (random first alliances, R12)");
			for (i = k; i < n - 1; i++)
				pool[i] = pool[i + 1];
			n--;
		}
	}
	st->phase = PH_SEGMENTS;
}

/*
 * R11: turn 1 starts with the start player; later turns with the player
 * with the fewest VP, a tie drawn at random among the tied in seating order.
 */
void
aor_auction_start_turn(struct ctx *c)
{
	struct aor_state *st = c->st;
	int tied[RS_MAX_COUNTRIES], nt = 0, s, low = -1;

	if (st->turn == 1 && (st->variants & VAR_RANDOM_FIRST_ALLIANCES)) {
		random_alliances(c);
		return;
	}
	if (st->turn == 1) {
		begin(c, 1, st->start_seat);
		return;
	}
	for (s = 0; s < st->seats.nplayers; s++) {
		int v = st->vp[seat_country(st, s)];

		if (low < 0 || v < low) {
			low = v;
			nt = 0;
		}
		if (v == low)
			tied[nt++] = s;
	}
	if (nt > 1) {
		int k = (int)dice_draw(c->dice, (unsigned)nt,
		    "first bidder of turn %d among %d tied", st->turn, nt);

		ev(c, "tie-break", seat_country(st, tied[k]), "%d players tie "
		    "with the fewest VP (%d); the draw picks %s (R11).", nt, low,
		    cname(st, seat_country(st, tied[k])));
		s = tied[k];
	} else
		s = tied[0];
	begin(c, 1, s);
}

static int
check_proposal(const struct aor_state *st, int country, const char *label,
    struct strbuf *err)
{
	if (country == NO_COUNTRY) {
		sb_addf(err, "proposal %s is missing (R10)", label);
		return -1;
	}
	if (aor_alliance_of(st, country) >= 0) {
		sb_addf(err, "proposal %s: %s is already in an alliance",
		    label, cname(st, country));
		return -1;
	}
	return 0;
}

int
aor_auction_check(const struct aor_state *st, const struct order *o,
    struct strbuf *err)
{
	const struct auction *au = &st->auction;
	const struct item *it;
	int list[RS_MAX_COUNTRIES];

	if (o->nitems != 1 || (AOR_CITEMS(o)[0].kind != IT_BID &&
	    AOR_CITEMS(o)[0].kind != IT_PASS)) {
		sb_add(err, "an auction step takes one BID or PASS line");
		return -1;
	}
	it = &AOR_CITEMS(o)[0];
	if (it->kind == IT_PASS) {
		if (au->high_bid < 0) {
			sb_add(err, "nobody has bid yet: the opener must bid "
			    "(0 is allowed) (R10)");
			return -1;
		}
		return 0;
	}
	if (it->amount <= au->high_bid) {
		sb_addf(err, "a bid must raise the current bid of %d (R10)",
		    au->high_bid);
		return -1;
	}
	if (it->amount > aor_max_bid(st, o->country)) {
		sb_addf(err, "bid %d is more than %s can pay: %d gold plus %d "
		    "by borrowing (R10, R5)", it->amount,
		    cname(st, o->country), st->gold[o->country],
		    aor_max_bid(st, o->country) - st->gold[o->country]);
		return -1;
	}
	if (aor_auction_seventh(st)) {
		/* R9, R10: one country, named as A or as B */
		if (it->a != NO_COUNTRY && it->b != NO_COUNTRY) {
			sb_add(err, "the auction for the seventh country "
			    "takes one proposal: BID n A country (box 7) or "
			    "BID n B country (box 8) (R9, R10)");
			return -1;
		}
		return it->a != NO_COUNTRY ? check_proposal(st, it->a, "A",
		    err) : check_proposal(st, it->b, "B", err);
	}
	if (check_proposal(st, it->a, "A", err) != 0)
		return -1;
	if (it->b == NO_COUNTRY && unallied(st, list) == 1)
		return 0;
	if (check_proposal(st, it->b, "B", err) != 0)
		return -1;
	if (it->a == it->b) {
		sb_add(err, "proposals A and B must be two different "
		    "countries");
		return -1;
	}
	return 0;
}

static void
end_auction(struct ctx *c)
{
	struct aor_state *st = c->st;
	struct auction *au = &st->auction;
	int winner = seat_country(st, au->high_seat);
	char what[64];

	ev(c, "auction-won", winner, "%s wins auction %d with a bid of %d.",
	    cname(st, winner), au->number, au->high_bid);
	snprintf(what, sizeof(what), "the winning bid of auction %d",
	    au->number);
	aor_pay(c, winner, au->high_bid, what);
	if (au->a != NO_COUNTRY)
		put_in_box(c, first_empty(st, 0), au->a, " (proposal A)");
	if (au->b != NO_COUNTRY)
		put_in_box(c, first_empty(st, 1), au->b, " (proposal B)");
	if (st->rules >= 2 && (au->a == NO_COUNTRY || au->b == NO_COUNTRY))
		ev(c, "alliances", winner, "The %s row's alliance has four "
		    "countries (R9).", au->a != NO_COUNTRY ? "top" : "bottom");
	next_auction(c, au->number + 1, au->opener);
}

static void
do_pass(struct ctx *c, const char *how)
{
	struct aor_state *st = c->st;
	struct auction *au = &st->auction;
	int who = seat_country(st, acting_seat(st));

	if (au->high_bid < 0) {
		/* R37: an opener who misses hands the opening on. */
		ev(c, "default", who, "%s misses the deadline to open auction "
		    "%d; the opening passes to the next player (R37).",
		    cname(st, who), au->number);
		au->action++;
		return;
	}
	ev(c, "pass", who, "%s passes%s.", cname(st, who), how);
	au->action++;
	au->passes++;
	if (au->passes >= st->seats.nplayers - 1)
		end_auction(c);
}

static void
do_bid(struct ctx *c, int amount, int a, int b, const char *how)
{
	struct aor_state *st = c->st;
	struct auction *au = &st->auction;
	int seat = acting_seat(st), who = seat_country(st, seat);

	au->high_bid = amount;
	au->high_seat = seat;
	au->a = a;
	au->b = b;
	au->passes = 0;
	au->action++;
	if (a != NO_COUNTRY && b != NO_COUNTRY)
		ev(c, "bid", who, "%s bids %d%s: A %s, B %s.", cname(st, who),
		    amount, how, cname(st, a), cname(st, b));
	else if (a != NO_COUNTRY)
		ev(c, "bid", who, "%s bids %d%s: A %s.", cname(st, who),
		    amount, how, cname(st, a));
	else
		ev(c, "bid", who, "%s bids %d%s: B %s.", cname(st, who),
		    amount, how, cname(st, b));
}

void
aor_auction_apply(struct ctx *c, const struct order *o)
{
	const struct item *it = &AOR_CITEMS(o)[0];

	if (it->kind == IT_PASS)
		do_pass(c, "");
	else
		do_bid(c, it->amount, it->a, it->b, "");
}

/*
 * R37: a missed bid is a pass; a missed opening hands the opening on; when
 * every player has missed it, the adjudicator opens at 0 for the player
 * whose turn it is, with a random proposal: under reading 2 for the last
 * player as soon as he has missed it, under reading 1 for the first opener
 * after one more round.  In the seventh country's auction the random
 * proposal is A or B (R9).
 */
void
aor_auction_default(struct ctx *c)
{
	struct aor_state *st = c->st;
	struct auction *au = &st->auction;
	int list[RS_MAX_COUNTRIES] = { 0 }, n, ka, kb, a, b = NO_COUNTRY;
	int last = st->rules >= 2 ? st->seats.nplayers : st->seats.nplayers + 1;

	if (au->high_bid >= 0) {
		do_pass(c, " (deadline passed, R37)");
		return;
	}
	if (au->action < last) {
		do_pass(c, "");
		return;
	}
	n = unallied(st, list);
	if (aor_auction_seventh(st)) {
		if (dice_draw(c->dice, 2, "random proposal for the seventh "
		    "country: A or B") == 0)
			a = list[0];
		else {
			a = NO_COUNTRY;
			b = list[0];
		}
		do_bid(c, 0, a, b, " (every player missed the opening: the "
		    "adjudicator opens at 0 with a random proposal, R37, R9)");
		return;
	}
	ka = (int)dice_draw(c->dice, (unsigned)n, "random proposal A");
	a = list[ka];
	list[ka] = list[--n];
	if (n > 0) {
		kb = (int)dice_draw(c->dice, (unsigned)n,
		    "random proposal B");
		b = list[kb];
	}
	do_bid(c, 0, a, b, " (every player missed the opening: the "
	    "adjudicator opens at 0 with a random proposal, R37)");
}
