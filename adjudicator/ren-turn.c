/*
 * ren-turn.c - the flow of Age of Renaissance from one decision to the
 * next: who must decide what now, the orders applied to it, the deadline
 * defaults (RR38), and the phases' order within a turn (seed 5, RR12,
 * RR19, RR25, RR33, RR36).
 */
#include "ren.h"

#include <stdio.h>
#include <string.h>

#include "util.h"

#define BIT(k) ((uint64_t)1 << (k))

static void advance(struct ren_ctx *c);

/* RR8: the standing swaps for the start of this phase, first player
   first; each made once, or lapsing for the turn with the reason */
static void
phase_swaps(struct ren_ctx *c, enum ren_phase ph)
{
	struct ren_state *st = c->st;
	int k, done[REN_MAX_PLAYERS] = { 0 };

	if (st->swaps_done == (int)ph + 1)
		return;
	st->swaps_done = (int)ph + 1;
	for (k = 0; k < st->nplayers; k++) {
		int p = st->order[k];
		struct strbuf err;

		if (done[p] || st->p[p].out || st->p[p].swap_dir == 0 ||
		    st->p[p].swap_phase != (int)ph)
			continue;
		done[p] = 1;
		sb_init(&err);
		if (ren_swap(c, p, st->p[p].swap_dir, &err) != 0)
			ren_ev(c, "swap", p, "%s's SWAP lapses this turn: %s.",
			    ren_pname(st, p), err.buf);
		sb_release(&err);
		k = -1;		/* the order changed: look again */
	}
}

void
ren_start(struct ren_ctx *c)
{
	int p;

	c->st->phase = RPH_CAPITAL_BID;
	for (p = 0; p < c->st->nplayers; p++)
		c->st->p[p].submitted = 0;
	ren_ev(c, "setup", REN_NOBODY, "A game of %d players: the capitals "
	    "are bid for (RR3).", c->st->nplayers);
}

static const char *
phase_step(enum ren_phase ph)
{
	switch (ph) {
	case RPH_CAPITAL_BID: return "CAPITAL";
	case RPH_EURO_RETURN: return "EURO";
	case RPH_TOKEN_BID: return "ORDER";
	case RPH_DRAW: return "DRAW";
	case RPH_BUY: return "BUY";
	case RPH_PLAY: return "PLAY";
	case RPH_PURCHASE: return "PURCHASE";
	case RPH_EXPANSION: return "EXPANSION";
	case RPH_FINAL_PLAY: return "FINAL";
	default: return "OVER";
	}
}

static void
decision(const struct ren_state *st, struct ren_decision *d,
    enum ren_decision_kind kind, int player)
{
	d->kind = kind;
	d->player = player;
	snprintf(d->step, sizeof(d->step), "T%d.%s", st->phase <=
	    RPH_EURO_RETURN ? 0 : st->turn, phase_step(st->phase));
}

int
ren_pending(const struct ren_state *st, struct ren_decision *out, int max)
{
	int p, n = 0;

	switch (st->phase) {
	case RPH_CAPITAL_BID:
	case RPH_TOKEN_BID:
		for (p = 0; p < st->nplayers && n < max; p++)
			if (!st->p[p].submitted && !st->p[p].out)
				decision(st, &out[n++], st->phase ==
				    RPH_CAPITAL_BID ? RD_CAPITAL_BID :
				    RD_TOKEN_BID, p);
		return n;
	case RPH_EURO_RETURN:
		for (p = 0; p < st->nplayers && n < max; p++)
			if (st->p[p].euro_returned < 0)
				decision(st, &out[n++], RD_EURO_RETURN, p);
		return n;
	case RPH_DRAW:
		if (max > 0)
			decision(st, &out[n++], RD_REMOVE, st->order[0]);
		return n;
	case RPH_BUY:
	case RPH_PLAY:
	case RPH_PURCHASE:
	case RPH_EXPANSION:
	case RPH_FINAL_PLAY:
		if (st->actor >= st->nplayers || max < 1)
			return 0;
		decision(st, &out[0], st->phase == RPH_BUY ? RD_BUY :
		    st->phase == RPH_PLAY ? RD_PLAY : st->phase ==
		    RPH_PURCHASE ? RD_PURCHASE : st->phase == RPH_EXPANSION ?
		    RD_EXPANSION : RD_FINAL_PLAY, st->order[st->actor]);
		return 1;
	default:
		return 0;
	}
}

static int
markers_present(const struct ren_state *st)
{
	int i;

	if (st->joint_shortage || st->joint_surplus)
		return 1;
	for (i = 0; i < st->rs->ncommodities; i++)
		if (st->shortage[i] || st->surplus[i])
			return 1;
	return 0;
}

/* The draw of every player, in order of play (seed 5.2.2, RR4). */
static void
draws(struct ren_ctx *c)
{
	struct ren_state *st = c->st;
	int k;

	if (st->turn == 1 && (st->variants & REN_VAR_EURO_SKIP_FIRST_DRAW))
		ren_ev(c, "draw", REN_NOBODY, "No draw in turn 1 "
		    "(euro-skip-first-draw, RR4).");
	else
		for (k = 0; k < st->nplayers; k++) {
			int p = st->order[k];

			if (st->p[p].out)
				continue;
			if (ren_draw_card(c, p, "draw phase") < 0)
				break;
		}
	st->phase = RPH_BUY;
	st->actor = 0;
}

/* Whether the actor now has a decision, or is passed over. */
static int
skipped(const struct ren_state *st)
{
	int p = st->order[st->actor];

	if (st->p[p].out)
		return 1;
	if (st->phase == RPH_BUY)
		return !ren_has(st, p, 'V') && !ren_has(st, p, 'P');
	if (st->phase == RPH_FINAL_PLAY)
		return st->p[p].hand == 0;
	return 0;
}

static void
winners(struct ren_ctx *c)
{
	struct ren_state *st = c->st;
	int order[REN_MAX_PLAYERS], k, n;

	n = ren_rank(st, order);
	st->nwinners = n;
	for (k = 0; k < st->nplayers; k++) {
		int p = order[k];

		if (k < n)
			st->winners[k] = p;
		ren_ev(c, "score", p, "%s scores %d: advances, cash $%d, misery "
		    "%d (RR37)%s.", ren_pname(st, p), ren_score(st, p),
		    st->p[p].cash, ren_misery_value(st, p), k < n ? "; winner" :
		    "");
	}
	st->phase = RPH_OVER;
}

/* The start of a player's part, or of the phase (RR8, RR12, RR24). */
static void
part_start(struct ren_ctx *c)
{
	const struct ren_state *st = c->st;

	/* RR36: in the final card play too (reading 2) */
	if ((st->phase == RPH_PLAY || (st->phase == RPH_FINAL_PLAY &&
	    st->reading >= 2)) && st->war_a >= 0)
		ren_war_roll(c);
}

static void
next_phase(struct ren_ctx *c)
{
	struct ren_state *st = c->st;
	int p;

	switch (st->phase) {
	case RPH_BUY:
		st->phase = RPH_PLAY;
		phase_swaps(c, RPH_PLAY);
		break;
	case RPH_PLAY:
		st->phase = RPH_PURCHASE;
		phase_swaps(c, RPH_PURCHASE);
		break;
	case RPH_PURCHASE:
		st->phase = RPH_EXPANSION;
		/* RR8: Holy Indulgence, Civil War, then the swaps */
		ren_holy_indulgence(c);
		ren_civil_war_moves(c);
		phase_swaps(c, RPH_EXPANSION);
		break;
	case RPH_EXPANSION:
		phase_swaps(c, RPH_END_TURN);
		ren_end_turn(c);
		if (st->phase == RPH_TOKEN_BID)
			for (p = 0; p < st->nplayers; p++)
				if (!st->p[p].swap_every)
					st->p[p].swap_dir = 0;
		break;
	case RPH_FINAL_PLAY:
		/* RR36: an open War ends unresolved with the phase */
		st->war_a = st->war_b = -1;
		winners(c);
		return;
	default:
		break;
	}
	st->actor = 0;
}

/* Moves the game on until a decision is missing. */
static void
advance(struct ren_ctx *c)
{
	struct ren_state *st = c->st;
	int p, guard;

	for (guard = 0; guard < 64; guard++) {
		int in = 0;

		for (p = 0; p < st->nplayers; p++)
			in += !st->p[p].out;
		if (in == 0 && st->phase != RPH_OVER) {
			/* RR35 is silent when Chaos takes everyone: nobody
			   can decide any more, so the game ends and scores */
			ren_ev(c, "game-end", REN_NOBODY, "Every player is in "
			    "Chaos: the game ends (RR35, RR37).");
			winners(c);
			return;
		}
		switch (st->phase) {
		case RPH_TOKEN_BID:
			for (p = 0; p < st->nplayers; p++)
				if (!st->p[p].submitted && !st->p[p].out)
					return;
			return;
		case RPH_CAPITAL_BID:
		case RPH_EURO_RETURN:
		case RPH_OVER:
			return;
		case RPH_DRAW:
			/* RR8: a swap may change who is first, so it comes
			   before the removal (RR9) */
			phase_swaps(c, RPH_DRAW);
			if (markers_present(st) && !st->p[st->order[0]].out &&
			    st->actor == 0)
				return;
			draws(c);
			phase_swaps(c, RPH_BUY);
			continue;
		case RPH_BUY:
		case RPH_PLAY:
		case RPH_PURCHASE:
		case RPH_EXPANSION:
		case RPH_FINAL_PLAY:
			while (st->actor < st->nplayers && skipped(st)) {
				/* RR16, RR36: a part without cards is still a
				   part: an open War is rolled (reading 2) */
				if (st->phase == RPH_FINAL_PLAY &&
				    st->reading >= 2 &&
				    !st->p[st->order[st->actor]].out &&
				    st->part_begun != st->actor + 1) {
					st->part_begun = st->actor + 1;
					part_start(c);
				}
				st->actor++;
			}
			if (st->actor < st->nplayers) {
				if (st->part_begun != st->actor + 1) {
					st->part_begun = st->actor + 1;
					part_start(c);
				}
				return;
			}
			next_phase(c);
			st->part_begun = 0;
			if (st->phase == RPH_TOKEN_BID)
				for (p = 0; p < st->nplayers; p++)
					st->p[p].submitted = 0;
			continue;
		default:
			return;
		}
	}
}

/* The seat whose capital is capital index k, or -1. */
static int
seat_of_capital(const struct ren_state *st, int k)
{
	int p;

	for (p = 0; p < st->nplayers; p++)
		if (st->p[p].capital == k)
			return p;
	return -1;
}

/*
 * A skipped line, reported (RR13, RR19, RR25).  RR39, reading 4: a PLAY
 * or DISCARD line not carried out leaves its card in the hand, and the
 * reason may name it ("War! names another player"): the others learn
 * only that the line was not carried out, the player why.
 */
static void
skip(struct ren_ctx *c, int player, const struct ren_item *it,
    const char *why)
{
	if (c->st->reading >= 4 && (it->kind == RI_PLAY ||
	    it->kind == RI_DISCARD)) {
		ren_ev(c, "skipped", player, "%s's line %d is not carried "
		    "out (why is in %s's report, RR39).", ren_pname(c->st,
		    player), it->line, ren_pname(c->st, player));
		ren_ev_private(c, "skipped", player, "Your line %d is not "
		    "carried out: %s.", it->line, why);
		return;
	}
	ren_ev(c, "skipped", player, "%s's line %d is not carried out: %s.",
	    ren_pname(c->st, player), it->line, why);
}

static int
standing(struct ren_ctx *c, int player, const struct ren_item *it)
{
	struct ren_player *pl = &c->st->p[player];

	switch (it->kind) {
	case RI_CATHEDRAL_DEFEND:
		pl->cathedral_policy = it->n;	/* RR30 */
		return 1;
	case RI_CIVIL_WAR:
		pl->civil_war_choice = it->n;	/* RR14 */
		return 1;
	case RI_ELIMINATION:
		pl->elimination_empty = 1;	/* RR14 */
		return 1;
	case RI_SWAP:
		pl->swap_dir = it->n;		/* RR8 */
		pl->swap_phase = it->a;
		pl->swap_every = it->flag;
		return 1;
	default:
		return 0;
	}
}

/* The cards aimed at a player (RR13). */
static int
aimed(const struct ren_card *cd)
{
	return strcmp(cd->id, "war") == 0 ||
	    strcmp(cd->id, "civil-war") == 0 ||
	    strcmp(cd->id, "alchemists-gold") == 0;
}

/* Whether the event may name that player, area or province now. */
static int
may_name(const struct ren_state *st, int player, int card, int target,
    int area, int prov)
{
	struct ren_play a;
	struct strbuf e;
	int ok;

	memset(&a, 0, sizeof(a));
	a.commodity = a.category = -1;
	a.target = target;
	a.area = area;
	if (prov >= 0) {
		a.nprov = 1;
		a.prov[0] = prov;
	}
	sb_init(&e);
	ok = ren_event_check(st, player, card, &a, &e) == 0;
	sb_release(&e);
	return ok;
}

/* RR36: the other players in the game, leading first, ties to the
   earlier in order of play; returns how many. */
static int
others_by_score(const struct ren_state *st, int player, int *out)
{
	int k, j, n = 0;

	for (k = 0; k < st->nplayers; k++) {
		int p = st->order[k];

		if (p == player || st->p[p].out)
			continue;
		/* stable: a tie keeps the earlier in order first */
		for (j = n; j > 0 && ren_score(st, p) >
		    ren_score(st, out[j - 1]); j--)
			out[j] = out[j - 1];
		out[j] = p;
		n++;
	}
	return n;
}

/* RR36's choices for a card played without them. */
static void
default_play(const struct ren_state *st, int player, int card,
    struct ren_play *a)
{
	const struct ren_ruleset *rs = st->rs;
	const struct ren_card *cd = &rs->cards[card];
	int k, best = -1, i, most = -1, whose[REN_MAX_PLAYERS], nwhose;
	int count[REN_MAX_AREAS] = { 0 };
	int pirates = strcmp(cd->id, "pirates-vikings") == 0;
	int crusades = strcmp(cd->id, "the-crusades") == 0;
	int rebellion = strcmp(cd->id, "rebellion") == 0;

	memset(a, 0, sizeof(*a));
	a->commodity = a->category = a->area = a->target = -1;
	/* the leading other player, ties to the earlier in order; under
	   reading 2 the leading one the card may be aimed at */
	for (k = 0; k < st->nplayers; k++) {
		int p = st->order[k];

		if (p == player || st->p[p].out)
			continue;
		if (best < 0 || ren_score(st, p) > ren_score(st, best))
			best = p;
	}
	a->target = best;
	if (st->reading >= 2 && aimed(cd)) {
		a->target = -1;
		for (k = 0; k < st->nplayers; k++) {
			int p = st->order[k];

			if (p == player || st->p[p].out ||
			    !may_name(st, player, card, p, -1, -1))
				continue;
			if (a->target < 0 ||
			    ren_score(st, p) > ren_score(st, a->target))
				a->target = p;
		}
	}
	if (cd->ncommodities == 2)
		a->commodity = ren_commodity_payment(st, player,
		    cd->commodities[1]) > ren_commodity_payment(st, player,
		    cd->commodities[0]) ? cd->commodities[1] :
		    cd->commodities[0];
	a->category = CAT_SCIENCE;
	for (i = 0; i < rs->nprovinces; i++)
		if (best >= 0 && st->dom[i] == best)
			count[rs->provinces[i].area]++;
	for (i = 0; i < rs->nareas; i++)
		if (count[i] > most && (st->reading < 2 ||
		    ren_area_in_play(rs, i, st->nplayers))) {
			most = count[i];
			a->area = i;
		}
	/* whose markers are looked at, in turn: the leading other player's
	   (reading 3: then each other player in the game by RR36's order,
	   so a leader whose markers the card may not name, as his capital
	   for Rebellion, is passed over), then any for the cards below */
	nwhose = 0;
	if (st->reading >= 3)
		nwhose = others_by_score(st, player, whose);
	else if (best >= 0)
		whose[nwhose++] = best;
	/* his markers, highest market number first, then by name; for
	   Pirates/Vikings the coastal ones, for The Crusades the markets
	   of area VI (his, else any other but the player's own) */
	while (a->nprov < 3) {
		int pick = -1, pass;

		for (pass = 0; pass <= nwhose && pick < 0; pass++)
			for (i = 0; i < rs->nprovinces; i++) {
				const struct ren_province *pr =
				    &rs->provinces[i];
				int j, used = 0;

				if (pass < nwhose ? st->dom[i] != whose[pass] :
				    !(crusades || (pirates && st->dom[i] >= 0)) ||
				    st->dom[i] == player)
					continue;
				if (pirates && pr->ncoasts == 0 &&
				    pr->type != RP_OVERSEAS)
					continue;
				if (crusades && (pr->type == RP_SATELLITE ||
				    pr->removed || strcmp(rs->areas[pr->area].id,
				    "VI") != 0))
					continue;
				/* reading 2: only a province the card may
				   name (Rebellion: no other capital) */
				if (st->reading >= 2 && (crusades || rebellion) &&
				    !may_name(st, player, card, -1, -1, i))
					continue;
				for (j = 0; j < a->nprov; j++)
					used |= a->prov[j] == i;
				if (used)
					continue;
				if (pick < 0 || pr->market >
				    rs->provinces[pick].market ||
				    (pr->market == rs->provinces[pick].market &&
				    strcmp(pr->name,
				    rs->provinces[pick].name) < 0))
					pick = i;
			}
		if (pick < 0)
			break;
		a->prov[a->nprov++] = pick;
	}
}

/* Plays one card; a line that cannot be played is reported (RR13). */
static void
play_line(struct ren_ctx *c, int player, const struct ren_item *it)
{
	struct ren_play a = it->play;
	struct strbuf err;

	if (a.target >= 0)
		a.target = seat_of_capital(c->st, a.target);
	sb_init(&err);
	if (ren_play_card_with(c, player, it->a, &a, &err) != 0)
		skip(c, player, it, err.buf);
	sb_release(&err);
}

/* RR36: every card of the hand, his listed ones first. */
static void
final_play(struct ren_ctx *c, int player, const struct ren_item *items,
    int n)
{
	struct ren_state *st = c->st;
	struct strbuf err;
	int k;

	for (k = 0; k < n; k++)
		if (items[k].kind == RI_PLAY)
			play_line(c, player, &items[k]);
	sb_init(&err);
	for (k = 0; k < st->rs->ncards; k++) {
		struct ren_play a;

		if (!(st->p[player].hand & BIT(k)))
			continue;
		sb_reset(&err);
		if (ren_card_voided(st, player, k)) {
			err.buf[0] = '\0';
		} else {
			int want = 1;

			default_play(st, player, k, &a);
			if (strcmp(st->rs->cards[k].id, "pirates-vikings") == 0)
				want = st->epoch < 3 ? st->epoch : 3;
			if (a.nprov > want)
				a.nprov = want;
			if (ren_play_card_with(c, player, k, &a, &err) == 0)
				continue;
		}
		st->p[player].hand &= ~BIT(k);
		ren_card_away(st, k);
		ren_ev(c, "final-discard", player, "%s's %s is discarded "
		    "without effect (RR36)%s%s.", ren_pname(st, player),
		    st->rs->cards[k].name, err.buf[0] ? ": " : "", err.buf);
	}
	sb_release(&err);
}

static void
purchase(struct ren_ctx *c, int player, const struct ren_item *items, int n)
{
	struct ren_state *st = c->st;
	struct strbuf err;
	uint64_t claimed = 0;
	int k, l, pay = -1, upgraded = 0;

	sb_init(&err);
	/* RR19: ships, claims, advances, stabilization, relief */
	for (k = 0; k < n; k++)
		if (items[k].kind == RI_UPGRADE && !upgraded++) {
			sb_reset(&err);
			if (ren_ship_upgrade(c, player, &err) != 0)
				skip(c, player, &items[k], err.buf);
		}
	for (k = 0; k < n; k++) {
		if (items[k].kind != RI_CLAIM)
			continue;
		for (l = 0; l < st->nleaders; l++)
			if (st->leaders[l].card == items[k].a)
				break;
		sb_reset(&err);
		if (l == st->nleaders)
			skip(c, player, &items[k], "that leader was not played "
			    "this turn");
		else if (st->reading >= 2 && (claimed >> l & 1))
			/* RR20: the protection is paid once per card */
			skip(c, player, &items[k], "that leader is claimed "
			    "already (RR20)");
		else if (ren_claim(c, player, l, &err) != 0)
			skip(c, player, &items[k], err.buf);
		else
			claimed |= BIT(l);
	}
	for (k = 0; k < n; k++) {
		if (items[k].kind != RI_ADVANCE)
			continue;
		sb_reset(&err);
		if (ren_buy_advance(c, player, items[k].a, claimed, &err) != 0)
			skip(c, player, &items[k], err.buf);
	}
	for (k = 0; k < n; k++)
		if (items[k].kind == RI_PAY || items[k].kind == RI_REFUSE)
			pay = items[k].kind == RI_PAY;
	/* RR19, RR38: paid when his cash covers it, unless he refuses */
	ren_stabilize(c, player, pay != 0);
	for (k = 0; k < n; k++) {
		if (items[k].kind != RI_RELIEF)
			continue;
		sb_reset(&err);
		if (ren_relief(c, player, items[k].n, &err) != 0)
			skip(c, player, &items[k], err.buf);
	}
	ren_purchase_done(st, player);
	sb_release(&err);
}

static void
expansion(struct ren_ctx *c, int player, const struct ren_item *items,
    int n)
{
	struct strbuf err;
	/* RR25: each line's attack, 1 won, 0 lost, -1 not made */
	int *outcome = xcalloc((size_t)n + 1, sizeof(*outcome));
	int k, j, r, tries;

	sb_init(&err);
	for (k = 0; k < n; k++) {
		const struct ren_item *it = &items[k];

		outcome[k] = -1;
		sb_reset(&err);
		if (it->iflabel) {
			/* an attack not made neither won nor lost */
			for (j = 0; j < k; j++)
				if (items[j].label == it->iflabel)
					break;
			if (j == k || outcome[j] != it->ifwon)
				continue;
		}
		switch (it->kind) {
		case RI_PLACE:
			r = ren_place(c, player, it->a, it->n, &err);
			break;
		case RI_ATTACK:
			r = ren_attack(c, player, it->a, it->n, it->flag, &err);
			/* RR25: RETRY repeats a lost attempt while tokens and
			   ships allow; a retry that cannot be made ends it */
			for (tries = 0; r == 0 && tries < it->retry; tries++) {
				struct strbuf again;

				sb_init(&again);
				r = ren_attack(c, player, it->a, it->n,
				    it->flag, &again);
				sb_release(&again);
				if (r < 0) {
					r = 0;
					break;
				}
			}
			outcome[k] = r;
			/* RR31: TRADE after a won attack on a marker */
			if (r == 1 && it->trade > 0 &&
			    c->st->beaten >= 0 && ren_windmill(c, player, it->a,
			    it->trade - 1, &err) != 0)
				skip(c, player, it, err.buf);
			r = r < 0 ? -1 : 0;
			break;
		case RI_BUY_CARD:
			r = ren_buy_card_tokens(c, player, &err);
			break;
		case RI_RELEASE:
			r = ren_release(c, player, it->a, &err);
			break;
		case RI_STOP:
			k = n;
			r = 0;
			break;
		default:
			r = 0;
			break;
		}
		if (r != 0)
			skip(c, player, it, err.buf);
	}
	ren_expansion_done(c, player);
	free(outcome);
	sb_release(&err);
}

/* Which item kinds a decision takes. */
static int
fits(enum ren_decision_kind d, enum ren_item_kind k)
{
	switch (d) {
	case RD_CAPITAL_BID: return k == RI_BID || k == RI_RANK;
	case RD_EURO_RETURN: return k == RI_RETURN;
	case RD_TOKEN_BID: return k == RI_TOKENS;
	case RD_REMOVE: return k == RI_REMOVE || k == RI_NONE;
	case RD_BUY: return k == RI_BUY_CARD || k == RI_DISCARD ||
	    k == RI_NONE;
	case RD_PLAY: case RD_FINAL_PLAY: return k == RI_PLAY ||
	    k == RI_NONE;
	case RD_PURCHASE: return k == RI_UPGRADE || k == RI_CLAIM ||
	    k == RI_ADVANCE || k == RI_PAY || k == RI_REFUSE ||
	    k == RI_RELIEF || k == RI_NONE;
	case RD_EXPANSION: return k == RI_PLACE || k == RI_ATTACK ||
	    k == RI_BUY_CARD || k == RI_RELEASE || k == RI_STOP ||
	    k == RI_NONE;
	}
	return 0;
}

int
ren_apply(struct ren_ctx *c, int player, const struct ren_item *items,
    int n, struct strbuf *err)
{
	struct ren_state *st = c->st;
	struct ren_decision ds[REN_MAX_PLAYERS], *d = NULL;
	int nd = ren_pending(st, ds, REN_MAX_PLAYERS), k, bid = -1, last = 0;
	int ranked = 0, tokens = 0, got = 0;

	for (k = 0; k < nd; k++)
		if (ds[k].player == player)
			d = &ds[k];
	if (d == NULL) {
		sb_addf(err, "%s has no decision to make now",
		    ren_pname(st, player));
		return -1;
	}
	for (k = 0; k < n; k++)
		if (!fits(d->kind, items[k].kind) && items[k].kind <
		    RI_CATHEDRAL_DEFEND) {
			sb_addf(err, "line %d does not answer %s", items[k].line,
			    d->step);
			return -1;
		}
	/* RR25: an IF names a label of an earlier line; refused whole,
	   before anything is carried out */
	for (k = 0; k < n; k++) {
		char name[4];
		int j;

		for (j = 0; j < k && items[k].label; j++)
			if (items[j].label == items[k].label) {
				ren_label_text(items[k].label, name);
				sb_addf(err, "line %d: the label '%s' is "
				    "already line %d's (RR25)", items[k].line,
				    name, items[j].line);
				return -1;
			}
		for (j = 0; j < k && items[k].iflabel; j++)
			if (items[j].label == items[k].iflabel)
				break;
		if (items[k].iflabel && j == k) {
			ren_label_text(items[k].iflabel, name);
			sb_addf(err, "line %d: IF %s names no label of an "
			    "earlier line (RR25)", items[k].line, name);
			return -1;
		}
	}
	switch (d->kind) {
	case RD_CAPITAL_BID: {
		int in[REN_MAX_CAPITALS], ncap =
		    ren_capitals_in_play(st->rs, st->nplayers, in);

		for (k = 0; k < n; k++) {
			if (items[k].kind == RI_BID)
				bid = items[k].n;
			if (items[k].kind == RI_RANK) {
				if (items[k].nrank != ncap) {
					sb_addf(err, "RANK names each of the %d "
					    "capitals in play (RR3)", ncap);
					return -1;
				}
				ranked = 1;
				memcpy(st->p[player].ranking, items[k].rank,
				    sizeof(items[k].rank));
			}
		}
		if (bid < 0 || bid > st->rs->bid_max || !ranked) {
			sb_addf(err, "a capital bid is BID 0-%d and a RANK of "
			    "the capitals (RR3)", st->rs->bid_max);
			return -1;
		}
		st->p[player].bid = bid;
		got = 1;
		break;
	}
	case RD_EURO_RETURN:
		if (n != 1)
			break;
		return ren_euro_return(c, player, items[0].a, err) < 0 ? -1 :
		    (advance(c), 0);
	case RD_TOKEN_BID:
		for (k = 0; k < n; k++) {
			tokens = items[k].n;
			last = items[k].flag;
			got = 1;
		}
		if (got && (tokens < 0 ? -tokens : tokens) >
		    st->p[player].cash) {
			sb_addf(err, "%s has $%d: a bid of %d tokens is more "
			    "(RR5)", ren_pname(st, player), st->p[player].cash,
			    tokens);
			return -1;
		}
		st->p[player].token_bid = tokens;
		st->p[player].last = last;
		break;
	default:
		got = 1;
		break;
	}
	if (!got) {
		sb_addf(err, "nothing for %s", d->step);
		return -1;
	}
	for (k = 0; k < n; k++)
		standing(c, player, &items[k]);
	switch (d->kind) {
	case RD_CAPITAL_BID:
	case RD_TOKEN_BID: {
		int p, all = 1, T[REN_MAX_PLAYERS], L[REN_MAX_PLAYERS];
		int R[REN_MAX_PLAYERS][REN_MAX_CAPITALS], B[REN_MAX_PLAYERS];

		st->p[player].submitted = 1;
		ren_ev(c, "sealed", player, "%s's %s is in.",
		    ren_pname(st, player), d->kind == RD_CAPITAL_BID ?
		    "capital bid" : "order-of-play bid");
		for (p = 0; p < st->nplayers; p++) {
			all &= st->p[p].submitted || st->p[p].out;
			T[p] = st->p[p].token_bid;
			L[p] = st->p[p].last;
			B[p] = st->p[p].bid;
			memcpy(R[p], st->p[p].ranking, sizeof(R[p]));
		}
		if (!all)
			return 0;
		if (d->kind == RD_CAPITAL_BID)
			ren_capital_bids(c, B, (const int (*)[REN_MAX_CAPITALS])R,
			    err);
		else
			ren_token_bids(c, T, L, err);
		for (p = 0; p < st->nplayers; p++)
			st->p[p].submitted = 0;
		st->actor = 0;
		break;
	}
	case RD_REMOVE:
		for (k = 0; k < n; k++) {
			struct strbuf e;

			if (items[k].kind != RI_REMOVE)
				continue;
			sb_init(&e);
			if (ren_remove_marker(c, player, items[k].a,
			    items[k].flag, &e) != 0)
				skip(c, player, &items[k], e.buf);
			sb_release(&e);
		}
		st->actor = 1;
		break;
	case RD_BUY: {
		struct strbuf e;

		sb_init(&e);
		/* RR11: the card first, then the discard */
		for (k = 0; k < n; k++)
			if (items[k].kind == RI_BUY_CARD &&
			    ren_buy_card(c, player, &e) != 0)
				skip(c, player, &items[k], e.buf);
		for (k = 0; k < n; k++) {
			sb_reset(&e);
			if (items[k].kind == RI_DISCARD &&
			    ren_discard(c, player, items[k].a, &e) != 0)
				skip(c, player, &items[k], e.buf);
		}
		sb_release(&e);
		st->actor++;
		break;
	}
	case RD_PLAY:
		for (k = 0; k < n; k++)
			if (items[k].kind == RI_PLAY)
				play_line(c, player, &items[k]);
		st->actor++;
		break;
	case RD_FINAL_PLAY:
		final_play(c, player, items, n);
		st->actor++;
		break;
	case RD_PURCHASE:
		purchase(c, player, items, n);
		st->actor++;
		break;
	case RD_EXPANSION:
		expansion(c, player, items, n);
		st->actor++;
		break;
	default:
		break;
	}
	advance(c);
	return 0;
}

int
ren_apply_default(struct ren_ctx *c, int player)
{
	struct ren_state *st = c->st;
	struct ren_decision ds[REN_MAX_PLAYERS];
	struct ren_item it[2];
	struct strbuf err;
	int nd = ren_pending(st, ds, REN_MAX_PLAYERS), k, r, n = 0;

	memset(it, 0, sizeof(it));
	for (k = 0; k < nd; k++)
		if (ds[k].player == player)
			break;
	if (k == nd)
		return -1;
	switch (ds[k].kind) {
	case RD_CAPITAL_BID:
		/* RR38: bid 0, the ruleset's order */
		it[0].kind = RI_BID;
		it[1].kind = RI_RANK;
		it[1].nrank = ren_capitals_in_play(st->rs, st->nplayers,
		    it[1].rank);
		n = 2;
		break;
	case RD_EURO_RETURN:
		it[0].kind = RI_RETURN;
		it[0].a = st->p[player].dealt[st->rs->euro_deal - 1];
		n = 1;
		break;
	case RD_TOKEN_BID:
		it[0].kind = RI_TOKENS;
		n = 1;
		break;
	default:
		n = 0;		/* nothing; RR36 plays every card anyway */
		break;
	}
	ren_ev(c, "default", player, "%s sent no orders for %s: the default "
	    "applies (RR38).", ren_pname(st, player), ds[k].step);
	sb_init(&err);
	r = ren_apply(c, player, it, n, &err);
	sb_release(&err);
	return r;
}
