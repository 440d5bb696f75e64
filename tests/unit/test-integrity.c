/*
 * test-integrity.c - no input breaks a game: recorded text is checked,
 * the save proves its bytes parse again, XML with a DOCTYPE is refused
 * before anything is expanded, staged files wait for their commit.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "aor.h"
#include "aor-ruleset.h"
#include "cache.h"
#include "diag.h"
#include "game.h"
#include "game-internal.h"
#include "mail.h"
#include "mailstate.h"
#include "test.h"
#include "util.h"
#include "xmlutil.h"

/* The check of recorded text: each bad kind with its line. */
TEST(text_check_refuses_what_xml_cannot_hold)
{
	static const struct { const char *text; size_t len; int line;
	    const char *why; } cases[] = {
		{ "a\nb # \001\n", 8, 2, "control character U+0001" },
		{ "\f", 1, 1, "control character U+000C" },
		{ "x\n\n\033[0m", 7, 3, "control character U+001B" },
		{ "\177", 1, 1, "control character U+007F" },
		{ "\302\205", 2, 1, "control character U+0085" },
		{ "ok\0rest", 7, 1, "a NUL byte" },
		{ "caf\351", 4, 1, "invalid UTF-8 (byte 0xe9)" },
		{ "\300\257", 2, 1, "invalid UTF-8" },		/* overlong */
		{ "\355\240\200", 3, 1, "invalid UTF-8" },	/* surrogate */
		{ "\364\220\200\200", 4, 1, "invalid UTF-8" },	/* > U+10FFFF */
		{ "\342\202", 2, 1, "invalid UTF-8" },		/* cut short */
		{ "\357\277\276", 3, 1, "control character U+FFFE" },
	};
	struct strbuf why;
	size_t i;
	int line;

	sb_init(&why);
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		sb_reset(&why);
		CHECK_INT(text_check(cases[i].text, cases[i].len, &line,
		    &why), -1);
		CHECK_INT(line, cases[i].line);
		CHECK_CONTAINS(why.buf, cases[i].why);
	}
	sb_reset(&why);
	{
		static const char good[] = "Gr\303\274\303\237e\tfrom\r\n"
		    "M\303\274nchen \360\237\216\262\n";

		CHECK_INT(text_check(good, sizeof(good) - 1, &line, &why),
		    0);
	}
	sb_release(&why);
}

static char *
temp_dir(void)
{
	char *d = xstrdup("/tmp/aor-integrity.XXXXXX");

	if (mkdtemp(d) == NULL)
		test_fail(__FILE__, __LINE__, "mkdtemp failed");
	return d;
}

/*
 * A copy of tests/games/three-attacks in a temporary folder, loaded
 * through its cache whatever the caller's AOR_NO_CACHE says (kept and
 * put back by cached_game_remove).
 */
struct cached_game {
	char *dir, *path, *cpath, *nocache;
};

static void
cached_game_copy(struct cached_game *c)
{
	char *src = data_path("tests/games/three-attacks/expected/game.xml");
	char *bytes, *nocache = getenv("AOR_NO_CACHE");
	size_t len;

	c->nocache = xstrdup_or_null(nocache);
	unsetenv("AOR_NO_CACHE");
	c->dir = temp_dir();
	c->path = xasprintf("%s/g.xml", c->dir);
	c->cpath = xasprintf("%s.cache", c->path);
	bytes = read_file(src, &len);
	CHECK(bytes != NULL);
	CHECK_INT(write_file_atomic(c->path, bytes, len, 0600), 0);
	free(bytes);
	free(src);
}

static void
cached_game_remove(struct cached_game *c)
{
	char *backup = xasprintf("%s~", c->path);

	unlink(c->cpath);
	unlink(c->path);
	unlink(backup);
	rmdir(c->dir);
	free(backup);
	free(c->cpath);
	free(c->path);
	free(c->dir);
	if (c->nocache != NULL)
		setenv("AOR_NO_CACHE", c->nocache, 1);
	free(c->nocache);
}

/* A text the serializer writes as XML that does not parse (here a
 * control character in a name, as a bug past intake would leave it)
 * costs the run, never the game: the old file stays as it was. */
TEST(game_save_reparses_before_renaming)
{
	char *dir = temp_dir(), *path = xasprintf("%s/g.xml", dir);
	char *src = data_path("tests/games/three-attacks/expected/game.xml");
	char *before, *after;
	size_t blen, alen;
	struct game g;
	int quiet;

	before = read_file(src, &blen);
	CHECK(before != NULL);
	CHECK_INT(write_file_atomic(path, before, blen, 0600), 0);
	CHECK_INT(game_load(&g, path, NULL, 0), 0);
	snprintf(game_seats(&g)->players[0].name,
	    sizeof(game_seats(&g)->players[0].name),
	    "bad\001name");
	quiet = diag_quiet(1);
	CHECK_INT(game_save(&g, path, "2026-12-01T00:00:00Z"), -1);
	diag_quiet(quiet);
	CHECK_CONTAINS(diag_last(), "not well-formed XML (a bug): not "
	    "written");
	diag_reset();
	after = read_file(path, &alen);
	CHECK(after != NULL && alen == blen && memcmp(before, after,
	    blen) == 0);
	game_release(&g);
	free(after);
	free(before);
	unlink(path);
	rmdir(dir);
	free(src);
	free(path);
	free(dir);
}

/*
 * Issue 17: a cache doctored so that it passes the digest check (a card
 * swapped in a hand, which the public state digest does not cover) is no
 * fault of the game file's: the load reads the whole file, says once that
 * the cache does not fit, and reports no error.
 */
TEST(doctored_cache_costs_one_warning_not_a_false_error)
{
	struct cached_game cg;
	char *warned;
	struct game g;
	struct aor_state *st;
	const struct ruleset *rs;
	unsigned held, free_card;
	int c, quiet, swapped = 0;

	cached_game_copy(&cg);
	CHECK_INT(game_load(&g, cg.path, NULL, 0), 0);
	CHECK_INT(game_save(&g, cg.path, "2026-12-01T00:00:00Z"), 0);
	game_release(&g);
	CHECK_INT(game_load(&g, cg.path, NULL, 0), 0);
	st = g.st;
	rs = g.rs;
	for (c = 0; c < rs->ncountries && !swapped; c++) {
		held = st->hand[c];
		free_card = ~held & ((1u << rs->countries[c].ncards) - 1);
		if (held == 0 || free_card == 0)
			continue;
		st->hand[c] = (held & (held - 1)) | (free_card & -free_card);
		swapped = 1;
	}
	CHECK(swapped);
	cache_save(&g, cg.path);
	game_release(&g);
	CHECK(access(cg.cpath, F_OK) == 0);
	diag_reset();
	quiet = diag_quiet(1);
	CHECK_INT(game_load(&g, cg.path, NULL, 0), 0);
	diag_quiet(quiet);
	CHECK_INT(diag_status(), 0);
	warned = xstrdup(diag_last());
	CHECK_CONTAINS(warned, "warning: ");
	CHECK_CONTAINS(warned, ".cache does not fit the game file");
	diag_reset();
	game_release(&g);
	free(warned);
	cached_game_remove(&cg);
}

/*
 * Issue 17.11: the digest of a run made from the chain the cache keeps
 * (only the run's own entries hashed) is the one the whole history
 * gives; a kept chain that does not fit the history is made anew, never
 * taken up.
 */
TEST(chain_from_the_cache_is_the_chain_of_the_whole_history)
{
	struct cached_game cg;
	char (*full)[65] = NULL, d[65];
	unsigned char seed[SEED_BYTES];
	size_t k;
	struct game g;
	int run;

	cached_game_copy(&cg);
	/* tests/games/three-attacks/seed */
	memset(seed, 0, sizeof(seed));
	seed[SEED_BYTES - 2] = 0x5e;
	seed[SEED_BYTES - 1] = 0xed;
	CHECK_INT(game_load(&g, cg.path, seed, LOAD_NEED_SEED), 0);
	run = g.run;
	CHECK(run > 10);
	CHECK_INT(game_chain(&g, run, &full), 0);
	CHECK(!g.chain_have);
	/* from nothing, then on from an earlier run, then back */
	CHECK_INT(game_chain_at(&g, run - 7, d), 0);
	CHECK_STR(d, full[run - 7]);
	CHECK(g.chain_have && g.chain_run == run - 7);
	CHECK_INT(game_chain_at(&g, run, d), 0);
	CHECK_STR(d, full[run]);
	CHECK_INT(game_chain_at(&g, 3, d), 0);
	CHECK_STR(d, full[3]);
	CHECK_INT(game_chain_at(&g, run, d), 0);
	CHECK_STR(d, full[run]);
	/* the save keeps it in the cache; the next load takes it up */
	CHECK_INT(game_save(&g, cg.path, "2026-12-01T00:00:00Z"), 0);
	game_release(&g);
	CHECK(access(cg.cpath, F_OK) == 0);
	CHECK_INT(game_load(&g, cg.path, seed, LOAD_NEED_SEED), 0);
	CHECK(g.file != NULL);	/* the cache served */
	CHECK(g.chain_have && g.chain_run == run && g.chain_k == g.nhist);
	CHECK_STR(g.chain_digest, full[run]);
	CHECK_INT(game_chain_at(&g, run, d), 0);
	CHECK_STR(d, full[run]);
	/* a chain that does not fit is made anew: wrong last state ... */
	memset(g.chain_digest, 'f', 64);
	g.chain_state[0] = g.chain_state[0] == '0' ? '1' : '0';
	CHECK_INT(game_chain_at(&g, run, d), 0);
	CHECK_STR(d, full[run]);
	/* ... entries of a later run inside it ... */
	for (k = 0; k < g.nhist && g.hist[k].run < run - 1; k++)
		;
	CHECK(k > 0 && k < g.nhist);
	g.chain_run = run - 2;
	g.chain_k = g.nhist;
	snprintf(g.chain_state, sizeof(g.chain_state), "%s",
	    g.hist[g.nhist - 1].digest);
	memset(g.chain_digest, 'f', 64);
	CHECK_INT(game_chain_at(&g, run, d), 0);
	CHECK_STR(d, full[run]);
	/* ... entries of a run it covers after it */
	g.chain_run = run;
	g.chain_k = k;
	snprintf(g.chain_state, sizeof(g.chain_state), "%s",
	    g.hist[k - 1].digest);
	memset(g.chain_digest, 'f', 64);
	CHECK_INT(game_chain_at(&g, run, d), 0);
	CHECK_STR(d, full[run]);
	/* without the seed: no digest, whatever is kept */
	g.dice.have_key = 0;
	CHECK_INT(game_chain_at(&g, run, d), -1);
	game_release(&g);
	free(full);
	cached_game_remove(&cg);
}

/*
 * Issue 17.12: the cache is written over the file that is there (no new
 * file a save), made private, cut to its new length; a symbolic link or
 * a file of two names is replaced, never written through.
 */
TEST(write_file_over_writes_in_place_but_never_through_a_link)
{
	char *dir = temp_dir(), *path = xasprintf("%s/c", dir);
	char *other = xasprintf("%s/other", dir), *text;
	struct stat before, after;
	size_t len;

	CHECK_INT(write_file_over(path, "first, longer text", 18, 0600), 0);
	CHECK_INT(stat(path, &before), 0);
	CHECK_INT(before.st_mode & 07777, 0600);
	CHECK_INT(chmod(path, 0644), 0);
	CHECK_INT(write_file_over(path, "second", 6, 0600), 0);
	CHECK_INT(stat(path, &after), 0);
	CHECK(after.st_ino == before.st_ino);
	CHECK_INT(after.st_mode & 07777, 0600);
	text = read_file(path, &len);
	CHECK(text != NULL && len == 6 && memcmp(text, "second", 6) == 0);
	free(text);
	/* a second name: the other keeps the old text */
	CHECK_INT(link(path, other), 0);
	CHECK_INT(write_file_over(path, "third", 5, 0600), 0);
	text = read_file(other, &len);
	CHECK(text != NULL && len == 6 && memcmp(text, "second", 6) == 0);
	free(text);
	text = read_file(path, &len);
	CHECK(text != NULL && len == 5 && memcmp(text, "third", 5) == 0);
	free(text);
	/* a symbolic link: replaced by a file, its target untouched */
	CHECK_INT(unlink(path), 0);
	CHECK_INT(symlink(other, path), 0);
	CHECK_INT(write_file_over(path, "fourth", 6, 0600), 0);
	CHECK_INT(lstat(path, &after), 0);
	CHECK(S_ISREG(after.st_mode));
	text = read_file(other, &len);
	CHECK(text != NULL && len == 6 && memcmp(text, "second", 6) == 0);
	free(text);
	text = read_file(path, &len);
	CHECK(text != NULL && len == 6 && memcmp(text, "fourth", 6) == 0);
	free(text);
	unlink(path);
	unlink(other);
	rmdir(dir);
	free(other);
	free(path);
	free(dir);
}

/*
 * Issue 9.5: the ruleset copy's commitment holds one part for each child
 * of <ruleset> (and each country), named by its element; names may
 * repeat (a module whose ruleset holds its sides as <side> elements side
 * by side).  Verify must find the copy as committed: each part compared
 * with the part committed in its place, not with the first of its name;
 * a changed second part is still named.  What is recorded is as before,
 * so every game file made earlier verifies as it did.
 */
TEST(ruleset_commitment_with_repeated_names)
{
	static const char rules[] = "<ruleset><side id=\"a\" n=\"1\"/>"
	    "<side id=\"b\" n=\"2\"/><countries><country id=\"x\"/>"
	    "<country id=\"x\" n=\"2\"/></countries></ruleset>";
	struct game g;
	xmlNode *rs;
	int quiet;

	game_init(&g);
	game_set_module(&g, &aor_module);
	g.rsdoc = xmlReadMemory(rules, (int)sizeof(rules) - 1, "r.xml", NULL,
	    XML_PARSE_NONET);
	CHECK(g.rsdoc != NULL);
	rs = xmlDocGetRootElement(g.rsdoc);
	ruleset_commit(&g);
	CHECK_INT(g.nrs_parts, 4);
	CHECK_STR(g.rs_parts[1].name, "side");
	CHECK_STR(g.rs_parts[3].name, "countries/x");
	diag_reset();
	CHECK_INT(ruleset_check(&g, rs, "r.xml", 0), 0);
	CHECK_INT(diag_status(), 0);
	/* the second <side> changed: named, and the first is not */
	xmlSetProp(xmlNextElementSibling(xmlFirstElementChild(rs)),
	    (const xmlChar *)"n", (const xmlChar *)"3");
	quiet = diag_quiet(1);
	CHECK_INT(ruleset_check(&g, rs, "r.xml", 0), -1);
	diag_quiet(quiet);
	CHECK_CONTAINS(diag_last(), "part 'side'");
	diag_reset();
	game_release(&g);
}

/*
 * module.h: state_init gets zeroed bytes.  A rollback makes the state of
 * a loaded game again (game_truncate), a load and new make it again with
 * the variants: the machinery zeroes it each time, so that a module may
 * leave alone what its state_init does not set.
 */
static int dirty_inits;

static void
zero_checking_init(void *st, const void *rs, unsigned variants, int reading)
{
	const unsigned char *b = st;
	size_t i;

	for (i = 0; i < aor_module.state_size; i++)
		if (b[i] != 0) {
			dirty_inits++;
			break;
		}
	aor_module.state_init(st, rs, variants, reading);
}

TEST(state_init_gets_zeroed_bytes)
{
	char *dir = temp_dir(), *path = xasprintf("%s/g.xml", dir);
	char *src = data_path("tests/games/three-attacks/expected/game.xml");
	struct game_module checking = aor_module;
	struct strbuf err;
	char *bytes;
	size_t len;
	struct game g;

	checking.state_init = zero_checking_init;
	bytes = read_file(src, &len);
	CHECK(bytes != NULL);
	CHECK_INT(write_file_atomic(path, bytes, len, 0600), 0);
	free(bytes);
	CHECK_INT(game_load(&g, path, NULL, LOAD_FULL), 0);
	g.module = &checking;
	dirty_inits = 0;
	sb_init(&err);
	CHECK_INT(game_truncate(&g, 10, path, &err), 0);
	CHECK_INT(dirty_inits, 0);
	game_state_init(&g, g.variants, g.reading);
	CHECK_INT(dirty_inits, 0);
	sb_release(&err);
	g.module = &aor_module;
	game_release(&g);
	unlink(path);
	rmdir(dir);
	free(path);
	free(dir);
	free(src);
}

/* Every XML file the program reads: a DOCTYPE is refused at once. */
TEST(xml_with_doctype_is_refused)
{
	static const char laughs[] = "<?xml version=\"1.0\"?>\n"
	    "<!DOCTYPE r [\n<!ENTITY a \"aaaaaaaaaa\">\n"
	    "<!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">\n]>\n"
	    "<r>&b;&b;&b;</r>\n";
	static const char external[] = "<?xml version=\"1.0\"?>\n"
	    "<!DOCTYPE r SYSTEM \"http://example.org/r.dtd\">\n<r/>\n";
	int quiet = diag_quiet(1);

	CHECK(xml_parse_valid(laughs, sizeof(laughs) - 1, "l.xml",
	    NULL) == NULL);
	CHECK_CONTAINS(diag_last(), "a DOCTYPE declaration");
	CHECK_INT(diag_status(), EXIT_DATAERR);
	diag_reset();
	CHECK(xml_parse_valid(external, sizeof(external) - 1, "e.xml",
	    NULL) == NULL);
	CHECK_CONTAINS(diag_last(), "a DOCTYPE declaration");
	diag_reset();
	diag_quiet(quiet);
}

/* The mail state: a DOCTYPE is refused; the state is written mode 600
 * whatever the umask (it names players and holds their mail). */
TEST(mail_state_doctype_and_mode)
{
	char *dir = temp_dir(), *path = xasprintf("%s/g.xml", dir);
	char *mpath = xasprintf("%s.mail", path), *cmd;
	char *src = data_path("tests/games/three-attacks/expected/game.xml");
	struct mailstate ms;
	struct game g;
	struct stat sb;
	mode_t old;
	FILE *f;
	int quiet;

	CHECK_INT(game_load(&g, src, NULL, 0), 0);
	memset(&ms, 0, sizeof(ms));
	old = umask(022);
	CHECK_INT(mailstate_load(&ms, path, &g), 0);
	CHECK_INT(mailstate_save(&ms, "2026-12-01T00:00:00Z"), 0);
	umask(old);
	CHECK(stat(mpath, &sb) == 0 && (sb.st_mode & 0777) == 0600);
	mailstate_release(&ms);
	f = fopen(mpath, "w");
	CHECK(f != NULL);
	if (f != NULL) {
		fprintf(f, "<?xml version=\"1.0\"?>\n<!DOCTYPE mailstate "
		    "[<!ENTITY x \"y\">]>\n<mailstate game=\"&x;\"/>\n");
		fclose(f);
	}
	memset(&ms, 0, sizeof(ms));
	quiet = diag_quiet(1);
	CHECK_INT(mailstate_load(&ms, path, &g), -1);
	diag_quiet(quiet);
	CHECK_CONTAINS(diag_last(), "a DOCTYPE declaration");
	diag_reset();
	mailstate_release(&ms);
	game_release(&g);
	cmd = xasprintf("rm -rf '%s'", dir);
	CHECK_INT(system(cmd), 0);
	free(cmd);
	free(src);
	free(mpath);
	free(path);
	free(dir);
}

/* Staged files appear only on commit; aborted ones never. */
TEST(staged_files_wait_for_commit)
{
	char *dir = temp_dir(), *a = xasprintf("%s/a.txt", dir);
	char *cmd;
	struct stage st;
	struct stat sb;
	mode_t old = umask(022);

	stage_init(&st);
	CHECK_INT(stage_file(&st, a, "one\n", 4, 0600), 0);
	CHECK(stat(a, &sb) != 0);
	stage_abort(&st);
	CHECK(stat(a, &sb) != 0);
	CHECK_INT(stage_file(&st, a, "two\n", 4, 0600), 0);
	CHECK_INT(stage_commit(&st, NULL), 0);
	stage_abort(&st);
	CHECK(stat(a, &sb) == 0 && (sb.st_mode & 0777) == 0600 &&
	    sb.st_size == 4);
	umask(old);
	cmd = xasprintf("rm -rf '%s'", dir);
	CHECK_INT(system(cmd), 0);
	free(cmd);
	free(a);
	free(dir);
}

/* An empty mail has an empty text part, read without touching NULL. */
TEST(empty_mail_body)
{
	static const char raw[] = "From: a@example.org\n"
	    "Content-Type: text/plain\n\n";
	struct mail_info info;
	struct mail_order order;
	struct strbuf err;

	sb_init(&err);
	CHECK_INT(mail_parse(raw, sizeof(raw) - 1, &info, &order, &err), 0);
	CHECK(order.kind == PART_PLAIN);
	CHECK_STR(order.text, "");
	mail_info_release(&info);
	mail_order_release(&order);
	sb_release(&err);
}

/* The save's check reads without building a tree (issue 12). */
TEST(xml_well_formed_reads_without_a_tree)
{
	static const char good[] = "<?xml version=\"1.0\"?>\n<a x=\"1\">"
	    "<b>t</b></a>\n";
	static const char *const bad[] = {
		"<a><b></a>", "<a>\001</a>", "<a x=\"1\" x=\"2\"/>",
		"<!DOCTYPE a [<!ENTITY e \"x\">]><a>&e;</a>", ""
	};
	size_t i;
	int quiet;

	CHECK_INT(xml_well_formed(good, sizeof(good) - 1, "good.xml"), 0);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		quiet = diag_quiet(1);
		CHECK_INT(xml_well_formed(bad[i], strlen(bad[i]), "bad.xml"),
		    -1);
		diag_quiet(quiet);
		diag_reset();
	}
}

/* Issue 9.5: the signed part of a PGP/MIME order is kept in base64. */
TEST(base64_round_trip_and_refusals)
{
	static const char *const bad[] = {
		"A", "AB", "ABC", "AB=", "A===", "AB==C", "AB=C", "ABC=D",
		"AB==AB==", "A*BC", "ABCD=", NULL
	};
	unsigned char bytes[256];
	char *b, *d;
	size_t i, n;

	for (i = 0; i < sizeof(bytes); i++)
		bytes[i] = (unsigned char)(255 - i);
	for (n = 0; n <= 5; n++) {
		b = base64_encode(bytes, n + 250);
		d = base64_decode(b, &i);
		CHECK(d != NULL);
		CHECK_INT(i, n + 250);
		CHECK(d != NULL && memcmp(d, bytes, n + 250) == 0);
		free(b);
		free(d);
	}
	b = base64_encode("Man", 3);
	CHECK_STR(b, "TWFu\n");
	free(b);
	b = base64_encode("", 0);
	CHECK_STR(b, "");
	free(b);
	d = base64_decode(" TW\r\nE= \n", &n);
	CHECK_STR(d, "Ma");
	CHECK_INT(n, 2);
	free(d);
	d = base64_decode("TQ==", &n);
	CHECK_STR(d, "M");
	free(d);
	for (i = 0; bad[i] != NULL; i++) {
		d = base64_decode(bad[i], &n);
		if (d != NULL)
			test_fail(__FILE__, __LINE__, "'%s' decoded", bad[i]);
		free(d);
	}
}
