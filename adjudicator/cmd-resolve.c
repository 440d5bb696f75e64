/*
 * cmd-resolve.c - adjudicator resolve: apply orders, advance, save, report.
 */
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "diag.h"
#include "resolve.h"

static const char resolve_usage[] =
    "adjudicator resolve GAME.xml [ORDERS ...] [--deadline-passed]\n"
    "       [--seed-file FILE] [--report FILE] [--template FILE]\n"
    "       [--private-dir DIR] [--now TIME]";

int
cmd_resolve(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "deadline-passed", no_argument, NULL, 'd' },
		{ "seed-file", required_argument, NULL, 's' },
		{ "report", required_argument, NULL, 'r' },
		{ "template", required_argument, NULL, 't' },
		{ "now", required_argument, NULL, 'n' },
		{ "private-dir", required_argument, NULL, 'p' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *seed_file = NULL, *report = NULL, *template = NULL;
	const char *private_dir = NULL;
	const char *now_opt = NULL, *path;
	struct run_opts ro;
	unsigned char seed[SEED_BYTES];
	char now[32];
	int c, lock, have_seed, rc, nfiles;
	struct game g;

	memset(&ro, 0, sizeof(ro));
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'd': ro.deadline_passed = 1; break;
		case 's': seed_file = optarg; break;
		case 'r': report = optarg; break;
		case 't': template = optarg; break;
		case 'n': now_opt = optarg; break;
		case 'p': private_dir = optarg; break;
		case 'h': return usage(resolve_usage, EXIT_OK);
		default: return usage(resolve_usage, EXIT_USAGE);
		}
	}
	if (optind >= argc)
		return usage(resolve_usage, EXIT_USAGE);
	path = argv[optind++];
	if (run_time(now_opt, now) != 0)
		return EXIT_USAGE;
	ro.now = now;
	lock = game_lock(path);
	if (lock < 0)
		return diag_status();
	nfiles = argc - optind;
	/* issue 17: gpg checks the signatures while the game loads */
	ro.early = resolve_verify_early(path, argv + optind, nfiles);
	have_seed = seed_for_game(path, seed_file, seed);
	if (have_seed < 0 || game_load(&g, path, have_seed ? seed : NULL,
	    LOAD_NEED_SEED) != 0) {
		resolve_early_free(ro.early);
		rc = diag_status();
		game_unlock(lock);
		return rc ? rc : EXIT_DATAERR;
	}
	/* the template too, while gpg works (resolve_run waits for it) */
	if (ro.early != NULL)
		report_prepare(template, g.module);
	if (resolve_run(&g, argv + optind, nfiles, &ro) != 0) {
		fprintf(stderr, "adjudicator: nothing was changed; %s is as "
		    "it was\n", path);
		rc = diag_status_or(EXIT_DATAERR);
		goto out;
	}
	if (ro.refused > 0)
		fprintf(stderr, "adjudicator: %d of %d order files refused "
		    "(the reasons are above): nothing of them counts%s\n",
		    ro.refused, nfiles, ro.changed ? "; the rest of the run "
		    "was applied" : "");
	if (!ro.changed) {
		if (game_paused(&g))
			fprintf(stderr, "adjudicator: no orders were due and "
			    "the game is paused since %s (no deadline "
			    "passes): nothing changed\n", g.paused);
		else
			fprintf(stderr, "adjudicator: no orders were due and "
			    "no deadline has passed: nothing changed\n");
		rc = ro.refused > 0 ? diag_status_or(EXIT_DATAERR) : EXIT_OK;
		goto out;
	}
	rc = save_with_reports(&g, path, now, template, report, private_dir);
	/* saved, but the moderator must tell the senders of refused files */
	if (rc == EXIT_OK && ro.refused > 0)
		rc = diag_status_or(EXIT_DATAERR);
out:
	game_release(&g);
	game_unlock(lock);
	return rc;
}
