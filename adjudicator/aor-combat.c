/*
 * aor-combat.c - conversions and attacks (rules 4.3.2, R14, R18-R29).
 *
 * An attack is ordered in the attacker's segment with a secret card.  The
 * combat then waits for its decisions in the rules' order: the defender's
 * secret card and every eligible player's secret join, ally or bluff
 * (together, R23, R24); then the attacker's and the defender's purchase
 * of NPC allies (R25).  Then all cards are revealed, costs paid (R5),
 * dice rolled, reserves used by policy (R19), strengths compared (R26)
 * and the outcome and unrest applied (R27); cards go back or to the
 * discard piles (R28).  Nothing secret is told before the reveal (R39).
 */
#include "aor.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dice.h"
#include "util.h"

/* Ships count, and ship cards are needed, in colonies, Baltic, Med (R26). */
int
aor_ships_count(const struct ruleset *rs, int area)
{
	return rs->areas[area].kind == AREA_COLONY ||
	    rs->areas[area].ship_required;
}

/* R20: a ship card; the blank card counts as one for attacks. */
int
aor_ship_card(const struct ruleset *rs, int country, int card)
{
	const struct rs_card *cd = &rs->countries[country].cards[card];

	return cd->kind == CARD_BLANK || (cd->kind == CARD_INFLUENCE &&
	    cd->ships > 0);
}

static const struct rs_card *
card_of(const struct aor_state *st, int country, int card)
{
	return &st->rs->countries[country].cards[card];
}

static int
in_hand(const struct aor_state *st, int country, int card)
{
	return card >= 0 && (st->hand[country] & (1u << card)) != 0;
}

static const char *
aname(const struct aor_state *st, int area)
{
	return st->rs->areas[area].name.en;
}

/* R20: presence in the area or an adjacent one, or a home border. */
static int
europe_reachable(const struct aor_state *st, int country, int area)
{
	const struct ruleset *rs = st->rs;
	int b;

	if (st->discs[area][country] > 0 ||
	    rs->countries[country].home_adjacent[area])
		return 1;
	for (b = 0; b < rs->nareas; b++)
		if (rs->areas[area].adjacent[b] && st->discs[b][country] > 0)
			return 1;
	return 0;
}

static int
first_action_marker(const struct aor_state *st, int area)
{
	int m;

	for (m = 0; m < st->rs->nmarkers; m++)
		if (st->marker[m] == MK_BOARD && st->rs->markers[m].area ==
		    area && st->rs->markers[m].action)
			return m;
	return -1;
}

static int
has_ship_influence_card(const struct aor_state *st, int country)
{
	int k;

	for (k = 0; k < st->rs->countries[country].ncards; k++)
		if (in_hand(st, country, k) &&
		    card_of(st, country, k)->kind == CARD_INFLUENCE &&
		    card_of(st, country, k)->ships > 0)
			return 1;
	return 0;
}

/* R25: NPCs of an alliance with a disc in the area, but the defender. */
static int
npc_allies(const struct aor_state *st, int alliance, int area, int exclude)
{
	int co, set = 0;

	if (alliance < 0)
		return 0;
	for (co = 0; co < st->rs->ncountries; co++)
		if (!aor_is_player(st, co) && co != exclude &&
		    aor_alliance_of(st, co) == alliance &&
		    st->discs[area][co] > 0)
			set |= 1 << co;
	return set;
}

static int
popcount(int v)
{
	int n = 0;

	for (v &= ~NPC_ALL; v; v &= v - 1)
		n++;
	return n;
}

/* A named NPC list must fit the eligible set and the purse (R25, R5). */
static int
check_npc_plan(const struct aor_state *st, int country, int plan, int elig,
    int card_cost, struct strbuf *err)
{
	int co, n;

	if (plan == NPC_UNSET || plan == NPC_ALL)
		return 0;
	for (co = 0; co < st->rs->ncountries; co++)
		if ((plan & (1 << co)) && !(elig & (1 << co))) {
			sb_addf(err, "%s cannot be an NPC ally here: it must "
			    "be a non-player country of your alliance with a "
			    "disc in the combat area (R25)", cname(st, co));
			return -1;
		}
	n = popcount(plan);
	if (!aor_can_pay(st, country, card_cost + n *
	    st->rs->num.npc_ally_cost)) {
		sb_addf(err, "%d NPC allies and the card cost %d gold, more "
		    "than %s can pay (R5)", n, card_cost +
		    n * st->rs->num.npc_ally_cost, cname(st, country));
		return -1;
	}
	return 0;
}

int
aor_attack_check(const struct aor_state *st, int country,
    const struct attack *a, struct strbuf *err)
{
	const struct ruleset *rs = st->rs;
	const struct rs_area *ar;
	const struct rs_card *cd;
	int ship, m;

	if (aor_supply(st, country) < 1) {
		sb_addf(err, "%s has no disc left in supply to attack with "
		    "(R3)", cname(st, country));
		return -1;
	}
	if (a->area < 0 || a->card < 0) {
		sb_add(err, "attack without area or card");
		return -1;
	}
	ar = &rs->areas[a->area];
	cd = card_of(st, country, a->card);
	if (cd->kind == CARD_ALLY) {
		sb_add(err, "the ally card cannot be played to attack "
		    "(rules 4.3.2, R23)");
		return -1;
	}
	if (!in_hand(st, country, a->card)) {
		sb_addf(err, "card %s is not in %s's hand", cd->id,
		    cname(st, country));
		return -1;
	}
	ship = aor_ship_card(rs, country, a->card);
	if (a->kind == ATK_CONVERT) {
		m = a->marker >= 0 ? a->marker : first_action_marker(st,
		    a->area);
		if (ar->kind != AREA_COLONY || m < 0 ||
		    st->marker[m] != MK_BOARD || !rs->markers[m].action) {
			sb_addf(err, "no action marker to convert in %s "
			    "(R21)", ar->name.en);
			return -1;
		}
		if (cd->kind == CARD_BLANK && has_ship_influence_card(st,
		    country)) {
			sb_add(err, "the blank card converts only when no "
			    "card with a ship is left in hand (R21)");
			return -1;
		}
		if (!ship) {
			sb_addf(err, "converting needs a card with a ship; %s "
			    "has none (R21)", cd->id);
			return -1;
		}
		if (!aor_can_pay(st, country, rs->num.conversion_cost)) {
			sb_addf(err, "converting costs %d gold, more than %s "
			    "can pay (R5)", rs->num.conversion_cost,
			    cname(st, country));
			return -1;
		}
		return 0;
	}
	if (a->kind == ATK_MARKER) {
		m = a->marker;
		if (st->marker[m] != MK_BOARD) {
			sb_addf(err, "empire marker %s is not on the board",
			    rs->markers[m].id);
			return -1;
		}
		if (rs->markers[m].action) {
			sb_addf(err, "marker %s is an action marker: it can "
			    "only be converted (CONVERT, R21)",
			    rs->markers[m].id);
			return -1;
		}
	} else {
		if (a->target == country) {
			sb_add(err, "you cannot attack your own disc");
			return -1;
		}
		if (st->discs[a->area][a->target] < 1) {
			sb_addf(err, "%s has no disc in %s to attack",
			    cname(st, a->target), ar->name.en);
			return -1;
		}
		if (aor_alliance_of(st, a->target) ==
		    aor_alliance_of(st, country)) {
			sb_addf(err, "%s is in your alliance: a player may "
			    "never attack an allied country (R22)",
			    cname(st, a->target));
			return -1;
		}
	}
	if (ar->kind == AREA_COLONY) {
		if (st->discs[a->area][country] < 1) {
			sb_addf(err, "in the colonies you may attack only "
			    "where you have a disc; %s has none in %s (R20)",
			    cname(st, country), ar->name.en);
			return -1;
		}
		if (!ship) {
			sb_addf(err, "an attack in the colonies needs a card "
			    "with a ship, and %s has none (R20)", cd->id);
			return -1;
		}
	} else if (ar->ship_required) {
		if (!ship) {
			sb_addf(err, "an attack in %s needs a card with a "
			    "ship, and %s has none (R20)", ar->name.en,
			    cd->id);
			return -1;
		}
	} else if (!europe_reachable(st, country, a->area)) {
		sb_addf(err, "%s can attack in %s only with a disc there or "
		    "in an adjacent area, or from an adjacent home (R20)",
		    cname(st, country), ar->name.en);
		return -1;
	}
	if (!aor_can_pay(st, country, cd->cost)) {
		sb_addf(err, "card %s costs %d gold, more than %s can pay "
		    "(R5)", cd->id, cd->cost, cname(st, country));
		return -1;
	}
	return check_npc_plan(st, country, a->npc, npc_allies(st,
	    aor_alliance_of(st, country), a->area, a->kind == ATK_DISC ?
	    a->target : NO_COUNTRY), cd->cost, err);
}

/* R21: an action marker becomes a disc; the card is discarded face down. */
static void
convert(struct ctx *c, int country, const struct attack *a)
{
	struct aor_state *st = c->st;
	const struct ruleset *rs = st->rs;
	int m = a->marker >= 0 ? a->marker : first_action_marker(st, a->area);
	const struct rs_card *cd = card_of(st, country, a->card);

	aor_pay(c, country, rs->num.conversion_cost, "the conversion (R21)");
	st->marker[m] = MK_OUT;
	st->discs[a->area][country]++;
	if (cd->kind == CARD_INFLUENCE) {
		st->hand[country] &= ~(1u << a->card);
		st->discard[country] |= 1u << a->card;
	}
	ev(c, "convert", country, "%s converts action marker %s in %s with a "
	    "face-down ship card and places a disc there (R21).",
	    cname(st, country), rs->markers[m].id, aname(st, a->area));
	ev_private(c, "convert-card", country, "You converted with card %s%s.",
	    cd->id, cd->kind == CARD_BLANK ? ", which returns to your hand" :
	    ", now on your discard pile");
}

static void
target_text(const struct aor_state *st, const struct combat *cb,
    struct strbuf *sb)
{
	const struct rs_marker *mk;

	if (cb->att.kind == ATK_MARKER) {
		mk = &st->rs->markers[cb->att.marker];
		sb_addf(sb, "empire marker %s (defence %d) in %s", mk->id,
		    mk->defence, aname(st, cb->att.area));
	} else
		sb_addf(sb, "%s's disc in %s%s", cname(st, cb->defender),
		    aname(st, cb->att.area), aor_is_player(st, cb->defender) ?
		    "" : " (a non-player country)");
}

/*
 * R14 (reading 2): the effects of an attack that are certain before its
 * dice, so that a War Office holder's second attack is checked against
 * the state after the first.  A conversion is made in full (R21); an
 * attack's card is paid for (R5) and leaves the hand unless it is the
 * blank card (R28).  Draws no dice and records no events.
 */
void
aor_attack_settle(struct aor_state *st, int country, const struct attack *a)
{
	struct ctx c = { st, NULL, NULL };
	const struct rs_card *cd = card_of(st, country, a->card);

	if (a->kind == ATK_CONVERT) {
		convert(&c, country, a);
		return;
	}
	aor_pay(&c, country, cd->cost, "the attack's card");
	if (cd->kind == CARD_INFLUENCE) {
		st->hand[country] &= ~(1u << a->card);
		st->discard[country] |= 1u << a->card;
	}
}

void
aor_attack_begin(struct ctx *c, int country, const struct attack *a,
    const struct attack *next)
{
	struct aor_state *st = c->st;
	struct combat *cb = &st->combat;
	struct strbuf sb;
	int co, al;

	if (a->kind == ATK_CONVERT) {
		convert(c, country, a);
		if (next != NULL) {
			struct attack second = *next;
			struct strbuf err;

			sb_init(&err);
			if (aor_attack_check(st, country, &second, &err) == 0)
				aor_attack_begin(c, country, &second, NULL);
			else {
				ev(c, "attack-cancelled", country, "%s's second "
				    "attack (War Office) cannot be made: %s.",
				    cname(st, country), err.buf);
				aor_segment_next(c);
			}
			sb_release(&err);
		} else
			aor_segment_next(c);
		return;
	}
	memset(cb, 0, sizeof(*cb));
	cb->stage = CS_PICKS;
	cb->number = ++st->ncombats;
	cb->attacker = country;
	cb->att = *a;
	cb->defender = a->kind == ATK_DISC ? a->target : NO_COUNTRY;
	cb->def_card = -1;
	cb->def_reserve = RES_IF_LOSING;
	cb->def_npc = aor_is_player(st, cb->defender) ? NPC_UNSET : 0;
	if (next != NULL) {
		cb->has_next = 1;
		cb->next = *next;
	}
	/* R24: other players with a disc in the area, in either alliance. */
	al = aor_alliance_of(st, country);
	for (co = 0; co < st->rs->ncountries; co++) {
		if (!aor_is_player(st, co) || co == country ||
		    co == cb->defender || st->discs[a->area][co] < 1)
			continue;
		if (aor_alliance_of(st, co) == al) {
			cb->join[co] = JN_PENDING;
			cb->side[co] = 0;
		} else if (cb->defender != NO_COUNTRY &&
		    aor_alliance_of(st, co) ==
		    aor_alliance_of(st, cb->defender)) {
			cb->join[co] = JN_PENDING;
			cb->side[co] = 1;
		}
	}
	sb_init(&sb);
	target_text(st, cb, &sb);
	ev(c, "attack", country, "Combat T%d.C%d: %s attacks %s with a "
	    "face-down card.", st->turn, cb->number, cname(st, country),
	    sb.buf);
	sb_release(&sb);
	aor_combat_progress(c);
}

/* Decisions. */

static void
step_of(const struct aor_state *st, const char *what, char *out, size_t n)
{
	snprintf(out, n, "T%d.C%d.%s", st->turn, st->combat.number, what);
}

int
aor_combat_pending(const struct aor_state *st, struct decision *out,
    int max)
{
	const struct combat *cb = &st->combat;
	int n = 0, s, co;

	switch (cb->stage) {
	case CS_PICKS:
		if (aor_is_player(st, cb->defender) && cb->def_card < 0 &&
		    n < max) {
			out[n].kind = DEC_DEFEND;
			out[n].country = cb->defender;
			step_of(st, "DEFEND", out[n].step, sizeof(out[n].step));
			snprintf(out[n].what, sizeof(out[n].what), "defend "
			    "your disc in %s against %s: pick a card secretly "
			    "(any but the ally card), a reserve policy and NPC "
			    "allies", aname(st, cb->att.area),
			    cname(st, cb->attacker));
			n++;
		}
		for (s = 0; s < st->seats.nplayers && n < max; s++) {
			co = st->seats.players[s].country;
			if (cb->join[co] != JN_PENDING)
				continue;
			out[n].kind = DEC_JOIN;
			out[n].country = co;
			step_of(st, "JOIN", out[n].step, sizeof(out[n].step));
			snprintf(out[n].what, sizeof(out[n].what), "combat in "
			    "%s, %s attacking: join %s's side with the ally "
			    "card, bluff with the blank card, or stay out",
			    aname(st, cb->att.area), cname(st, cb->attacker),
			    cname(st, cb->side[co] ? cb->defender :
			    cb->attacker));
			n++;
		}
		return n;
	case CS_NPC_ATTACKER:
	case CS_NPC_DEFENDER:
		if (max < 1)
			return 0;
		out[0].kind = DEC_NPC;
		out[0].country = cb->stage == CS_NPC_ATTACKER ? cb->attacker :
		    cb->defender;
		step_of(st, "NPC", out[0].step, sizeof(out[0].step));
		snprintf(out[0].what, sizeof(out[0].what), "buy NPC allies "
		    "for the combat in %s at %d gold each (+%d each), or none",
		    aname(st, cb->att.area), st->rs->num.npc_ally_cost,
		    st->rs->num.npc_ally_bonus);
		return 1;
	default:
		return 0;
	}
}

static int
side_alliance(const struct aor_state *st, int side)
{
	const struct combat *cb = &st->combat;

	if (side == 0)
		return aor_alliance_of(st, cb->attacker);
	return cb->defender >= 0 ? aor_alliance_of(st, cb->defender) : -1;
}

static int
eligible_npcs(const struct aor_state *st, int side)
{
	const struct combat *cb = &st->combat;

	/* R25: NPC defenders and markers get no NPC allies. */
	if (side == 1 && !aor_is_player(st, cb->defender))
		return 0;
	return npc_allies(st, side_alliance(st, side), cb->att.area,
	    cb->defender);
}

/* The card a side has committed to (for affordability of NPC allies). */
static int
side_card_cost(const struct aor_state *st, int side)
{
	const struct combat *cb = &st->combat;

	if (side == 0)
		return card_of(st, cb->attacker, cb->att.card)->cost;
	return cb->def_card >= 0 ? card_of(st, cb->defender,
	    cb->def_card)->cost : 0;
}

int
aor_combat_check(const struct aor_state *st, const struct order *o,
    struct strbuf *err)
{
	const struct combat *cb = &st->combat;
	const struct item *it = &AOR_CITEMS(o)[0];
	const struct rs_card *cd;
	int side;

	if (o->nitems != 1) {
		sb_add(err, "a combat step takes one order line");
		return -1;
	}
	if (strstr(o->step, ".DEFEND") != NULL) {
		if (it->kind != IT_DEFEND) {
			sb_add(err, "the defender answers with DEFEND WITH "
			    "card (R23)");
			return -1;
		}
		cd = card_of(st, o->country, it->atk.card);
		if (cd->kind == CARD_ALLY) {
			sb_add(err, "the ally card cannot defend (R23)");
			return -1;
		}
		if (!in_hand(st, o->country, it->atk.card)) {
			sb_addf(err, "card %s is not in %s's hand", cd->id,
			    cname(st, o->country));
			return -1;
		}
		if (!aor_can_pay(st, o->country, cd->cost)) {
			sb_addf(err, "card %s costs %d gold, more than %s can "
			    "pay (R5)", cd->id, cd->cost,
			    cname(st, o->country));
			return -1;
		}
		return check_npc_plan(st, o->country, it->atk.npc,
		    eligible_npcs(st, 1), cd->cost, err);
	}
	if (strstr(o->step, ".JOIN") != NULL) {
		if (it->kind != IT_JOIN && it->kind != IT_PASS) {
			sb_add(err, "answer with JOIN ALLY, JOIN BLUFF or "
			    "STAY OUT (R24)");
			return -1;
		}
		if (it->kind == IT_JOIN && it->join == JN_ALLY &&
		    !aor_can_pay(st, o->country, st->rs->num.ally_cost)) {
			sb_addf(err, "the ally card costs %d gold, more than "
			    "%s can pay (R5)", st->rs->num.ally_cost,
			    cname(st, o->country));
			return -1;
		}
		return 0;
	}
	if (it->kind != IT_NPC && it->kind != IT_PASS) {
		sb_add(err, "answer with NPC ALL, NPC NONE or NPC country, "
		    "country (R25)");
		return -1;
	}
	side = cb->stage == CS_NPC_ATTACKER ? 0 : 1;
	return check_npc_plan(st, o->country, it->kind == IT_PASS ? 0 :
	    it->npc, eligible_npcs(st, side), side_card_cost(st, side), err);
}

void
aor_combat_apply(struct ctx *c, const struct order *o)
{
	struct aor_state *st = c->st;
	struct combat *cb = &st->combat;
	const struct item *it = &AOR_CITEMS(o)[0];

	if (strstr(o->step, ".DEFEND") != NULL) {
		cb->def_card = it->atk.card;
		cb->def_reserve = it->atk.reserve;
		cb->def_npc = it->atk.npc;
		ev(c, "pick", o->country, "%s picks a card face down.",
		    cname(st, o->country));
	} else if (strstr(o->step, ".JOIN") != NULL) {
		cb->join[o->country] = it->kind == IT_PASS ? JN_OUT : it->join;
		if (cb->join[o->country] == JN_OUT)
			ev(c, "stay-out", o->country, "%s stays out of the "
			    "combat.", cname(st, o->country));
		else
			ev(c, "join", o->country, "%s places a card face down "
			    "for %s's side (ally or bluff).",
			    cname(st, o->country), cname(st,
			    cb->side[o->country] ? cb->defender :
			    cb->attacker));
	} else if (cb->stage == CS_NPC_ATTACKER)
		cb->att.npc = it->kind == IT_PASS ? 0 : it->npc;
	else
		cb->def_npc = it->kind == IT_PASS ? 0 : it->npc;
	aor_combat_progress(c);
}

/* R37: blank card and no NPC allies; stay out; no NPC allies. */
void
aor_combat_default(struct ctx *c, const struct decision *d)
{
	struct aor_state *st = c->st;
	struct combat *cb = &st->combat;

	switch (d->kind) {
	case DEC_DEFEND:
		cb->def_card = rs_card_of_kind(st->rs, d->country, CARD_BLANK);
		cb->def_reserve = RES_IF_LOSING;
		cb->def_npc = 0;
		ev(c, "default", d->country, "%s misses the deadline: the "
		    "defence is the blank card, without NPC allies (R37).",
		    cname(st, d->country));
		break;
	case DEC_JOIN:
		cb->join[d->country] = JN_OUT;
		ev(c, "default", d->country, "%s misses the deadline and stays "
		    "out of the combat (R37).", cname(st, d->country));
		break;
	default:
		if (cb->stage == CS_NPC_ATTACKER) {
			cb->att.npc = 0;
			/* reading 4: this event tells the defender (R25) */
			if (st->rules >= 4)
				cb->stage = CS_NPC_DEFENDER;
		} else
			cb->def_npc = 0;
		ev(c, "default", d->country, "%s misses the deadline and buys "
		    "no NPC allies (R37).", cname(st, d->country));
		break;
	}
	aor_combat_progress(c);
}

/* Resolution. */

struct side {
	int country;		/* player, NPC, or -1 for a marker */
	int card;		/* -1: none (NPC, marker) */
	int dice[2];
	int ndice;
	int allies;		/* joined ally cards */
	int npcs;		/* bought NPC allies (set) */
	int strength;
	struct strbuf why;
	int reserve_box, reserve_inst;
};

static void
roll(struct ctx *c, struct side *s, const char *who)
{
	int i;

	for (i = 0; i < s->ndice; i++)
		s->dice[i] = (int)dice_roll(c->dice,
		    (unsigned)AOR_ST(c)->rs->num.die_sides, "combat T%d.C%d die "
		    "%d of %s", AOR_ST(c)->turn, AOR_ST(c)->combat.number, i + 1, who);
}

/* R26 (and R18 for the boxes); the reasons go into s->why. */
static void
strength(const struct aor_state *st, struct side *s, int is_attacker)
{
	const struct ruleset *rs = st->rs;
	const struct combat *cb = &st->combat;
	int area = cb->att.area, diff = 0, amount, k, co;

	sb_reset(&s->why);
	s->strength = 0;
	if (s->ndice == 2) {
		diff = abs(s->dice[0] - s->dice[1]);
		/* reading 3 says what the number is (issue 11) */
		sb_addf(&s->why, "dice %d and %d: %s%d", s->dice[0],
		    s->dice[1], st->rules >= 3 ? "difference " : "", diff);
		s->strength = diff;
	}
	if (!is_attacker && s->country < 0) {
		const struct rs_marker *mk = &rs->markers[cb->att.marker];

		s->strength += mk->defence;
		sb_addf(&s->why, "%smarker's number %d", s->ndice ? "; " : "",
		    mk->defence);
		return;
	}
	if (!is_attacker && !aor_is_player(st, s->country)) {
		s->strength += rs->num.npc_defence;
		sb_addf(&s->why, "; a non-player disc %d", rs->num.npc_defence);
	}
	if (s->card >= 0) {
		const struct rs_card *cd = card_of(st, s->country, s->card);

		s->strength += cd->soldiers;
		sb_addf(&s->why, "; card %s: %d soldier%s", cd->id,
		    cd->soldiers, cd->soldiers == 1 ? "" : "s");
		if (aor_ships_count(rs, area) && cd->ships > 0) {
			s->strength += cd->ships;
			sb_addf(&s->why, ", %d ship%s", cd->ships,
			    cd->ships == 1 ? "" : "s");
		}
	}
	if (s->allies > 0) {
		s->strength += s->allies * rs->num.ally_bonus;
		sb_addf(&s->why, "; %d ally card%s: %d", s->allies,
		    s->allies == 1 ? "" : "s", s->allies * rs->num.ally_bonus);
	}
	for (co = 0; co < rs->ncountries; co++)
		if (s->npcs & (1 << co)) {
			s->strength += rs->num.npc_ally_bonus;
			sb_addf(&s->why, "; NPC ally %s: %d", cname(st, co),
			    rs->num.npc_ally_bonus);
		}
	if (!aor_is_player(st, s->country))
		return;
	/* R18: training and support help the side's player only. */
	if (aor_boxes_held(st, s->country, EFF_ARMY_TRAINING, &amount) > 0) {
		s->strength += amount;
		sb_addf(&s->why, "; Army Training: %d", amount);
	}
	if (aor_ships_count(rs, area) && aor_boxes_held(st, s->country,
	    EFF_NAVY_TRAINING, &amount) > 0) {
		s->strength += amount;
		sb_addf(&s->why, "; Navy Training: %d", amount);
	}
	for (k = 0; k < rs->nboxkinds; k++) {
		const struct rs_boxkind *b = &rs->boxkinds[k];
		int i;

		if (b->effect != EFF_SUPPORT || !b->areas[area])
			continue;
		for (i = 0; i < b->count; i++)
			if (st->box[k][i] == s->country) {
				s->strength += b->amount;
				sb_addf(&s->why, "; %s: %d", b->name.en,
				    b->amount);
			}
	}
}

static int
find_reserve(const struct aor_state *st, int country, int *kind, int *inst)
{
	int k, i;

	if (!aor_is_player(st, country))
		return 0;
	for (k = 0; k < st->rs->nboxkinds; k++)
		if (st->rs->boxkinds[k].effect == EFF_RESERVE)
			for (i = 0; i < st->rs->boxkinds[k].count; i++)
				if (st->box[k][i] == country) {
					*kind = k;
					*inst = i;
					return 1;
				}
	return 0;
}

static void
dice_text(const struct side *s, struct strbuf *sb)
{
	if (s->ndice == 2)
		sb_addf(sb, "%d and %d", s->dice[0], s->dice[1]);
	else
		sb_add(sb, "no dice");
}

/* R19: one reserve per side, attacker first, by each side's policy. */
static void
reserves(struct ctx *c, struct side *a, struct side *d)
{
	struct aor_state *st = c->st;
	const struct combat *cb = &st->combat;
	struct side *sides[2] = { a, d };
	enum reserve_policy pol[2] = { cb->att.reserve, cb->def_reserve };
	int i, k, inst, use, before[2][2];

	for (i = 0; i < 2; i++) {
		struct side *me = sides[i];
		struct strbuf sb;

		if (me->country < 0 || !find_reserve(st, me->country, &k,
		    &inst))
			continue;
		if (pol[i] == RES_NEVER)
			continue;
		if (pol[i] == RES_ALWAYS)
			use = 1;
		else if (i == 0)	/* the attacker counts not winning */
			use = a->strength <= d->strength;
		else			/* the defender a lower strength */
			use = d->strength < a->strength;
		if (!use)
			continue;
		st->box[k][inst] = NO_COUNTRY;
		memcpy(before[0], a->dice, sizeof(before[0]));
		memcpy(before[1], d->dice, sizeof(before[1]));
		roll(c, a, cname(st, a->country));
		if (d->ndice)
			roll(c, d, d->country >= 0 ? cname(st, d->country) :
			    "the marker");
		strength(st, a, 1);
		strength(st, d, 0);
		sb_init(&sb);
		/* reading 3: "attacker from 6 and 1 to 2 and 5" (issue 11) */
		sb_add(&sb, "attacker ");
		if (st->rules >= 3 && a->ndice == 2)
			sb_addf(&sb, "from %d and %d to ", before[0][0],
			    before[0][1]);
		dice_text(a, &sb);
		sb_add(&sb, ", defender ");
		if (st->rules >= 3 && d->ndice == 2)
			sb_addf(&sb, "from %d and %d to ", before[1][0],
			    before[1][1]);
		dice_text(d, &sb);
		ev(c, "reserve", me->country, "%s uses a Reserve (policy %s, "
		    "R19): the disc leaves the box and both sides re-roll: "
		    "%s.", cname(st, me->country), pol[i] == RES_ALWAYS ?
		    "always" : "if-losing", sb.buf);
		sb_release(&sb);
	}
}

static void
discard_card(struct aor_state *st, int country, int card)
{
	if (card < 0 || card_of(st, country, card)->kind != CARD_INFLUENCE)
		return;		/* R28: ally and blank cards go back */
	st->hand[country] &= ~(1u << card);
	st->discard[country] |= 1u << card;
}

/* Buys the NPC allies a side chose (R25), as many as it can pay. */
static int
npc_bought(struct ctx *c, int country, int plan, int elig, int card_cost)
{
	struct aor_state *st = c->st;
	int set = (plan & NPC_ALL) ? elig : (plan & elig), co;

	if (plan == NPC_UNSET)
		set = 0;
	for (co = st->rs->ncountries - 1; co >= 0 && popcount(set) > 0;
	    co--) {
		if (aor_can_pay(st, country, card_cost + popcount(set) *
		    st->rs->num.npc_ally_cost))
			break;
		if (set & (1 << co)) {
			set &= ~(1 << co);
			ev(c, "npc-dropped", country, "%s cannot pay for NPC "
			    "ally %s (R5).", cname(st, country),
			    cname(st, co));
		}
	}
	return set;
}

static void
resolve(struct ctx *c)
{
	struct aor_state *st = c->st;
	const struct ruleset *rs = st->rs;
	struct combat *cb = &st->combat;
	struct side a, d;
	struct strbuf sb;
	int co, margin, area = cb->att.area, attacker = cb->attacker;
	int def_player = aor_is_player(st, cb->defender);
	char what[96];

	memset(&a, 0, sizeof(a));
	memset(&d, 0, sizeof(d));
	sb_init(&a.why);
	sb_init(&d.why);
	sb_init(&sb);
	a.country = attacker;
	a.card = cb->att.card;
	a.ndice = rs->num.combat_dice >= 2 ? 2 : 0;
	d.country = cb->defender;
	d.card = def_player ? cb->def_card : -1;
	d.ndice = (cb->att.kind == ATK_MARKER &&
	    (st->variants & VAR_MARKER_FIXED_DEFENCE)) ? 0 : a.ndice;

	/* The reveal (R23, R24, R39). */
	ev(c, "reveal", attacker, "Combat T%d.C%d in %s is revealed: %s "
	    "attacks with %s%s.", st->turn, cb->number, aname(st, area),
	    cname(st, attacker), card_of(st, attacker, a.card)->id,
	    card_of(st, attacker, a.card)->kind == CARD_BLANK ?
	    " (the blank card)" : "");
	if (def_player)
		ev(c, "reveal", cb->defender, "%s defends with %s%s.",
		    cname(st, cb->defender), card_of(st, cb->defender,
		    d.card)->id, card_of(st, cb->defender, d.card)->kind ==
		    CARD_BLANK ? " (the blank card)" : "");
	for (co = 0; co < rs->ncountries; co++) {
		struct side *s = cb->side[co] ? &d : &a;

		if (cb->join[co] == JN_ALLY) {
			s->allies++;
			ev(c, "reveal", co, "%s played the ally card for %s's "
			    "side (+%d).", cname(st, co), cname(st,
			    cb->side[co] ? cb->defender : attacker),
			    rs->num.ally_bonus);
		} else if (cb->join[co] == JN_BLUFF)
			ev(c, "reveal", co, "%s played the blank card: a bluff "
			    "(R24).", cname(st, co));
	}
	a.npcs = npc_bought(c, attacker, cb->att.npc, eligible_npcs(st, 0),
	    card_of(st, attacker, a.card)->cost);
	if (def_player)
		d.npcs = npc_bought(c, cb->defender, cb->def_npc,
		    eligible_npcs(st, 1), card_of(st, cb->defender,
		    d.card)->cost);

	/* Costs at the reveal (R5: forced borrowing). */
	snprintf(what, sizeof(what), "card %s",
	    card_of(st, attacker, a.card)->id);
	aor_pay(c, attacker, card_of(st, attacker, a.card)->cost, what);
	if (popcount(a.npcs))
		aor_pay(c, attacker, popcount(a.npcs) * rs->num.npc_ally_cost,
		    "NPC allies (R25)");
	if (def_player) {
		snprintf(what, sizeof(what), "card %s",
		    card_of(st, cb->defender, d.card)->id);
		aor_pay(c, cb->defender, card_of(st, cb->defender,
		    d.card)->cost, what);
		if (popcount(d.npcs))
			aor_pay(c, cb->defender, popcount(d.npcs) *
			    rs->num.npc_ally_cost, "NPC allies (R25)");
	}
	for (co = 0; co < rs->ncountries; co++)
		if (cb->join[co] == JN_ALLY)
			aor_pay(c, co, rs->num.ally_cost, "the ally card "
			    "(R24)");

	/* Dice, strengths, reserves (R26, R19). */
	roll(c, &a, cname(st, attacker));
	if (d.ndice)
		roll(c, &d, d.country >= 0 ? cname(st, d.country) :
		    "the marker");
	strength(st, &a, 1);
	strength(st, &d, 0);
	reserves(c, &a, &d);
	ev(c, "strength", attacker, "Strength of %s: %d (%s).",
	    cname(st, attacker), a.strength, a.why.buf);
	if (cb->defender >= 0)
		ev(c, "strength", cb->defender, "Strength of %s: %d (%s).",
		    cname(st, cb->defender), d.strength, d.why.buf);
	else
		ev(c, "strength", NO_COUNTRY, "Strength of the marker: %d "
		    "(%s).", d.strength, d.why.buf);

	/* Outcome and unrest (R27). */
	target_text(st, cb, &sb);
	if (a.strength > d.strength) {
		if (cb->att.kind == ATK_MARKER) {
			const struct rs_marker *mk = &rs->markers[
			    cb->att.marker];

			st->marker[cb->att.marker] = MK_OUT;
			st->discs[area][attacker]++;
			ev(c, "outcome", attacker, "%s wins %d to %d and "
			    "replaces %s with a disc.", cname(st, attacker),
			    a.strength, d.strength, sb.buf);
			if (mk->vp > 0) {	/* R29 */
				st->vp[attacker] += mk->vp;
				ev(c, "vp", attacker, "%s scores %d VP at once "
				    "for marker %s (R29).", cname(st,
				    attacker), mk->vp, mk->id);
			}
			if (mk->gold > 0) {
				st->gold[attacker] += mk->gold;
				ev(c, "gold", attacker, "%s takes %d gold at "
				    "once for marker %s (R29).", cname(st,
				    attacker), mk->gold, mk->id);
			}
		} else {
			st->discs[area][cb->defender]--;
			st->discs[area][attacker]++;
			ev(c, "outcome", attacker, "%s wins %d to %d and "
			    "replaces %s with a disc; the disc goes back to "
			    "%s's supply.", cname(st, attacker), a.strength,
			    d.strength, sb.buf, cname(st, cb->defender));
		}
	} else {
		ev(c, "outcome", attacker, "%s does not win (%d to %d): %s "
		    "stays.", cname(st, attacker), a.strength, d.strength,
		    sb.buf);
		aor_gain_unrest(c, attacker, 1, "a failed attack, R27");
	}
	margin = abs(a.strength - d.strength);
	if (a.strength < d.strength) {
		aor_gain_unrest(c, attacker, 1, "the lower strength, R27");
		if (margin >= 3)
			aor_gain_unrest(c, attacker, 1, "an overwhelming "
			    "defeat by 3 or more, R27");
		if (margin == 1 && def_player)
			aor_gain_unrest(c, cb->defender, 1, "a Pyrrhic "
			    "victory by exactly 1, R27");
	} else if (d.strength < a.strength) {
		if (def_player) {
			aor_gain_unrest(c, cb->defender, 1, "the lower "
			    "strength, R27");
			if (margin >= 3)
				aor_gain_unrest(c, cb->defender, 1, "an "
				    "overwhelming defeat by 3 or more, R27");
		}
		if (margin == 1)
			aor_gain_unrest(c, attacker, 1, "a Pyrrhic victory by "
			    "exactly 1, R27");
	} else {
		aor_gain_unrest(c, attacker, 1, "a tie, R27");
		if (def_player)
			aor_gain_unrest(c, cb->defender, 1, "a tie, R27");
		for (co = 0; co < rs->ncountries; co++)
			if (cb->join[co] == JN_ALLY)
				aor_gain_unrest(c, co, 1, "a tie, as an ally, "
				    "R27");
	}

	/* Cards (R28). */
	discard_card(st, attacker, a.card);
	if (def_player)
		discard_card(st, cb->defender, d.card);
	sb_release(&a.why);
	sb_release(&d.why);
	sb_release(&sb);

	cb->stage = CS_NONE;
	if (cb->has_next) {
		struct attack next = cb->next;
		struct strbuf err;

		cb->has_next = 0;
		sb_init(&err);
		if (aor_attack_check(st, attacker, &next, &err) == 0)
			aor_attack_begin(c, attacker, &next, NULL);
		else {
			ev(c, "attack-cancelled", attacker, "%s's second attack "
			    "(War Office) cannot be made: %s.",
			    cname(st, attacker), err.buf);
			aor_segment_next(c);
		}
		sb_release(&err);
		return;
	}
	aor_segment_next(c);
}

/*
 * Rules 4.3.2 II, R25 (reading 4): the attacker buys his NPC allies in the
 * open before the defender decides on his ("first the attacker pays ...
 * afterwards the defender ... in the same way"), so the defender is told
 * which before he is asked.  The set is fixed now, dropping what the
 * purse cannot pay (R5); the gold is still paid at the reveal with the
 * cards, and nothing the attacker pays in between could change it.
 * Reading 3 and earlier told it only at the reveal.
 */
static void
announce_attacker_npcs(struct ctx *c)
{
	struct aor_state *st = c->st;
	struct combat *cb = &st->combat;
	struct strbuf sb;
	int co, set, n;

	set = npc_bought(c, cb->attacker, cb->att.npc, eligible_npcs(st, 0),
	    card_of(st, cb->attacker, cb->att.card)->cost);
	cb->att.npc = set;
	n = popcount(set);
	if (n == 0) {
		ev(c, "npc-allies", cb->attacker, "%s buys no NPC allies for "
		    "combat T%d.C%d (R25).", cname(st, cb->attacker),
		    st->turn, cb->number);
		return;
	}
	sb_init(&sb);
	for (co = 0; co < st->rs->ncountries; co++)
		if (set & (1 << co))
			sb_addf(&sb, "%s%s", sb.len == 0 ? "" :
			    popcount(set & ((1 << co) - 1)) == n - 1 ?
			    " and " : ", ", cname(st, co));
	ev(c, "npc-allies", cb->attacker, "%s buys %s as NPC all%s for "
	    "combat T%d.C%d: +%d, %d gold paid at the reveal (R25).",
	    cname(st, cb->attacker), sb.buf, n == 1 ? "y" : "ies", st->turn,
	    cb->number, n * st->rs->num.npc_ally_bonus,
	    n * st->rs->num.npc_ally_cost);
	sb_release(&sb);
}

void
aor_combat_progress(struct ctx *c)
{
	struct aor_state *st = c->st;
	struct combat *cb = &st->combat;
	struct decision d[RS_MAX_COUNTRIES];

	for (;;) {
		switch (cb->stage) {
		case CS_PICKS:
			if (aor_combat_pending(st, d, RS_MAX_COUNTRIES) > 0)
				return;
			cb->stage = CS_NPC_ATTACKER;
			continue;
		case CS_NPC_ATTACKER:
			if (eligible_npcs(st, 0) == 0)
				cb->att.npc = 0;
			else if (cb->att.npc != NPC_UNSET && st->rules >= 4)
				announce_attacker_npcs(c);
			if (cb->att.npc == NPC_UNSET)
				return;
			cb->stage = CS_NPC_DEFENDER;
			continue;
		case CS_NPC_DEFENDER:
			if (eligible_npcs(st, 1) == 0)
				cb->def_npc = 0;
			if (cb->def_npc == NPC_UNSET)
				return;
			resolve(c);
			return;
		default:
			return;
		}
	}
}

int
aor_order_is_secret(const struct order *o)
{
	int i;

	if (o->sealed)
		return 1;
	for (i = 0; i < o->nitems; i++)
		if (AOR_CITEMS(o)[i].kind == IT_ATTACK ||
		    AOR_CITEMS(o)[i].kind == IT_DEFEND ||
		    AOR_CITEMS(o)[i].kind == IT_JOIN ||
		    (AOR_CITEMS(o)[i].kind == IT_PLACE && AOR_CITEMS(o)[i].card >= 0))
			return 1;
	return 0;
}
