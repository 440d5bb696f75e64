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

static const char *
phase_text(const struct aor_state *st)
{
	switch (st->phase) {
	case PH_AUCTION:
		return "alliance auction";
	case PH_SEGMENTS:
		return "player segments";
	case PH_OVER:
		return "game over";
	default:
		return "setup";
	}
}

static void
status_one(struct game *g)
{
	struct decision d[RS_MAX_COUNTRIES];
	char from[32], to[32];
	int c, i, np;
	size_t k;

	printf("game %s: turn %d of %d, %s", g->id, g->st.turn,
	    g->rs.num.turns, phase_text(&g->st));
	if (g->st.phase == PH_AUCTION)
		printf(" %d", g->st.auction.number);
	if (g->st.phase == PH_SEGMENTS)
		printf(", segment %d of %d", g->st.segment,
		    aor_segments_per_turn(&g->st));
	printf("\nplayers:");
	for (i = 0; i < g->st.seats.nplayers; i++)
		printf("%s %s (%s)", i ? "," : "",
		    cname(&g->st, g->st.seats.players[i].country),
		    g->st.seats.players[i].name);
	printf("\nvariants:");
	for (i = 0, c = 0; i < aor_nvariants; i++)
		if (g->st.variants & aor_variants[i].flag)
			printf("%s %s", c++ ? "," : "", aor_variants[i].name);
	printf("%s\n", c ? "" : " none");
	/* the game keeps the reading it was made under (aor.h) */
	printf("rules: reading %d%s\n", g->st.rules,
	    g->st.rules == AOR_RULES_CURRENT ? "" : " (an earlier reading, "
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
		    cname(&g->st, g->absences[k].country), from, to);
	}
	np = aor_pending(&g->st, d, RS_MAX_COUNTRIES);
	for (i = 0; i < np; i++) {
		const char *dl = game_deadline(g, &d[i]);

		printf("pending: STEP %s from %s: %s; deadline %s\n",
		    d[i].step, cname(&g->st, d[i].country), d[i].what,
		    dl ? dl : "none set");
	}
	if (g->st.phase == PH_OVER) {
		printf("winner:");
		for (i = 0; i < g->st.nwinners; i++)
			printf("%s %s", i ? "," : "",
			    cname(&g->st, g->st.winners[i]));
		printf("\n");
	}
	for (k = 0; k < g->nqueue; k++)
		printf("queued: STEP %s from %s (%s)\n", g->queue[k].o.step,
		    cname(&g->st, g->queue[k].o.country),
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
	return diag_status() ? diag_status() : rc;
}
