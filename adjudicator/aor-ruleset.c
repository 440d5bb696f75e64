/*
 * aor-ruleset.c - loading the board data and looking names up.
 */
#include "aor-ruleset.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "util.h"
#include "xmlutil.h"

static const char *const effect_names[] = {
	"army-training", "navy-training", "banking", "government-reform",
	"militia", "pressgangs", "reserve", "war-office", "support", "trading"
};

static const char *const group_names[] = {
	"advancement", "support", "trading"
};

static int
lookup_word(const char *const *words, size_t n, const char *w)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(words[i], w) == 0)
			return (int)i;
	return -1;
}

static void
read_name(xmlNode *n, struct rs_name *name)
{
	xml_attr(n, "id", name->id, sizeof(name->id));
	xml_attr(n, "name", name->en, sizeof(name->en));
	xml_attr(n, "de", name->de, sizeof(name->de));
}

/* Resolves an area reference attribute; -1 with a diagnostic if unknown. */
static int
area_ref(struct ruleset *rs, xmlNode *n, const char *attr, const char *file)
{
	char id[64];
	int a;

	xml_attr(n, attr, id, sizeof(id));
	a = rs_area_by_id(rs, id);
	if (a < 0)
		diag(EXIT_DATAERR, file, (int)xmlGetLineNo(n),
		    "unknown area '%s' in attribute %s", id, attr);
	return a;
}

static int
read_numbers(struct ruleset *rs, xmlNode *n)
{
	struct rs_numbers *m = &rs->num;

	m->start_gold = xml_attr_int(n, "start-gold", 0);
	m->start_vp = xml_attr_int(n, "start-vp", 0);
	m->start_unrest = xml_attr_int(n, "start-unrest", 0);
	m->max_unrest = xml_attr_int(n, "max-unrest", 0);
	m->turns = xml_attr_int(n, "turns", 0);
	m->markers_per_turn = xml_attr_int(n, "markers-per-turn", 0);
	m->setup_markers_per_country =
	    xml_attr_int(n, "setup-markers-per-country", 0);
	m->discs = xml_attr_int(n, "discs", 0);
	m->min_players = xml_attr_int(n, "min-players", 0);
	m->max_players = xml_attr_int(n, "max-players", 0);
	m->segments_small = xml_attr_int(n, "segments-small", 0);
	m->segments_large = xml_attr_int(n, "segments-large", 0);
	m->large_game_players = xml_attr_int(n, "large-game-players", 0);
	m->borrow_gold = xml_attr_int(n, "borrow-gold", 0);
	m->conversion_cost = xml_attr_int(n, "conversion-cost", 0);
	m->npc_defence = xml_attr_int(n, "npc-defence", 0);
	m->ally_cost = xml_attr_int(n, "ally-cost", 0);
	m->ally_bonus = xml_attr_int(n, "ally-bonus", 0);
	m->npc_ally_cost = xml_attr_int(n, "npc-ally-cost", 0);
	m->npc_ally_bonus = xml_attr_int(n, "npc-ally-bonus", 0);
	m->alliance_boxes = xml_attr_int(n, "alliance-boxes", 0);
	m->die_sides = xml_attr_int(n, "die-sides", 0);
	m->combat_dice = xml_attr_int(n, "combat-dice", 0);
	m->trading_gold = xml_attr_int(n, "trading-gold", 0);
	return 0;
}

int
ruleset_from_xml(struct ruleset *rs, xmlNode *root, const char *file)
{
	xmlNode *sec, *n, *c;
	int errors = 0;
	int i, j;

	memset(rs, 0, sizeof(*rs));
	xml_attr(root, "id", rs->id, sizeof(rs->id));
	xml_attr(root, "version", rs->version, sizeof(rs->version));
	read_numbers(rs, xml_child(root, "numbers"));

	sec = xml_child(root, "areas");
	for (n = xml_child(sec, "area"); n; n = xml_next(n, "area")) {
		struct rs_area *a;
		char buf[16];

		if (rs->nareas == RS_MAX_AREAS) {
			diag(EXIT_DATAERR, file, (int)xmlGetLineNo(n),
			    "more than %d areas", RS_MAX_AREAS);
			return -1;
		}
		a = &rs->areas[rs->nareas++];
		read_name(n, &a->name);
		for (i = 0; i < rs->nareas - 1; i++)
			if (strcmp(rs->areas[i].name.id, a->name.id) == 0) {
				diag(EXIT_DATAERR, file, (int)xmlGetLineNo(n),
				    "duplicate area id '%s'", a->name.id);
				errors++;
			}
		xml_attr(n, "kind", buf, sizeof(buf));
		a->kind = strcmp(buf, "colony") == 0 ? AREA_COLONY :
		    AREA_EUROPE;
		a->ship_required = xml_attr_yes(n, "ship-required");
		a->nmarkers = xml_attr_int(n, "markers", 0);
		for (c = xml_child(n, "vp"); c; c = xml_next(c, "vp")) {
			if (a->nvp == RS_MAX_VP) {
				diag(EXIT_DATAERR, file, (int)xmlGetLineNo(c),
				    "more than %d VP values", RS_MAX_VP);
				return -1;
			}
			a->vp[a->nvp++] = xml_attr_int(c, "value", 0);
		}
	}

	sec = xml_child(root, "adjacency");
	for (n = xml_child(sec, "border"); n; n = xml_next(n, "border")) {
		int a = area_ref(rs, n, "a", file), b = area_ref(rs, n, "b",
		    file);

		if (a < 0 || b < 0) {
			errors++;
			continue;
		}
		rs->areas[a].adjacent[b] = rs->areas[b].adjacent[a] = 1;
	}

	sec = xml_child(root, "countries");
	for (n = xml_child(sec, "country"); n; n = xml_next(n, "country")) {
		struct rs_country *co;

		if (rs->ncountries == RS_MAX_COUNTRIES) {
			diag(EXIT_DATAERR, file, (int)xmlGetLineNo(n),
			    "more than %d countries", RS_MAX_COUNTRIES);
			return -1;
		}
		co = &rs->countries[rs->ncountries++];
		read_name(n, &co->name);
		xml_attr(n, "colour", co->colour, sizeof(co->colour));
		for (c = xml_child(n, NULL); c; c = xml_next(c, NULL)) {
			if (xml_is(c, "home-adjacent")) {
				int a = area_ref(rs, c, "area", file);

				if (a < 0)
					errors++;
				else
					co->home_adjacent[a] = 1;
			} else if (xml_is(c, "card")) {
				struct rs_card *cd;
				char kind[16];

				if (co->ncards == RS_MAX_CARDS) {
					diag(EXIT_DATAERR, file,
					    (int)xmlGetLineNo(c),
					    "more than %d cards", RS_MAX_CARDS);
					return -1;
				}
				cd = &co->cards[co->ncards++];
				xml_attr(c, "id", cd->id, sizeof(cd->id));
				xml_attr(c, "kind", kind, sizeof(kind));
				cd->kind = strcmp(kind, "blank") == 0 ?
				    CARD_BLANK : strcmp(kind, "ally") == 0 ?
				    CARD_ALLY : CARD_INFLUENCE;
				cd->soldiers = xml_attr_int(c, "soldiers", 0);
				cd->ships = xml_attr_int(c, "ships", 0);
				cd->cost = xml_attr_int(c, "cost", 0);
				for (j = 0; j < co->ncards - 1; j++)
					if (strcmp(co->cards[j].id,
					    cd->id) == 0) {
						diag(EXIT_DATAERR, file,
						    (int)xmlGetLineNo(c),
						    "duplicate card '%s' of "
						    "%s", cd->id,
						    co->name.en);
						errors++;
					}
			}
		}
		if (rs_card_of_kind(rs, rs->ncountries - 1, CARD_BLANK) < 0 ||
		    rs_card_of_kind(rs, rs->ncountries - 1, CARD_ALLY) < 0) {
			diag(EXIT_DATAERR, file, (int)xmlGetLineNo(n),
			    "country '%s' needs a blank and an ally card",
			    co->name.id);
			errors++;
		}
	}

	sec = xml_child(root, "markers");
	for (n = xml_child(sec, "marker"); n; n = xml_next(n, "marker")) {
		struct rs_marker *m;

		if (rs->nmarkers == RS_MAX_MARKERS) {
			diag(EXIT_DATAERR, file, (int)xmlGetLineNo(n),
			    "more than %d markers", RS_MAX_MARKERS);
			return -1;
		}
		m = &rs->markers[rs->nmarkers++];
		xml_attr(n, "id", m->id, sizeof(m->id));
		for (i = 0; i < rs->nmarkers - 1; i++)
			if (strcmp(rs->markers[i].id, m->id) == 0) {
				diag(EXIT_DATAERR, file, (int)xmlGetLineNo(n),
				    "duplicate marker id '%s'", m->id);
				errors++;
			}
		m->area = area_ref(rs, n, "area", file);
		if (m->area < 0)
			errors++;
		m->action = xml_attr_yes(n, "action");
		m->defence = xml_attr_int(n, "defence", 0);
		m->vp = xml_attr_int(n, "vp", 0);
		m->gold = xml_attr_int(n, "gold", 0);
		if (m->action && m->area >= 0 &&
		    rs->areas[m->area].kind != AREA_COLONY) {
			diag(EXIT_DATAERR, file, (int)xmlGetLineNo(n),
			    "action marker '%s' outside the colonies", m->id);
			errors++;
		}
	}

	sec = xml_child(root, "boxes");
	for (n = xml_child(sec, "box"); n; n = xml_next(n, "box")) {
		struct rs_boxkind *b;
		char buf[32];

		if (rs->nboxkinds == RS_MAX_BOXKINDS) {
			diag(EXIT_DATAERR, file, (int)xmlGetLineNo(n),
			    "more than %d box kinds", RS_MAX_BOXKINDS);
			return -1;
		}
		b = &rs->boxkinds[rs->nboxkinds++];
		read_name(n, &b->name);
		xml_attr(n, "group", buf, sizeof(buf));
		b->group = lookup_word(group_names, ARRAY_SIZE(group_names),
		    buf);
		xml_attr(n, "effect", buf, sizeof(buf));
		b->effect = lookup_word(effect_names,
		    ARRAY_SIZE(effect_names), buf);
		b->count = xml_attr_int(n, "count", 0);
		b->five_plus = xml_attr_int(n, "five-plus", 0);
		b->cost = xml_attr_int(n, "cost", 0);
		b->amount = xml_attr_int(n, "amount", 0);
		if ((int)b->group < 0 || (int)b->effect < 0) {
			diag(EXIT_DATAERR, file, (int)xmlGetLineNo(n),
			    "box '%s' has an unknown group or effect",
			    b->name.id);
			errors++;
		}
		if (b->count < 1 || b->count > RS_MAX_INSTANCES ||
		    b->five_plus > b->count) {
			diag(EXIT_DATAERR, file, (int)xmlGetLineNo(n),
			    "box '%s' has count %d and five-plus %d",
			    b->name.id, b->count, b->five_plus);
			errors++;
		}
		for (c = xml_child(n, "area"); c; c = xml_next(c, "area")) {
			int a = area_ref(rs, c, "ref", file);

			if (a < 0)
				errors++;
			else
				b->areas[a] = 1;
		}
	}

	/*
	 * Each area's marker count must be what its markers add up to: the
	 * areas again, in the order read, for the line of each.
	 */
	n = xml_child(xml_child(root, "areas"), "area");
	for (i = 0; i < rs->nareas; i++, n = xml_next(n, "area")) {
		int listed = 0;

		for (j = 0; j < rs->nmarkers; j++)
			listed += rs->markers[j].area == i;
		if (listed != rs->areas[i].nmarkers) {
			diag(EXIT_DATAERR, file, (int)xmlGetLineNo(n),
			    "area '%s' says %d markers but the ruleset lists "
			    "%d", rs->areas[i].name.id, rs->areas[i].nmarkers,
			    listed);
			errors++;
		}
	}
	if (rs->ncountries < 2 || rs->num.die_sides < 2 ||
	    rs->num.alliance_boxes > RS_MAX_ALLIANCE_BOXES ||
	    rs->num.alliance_boxes < rs->ncountries ||
	    rs->num.borrow_gold < 1 || rs->num.turns < 1) {
		n = xml_child(root, "numbers");
		diag(EXIT_DATAERR, file, (int)xmlGetLineNo(n != NULL ? n :
		    root), "ruleset numbers are out of range (countries, "
		    "die-sides, alliance-boxes, borrow-gold, turns)");
		errors++;
	}
	return errors ? -1 : 0;
}

/* Folding and lookup. */

/*
 * A list of candidate names, each belonging to an index.  It lives on
 * the lookup's stack: a zeroed 7.7 KB block for each name looked up was
 * 3% of loading a long game (issue 12).
 */
struct candidates {
	const char *what;
	int n;
	const char *names[RS_MAX_MARKERS * 3];
	const char *display[RS_MAX_MARKERS * 3];
	int index[RS_MAX_MARKERS * 3];
};

static void
cand_add(struct candidates *c, int index, const char *name,
    const char *display)
{
	if (name[0] == '\0' || c->n == (int)ARRAY_SIZE(c->names))
		return;
	c->names[c->n] = name;
	c->display[c->n] = display;
	c->index[c->n] = index;
	c->n++;
}

/*
 * The two foldings of a ruleset name, remembered: every name an order
 * names was compared by folding each candidate again, 2% of loading a
 * long game (issue 12).  Keyed by the name's address and checked
 * against a copy of its text, so that a name at a reused address is
 * folded anew.
 */
struct fold_memo {
	const char *key;
	char raw[64];
	char f[2][128];
};

/* Remembers name's text and its two foldings in m. */
static void
memo_fill(struct fold_memo *m, const char *name)
{
	strcpy(m->raw, name);
	name_fold(name, m->f[0], sizeof(m->f[0]), 1);
	name_fold(name, m->f[1], sizeof(m->f[1]), 0);
}

static const char *const *
fold_twice(const char *name, char f[2][128])
{
	static struct fold_memo memo[512];
	static unsigned short slot[1024];	/* memo index + 1, or 0 */
	static size_t nmemo;
	static const char *out[2];
	size_t h, probes;
	struct fold_memo *m;

	if (strlen(name) >= sizeof(memo[0].raw))
		goto plain;
	h = ((size_t)(uintptr_t)name >> 3) % ARRAY_SIZE(slot);
	for (probes = 0; probes < ARRAY_SIZE(slot); probes++) {
		if (slot[h] == 0)
			break;
		m = &memo[slot[h] - 1];
		if (m->key == name) {
			if (strcmp(m->raw, name) != 0)
				memo_fill(m, name);
			out[0] = m->f[0];
			out[1] = m->f[1];
			return out;
		}
		h = (h + 1) % ARRAY_SIZE(slot);
	}
	if (probes == ARRAY_SIZE(slot) || nmemo == ARRAY_SIZE(memo))
		goto plain;
	m = &memo[nmemo++];
	slot[h] = (unsigned short)nmemo;
	m->key = name;
	memo_fill(m, name);
	out[0] = m->f[0];
	out[1] = m->f[1];
	return out;
plain:
	name_fold(name, f[0], sizeof(f[0]), 1);
	name_fold(name, f[1], sizeof(f[1]), 0);
	out[0] = f[0];
	out[1] = f[1];
	return out;
}

static int
cand_find(const struct candidates *c, const char *text, struct strbuf *err)
{
	char in[2][128], f[2][128];
	int i, k, found = -1, nfound = 0, best = -1;
	size_t bestd = (size_t)-1;
	int matches[8];

	name_fold(text, in[0], sizeof(in[0]), 1);
	name_fold(text, in[1], sizeof(in[1]), 0);
	if (in[0][0] == '\0') {
		if (err)
			sb_addf(err, "missing %s name", c->what);
		return -1;
	}
	/* An exact match wins over prefixes. */
	for (i = 0; i < c->n; i++) {
		const char *const *ff = fold_twice(c->names[i], f);

		for (k = 0; k < 2; k++)
			if (strcmp(in[k], ff[0]) == 0 ||
			    strcmp(in[k], ff[1]) == 0)
				return c->index[i];
	}
	for (i = 0; i < c->n; i++) {
		int hit = 0, j;
		const char *const *ff = fold_twice(c->names[i], f);

		for (k = 0; k < 2; k++)
			if (strncmp(in[k], ff[0], strlen(in[k])) == 0 ||
			    strncmp(in[k], ff[1], strlen(in[k])) == 0)
				hit = 1;
		if (!hit)
			continue;
		for (j = 0; j < nfound && j < 8; j++)
			if (matches[j] == c->index[i])
				break;
		if (j < nfound)
			continue;
		if (nfound < 8)
			matches[nfound] = c->index[i];
		nfound++;
		found = c->index[i];
	}
	if (nfound == 1)
		return found;
	if (err == NULL)
		return -1;
	if (nfound > 1) {
		int shown = 0;

		sb_addf(err, "ambiguous %s '%s' (could be", c->what, text);
		for (i = 0; i < c->n; i++) {
			int j, listed = 0;

			for (j = 0; j < nfound && j < 8; j++)
				if (matches[j] == c->index[i])
					listed = 1;
			if (!listed || c->display[i] != c->names[i])
				continue;
			sb_addf(err, "%s '%s'", shown ? "," : "",
			    c->display[i]);
			shown++;
		}
		sb_add(err, ")");
		return -1;
	}
	for (i = 0; i < c->n; i++) {
		size_t d;

		name_fold(c->names[i], f[0], sizeof(f[0]), 1);
		d = edit_distance(in[0], f[0]);
		if (d < bestd) {
			bestd = d;
			best = i;
		}
	}
	sb_addf(err, "unknown %s '%s'", c->what, text);
	if (best >= 0 && bestd <= (strlen(in[0]) / 3 > 2 ?
	    strlen(in[0]) / 3 : 2))
		sb_addf(err, " (did you mean '%s'?)", c->display[best]);
	return -1;
}

static void
cand_names(struct candidates *c, int index, const struct rs_name *n)
{
	cand_add(c, index, n->en, n->en);
	cand_add(c, index, n->de, n->en);
	cand_add(c, index, n->id, n->en);
}

int
rs_find_country(const struct ruleset *rs, const char *text,
    struct strbuf *err)
{
	struct candidates cs, *c = &cs;
	int i, r;

	c->what = "country";
	c->n = 0;
	for (i = 0; i < rs->ncountries; i++)
		cand_names(c, i, &rs->countries[i].name);
	r = cand_find(c, text, err);
	return r;
}

int
rs_find_area(const struct ruleset *rs, const char *text, struct strbuf *err)
{
	struct candidates cs, *c = &cs;
	int i, r;

	c->what = "area";
	c->n = 0;
	for (i = 0; i < rs->nareas; i++)
		cand_names(c, i, &rs->areas[i].name);
	r = cand_find(c, text, err);
	return r;
}

int
rs_find_boxkind(const struct ruleset *rs, const char *text,
    struct strbuf *err)
{
	struct candidates cs, *c = &cs;
	int i, r;

	c->what = "action box";
	c->n = 0;
	for (i = 0; i < rs->nboxkinds; i++)
		cand_names(c, i, &rs->boxkinds[i].name);
	r = cand_find(c, text, err);
	return r;
}

int
rs_find_marker(const struct ruleset *rs, const char *text,
    struct strbuf *err)
{
	struct candidates cs, *c = &cs;
	int i, r;

	c->what = "empire marker";
	c->n = 0;
	for (i = 0; i < rs->nmarkers; i++)
		cand_add(c, i, rs->markers[i].id, rs->markers[i].id);
	r = cand_find(c, text, err);
	return r;
}

int
rs_find_card(const struct ruleset *rs, int country, const char *text,
    struct strbuf *err)
{
	const struct rs_country *co;
	int i;

	if (country < 0 || country >= rs->ncountries) {
		if (err != NULL)
			sb_add(err, "cards need a known country (the COUNTRY "
			    "line)");
		return -1;
	}
	co = &rs->countries[country];
	/* Card ids are exact ("3/0/2", "blank", "ally"): no prefixes. */
	for (i = 0; i < co->ncards; i++)
		if (str_ieq(co->cards[i].id, text))
			return i;
	if (str_ieq(text, "leer"))
		return rs_card_of_kind(rs, country, CARD_BLANK);
	if (str_ieq(text, "verbuendeter") || str_ieq(text, "verbündeter"))
		return rs_card_of_kind(rs, country, CARD_ALLY);
	if (err != NULL) {
		sb_addf(err, "%s has no card '%s' (cards are named "
		    "soldiers/ships/cost:", co->name.en, text);
		for (i = 0; i < co->ncards; i++)
			sb_addf(err, " %s", co->cards[i].id);
		sb_add(err, ")");
	}
	return -1;
}

int
rs_country_by_id(const struct ruleset *rs, const char *id)
{
	int i;

	for (i = 0; i < rs->ncountries; i++)
		if (strcmp(rs->countries[i].name.id, id) == 0)
			return i;
	return -1;
}

int
rs_area_by_id(const struct ruleset *rs, const char *id)
{
	int i;

	for (i = 0; i < rs->nareas; i++)
		if (strcmp(rs->areas[i].name.id, id) == 0)
			return i;
	return -1;
}

int
rs_boxkind_by_id(const struct ruleset *rs, const char *id)
{
	int i;

	for (i = 0; i < rs->nboxkinds; i++)
		if (strcmp(rs->boxkinds[i].name.id, id) == 0)
			return i;
	return -1;
}

int
rs_card_by_id(const struct ruleset *rs, int country, const char *id)
{
	int i;

	for (i = 0; i < rs->countries[country].ncards; i++)
		if (strcmp(rs->countries[country].cards[i].id, id) == 0)
			return i;
	return -1;
}

int
rs_marker_by_id(const struct ruleset *rs, const char *id)
{
	int i;

	for (i = 0; i < rs->nmarkers; i++)
		if (strcmp(rs->markers[i].id, id) == 0)
			return i;
	return -1;
}

int
rs_card_of_kind(const struct ruleset *rs, int country, enum card_kind k)
{
	int i;

	for (i = 0; i < rs->countries[country].ncards; i++)
		if (rs->countries[country].cards[i].kind == k)
			return i;
	return -1;
}

/*
 * formats/ruleset.rng's ids in the game's copy of the ruleset: every
 * attribute id, a, b, area and ref is a ruleset-id, [a-z0-9]+(-[a-z0-9]+)*;
 * a card's id may also be soldiers/ships/cost, [0-9]+/[0-9]+/[0-9]+.
 */
static int
is_ruleset_id(const char *v, int card)
{
	const char *p = v;
	int slashes = 0;

	if (card && strspn(v, "0123456789/") == strlen(v)) {
		for (; *p != '\0'; p++) {
			if (*p != '/')
				continue;
			if (p == v || p[-1] == '/' || p[1] == '\0')
				return 0;
			slashes++;
		}
		if (slashes == 2)
			return 1;
		p = v;
	}
	if (*p == '\0' || *p == '-')
		return 0;
	for (; *p != '\0'; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') ||
		    (*p == '-' && p[1] != '-' && p[1] != '\0')))
			return 0;
	return 1;
}

int
check_ruleset_ids(xmlNode *n, const char *path)
{
	static const char *const names[] = { "id", "a", "b", "area", "ref" };
	char buf[256], *s, *e;
	xmlNode *c;
	xmlAttr *a;
	xmlChar *v;
	size_t i;
	int bad = 0;

	for (a = n->properties; a != NULL; a = a->next) {
		for (i = 0; i < ARRAY_SIZE(names); i++)
			if (strcmp((const char *)a->name, names[i]) == 0)
				break;
		if (i == ARRAY_SIZE(names))
			continue;
		v = xmlNodeGetContent((xmlNode *)a);
		snprintf(buf, sizeof(buf), "%s", v ? (const char *)v : "");
		xmlFree(v);
		for (s = buf; *s == ' ' || *s == '\t' || *s == '\n' ||
		    *s == '\r'; s++)
			;
		for (e = s + strlen(s); e > s && (e[-1] == ' ' ||
		    e[-1] == '\t' || e[-1] == '\n' || e[-1] == '\r'); e--)
			;
		*e = '\0';
		if (!is_ruleset_id(s, xml_is(n, "card"))) {
			diag(EXIT_DATAERR, path, (int)xmlGetLineNo(n),
			    "attribute '%s' of <%s>: '%s' is not a ruleset id",
			    names[i], (const char *)n->name, s);
			bad = -1;
		}
	}
	for (c = n->children; c != NULL; c = c->next)
		if (c->type == XML_ELEMENT_NODE)
			bad |= check_ruleset_ids(c, path);
	return bad;
}
