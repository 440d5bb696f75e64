/*
 * cmd-seal.c - adjudicator seal: encrypt a secret pick to the moderator's
 * key, padded so that its size says nothing (issue 4, R39).  Players put
 * the output under the STEP line of a signed order file.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "diag.h"
#include "util.h"

static const char seal_usage[] = "adjudicator seal GAME.xml [FILE]";

int
cmd_seal(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct strbuf in, err;
	struct game g;
	char *armored = NULL, buf[4096];
	size_t n;
	int c, rc = EXIT_OK;
	FILE *f = stdin;

	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		if (c == 'h')
			return usage(seal_usage, EXIT_OK);
		return usage(seal_usage, EXIT_USAGE);
	}
	if (argc - optind < 1 || argc - optind > 2)
		return usage(seal_usage, EXIT_USAGE);
	if (argc - optind == 2 && (f = fopen(argv[optind + 1], "r")) == NULL) {
		diag(EXIT_NOINPUT, argv[optind + 1], 0, "cannot read: %s",
		    strerror(errno));
		return EXIT_NOINPUT;
	}
	sb_init(&in);
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		sb_addn(&in, buf, n);
	if (f != stdin)
		fclose(f);
	if (game_load(&g, argv[optind], NULL, 0) != 0) {
		sb_release(&in);
		return diag_status() ? diag_status() : EXIT_DATAERR;
	}
	sb_init(&err);
	if (game_seal_text(&g, in.buf, &armored, &err) != 0) {
		diag(EXIT_DATAERR, argv[optind], 0, "%s", err.buf);
		rc = EXIT_DATAERR;
	} else
		fputs(armored, stdout);
	free(armored);
	sb_release(&err);
	sb_release(&in);
	game_release(&g);
	return rc;
}
