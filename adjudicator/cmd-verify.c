/*
 * cmd-verify.c - adjudicator verify: replay the history with the seed.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "diag.h"
#include "util.h"

static const char verify_usage[] =
    "adjudicator verify GAME.xml [--seed-file FILE] [--report FILE]\n"
    "       [--strict]";

/*
 * Issue 17.11: the run and history digest a report states ("History
 * digest through run N", then 64 hex digits: the text and the HTML
 * report alike).  0, or -1 when it states none.
 */
static int
report_digest(const char *text, int *run, char hex[65])
{
	static const char mark[] = "History digest through run ";
	const char *p = strstr(text, mark), *q;
	char *end;
	long r;
	size_t n;

	if (p == NULL)
		return -1;
	p += sizeof(mark) - 1;
	r = strtol(p, &end, 10);
	if (end == p || r < 0 || r > 1000000)
		return -1;
	*run = (int)r;
	for (q = end; *q != '\0'; q++) {
		for (n = 0; isxdigit((unsigned char)q[n]) &&
		    !isupper((unsigned char)q[n]); n++)
			;
		if (n == 64) {
			memcpy(hex, q, 64);
			hex[64] = '\0';
			return 0;
		}
		if (n > 0)
			q += n - 1;
		if (strncmp(q, "History digest", 14) == 0)
			return -1;
	}
	return -1;
}

/*
 * Whether a report a player kept belongs to this archive: its run's
 * digest must be this history's.  EXIT_OK or EXIT_DATAERR, said on
 * stdout or as a diagnostic.
 */
static int
check_report(const char *game, const char *file, char (*chain)[65], int runs)
{
	char *text, hex[65];
	int run, rc = EXIT_DATAERR;

	if ((text = read_file(file, NULL)) == NULL) {
		diag(EXIT_NOINPUT, file, 0, "cannot read: %s", strerror(errno));
		return EXIT_NOINPUT;
	}
	if (report_digest(text, &run, hex) != 0)
		diag(EXIT_DATAERR, file, 0, "no history digest in this report "
		    "(\"History digest through run N\" and 64 hexadecimal "
		    "digits; a report made before they were shown, or one "
		    "made without the seed, has none)");
	else if (run >= runs)
		diag(EXIT_DATAERR, file, 0, "is not a report of this game: it "
		    "is of run %d, and %s has %d run%s (0 to %d)", run, game,
		    runs, runs == 1 ? "" : "s", runs - 1);
	else if (strcmp(hex, chain[run]) != 0)
		diag(EXIT_DATAERR, file, 0, "is not a report of this game: "
		    "its history digest of run %d (%s) is not that of %s "
		    "(%s): the history it was made from differs from this "
		    "one in that run or before", run, hex, game, chain[run]);
	else {
		printf("%s: is a report of run %d of this game (history "
		    "digest %s)\n", file, run, hex);
		rc = EXIT_OK;
	}
	free(text);
	return rc;
}

int
cmd_verify(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "seed-file", required_argument, NULL, 's' },
		{ "report", required_argument, NULL, 'r' },
		{ "strict", no_argument, NULL, 'S' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *seed_file = NULL, *report = NULL;
	char (*chain)[65] = NULL;
	unsigned char seed[SEED_BYTES];
	struct game g;
	size_t k, draws = 0, msgs = 0;
	int c, have, r, strict = 0, rc = EXIT_OK, entropy = 0;

	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 's': seed_file = optarg; break;
		case 'r': report = optarg; break;
		case 'S': strict = 1; break;
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
		return diag_status_or(EXIT_DATAERR);
	}
	for (k = 0; k < g.nhist; k++) {
		draws += g.hist[k].ndraws;
		msgs += g.hist[k].kind == EN_RECEIVED;
	}
	printf("%s: verified: %zu history entries and %zu draws replayed "
	    "from the seed; every draw, event and state matches\n",
	    argv[optind], g.nhist, draws);
	/*
	 * issue 9.5: say what was proved, and what could not be; issue 17:
	 * always how much, which --strict wants to be nothing
	 */
	printf("%s: signed messages: %zu re-checked against the keys "
	    "registered when they came; %d not re-checked", argv[optind],
	    msgs - (size_t)g.unchecked, g.unchecked);
	if (g.unchecked > 0)
		printf(": encrypted to the moderator and no session key "
		    "published (give the moderator's key in GNUPGHOME), or "
		    "PGP/MIME mail recorded without its signature (an older "
		    "file)");
	printf("\n");
	printf("%s: players' orders: %d re-checked, as recorded, in the "
	    "signed messages they came in; %d not re-checked",
	    argv[optind], g.signed_orders, g.unchecked_orders);
	if (g.unchecked_orders > 0)
		printf(": found only in messages not re-checked, or in none "
		    "while such messages came before them");
	printf("\n");
	if (g.rs_digest[0] != '\0')
		printf("%s: ruleset: the copy is the one committed in run 0\n",
		    argv[optind]);
	else
		printf("%s: ruleset: not committed in run 0 (a file made "
		    "before that was recorded): the replay used the copy as "
		    "it stands, which proves only that the history follows "
		    "from it\n", argv[optind]);
	/*
	 * The dice rule is the file's word, and neither the commitment nor
	 * the history digest covers it: a moderator who takes dice="2" out
	 * of a game made since issue 17 has the file order and a rollback
	 * tried again choose draws (rule 1), and every digest stays as it
	 * was.  So the player is told the rule, and --strict wants rule 2
	 * wherever rule 1 could have chosen something.
	 */
	for (k = 0; k < g.nhist; k++)
		entropy += g.hist[k].kind == EN_ENTROPY;
	if (g.dice_rule >= 2)
		printf("%s: dice rule %d: a run's ENTROPY counts sorted and "
		    "the dice after a rollback follow from the seed, the run "
		    "and the count of rollbacks (%d): neither the order of "
		    "the files nor a rollback tried again chose a draw\n",
		    argv[optind], g.dice_rule, game_rollbacks(&g));
	else
		printf("%s: dice rule 1 (a game made by an older version, or a "
		    "file that says so): a run's ENTROPY counted in the order "
		    "its files were given (%d ENTROPY entries) and the dice "
		    "after a rollback followed the file it replaced (%d "
		    "rollbacks), which the moderator could choose\n",
		    argv[optind], entropy, game_rollbacks(&g));
	/*
	 * Issue 17.11: the chain a player's kept report is checked against
	 * (the game's seed is known here: the replay needed it).
	 */
	if (game_chain(&g, g.run, &chain) == 0)
		for (r = 0; r <= g.run; r++)
			printf("%s: history digest, run %d: %s\n",
			    argv[optind], r, chain[r]);
	if (report != NULL && chain == NULL) {
		diag(EXIT_DATAERR, report, 0, "the history digests need the "
		    "game's seed (--seed-file)");
		rc = EXIT_DATAERR;
	} else if (report != NULL)
		rc = check_report(argv[optind], report, chain, g.run + 1);
	free(chain);
	if (strict && g.dice_rule < 2 && (entropy > 0 ||
	    game_rollbacks(&g) > 0)) {
		diag(EXIT_DATAERR, argv[optind], 0, "dice rule 1 with %d "
		    "ENTROPY entr%s and %d rollback%s: the moderator could "
		    "choose among draws (--strict)", entropy, entropy == 1 ?
		    "y" : "ies", game_rollbacks(&g), game_rollbacks(&g) == 1 ?
		    "" : "s");
		fprintf(stderr, "adjudicator: %s does NOT verify\n",
		    argv[optind]);
		rc = EXIT_DATAERR;
	} else if (strict && (g.unchecked > 0 || g.unchecked_orders > 0)) {
		diag(EXIT_DATAERR, argv[optind], 0, "%d signed message%s and "
		    "%d players' order%s not re-checked (--strict)",
		    g.unchecked, g.unchecked == 1 ? "" : "s",
		    g.unchecked_orders, g.unchecked_orders == 1 ? "" : "s");
		fprintf(stderr, "adjudicator: %s does NOT verify\n",
		    argv[optind]);
		rc = EXIT_DATAERR;
	}
	game_release(&g);
	return rc;
}
