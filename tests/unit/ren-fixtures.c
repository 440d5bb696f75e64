/*
 * ren-fixtures.c - the Age of Renaissance ruleset and edited copies of it
 * for unit tests.
 */
#include <stdlib.h>
#include <string.h>

#include <libxml/tree.h>

#include "aor.h"
#include "diag.h"
#include "dice.h"
#include "ren-test.h"
#include "util.h"
#include "xmlutil.h"

static struct ren_ruleset *rs;

const struct ren_ruleset *
ren_test_ruleset(void)
{
	char *path;

	if (rs != NULL)
		return rs;
	path = data_path("formats/renaissance.xml");
	rs = ren_ruleset_load(path);
	free(path);
	if (rs == NULL) {
		fprintf(stderr, "cannot load formats/renaissance.xml\n");
		exit(2);
	}
	return rs;
}

static int
known(int i, const char *what, const char *id)
{
	if (i < 0) {
		fprintf(stderr, "test names an unknown %s '%s'\n", what, id);
		exit(2);
	}
	return i;
}

int
RP(const char *id)
{
	return known(ren_province_by_id(ren_test_ruleset(), id), "province",
	    id);
}

int
RW(const char *id)
{
	return known(ren_water_by_id(ren_test_ruleset(), id), "water", id);
}

int
RCOM(const char *id)
{
	return known(ren_commodity_by_id(ren_test_ruleset(), id),
	    "commodity", id);
}

int
RCARD(const char *id)
{
	return known(ren_card_by_id(ren_test_ruleset(), id), "card", id);
}

static void
collect(void *ctx, const char *grade, const char *file, int line,
    const char *msg)
{
	struct strbuf *sb = ctx;

	sb_addf(sb, "%s:%d: %s: %s\n", file ? file : "-", line, grade, msg);
}

int
ren_test_load_edited(const char *from, const char *to, char **diags)
{
	struct strbuf text, out;
	struct ren_ruleset *r;
	char *path = data_path("formats/renaissance.xml"), *buf, *p, *q;
	size_t len;
	xmlDoc *doc;
	int ret, hits = 0, quiet;

	buf = read_file(path, &len);
	free(path);
	if (buf == NULL) {
		fprintf(stderr, "cannot read formats/renaissance.xml\n");
		exit(2);
	}
	sb_init(&text);
	for (p = buf; (q = strstr(p, from)) != NULL; p = q + strlen(from)) {
		sb_addn(&text, p, (size_t)(q - p));
		sb_add(&text, to);
		hits++;
	}
	sb_add(&text, p);
	free(buf);
	sb_init(&out);
	*diags = NULL;
	if (hits == 0) {
		sb_release(&text);
		return -3;
	}
	quiet = diag_quiet(1);
	diag_set_tee(collect, &out);
	doc = xml_parse_valid(text.buf, text.len, "bad.xml",
	    "formats/renaissance-ruleset.rng");
	if (doc == NULL)
		ret = -2;
	else {
		r = xmalloc(sizeof(*r));
		ret = ren_ruleset_from_xml(r, xmlDocGetRootElement(doc),
		    "bad.xml");
		free(r);
		xmlFreeDoc(doc);
	}
	diag_set_tee(NULL, NULL);
	diag_quiet(quiet);
	diag_reset();
	sb_release(&text);
	*diags = sb_detach(&out);
	return ret;
}

void
ren_test_game_init(struct ren_test_game *t, int n)
{
	const struct ren_ruleset *r = ren_test_ruleset();
	unsigned char key[SEED_BYTES] = { 7 };
	int i;

	memset(t, 0, sizeof(*t));
	ren_state_init(&t->st, r, n, 0, 3);
	for (i = 0; i < n; i++) {
		struct ren_player *p = &t->st.p[i];

		p->capital = i;
		p->allot = i;
		p->rank_got = 0;
		p->bid = 0;
		p->cash = r->purse;
		t->st.dom[r->capitals[i].province] = (signed char)i;
		p->mat--;
		t->st.order[i] = i;
		p->box = ren_order_box(r, n, i);
	}
	t->st.allotted = 1;
	t->st.turn = 1;
	t->st.epoch = 1;
	t->st.phase = RPH_EXPANSION;
	dice_init(&t->dice, "ren-unit-test");
	dice_set_key(&t->dice, key);
	journal_init(&t->j);
	t->c.st = &t->st;
	t->c.dice = &t->dice;
	t->c.j = &t->j;
}

void
ren_test_game_release(struct ren_test_game *t)
{
	dice_release(&t->dice);
	journal_release(&t->j);
}

void
ren_test_dice(struct ren_test_game *t, const unsigned *values, int n)
{
	int i;

	for (i = 0; i < n && i < 64; i++) {
		t->script[i].n = t->dice.next + (unsigned)i;
		t->script[i].range = 0;
		t->script[i].value = values[i];
		t->script[i].purpose = NULL;
	}
	t->dice.script = t->script;
	t->dice.nscript = (size_t)n;
	t->dice.script_pos = 0;
	t->dice.verify = 0;
}

const char *
ren_test_events(struct ren_test_game *t)
{
	static struct strbuf sb;
	size_t i;

	if (sb.buf == NULL)
		sb_init(&sb);
	sb_reset(&sb);
	for (i = 0; i < t->j.n; i++) {
		sb_add(&sb, t->j.ev[i].text);
		sb_addc(&sb, '\n');
	}
	return sb.buf;
}

void
ren_test_dom(struct ren_test_game *t, int p, const char *id)
{
	int i = RP(id);

	if (t->st.dom[i] >= 0)
		t->st.p[(int)t->st.dom[i]].mat++;
	t->st.dom[i] = (signed char)p;
	t->st.dom_new[i] = 0;
	t->st.p[p].mat--;
}

void
ren_test_adv(struct ren_test_game *t, int p, char letter)
{
	t->st.p[p].advances |= 1u << (letter - 'A');
}

void
ren_test_tok(struct ren_test_game *t, int p, const char *id, int n)
{
	t->st.tok[RP(id)][p] += (unsigned char)n;
	t->st.p[p].stock -= n;
}

void
ren_test_card(struct ren_test_game *t, int p, const char *id)
{
	t->st.p[p].hand |= (uint64_t)1 << RCARD(id);
}
