/*
 * cmd-report.c - adjudicator report: a report of any run, from the file.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "diag.h"
#include "util.h"
#include "xmlutil.h"

static const char report_usage[] =
    "adjudicator report GAME.xml [--run N] [--for COUNTRY]\n"
    "       [--template FILE] [--seed-file FILE] [-o FILE]";

int
cmd_report(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "run", required_argument, NULL, 'r' },
		{ "for", required_argument, NULL, 'f' },
		{ "template", required_argument, NULL, 't' },
		{ "seed-file", required_argument, NULL, 's' },
		{ "output", required_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *template = NULL, *out = NULL, *viewer = NULL;
	const char *seed_file = NULL;
	unsigned char seed[SEED_BYTES];
	char commit[65];
	int have;
	long run = -1;
	struct strbuf err;
	struct game g;
	xmlDoc *doc;
	int c, co = NO_COUNTRY, rc;

	optind = 1;
	while ((c = getopt_long(argc, argv, "o:h", opts, NULL)) != -1) {
		switch (c) {
		case 'r':
			if (parse_int(optarg, 0, 1000000, &run) != 0)
				return usage(report_usage, EXIT_USAGE);
			break;
		case 'f': viewer = optarg; break;
		case 't': template = optarg; break;
		case 's': seed_file = optarg; break;
		case 'o': out = optarg; break;
		case 'h': return usage(report_usage, EXIT_OK);
		default: return usage(report_usage, EXIT_USAGE);
		}
	}
	if (argc - optind != 1)
		return usage(report_usage, EXIT_USAGE);
	/* a past run: the game as it stood then (the history is the game) */
	if ((have = seed_for_game(argv[optind], seed_file, seed)) < 0)
		return diag_status();
	if ((run >= 0 ? game_load_run(&g, argv[optind], (int)run) :
	    game_load(&g, argv[optind], NULL, 0)) != 0)
		return diag_status_or(EXIT_DATAERR);
	/* issue 17.11: the history's digest is keyed by the seed */
	if (have && !g.dice.have_key) {
		seed_commitment(seed, commit);
		if (strcmp(commit, g.commitment) == 0)
			dice_set_key(&g.dice, seed);
		else
			diag_warn(seed_file ? seed_file : NULL, 0, "not the "
			    "seed of this game (its SHA-256 is not the "
			    "commitment): the report has no history digest");
	}
	if (viewer != NULL) {
		sb_init(&err);
		co = g.module->country_find(g.rs, viewer, &err);
		if (co < 0 || !game_is_player(&g, co)) {
			diag(EXIT_USAGE, NULL, 0, "--for: %s", co < 0 ?
			    err.buf : "not a player's country");
			sb_release(&err);
			game_release(&g);
			return EXIT_USAGE;
		}
		viewer = game_country_id(&g, co);
		sb_release(&err);
	}
	/*
	 * Issue 12, 20.8: the game's own templates get the history entries
	 * they read (game_report_xml), not the whole history; the file's
	 * bytes and the schemas served the load and are no report's.
	 */
	game_drop_file(&g);
	xml_schemas_release();
	doc = game_report_xml(&g, NULL, viewer ? co : NO_COUNTRY,
	    report_own_template(g.module, template) ? g.run : -1);
	rc = report_write(doc, template, run >= 0 ? (int)run : g.run, viewer,
	    out);
	game_doc_free(&g, doc);
	game_release(&g);
	return rc;
}
