/*
 * ren-purchase.c - the purchase phase: ships (RR23), Patronage and leader
 * discounts (RR15, RR20), advances (RR20), stabilization (RR21) and misery
 * relief (RR22).
 */
#include "ren.h"

#include <string.h>

#include "util.h"

#define ADV_BIT(letter) (1u << ((letter) - 'A'))

/* Whether a player may use leader l's discounts (RR15, RR20). */
static int
may_use_leader(const struct ren_state *st, int player, int l,
    uint64_t claimed)
{
	return st->leaders[l].owner == player ||
	    (claimed >> l & 1);
}

/* The leader discount a player has on an advance now (RR15). */
static int
leader_discount(const struct ren_state *st, int player, int adv,
    uint64_t claimed)
{
	int l, d = 0;

	for (l = 0; l < st->nleaders; l++) {
		const struct ren_card *cd =
		    &st->rs->cards[st->leaders[l].card];

		if (!(cd->discounts >> adv & 1) ||
		    !may_use_leader(st, player, l, claimed))
			continue;
		/* discounts of different leaders add up (RR15, P) */
		d += ren_leader_amount(st, st->leaders[l].card);
		if (ren_has(st, player, 'N'))
			d += 10;	/* Written Record, per card */
	}
	return d;
}

int
ren_advance_price(const struct ren_state *st, int player, int adv,
    uint64_t claimed)
{
	const struct ren_ruleset *rs = st->rs;
	const struct ren_advance *a = &rs->advances[adv];
	uint32_t earlier = st->p[player].advances & ~st->p[player].bought_now;
	int price = a->cost, k;

	/* RR20: credits of advances bought in earlier turns */
	for (k = 0; k < REN_NADVANCES; k++) {
		if (!(earlier >> k & 1))
			continue;
		if (rs->advances[k].credit_category == a->category)
			price -= rs->advances[k].credit;
		if (rs->advances[k].special_categories & (1u << a->category))
			price -= rs->advances[k].special_credit;
	}
	price -= leader_discount(st, player, adv, claimed);
	return price < 0 ? 0 : price;
}

int
ren_advance_allowed(const struct ren_state *st, int player, int adv,
    struct strbuf *err)
{
	const struct ren_player *pl = &st->p[player];
	const struct ren_advance *a = &st->rs->advances[adv];
	int k;

	if (pl->advances >> adv & 1) {
		sb_addf(err, "%s holds %s already", ren_pname(st, player),
		    a->name);
		return -1;
	}
	for (k = 0; k < a->nprereq; k++)
		if (!(pl->advances >> a->prereq[k] & 1)) {
			sb_addf(err, "%s needs %s first (RR20)", a->name,
			    st->rs->advances[a->prereq[k]].name);
			return -1;
		}
	if ((int)a->category == st->papal_ban) {
		sb_addf(err, "Papal Decree bans %s advances this turn (RR20)",
		    ren_category_name(a->category));
		return -1;
	}
	return 0;
}

int
ren_advance_best(const struct ren_state *st, int player, int adv,
    uint64_t *claims, int *protection)
{
	/* few leaders list one advance (19 leader cards, RR15) */
	int use[12], m = 0, l, best, cost, paid;
	unsigned set, n;

	*claims = 0;
	*protection = 0;
	best = ren_advance_price(st, player, adv, 0);
	for (l = 0; l < st->nleaders; l++) {
		struct strbuf e;
		int ok;

		if (!(st->rs->cards[st->leaders[l].card].discounts >> adv & 1))
			continue;
		sb_init(&e);
		ok = ren_claimable(st, player, l, &e) == 0;
		sb_release(&e);
		if (ok && m < (int)ARRAY_SIZE(use))
			use[m++] = l;
	}
	/* every set of the leaders that discount it: the least money out
	   of his hand, then the least protection, then the first set */
	for (set = 1; set < 1u << m; set++) {
		uint64_t c = 0;

		for (n = 0, paid = 0; n < (unsigned)m; n++)
			if (set >> n & 1) {
				c |= (uint64_t)1 << use[n];
				paid += st->leaders[use[n]].protection;
			}
		cost = ren_advance_price(st, player, adv, c);
		if (cost + paid < best + *protection ||
		    (cost + paid == best + *protection &&
		    paid < *protection)) {
			best = cost;
			*claims = c;
			*protection = paid;
		}
	}
	return best;
}

int
ren_buy_advance(struct ren_ctx *c, int player, int adv, uint64_t claimed,
    struct strbuf *err)
{
	struct ren_state *st = c->st;
	struct ren_player *pl = &st->p[player];
	const struct ren_advance *a = &st->rs->advances[adv];
	int price;

	if (ren_advance_allowed(st, player, adv, err) != 0)
		return -1;
	price = ren_advance_price(st, player, adv, claimed);
	if (price > pl->cash) {
		sb_addf(err, "%s costs %s $%d; he has $%d", a->name,
		    ren_pname(st, player), price, pl->cash);
		return -1;
	}
	pl->cash -= price;
	pl->advances |= 1u << adv;
	pl->bought_now |= 1u << adv;
	pl->relief_mr += a->relief;
	ren_ev(c, "advance", player, "%s buys %s [%c] for $%d (printed "
	    "$%d; RR20).", ren_pname(st, player), a->name, a->letter, price,
	    a->cost);
	if (a->misery > 0)
		ren_misery(c, player, a->misery, "a Religion advance (RR20)");
	if (a->letter == 'B' || a->letter == 'K')
		ren_misery(c, player, -1, a->name);
	/* RR23: new ships at once, whatever was held */
	if (a->letter == 'S' || a->letter == 'T') {
		pl->ship_row = a->letter == 'S' ? SHIP_SEAWORTHY : SHIP_OCEAN;
		pl->ship_level = 0;
		ren_ev(c, "ships", player, "%s's fleet is now %s %d (RR23).",
		    ren_pname(st, player), a->letter == 'S' ? "Seaworthy" :
		    "Ocean Navigation",
		    st->rs->ship_levels[pl->ship_row][0]);
	}
	return 0;
}

int
ren_ship_upgrade(struct ren_ctx *c, int player, struct strbuf *err)
{
	struct ren_state *st = c->st;
	struct ren_player *pl = &st->p[player];
	const struct ren_ruleset *rs = st->rs;
	int row = pl->ship_row, level = pl->ship_level + 1;

	if (pl->upgraded >= rs->upgrades_per_turn) {
		sb_add(err, "one ship upgrade per turn (RR23)");
		return -1;
	}
	if (row == SHIP_NONE) {
		row = SHIP_GALLEYS;
		level = 0;
	}
	if (level >= rs->ship_nlevels[row]) {
		sb_addf(err, "no upgrade beyond %d (RR23)",
		    rs->ship_levels[row][rs->ship_nlevels[row] - 1]);
		return -1;
	}
	if (pl->cash < rs->upgrade_cost) {
		sb_addf(err, "a ship upgrade costs $%d; %s has $%d",
		    rs->upgrade_cost, ren_pname(st, player), pl->cash);
		return -1;
	}
	pl->cash -= rs->upgrade_cost;
	pl->ship_row = row;
	pl->ship_level = level;
	pl->upgraded++;
	ren_ev(c, "ships", player, "%s pays $%d: %s %d (RR23).",
	    ren_pname(st, player), rs->upgrade_cost, row == SHIP_GALLEYS ?
	    "Galleys" : row == SHIP_SEAWORTHY ? "Seaworthy" :
	    "Ocean Navigation", rs->ship_levels[row][level]);
	return 0;
}

int
ren_claimable(const struct ren_state *st, int player, int l,
    struct strbuf *err)
{
	const struct ren_leader *ld = &st->leaders[l];

	/* Patronage held before this purchase phase (RR20) */
	if (!(st->p[player].advances & ~st->p[player].bought_now &
	    ADV_BIT('E'))) {
		sb_addf(err, "%s does not hold Patronage from an earlier turn "
		    "(RR20)", ren_pname(st, player));
		return -1;
	}
	if (ld->first || ld->owner == player) {
		sb_addf(err, "%s cannot be claimed: %s (RR15)",
		    st->rs->cards[ld->card].name, ld->first ? "the turn's "
		    "first leader card" : "it is his own");
		return -1;
	}
	return 0;
}

int
ren_claim(struct ren_ctx *c, int player, int l, struct strbuf *err)
{
	struct ren_state *st = c->st;
	struct ren_leader *ld;

	if (l < 0 || l >= st->nleaders) {
		sb_add(err, "no such leader card this turn");
		return -1;
	}
	ld = &st->leaders[l];
	if (ren_claimable(st, player, l, err) != 0)
		return -1;
	if (st->p[player].cash < ld->protection) {
		sb_addf(err, "claiming %s costs $%d; %s has $%d",
		    st->rs->cards[ld->card].name, ld->protection,
		    ren_pname(st, player), st->p[player].cash);
		return -1;
	}
	st->p[player].cash -= ld->protection;
	/* RR35: an owner fallen into Chaos since he played the card
	   receives no payments; the claim costs the same, paid to the bank
	   (reading 3) */
	if (st->reading >= 3 && st->p[ld->owner].out) {
		ren_ev(c, "claim", player, "%s claims %s by Patronage and pays "
		    "the bank $%d: %s is in Chaos (RR20, RR35).",
		    ren_pname(st, player), st->rs->cards[ld->card].name,
		    ld->protection, ren_pname(st, ld->owner));
		return 0;
	}
	st->p[ld->owner].cash += ld->protection;
	ren_ev(c, "claim", player, "%s claims %s by Patronage and pays %s "
	    "$%d (RR20).", ren_pname(st, player), st->rs->cards[ld->card].name,
	    ren_pname(st, ld->owner), ld->protection);
	return 0;
}

int
ren_stabilization_cost(const struct ren_state *st, int player)
{
	int cost = ren_stabilization(st->rs, ren_hand_size(st, player));

	if (ren_has(st, player, 'Z'))
		cost = (cost + 1) / 2;	/* RR1: halvings round up */
	return cost;
}

void
ren_stabilize(struct ren_ctx *c, int player, int pay)
{
	struct ren_state *st = c->st;
	struct ren_player *pl = &st->p[player];
	int cost = ren_stabilization_cost(st, player), moved = 0, boxes = 0;

	if (cost == 0 || pl->out)
		return;
	if (pay && pl->cash >= cost) {
		pl->cash -= cost;
		ren_ev(c, "stabilization", player, "%s pays $%d stabilization "
		    "for %d cards (RR21).", ren_pname(st, player), cost,
		    ren_hand_size(st, player));
		return;
	}
	/* RR21: box by box until the steps add up to the cost */
	while (moved < cost) {
		int i = pl->misery + boxes;

		if (i + 1 >= st->rs->nmisery) {
			boxes++;	/* past the last box: Chaos */
			break;
		}
		moved += st->rs->misery[i + 1] - st->rs->misery[i];
		boxes++;
	}
	ren_ev(c, "stabilization", player, "%s does not pay $%d "
	    "stabilization (RR21).", ren_pname(st, player), cost);
	ren_misery(c, player, boxes, "stabilization unpaid");
}

int
ren_tiers(const struct ren_state *st, int player)
{
	int k, t = REN_NADVANCES;

	for (k = 0; k < REN_NCATEGORIES; k++) {
		int n = ren_category_count(st, player, k);

		if (n < t)
			t = n;
	}
	return t;
}

/* The price of n boxes of relief before MR; -1 with err if not legal. */
static int
relief_raw(const struct ren_state *st, int player, int n,
    struct strbuf *err)
{
	const struct ren_player *pl = &st->p[player];
	int t = ren_tiers(st, player), price = 0, k;

	if (n < 1) {
		sb_add(err, "relief is for one box or more");
		return -1;
	}
	if (pl->relief_used + n > t) {
		sb_addf(err, "%s holds %d tier%s: at most %d box%s of relief "
		    "this turn (RR22)", ren_pname(st, player), t,
		    t == 1 ? "" : "s", t, t == 1 ? "" : "es");
		return -1;
	}
	if (pl->misery - n < 0) {
		sb_addf(err, "%s's misery is %d: he cannot move down %d "
		    "box%s", ren_pname(st, player),
		    ren_misery_value(st, player), n, n == 1 ? "" : "es");
		return -1;
	}
	for (k = 0; k < n; k++)
		price += st->rs->misery[pl->misery - k] -
		    st->rs->misery[pl->misery - k - 1];
	if (ren_has(st, player, 'D'))
		price = (price + 1) / 2;	/* halved before MR (RR22, P) */
	return price;
}

int
ren_relief_price(const struct ren_state *st, int player, int n,
    struct strbuf *err)
{
	int raw = relief_raw(st, player, n, err);

	if (raw < 0)
		return -1;
	raw -= st->p[player].relief_mr;
	return raw < 0 ? 0 : raw;
}

int
ren_relief(struct ren_ctx *c, int player, int n, struct strbuf *err)
{
	struct ren_state *st = c->st;
	struct ren_player *pl = &st->p[player];
	int raw = relief_raw(st, player, n, err), price, used;

	if (raw < 0)
		return -1;
	used = raw < pl->relief_mr ? raw : pl->relief_mr;
	price = raw - used;
	if (price > pl->cash) {
		sb_addf(err, "relief of %d box%s costs $%d; %s has $%d", n,
		    n == 1 ? "" : "es", price, ren_pname(st, player),
		    pl->cash);
		return -1;
	}
	pl->relief_mr -= used;
	pl->cash -= price;
	pl->relief_used += n;
	ren_ev(c, "relief", player, "%s buys %d box%s of misery relief for "
	    "$%d (RR22).", ren_pname(st, player), n, n == 1 ? "" : "es",
	    price);
	ren_misery(c, player, -n, "misery relief");
	return 0;
}

void
ren_purchase_done(struct ren_state *st, int player)
{
	st->p[player].relief_mr = 0;	/* RR22: unused MR is lost */
	st->p[player].bought_now = 0;
}
