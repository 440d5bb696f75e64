/*
 * fuzz.h - what the libFuzzer targets share (make fuzz, tests/fuzz/run.sh).
 *
 * Each target feeds its input to one reader of outside data and aborts
 * when a property the program promises does not hold; the sanitizers
 * (ASan, UBSan) catch the rest.  Diagnostics are silenced: refusing bad
 * input is the expected outcome.
 */
#ifndef FUZZ_H
#define FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <unistd.h>

#include "diag.h"
#include "pgp.h"
#include "xmlutil.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A property broke: say which, and abort so that libFuzzer keeps it. */
#define FUZZ_ASSERT(cond, what) do { if (!(cond)) { \
	fprintf(stderr, "fuzz: property broken: %s (%s)\n", (what), #cond); \
	abort(); } } while (0)

static inline void
fuzz_init(void)
{
	static int done;

	if (done)
		return;
	done = 1;
	xml_init();
	diag_quiet(1);
}

/*
 * Removes a game file a target saved and what a save leaves beside it
 * (GAME.xml.cache; GAME.xml.keys/ for a game with keys), so that runs
 * leave nothing in /tmp.
 */
static inline void
fuzz_remove_game(const char *path)
{
	char side[256];

	unlink(path);
	snprintf(side, sizeof(side), "%s.cache", path);
	unlink(side);
	snprintf(side, sizeof(side), "%s.keys", path);
	pgp_remove_home(side);
}

#endif
