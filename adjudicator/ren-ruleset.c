/*
 * ren-ruleset.c - loading the data of Age of Renaissance and applying its
 * variants; the names are looked up in ren-names.c.
 */
#include "ren-ruleset.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "util.h"
#include "xmlutil.h"

static const char *const category_names[REN_NCATEGORIES] = {
	"science", "religion", "commerce", "communication", "exploration",
	"civics"
};

const char *
ren_category_name(enum ren_category c)
{
	return (unsigned)c < REN_NCATEGORIES ? category_names[c] : "?";
}

/* The loader's state: the file, and how many problems so far. */
struct loader {
	struct ren_ruleset *rs;
	const char *file;
	int errors;
};

static void
bad(struct loader *l, xmlNode *n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void
bad(struct loader *l, xmlNode *n, const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = xvasprintf(fmt, ap);
	va_end(ap);
	diag(EXIT_DATAERR, l->file, n ? (int)xmlGetLineNo(n) : 0, "%s", s);
	free(s);
	l->errors++;
}

static int
word_index(const char *const *words, int n, const char *w)
{
	int i;

	for (i = 0; i < n; i++)
		if (strcmp(words[i], w) == 0)
			return i;
	return -1;
}

static enum ren_mark
read_mark(xmlNode *n, const char *attr)
{
	char buf[4] = "";

	xml_attr(n, attr, buf, sizeof(buf));
	return buf[0] == 'R' ? REN_MARK_R : buf[0] == 'P' ? REN_MARK_P :
	    REN_MARK_S;
}

/* Copies attribute attr into buf; a value too long is a diagnostic. */
static void
read_str(struct loader *l, xmlNode *n, const char *attr, char *buf,
    size_t len)
{
	char *v = xml_attr_dup(n, attr);

	buf[0] = '\0';
	if (v == NULL)
		return;
	if (strlen(v) >= len)
		bad(l, n, "%s '%s' is longer than %zu characters", attr, v,
		    len - 1);
	else
		strcpy(buf, v);
	free(v);
}

/* Reads a list of numbers ("2 4 6") into out; returns how many. */
static int
read_numbers(struct loader *l, xmlNode *n, const char *attr, int *out,
    int max)
{
	char *v = xml_attr_dup(n, attr), *p, *end;
	int k = 0;

	if (v == NULL)
		return 0;
	for (p = v; *p;) {
		long x;

		while (*p == ' ')
			p++;
		if (*p == '\0')
			break;
		x = strtol(p, &end, 10);
		if (end == p) {
			bad(l, n, "%s: '%s' is not a number", attr, p);
			break;
		}
		if (k == max) {
			bad(l, n, "%s has more than %d numbers", attr, max);
			break;
		}
		out[k++] = (int)x;
		p = end;
	}
	free(v);
	return k;
}

/*
 * The item that attribute attr of n names by its id, found by by_id; an
 * unknown id is an error naming the kind of item (what).
 */
static int
id_ref(struct loader *l, xmlNode *n, const char *attr, const char *what,
    int (*by_id)(const struct ren_ruleset *, const char *))
{
	char id[48] = "";
	int i;

	xml_attr(n, attr, id, sizeof(id));
	i = by_id(l->rs, id);
	if (i < 0)
		bad(l, n, "unknown %s '%s' in attribute %s", what, id, attr);
	return i;
}

static int
area_ref(struct loader *l, xmlNode *n, const char *attr)
{
	return id_ref(l, n, attr, "area", ren_area_by_id);
}

/* Province reference; removed provinces (variants) count as existing. */
static int
province_ref(struct loader *l, xmlNode *n, const char *attr)
{
	char id[48] = "";
	int i;

	xml_attr(n, attr, id, sizeof(id));
	for (i = 0; i < l->rs->nprovinces; i++)
		if (strcmp(l->rs->provinces[i].id, id) == 0)
			return i;
	bad(l, n, "unknown province '%s' in attribute %s", id, attr);
	return -1;
}

static int
water_ref(struct loader *l, xmlNode *n, const char *attr)
{
	return id_ref(l, n, attr, "water", ren_water_by_id);
}

static int
commodity_ref(struct loader *l, xmlNode *n, const char *attr)
{
	return id_ref(l, n, attr, "commodity", ren_commodity_by_id);
}

static int
card_ref(struct loader *l, xmlNode *n, const char *attr)
{
	return id_ref(l, n, attr, "card", ren_card_by_id);
}

static int
letter_ref(struct loader *l, xmlNode *n, const char *attr)
{
	char buf[4] = "";

	xml_attr(n, attr, buf, sizeof(buf));
	if (buf[0] < 'A' || buf[0] > 'Z' || buf[1] != '\0') {
		bad(l, n, "unknown advance '%s' in attribute %s", buf, attr);
		return -1;
	}
	return buf[0] - 'A';
}

static int
category_attr(struct loader *l, xmlNode *n, const char *attr)
{
	char buf[24] = "";
	int c;

	xml_attr(n, attr, buf, sizeof(buf));
	c = word_index(category_names, REN_NCATEGORIES, buf);
	if (c < 0)
		bad(l, n, "unknown category '%s'", buf);
	return c < 0 ? 0 : c;
}

static void
read_areas(struct loader *l, xmlNode *sec)
{
	struct ren_ruleset *rs = l->rs;
	xmlNode *n;

	for (n = xml_child(sec, "area"); n; n = xml_next(n, "area")) {
		struct ren_area *a;
		char buf[16] = "";

		if (rs->nareas == REN_MAX_AREAS) {
			bad(l, n, "more than %d areas", REN_MAX_AREAS);
			return;
		}
		a = &rs->areas[rs->nareas++];
		read_str(l, n, "id", a->id, sizeof(a->id));
		read_str(l, n, "name", a->name, sizeof(a->name));
		if (a->name[0] == '\0') {
			char tmp[sizeof(a->name)];

			/* through a copy: GCC cannot tell the two members
			   apart and warns of an overlap */
			snprintf(tmp, sizeof(tmp), "area %.8s", a->id);
			memcpy(a->name, tmp, sizeof(tmp));
		}
		xml_attr(n, "kind", buf, sizeof(buf));
		a->overseas = strcmp(buf, "overseas") == 0;
		a->from_players = xml_attr_int(n, "from-players", 0);
		a->requires = -1;
		if (xml_attr(n, "requires", buf, sizeof(buf)) == 0)
			a->requires = letter_ref(l, n, "requires");
		a->nprovinces = xml_attr_int(n, "provinces", 0);
		a->mark = read_mark(n, "mark");
		if (ren_area_by_id(rs, a->id) != rs->nareas - 1)
			bad(l, n, "duplicate area id '%s'", a->id);
	}
}

static void
read_province_attrs(struct loader *l, xmlNode *n, struct ren_province *p)
{
	static const char *const types[] = {
		"capital", "market", "satellite", "overseas"
	};
	char buf[16] = "";
	int t;

	read_str(l, n, "id", p->id, sizeof(p->id));
	read_str(l, n, "name", p->name, sizeof(p->name));
	p->area = area_ref(l, n, "area");
	xml_attr(n, "type", buf, sizeof(buf));
	t = word_index(types, 4, buf);
	p->type = t < 0 ? RP_MARKET : (enum ren_ptype)t;
	p->market = xml_attr_int(n, "market", 0);
	p->box = xml_attr_yes(n, "box");
	p->mark = read_mark(n, "mark");
	p->x = xml_attr_int(n, "x", 0);
	p->y = xml_attr_int(n, "y", 0);
	p->capital = -1;
	if (p->type == RP_SATELLITE && p->market != 1)
		bad(l, n, "satellite '%s' has market number %d, not 1", p->id,
		    p->market);
	if (p->type != RP_SATELLITE && p->market < 2)
		bad(l, n, "market '%s' has market number %d, below 2", p->id,
		    p->market);
}

static void
add_commodity(struct loader *l, xmlNode *c, struct ren_province *p)
{
	int k = commodity_ref(l, c, "ref");

	if (k < 0)
		return;
	if (p->ncommodities == (int)ARRAY_SIZE(p->commodities))
		bad(l, c, "'%s' has more than %zu commodities", p->id,
		    ARRAY_SIZE(p->commodities));
	else
		p->commodities[p->ncommodities++] = k;
}

static int
new_province(struct loader *l, xmlNode *n)
{
	struct ren_ruleset *rs = l->rs;
	int i;

	if (rs->nprovinces == REN_MAX_PROVINCES) {
		bad(l, n, "more than %d provinces", REN_MAX_PROVINCES);
		return -1;
	}
	i = rs->nprovinces++;
	read_province_attrs(l, n, &rs->provinces[i]);
	if (province_ref(l, n, "id") != i)
		bad(l, n, "duplicate province id '%s'", rs->provinces[i].id);
	return i;
}

static void
read_provinces(struct loader *l, xmlNode *sec)
{
	struct ren_ruleset *rs = l->rs;
	xmlNode *n, *c;

	for (n = xml_child(sec, "province"); n; n = xml_next(n, "province")) {
		struct ren_province *p;
		int i = new_province(l, n);

		if (i < 0)
			return;
		p = &rs->provinces[i];
		for (c = xml_child(n, "alias"); c; c = xml_next(c, "alias")) {
			if (p->naliases == (int)ARRAY_SIZE(p->aliases)) {
				bad(l, c, "'%s' has more than %zu aliases",
				    p->id, ARRAY_SIZE(p->aliases));
				break;
			}
			read_str(l, c, "name", p->aliases[p->naliases],
			    sizeof(p->aliases[0]));
			p->naliases++;
		}
		for (c = xml_child(n, "commodity"); c;
		    c = xml_next(c, "commodity"))
			add_commodity(l, c, p);
		if (p->type != RP_SATELLITE && p->ncommodities == 0)
			bad(l, n, "market '%s' provides no commodity", p->id);
		if (p->type == RP_SATELLITE && p->ncommodities > 0)
			bad(l, n, "satellite '%s' provides a commodity",
			    p->id);
	}
}

static void
read_waters(struct loader *l, xmlNode *sec)
{
	static const char *const types[] = { "coastal", "sea", "ocean" };
	struct ren_ruleset *rs = l->rs;
	xmlNode *n;

	for (n = xml_child(sec, "water"); n; n = xml_next(n, "water")) {
		struct ren_water *w;
		char buf[16] = "";
		int t;

		if (rs->nwaters == REN_MAX_WATERS) {
			bad(l, n, "more than %d waters", REN_MAX_WATERS);
			return;
		}
		w = &rs->waters[rs->nwaters++];
		read_str(l, n, "id", w->id, sizeof(w->id));
		read_str(l, n, "name", w->name, sizeof(w->name));
		xml_attr(n, "type", buf, sizeof(buf));
		t = word_index(types, 3, buf);
		w->type = t < 0 ? RW_SEA : (enum ren_wtype)t;
		w->mark = read_mark(n, "mark");
		w->x = xml_attr_int(n, "x", 0);
		w->y = xml_attr_int(n, "y", 0);
		w->coast_of = -1;
		if (ren_water_by_id(rs, w->id) != rs->nwaters - 1)
			bad(l, n, "duplicate water id '%s'", w->id);
		if (xml_attr(n, "coast-of", buf, sizeof(buf)) == 0 ||
		    w->type == RW_COASTAL) {
			struct ren_province *p;

			w->coast_of = province_ref(l, n, "coast-of");
			if (w->coast_of < 0)
				continue;
			if (w->type != RW_COASTAL) {
				bad(l, n, "'%s' is not coastal water but "
				    "names a coast", w->id);
				continue;
			}
			p = &rs->provinces[w->coast_of];
			if (p->ncoasts == REN_MAX_COASTS)
				bad(l, n, "'%s' has more than %d coastal "
				    "waters", p->id, REN_MAX_COASTS);
			else
				p->coasts[p->ncoasts++] = rs->nwaters - 1;
		}
	}
}

static int
has(const int *list, int n, int x)
{
	int i;

	for (i = 0; i < n; i++)
		if (list[i] == x)
			return 1;
	return 0;
}

static void
drop(int *list, int *n, int x)
{
	int i;

	for (i = 0; i < *n; i++)
		if (list[i] == x) {
			memmove(&list[i], &list[i + 1],
			    (size_t)(*n - i - 1) * sizeof(*list));
			(*n)--;
			return;
		}
}

/* Links provinces a and b by land; 0, or -1 when either list is full. */
static int
land_link(struct ren_ruleset *rs, int a, int b)
{
	struct ren_province *pa = &rs->provinces[a], *pb = &rs->provinces[b];

	if (has(pa->adj, pa->nadj, b))
		return 0;
	if (pa->nadj == REN_MAX_ADJ || pb->nadj == REN_MAX_ADJ)
		return -1;
	pa->adj[pa->nadj++] = b;
	pb->adj[pb->nadj++] = a;
	return 0;
}

static int
water_link(struct ren_ruleset *rs, int a, int b)
{
	struct ren_water *wa = &rs->waters[a], *wb = &rs->waters[b];

	if (has(wa->adj, wa->nadj, b))
		return 0;
	if (wa->nadj == REN_MAX_WADJ || wb->nadj == REN_MAX_WADJ)
		return -1;
	wa->adj[wa->nadj++] = b;
	wb->adj[wb->nadj++] = a;
	return 0;
}

static void
read_links(struct loader *l, xmlNode *land, xmlNode *water)
{
	struct ren_ruleset *rs = l->rs;
	xmlNode *n;

	for (n = xml_child(land, "link"); n; n = xml_next(n, "link")) {
		int a = province_ref(l, n, "a"), b = province_ref(l, n, "b");

		if (a < 0 || b < 0)
			continue;
		if (a == b)
			bad(l, n, "'%s' linked to itself", rs->provinces[a].id);
		else if (ren_land_adjacent(rs, a, b))
			bad(l, n, "land link %s-%s given twice",
			    rs->provinces[a].id, rs->provinces[b].id);
		else if (rs->provinces[a].type == RP_OVERSEAS ||
		    rs->provinces[b].type == RP_OVERSEAS)
			bad(l, n, "an overseas box has no land links");
		else if (land_link(rs, a, b) < 0)
			bad(l, n, "more than %d land links", REN_MAX_ADJ);
	}
	for (n = xml_child(water, "link"); n; n = xml_next(n, "link")) {
		int a = water_ref(l, n, "a"), b = water_ref(l, n, "b");

		if (a < 0 || b < 0)
			continue;
		if (a == b)
			bad(l, n, "'%s' linked to itself", rs->waters[a].id);
		else if (has(rs->waters[a].adj, rs->waters[a].nadj, b))
			bad(l, n, "water link %s-%s given twice",
			    rs->waters[a].id, rs->waters[b].id);
		else if (water_link(rs, a, b) < 0)
			bad(l, n, "more than %d water links", REN_MAX_WADJ);
	}
}

static void
read_supports(struct loader *l, xmlNode *sec)
{
	struct ren_ruleset *rs = l->rs;
	xmlNode *n;

	for (n = xml_child(sec, "support"); n; n = xml_next(n, "support")) {
		struct ren_province *s, *p;
		int a = province_ref(l, n, "from"), b = province_ref(l, n,
		    "to");

		if (a < 0 || b < 0)
			continue;
		s = &rs->provinces[a];
		p = &rs->provinces[b];
		if (s->type != RP_SATELLITE)
			bad(l, n, "'%s' is not a satellite: only satellites "
			    "support", s->id);
		else if (p->type == RP_SATELLITE)
			bad(l, n, "'%s' supports the satellite '%s'", s->id,
			    p->id);
		else if (ren_supports(rs, a, b))
			bad(l, n, "arrow %s->%s given twice", s->id, p->id);
		else if (s->nsupports == REN_MAX_ARROWS ||
		    p->nsupported_by == REN_MAX_ARROWS)
			bad(l, n, "more than %d arrows", REN_MAX_ARROWS);
		else {
			s->supports[s->nsupports++] = b;
			p->supported_by[p->nsupported_by++] = a;
		}
	}
}

static void
read_commodities(struct loader *l, xmlNode *sec)
{
	struct ren_ruleset *rs = l->rs;
	xmlNode *n;

	for (n = xml_child(sec, "commodity"); n;
	    n = xml_next(n, "commodity")) {
		struct ren_commodity *c;

		if (rs->ncommodities == REN_MAX_COMMODITIES) {
			bad(l, n, "more than %d commodities",
			    REN_MAX_COMMODITIES);
			return;
		}
		c = &rs->commodities[rs->ncommodities++];
		read_str(l, n, "id", c->id, sizeof(c->id));
		read_str(l, n, "name", c->name, sizeof(c->name));
		c->roll = xml_attr_int(n, "roll", 0);
		c->value = xml_attr_int(n, "value", 0);
		c->boxes = xml_attr_int(n, "boxes", 0);
		c->mark = read_mark(n, "mark");
		if (ren_commodity_by_id(rs, c->id) != rs->ncommodities - 1)
			bad(l, n, "duplicate commodity id '%s'", c->id);
		if (c->roll < 2 || c->roll > 12)
			bad(l, n, "'%s' has roll %d: two dice give 2 to 12",
			    c->id, c->roll);
	}
}

static void
read_advances(struct loader *l, xmlNode *sec)
{
	struct ren_ruleset *rs = l->rs;
	xmlNode *n, *c;
	int k = 0;

	for (n = xml_child(sec, "advance"); n; n = xml_next(n, "advance")) {
		struct ren_advance *a;
		char buf[4] = "";

		if (k == REN_NADVANCES) {
			bad(l, n, "more than %d advances", REN_NADVANCES);
			return;
		}
		a = &rs->advances[k];
		xml_attr(n, "letter", buf, sizeof(buf));
		if (buf[0] != 'A' + k || buf[1] != '\0')
			bad(l, n, "advance %d has letter '%s', expected '%c'",
			    k + 1, buf, 'A' + k);
		a->letter = (char)('A' + k);
		read_str(l, n, "id", a->id, sizeof(a->id));
		read_str(l, n, "name", a->name, sizeof(a->name));
		a->category = category_attr(l, n, "category");
		a->cost = xml_attr_int(n, "cost", 0);
		a->misery = xml_attr_int(n, "misery", 0);
		a->credit = xml_attr_int(n, "credit", 0);
		a->credit_category = category_attr(l, n, "credit-category");
		a->relief = xml_attr_int(n, "relief", 0);
		a->mark = read_mark(n, "mark");
		for (c = xml_child(n, "requires"); c;
		    c = xml_next(c, "requires")) {
			int q = letter_ref(l, c, "letter");

			if (q < 0)
				continue;
			if (a->nprereq == REN_MAX_PREREQ)
				bad(l, c, "more than %d prerequisites",
				    REN_MAX_PREREQ);
			else
				a->prereq[a->nprereq++] = q;
		}
		c = xml_child(n, "special-credit");
		if (c != NULL) {
			int cats[REN_NCATEGORIES], nc, i;
			char *v = xml_attr_dup(c, "categories"), *tok, *save;

			a->special_credit = xml_attr_int(c, "amount", 0);
			nc = 0;
			for (tok = strtok_r(v, " ", &save); tok;
			    tok = strtok_r(NULL, " ", &save)) {
				i = word_index(category_names,
				    REN_NCATEGORIES, tok);
				if (i < 0)
					bad(l, c, "unknown category '%s'",
					    tok);
				else if (nc < REN_NCATEGORIES)
					cats[nc++] = i;
			}
			free(v);
			for (i = 0; i < nc; i++)
				a->special_categories |= 1u << cats[i];
		}
		k++;
	}
	if (k != REN_NADVANCES)
		bad(l, sec, "%d advances, expected %d (A to Z)", k,
		    REN_NADVANCES);
}

static void
read_cards(struct loader *l, xmlNode *sec)
{
	static const char *const kinds[] = {
		"commodity", "event", "military-advantage", "leader"
	};
	struct ren_ruleset *rs = l->rs;
	xmlNode *n, *c;
	int ci;

	/* ids first: cards name later cards (voids, conditionals) */
	for (n = xml_child(sec, "card"); n; n = xml_next(n, "card")) {
		struct ren_card *d;

		if (rs->ncards == REN_MAX_CARDS) {
			bad(l, n, "more than %d cards", REN_MAX_CARDS);
			return;
		}
		d = &rs->cards[rs->ncards++];
		read_str(l, n, "id", d->id, sizeof(d->id));
		if (ren_card_by_id(rs, d->id) != rs->ncards - 1)
			bad(l, n, "duplicate card id '%s'", d->id);
	}
	ci = 0;
	for (n = xml_child(sec, "card"); n && ci < rs->ncards;
	    n = xml_next(n, "card")) {
		struct ren_card *d = &rs->cards[ci++];
		char buf[24] = "";
		int k;

		read_str(l, n, "name", d->name, sizeof(d->name));
		d->epoch = xml_attr_int(n, "epoch", 0);
		xml_attr(n, "kind", buf, sizeof(buf));
		k = word_index(kinds, 4, buf);
		d->kind = k < 0 ? RC_EVENT : (enum ren_card_kind)k;
		d->recycle = xml_attr_yes(n, "recycle");
		d->choice = xml_attr_yes(n, "choice");
		d->enlightened_ruler = xml_attr_yes(n, "enlightened-ruler");
		buf[0] = '\0';
		xml_attr(n, "euro", buf, sizeof(buf));
		d->euro = strcmp(buf, "held-back") == 0 ? EURO_HELD_BACK :
		    strcmp(buf, "moved-to-epoch-1") == 0 ? EURO_MOVED :
		    EURO_NONE;
		d->mark = read_mark(n, "mark");
		d->cond_card = -1;
		for (c = xml_child(n, NULL); c; c = xml_next(c, NULL)) {
			if (xml_is(c, "commodity")) {
				k = commodity_ref(l, c, "ref");
				if (k < 0)
					continue;
				if (d->ncommodities == 2)
					bad(l, c, "a card names at most two "
					    "commodities");
				else
					d->commodities[d->ncommodities++] = k;
			} else if (xml_is(c, "leader")) {
				xmlNode *x;

				d->discount = xml_attr_int(c, "discount", 0);
				for (x = xml_child(c, "discounts"); x;
				    x = xml_next(x, "discounts")) {
					k = letter_ref(l, x, "letter");
					if (k >= 0)
						d->discounts |= 1u << k;
				}
				x = xml_child(c, "conditional");
				if (x != NULL) {
					d->cond_amount = xml_attr_int(x,
					    "amount", 0);
					d->cond_card = card_ref(l, x, "card");
				}
			} else if (xml_is(c, "voids")) {
				k = card_ref(l, c, "card");
				if (k >= 0)
					d->voids |= (uint64_t)1 << k;
			} else if (xml_is(c, "voided-by")) {
				if (xml_attr(c, "card", buf, sizeof(buf)) ==
				    0) {
					k = card_ref(l, c, "card");
					if (k >= 0)
						d->voided_by_cards |=
						    (uint64_t)1 << k;
				} else {
					k = letter_ref(l, c, "advance");
					if (k >= 0)
						d->voided_by_advances |=
						    1u << k;
				}
			}
		}
		if ((d->kind == RC_COMMODITY) != (d->ncommodities > 0))
			bad(l, n, "card '%s': only commodity cards name "
			    "commodities, and they must", d->id);
		if (d->choice != (d->ncommodities > 1))
			bad(l, n, "card '%s': a choice needs two commodities",
			    d->id);
		if ((d->kind == RC_LEADER) != (d->discounts != 0))
			bad(l, n, "card '%s': only leaders discount, and they "
			    "must", d->id);
	}
}

static void
read_tables(struct loader *l, xmlNode *root)
{
	static const char *const rows[] = {
		"", "galleys", "seaworthy", "ocean"
	};
	struct ren_ruleset *rs = l->rs;
	xmlNode *n, *c;
	int i;

	n = xml_child(root, "misery-index");
	rs->nmisery = read_numbers(l, n, "boxes", rs->misery, REN_MAX_TABLE);
	for (i = 1; i < rs->nmisery; i++)
		if (rs->misery[i] <= rs->misery[i - 1])
			bad(l, n, "misery boxes must increase: %d after %d",
			    rs->misery[i], rs->misery[i - 1]);
	if (rs->nmisery < 2 || rs->misery[0] != 0)
		bad(l, n, "the misery index starts at box 0");
	n = xml_child(root, "stabilization");
	rs->nstab = read_numbers(l, n, "costs", rs->stab, REN_MAX_TABLE);
	if (rs->nstab < 2)
		bad(l, n, "stabilization needs costs for 0 and more cards");
	n = xml_child(root, "shipping");
	rs->upgrade_cost = xml_attr_int(n, "upgrade-cost", 0);
	rs->upgrades_per_turn = xml_attr_int(n, "upgrades-per-turn", 0);
	for (c = xml_child(n, "row"); c; c = xml_next(c, "row")) {
		char id[16] = "";
		int r;

		xml_attr(c, "id", id, sizeof(id));
		r = word_index(rows, 4, id);
		if (r <= 0)
			continue;
		rs->ship_nlevels[r] = read_numbers(l, c, "levels",
		    rs->ship_levels[r], 4);
	}
	for (i = SHIP_GALLEYS; i <= SHIP_OCEAN; i++)
		if (rs->ship_nlevels[i] == 0)
			bad(l, n, "no levels for %s", rows[i]);
	n = xml_child(root, "order-display");
	for (c = xml_child(n, "boxes"); c; c = xml_next(c, "boxes")) {
		int p = xml_attr_int(c, "players", 0), k;

		if (p < REN_MIN_PLAYERS || p > REN_MAX_PLAYERS)
			continue;
		k = read_numbers(l, c, "used", rs->order_boxes[p],
		    REN_MAX_PLAYERS);
		if (k != p)
			bad(l, c, "%d players need %d display boxes, not %d",
			    p, p, k);
		for (i = 1; i < k; i++)
			if (rs->order_boxes[p][i] <= rs->order_boxes[p][i - 1])
				bad(l, c, "display boxes must increase");
	}
	n = xml_child(root, "income");
	rs->middle_class_bonus = xml_attr_int(n, "middle-class-bonus", 0);
	for (c = xml_child(n, "row"); c; c = xml_next(c, "row")) {
		int p = xml_attr_int(c, "players", 0);

		if (p < REN_MIN_PLAYERS || p > REN_MAX_PLAYERS)
			continue;
		rs->nincome[p] = read_numbers(l, c, "by-markers",
		    rs->income[p], REN_MAX_TABLE);
		if (rs->nincome[p] != rs->markers + 1)
			bad(l, c, "income for %d players: %d values for 0 to "
			    "%d markers", p, rs->nincome[p], rs->markers);
	}
	n = xml_child(root, "expansion-card-price");
	rs->card_price_step = xml_attr_int(n, "step", 0);
	rs->card_per_player = xml_attr_int(n, "per-player-limit", 0);
	n = xml_child(root, "euro-setup");
	rs->euro_deal = xml_attr_int(n, "deal", 0);
	rs->euro_return = xml_attr_int(n, "return", 0);
	if (rs->euro_return >= rs->euro_deal)
		bad(l, n, "the Euro deal returns %d of %d cards",
		    rs->euro_return, rs->euro_deal);
	for (c = xml_child(n, NULL); c; c = xml_next(c, NULL)) {
		int k;

		if (xml_is(c, "held-back-return")) {
			int p = xml_attr_int(c, "players", 0);

			if (p >= REN_MIN_PLAYERS && p <= REN_MAX_PLAYERS)
				rs->euro_return_turn[p] = xml_attr_int(c,
				    "turn", 0);
			continue;
		}
		k = card_ref(l, c, "card");
		if (k < 0)
			continue;
		if (xml_is(c, "held-back") &&
		    rs->cards[k].euro != EURO_HELD_BACK)
			bad(l, c, "card '%s' is held back but says euro=\"%s\"",
			    rs->cards[k].id, rs->cards[k].euro == EURO_MOVED ?
			    "moved-to-epoch-1" : "");
		if (xml_is(c, "moved-to-epoch-1") &&
		    rs->cards[k].euro != EURO_MOVED)
			bad(l, c, "card '%s' is moved but does not say so",
			    rs->cards[k].id);
	}
	for (i = REN_MIN_PLAYERS; i <= REN_MAX_PLAYERS; i++) {
		if (rs->order_boxes[i][0] == 0)
			bad(l, root, "no order-of-play display for %d players",
			    i);
		if (rs->nincome[i] == 0)
			bad(l, root, "no income row for %d players", i);
		if (rs->euro_return_turn[i] == 0)
			bad(l, root, "no held-back-return for %d players", i);
	}
}

static void
read_variants(struct loader *l, xmlNode *sec)
{
	struct ren_ruleset *rs = l->rs;
	xmlNode *n, *c;

	for (n = xml_child(sec, "variant"); n; n = xml_next(n, "variant")) {
		struct ren_variant *v;
		int addk = 0;

		if (rs->nvariants == REN_MAX_VARIANTS) {
			bad(l, n, "more than %d variants", REN_MAX_VARIANTS);
			return;
		}
		v = &rs->variants[rs->nvariants++];
		v->line = (int)xmlGetLineNo(n);
		read_str(l, n, "id", v->id, sizeof(v->id));
		/* added provinces first: the links may name them */
		for (c = xml_child(n, "add-province"); c;
		    c = xml_next(c, "add-province")) {
			xmlNode *x;
			int i = new_province(l, c);

			if (i < 0)
				return;
			rs->provinces[i].removed = 1;
			if (v->nadd == (int)ARRAY_SIZE(v->add)) {
				bad(l, c, "a variant adds at most %zu "
				    "provinces", ARRAY_SIZE(v->add));
				continue;
			}
			v->add[v->nadd++] = i;
			for (x = xml_child(c, "commodity"); x;
			    x = xml_next(x, "commodity"))
				add_commodity(l, x, &rs->provinces[i]);
			if (xml_child(c, "coast") != NULL)
				bad(l, c, "a province added by a variant "
				    "with a coast is not implemented");
		}
		for (c = xml_child(n, NULL); c; c = xml_next(c, NULL)) {
			enum ren_variant_op op;
			int a, b = -1, water = 0;

			if (xml_is(c, "remove-province")) {
				op = VOP_REMOVE_PROVINCE;
				a = province_ref(l, c, "ref");
			} else if (xml_is(c, "add-province")) {
				xmlNode *x;
				int i;

				if (addk == v->nadd)
					continue;
				i = v->add[addk++];

				for (x = xml_child(c, "adjacent"); x;
				    x = xml_next(x, "adjacent")) {
					b = province_ref(l, x, "ref");
					if (b < 0)
						continue;
					if (v->nops == REN_MAX_VARIANT_OPS) {
						bad(l, x, "too many changes");
						break;
					}
					v->ops[v->nops].op = VOP_ADD_LAND;
					v->ops[v->nops].a = i;
					v->ops[v->nops++].b = b;
				}
				continue;
			} else {
				if (xml_is(c, "add-land-link"))
					op = VOP_ADD_LAND;
				else if (xml_is(c, "remove-land-link"))
					op = VOP_REMOVE_LAND;
				else if (xml_is(c, "add-water-link"))
					op = VOP_ADD_WATER, water = 1;
				else if (xml_is(c, "remove-water-link"))
					op = VOP_REMOVE_WATER, water = 1;
				else
					continue;
				a = water ? water_ref(l, c, "a") :
				    province_ref(l, c, "a");
				b = water ? water_ref(l, c, "b") :
				    province_ref(l, c, "b");
				if (b < 0)
					continue;
			}
			if (a < 0)
				continue;
			if (v->nops == REN_MAX_VARIANT_OPS) {
				bad(l, c, "a variant makes at most %d changes",
				    REN_MAX_VARIANT_OPS);
				break;
			}
			v->ops[v->nops].op = op;
			v->ops[v->nops].a = a;
			v->ops[v->nops++].b = b;
		}
	}
}

/* What the schema cannot say about the whole: counts and references. */
static void
check_whole(struct loader *l, xmlNode *root)
{
	struct ren_ruleset *rs = l->rs;
	int count[REN_MAX_AREAS] = { 0 };
	int i, k;

	for (i = 0; i < rs->nprovinces; i++)
		if (!rs->provinces[i].removed && rs->provinces[i].area >= 0)
			count[rs->provinces[i].area]++;
	for (i = 0; i < rs->nareas; i++)
		if (count[i] != rs->areas[i].nprovinces)
			bad(l, xml_child(root, "areas"), "area %s says %d "
			    "provinces, the file has %d", rs->areas[i].id,
			    rs->areas[i].nprovinces, count[i]);
	for (i = 0; i < rs->nprovinces; i++) {
		const struct ren_province *p = &rs->provinces[i];

		if (p->type == RP_CAPITAL && p->capital < 0 && !p->removed)
			bad(l, root, "capital province '%s' is not in "
			    "<capitals>", p->id);
	}
	/* no advance may need itself through its prerequisites */
	for (i = 0; i < REN_NADVANCES; i++) {
		uint32_t need = 0, more = 1u << i;
		int round;

		for (round = 0; round < REN_NADVANCES && more; round++) {
			uint32_t next = 0;

			for (k = 0; k < REN_NADVANCES; k++) {
				int q;

				if (!(more & (1u << k)))
					continue;
				for (q = 0; q < rs->advances[k].nprereq; q++)
					next |= 1u << rs->advances[k].prereq[q];
			}
			more = next & ~need;
			need |= next;
		}
		if (need & (1u << i))
			bad(l, xml_child(root, "advances"), "advance %c "
			    "needs itself through its prerequisites",
			    'A' + i);
	}
	if (rs->ncapitals < REN_MAX_PLAYERS)
		bad(l, xml_child(root, "capitals"), "%d capitals; %d players "
		    "need %d", rs->ncapitals, REN_MAX_PLAYERS,
		    REN_MAX_PLAYERS);
}

int
ren_ruleset_from_xml(struct ren_ruleset *rs, xmlNode *root,
    const char *file)
{
	struct loader l = { rs, file, 0 };
	xmlNode *n;

	memset(rs, 0, sizeof(*rs));
	read_str(&l, root, "id", rs->id, sizeof(rs->id));
	read_str(&l, root, "version", rs->version, sizeof(rs->version));
	read_str(&l, root, "name", rs->name, sizeof(rs->name));
	n = xml_child(root, "start");
	rs->purse = xml_attr_int(n, "purse", 0);
	rs->bid_max = xml_attr_int(n, "capital-bid-max", 0);
	rs->tokens = xml_attr_int(n, "tokens", 0);
	rs->markers = xml_attr_int(n, "dominance-markers", 0);
	rs->start_misery = xml_attr_int(n, "misery", 0);
	if (rs->markers + 1 > REN_MAX_TABLE)
		bad(&l, n, "more than %d dominance markers", REN_MAX_TABLE - 1);
	if (rs->bid_max > rs->purse)
		bad(&l, n, "a bid of %d would exceed the purse of %d",
		    rs->bid_max, rs->purse);
	read_areas(&l, xml_child(root, "areas"));
	/* commodities before provinces, which name them */
	read_commodities(&l, xml_child(root, "commodities"));
	read_provinces(&l, xml_child(root, "provinces"));
	read_waters(&l, xml_child(root, "waters"));
	read_links(&l, xml_child(root, "land-links"),
	    xml_child(root, "water-links"));
	read_supports(&l, xml_child(root, "supports"));
	read_advances(&l, xml_child(root, "advances"));
	for (n = xml_child(xml_child(root, "capitals"), "capital"); n;
	    n = xml_next(n, "capital")) {
		struct ren_capital *c;
		int p = province_ref(&l, n, "province");

		if (p < 0)
			continue;
		if (rs->ncapitals == REN_MAX_CAPITALS) {
			bad(&l, n, "more than %d capitals", REN_MAX_CAPITALS);
			break;
		}
		if (rs->provinces[p].type != RP_CAPITAL) {
			bad(&l, n, "'%s' is not a capital province",
			    rs->provinces[p].id);
			continue;
		}
		c = &rs->capitals[rs->ncapitals];
		c->province = p;
		c->area = area_ref(&l, n, "area");
		c->players_min = xml_attr_int(n, "players-min", 0);
		if (c->area >= 0 && c->area != rs->provinces[p].area)
			bad(&l, n, "capital '%s' is in area %s, not %s",
			    rs->provinces[p].id,
			    rs->areas[rs->provinces[p].area].id,
			    rs->areas[c->area].id);
		rs->provinces[p].capital = rs->ncapitals++;
	}
	read_cards(&l, xml_child(root, "cards"));
	read_tables(&l, root);
	n = xml_child(root, "variants");
	rs->variants_line = (int)xmlGetLineNo(n != NULL ? n : root);
	read_variants(&l, n);
	check_whole(&l, root);
	return l.errors ? -1 : 0;
}

struct ren_ruleset *
ren_ruleset_load(const char *path)
{
	struct ren_ruleset *rs;
	xmlDoc *doc = xml_load_valid(path, "formats/renaissance-ruleset.rng");

	if (doc == NULL)
		return NULL;
	rs = xmalloc(sizeof(*rs));
	if (ren_ruleset_from_xml(rs, xmlDocGetRootElement(doc), path) < 0) {
		free(rs);
		rs = NULL;
	}
	xmlFreeDoc(doc);
	return rs;
}

static void
unlink_land(struct ren_ruleset *rs, int a, int b)
{
	drop(rs->provinces[a].adj, &rs->provinces[a].nadj, b);
	drop(rs->provinces[b].adj, &rs->provinces[b].nadj, a);
}

int
ren_ruleset_apply_variant(struct ren_ruleset *rs, const char *id,
    struct strbuf *err)
{
	const struct ren_variant *v = NULL;
	int i, k, vi = -1;

	for (i = 0; i < rs->nvariants; i++)
		if (strcmp(rs->variants[i].id, id) == 0)
			v = &rs->variants[vi = i];
	if (v == NULL) {
		sb_addf(err, "unknown variant '%s' (the ruleset has", id);
		for (i = 0; i < rs->nvariants; i++)
			sb_addf(err, "%s '%s'", i ? "," : "",
			    rs->variants[i].id);
		sb_add(err, rs->nvariants ? ")" : " none)");
		return -1;
	}
	if (rs->applied >> vi & 1)
		return 0;
	rs->applied |= 1u << vi;
	for (k = 0; k < v->nadd; k++) {
		struct ren_province *p = &rs->provinces[v->add[k]];

		p->removed = 0;
		if (p->area >= 0)
			rs->areas[p->area].nprovinces++;
	}
	for (k = 0; k < v->nops; k++) {
		int a = v->ops[k].a, b = v->ops[k].b;

		switch (v->ops[k].op) {
		case VOP_REMOVE_PROVINCE: {
			struct ren_province *p = &rs->provinces[a];

			while (p->nadj > 0)
				unlink_land(rs, a, p->adj[0]);
			for (i = 0; i < p->nsupports; i++)
				drop(rs->provinces[p->supports[i]].supported_by,
				    &rs->provinces[p->supports[i]]
				    .nsupported_by, a);
			for (i = 0; i < p->nsupported_by; i++)
				drop(rs->provinces[p->supported_by[i]]
				    .supports, &rs->provinces[
				    p->supported_by[i]].nsupports, a);
			p->nsupports = p->nsupported_by = 0;
			p->removed = 1;
			if (p->area >= 0)
				rs->areas[p->area].nprovinces--;
			break;
		}
		case VOP_ADD_LAND:
			if (land_link(rs, a, b) < 0) {
				sb_addf(err, "variant '%s': too many land "
				    "links at '%s'", id, rs->provinces[a].id);
				return -1;
			}
			break;
		case VOP_REMOVE_LAND:
			unlink_land(rs, a, b);
			break;
		case VOP_ADD_WATER:
			if (water_link(rs, a, b) < 0) {
				sb_addf(err, "variant '%s': too many water "
				    "links at '%s'", id, rs->waters[a].id);
				return -1;
			}
			break;
		case VOP_REMOVE_WATER:
			drop(rs->waters[a].adj, &rs->waters[a].nadj, b);
			drop(rs->waters[b].adj, &rs->waters[b].nadj, a);
			break;
		}
	}
	return 0;
}

int
ren_land_adjacent(const struct ren_ruleset *rs, int a, int b)
{
	if (a < 0 || a >= rs->nprovinces || b < 0 || b >= rs->nprovinces)
		return 0;
	return has(rs->provinces[a].adj, rs->provinces[a].nadj, b);
}

int
ren_supports(const struct ren_ruleset *rs, int s, int p)
{
	if (s < 0 || s >= rs->nprovinces)
		return 0;
	return has(rs->provinces[s].supports, rs->provinces[s].nsupports, p);
}
