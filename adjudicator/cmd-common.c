/*
 * cmd-common.c - what the subcommands share: usage, seeds, time.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <unistd.h>

#include "cmd.h"
#include "diag.h"
#include "util.h"

int
usage(const char *text, int status)
{
	fprintf(status == EXIT_OK ? stdout : stderr, "usage: %s\n", text);
	return status;
}

int
seed_for_game(const char *game_path, const char *seed_file,
    unsigned char seed[SEED_BYTES])
{
	char *path = seed_file ? xstrdup(seed_file) :
	    xasprintf("%s.seed", game_path);
	struct stat sb;
	int rc = 1;

	if (stat(path, &sb) != 0) {
		if (seed_file != NULL) {
			diag(EXIT_NOINPUT, path, 0, "cannot read the seed: %s",
			    strerror(errno));
			rc = -1;
		} else
			rc = 0;
	} else if (seed_read_file(path, seed) != 0) {
		diag(EXIT_DATAERR, path, 0, "not a seed (64 hexadecimal "
		    "digits)");
		rc = -1;
	} else if ((sb.st_mode & 077) != 0 && seed_file == NULL)
		diag_warn(path, 0, "the seed file is readable by others "
		    "(chmod 600 it): players who read it can foresee the "
		    "dice");
	free(path);
	return rc;
}

int
run_time(const char *now_opt, char out[32])
{
	if (time_now(now_opt, out) != 0) {
		diag(EXIT_USAGE, NULL, 0, "bad time '%s' (write ISO 8601 with "
		    "a zone, e.g. 2026-12-01T18:00:00Z or "
		    "2026-12-01T19:00+01:00)", now_opt);
		return -1;
	}
	return 0;
}

int
private_reports(struct game *g, const char *template_path, const char *dir)
{
	struct strbuf err;
	int s, rc = EXIT_OK;

	if (mkdir(dir, 0700) != 0 && errno != EEXIST) {
		diag(EXIT_CANTCREAT, dir, 0, "cannot create: %s",
		    strerror(errno));
		return EXIT_CANTCREAT;
	}
	sb_init(&err);
	for (s = 0; s < g->st.nplayers && rc == EXIT_OK; s++) {
		int co = g->st.players[s].country;
		const char *id = g->rs.countries[co].name.id;
		char *text = NULL, *armored = NULL, *path;
		size_t len;
		xmlDoc *mine = game_to_xml_for(g, NULL, co);

		rc = report_render(mine, template_path, g->run, id, &text,
		    &len);
		xmlFreeDoc(mine);
		if (rc != EXIT_OK)
			break;
		if (g->key_text[co] == NULL) {
			path = xasprintf("%s/%s.txt", dir, id);
			rc = report_write_file(path, text, len);
		} else {
			path = xasprintf("%s/%s.txt.asc", dir, id);
			sb_reset(&err);
			if (game_encrypt_to(g->key_text[co], text, &armored,
			    &err) != 0) {
				diag(EXIT_DATAERR, path, 0, "cannot encrypt the "
				    "private report: %s", err.buf);
				rc = EXIT_DATAERR;
			} else
				rc = report_write_file(path, armored,
				    strlen(armored));
		}
		free(armored);
		free(text);
		free(path);
	}
	sb_release(&err);
	return rc;
}
