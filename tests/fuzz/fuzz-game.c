/*
 * fuzz-game.c - the game loader: any file is refused with a diagnostic or
 * loads; a game that loads saves again, and what it saves loads again
 * (a save must never make a game unloadable).
 */
#include <string.h>
#include <unistd.h>

#include "fuzz.h"
#include "game.h"
#include "util.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char in[64], out[64];
	struct game g;

	fuzz_init();
	if (in[0] == '\0') {
		snprintf(in, sizeof(in), "/tmp/aor-fuzz-game.%ld.xml",
		    (long)getpid());
		snprintf(out, sizeof(out), "/tmp/aor-fuzz-saved.%ld.xml",
		    (long)getpid());
	}
	if (write_file_atomic(in, data, size, 0600) != 0)
		abort();
	if (game_load(&g, in, NULL, 0) == 0) {
		FUZZ_ASSERT(game_save(&g, out, "2026-12-01T00:00:00Z") == 0,
		    "a game that loads cannot be saved");
		game_release(&g);
		FUZZ_ASSERT(game_load(&g, out, NULL, 0) == 0,
		    "a saved game does not load again");
		game_release(&g);
		fuzz_remove_game(out);
	}
	unlink(in);
	diag_reset();
	return 0;
}
