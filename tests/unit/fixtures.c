/*
 * fixtures.c - building small games for unit tests.
 */
#include <stdlib.h>

#include <libxml/tree.h>

#include "diag.h"
#include "orders.h"
#include "test.h"
#include "util.h"
#include "xmlutil.h"

static struct ruleset rs;
static int loaded;
static struct strbuf events;

const struct ruleset *
test_ruleset(void)
{
	xmlDoc *doc;
	char *path;

	if (loaded)
		return &rs;
	path = data_path("formats/age-of-reason.xml");
	doc = xml_load_valid(path, "formats/ruleset.rng");
	if (doc == NULL || ruleset_from_xml(&rs, xmlDocGetRootElement(doc),
	    path) != 0) {
		fprintf(stderr, "cannot load the standard ruleset\n");
		exit(2);
	}
	xmlFreeDoc(doc);
	free(path);
	loaded = 1;
	return &rs;
}

int
C(const char *id)
{
	int c = rs_country_by_id(test_ruleset(), id);

	if (c < 0) {
		fprintf(stderr, "no country %s\n", id);
		exit(2);
	}
	return c;
}

int
A(const char *id)
{
	int a = rs_area_by_id(test_ruleset(), id);

	if (a < 0) {
		fprintf(stderr, "no area %s\n", id);
		exit(2);
	}
	return a;
}

int
BOX(const char *id)
{
	int b = rs_boxkind_by_id(test_ruleset(), id);

	if (b < 0) {
		fprintf(stderr, "no box %s\n", id);
		exit(2);
	}
	return b;
}

int
CARD(int country, const char *id)
{
	int k = rs_card_by_id(test_ruleset(), country, id);

	if (k < 0) {
		fprintf(stderr, "no card %s\n", id);
		exit(2);
	}
	return k;
}

void
test_game_init(struct test_game *t, const char *const *players,
    const char *const *alliance)
{
	const struct ruleset *r = test_ruleset();
	struct aor_state *st = &t->st;
	int i, box = 0, co;
	unsigned char key[SEED_BYTES] = { 1 };

	memset(t, 0, sizeof(*t));
	aor_state_init(st, r);
	for (i = 0; players[i] != NULL; i++) {
		co = C(players[i]);
		st->seats.players[i].country = co;
		snprintf(st->seats.players[i].name, sizeof(st->seats.players[i].name),
		    "Player %d", i + 1);
		st->seats.seat_of[co] = i;
		st->seats.nplayers++;
		st->gold[co] = r->num.start_gold;
		st->unrest[co] = r->num.start_unrest;
		st->hand[co] = (1u << r->countries[co].ncards) - 1;
	}
	for (i = 0; i < r->nmarkers; i++)
		st->marker[i] = MK_OUT;
	if (alliance != NULL) {
		for (i = 0; alliance[i] != NULL; i++)
			st->alliance[i] = C(alliance[i]);
	} else {
		for (i = 0; i < st->seats.nplayers; i++)
			st->alliance[box++] = st->seats.players[i].country;
		for (co = 0; co < r->ncountries; co++)
			if (!aor_is_player(st, co))
				st->alliance[box++] = co;
	}
	st->turn = 1;
	st->phase = PH_SEGMENTS;
	st->segment = 1;
	st->actor = 0;
	dice_init(&t->dice, "unit-test");
	dice_set_key(&t->dice, key);
	journal_init(&t->j);
	t->c.st = st;
	t->c.dice = &t->dice;
	t->c.j = &t->j;
}

void
test_script(struct test_game *t, const unsigned *values, int n)
{
	int i;

	for (i = 0; i < n && i < 64; i++) {
		t->script[i].n = t->dice.next + (unsigned)i;
		t->script[i].range = 0;	/* filled by the draw */
		t->script[i].value = values[i];
		t->script[i].purpose = NULL;
	}
	/* A script whose ranges are unknown: accept any range. */
	t->dice.script = t->script;
	t->dice.nscript = (size_t)n;
	t->dice.script_pos = 0;
	t->dice.verify = 0;
}

void
test_game_release(struct test_game *t)
{
	dice_release(&t->dice);
	journal_release(&t->j);
}

const char *
test_events(struct test_game *t)
{
	size_t i;

	if (events.buf == NULL)
		sb_init(&events);
	sb_reset(&events);
	for (i = 0; i < t->j.n; i++) {
		sb_add(&events, t->j.ev[i].text);
		sb_addc(&events, '\n');
	}
	return events.buf;
}

int
test_order(struct test_game *t, const char *country, const char *step,
    const char *lines, struct strbuf *err)
{
	struct order o;
	char *text = xasprintf("STEP %s\n%s\n", step, lines);
	int rc;

	sb_reset(err);
	if (order_parse_block(&aor_module, t->st.rs, C(country), text, "test",
	    &o, err) != 0) {
		free(text);
		return -1;
	}
	rc = aor_apply(&t->c, &o, err);
	order_release(&o);
	free(text);
	return rc;
}

void
test_set_actor(struct test_game *t, const char *country)
{
	int ord[RS_MAX_COUNTRIES], n = aor_segment_order(&t->st, ord), i;

	for (i = 0; i < n; i++)
		if (ord[i] == C(country))
			t->st.actor = i;
}
