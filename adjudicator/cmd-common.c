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
#include "pgp.h"
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
moderator_open(const char *path, struct game *g, int *lock)
{
	*lock = game_lock(path);
	if (*lock < 0)
		return diag_status();
	if (game_load(g, path, NULL, 0) != 0) {
		game_unlock(*lock);
		return diag_status_or(EXIT_DATAERR);
	}
	return EXIT_OK;
}

int
moderator_close(const char *path, struct game *g, int lock,
    const char *now, int rc)
{
	if (rc == EXIT_OK && game_save(g, path, now) != 0)
		rc = diag_status_or(EXIT_IOERR);
	game_release(g);
	game_unlock(lock);
	return rc;
}

int
now_args(int argc, char **argv, const char *usage_text, int nargs,
    char now[32], int *first)
{
	static const struct option opts[] = {
		{ "now", required_argument, NULL, 'n' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *now_opt = NULL;
	int c;

	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'n': now_opt = optarg; break;
		case 'h': return usage(usage_text, EXIT_OK);
		default: return usage(usage_text, EXIT_USAGE);
		}
	}
	if (argc - optind != nargs)
		return usage(usage_text, EXIT_USAGE);
	if (run_time(now_opt, now) != 0)
		return EXIT_USAGE;
	*first = optind;
	return -1;
}

int
file_is_game(const char *path)
{
	char buf[512];
	size_t n;
	FILE *f = fopen(path, "r");

	if (f == NULL)
		return 1;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	return strstr(buf, "<game ") != NULL;
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

/*
 * A report encrypted to a revoked key could be read by whoever holds
 * that key, the reason it was revoked; one in plain by anyone on the
 * way.  So it is withheld, and the player told why in plain words that
 * give nothing away.  So is one that the player's key refuses (expired,
 * no encryption subkey that works: why says which), rather than stop
 * the game for everyone.
 */
static char *
withheld_notice(const struct game *g, int co, const char *why)
{
	char *reason = why != NULL ? xasprintf("The key registered for %s "
	    "(%s) cannot be encrypted to:\n%s.\n", game_country_name(g, co),
	    g->key_fpr[co], why) : xasprintf("The key registered for %s "
	    "(%s) was revoked (history entry %d).\nA report encrypted to it "
	    "could be read by whoever holds that key, and\none in plain by "
	    "anyone on the way, so none is sent.\n", game_country_name(g, co),
	    g->key_fpr[co], g->key_revoked_at[co]);
	char *text = xasprintf("Game %s, run %d: your private report is "
	    "withheld.\n\n%sPlease send the moderator %s: once it is "
	    "registered, your\nreports are encrypted to it again, and the "
	    "moderator sends you this one.\n", g->id, g->run, reason,
	    why != NULL ? "your key with a new expiry date or a\n"
	    "working encryption subkey, or a new public key" :
	    "your new public key");

	free(reason);
	return text;
}

/* The withheld report of co: the notice in path, and the warning. */
static int
withhold(const struct game *g, int co, const char *path, const char *why)
{
	char *notice = withheld_notice(g, co, why), *reason = why != NULL ?
	    xstrdup(why) : xasprintf("the key registered for it was revoked "
	    "(history entry %d)", g->key_revoked_at[co]);
	int rc;

	diag_warn(path, 0, "the private report of %s is withheld: %s; "
	    "after 'adjudicator key' with %s key, send it with "
	    "'adjudicator report --run %d --for %s' encrypted to that key",
	    game_country_name(g, co), reason, why != NULL ? "a mended or new" :
	    "the new", g->run, game_country_id(g, co));
	rc = report_write_file(path, notice, strlen(notice));
	free(notice);
	free(reason);
	return rc;
}

int
private_reports(struct game *g, const char *template_path, const char *dir,
    char withheld[GAME_MAX_SIDES])
{
	struct strbuf err;
	int s, e = 0, rc = EXIT_OK;

	if (mkdir(dir, 0700) != 0 && errno != EEXIST) {
		diag(EXIT_CANTCREAT, dir, 0, "cannot create: %s",
		    strerror(errno));
		return EXIT_CANTCREAT;
	}
	sb_init(&err);
	for (s = 0; s < game_seats(g)->nplayers && rc == EXIT_OK; s++) {
		int co = game_seats(g)->players[s].country;
		const char *id = game_country_id(g, co);
		char *text = NULL, *armored = NULL, *path;
		size_t len;
		/* issue 12: the text report gets the entries it reads */
		xmlDoc *mine = game_report_xml(g, NULL, co,
		    report_own_template(g->module, template_path) ? g->run :
		    -1);

		if (withheld != NULL)
			withheld[co] = 0;
		rc = report_render(mine, template_path, g->run, id, &text,
		    &len);
		game_doc_free(g, mine);
		if (rc != EXIT_OK)
			break;
		sb_reset(&err);
		if (g->key_text[co] == NULL) {
			path = xasprintf("%s/%s.txt", dir, id);
			rc = report_write_file(path, text, len);
		} else if (g->key_revoked[co] != NULL ||
		    (e = game_encrypt_for(g, co, text, &armored,
		    &err)) == PGP_KEY_REFUSED) {
			path = xasprintf("%s/%s.txt", dir, id);
			rc = withhold(g, co, path, g->key_revoked[co] != NULL ?
			    NULL : err.buf);
			if (withheld != NULL)
				withheld[co] = 1;
		} else {
			path = xasprintf("%s/%s.txt.asc", dir, id);
			if (e != 0) {
				diag(EXIT_DATAERR, path, 0,
				    "cannot encrypt the "
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

int
save_with_reports(struct game *g, const char *path, const char *now,
    const char *template_path, const char *report_path,
    const char *private_dir)
{
	struct stage st;
	const char *failed = NULL;
	struct hidden *hidden, *old = NULL;
	struct game_write w;
	size_t nhidden, nold = 0;
	xmlNode *chain;
	xmlDoc *doc;
	int rc;

	stage_init(&st);
	report_stage(&st);
	/* one document for the report and the game file (issue 12) */
	doc = game_save_xml(g, now, template_path == NULL ? g->run : -1);
	/*
	 * The game's bytes first: the disk writes them while the reports
	 * render (issue 17.12).  The file takes the place of the game only
	 * once every report is made.
	 */
	game_save_begin(g, doc, path, &w);
	/*
	 * The text report reads only this run's history entries (and the
	 * key entries): the others are out while it renders, so that it
	 * and the hiding below cost the run, not the game (issue 12).
	 */
	if (template_path == NULL)
		game_doc_trim(doc, g->run, &old, &nold);
	/* the public report's document holds only what all may see */
	game_doc_hide(g, doc, NO_COUNTRY, &hidden, &nhidden);
	/* issue 17.11: the history's digest, in the report, not the file */
	chain = game_doc_chain(g, doc, g->run);
	rc = report_write(doc, template_path, g->run, NULL, report_path);
	game_doc_unchain(chain);
	game_doc_unhide(doc, hidden, nhidden);
	game_doc_unhide(doc, old, nold);
	if (rc == EXIT_OK && private_dir != NULL)
		rc = private_reports(g, template_path, private_dir, NULL);
	report_stage(NULL);
	if (game_save_end(g, &w, path, rc == EXIT_OK) != 0 && rc == EXIT_OK)
		rc = diag_status_or(EXIT_IOERR);
	game_doc_free(g, doc);
	if (rc != EXIT_OK && access(path, F_OK) == 0)
		fprintf(stderr, "adjudicator: nothing was changed; %s is as "
		    "it was\n", path);
	else if (rc != EXIT_OK)
		fprintf(stderr, "adjudicator: %s was not created\n", path);
	else if (stage_commit(&st, &failed) != 0) {
		/* rare: a rename in a folder where a temporary was made */
		diag(EXIT_IOERR, failed, 0, "cannot put the report in place "
		    "(the game was saved): %s", strerror(errno));
		rc = EXIT_IOERR;
	}
	stage_abort(&st);
	return rc;
}

void
voided_lines(const struct game *g, size_t from, struct strbuf *out)
{
	size_t k;

	for (k = from; k < g->nhist; k++) {
		const struct entry *e = &g->hist[k];

		if (e->kind != EN_REJECTED || e->reason == NULL ||
		    strncmp(e->reason, "voided: ", 8) != 0)
			continue;
		sb_addf(out,
		    "voided: STEP %s from %s (signed with the key %s): "
		    "%s sends it again, signed with the new key\n", e->step,
		    game_country_name(g, e->country), strstr(e->reason,
		    "revoked since") != NULL ? "revoked" : "replaced",
		    game_country_name(g, e->country));
	}
}
