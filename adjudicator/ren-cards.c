/*
 * ren-cards.c - the deck and its epochs (RR10), draw, buy and discard
 * (RR9, RR11), and playing cards (RR12-RR18, RR34).
 */
#include "ren.h"

#include <string.h>

#include "util.h"

#define BIT(k) ((uint64_t)1 << (k))

static int
is_card(const struct ren_state *st, int card, const char *id)
{
	return card >= 0 && strcmp(st->rs->cards[card].id, id) == 0;
}

void
ren_card_away(struct ren_state *st, int card)
{
	if (st->rs->cards[card].recycle)
		st->discard |= BIT(card);
	else
		st->removed |= BIT(card);
}

/*
 * RR10: a new draw pile of the discard pile and the next epoch's cards,
 * if a further epoch is played; 0, or -1 when the game has no more.
 */
static int
next_epoch(struct ren_ctx *c)
{
	struct ren_state *st = c->st;
	const struct ren_ruleset *rs = st->rs;
	int original = (st->variants & REN_VAR_ORIGINAL_SETUP) != 0;
	int k, e = st->epoch + 1, from_discard = 0;

	if (e > st->epochs) {
		if (!st->deck_out)
			ren_ev(c, "deck", REN_NOBODY, "The draw pile is empty "
			    "in the last epoch: the game ends after this turn "
			    "(RR10, RR36).");
		st->deck_out = 1;
		return -1;
	}
	for (k = 0; k < rs->ncards; k++) {
		if (st->discard & BIT(k)) {
			st->draw[st->ndraw++] = (unsigned char)k;
			from_discard++;
		} else if (rs->cards[k].epoch == e &&
		    (original || rs->cards[k].euro != EURO_MOVED))
			st->draw[st->ndraw++] = (unsigned char)k;
	}
	st->discard = 0;
	st->epoch = e;
	ren_shuffle(c, "the new epoch's deck");
	ren_ev(c, "epoch", REN_NOBODY, "Epoch %d begins: %d discarded cards "
	    "and the epoch's own are shuffled into a draw pile of %d "
	    "(RR10).", e, from_discard, st->ndraw);
	return st->ndraw > 0 ? 0 : -1;
}

int
ren_can_draw(const struct ren_state *st)
{
	return st->ndraw > 0 || st->epoch < st->epochs;
}

int
ren_draw_card(struct ren_ctx *c, int player, const char *why)
{
	struct ren_state *st = c->st;
	int card;

	if (st->ndraw == 0 && next_epoch(c) < 0)
		return -1;
	card = st->draw[--st->ndraw];
	st->p[player].hand |= BIT(card);
	ren_ev(c, "draw", player, "%s draws a card (%s).",
	    ren_pname(st, player), why);
	ren_ev_private(c, "draw", player, "You draw %s.",
	    st->rs->cards[card].name);
	if (st->ndraw == 0 && st->epoch >= st->epochs && !st->deck_out) {
		st->deck_out = 1;
		ren_ev(c, "deck", REN_NOBODY, "That was the last card of the "
		    "last epoch: the game ends after this turn (RR36).");
	}
	return card;
}

/* The commodities of roll 12 (Gold and Ivory): their joint marker. */
static int
joint(const struct ren_state *st, int commodity)
{
	return st->rs->commodities[commodity].roll == 12;
}

int
ren_remove_marker(struct ren_ctx *c, int player, int commodity,
    int is_shortage, struct strbuf *err)
{
	struct ren_state *st = c->st;
	const struct ren_commodity *com = &st->rs->commodities[commodity];
	unsigned char *plain = is_shortage ? st->shortage : st->surplus;
	int *jm = is_shortage ? &st->joint_shortage : &st->joint_surplus;
	int price = com->value;

	if (st->phase != RPH_DRAW || st->order[0] != player) {
		sb_add(err, "only the first player, at the start of the draw "
		    "phase, removes markers (RR9)");
		return -1;
	}
	if (plain[commodity] == 0 && !(joint(st, commodity) && *jm > 0)) {
		sb_addf(err, "there is no %s marker on %s", is_shortage ?
		    "shortage" : "surplus", com->name);
		return -1;
	}
	if (st->p[player].cash < price) {
		sb_addf(err, "removing the %s marker costs $%d; %s has $%d",
		    com->name, price, ren_pname(st, player),
		    st->p[player].cash);
		return -1;
	}
	st->p[player].cash -= price;
	if (plain[commodity] > 0)
		plain[commodity]--;
	else
		(*jm)--;	/* RR9: the 12's marker goes as one for $10 */
	ren_ev(c, "remove-marker", player, "%s pays $%d and removes the %s "
	    "marker on %s (RR9).", ren_pname(st, player), price,
	    is_shortage ? "shortage" : "surplus", com->name);
	return 0;
}

int
ren_buy_card(struct ren_ctx *c, int player, struct strbuf *err)
{
	struct ren_state *st = c->st;

	if (!ren_has(st, player, 'V')) {
		sb_addf(err, "%s does not hold Urban Ascendancy (RR11)",
		    ren_pname(st, player));
		return -1;
	}
	if (st->p[player].cash < 10) {
		sb_addf(err, "a card costs $10; %s has $%d (RR11)",
		    ren_pname(st, player), st->p[player].cash);
		return -1;
	}
	if (!ren_can_draw(st)) {
		sb_add(err, "no card can be drawn (RR10)");
		return -1;
	}
	st->p[player].cash -= 10;
	ren_draw_card(c, player, "bought for $10 with Urban Ascendancy, "
	    "RR11");
	return 0;
}

int
ren_discard(struct ren_ctx *c, int player, int card, struct strbuf *err)
{
	struct ren_state *st = c->st;

	if (!ren_has(st, player, 'P')) {
		sb_addf(err, "%s does not hold Master Art (RR11)",
		    ren_pname(st, player));
		return -1;
	}
	if (card < 0 || !(st->p[player].hand & BIT(card))) {
		sb_addf(err, "%s does not hold that card",
		    ren_pname(st, player));
		return -1;
	}
	st->p[player].hand &= ~BIT(card);
	ren_card_away(st, card);
	ren_ev(c, "discard", player, "%s discards %s with Master Art "
	    "(RR11).", ren_pname(st, player), st->rs->cards[card].name);
	return 0;
}

int
ren_commodity_count(const struct ren_state *st, int player, int commodity)
{
	const struct ren_ruleset *rs = st->rs;
	int i, k, n = 0;

	for (i = 0; i < rs->nprovinces; i++) {
		if (st->dom[i] != player)
			continue;
		for (k = 0; k < rs->provinces[i].ncommodities; k++)
			n += rs->provinces[i].commodities[k] == commodity;
	}
	return n;
}

static int
marker_count(const struct ren_state *st, int commodity, int is_shortage)
{
	int n = is_shortage ? st->shortage[commodity] : st->surplus[commodity];

	if (joint(st, commodity))
		n += is_shortage ? st->joint_shortage : st->joint_surplus;
	return n;
}

int
ren_commodity_payment(const struct ren_state *st, int player,
    int commodity)
{
	int k = ren_commodity_count(st, player, commodity), b = k;

	if (k < 1)
		return 0;
	/* RR34: one box up for any shortage, down for any surplus */
	b += marker_count(st, commodity, 1) > 0;
	b -= marker_count(st, commodity, 0) > 0;
	b += ren_has(st, player, 'M');
	return ren_commodity_pay(st->rs, commodity, b);
}

static void
pay_commodity(struct ren_ctx *c, int commodity)
{
	struct ren_state *st = c->st;
	int k, paid = 0;

	for (k = 0; k < st->nplayers; k++) {
		int p = st->order[k], x;

		if (st->p[p].out)
			continue;	/* RR35 */
		x = ren_commodity_payment(st, p, commodity);
		if (x == 0)
			continue;
		st->p[p].cash += x;
		paid++;
		ren_ev(c, "commodity", p, "%s is paid $%d for %d province%s of "
		    "%s (RR34).", ren_pname(st, p), x,
		    ren_commodity_count(st, p, commodity),
		    ren_commodity_count(st, p, commodity) == 1 ? "" : "s",
		    st->rs->commodities[commodity].name);
	}
	if (paid == 0)
		ren_ev(c, "commodity", REN_NOBODY, "Nobody dominates a "
		    "province of %s: nothing is paid.",
		    st->rs->commodities[commodity].name);
	/* one marker of the commodity goes (a double leaves one) */
	if (st->shortage[commodity] > 0)
		st->shortage[commodity]--;
	else if (st->surplus[commodity] > 0)
		st->surplus[commodity]--;
	else if (joint(st, commodity) && st->joint_shortage > 0)
		st->joint_shortage--;
	else if (joint(st, commodity) && st->joint_surplus > 0)
		st->joint_surplus--;
}

int
ren_military_steps(const struct ren_state *st, int a, int b)
{
	unsigned ma = st->p[a].military, mb = st->p[b].military;
	int n = 0;

	/* RR35: of a player in Chaos only Nationalism still counts, so
	   the cards he played this turn neither help nor cancel (reading
	   3) */
	if (st->reading >= 3) {
		if (st->p[a].out)
			ma = 0;
		if (st->p[b].out)
			mb = 0;
	}
	if ((ma & MIL_ARMOR) &&
	    !(mb & (MIL_STIRRUPS | MIL_LONG_BOW | MIL_GUNPOWDER)))
		n++;
	if ((ma & MIL_STIRRUPS) &&
	    !(mb & (MIL_ARMOR | MIL_LONG_BOW | MIL_GUNPOWDER)))
		n++;
	if ((ma & MIL_LONG_BOW) && !(mb & MIL_GUNPOWDER))
		n++;
	if (ma & MIL_GUNPOWDER)
		n++;
	return n;
}

int
ren_card_voided(const struct ren_state *st, int player, int card)
{
	const struct ren_card *cd = &st->rs->cards[card];
	int p, all;

	(void)player;
	/* Papal Decree falls only to a Religious Strife of epoch 3 */
	if (is_card(st, card, "papal-decree"))
		return st->strife_epoch3;
	/* the card: unplayable once every player holds all four Science
	   advances (reading 2) */
	if (is_card(st, card, "mysticism-abounds") && st->reading >= 2) {
		int science = 0;

		for (p = 0; p < REN_NADVANCES; p++)
			science += st->rs->advances[p].category == CAT_SCIENCE;
		for (p = 0; p < st->nplayers; p++)
			if (!st->p[p].out &&
			    ren_category_count(st, p, CAT_SCIENCE) < science)
				return 0;
		return 1;
	}
	if (st->played_ever & cd->voided_by_cards)
		return 1;
	if (cd->voided_by_advances == 0)
		return 0;
	/* Alchemist's Gold: unplayable when every player is immune */
	for (all = 1, p = 0; p < st->nplayers; p++)
		if (!st->p[p].out && !(st->p[p].advances &
		    cd->voided_by_advances))
			all = 0;
	return all;
}

static const struct {
	const char *id;
	unsigned bit;
} military_cards[] = {
	{ "armor", MIL_ARMOR }, { "stirrups", MIL_STIRRUPS },
	{ "long-bow", MIL_LONG_BOW }, { "gunpowder", MIL_GUNPOWDER }
};

/* Misery for every player not protected by Enlightened Ruler. */
static void
misery_all(struct ren_ctx *c, int card, int base, int per_cat, int cat,
    const char *why)
{
	struct ren_state *st = c->st;
	int k;

	for (k = 0; k < st->nplayers; k++) {
		int p = st->order[k], n;

		if (st->p[p].out)
			continue;
		if (st->rs->cards[card].enlightened_ruler &&
		    st->p[p].enlightened) {
			ren_ev(c, "protected", p, "Enlightened Ruler protects "
			    "%s from %s (RR18).", ren_pname(st, p), why);
			continue;
		}
		n = base + per_cat * ren_category_count(st, p, cat);
		if (n > 0)
			ren_misery(c, p, n, why);
	}
}

/*
 * The effect of an event card; with dry, only whether it can be played:
 * 0, -1 with err, or REN_NOT_IMPLEMENTED for the events not written yet.
 */
static int
play_event(struct ren_ctx *c, int player, int card, const struct ren_play *a,
    int dry, struct strbuf *err)
{
	struct ren_state *st = c->st;
	const struct ren_card *cd = &st->rs->cards[card];
	int k, target = a->category;

	if (is_card(st, card, "papal-decree") && (target != CAT_SCIENCE &&
	    target != CAT_RELIGION && target != CAT_EXPLORATION)) {
		sb_add(err, "Papal Decree names science, religion or "
		    "exploration (RR13)");
		return -1;
	}
	if (dry) {
		static const char *const done[] = {
			"armor", "stirrups", "long-bow", "gunpowder", "famine",
			"mysticism-abounds", "revolutionary-uprisings",
			"religious-strife", "enlightened-ruler",
			"papal-decree", "mongol-armies"
		};

		for (k = 0; k < (int)ARRAY_SIZE(done); k++)
			if (is_card(st, card, done[k]))
				return 0;
		return ren_event_check(st, player, card, a, err);
	}

	for (k = 0; k < (int)ARRAY_SIZE(military_cards); k++)
		if (is_card(st, card, military_cards[k].id)) {
			st->p[player].military |= military_cards[k].bit;
			ren_ev(c, "military", player, "%s has the military "
			    "advantage of %s for this turn (RR17).",
			    ren_pname(st, player), cd->name);
			return 0;
		}
	if (is_card(st, card, "famine")) {
		/* 4 boxes, one less per Grain province and with Improved
		   Agriculture; Enlightened Ruler does not protect */
		int grain = ren_find_commodity(st->rs, "grain", NULL);

		for (k = 0; k < st->nplayers; k++) {
			int p = st->order[k], n = 4;

			if (st->p[p].out)
				continue;
			n -= grain >= 0 ? ren_commodity_count(st, p, grain) : 0;
			n -= ren_has(st, p, 'K');
			if (n > 0)
				ren_misery(c, p, n, "Famine");
		}
		return 0;
	}
	if (is_card(st, card, "mysticism-abounds")) {
		misery_all(c, card, 4, -1, CAT_SCIENCE, "Mysticism Abounds");
		return 0;
	}
	if (is_card(st, card, "revolutionary-uprisings")) {
		misery_all(c, card, 0, 1, CAT_COMMERCE,
		    "Revolutionary Uprisings");
		return 0;
	}
	if (is_card(st, card, "religious-strife")) {
		misery_all(c, card, 0, 1, CAT_RELIGION, "Religious Strife");
		if (st->papal_ban >= 0)
			ren_ev(c, "papal-decree", REN_NOBODY, "Religious "
			    "Strife lifts this turn's Papal Decree.");
		st->papal_ban = -1;
		if (st->epoch == 3)
			st->strife_epoch3 = 1;
		return 0;
	}
	if (is_card(st, card, "enlightened-ruler")) {
		st->p[player].enlightened = 1;
		ren_ev(c, "enlightened-ruler", player, "%s plays Enlightened "
		    "Ruler: protected for the rest of the turn (RR18).",
		    ren_pname(st, player));
		return 0;
	}
	if (is_card(st, card, "papal-decree")) {
		st->papal_ban = target;
		ren_ev(c, "papal-decree", player, "%s's Papal Decree: nobody "
		    "buys a %s advance this turn.", ren_pname(st, player),
		    ren_category_name(target));
		return 0;
	}
	if (is_card(st, card, "mongol-armies")) {
		st->p[player].cash += 10;
		ren_ev(c, "mongol-armies", player, "Mongol Armies: the bank "
		    "pays %s $10.", ren_pname(st, player));
		return 0;
	}
	ren_event_apply(c, player, card, a);
	return 0;
}

int
ren_play_card(struct ren_ctx *c, int player, int card, int commodity,
    int target, int protection, struct strbuf *err)
{
	struct ren_play a;

	memset(&a, 0, sizeof(a));
	a.commodity = commodity;
	a.target = target;
	a.category = target;
	a.area = -1;
	a.protection = protection;
	return ren_play_card_with(c, player, card, &a, err);
}

int
ren_play_card_with(struct ren_ctx *c, int player, int card,
    const struct ren_play *a, struct strbuf *err)
{
	struct ren_state *st = c->st;
	const struct ren_card *cd;
	int r, commodity = a->commodity, protection = a->protection;

	if (card < 0 || card >= st->rs->ncards ||
	    !(st->p[player].hand & BIT(card))) {
		sb_addf(err, "%s does not hold that card",
		    ren_pname(st, player));
		return -1;
	}
	cd = &st->rs->cards[card];
	if (ren_card_voided(st, player, card)) {
		sb_addf(err, "%s is a misery burden now and cannot be played "
		    "(RR18)", cd->name);
		return -1;
	}
	switch (cd->kind) {
	case RC_COMMODITY:
		if (cd->ncommodities == 1)
			commodity = cd->commodities[0];
		else if (commodity != cd->commodities[0] &&
		    commodity != cd->commodities[1]) {
			sb_addf(err, "%s names %s or %s (RR13)", cd->name,
			    st->rs->commodities[cd->commodities[0]].name,
			    st->rs->commodities[cd->commodities[1]].name);
			return -1;
		}
		ren_ev(c, "play", player, "%s plays %s%s%s.",
		    ren_pname(st, player), cd->name, cd->choice ? " for " : "",
		    cd->choice ? st->rs->commodities[commodity].name : "");
		pay_commodity(c, commodity);
		break;
	case RC_LEADER: {
		struct ren_leader *l;
		int k, first = st->nleaders == 0;

		if (protection < 0 || protection > st->p[player].cash) {
			sb_addf(err, "protection of $%d: %s has $%d (RR15)",
			    protection, ren_pname(st, player),
			    st->p[player].cash);
			return -1;
		}
		l = &st->leaders[st->nleaders++];
		l->card = card;
		l->owner = player;
		l->first = first;
		l->protection = first ? 0 : protection;
		st->p[player].cash -= l->protection;
		if (cd->cond_card >= 0 && !st->rs->cards[cd->cond_card].recycle
		    && (st->played_ever & BIT(cd->cond_card)))
			st->leader_cond |= BIT(card);
		ren_ev(c, "leader", player, "%s plays %s%s%s.",
		    ren_pname(st, player), cd->name, first ? ", the turn's "
		    "first leader, safe from Patronage (RR15)" : "",
		    l->protection ? " and puts money on it" : "");
		if (l->protection)
			ren_ev(c, "protection", player, "$%d lies on %s "
			    "(RR15).", l->protection, cd->name);
		/* Printed Word: the discount for advances held, at once */
		if (ren_has(st, player, 'O')) {
			/* RR15: the discount the card offers now (Marco
			   Polo's 40 after Mongol Armies; reading 2) */
			int rebate = 0, each = st->reading >= 2 ?
			    ren_leader_amount(st, card) : cd->discount;

			for (k = 0; k < REN_NADVANCES; k++)
				if ((cd->discounts >> k & 1) &&
				    (st->p[player].advances >> k & 1))
					rebate += each;
			if (rebate > 0) {
				st->p[player].cash += rebate;
				ren_ev(c, "rebate", player, "Printed Word: "
				    "%s receives a rebate of $%d (RR15).",
				    ren_pname(st, player), rebate);
			}
		}
		break;
	}
	default:
		r = play_event(c, player, card, a, 1, err);
		if (r != 0)
			return r;
		ren_ev(c, "play", player, "%s plays %s.",
		    ren_pname(st, player), cd->name);
		play_event(c, player, card, a, 0, err);
		break;
	}
	st->p[player].hand &= ~BIT(card);
	st->played_ever |= BIT(card);
	st->played_turn |= BIT(card);
	/* a leader leaves the game after the purchase phase; the list of
	   this turn's leaders keeps what it gives until then */
	ren_card_away(st, card);
	return 0;
}

/* A leader's discount per advance now (RR15): the conditional amount
   when its card was played this turn, or (a card that leaves the game)
   before the leader. */
int
ren_leader_amount(const struct ren_state *st, int card)
{
	const struct ren_card *cd = &st->rs->cards[card];

	if (cd->cond_card < 0)
		return cd->discount;
	if (st->rs->cards[cd->cond_card].recycle)
		return st->played_turn & BIT(cd->cond_card) ?
		    cd->cond_amount : cd->discount;
	return st->leader_cond & BIT(card) ? cd->cond_amount : cd->discount;
}
