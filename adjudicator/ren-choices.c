/*
 * ren-choices.c - the order form of a decision: its legal choices now,
 * one order line each with a comment ("ADVANCE W  # Nationalism, $40"),
 * so that the form, the parser and the rules agree (every line of a form
 * parses, and its choice is legal when the form is made).
 */
#include "ren.h"

#include <stdarg.h>
#include <string.h>

#include "util.h"

static void
line(struct strbuf *out, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void
line(struct strbuf *out, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	sb_vaddf(out, fmt, ap);
	va_end(ap);
	sb_addc(out, '\n');
}

static void
capitals(const struct ren_state *st, struct strbuf *out)
{
	int in[REN_MAX_CAPITALS], n = ren_capitals_in_play(st->rs,
	    st->nplayers, in), k;

	sb_add(out, "RANK ");
	for (k = 0; k < n; k++)
		sb_addf(out, "%s%s", k ? ", " : "",
		    st->rs->provinces[st->rs->capitals[in[k]].province].name);
	sb_add(out, "  # every capital in play, best first (RR3)\n");
}

static void
play_form(const struct ren_state *st, int p, struct strbuf *out)
{
	const struct ren_ruleset *rs = st->rs;
	int k, o;

	for (k = 0; k < rs->ncards; k++) {
		const struct ren_card *cd = &rs->cards[k];

		if (!(st->p[p].hand >> k & 1))
			continue;
		if (ren_card_voided(st, p, k)) {
			sb_addf(out, "# %s is a misery burden (RR18)\n",
			    cd->id);
			continue;
		}
		if (cd->choice) {
			for (o = 0; o < 2; o++)
				line(out, "PLAY %s FOR %s", cd->id,
				    rs->commodities[cd->commodities[o]].name);
		} else if (ren_event_form(st, p, k, out)) {
			continue;
		} else if (strcmp(cd->id, "papal-decree") == 0) {
			line(out, "PLAY %s FOR science", cd->id);
			line(out, "PLAY %s FOR religion", cd->id);
			line(out, "PLAY %s FOR exploration", cd->id);
		} else if (cd->kind == RC_LEADER) {
			line(out, "PLAY %s PROTECT 0", cd->id);
		} else {
			line(out, "PLAY %s", cd->id);
		}
	}
}

/*
 * Reading 3, RR20, seed 5.5.2.2: an advance whose missing prerequisites
 * he may buy first in the same list ("ADVANCE O  # Printed Word, $60
 * only after ADVANCE N ($30)"), when his cash pays them all.  The prices
 * are ren_advance_price's without claims: an advance bought this turn
 * gives no credit (RR20), so the order does not change them.
 */
static void
after_line(const struct ren_state *st, int p, int adv, struct strbuf *out)
{
	const struct ren_ruleset *rs = st->rs;
	const struct ren_advance *a = &rs->advances[adv];
	struct strbuf e, need;
	int q, r, n = 0, price, total;

	if ((st->p[p].advances >> adv & 1) ||
	    (int)a->category == st->papal_ban)
		return;
	sb_init(&e);
	sb_init(&need);
	total = ren_advance_price(st, p, adv, 0);
	for (q = 0; q < a->nprereq; q++) {
		r = a->prereq[q];
		if (st->p[p].advances >> r & 1)
			continue;
		sb_reset(&e);
		if (ren_advance_allowed(st, p, r, &e) != 0) {
			n = -1;		/* a prerequisite's own is missing */
			break;
		}
		price = ren_advance_price(st, p, r, 0);
		total += price;
		sb_addf(&need, "%sADVANCE %c ($%d)", n++ ? " and " : "",
		    rs->advances[r].letter, price);
	}
	if (n > 0 && total <= st->p[p].cash)
		line(out, "ADVANCE %c  # %s, $%d only after %s (RR20)",
		    a->letter, a->name, ren_advance_price(st, p, adv, 0),
		    need.buf);
	sb_release(&need);
	sb_release(&e);
}

/* RR22: the boxes of relief he can pay for in state st */
static void
relief_lines(const struct ren_state *st, int p, struct strbuf *out)
{
	struct strbuf e;
	int k, price;

	sb_init(&e);
	for (k = 1; k <= ren_tiers(st, p) - st->p[p].relief_used; k++) {
		sb_reset(&e);
		price = ren_relief_price(st, p, k, &e);
		if (price >= 0 && price <= st->p[p].cash)
			line(out, "RELIEF %d  # $%d (RR22)", k, price);
	}
	sb_release(&e);
}

/* Who receives a claim's protection: the card's owner, or the bank once
   he is in Chaos (RR20, RR35; reading 3, as ren_claim). */
static const char *
payee(const struct ren_state *st, int owner)
{
	return st->reading >= 3 && st->p[owner].out ? "the bank" :
	    ren_pname(st, owner);
}

/*
 * Reading 3: an advance he can pay for now, with the Patronage claims
 * that make it cheaper (RR15, RR19, RR20): the price the purchase will
 * take, from the same ren_advance_best and ren_advance_price, and the
 * CLAIM lines to list before it when only they make it affordable.
 */
static void
advance_line(const struct ren_state *st, int p, int adv, struct strbuf *out)
{
	const struct ren_ruleset *rs = st->rs;
	const struct ren_advance *a = &rs->advances[adv];
	int cash = st->p[p].cash, plain = ren_advance_price(st, p, adv, 0);
	int protection, price, l, n = 0;
	uint64_t claims;

	price = ren_advance_best(st, p, adv, &claims, &protection);
	if (price + protection > cash)
		return;
	if (claims == 0) {
		line(out, "ADVANCE %c  # %s, $%d (RR20)", a->letter, a->name,
		    price);
		return;
	}
	sb_addf(out, "ADVANCE %c  # %s, ", a->letter, a->name);
	if (plain <= cash)
		sb_addf(out, "$%d, or $%d with", plain, price);
	else
		sb_addf(out, "$%d only with", price);
	for (l = 0; l < st->nleaders; l++)
		if (claims >> l & 1)
			sb_addf(out, "%s CLAIM %s ($%d to %s)", n++ ? " and" :
			    "", rs->cards[st->leaders[l].card].id,
			    st->leaders[l].protection,
			    payee(st, st->leaders[l].owner));
	line(out, " (RR20)");
}

static void
purchase_form(const struct ren_state *st, int p, struct strbuf *out)
{
	const struct ren_ruleset *rs = st->rs;
	const struct ren_player *pl = &st->p[p];
	struct strbuf e;
	int k, cost;

	sb_init(&e);

	/* RR23: one a turn, never past the row's last level */
	if (pl->cash >= rs->upgrade_cost && pl->upgraded <
	    rs->upgrades_per_turn && (pl->ship_row == SHIP_NONE ||
	    pl->ship_level + 1 < rs->ship_nlevels[pl->ship_row]))
		line(out, "UPGRADE  # $%d (RR23)", rs->upgrade_cost);
	for (k = 0; k < st->nleaders; k++) {
		sb_reset(&e);
		if (ren_claimable(st, p, k, &e) == 0 &&
		    st->leaders[k].protection <= pl->cash)
			line(out, "CLAIM %s  # $%d to %s (RR20)",
			    rs->cards[st->leaders[k].card].id,
			    st->leaders[k].protection,
			    payee(st, st->leaders[k].owner));
	}
	for (k = 0; k < REN_NADVANCES; k++) {
		sb_reset(&e);
		if (ren_advance_allowed(st, p, k, &e) != 0) {
			if (st->reading >= 3)
				after_line(st, p, k, out);
			continue;
		}
		if (st->reading >= 3) {
			advance_line(st, p, k, out);
			continue;
		}
		cost = ren_advance_price(st, p, k, 0);
		if (cost <= pl->cash)
			line(out, "ADVANCE %c  # %s, $%d (RR20)",
			    rs->advances[k].letter, rs->advances[k].name, cost);
	}
	/* RR21: all or nothing; PAY only when his cash covers it */
	cost = ren_stabilization_cost(st, p);
	if (cost <= pl->cash)
		line(out, "PAY  # stabilization $%d for %d cards (RR21)",
		    cost, ren_hand_size(st, p));
	else
		line(out, "# stabilization $%d for %d cards is more than his "
		    "$%d (RR21)", cost, ren_hand_size(st, p), pl->cash);
	line(out, "REFUSE  # the cost taken as misery (RR21)");
	if (st->reading >= 3) {
		/* RR19, RR38: relief comes after stabilization, which a
		   RELIEF line alone leaves to its default: paid when his
		   cash covers it, else misery that moves relief's boxes */
		struct ren_state *after = xmalloc(sizeof(*after));
		struct ren_ctx c = { after, NULL, NULL };

		memcpy(after, st, sizeof(*after));
		ren_stabilize(&c, p, 1);
		if (!after->p[p].out)
			relief_lines(after, p, out);
		free(after);
	} else {
		relief_lines(st, p, out);
	}
	sb_release(&e);
}

/*
 * Reading 3, RR29: with no marker on his mat he can take no market; a
 * RELEASE of a colored marker of his frees one, and the form lists each,
 * checked by ren_release itself on a scratch copy of the state.  With a
 * marker on the mat a RELEASE is legal but only loses a province, so the
 * form leaves it out (DBC: replacement only when needed).
 */
static void
release_lines(const struct ren_state *st, int p, struct strbuf *out)
{
	struct ren_state *scratch = xmalloc(sizeof(*scratch));
	struct ren_ctx c = { scratch, NULL, NULL };
	struct strbuf e;
	int i, n = 0;

	sb_init(&e);
	for (i = 0; i < st->rs->nprovinces; i++) {
		if (st->dom[i] != p)
			continue;
		memcpy(scratch, st, sizeof(*scratch));
		sb_reset(&e);
		if (ren_release(&c, p, i, &e) != 0)
			continue;
		if (n++ == 0)
			line(out, "# no marker on his mat: a RELEASE first frees "
			    "one for a market (RR29)");
		line(out, "RELEASE %s  # a token of his stays there (RR29)",
		    st->rs->provinces[i].name);
	}
	sb_release(&e);
	free(scratch);
}

/*
 * Reading 3, RR31: a Wind/Watermill holder who has not tried it this
 * turn may add TRADE and a card of his hand to an attack on another
 * player's dominance marker whose owner holds a card, when the market
 * number's tokens are left after the n the attack commits: each card a
 * line (ren_windmill checks them again after the attack is won).
 */
static void
trade_lines(const struct ren_state *st, int p, int prov, int n,
    struct strbuf *out)
{
	const struct ren_ruleset *rs = st->rs;
	int d = st->dom[prov], mn = rs->provinces[prov].market, k;

	if (!ren_has(st, p, 'J') || st->p[p].windmill_tried || d < 0 ||
	    d == p || st->p[d].hand == 0 || st->p[p].expansion - n < mn)
		return;
	for (k = 0; k < rs->ncards; k++)
		if (st->p[p].hand >> k & 1)
			line(out, "ATTACK %s TRADE %s  # %d tokens, then %d for "
			    "Wind/Watermill if he wins (RR31)",
			    rs->provinces[prov].name, rs->cards[k].id, n, mn);
}

static void
expansion_form(const struct ren_state *st, int p, struct strbuf *out)
{
	const struct ren_ruleset *rs = st->rs;
	int i, have = st->p[p].expansion;

	/* each line checked as the script would check it (RR26-RR29) */
	for (i = 0; i < rs->nprovinces; i++) {
		const struct ren_province *pr = &rs->provinces[i];
		struct strbuf e;
		int room, n;

		if (pr->removed)
			continue;
		sb_init(&e);
		if (ren_reach(st, p, i, &e) == REACH_NONE) {
			sb_release(&e);
			continue;
		}
		sb_reset(&e);
		n = ren_attack_check(st, p, i, 0, &e);
		if (n > 0)
			line(out, "ATTACK %s  # %d tokens (RR28)", pr->name, n);
		/* reading 3, RR30: a Cathedral holder declares it on the
		   attack; the line is legal whatever the defenders hold */
		if (n > 0 && st->reading >= 3 && ren_has(st, p, 'H'))
			line(out, "ATTACK %s CATHEDRAL  # %d tokens; Cathedral "
			    "wins it unless a defender there holds Cathedral "
			    "or he used it against one this turn (RR30)",
			    pr->name, n);
		if (n > 0 && st->reading >= 3)
			trade_lines(st, p, i, n, out);
		/* the most he may place: up to dominance when alone, up to
		   the market number beside others (coexistence, RR27) */
		room = pr->type == RP_SATELLITE ? 1 : pr->market -
		    st->tok[i][p] - st->tok_new[i][p];
		if (room > have)
			room = have;
		for (; room > 0; room--) {
			sb_reset(&e);
			if (ren_place_check(st, p, i, room, &e) == 0)
				break;
		}
		if (room > 0)
			line(out, "PLACE %d IN %s", room, pr->name);
		sb_release(&e);
	}
	if (st->reading >= 3 && st->p[p].mat == 0)
		release_lines(st, p, out);
	if (st->p[p].bought_card < rs->card_per_player && ren_can_draw(st) &&
	    have >= rs->card_price_step * (st->cards_bought + 1))
		line(out, "BUY CARD  # %d tokens (RR32)",
		    rs->card_price_step * (st->cards_bought + 1));
	line(out, "STOP");
}

/* RR9: a marker he may remove; reading 3, only when his cash pays its
   unit value (ren_remove_marker's check), else a comment */
static void
remove_line(const struct ren_state *st, int p, int k, const char *which,
    struct strbuf *out)
{
	const struct ren_commodity *com = &st->rs->commodities[k];

	if (st->reading >= 3 && com->value > st->p[p].cash)
		line(out, "# removing the %s %s marker costs $%d, more than "
		    "his $%d (RR9)", com->name, which[1] == 'H' ? "shortage" :
		    "surplus", com->value, st->p[p].cash);
	else
		line(out, "REMOVE %s %s  # $%d (RR9)", com->name, which,
		    com->value);
}

int
ren_choices(const struct ren_state *st, const struct ren_decision *d,
    struct strbuf *out)
{
	const struct ren_ruleset *rs = st->rs;
	int p = d->player, k;

	switch (d->kind) {
	case RD_CAPITAL_BID:
		line(out, "BID 0  # $0 to $%d (RR3)", rs->bid_max);
		capitals(st, out);
		break;
	case RD_EURO_RETURN:
		for (k = 0; k < rs->euro_deal; k++)
			line(out, "RETURN %s", rs->cards[st->p[p].dealt[k]].id);
		break;
	case RD_TOKEN_BID:
		line(out, "TOKENS 0  # -%d to %d; tokens up to your stock of "
		    "%d (RR5)", st->p[p].cash, st->p[p].cash, st->p[p].stock);
		break;
	case RD_REMOVE:
		for (k = 0; k < rs->ncommodities; k++) {
			int sh = st->shortage[k], su = st->surplus[k];

			if (rs->commodities[k].roll == 12) {
				sh += st->joint_shortage;
				su += st->joint_surplus;
			}
			if (sh)
				remove_line(st, p, k, "SHORTAGE", out);
			if (su)
				remove_line(st, p, k, "SURPLUS", out);
		}
		line(out, "NONE");
		break;
	case RD_BUY:
		if (ren_has(st, p, 'V') && st->p[p].cash >= 10 &&
		    ren_can_draw(st))
			line(out, "BUY CARD  # $10 (RR11)");
		if (ren_has(st, p, 'P'))
			for (k = 0; k < rs->ncards; k++)
				if (st->p[p].hand >> k & 1)
					line(out, "DISCARD %s", rs->cards[k].id);
		line(out, "NONE");
		break;
	case RD_PLAY:
	case RD_FINAL_PLAY:
		play_form(st, p, out);
		line(out, "NONE");
		break;
	case RD_PURCHASE:
		purchase_form(st, p, out);
		break;
	case RD_EXPANSION:
		expansion_form(st, p, out);
		break;
	}
	return 0;
}
