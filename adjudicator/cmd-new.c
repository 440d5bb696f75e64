/*
 * cmd-new.c - adjudicator new: create and set up a game (R1, R7, R30).
 */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libxml/parser.h>

#include "cmd.h"
#include "diag.h"
#include "util.h"
#include "xmlutil.h"

static const char new_usage[] =
    "adjudicator new -o GAME.xml --player COUNTRY:NAME:EMAIL ...\n"
    "       [--game NAME] [--ruleset FILE] [--variant NAME] [--rules N]\n"
    "       [--seed-file FILE] [--id ID] [--deadline-hours N] [--now TIME]\n"
    "       [--report FILE] [--key COUNTRY:KEYFILE ...]\n"
    "       [--moderator-key KEYFILE]\n"
    "       [--private-dir DIR] [--template FILE]";

/* "prussia:Anna Schmidt:anna@example.org" */
static int
add_player(struct game *g, const char *spec)
{
	char *copy = xstrdup(spec), *c1 = strchr(copy, ':'), *c2;
	struct strbuf err;
	struct player *p;
	int co, rc = -1;

	sb_init(&err);
	c2 = c1 ? strchr(c1 + 1, ':') : NULL;
	if (c1 == NULL || c2 == NULL) {
		diag(EXIT_USAGE, NULL, 0, "--player '%s': write "
		    "COUNTRY:NAME:EMAIL", spec);
		goto out;
	}
	*c1 = *c2 = '\0';
	/* name and address are recorded in the game file (XML) */
	if (text_check(spec, strlen(spec), &co, &err) != 0) {
		diag(EXIT_USAGE, NULL, 0, "--player: %s", err.buf);
		goto out;
	}
	co = g->module->country_find(g->rs, copy, &err);
	if (co < 0) {
		diag(EXIT_USAGE, NULL, 0, "--player: %s", err.buf);
		goto out;
	}
	if (game_seats(g)->seat_of[co] >= 0) {
		diag(EXIT_USAGE, NULL, 0, "--player: %s has a player already",
		    game_country_name(g, co));
		goto out;
	}
	if (game_seats(g)->nplayers == GAME_MAX_SIDES) {
		diag(EXIT_USAGE, NULL, 0, "too many players");
		goto out;
	}
	p = &game_seats(g)->players[game_seats(g)->nplayers];
	p->country = co;
	snprintf(p->name, sizeof(p->name), "%s", c1 + 1);
	snprintf(p->email, sizeof(p->email), "%s", c2 + 1);
	game_seats(g)->seat_of[co] = game_seats(g)->nplayers++;
	rc = 0;
out:
	sb_release(&err);
	free(copy);
	return rc;
}

/* Writes the new seed beside the game, readable by its owner only. */
static int
write_seed(const char *path, const unsigned char seed[SEED_BYTES])
{
	char hex[2 * SEED_BYTES + 2];
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0600);

	if (fd < 0) {
		diag(EXIT_CANTCREAT, path, 0, "cannot create the seed file: "
		    "%s", strerror(errno));
		return -1;
	}
	hex_encode(seed, SEED_BYTES, hex);
	strcat(hex, "\n");
	if (write(fd, hex, strlen(hex)) != (ssize_t)strlen(hex) ||
	    fsync(fd) != 0) {
		diag(EXIT_IOERR, path, 0, "cannot write: %s",
		    strerror(errno));
		close(fd);
		return -1;
	}
	close(fd);
	return 0;
}

/*
 * Registers the players' keys and the moderator's (issue 4); with the
 * moderator's key the seed is stored encrypted to it in the game file.
 */
static int
add_keys(struct game *g, char **keys, int nk, const char *modkey,
    const unsigned char seed[SEED_BYTES], const char *now)
{
	struct strbuf err;
	char *text, *colon, hex[2 * SEED_BYTES + 2];
	int i, co, rc = 0;

	sb_init(&err);
	for (i = 0; i <= nk && rc == 0; i++) {
		const char *file = i < nk ? NULL : modkey;

		co = NO_COUNTRY;
		if (i < nk) {
			colon = strchr(keys[i], ':');
			if (colon == NULL) {
				diag(EXIT_USAGE, NULL, 0, "--key '%s': write "
				    "COUNTRY:KEYFILE", keys[i]);
				rc = -1;
				break;
			}
			*colon = '\0';
			file = colon + 1;
			sb_reset(&err);
			co = g->module->country_find(g->rs, keys[i], &err);
			if (co < 0 || !game_is_player(g, co)) {
				diag(EXIT_USAGE, NULL, 0, "--key: %s", co < 0 ?
				    err.buf : "not a player's country");
				rc = -1;
				break;
			}
		}
		if (file == NULL)
			break;
		text = read_input_file(file, KEY_FILE_MAX, 0, NULL);
		if (text == NULL) {
			diag(EXIT_NOINPUT, file, 0, "cannot read the key: %s",
			    input_error(errno));
			rc = -1;
			break;
		}
		sb_reset(&err);
		if (game_add_key(g, co, text, now, &err) != 0) {
			diag(EXIT_DATAERR, file, 0, "%s", err.buf);
			rc = -1;
		}
		free(text);
	}
	if (rc == 0 && modkey != NULL) {
		hex_encode(seed, SEED_BYTES, hex);
		strcat(hex, "\n");
		sb_reset(&err);
		if (game_seal_text(g, hex, &g->sealed_seed, &err) != 0) {
			diag(EXIT_DATAERR, modkey, 0, "%s", err.buf);
			rc = -1;
		}
	}
	sb_release(&err);
	return rc;
}

static int
valid_id(const char *id)
{
	const char *p;

	if (*id == '\0' || *id == '.' || *id == '-' || *id == '_' ||
	    strlen(id) > 60)
		return 0;
	for (p = id; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= '0' && *p <= '9') || *p == '.' || *p == '-' ||
		    *p == '_'))
			return 0;
	return 1;
}

int
cmd_new(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "game", required_argument, NULL, 'g' },
		{ "player", required_argument, NULL, 'p' },
		{ "ruleset", required_argument, NULL, 'r' },
		{ "variant", required_argument, NULL, 'v' },
		{ "rules", required_argument, NULL, 'u' },
		{ "seed-file", required_argument, NULL, 's' },
		{ "id", required_argument, NULL, 'i' },
		{ "deadline-hours", required_argument, NULL, 'd' },
		{ "now", required_argument, NULL, 'n' },
		{ "report", required_argument, NULL, 'R' },
		{ "key", required_argument, NULL, 'k' },
		{ "moderator-key", required_argument, NULL, 'm' },
		{ "private-dir", required_argument, NULL, 'P' },
		{ "template", required_argument, NULL, 't' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *out = NULL, *ruleset = NULL, *seed_file = NULL;
	const char *id = NULL, *now_opt = NULL, *report = NULL;
	char **players = xcalloc((size_t)argc, sizeof(char *));
	char **variants = xcalloc((size_t)argc, sizeof(char *));
	char **keys = xcalloc((size_t)argc, sizeof(char *));
	const char *modkey = NULL, *private_dir = NULL, *template = NULL;
	int np = 0, nv = 0, nk = 0, c, i, lock = -1, rc = EXIT_USAGE;
	long hours = 0, rules = 0;
	const char *game = NULL, *rules_opt = NULL;
	const struct game_module *mod;
	struct seating seats;
	int minp, maxp;
	char *rspath = NULL, *seed_path = NULL, *idbuf = NULL, now[32];
	unsigned char seed[SEED_BYTES];
	struct game g;
	xmlDoc *rsdoc = NULL;

	game_init(&g);
	optind = 1;
	while ((c = getopt_long(argc, argv, "o:h", opts, NULL)) != -1) {
		switch (c) {
		case 'o': out = optarg; break;
		case 'g': game = optarg; break;
		case 'p': players[np++] = optarg; break;
		case 'r': ruleset = optarg; break;
		case 'v': variants[nv++] = optarg; break;
		case 's': seed_file = optarg; break;
		case 'i': id = optarg; break;
		case 'n': now_opt = optarg; break;
		case 'R': report = optarg; break;
		case 'k': keys[nk++] = optarg; break;
		case 'm': modkey = optarg; break;
		case 'P': private_dir = optarg; break;
		case 't': template = optarg; break;
		case 'u': rules_opt = optarg; break;
		case 'd':
			if (parse_int(optarg, 1, 24 * 365, &hours) != 0) {
				diag(EXIT_USAGE, NULL, 0, "--deadline-hours "
				    "takes a number of hours");
				goto out;
			}
			break;
		case 'h':
			rc = usage(new_usage, EXIT_OK);
			goto out;
		default:
			rc = usage(new_usage, EXIT_USAGE);
			goto out;
		}
	}
	if (out == NULL || optind != argc) {
		rc = usage(new_usage, EXIT_USAGE);
		goto out;
	}
	mod = modules_find(game != NULL ? game : modules_default()->name);
	if (mod == NULL) {
		diag(EXIT_USAGE, NULL, 0, "--game '%s': this adjudicator knows "
		    "%s", game, modules_names());
		goto out;
	}
	game_set_module(&g, mod);
	rules = mod->reading_current;
	/* an older reading, for scenarios recorded under it */
	if (rules_opt != NULL && parse_int(rules_opt, mod->reading_oldest,
	    mod->reading_current, &rules) != 0) {
		diag(EXIT_USAGE, NULL, 0, "--rules '%s': this adjudicator "
		    "knows readings %d to %d", rules_opt, mod->reading_oldest,
		    mod->reading_current);
		goto out;
	}
	if (run_time(now_opt, now) != 0)
		goto out;
	rspath = ruleset ? xstrdup(ruleset) : data_path(mod->ruleset_file);
	rsdoc = xml_load_valid(rspath, mod->ruleset_schema);
	if (rsdoc == NULL || (g.rs = mod->ruleset_load(
	    xmlDocGetRootElement(rsdoc), rspath)) == NULL) {
		rc = diag_status();
		goto out;
	}
	g.rsdoc = rsdoc;
	rsdoc = NULL;
	g.reading = (int)rules;
	game_state_init(&g, 0, g.reading);
	for (i = 0; i < np; i++)
		if (add_player(&g, players[i]) != 0)
			goto out;
	mod->players_range(g.rs, &minp, &maxp);
	if (game_seats(&g)->nplayers < minp ||
	    game_seats(&g)->nplayers > maxp) {
		const char *r = mod->players_ruling;

		diag(EXIT_USAGE, NULL, 0, "a game needs %d to %d players"
		    "%s%s%s, not %d", minp, maxp, r ? " (" : "", r ? r : "",
		    r ? ")" : "", game_seats(&g)->nplayers);
		goto out;
	}
	for (i = 0; i < nv; i++) {
		unsigned f = module_variant(mod, variants[i]);

		if (f == 0) {
			int k;

			diag(EXIT_USAGE, NULL, 0, "unknown variant '%s'",
			    variants[i]);
			for (k = 0; k < mod->nvariants; k++)
				fprintf(stderr, "  %s (%s): %s\n",
				    mod->variants[k].name,
				    mod->variants[k].ruling,
				    mod->variants[k].meaning);
			goto out;
		}
		g.variants |= f;
	}
	if (game_ruleset_variants(&g, rspath) != 0) {
		rc = diag_status();
		goto out;
	}
	/* the state is made again with the variants, the seats kept */
	seats = *game_seats(&g);
	game_state_init(&g, g.variants, g.reading);
	*game_seats(&g) = seats;
	g.deadline_hours = (int)hours;
	if (id == NULL) {
		char *copy = xstrdup(out), *base = basename(copy), *dot;

		dot = strrchr(base, '.');
		if (dot != NULL && dot != base)
			*dot = '\0';
		idbuf = xstrdup(base);
		free(copy);
		id = idbuf;
	}
	if (!valid_id(id)) {
		diag(EXIT_USAGE, NULL, 0, "bad game id '%s' (letters, digits, "
		    "'.', '-', '_'; give --id)", id);
		goto out;
	}
	if (access(out, F_OK) == 0) {
		diag(EXIT_CANTCREAT, out, 0, "exists already; not "
		    "overwritten");
		rc = EXIT_CANTCREAT;
		goto out;
	}
	lock = game_lock(out);
	if (lock < 0) {
		rc = diag_status();
		goto out;
	}
	if (seed_file != NULL) {
		if (seed_read_file(seed_file, seed) != 0) {
			diag(EXIT_NOINPUT, seed_file, 0, "cannot read a seed "
			    "(64 hexadecimal digits)");
			rc = EXIT_NOINPUT;
			goto out;
		}
	} else {
		if (seed_generate(seed) != 0) {
			diag(EXIT_SOFTWARE, NULL, 0, "no random source: %s",
			    strerror(errno));
			rc = EXIT_SOFTWARE;
			goto out;
		}
		/* with a moderator's key the seed lives sealed in the game */
		if (modkey == NULL) {
			seed_path = xasprintf("%s.seed", out);
			if (write_seed(seed_path, seed) != 0) {
				rc = diag_status();
				goto out;
			}
		}
	}
	if (game_create(&g, id, seed, now) != 0) {
		rc = diag_status_or(EXIT_SOFTWARE);
		goto out;
	}
	if (add_keys(&g, keys, nk, modkey, seed, now) != 0) {
		rc = diag_status_or(EXIT_SOFTWARE);
		goto out;
	}
	rc = save_with_reports(&g, out, now, template, report, private_dir);
	if (rc == EXIT_OK && seed_path != NULL)
		fprintf(stderr,
		    "adjudicator: created %s; its secret seed is in "
		    "%s (keep it private, R30)\n", out, seed_path);
out:
	if (rc != EXIT_OK && seed_path != NULL && access(out, F_OK) != 0)
		unlink(seed_path);	/* no game, so no seed either */
	if (rc != EXIT_OK && lock >= 0 && access(out, F_OK) != 0) {
		/* no game, so no lock file beside it; removed while held */
		char *lockpath = xasprintf("%s.lock", out);

		unlink(lockpath);
		free(lockpath);
	}
	game_unlock(lock);
	if (rsdoc != NULL)
		xmlFreeDoc(rsdoc);
	game_release(&g);
	free(players);
	free(variants);
	free(keys);
	free(rspath);
	free(seed_path);
	free(idbuf);
	return rc;
}
