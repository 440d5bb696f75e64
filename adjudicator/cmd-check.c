/*
 * cmd-check.c - adjudicator check: the verdict on each order, no changes.
 */
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "diag.h"
#include "resolve.h"

static const char check_usage[] =
    "adjudicator check GAME.xml ORDERS ... [--seed-file FILE] [--now TIME]";

int
cmd_check(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "seed-file", required_argument, NULL, 's' },
		{ "now", required_argument, NULL, 'n' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *seed_file = NULL, *now_opt = NULL, *path;
	struct run_opts ro;
	unsigned char seed[SEED_BYTES];
	char now[32];
	int c, have_seed, rc, nfiles;
	struct game g;

	memset(&ro, 0, sizeof(ro));
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 's': seed_file = optarg; break;
		case 'n': now_opt = optarg; break;
		case 'h': return usage(check_usage, EXIT_OK);
		default: return usage(check_usage, EXIT_USAGE);
		}
	}
	if (argc - optind < 2)
		return usage(check_usage, EXIT_USAGE);
	path = argv[optind++];
	if (run_time(now_opt, now) != 0)
		return EXIT_USAGE;
	ro.now = now;
	ro.verbose = 1;
	have_seed = seed_for_game(path, seed_file, seed);
	if (have_seed < 0 || game_load(&g, path, have_seed ? seed : NULL,
	    LOAD_NEED_SEED) != 0) {
		rc = diag_status();
		return rc ? rc : EXIT_DATAERR;
	}
	nfiles = argc - optind;
	rc = resolve_run(&g, argv + optind, nfiles, &ro) == 0 ?
	    EXIT_OK : diag_status_or(EXIT_DATAERR);
	if (rc == EXIT_OK && (ro.rejected > 0 || ro.refused > 0))
		rc = diag_status_or(EXIT_DATAERR);
	if (g.dice.error != NULL)
		printf("the orders could not be played through: a draw needs "
		    "the game's seed (give --seed-file)\n");
	else if (ro.refused > 0 && nfiles == 1)
		printf("the file was refused: nothing in it counts yet\n");
	else if (ro.refused > 0)
		printf("%d of %d files refused: nothing in them counts yet; "
		    "resolve would %s\n", ro.refused, nfiles,
		    ro.refused < nfiles ? "apply the others" :
		    "change nothing");
	else if (ro.rejected > 0)
		printf("some orders will be rejected when their step comes\n");
	else
		printf("all orders accepted\n");
	game_release(&g);
	return rc;
}
