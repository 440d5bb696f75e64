/*
 * cmd-player.c - adjudicator player: replace a player, or change a
 * player's name, address or key (issue 11; Njudge's BECOME and SET
 * ADDRESS).  Recorded in the history; the next report says "Prussia is
 * now played by ...".
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "diag.h"
#include "util.h"

static const char player_usage[] =
    "adjudicator player GAME.xml COUNTRY [--name NAME] [--email ADDR]\n"
    "       [--key FILE] [--now TIME]\n"
    "Replaces the player of COUNTRY, or changes their name, address or "
    "key;\n"
    "the next report says so.  In a game with keys a new player needs "
    "--key.";

/* A name or address fit for the game file and a mail header. */
static int
check_field(const char *what, const char *v, size_t max, int email)
{
	const unsigned char *p;
	struct strbuf why;
	int line, bad;

	/* recorded in the game file (XML): text as order files are */
	sb_init(&why);
	bad = text_check(v, strlen(v), &line, &why);
	if (bad != 0)
		diag(EXIT_USAGE, NULL, 0, "--%s: %s", what, why.buf);
	sb_release(&why);
	if (bad != 0)
		return -1;
	if (*v == '\0' || strlen(v) >= max) {
		diag(EXIT_USAGE, NULL, 0, "--%s '%s': write 1 to %zu "
		    "characters", what, v, max - 1);
		return -1;
	}
	for (p = (const unsigned char *)v; *p; p++)
		if (*p < 0x20 || *p == 0x7f || (email && (*p == ' ' ||
		    *p == '<' || *p == '>' || *p == ',' || *p == '"'))) {
			diag(EXIT_USAGE, NULL, 0, "--%s '%s': no %s allowed",
			    what, v, email ? "spaces, control characters, "
			    "quotes, commas or angle brackets" :
			    "control characters");
			return -1;
		}
	if (email && (strchr(v, '@') == NULL || v[0] == '@' ||
	    strchr(v, '@')[1] == '\0')) {
		diag(EXIT_USAGE, NULL, 0, "--email '%s': not a mail address "
		    "(write name@domain)", v);
		return -1;
	}
	return 0;
}

int
cmd_player(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "name", required_argument, NULL, 'N' },
		{ "email", required_argument, NULL, 'e' },
		{ "key", required_argument, NULL, 'k' },
		{ "now", required_argument, NULL, 'n' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *name = NULL, *email = NULL, *keyfile = NULL;
	const char *now_opt = NULL, *path;
	struct strbuf err, text;
	struct player *p, old;
	struct entry *e;
	struct game g;
	char now[32], *key = NULL;
	int c, lock, co, rc;
	size_t from = 0;

	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'N': name = optarg; break;
		case 'e': email = optarg; break;
		case 'k': keyfile = optarg; break;
		case 'n': now_opt = optarg; break;
		case 'h': return usage(player_usage, EXIT_OK);
		default: return usage(player_usage, EXIT_USAGE);
		}
	}
	if (argc - optind != 2 || (name == NULL && email == NULL &&
	    keyfile == NULL))
		return usage(player_usage, EXIT_USAGE);
	path = argv[optind];
	if (run_time(now_opt, now) != 0 ||
	    (name != NULL && check_field("name", name, sizeof(old.name),
	    0) != 0) ||
	    (email != NULL && check_field("email", email, sizeof(old.email),
	    1) != 0))
		return EXIT_USAGE;
	if (keyfile != NULL && (key = read_file(keyfile, NULL)) == NULL) {
		diag(EXIT_NOINPUT, keyfile, 0, "cannot read the key: %s",
		    strerror(errno));
		return EXIT_NOINPUT;
	}
	if ((rc = moderator_open(path, &g, &lock)) != EXIT_OK) {
		free(key);
		return rc;
	}
	sb_init(&err);
	sb_init(&text);
	co = g.module->country_find(g.rs, argv[optind + 1], &err);
	if (co < 0 || !game_is_player(&g, co)) {
		diag(EXIT_USAGE, NULL, 0, "%s", co < 0 ? err.buf :
		    "not a player's country");
		rc = EXIT_USAGE;
		goto out;
	}
	p = &game_seats(&g)->players[game_seats(&g)->seat_of[co]];
	old = *p;
	if (name == NULL)
		name = old.name;
	if (email == NULL)
		email = old.email;
	if (strcmp(name, old.name) == 0 && strcmp(email, old.email) == 0 &&
	    key == NULL) {
		diag(EXIT_USAGE, NULL, 0, "%s is played by %s <%s> already: "
		    "nothing to change", game_country_name(&g, co), old.name,
		    old.email);
		rc = EXIT_USAGE;
		goto out;
	}
	/* signed orders from a new player need the new player's key */
	if (strcmp(name, old.name) != 0 && key == NULL &&
	    g.key_fpr[co][0] != '\0') {
		diag(EXIT_USAGE, NULL, 0, "%s's orders must be signed with the "
		    "key registered for it (%s): give the new player's key "
		    "with --key", game_country_name(&g, co), g.key_fpr[co]);
		rc = EXIT_USAGE;
		goto out;
	}
	sb_addf(&text, "player %s\nname %s\nemail %s\nold-name %s\n"
	    "old-email %s", game_country_id(&g, co), name, email,
	    old.name, old.email);
	sb_reset(&err);
	if ((e = game_moderate(&g, text.buf, now, &err)) == NULL) {
		diag(EXIT_SOFTWARE, path, 0, "%s", err.buf);
		rc = EXIT_SOFTWARE;
		goto out;
	}
	if (strcmp(name, old.name) != 0 || strcmp(email, old.email) != 0)
		game_note(&g, e, "The moderator: %s is now played by %s (%s) "
		    "(until now %s, %s).", game_country_name(&g, co), name,
		    email,
		    old.name, old.email);
	else
		game_note(&g, e, "The moderator: %s's player %s (%s) has a "
		    "new key.", game_country_name(&g, co), name, email);
	if (key != NULL) {
		/* the key's entry belongs to the coming run too */
		g.run++;
		sb_reset(&err);
		from = g.nhist;
		rc = game_add_key(&g, co, key, now, &err);
		g.run--;
		if (rc != 0) {
			diag(EXIT_DATAERR, keyfile, 0, "%s", err.buf);
			rc = EXIT_DATAERR;
			goto out;
		}
	}
	/* said once the game is saved */
	sb_reset(&text);
	sb_addf(&text, "%s: %s is played by %s <%s>", path,
	    game_country_name(&g, co),
	    name, email);
	if (key != NULL)
		sb_addf(&text, ", key %s", g.key_fpr[co]);
	rc = EXIT_OK;
out:
	sb_release(&err);
	free(key);
	if (rc == EXIT_OK && key != NULL) {
		sb_add(&text, "\n");
		voided_lines(&g, from, &text);
		/* the last line's newline is printf's */
		text.buf[--text.len] = '\0';
	}
	rc = moderator_close(path, &g, lock, now, rc);
	if (rc == EXIT_OK)
		printf("%s\n", text.buf);
	sb_release(&text);
	return rc;
}
