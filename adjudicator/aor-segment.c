/*
 * aor-segment.c - player segments and the action boxes (R13-R17, R14).
 */
#include "aor.h"

#include <stdio.h>
#include <stdlib.h>

#include "util.h"

static int
actor_country(const struct aor_state *st)
{
	int order[RS_MAX_COUNTRIES];
	int n = aor_segment_order(st, order);

	return st->actor < n ? order[st->actor] : NO_COUNTRY;
}

/* R15: the instances of a box kind that exist with this many players. */
static int
instances(const struct aor_state *st, int kind)
{
	const struct rs_boxkind *b = &st->rs->boxkinds[kind];

	if (st->seats.nplayers >= st->rs->num.large_game_players)
		return b->count;
	return b->count - b->five_plus;
}

static int
free_instance(const struct aor_state *st, int kind)
{
	int i, n = instances(st, kind);

	for (i = 0; i < n; i++)
		if (st->box[kind][i] == NO_COUNTRY)
			return i;
	return -1;
}

/* R17: the cards Militia or Pressgangs may take back. */
static int
card_eligible(const struct aor_state *st, int country, int card,
    enum box_effect eff)
{
	const struct rs_card *cd = &st->rs->countries[country].cards[card];

	if (!(st->discard[country] & (1u << card)))
		return 0;
	if (eff == EFF_MILITIA)
		return cd->kind == CARD_INFLUENCE && cd->ships == 0 &&
		    cd->soldiers > 0;
	if (st->variants & VAR_PRESSGANGS_ANY_CARD)
		return 1;
	return cd->kind == CARD_INFLUENCE && cd->ships > 0;
}

static int
eligible_cards(const struct aor_state *st, int country, enum box_effect eff,
    int *first)
{
	int i, n = 0;

	for (i = 0; i < st->rs->countries[country].ncards; i++)
		if (card_eligible(st, country, i, eff)) {
			if (n++ == 0 && first != NULL)
				*first = i;
		}
	return n;
}

static int
check_place(const struct aor_state *st, int country, const struct item *it,
    struct strbuf *err)
{
	const struct rs_boxkind *b = &st->rs->boxkinds[it->box];
	int n;

	if (aor_supply(st, country) < 1) {
		sb_addf(err, "%s has no disc left in supply (R3)",
		    cname(st, country));
		return -1;
	}
	if (free_instance(st, it->box) < 0) {
		if (instances(st, it->box) == 0)
			sb_addf(err, "box '%s' exists only with %d or more "
			    "players (R15)", b->name.en,
			    st->rs->num.large_game_players);
		else if (instances(st, it->box) < b->count)
			sb_addf(err, "box '%s' is occupied (its other box "
			    "exists only with %d or more players, R15)",
			    b->name.en, st->rs->num.large_game_players);
		else
			sb_addf(err, "box '%s' is occupied (R15)", b->name.en);
		return -1;
	}
	if (!aor_can_pay(st, country, b->cost)) {
		sb_addf(err, "box '%s' costs %d gold, more than %s can pay "
		    "with gold and borrowing (R5)", b->name.en, b->cost,
		    cname(st, country));
		return -1;
	}
	if (b->effect != EFF_MILITIA && b->effect != EFF_PRESSGANGS) {
		if (it->card >= 0) {
			sb_addf(err, "TAKE goes only with Militia or "
			    "Pressgangs, not with '%s'", b->name.en);
			return -1;
		}
		return 0;
	}
	n = eligible_cards(st, country, b->effect, NULL);
	if (it->card >= 0 && !card_eligible(st, country, it->card,
	    b->effect)) {
		sb_addf(err, "card %s is not in %s's discard pile or is not "
		    "one %s takes back (R17)",
		    st->rs->countries[country].cards[it->card].id,
		    cname(st, country), b->name.en);
		return -1;
	}
	if (it->card < 0 && n > 1) {
		int i;

		sb_addf(err, "%s: name the card to take back with TAKE "
		    "(R17); eligible:", b->name.en);
		for (i = 0; i < st->rs->countries[country].ncards; i++)
			if (card_eligible(st, country, i, b->effect))
				sb_addf(err, " %s",
				    st->rs->countries[country].cards[i].id);
		return -1;
	}
	return 0;
}

static void place(struct ctx *c, int country, const struct item *it);

/*
 * The attacks of a segment order are checked after its placement, since
 * the placement comes first (rules 4.3) and may pay for them; a second
 * attack (War Office) is checked now and again when its turn comes.
 * Under reading 2 (aor.h) the second is checked against the state after
 * the first as far as it is certain (R14): a CONVERT with the blank card
 * is legal once the first action used the last ship card (R21).
 */
static int
check_attacks(const struct aor_state *st, const struct order *o,
    struct strbuf *err)
{
	struct aor_state *after = xmalloc(sizeof(*after));
	struct ctx c = { after, NULL, NULL };
	const struct attack *first = NULL;
	int i, rc = 0;

	*after = *st;
	for (i = 0; i < o->nitems; i++)
		if (AOR_CITEMS(o)[i].kind == IT_PLACE)
			place(&c, o->country, &AOR_CITEMS(o)[i]);
	for (i = 0; i < o->nitems && rc == 0; i++) {
		const struct attack *a = &AOR_CITEMS(o)[i].atk;

		if (AOR_CITEMS(o)[i].kind != IT_ATTACK)
			continue;
		if (first != NULL && a->card == first->card &&
		    st->rs->countries[o->country].cards[a->card].kind ==
		    CARD_INFLUENCE) {
			sb_add(err, "the two attacks need two different cards "
			    "(only the blank card comes back at once)");
			rc = -1;
			break;
		}
		rc = aor_attack_check(after, o->country, a, err);
		if (first == NULL) {
			first = a;
			if (rc == 0 && st->rules >= 2)
				aor_attack_settle(after, o->country, a);
		}
	}
	free(after);
	return rc;
}

int
aor_segment_check(const struct aor_state *st, const struct order *o,
    struct strbuf *err)
{
	int places = 0, attacks = 0, passes = 0, i;
	int amount, war_office = aor_boxes_held(st, o->country, EFF_WAR_OFFICE,
	    &amount) > 0;

	for (i = 0; i < o->nitems; i++) {
		switch (AOR_CITEMS(o)[i].kind) {
		case IT_PASS:
			passes++;
			break;
		case IT_PLACE:
			places++;
			break;
		case IT_ATTACK:
			attacks++;
			break;
		default:
			sb_add(err, "BID belongs to an auction step, not to a "
			    "segment");
			return -1;
		}
	}
	if (passes > 0 && o->nitems > 1) {
		sb_add(err, "PASS stands alone in a segment");
		return -1;
	}
	if (passes > 0)
		return 0;
	if (places > 1) {
		sb_add(err, "one placement per segment (R14)");
		return -1;
	}
	if (attacks > 2 || (attacks == 2 && (!war_office || places > 0))) {
		sb_add(err, war_office ? "with War Office: two attacks and "
		    "no placement, or one placement and one attack (R14)" :
		    "one attack per segment (R14; two need War Office)");
		return -1;
	}
	for (i = 0; i < o->nitems; i++)
		if (AOR_CITEMS(o)[i].kind == IT_PLACE &&
		    check_place(st, o->country, &AOR_CITEMS(o)[i], err) != 0)
			return -1;
	if (attacks == 0)
		return 0;
	return check_attacks(st, o, err);
}

/* R16, R17, R4: a placement and its immediate effect. */
static void
place(struct ctx *c, int country, const struct item *it)
{
	struct aor_state *st = c->st;
	const struct rs_boxkind *b = &st->rs->boxkinds[it->box];
	int inst = free_instance(st, it->box);
	int a, n, card = it->card, before;
	char what[80];

	snprintf(what, sizeof(what), "box %s (R15)", b->name.en);
	aor_pay(c, country, b->cost, what);
	st->box[it->box][inst] = country;
	ev(c, "place", country, "%s places a disc in %s%s.",
	    cname(st, country), b->name.en,
	    b->count > 1 ? (inst == 0 ? " (first box)" : inst == 1 ?
	    " (second box)" : " (third box)") : "");
	switch (b->effect) {
	case EFF_BANKING:
		st->gold[country] += b->amount;
		ev(c, "gold", country, "%s takes %d gold from the bank "
		    "(Banking, R16).", cname(st, country), b->amount);
		break;
	case EFF_GOVERNMENT_REFORM:
		before = st->unrest[country];
		st->unrest[country] -= b->amount;
		if (st->unrest[country] < 0)
			st->unrest[country] = 0;
		ev(c, "unrest", country, "%s reduces unrest by %d "
		    "(Government Reform, R4): level %d to %d.",
		    cname(st, country), b->amount, before,
		    st->unrest[country]);
		break;
	case EFF_TRADING:
		n = 0;
		for (a = 0; a < st->rs->nareas; a++)
			if (b->areas[a])
				n += st->discs[a][country];
		st->gold[country] += n * b->amount;
		ev(c, "gold", country, "%s takes %d gold for %d disc%s "
		    "(%s, R16).", cname(st, country), n * b->amount, n,
		    n == 1 ? "" : "s", b->name.en);
		break;
	case EFF_MILITIA:
	case EFF_PRESSGANGS:
		if (card < 0 && eligible_cards(st, country, b->effect,
		    &card) == 0)
			card = -1;
		if (card < 0) {
			ev(c, "take-back", country, "%s has no card that %s "
			    "takes back; the placement does nothing else "
			    "(R17).", cname(st, country), b->name.en);
			break;
		}
		st->discard[country] &= ~(1u << card);
		st->hand[country] |= 1u << card;
		ev(c, "take-back", country, "%s takes a card back from the "
		    "discard pile (%s, R17).", cname(st, country),
		    b->name.en);
		ev_private(c, "take-back-card", country, "You take back card "
		    "%s.", st->rs->countries[country].cards[card].id);
		break;
	default:
		/* Training, Reserve, War Office, support: held (R18, R19). */
		break;
	}
}

void
aor_segment_apply(struct ctx *c, const struct order *o)
{
	int i;

	const struct attack *atk[2] = { NULL, NULL };
	int n = 0;

	for (i = 0; i < o->nitems; i++) {
		if (AOR_CITEMS(o)[i].kind == IT_PASS)
			ev(c, "pass", o->country, "%s passes segment %d.",
			    cname(c->st, o->country), AOR_ST(c)->segment);
		else if (AOR_CITEMS(o)[i].kind == IT_PLACE)
			place(c, o->country, &AOR_CITEMS(o)[i]);
		else if (AOR_CITEMS(o)[i].kind == IT_ATTACK && n < 2)
			atk[n++] = &AOR_CITEMS(o)[i].atk;
	}
	if (n > 0)
		aor_attack_begin(c, o->country, atk[0], atk[1]);
	else
		aor_segment_next(c);
}

/* R37: a missed segment is passed. */
void
aor_segment_default(struct ctx *c)
{
	int who = actor_country(c->st);

	ev(c, "default", who, "%s misses the deadline and passes segment %d "
	    "(R37).", cname(c->st, who), AOR_ST(c)->segment);
	aor_segment_next(c);
}
