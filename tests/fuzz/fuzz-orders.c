/*
 * fuzz-orders.c - the order parser and the intake of order files.
 *
 * Properties, for any input:
 *   - a file with bytes the game file cannot hold (NUL, control
 *     characters, bad UTF-8) is refused;
 *   - every step the parser accepts has a recorded text that parses back
 *     (as the history and the queue read it) to the same order;
 *   - with a game (AOR_FUZZ_GAME, its seed beside it, made by
 *     tests/fuzz/run.sh), a file resolve takes leaves a game that saves
 *     and loads again; a file it refuses leaves the history as it was
 *     (checked for the files the parser takes for that game, and for one
 *     in 16 of the others: loading the game is slow).
 */
#include <string.h>
#include <unistd.h>

#include "fuzz.h"
#include "game.h"
#include "aor.h"
#include "orders.h"
#include "resolve.h"
#include "util.h"

static struct ruleset rules;

static void
load_rules(void)
{
	static int loaded;
	char *path;
	xmlDoc *doc;

	if (loaded)
		return;
	loaded = 1;
	path = data_path("formats/age-of-reason.xml");
	doc = xml_load_valid(path, "formats/ruleset.rng");
	if (doc == NULL || ruleset_from_xml(&rules,
	    xmlDocGetRootElement(doc), path) != 0) {
		fprintf(stderr, "fuzz: cannot load %s\n", path);
		abort();
	}
	xmlFreeDoc(doc);
	free(path);
}

/* Two parses of one step: the same decisions, line numbers aside. */
static int
same_order(const struct order *a, const struct order *b)
{
	int i;

	if (strcmp(a->step, b->step) != 0 || a->nitems != b->nitems ||
	    a->country != b->country)
		return 0;
	for (i = 0; i < a->nitems; i++) {
		struct item x = AOR_CITEMS(a)[i], y = AOR_CITEMS(b)[i];

		x.line = y.line = 0;
		if (memcmp(&x, &y, sizeof(x)) != 0)
			return 0;
	}
	return 1;
}

/* Returns 1 when the file is clean and for the game "fuzz". */
static int
parser(const char *text)
{
	struct order_file of;
	int i, errors, ours;

	errors = orders_parse_for(&aor_module, &rules, "fuzz", "fuzz.txt", text, 0, &of);
	ours = errors == 0 && strcmp(of.game, "fuzz") == 0;
	for (i = 0; i < of.norders; i++) {
		const struct order *o = &of.orders[i];
		struct order back;
		struct strbuf err;

		sb_init(&err);
		FUZZ_ASSERT(order_parse_block(&aor_module, &rules, o->country, o->text,
		    o->source, &back, &err) == 0,
		    "an accepted step's recorded text does not parse again");
		FUZZ_ASSERT(same_order(o, &back), "an accepted step's "
		    "recorded text parses to another order");
		order_release(&back);
		sb_release(&err);
	}
	order_file_release(&of);
	return ours;
}

/* The whole intake, as resolve runs it, on the game of AOR_FUZZ_GAME. */
static void
intake(const uint8_t *data, size_t size)
{
	static char file[64], saved[64];
	const char *path = getenv("AOR_FUZZ_GAME");
	unsigned char seed[SEED_BYTES];
	char *seed_path, *files[1];
	struct run_opts ro;
	struct game g;
	size_t before;
	int rc;

	if (path == NULL)
		return;
	if (file[0] == '\0') {
		snprintf(file, sizeof(file), "/tmp/aor-fuzz-orders.%ld.txt",
		    (long)getpid());
		snprintf(saved, sizeof(saved), "/tmp/aor-fuzz-after.%ld.xml",
		    (long)getpid());
	}
	seed_path = xasprintf("%s.seed", path);
	if (seed_read_file(seed_path, seed) != 0 ||
	    game_load(&g, path, seed, LOAD_NEED_SEED) != 0) {
		fprintf(stderr, "fuzz: cannot load %s\n", path);
		abort();
	}
	free(seed_path);
	if (write_file_atomic(file, data, size, 0600) != 0)
		abort();
	memset(&ro, 0, sizeof(ro));
	ro.now = "2026-12-01T10:00:00Z";
	files[0] = file;
	before = g.nhist;
	rc = resolve_run(&g, files, 1, &ro);
	if (ro.refused > 0)
		FUZZ_ASSERT(g.nhist == before, "a refused file changed the "
		    "history");
	if (rc == 0 && ro.changed) {
		FUZZ_ASSERT(game_save(&g, saved, ro.now) == 0,
		    "a game that took a file cannot be saved");
		game_release(&g);
		FUZZ_ASSERT(game_load(&g, saved, seed, LOAD_NEED_SEED) == 0,
		    "a game that took a file does not load again");
		fuzz_remove_game(saved);
	}
	game_release(&g);
	unlink(file);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct strbuf why;
	char *text;
	int line, ok;

	fuzz_init();
	load_rules();
	if (size > ORDER_FILE_MAX)
		return 0;
	sb_init(&why);
	ok = text_check((const char *)data, size, &line, &why) == 0;
	sb_release(&why);
	if (ok) {
		text = xmalloc(size + 1);
		memcpy(text, data, size);
		text[size] = '\0';
		ok = parser(text);
		free(text);
	}
	/*
	 * The intake loads the game, which is slow: only for files the
	 * parser takes for this game, and for a share of the others (the
	 * refusals before parsing: bytes, size, signatures).
	 */
	if (ok || size % 16 == 0)
		intake(data, size);
	diag_reset();
	return 0;
}
