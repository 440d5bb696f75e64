/*
 * ren-events.c - the event cards that change the board or name a victim:
 * War! (RR16), Civil War, Alchemist's Gold, Pirates/Vikings, Rebellion,
 * The Crusades (RR18), Black Death, with the victims' standing choices
 * (RR14).
 */
#include "ren.h"

#include <stdio.h>
#include <string.h>

#include "dice.h"
#include "util.h"

static int
is_card(const struct ren_state *st, int card, const char *id)
{
	return card >= 0 && strcmp(st->rs->cards[card].id, id) == 0;
}

/* Whether player p could hold a dominance marker in prov (RR16). */
static int
could_hold(const struct ren_state *st, int p, int prov)
{
	const struct ren_ruleset *rs = st->rs;
	const struct ren_province *pr = &rs->provinces[prov];
	const struct ren_area *a = &rs->areas[pr->area];
	int limit;

	if (pr->removed || pr->type == RP_SATELLITE ||
	    !ren_area_in_play(rs, pr->area, st->nplayers))
		return 0;
	if (a->requires >= 0 && !ren_has(st, p, 'A' + a->requires))
		return 0;
	if (pr->type == RP_OVERSEAS) {
		limit = st->p[p].ship_row == SHIP_OCEAN ?
		    rs->ship_levels[SHIP_OCEAN][st->p[p].ship_level] : 0;
		if (ren_overseas_held(st, p) >= limit)
			return 0;
	}
	return st->p[p].mat > 0;
}

/* RR14: the loser's next marker to cede: his CEDE list, else the lowest
   market number, then by name; -1 when none can go */
static int
next_cession(const struct ren_state *st, int loser, int winner)
{
	const struct ren_ruleset *rs = st->rs;
	int k, i, best = -1;

	for (k = 0; k < st->p[loser].ncede; k++) {
		i = st->p[loser].cede[k];
		if (st->dom[i] == loser && could_hold(st, winner, i))
			return i;
	}
	for (i = 0; i < rs->nprovinces; i++) {
		if (st->dom[i] != loser || !could_hold(st, winner, i))
			continue;
		if (best < 0 || rs->provinces[i].market <
		    rs->provinces[best].market ||
		    (rs->provinces[i].market == rs->provinces[best].market &&
		    strcmp(rs->provinces[i].name, rs->provinces[best].name) <
		    0))
			best = i;
	}
	return best;
}

void
ren_war_roll(struct ren_ctx *c)
{
	struct ren_state *st = c->st;
	int a = st->war_a, b = st->war_b, ra, rb, ta, tb, ma, mb;
	int winner, loser, diff, k;

	if (a < 0 || b < 0)
		return;
	ra = (int)dice_roll(c->dice, 6, "War: %s", ren_pname(st, a));
	rb = (int)dice_roll(c->dice, 6, "War: %s", ren_pname(st, b));
	ma = ren_military_steps(st, a, b);
	mb = ren_military_steps(st, b, a);
	ta = ra + ren_has(st, a, 'W') + ma;
	tb = rb + ren_has(st, b, 'W') + mb;
	ren_ev(c, "war", a, "War: %s rolls %d (total %d), %s %d (total %d) "
	    "(RR16).", ren_pname(st, a), ra, ta, ren_pname(st, b), rb, tb);
	if (ta == tb && (ma > 0) == (mb > 0)) {
		ren_misery(c, a, 1, "War undecided");
		ren_misery(c, b, 1, "War undecided");
		/* reading 3: ended if that box took one side into Chaos */
		if (st->war_a >= 0)
			ren_ev(c, "war", a, "The War between %s and %s stays "
			    "open (RR16).", ren_pname(st, a),
			    ren_pname(st, b));
		return;
	}
	if (ta == tb)
		winner = ma > 0 ? a : b;	/* the military advantage */
	else
		winner = ta > tb ? a : b;
	loser = winner == a ? b : a;
	diff = ta > tb ? ta - tb : tb - ta;
	st->war_a = st->war_b = -1;
	ren_ev(c, "war", winner, "%s wins the War against %s by %d (RR16).",
	    ren_pname(st, winner), ren_pname(st, loser), diff);
	ren_misery(c, winner, 1, "War won");
	ren_misery(c, loser, 2, "War lost");
	for (k = 0; k < diff; k++) {
		int prov = next_cession(st, loser, winner);

		if (prov < 0) {
			ren_misery(c, loser, 1, "a dominance marker he cannot "
			    "cede (RR16)");
			continue;
		}
		st->dom[prov] = (signed char)winner;
		st->dom_new[prov] = 0;
		st->p[loser].mat++;
		st->p[winner].mat--;
		ren_ev(c, "cede", loser, "%s cedes %s to %s (RR16).",
		    ren_pname(st, loser), st->rs->provinces[prov].name,
		    ren_pname(st, winner));
	}
}

void
ren_civil_war_moves(struct ren_ctx *c)
{
	struct ren_state *st = c->st;
	int k, v, i;

	for (k = 0; k < st->ncivil; k++) {
		int place;

		v = st->civil[k];
		place = ren_place_of(st, v);
		for (i = place; i + 1 < st->nplayers; i++) {
			int o = st->order[i + 1], box = st->p[o].box;

			st->p[o].box = st->p[v].box;
			st->p[v].box = box;
			st->order[i] = o;
		}
		st->order[st->nplayers - 1] = v;
		ren_ev(c, "civil-war", v, "Civil War: %s moves to the last place "
		    "of the order of play (RR8).", ren_pname(st, v));
	}
	st->ncivil = 0;
}

static int
protected(const struct ren_state *st, int card, int p)
{
	return st->rs->cards[card].enlightened_ruler && st->p[p].enlightened;
}

static int
victim_ok(const struct ren_state *st, int player, int card, int v,
    int self_ok, struct strbuf *err)
{
	if (v < 0 || v >= st->nplayers || st->p[v].out) {
		sb_addf(err, "%s names a player in the game (RR13)",
		    st->rs->cards[card].name);
		return 0;
	}
	if (!self_ok && v == player) {
		sb_addf(err, "%s names another player (RR13)",
		    st->rs->cards[card].name);
		return 0;
	}
	if (protected(st, card, v)) {
		sb_addf(err, "Enlightened Ruler protects %s this turn (RR18)",
		    ren_pname(st, v));
		return 0;
	}
	return 1;
}

/* The provinces named, each holding a dominance marker; 0 or -1. */
static int
marked(const struct ren_state *st, const struct ren_play *a, int want,
    struct strbuf *err)
{
	int k, j;

	if (a->nprov != want) {
		sb_addf(err, "name %d province%s (RR13)", want,
		    want == 1 ? "" : "s");
		return -1;
	}
	for (k = 0; k < a->nprov; k++) {
		int p = a->prov[k];

		if (p < 0 || p >= st->rs->nprovinces || st->dom[p] < 0) {
			sb_addf(err, "%s holds no dominance marker",
			    p >= 0 && p < st->rs->nprovinces ?
			    st->rs->provinces[p].name : "that province");
			return -1;
		}
		for (j = 0; j < k; j++)
			if (a->prov[j] == p) {
				sb_add(err, "name different provinces");
				return -1;
			}
	}
	return 0;
}

static int
coastal(const struct ren_state *st, int prov)
{
	const struct ren_province *pr = &st->rs->provinces[prov];

	return pr->ncoasts > 0 || pr->type == RP_OVERSEAS;
}

/* RR18: Pirates/Vikings takes 1, 2, 3 markers by the pile's epoch, or
   as many coastal ones as there are */
static int
pirates_count(const struct ren_state *st)
{
	int i, n = 0, want = st->epoch < 1 ? 1 : st->epoch > 3 ? 3 :
	    st->epoch;

	for (i = 0; i < st->rs->nprovinces; i++)
		n += st->dom[i] >= 0 && coastal(st, i);
	return n < want ? n : want;
}

int
ren_event_check(const struct ren_state *st, int player, int card,
    const struct ren_play *a, struct strbuf *err)
{
	const struct ren_ruleset *rs = st->rs;
	int k;

	if (is_card(st, card, "war")) {
		if (st->war_a >= 0) {
			sb_add(err, "a War is open already (RR16)");
			return -1;
		}
		return victim_ok(st, player, card, a->target, 0, err) ? 0 :
		    -1;
	}
	if (is_card(st, card, "civil-war"))
		return victim_ok(st, player, card, a->target, 1, err) ? 0 :
		    -1;
	if (is_card(st, card, "alchemists-gold")) {
		if (!victim_ok(st, player, card, a->target, 1, err))
			return -1;
		if (st->p[a->target].advances & rs->cards[card]
		    .voided_by_advances) {
			sb_addf(err, "%s holds Laws of Matter (RR18)",
			    ren_pname(st, a->target));
			return -1;
		}
		return 0;
	}
	if (is_card(st, card, "pirates-vikings")) {
		if (marked(st, a, pirates_count(st), err) < 0)
			return -1;
		for (k = 0; k < a->nprov; k++)
			if (!coastal(st, a->prov[k])) {
				sb_addf(err, "%s is not coastal (RR18)",
				    rs->provinces[a->prov[k]].name);
				return -1;
			}
		return 0;
	}
	if (is_card(st, card, "rebellion")) {
		int p, o;

		if (marked(st, a, 1, err) < 0)
			return -1;
		p = a->prov[0];
		/* not the New World, nor the capital of another player in
		   the game (RR18); one in Chaos is out of the game (seed
		   3.11, RR35), so his capital is open to it (reading 3) */
		for (o = 0; o < st->nplayers; o++)
			if (o != player && ren_capital_province(st, o) == p &&
			    (st->reading < 3 || !st->p[o].out))
				break;
		if (o < st->nplayers ||
		    strcmp(rs->areas[rs->provinces[p].area].id, "NW") == 0) {
			sb_addf(err, "Rebellion cannot strike %s (RR18)",
			    rs->provinces[p].name);
			return -1;
		}
		if (protected(st, card, st->dom[p])) {
			sb_addf(err, "Enlightened Ruler protects %s this turn "
			    "(RR18)", ren_pname(st, st->dom[p]));
			return -1;
		}
		return 0;
	}
	if (is_card(st, card, "the-crusades")) {
		int p;

		if (a->nprov != 1 || a->prov[0] < 0) {
			sb_add(err, "The Crusades names a market of area VI "
			    "(RR13)");
			return -1;
		}
		p = a->prov[0];
		if (strcmp(rs->areas[rs->provinces[p].area].id, "VI") != 0 ||
		    rs->provinces[p].type == RP_SATELLITE) {
			sb_addf(err, "%s is not a market of area VI (RR18)",
			    rs->provinces[p].name);
			return -1;
		}
		if (st->p[player].mat == 0) {
			sb_add(err, "The Crusades needs a dominance marker on "
			    "his mat (RR18)");
			return -1;
		}
		return 0;
	}
	if (is_card(st, card, "black-death")) {
		if (a->area < 0 || a->area >= rs->nareas ||
		    !ren_area_in_play(rs, a->area, st->nplayers)) {
			sb_add(err, "Black Death names an area in play (RR13)");
			return -1;
		}
		return 0;
	}
	sb_addf(err, "the event '%s' is not implemented yet",
	    rs->cards[card].name);
	return REN_NOT_IMPLEMENTED;
}

void
ren_event_apply(struct ren_ctx *c, int player, int card,
    const struct ren_play *a)
{
	struct ren_state *st = c->st;
	const struct ren_ruleset *rs = st->rs;
	int k, i, v = a->target;

	if (is_card(st, card, "war")) {
		st->war_a = player;
		st->war_b = v;
		ren_ev(c, "war", player, "%s declares War on %s (RR16).",
		    ren_pname(st, player), ren_pname(st, v));
		ren_war_roll(c);
	} else if (is_card(st, card, "civil-war")) {
		int cp = ren_capital_province(st, v), cash, tok, choice;

		ren_misery(c, v, 1, "Civil War");
		if (cp >= 0 && st->dom[cp] >= 0)
			ren_eliminate(c, cp, st->p[(int)st->dom[cp]]
			    .elimination_empty);
		cash = (st->p[v].written_cash + 1) / 2;
		if (cash > st->p[v].cash)
			cash = st->p[v].cash;
		tok = (st->p[v].expansion + 1) / 2;
		choice = st->p[v].civil_war_choice;
		if (choice == 0)	/* RR14: the smaller loss, tokens on a tie */
			choice = cash < tok ? 1 : 2;
		if (choice == 1) {
			st->p[v].cash -= cash;
			ren_ev(c, "civil-war", v, "Civil War: %s loses $%d "
			    "(RR18).", ren_pname(st, v), cash);
		} else {
			st->p[v].expansion -= tok;
			st->p[v].stock += tok;
			ren_ev(c, "civil-war", v, "Civil War: %s loses %d "
			    "expansion token%s (RR18).", ren_pname(st, v), tok,
			    tok == 1 ? "" : "s");
		}
		if (st->ncivil < REN_MAX_PLAYERS)
			st->civil[st->ncivil++] = v;
	} else if (is_card(st, card, "alchemists-gold")) {
		int x = (st->p[v].written_cash + 1) / 2;

		if (x > st->p[v].cash)
			x = st->p[v].cash;
		st->p[v].cash -= x;
		ren_ev(c, "alchemists-gold", v, "Alchemist's Gold: %s pays the "
		    "bank $%d (RR18).", ren_pname(st, v), x);
	} else if (is_card(st, card, "pirates-vikings") ||
	    is_card(st, card, "rebellion")) {
		for (k = 0; k < a->nprov; k++)
			ren_eliminate(c, a->prov[k], st->p[(int)st->dom[
			    a->prov[k]]].elimination_empty);
	} else if (is_card(st, card, "the-crusades")) {
		int p = a->prov[0];

		ren_clear_province(st, p);
		st->dom[p] = (signed char)player;
		st->p[player].mat--;
		ren_ev(c, "crusades", player, "The Crusades: %s takes %s with a "
		    "dominance marker (RR18).", ren_pname(st, player),
		    rs->provinces[p].name);
		ren_misery(c, player, 1, "The Crusades");
	} else if (is_card(st, card, "black-death")) {
		for (i = 0; i < rs->nprovinces; i++) {
			int p;

			if (rs->provinces[i].area != a->area)
				continue;
			for (p = 0; p < st->nplayers; p++) {
				st->p[p].stock += st->tok[i][p] +
				    st->tok_new[i][p];
				st->tok[i][p] = st->tok_new[i][p] = 0;
			}
		}
		ren_ev(c, "black-death", player, "Black Death in %s: every "
		    "token there goes back to its stock.",
		    rs->areas[a->area].name);
		for (i = 0; i < rs->nprovinces; i++)
			if (rs->provinces[i].area == a->area && st->dom[i] >= 0)
				ren_eliminate(c, i, st->p[(int)st->dom[i]]
				    .elimination_empty);
	}
}

/* One form line when the choices are legal now. */
static int
form_line(const struct ren_state *st, int player, int card,
    const struct ren_play *a, const char *choice, struct strbuf *out)
{
	struct strbuf e;
	int ok;

	sb_init(&e);
	ok = ren_event_check(st, player, card, a, &e) == 0;
	sb_release(&e);
	if (ok)
		sb_addf(out, "PLAY %s %s\n", st->rs->cards[card].id, choice);
	return ok;
}

/*
 * Reading 3, RR18: Pirates/Vikings in epochs 2 and 3 names 2 or 3
 * different coastal provinces holding a marker: a line for each set, in
 * the data file's order, as the other cards list each choice.  A set is
 * one choice (the order named changes nothing).  At most as many lines
 * as the data file has provinces, so that no card's form is longer than
 * Rebellion's can be; a comment counts the sets left out.  Returns the
 * lines listed.
 */
static int
pirates_form(const struct ren_state *st, int player, int card,
    struct strbuf *out)
{
	const struct ren_ruleset *rs = st->rs;
	int cand[REN_MAX_PROVINCES], idx[3], nc = 0, want = pirates_count(st);
	int i, k, n = 0;
	long sets = 0;
	struct ren_play a;
	char choice[160];

	memset(&a, 0, sizeof(a));
	a.commodity = a.category = a.area = a.target = -1;
	a.nprov = want;
	for (i = 0; i < rs->nprovinces; i++)
		if (st->dom[i] >= 0 && coastal(st, i))
			cand[nc++] = i;
	for (k = 0; k < want; k++)
		idx[k] = k;
	for (;;) {
		sets++;
		if (n < rs->nprovinces) {
			choice[0] = '\0';
			for (k = 0; k < want; k++) {
				a.prov[k] = cand[idx[k]];
				snprintf(choice + strlen(choice),
				    sizeof(choice) - strlen(choice), "%s%s",
				    k ? ", " : "IN ", rs->provinces[
				    a.prov[k]].name);
			}
			n += form_line(st, player, card, &a, choice, out);
		}
		/* the next set: the last index that can move, moved */
		for (k = want - 1; k >= 0 && idx[k] == nc - want + k; k--)
			;
		if (k < 0)
			break;
		for (idx[k]++, i = k + 1; i < want; i++)
			idx[i] = idx[i - 1] + 1;
	}
	if (n > 0 && sets > n) {
		sb_addf(out, "# and %ld more: any %d of", sets - n, want);
		for (k = 0; k < nc; k++)
			sb_addf(out, "%s %s", k ? "," : "",
			    rs->provinces[cand[k]].name);
		sb_addc(out, '\n');
	}
	return n;
}

int
ren_event_form(const struct ren_state *st, int player, int card,
    struct strbuf *out)
{
	const struct ren_ruleset *rs = st->rs;
	struct ren_play a;
	char choice[96];
	int i, n = 0;

	memset(&a, 0, sizeof(a));
	a.commodity = a.category = a.area = a.target = -1;
	if (is_card(st, card, "war") || is_card(st, card, "civil-war") ||
	    is_card(st, card, "alchemists-gold")) {
		/* RR13, RR16, RR18: Enlightened Ruler, Laws of Matter, an
		   open War */
		for (i = 0; i < st->nplayers; i++) {
			a.target = i;
			snprintf(choice, sizeof(choice), "ON %s",
			    ren_pname(st, i));
			n += form_line(st, player, card, &a, choice, out);
		}
	} else if (is_card(st, card, "black-death")) {
		for (i = 0; i < rs->nareas; i++) {
			a.area = i;
			snprintf(choice, sizeof(choice), "IN %s",
			    rs->areas[i].id);
			n += form_line(st, player, card, &a, choice, out);
		}
	} else if (is_card(st, card, "rebellion") ||
	    is_card(st, card, "the-crusades") ||
	    (is_card(st, card, "pirates-vikings") && pirates_count(st) <= 1)) {
		a.nprov = 1;
		for (i = 0; i < rs->nprovinces; i++) {
			a.prov[0] = i;
			snprintf(choice, sizeof(choice), "IN %s",
			    rs->provinces[i].name);
			n += form_line(st, player, card, &a, choice, out);
		}
	} else if (is_card(st, card, "pirates-vikings") && st->reading >= 3) {
		n = pirates_form(st, player, card, out);
	} else if (is_card(st, card, "pirates-vikings")) {
		/* RR18: 2 or 3 different provinces; one legal line, then
		   every province it may name */
		int want = pirates_count(st), k = 0;

		for (i = 0; i < rs->nprovinces && k < want; i++)
			if (st->dom[i] >= 0 && coastal(st, i))
				a.prov[k++] = i;
		a.nprov = k;
		choice[0] = '\0';
		for (i = 0; i < k; i++)
			snprintf(choice + strlen(choice), sizeof(choice) -
			    strlen(choice), "%s%s", i ? ", " : "IN ",
			    rs->provinces[a.prov[i]].name);
		n += form_line(st, player, card, &a, choice, out);
		if (n > 0) {
			sb_addf(out, "#   %d of:", want);
			for (i = 0, k = 0; i < rs->nprovinces; i++)
				if (st->dom[i] >= 0 && coastal(st, i))
					sb_addf(out, "%s %s", k++ ? "," : "",
					    rs->provinces[i].name);
			sb_addc(out, '\n');
		}
	} else
		return 0;
	if (n == 0)
		sb_addf(out, "# %s has no legal choice now (RR13)\n",
		    rs->cards[card].id);
	return 1;
}
