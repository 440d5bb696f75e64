/*
 * cmd-key.c - adjudicator key: register or replace a player's or the
 * moderator's OpenPGP key, recorded in the history (issue 4).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "diag.h"
#include "util.h"

static const char key_usage[] =
    "adjudicator key GAME.xml COUNTRY|moderator KEYFILE [--now TIME]";

int
cmd_key(int argc, char **argv)
{
	const char *path, *who, *file;
	struct strbuf err, rev;
	struct game g;
	char now[32], *text;
	int first, lock, co = NO_COUNTRY, rc = EXIT_OK, revoked = 0;
	size_t from;

	if ((rc = now_args(argc, argv, key_usage, 3, now, &first)) >= 0)
		return rc;
	rc = EXIT_OK;
	path = argv[first];
	who = argv[first + 1];
	file = argv[first + 2];
	text = read_input_file(file, KEY_FILE_MAX, 0, NULL);
	if (text == NULL) {
		diag(EXIT_NOINPUT, file, 0, "cannot read the key: %s",
		    input_error(errno));
		return EXIT_NOINPUT;
	}
	lock = game_lock(path);
	if (lock < 0) {
		free(text);
		return diag_status();
	}
	sb_init(&err);
	sb_init(&rev);
	if (game_load(&g, path, NULL, 0) != 0) {
		rc = diag_status_or(EXIT_DATAERR);
		goto out_unloaded;
	}
	if (!str_ieq(who, "moderator")) {
		co = g.module->country_find(g.rs, who, &err);
		if (co < 0 || !game_is_player(&g, co)) {
			diag(EXIT_USAGE, NULL, 0, "%s", co < 0 ? err.buf :
			    "not a player's country");
			rc = EXIT_USAGE;
			goto out;
		}
	}
	g.run++;
	sb_reset(&err);
	from = g.nhist;
	/*
	 * Issue 9: a revocation certificate, or a revoked copy of the key
	 * registered for the country, revokes it; anything else registers
	 * a new key.
	 */
	if (co != NO_COUNTRY && g.key_text[co] != NULL &&
	    g.key_revoked[co] == NULL &&
	    game_revoke_key(&g, co, text, now, &rev) == 0)
		revoked = 1;
	else if (game_add_key(&g, co, text, now, &err) != 0) {
		if (rev.len > 0)
			diag(EXIT_DATAERR, file, 0, "neither a revocation of "
			    "the key registered for %s (%s) nor a key to "
			    "register (%s)", game_country_name(&g, co), rev.buf,
			    err.buf);
		else
			diag(EXIT_DATAERR, file, 0, "%s", err.buf);
		rc = EXIT_DATAERR;
		goto out;
	}
	if (game_save(&g, path, now) != 0)
		rc = diag_status();
	else if (revoked)
		printf("%s: revoked key %s of %s: orders signed with it are "
		    "refused from now on\n", path, g.key_fpr[co],
		    game_country_name(&g, co));
	else
		printf("%s: registered key %s for %s\n", path,
		    co == NO_COUNTRY ? g.moderator_fpr : g.key_fpr[co],
		    co == NO_COUNTRY ? "the moderator" : game_country_name(&g,
		    co));
	if (rc == EXIT_OK) {
		sb_reset(&rev);
		voided_lines(&g, from, &rev);
		fputs(rev.buf, stdout);
	}
out:
	game_release(&g);
out_unloaded:
	sb_release(&err);
	sb_release(&rev);
	free(text);
	game_unlock(lock);
	return rc;
}
