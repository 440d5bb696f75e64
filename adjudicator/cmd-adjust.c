/*
 * cmd-adjust.c - adjudicator adjust: a moderator's correction, recorded in
 * the history like an order so that replays make it too.
 */
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "diag.h"
#include "util.h"

static const char adjust_usage[] =
    "adjudicator adjust GAME.xml 'COUNTRY gold|vp|unrest N' [--now TIME]\n"
    "       adjudicator adjust GAME.xml 'COUNTRY discs AREA N' [--now TIME]";

int
cmd_adjust(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "now", required_argument, NULL, 'n' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *now_opt = NULL, *path;
	struct strbuf err;
	struct game g;
	char now[32];
	int c, lock, rc = EXIT_OK;

	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'n': now_opt = optarg; break;
		case 'h': return usage(adjust_usage, EXIT_OK);
		default: return usage(adjust_usage, EXIT_USAGE);
		}
	}
	if (argc - optind != 2)
		return usage(adjust_usage, EXIT_USAGE);
	path = argv[optind];
	if (run_time(now_opt, now) != 0)
		return EXIT_USAGE;
	lock = game_lock(path);
	if (lock < 0)
		return diag_status();
	if (game_load(&g, path, NULL, 0) != 0) {
		game_unlock(lock);
		return diag_status() ? diag_status() : EXIT_DATAERR;
	}
	sb_init(&err);
	g.run++;
	if (game_adjust(&g, argv[optind + 1], now, &err) != 0) {
		diag(EXIT_USAGE, NULL, 0, "%s", err.buf);
		rc = EXIT_USAGE;
	} else if (game_save(&g, path, now) != 0)
		rc = diag_status();
	sb_release(&err);
	game_release(&g);
	game_unlock(lock);
	return rc;
}
