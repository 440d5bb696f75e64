/*
 * test-ren-replay.c - an order applied live and the same order in a
 * replay tell the same events (verify compares them).  Live, the
 * machinery parses an order file's lines with their line numbers in the
 * file; a replay parses the step's stored lines, where the file's line
 * numbers are gone (orders.c passes 0).  RR25's report of a step not
 * carried out must therefore not depend on them.  Found by the random
 * player through the CLI (tests/tools/ren-bot.py, seed 1): 'verify'
 * failed on "line 6 is not carried out" against "line 0 ...".
 */
#include <stdlib.h>
#include <string.h>

#include "dice.h"
#include "orders.h"
#include "ren-test.h"
#include "util.h"
#include "../module-driver.h"

extern const struct game_module renaissance_module;
#define M (&renaissance_module)

static void
rgame_init(struct drive *g)
{
	unsigned char key[SEED_BYTES] = { 7 };

	drive_start(g, M, ren_test_ruleset(), 0, 4, "ren-replay-test", key);
}

/* Defaults up to the first purchase; that decision in *d. */
static void
to_purchase(struct drive *g, struct decision *d)
{
	struct decision ds[8];
	int n, steps;

	for (steps = 0; steps < 500; steps++) {
		n = M->pending(g->st, ds, 8);
		if (n > 0 && strcmp(M->decision_kinds[ds[0].kind],
		    "purchase") == 0) {
			*d = ds[0];
			return;
		}
		M->apply_default(&g->c, &ds[0]);
	}
	test_fail(__FILE__, __LINE__, "no purchase in 500 decisions");
}

/* The order "line" twice, the lines numbered first and first + 1. */
static void
apply_twice(struct drive *g, const struct decision *d, const char *line,
    int first)
{
	struct order o;
	struct strbuf err;
	int k;

	sb_init(&err);
	memset(&o, 0, sizeof(o));
	snprintf(o.step, sizeof(o.step), "%s", d->step);
	o.country = d->country;
	for (k = 0; k < 2; k++)
		CHECK_INT(M->parse_line(ren_test_ruleset(), d->country, line,
		    first ? first + k : 0, o.items + (size_t)k * M->item_size,
		    &err), 0);
	o.nitems = 2;
	journal_clear(&g->j);
	CHECK_INT(M->check(g->st, &o, &err), 0);
	CHECK_INT(M->apply(&g->c, &o, &err), 0);
	sb_release(&err);
}

/* RR25: the second ADVANCE of the same advance is not carried out */
TEST(ren_replay_line_numbers)
{
	struct drive live, replay;
	struct decision d;
	char **form, adv[64] = "";
	int n, k, found = 0;

	rgame_init(&live);
	rgame_init(&replay);
	to_purchase(&live, &d);
	to_purchase(&replay, &d);
	n = M->choices(live.st, &d, &form);
	for (k = 0; k < n; k++) {
		if (!adv[0] && strncmp(form[k], "ADVANCE ", 8) == 0)
			snprintf(adv, sizeof(adv), "%.9s", form[k]);
		free(form[k]);
	}
	free(form);
	CHECK(adv[0] != '\0');
	apply_twice(&live, &d, adv, 5);		/* lines 5, 6 of a file */
	apply_twice(&replay, &d, adv, 0);	/* the stored step */
	CHECK_INT(live.j.n, replay.j.n);
	for (k = 0; k < (int)live.j.n && k < (int)replay.j.n; k++) {
		CHECK_STR(live.j.ev[k].text, replay.j.ev[k].text);
		if (strstr(live.j.ev[k].text, "not carried out"))
			found = 1;
	}
	CHECK(found);
	/* the line's place in the step: the second */
	for (k = 0; k < (int)live.j.n; k++)
		if (strstr(live.j.ev[k].text, "not carried out"))
			CHECK_CONTAINS(live.j.ev[k].text, "line 2 is not");
	drive_release(&live);
	drive_release(&replay);
}

/* RR25's labels, IF and RETRY are kept in a stored step: a replay sees
   the script the player sent ("ZZ9" is the largest label code) */
TEST(ren_replay_script_fields)
{
	struct drive g;
	struct decision ds[8], d;
	struct order o;
	struct strbuf err;
	const char *lines[] = {
		"ZZ9: attack lyons with 3 retry 20",
		"IF ZZ9 LOST stop",
	};
	int n, k, steps;

	rgame_init(&g);
	sb_init(&err);
	memset(&d, 0, sizeof(d));
	for (steps = 0; steps < 500; steps++) {
		n = M->pending(g.st, ds, 8);
		if (n > 0 && strcmp(M->decision_kinds[ds[0].kind],
		    "expansion") == 0)
			break;
		M->apply_default(&g.c, &ds[0]);
	}
	CHECK(steps < 500);
	d = ds[0];
	memset(&o, 0, sizeof(o));
	snprintf(o.step, sizeof(o.step), "%s", d.step);
	o.country = d.country;
	/* the IF alone names no earlier label: refused, so it was stored */
	CHECK_INT(M->parse_line(ren_test_ruleset(), d.country, lines[1], 0,
	    o.items, &err), 0);
	o.nitems = 1;
	CHECK_INT(M->apply(&g.c, &o, &err), -1);
	CHECK_STR(err.buf, "line 1: IF ZZ9 names no label of an earlier line "
	    "(RR25)");
	sb_reset(&err);
	for (k = 0; k < 2; k++)
		CHECK_INT(M->parse_line(ren_test_ruleset(), d.country,
		    lines[k], 0, o.items + (size_t)k * M->item_size, &err), 0);
	o.nitems = 2;
	CHECK_INT(M->apply(&g.c, &o, &err), 0);
	sb_release(&err);
	drive_release(&g);
}
