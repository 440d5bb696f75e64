/*
 * cmd-verify.c - adjudicator verify: replay the history with the seed.
 */
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "diag.h"

static const char verify_usage[] =
    "adjudicator verify GAME.xml [--seed-file FILE]";

int
cmd_verify(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "seed-file", required_argument, NULL, 's' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *seed_file = NULL;
	unsigned char seed[SEED_BYTES];
	struct game g;
	size_t k, draws = 0, msgs = 0;
	int c, have;

	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 's': seed_file = optarg; break;
		case 'h': return usage(verify_usage, EXIT_OK);
		default: return usage(verify_usage, EXIT_USAGE);
		}
	}
	if (argc - optind != 1)
		return usage(verify_usage, EXIT_USAGE);
	have = seed_for_game(argv[optind], seed_file, seed);
	if (have < 0 || game_load(&g, argv[optind], have ? seed : NULL,
	    LOAD_VERIFY) != 0) {
		fprintf(stderr, "adjudicator: %s does NOT verify\n",
		    argv[optind]);
		return diag_status() ? diag_status() : EXIT_DATAERR;
	}
	for (k = 0; k < g.nhist; k++) {
		draws += g.hist[k].ndraws;
		msgs += g.hist[k].kind == EN_RECEIVED;
	}
	printf("%s: verified: %zu history entries and %zu draws replayed "
	    "from the seed; every draw, event and state matches\n",
	    argv[optind], g.nhist, draws);
	/* issue 9.5: say what was proved, and what could not be */
	printf("%s: signed messages: %zu re-checked against the keys "
	    "registered when they came", argv[optind],
	    msgs - (size_t)g.unchecked);
	if (g.unchecked > 0)
		printf("; %d not: encrypted to the moderator (give the "
		    "moderator's key in GNUPGHOME) or PGP/MIME mail recorded "
		    "without its signature (an older file)",
		    g.unchecked);
	printf("\n");
	printf("%s: players' orders: %d found, as recorded, in the signed "
	    "messages they came in", argv[optind], g.signed_orders);
	if (g.unchecked_orders > 0)
		printf("; %d not checked: messages encrypted to the "
		    "moderator, which cannot be opened here, came before "
		    "them", g.unchecked_orders);
	printf("\n");
	if (g.rs_digest[0] != '\0')
		printf("%s: ruleset: the copy is the one committed in run 0\n",
		    argv[optind]);
	else
		printf("%s: ruleset: not committed in run 0 (a file made "
		    "before that was recorded): the replay used the copy as "
		    "it stands, which proves only that the history follows "
		    "from it\n", argv[optind]);
	game_release(&g);
	return EXIT_OK;
}
