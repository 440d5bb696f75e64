/*
 * ren-names.c - looking the names of Age of Renaissance up: provinces,
 * capitals, waters, areas, commodities, advances and cards by what a player
 * types (with suggestions when it is near a name) and by id, and reading
 * the tables (order boxes, income, stabilization, commodity payments).
 */
#include "ren-ruleset.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

#define MAX_CAND (REN_MAX_PROVINCES * 4)

/* The names of one kind of item, each belonging to an index. */
struct cands {
	const char *what;
	int n;
	const char *names[MAX_CAND];
	const char *display[MAX_CAND];
	int index[MAX_CAND];
};

static void
cand(struct cands *c, int index, const char *name, const char *display)
{
	if (name[0] == '\0' || c->n == MAX_CAND)
		return;
	c->names[c->n] = name;
	c->display[c->n] = display;
	c->index[c->n++] = index;
}

static int
cand_find(const struct cands *c, const char *text, struct strbuf *err)
{
	char in[128], f[128];
	int i, found = -1, nfound = 0, best = -1;
	size_t bestd = (size_t)-1, len;

	name_fold(text, in, sizeof(in), 0);
	len = strlen(in);
	if (len == 0) {
		if (err)
			sb_addf(err, "missing %s name", c->what);
		return -1;
	}
	for (i = 0; i < c->n; i++) {
		name_fold(c->names[i], f, sizeof(f), 0);
		if (strcmp(in, f) == 0)
			return c->index[i];
	}
	for (i = 0; i < c->n; i++) {
		int j, seen = 0;

		name_fold(c->names[i], f, sizeof(f), 0);
		if (strncmp(in, f, len) != 0)
			continue;
		for (j = 0; j < i; j++) {
			name_fold(c->names[j], f, sizeof(f), 0);
			if (c->index[j] == c->index[i] &&
			    strncmp(in, f, len) == 0)
				seen = 1;
		}
		if (!seen) {
			nfound++;
			found = c->index[i];
		}
	}
	if (nfound == 1)
		return found;
	if (err == NULL)
		return -1;
	if (nfound > 1) {
		int shown = 0, listed[6], j, dup;

		sb_addf(err, "ambiguous %s '%s' (could be", c->what, text);
		for (i = 0; i < c->n && shown < 6; i++) {
			name_fold(c->names[i], f, sizeof(f), 0);
			if (strncmp(in, f, len) != 0)
				continue;
			for (dup = 0, j = 0; j < shown; j++)
				dup |= listed[j] == c->index[i];
			if (dup)
				continue;
			sb_addf(err, "%s '%s'", shown ? "," : "",
			    c->display[i]);
			listed[shown++] = c->index[i];
		}
		sb_add(err, shown == 6 ? ", ...)" : ")");
		return -1;
	}
	for (i = 0; i < c->n; i++) {
		size_t d;

		name_fold(c->names[i], f, sizeof(f), 0);
		d = edit_distance(in, f);
		if (d < bestd) {
			bestd = d;
			best = i;
		}
	}
	sb_addf(err, "unknown %s '%s'", c->what, text);
	if (best >= 0 && bestd <= (len / 3 > 2 ? len / 3 : 2))
		sb_addf(err, " (did you mean '%s'?)", c->display[best]);
	return -1;
}

/*
 * Whether text names province i, taken off this game's map or only on
 * another map (RR42); if so, err says which variant's map has it, since
 * "unknown province 'Smolensk'" would send a player of the 1996 map
 * looking for a typo.
 */
static int
off_map(const struct ren_ruleset *rs, int i, const char *text,
    struct strbuf *err)
{
	const struct ren_province *p = &rs->provinces[i];
	char in[128], f[128];
	int k, v, hit = 0;

	name_fold(text, in, sizeof(in), 0);
	name_fold(p->name, f, sizeof(f), 0);
	hit = strcmp(in, f) == 0;
	name_fold(p->id, f, sizeof(f), 0);
	hit |= strcmp(in, f) == 0;
	for (k = 0; k < p->naliases; k++) {
		name_fold(p->aliases[k], f, sizeof(f), 0);
		hit |= strcmp(in, f) == 0;
	}
	if (!hit || err == NULL)
		return hit;
	for (v = 0; v < rs->nvariants; v++) {
		const struct ren_variant *var = &rs->variants[v];

		for (k = 0; k < var->nadd; k++)
			if (var->add[k] == i) {
				sb_addf(err, "%s is not on this game's map: "
				    "only the map of the variant '%s' has it "
				    "(RR42)", p->name, var->id);
				return 1;
			}
		for (k = 0; k < var->nops; k++)
			if (var->ops[k].op == VOP_REMOVE_PROVINCE &&
			    var->ops[k].a == i && (rs->applied >> v & 1)) {
				sb_addf(err, "%s is not on this game's map: "
				    "the variant '%s' takes it off (RR42)",
				    p->name, var->id);
				return 1;
			}
	}
	sb_addf(err, "%s is not on this game's map (RR42)", p->name);
	return 1;
}

int
ren_find_province(const struct ren_ruleset *rs, const char *text,
    struct strbuf *err)
{
	struct cands *c = xmalloc(sizeof(*c));
	int i, k, r;

	c->what = "province";
	c->n = 0;
	for (i = 0; i < rs->nprovinces; i++) {
		const struct ren_province *p = &rs->provinces[i];

		if (p->removed)
			continue;
		cand(c, i, p->name, p->name);
		cand(c, i, p->id, p->name);
		for (k = 0; k < p->naliases; k++)
			cand(c, i, p->aliases[k], p->name);
	}
	r = cand_find(c, text, NULL);
	for (i = 0; r < 0 && i < rs->nprovinces; i++)
		if (rs->provinces[i].removed && off_map(rs, i, text, err)) {
			free(c);
			return -1;
		}
	if (r < 0)
		r = cand_find(c, text, err);
	free(c);
	return r;
}

int
ren_find_capital(const struct ren_ruleset *rs, const char *text,
    struct strbuf *err)
{
	struct cands *c = xmalloc(sizeof(*c));
	int i, r;

	c->what = "capital";
	c->n = 0;
	for (i = 0; i < rs->ncapitals; i++) {
		const struct ren_province *p =
		    &rs->provinces[rs->capitals[i].province];

		cand(c, i, p->name, p->name);
		cand(c, i, p->id, p->name);
	}
	r = cand_find(c, text, err);
	free(c);
	return r;
}

int
ren_find_water(const struct ren_ruleset *rs, const char *text,
    struct strbuf *err)
{
	struct cands *c = xmalloc(sizeof(*c));
	int i, r;

	c->what = "water";
	c->n = 0;
	for (i = 0; i < rs->nwaters; i++) {
		cand(c, i, rs->waters[i].name, rs->waters[i].name);
		cand(c, i, rs->waters[i].id, rs->waters[i].name);
	}
	r = cand_find(c, text, err);
	free(c);
	return r;
}

int
ren_find_area(const struct ren_ruleset *rs, const char *text,
    struct strbuf *err)
{
	struct cands *c = xmalloc(sizeof(*c));
	int i, r;

	c->what = "area";
	c->n = 0;
	/* "area IV" and "IV" alike; ids first, so that "V" is area V */
	for (i = 0; i < rs->nareas; i++)
		cand(c, i, rs->areas[i].id, rs->areas[i].name);
	for (i = 0; i < rs->nareas; i++)
		cand(c, i, rs->areas[i].name, rs->areas[i].name);
	r = cand_find(c, text, err);
	free(c);
	return r;
}

int
ren_find_commodity(const struct ren_ruleset *rs, const char *text,
    struct strbuf *err)
{
	struct cands *c = xmalloc(sizeof(*c));
	int i, r;

	c->what = "commodity";
	c->n = 0;
	for (i = 0; i < rs->ncommodities; i++)
		cand(c, i, rs->commodities[i].name, rs->commodities[i].name);
	r = cand_find(c, text, err);
	free(c);
	return r;
}

int
ren_find_advance(const struct ren_ruleset *rs, const char *text,
    struct strbuf *err)
{
	struct cands *c;
	int i, r;

	/* a single letter is the advance's letter, never a prefix */
	if (isalpha((unsigned char)text[0]) && text[1] == '\0')
		return toupper((unsigned char)text[0]) - 'A';
	c = xmalloc(sizeof(*c));
	c->what = "advance";
	c->n = 0;
	for (i = 0; i < REN_NADVANCES; i++) {
		cand(c, i, rs->advances[i].name, rs->advances[i].name);
		cand(c, i, rs->advances[i].id, rs->advances[i].name);
	}
	r = cand_find(c, text, err);
	free(c);
	return r;
}

int
ren_find_card(const struct ren_ruleset *rs, const char *text,
    struct strbuf *err)
{
	struct cands *c = xmalloc(sizeof(*c));
	int i, r;

	/* ids before names: a name several cards share ("Stone") finds
	   none of them by name, so the id must be used ("stone-1a") */
	c->what = "card";
	c->n = 0;
	for (i = 0; i < rs->ncards; i++)
		cand(c, i, rs->cards[i].id, rs->cards[i].id);
	for (i = 0; i < rs->ncards; i++) {
		int k, shared = 0;

		for (k = 0; k < rs->ncards; k++)
			if (k != i && strcmp(rs->cards[k].name,
			    rs->cards[i].name) == 0)
				shared = 1;
		if (!shared)
			cand(c, i, rs->cards[i].name, rs->cards[i].id);
	}
	r = cand_find(c, text, err);
	free(c);
	return r;
}

int
ren_province_by_id(const struct ren_ruleset *rs, const char *id)
{
	int i;

	for (i = 0; i < rs->nprovinces; i++)
		if (!rs->provinces[i].removed &&
		    strcmp(rs->provinces[i].id, id) == 0)
			return i;
	return -1;
}

int
ren_water_by_id(const struct ren_ruleset *rs, const char *id)
{
	int i;

	for (i = 0; i < rs->nwaters; i++)
		if (strcmp(rs->waters[i].id, id) == 0)
			return i;
	return -1;
}

int
ren_area_by_id(const struct ren_ruleset *rs, const char *id)
{
	int i;

	for (i = 0; i < rs->nareas; i++)
		if (strcmp(rs->areas[i].id, id) == 0)
			return i;
	return -1;
}

int
ren_commodity_by_id(const struct ren_ruleset *rs, const char *id)
{
	int i;

	for (i = 0; i < rs->ncommodities; i++)
		if (strcmp(rs->commodities[i].id, id) == 0)
			return i;
	return -1;
}

int
ren_advance_by_letter(const struct ren_ruleset *rs, char letter)
{
	(void)rs;
	return letter >= 'A' && letter <= 'Z' ? letter - 'A' : -1;
}

int
ren_card_by_id(const struct ren_ruleset *rs, const char *id)
{
	int i;

	for (i = 0; i < rs->ncards; i++)
		if (strcmp(rs->cards[i].id, id) == 0)
			return i;
	return -1;
}

int
ren_area_in_play(const struct ren_ruleset *rs, int area, int n)
{
	return area >= 0 && area < rs->nareas &&
	    rs->areas[area].from_players <= n;
}

int
ren_order_box(const struct ren_ruleset *rs, int nplayers, int k)
{
	if (nplayers < REN_MIN_PLAYERS || nplayers > REN_MAX_PLAYERS ||
	    k < 0 || k >= nplayers)
		return 0;
	return rs->order_boxes[nplayers][k];
}

int
ren_income(const struct ren_ruleset *rs, int nplayers, int markers)
{
	if (nplayers < REN_MIN_PLAYERS || nplayers > REN_MAX_PLAYERS ||
	    markers < 0)
		return 0;
	if (markers >= rs->nincome[nplayers])
		markers = rs->nincome[nplayers] - 1;
	return rs->income[nplayers][markers];
}

int
ren_stabilization(const struct ren_ruleset *rs, int ncards)
{
	if (ncards < 0)
		return 0;
	if (ncards < rs->nstab)
		return rs->stab[ncards];
	/* beyond the table the nth card adds $n (BOARD §10) */
	return ncards * (ncards + 1) / 2;
}

int
ren_commodity_pay(const struct ren_ruleset *rs, int commodity, int b)
{
	if (commodity < 0 || commodity >= rs->ncommodities || b < 1)
		return 0;
	return rs->commodities[commodity].value * b * b;
}
