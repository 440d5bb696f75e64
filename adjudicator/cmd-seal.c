/*
 * cmd-seal.c - adjudicator seal: encrypt a secret pick to the moderator's
 * key, padded so that its size says nothing (issue 4, R39).  Players put
 * the output under the STEP line of a signed order file.
 *
 * The sealed text starts with the lines GAME, COUNTRY and STEP that name
 * where it counts (issue 9): a ciphertext copied under another STEP line
 * is refused, so a pick cannot be opened by pasting it elsewhere.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "diag.h"
#include "util.h"

static const char seal_usage[] =
    "adjudicator seal GAME.xml --country COUNTRY --step STEP [FILE]";

int
cmd_seal(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "country", required_argument, NULL, 'c' },
		{ "step", required_argument, NULL, 's' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *country = NULL, *step = NULL, *src = "standard input";
	struct strbuf in, err, text;
	struct game g;
	char *armored = NULL, buf[4096], canon[32];
	size_t n;
	int c, co, bound, rc = EXIT_OK;
	FILE *f = stdin;

	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'c': country = optarg; break;
		case 's': step = optarg; break;
		case 'h': return usage(seal_usage, EXIT_OK);
		default: return usage(seal_usage, EXIT_USAGE);
		}
	}
	if (argc - optind < 1 || argc - optind > 2)
		return usage(seal_usage, EXIT_USAGE);
	if (argc - optind == 2) {
		src = argv[optind + 1];
		if ((f = fopen(src, "r")) == NULL) {
			diag(EXIT_NOINPUT, src, 0, "cannot read: %s",
			    strerror(errno));
			return EXIT_NOINPUT;
		}
	}
	sb_init(&in);
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		sb_addn(&in, buf, n);
	if (f != stdin)
		fclose(f);
	if (game_load(&g, argv[optind], NULL, 0) != 0) {
		sb_release(&in);
		return diag_status_or(EXIT_DATAERR);
	}
	sb_init(&err);
	sb_init(&text);
	if ((country == NULL) != (step == NULL)) {
		diag(EXIT_USAGE, NULL, 0, "give both --country and --step");
		rc = EXIT_USAGE;
		goto out;
	}
	if (country != NULL) {
		co = g.module->country_find(g.rs, country, &err);
		if (co < 0 || g.module->parse_step(step, canon, sizeof(canon),
		    &err) != 0) {
			diag(EXIT_USAGE, NULL, 0, "%s", err.buf);
			rc = EXIT_USAGE;
			goto out;
		}
		bound = game_sealed_binding(&g, in.buf, co, canon, &err);
		if (bound < 0) {
			diag(EXIT_DATAERR, src, 1, "the text names another "
			    "game, country or step than --country and --step");
			rc = EXIT_DATAERR;
			goto out;
		}
		/* the lines that bind the pick to its place, inside */
		if (bound == 0)
			sb_addf(&text, "GAME %s\nCOUNTRY %s\nSTEP %s\n", g.id,
			    game_country_name(&g, co), canon);
	} else if (strncmp(in.buf, "GAME", 4) != 0 &&
	    strncmp(in.buf, "game", 4) != 0) {
		diag(EXIT_USAGE, src, 1, "the text does not start with the "
		    "GAME, COUNTRY and STEP lines of the pick's place: give "
		    "--country and --step");
		rc = EXIT_USAGE;
		goto out;
	}
	sb_add(&text, in.buf);
	if (game_seal_text(&g, text.buf, &armored, &err) != 0) {
		diag(EXIT_DATAERR, argv[optind], 0, "%s", err.buf);
		rc = EXIT_DATAERR;
	} else
		fputs(armored, stdout);
out:
	free(armored);
	sb_release(&text);
	sb_release(&err);
	sb_release(&in);
	game_release(&g);
	return rc;
}
