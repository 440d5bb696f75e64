/*
 * cmd-status.c - adjudicator status: where each game stands, who is due.
 */
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "diag.h"

static const char status_usage[] = "adjudicator status GAME.xml ...\n"
    "Where each game stands: turn, phase, players, what is pending from "
    "whom\n"
    "and until when, orders waiting.";

static void
status_one(struct game *g)
{
	struct decision d[GAME_MAX_SIDES];
	char from[32], to[32];
	int c, i, np, won[GAME_MAX_SIDES];
	size_t k;
	struct strbuf where;

	sb_init(&where);
	g->module->describe(g->st, 0, &where);
	printf("game %s: %s", g->id, where.buf);
	sb_release(&where);
	printf("\nplayers:");
	for (i = 0; i < game_seats(g)->nplayers; i++)
		printf("%s %s (%s)", i ? "," : "",
		    game_country_name(g, game_seats(g)->players[i].country),
		    game_seats(g)->players[i].name);
	printf("\nvariants:");
	for (i = 0, c = 0; i < g->module->nvariants; i++)
		if (g->variants & g->module->variants[i].flag)
			printf("%s %s", c++ ? "," : "",
			    g->module->variants[i].name);
	printf("%s\n", c ? "" : " none");
	/* the game keeps the reading it was made under (module.h) */
	printf("rules: reading %d%s\n", g->reading,
	    g->reading == g->module->reading_current ? "" : " (an earlier "
	    "reading, "
	    "kept by this game)");
	/* R30: players hold the moderator to this from the first report */
	printf("seed commitment: SHA-256 %s%s\n", g->commitment,
	    g->seed_revealed ? " (the seed is published)" : "");
	if (game_paused(g))
		printf("paused: since %s; no deadline passes until 'adjudicator "
		    "resume'\n", g->paused);
	for (k = 0; k < g->nabsences; k++) {
		time_format(g->absences[k].from, from);
		time_format(g->absences[k].to, to);
		printf("absence: %s from %s to %s\n",
		    game_country_name(g, g->absences[k].country), from, to);
	}
	np = g->module->pending(g->st, d, GAME_MAX_SIDES);
	for (i = 0; i < np; i++) {
		const char *dl = game_deadline(g, &d[i]);

		printf("pending: STEP %s from %s: %s; deadline %s\n",
		    d[i].step, game_country_name(g, d[i].country), d[i].what,
		    dl ? dl : "none set");
	}
	if (g->module->over(g->st)) {
		int nw = g->module->winners(g->st, won, GAME_MAX_SIDES);

		printf("winner:");
		for (i = 0; i < nw; i++)
			printf("%s %s", i ? "," : "",
			    game_country_name(g, won[i]));
		printf("\n");
	}
	for (k = 0; k < g->nqueue; k++)
		printf("queued: STEP %s from %s (%s)\n", g->queue[k].o.step,
		    game_country_name(g, g->queue[k].o.country),
		    g->queue[k].o.source);
}

int
cmd_status(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct game g;
	int c, i, rc = EXIT_OK;

	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		if (c == 'h')
			return usage(status_usage, EXIT_OK);
		return usage(status_usage, EXIT_USAGE);
	}
	if (argc - optind < 1)
		return usage(status_usage, EXIT_USAGE);
	/* several games: each under its file name, a bad one skipped */
	for (i = optind; i < argc; i++) {
		if (argc - optind > 1)
			printf("%s==> %s <==\n", i > optind ? "\n" : "",
			    argv[i]);
		fflush(stdout);
		if (game_load(&g, argv[i], NULL, 0) != 0) {
			if (rc == EXIT_OK)
				rc = EXIT_DATAERR;
			continue;
		}
		status_one(&g);
		game_release(&g);
	}
	return diag_status_or(rc);
}
