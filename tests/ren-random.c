/*
 * ren-random.c - a random player for Age of Renaissance (issue 20
 * point 7), driving the module only through struct game_module as the
 * machinery does: for each pending decision it reads the order form
 * (mod->choices), writes a random order from its lines, parses, checks
 * and applies it, or lets the deadline default (mod->apply_default) at
 * random.  After the game it replays the recorded orders and defaults
 * on a fresh state from the same seed and compares the state's digest
 * after every decision, as verify compares a game's history, and the
 * cache's pack and unpack at random points.
 *
 * A failure is a refused order made of one form line (the form offers
 * only legal choices), a form line sent alone that the phase does not
 * carry out (its "skipped" event; issue 20 point 3), a game with no
 * decision that is not over, a game that does not end within
 * MAX_DECISIONS, no winner, or a replay that differs; each names the
 * game's seed.  A composite order (several
 * form lines, which together may be unaffordable) may be refused: it is
 * counted, and the bot then sends a single line.
 *
 * Until 'adjudicator new --game renaissance' works through the CLI this
 * is the random player; the bot's own choices come from a seeded
 * generator of its own, the game's dice from the game's seed.
 *
 * usage: ren-random [-n GAMES] [-s FIRST-SEED] [-p PLAYERS] [-d DEFAULT%]
 *                   [-e EPOCHS] [-V VARIANT] ... [-q] [-v] [-r] [-a]
 *
 * -v prints each game's end as list does (mod->describe); -r plays
 * without the replay (make bench: one game's cost); -a sends every line
 * of every form alone, on a copy of the state (audit_form).  -V plays every game
 * with the variant (new --variant; RR4, RR42), its ruleset changed as
 * the machinery changes a game's own (mod->ruleset_variants).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <libxml/parser.h>

#include "dice.h"
#include "journal.h"
#include "module.h"
#include "orders.h"
#include "util.h"
#include "module-driver.h"
#include "xmlutil.h"

extern const struct game_module renaissance_module;
#define M (&renaissance_module)

#define MAX_DECISIONS 20000

static uint64_t rng_state;
static int verbose, noreplay, audit;
static long audited;

static unsigned
rnd(unsigned n)
{
	/* splitmix64: the bot's choices, never the game's dice */
	uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	z ^= z >> 31;
	return n ? (unsigned)(z % n) : 0;
}

/* One decision answered: which pending one, by default or by lines. */
struct move {
	int pick;		/* index into pending() */
	char *lines;		/* NULL: the deadline default */
	char digest[65];	/* the state's digest after it */
};

static const void *ruleset;
static unsigned variants_opt;	/* -V */

static void
game_start(struct drive *g, unsigned long seed, int nplayers, int epochs)
{
	unsigned char key[SEED_BYTES];
	unsigned var = variants_opt;
	int k;

	memset(key, 0, sizeof(key));
	for (k = 0; k < 8; k++)
		key[k] = (unsigned char)(seed >> (8 * k));
	for (k = 0; k < M->nvariants; k++)
		if ((epochs == 1 && strcmp(M->variants[k].name, "epochs-1")
		    == 0) || (epochs == 2 && strcmp(M->variants[k].name,
		    "epochs-2") == 0))
			var |= M->variants[k].flag;
	drive_start(g, M, ruleset, var, nplayers, "ren-random", key);
}

/* Parses lines ('\n'-joined) into o for d; 0, or -1 with err. */
static int
make_order(struct order *o, const struct decision *d, const char *lines,
    struct strbuf *err)
{
	char *buf = xstrdup(lines), *p, *save = NULL;
	int n = 0, rc = 0;

	memset(o, 0, sizeof(*o));
	snprintf(o->step, sizeof(o->step), "%s", d->step);
	o->country = d->country;
	for (p = strtok_r(buf, "\n", &save); p != NULL;
	    p = strtok_r(NULL, "\n", &save)) {
		if (n >= M->max_items) {
			sb_addf(err, "more than %d lines", M->max_items);
			rc = -1;
			break;
		}
		if (M->parse_line(ruleset, d->country, p, n + 1,
		    o->items + (size_t)n * M->item_size, err) != 0) {
			rc = -1;
			break;
		}
		n++;
	}
	o->nitems = n;
	free(buf);
	return rc;
}

/* The form line without its comment and trailing blanks; NULL: none. */
static char *
form_line(const char *l)
{
	char *s = xstrdup(l), *h = strchr(s, '#');
	size_t n;

	if (h != NULL)
		*h = '\0';
	n = strlen(s);
	while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		s[--n] = '\0';
	if (n == 0) {
		free(s);
		return NULL;
	}
	return s;
}

/* A number after 'key' in the form's comments, or def. */
static int
form_number(char **form, int n, const char *key, int def)
{
	int k;
	const char *p;

	for (k = 0; k < n; k++)
		if ((p = strstr(form[k], key)) != NULL)
			return atoi(p + strlen(key));
	return def;
}

/*
 * The form line l as an order: with the CLAIM or ADVANCE lines its
 * comment says it needs first (reading 3: "ADVANCE R  # Overland East,
 * $20 only with CLAIM walter-the-penniless ($10 to Genoa)", "ADVANCE O
 * # Printed Word, $60 only after ADVANCE N ($30)"; RR19, RR20).  The
 * caller frees.
 */
static char *
with_its_claims(const char *l, const char *raw)
{
	const char *h = strchr(raw, '#'), *q;
	struct strbuf sb;

	if (h == NULL || (strstr(h, " only with CLAIM ") == NULL &&
	    strstr(h, " only after ADVANCE ") == NULL))
		return xstrdup(l);
	sb_init(&sb);
	for (q = h; (q = strstr(q, "CLAIM ")) != NULL; q += 6)
		sb_addf(&sb, "CLAIM %.*s\n", (int)strcspn(q + 6, " )"),
		    q + 6);
	for (q = h; (q = strstr(q, "ADVANCE ")) != NULL; q += 8)
		sb_addf(&sb, "ADVANCE %.*s\n", (int)strcspn(q + 8, " )"),
		    q + 8);
	sb_add(&sb, l);
	return sb.buf;
}

/*
 * A random order for d from its form: *single the one-line order the
 * bot falls back on (a line and the claims it needs), *multi a
 * composite one or NULL.  The caller frees.
 */
static void
random_order(const struct decision *d, char **form, int nform,
    char **single, char **multi)
{
	const char *kind = M->decision_kinds[d->kind];
	char **l = xcalloc((size_t)nform + 1, sizeof(*l));
	int *at = xcalloc((size_t)nform + 1, sizeof(*at));
	int nl = 0, k;
	struct strbuf sb;

	*single = *multi = NULL;
	for (k = 0; k < nform; k++)
		if ((l[nl] = form_line(form[k])) != NULL)
			at[nl++] = k;
	sb_init(&sb);
	if (strcmp(kind, "capital-bid") == 0) {
		/* BID 0 .. max and the capitals in a random order */
		int max = form_number(form, nform, "to $", 0);
		char *rank = NULL, *names[16], *p, *save = NULL;
		int nn = 0;

		for (k = 0; k < nl; k++)
			if (strncmp(l[k], "RANK ", 5) == 0)
				rank = xstrdup(l[k] + 5);
		for (p = rank ? strtok_r(rank, ",", &save) : NULL;
		    p != NULL && nn < 16; p = strtok_r(NULL, ",", &save))
			names[nn++] = p + strspn(p, " ");
		for (k = nn - 1; k > 0; k--) {
			unsigned j = rnd((unsigned)k + 1);
			char *t = names[k];

			names[k] = names[j];
			names[j] = t;
		}
		sb_addf(&sb, "BID %u\nRANK ", rnd((unsigned)max + 1));
		for (k = 0; k < nn; k++)
			sb_addf(&sb, "%s%s", k ? ", " : "", names[k]);
		*single = xstrdup(sb.buf);
		free(rank);
	} else if (strcmp(kind, "token-bid") == 0) {
		/* TOKENS -cash .. cash, at most the stock */
		int cash = form_number(form, nform, "to ", 0);
		int stock = form_number(form, nform, "stock of ", 0);
		int hi = cash < stock ? cash : stock, v;

		v = rnd(4) == 0 ? -(int)rnd((unsigned)cash + 1) :
		    (int)rnd((unsigned)hi + 1);
		sb_addf(&sb, "TOKENS %d", v);
		*single = xstrdup(sb.buf);
	} else if (nl > 0) {
		k = (int)rnd((unsigned)nl);
		*single = with_its_claims(l[k], form[at[k]]);
		if (nl > 1 && rnd(2) == 0) {
			/* a few lines of the form in a random order */
			int m = 2 + (int)rnd(4);

			for (k = 0; k < m; k++)
				sb_addf(&sb, "%s%s", k ? "\n" : "",
				    l[rnd((unsigned)nl)]);
			*multi = xstrdup(sb.buf);
		}
	}
	for (k = 0; k < nl; k++)
		free(l[k]);
	free(l);
	free(at);
	sb_release(&sb);
}

/* The first "skipped" event of a country since event from, or NULL: a
   form line the phase did not carry out. */
static const char *
skipped_since(const struct journal *j, size_t from, int country)
{
	for (; from < j->n; from++)
		if (strcmp(j->ev[from].type, "skipped") == 0 &&
		    j->ev[from].country == country)
			return j->ev[from].text;
	return NULL;
}

/*
 * -a (issue 20 point 3): every line of d's form, each alone (with the
 * claims it names) on a copy of the state, its dice at the same draw:
 * each must be accepted and carried out (no "skipped" event).  0, or -1
 * after a FAIL line naming the seed, the step and the line.
 */
static int
audit_form(const struct drive *g, unsigned long seed,
    const struct decision *d, char **form, int nform)
{
	const char *kind = M->decision_kinds[d->kind];
	unsigned char key[SEED_BYTES];
	struct strbuf err;
	int k, rc = 0;

	if (strcmp(kind, "capital-bid") == 0 || strcmp(kind, "token-bid") == 0)
		return 0;	/* a template, not a list of choices */
	memset(key, 0, sizeof(key));
	for (k = 0; k < 8; k++)
		key[k] = (unsigned char)(seed >> (8 * k));
	sb_init(&err);
	for (k = 0; k < nform && rc == 0; k++) {
		char *l = form_line(form[k]), *lines;
		struct drive c;
		struct order o;
		const char *skip = NULL;

		if (l == NULL)
			continue;
		lines = with_its_claims(l, form[k]);
		c.st = xmalloc(M->state_size);
		memcpy(c.st, g->st, M->state_size);
		dice_init(&c.dice, "ren-random");
		dice_set_key(&c.dice, key);
		c.dice.next = g->dice.next;
		journal_init(&c.j);
		c.c.st = c.st;
		c.c.dice = &c.dice;
		c.c.j = &c.j;
		sb_reset(&err);
		if (make_order(&o, d, lines, &err) != 0 ||
		    M->check(c.st, &o, &err) != 0 ||
		    M->apply(&c.c, &o, &err) != 0 ||
		    (skip = skipped_since(&c.j, 0, d->country)) != NULL) {
			if (err.len == 0)
				sb_add(&err, skip);
			fprintf(stderr, "FAIL: game seed %lu: %s %s: the form "
			    "line '%s' alone: %s\n", seed, d->step,
			    M->country_id(ruleset, d->country), form[k],
			    err.buf);
			rc = -1;
		}
		audited++;
		drive_release(&c);
		free(lines);
		free(l);
	}
	sb_release(&err);
	return rc;
}

struct stats {
	long games, failed, decisions, orders, defaults, multi_refused;
	long turns_max;
};

static int
fail(unsigned long seed, const char *fmt, const char *what)
{
	fprintf(stderr, "FAIL: game seed %lu: ", seed);
	fprintf(stderr, fmt, what);
	fputc('\n', stderr);
	return -1;
}

/* Plays one game; 0, or -1 after a FAIL line naming the seed. */
static int
play(unsigned long seed, int nplayers, int epochs, int defaults,
    struct stats *s)
{
	struct drive g, r;
	struct decision ds[GAME_MAX_SIDES];
	struct move *mv = xcalloc(MAX_DECISIONS, sizeof(*mv));
	struct strbuf err;
	int nmv = 0, n, k, rc = -1, w[GAME_MAX_SIDES];
	char **form, *single, *multi, d2[65];
	const char *skip = NULL;

	rng_state = seed * 7919u + 17;
	if (nplayers == 0)
		nplayers = 3 + (int)rnd(4);
	if (epochs == 0)
		epochs = 3;
	sb_init(&err);
	game_start(&g, seed, nplayers, epochs);
	while (!M->over(g.st)) {
		struct order o;
		struct move *m;
		int nform, done = 0;

		if (nmv == MAX_DECISIONS) {
			fail(seed, "%s", "no end after 20000 decisions");
			goto out;
		}
		n = M->pending(g.st, ds, GAME_MAX_SIDES);
		if (n <= 0) {
			fail(seed, "%s", "no decision pending, not over");
			goto out;
		}
		m = &mv[nmv++];
		m->pick = (int)rnd((unsigned)n);
		if ((int)rnd(100) < defaults) {
			M->apply_default(&g.c, &ds[m->pick]);
			s->defaults++;
		} else {
			nform = M->choices(g.st, &ds[m->pick], &form);
			if (audit && audit_form(&g, seed, &ds[m->pick], form,
			    nform) != 0) {
				for (k = 0; k < nform; k++)
					free(form[k]);
				free(form);
				goto out;
			}
			random_order(&ds[m->pick], form, nform, &single,
			    &multi);
			for (k = 0; k < nform; k++)
				free(form[k]);
			free(form);
			if (single == NULL) {
				sb_reset(&err);
				sb_addf(&err, "%s %s: an empty order form",
				    ds[m->pick].step, M->country_id(ruleset,
				    ds[m->pick].country));
				fail(seed, "%s", err.buf);
				free(multi);
				goto out;
			}
			if (multi != NULL) {
				sb_reset(&err);
				if (make_order(&o, &ds[m->pick], multi, &err)
				    == 0 && M->check(g.st, &o, &err) == 0 &&
				    M->apply(&g.c, &o, &err) == 0) {
					m->lines = multi;
					multi = NULL;
					done = 1;
				} else {
					s->multi_refused++;
				}
			}
			if (!done) {
				size_t from = g.j.n;

				sb_reset(&err);
				if (make_order(&o, &ds[m->pick], single, &err)
				    != 0 || M->check(g.st, &o, &err) != 0 ||
				    M->apply(&g.c, &o, &err) != 0 ||
				    (skip = skipped_since(&g.j, from,
				    ds[m->pick].country)) != NULL) {
					if (skip != NULL)
						sb_add(&err, skip);
					struct strbuf msg;

					sb_init(&msg);
					sb_addf(&msg, "%s %s: the legal order "
					    "'%s' refused: %s",
					    ds[m->pick].step,
					    M->country_id(ruleset,
					    ds[m->pick].country), single,
					    err.buf);
					fail(seed, "%s", msg.buf);
					sb_release(&msg);
					free(single);
					free(multi);
					goto out;
				}
				m->lines = single;
				single = NULL;
			}
			free(single);
			free(multi);
			s->orders++;
		}
		M->state_digest(g.st, m->digest);
		if (rnd(50) == 0) {
			/* the cache's bytes give the same state back */
			void *copy = xcalloc(1, M->state_size);

			M->state_pack(g.st, copy);
			M->state_unpack(copy, copy, ruleset);
			M->state_digest(copy, d2);
			free(copy);
			if (strcmp(d2, m->digest) != 0) {
				fail(seed, "%s", "state_pack/unpack differs");
				goto out;
			}
		}
	}
	if (verbose) {
		sb_reset(&err);
		M->describe(g.st, 1, &err);
		printf("seed %lu, %d players, %d decisions: %s\n", seed,
		    nplayers, nmv, err.buf);
	}
	if (M->winners(g.st, w, GAME_MAX_SIDES) < 1) {
		fail(seed, "%s", "a game over without a winner");
		goto out;
	}
	if (noreplay) {
		rc = 0;
		goto out;
	}
	/* the replay: the same seed and answers give the same states */
	game_start(&r, seed, nplayers, epochs);
	for (k = 0; k < nmv; k++) {
		struct order o;

		n = M->pending(r.st, ds, GAME_MAX_SIDES);
		if (mv[k].pick >= n) {
			fail(seed, "%s", "the replay has other decisions");
			break;
		}
		sb_reset(&err);
		if (mv[k].lines == NULL)
			M->apply_default(&r.c, &ds[mv[k].pick]);
		else if (make_order(&o, &ds[mv[k].pick], mv[k].lines, &err)
		    != 0 || M->check(r.st, &o, &err) != 0 ||
		    M->apply(&r.c, &o, &err) != 0) {
			fail(seed, "the replay refused an order: %s", err.buf);
			break;
		}
		M->state_digest(r.st, d2);
		if (strcmp(d2, mv[k].digest) != 0) {
			fail(seed, "%s", "the replay's state differs");
			break;
		}
	}
	if (k == nmv && !M->over(r.st))
		fail(seed, "%s", "the replay's game is not over");
	else if (k == nmv)
		rc = 0;
	drive_release(&r);
out:
	s->decisions += nmv;
	for (k = 0; k < nmv; k++)
		free(mv[k].lines);
	free(mv);
	drive_release(&g);
	sb_release(&err);
	return rc;
}

int
main(int argc, char **argv)
{
	unsigned long first = 1;
	int games = 10, nplayers = 0, defaults = 20, epochs = 0, quiet = 0;
	int c, i;
	struct stats s;
	struct timespec t0, t1;
	char *path;
	xmlDoc *doc;
	double secs;

	while ((c = getopt(argc, argv, "n:s:p:d:e:V:qvra")) != -1) {
		switch (c) {
		case 'n': games = atoi(optarg); break;
		case 's': first = strtoul(optarg, NULL, 10); break;
		case 'p': nplayers = atoi(optarg); break;
		case 'd': defaults = atoi(optarg); break;
		case 'e': epochs = atoi(optarg); break;
		case 'q': quiet = 1; break;
		case 'v': verbose = 1; break;
		case 'r': noreplay = 1; break;
		case 'a': audit = 1; break;
		case 'V':
			if (module_variant(M, optarg) == 0) {
				fprintf(stderr, "ren-random: -V '%s': no such "
				    "variant\n", optarg);
				return 2;
			}
			variants_opt |= module_variant(M, optarg);
			break;
		default:
			fprintf(stderr, "usage: ren-random [-n GAMES] "
			    "[-s FIRST-SEED] [-p PLAYERS] [-d DEFAULT%%] "
			    "[-e EPOCHS] [-V VARIANT] ... [-q] [-v] [-r] [-a]\n");
			return 2;
		}
	}
	path = data_path(M->ruleset_file);
	doc = xml_load_valid(path, M->ruleset_schema);
	if (doc == NULL || (ruleset = M->ruleset_load(
	    xmlDocGetRootElement(doc), path)) == NULL) {
		fprintf(stderr, "ren-random: cannot load %s\n", path);
		return 1;
	}
	if (M->ruleset_variants != NULL) {
		struct strbuf err;
		int line = 0;

		sb_init(&err);
		if (M->ruleset_variants((void *)ruleset, variants_opt, &line,
		    &err) != 0) {
			fprintf(stderr, "ren-random: %s\n", err.buf);
			return 1;
		}
		sb_release(&err);
	}
	memset(&s, 0, sizeof(s));
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (i = 0; i < games; i++) {
		s.games++;
		if (play(first + (unsigned long)i, nplayers, epochs, defaults,
		    &s) != 0)
			s.failed++;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	secs = (double)(t1.tv_sec - t0.tv_sec) +
	    (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	if (!quiet)
		printf("ren-random: %ld games (seeds %lu-%lu), %ld decisions: "
		    "%ld orders, %ld defaults, %ld composite orders refused; "
		    "%.1f s, %.1f games/min\n", s.games, first,
		    first + (unsigned long)games - 1, s.decisions, s.orders,
		    s.defaults, s.multi_refused, secs,
		    secs > 0 ? (double)s.games * 60.0 / secs : 0.0);
	if (audit && !quiet)
		printf("ren-random: %ld form lines carried out alone (-a)\n",
		    audited);
	printf("ren-random: %ld passed, %ld failed\n", s.games - s.failed,
	    s.failed);
	M->ruleset_free((void *)ruleset);
	xmlFreeDoc(doc);
	free(path);
	return s.failed ? 1 : 0;
}
