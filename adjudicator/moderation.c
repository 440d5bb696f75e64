/*
 * moderation.c - a mail command's session, what fetch, send and run share:
 * the accounts, the lock, the game and its mail state, the summary line;
 * and the reports of a run queued for mail (queue_reports).
 */
#include "moderation.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd.h"
#include "diag.h"
#include "pgp.h"
#include "util.h"
#include "xmlutil.h"

void
moderation_init(struct moderation *m)
{
	memset(m, 0, sizeof(*m));
	m->reject_folder = DEFAULT_REJECT_FOLDER;
	m->remind_hours = 12;
	m->html_opt = -1;
	m->lock = -1;
}

int
moderation_options(struct moderation *m, int argc, char **argv,
    const char *own, const char *usage_text, const char **now,
    const char **games)
{
	static const struct option all[] = {
		{ "imap", required_argument, NULL, 'i' },
		{ "smtp", required_argument, NULL, 'S' },
		{ "from", required_argument, NULL, 'f' },
		{ "netrc", required_argument, NULL, 'N' },
		{ "insecure-plain", no_argument, NULL, 'P' },
		{ "retry-failed", no_argument, NULL, 'r' },
		{ "remind-hours", required_argument, NULL, 'H' },
		{ "reject-folder", required_argument, NULL, 'R' },
		{ "no-move", no_argument, NULL, 'M' },
		{ "template", required_argument, NULL, 't' },
		{ "html-reports", required_argument, NULL, 'x' },
		{ "games", required_argument, NULL, 'g' },
		{ "timeout", required_argument, NULL, 'T' },
		{ "seed-file", required_argument, NULL, 's' },
		{ "now", required_argument, NULL, 'n' },
		{ "help", no_argument, NULL, 'h' }
	};
	struct option opts[ARRAY_SIZE(all) + 1];
	int imap = strchr(own, 'i') != NULL, smtp = strchr(own, 'S') != NULL;
	size_t i, n = 0;
	long v;
	int c;

	/* only the command's own: another's is an unrecognized option */
	for (i = 0; i < ARRAY_SIZE(all); i++)
		if (strchr(own, all[i].val) != NULL)
			opts[n++] = all[i];
	memset(&opts[n], 0, sizeof(opts[n]));
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'i': m->imap.url = optarg; break;
		case 'S': m->smtp.url = optarg; break;
		case 'f': m->from = optarg; break;
		case 'N':
			if (imap)
				m->imap.netrc = optarg;
			if (smtp)
				m->smtp.netrc = optarg;
			break;
		case 'P':
			m->imap.insecure_plain = imap;
			m->smtp.insecure_plain = smtp;
			break;
		case 'r': m->retry_failed = 1; break;
		case 'H':
			if (parse_int(optarg, 0, 24 * 365, &v) != 0)
				return usage(usage_text, EXIT_USAGE);
			m->remind_hours = (int)v;
			break;
		case 'R': m->reject_folder = optarg; break;
		case 'M': m->reject_folder = NULL; break;
		case 't': m->template = optarg; break;
		case 'x':
			if (strcmp(optarg, "yes") != 0 &&
			    strcmp(optarg, "no") != 0)
				return usage(usage_text, EXIT_USAGE);
			m->html_opt = strcmp(optarg, "yes") == 0;
			break;
		case 'g': *games = optarg; break;
		case 'T':
			if (parse_int(optarg, 1, 3600, &v) != 0)
				return usage(usage_text, EXIT_USAGE);
			if (imap)
				m->imap.timeout = v;
			if (smtp)
				m->smtp.timeout = v;
			break;
		case 's': m->seed_file = optarg; break;
		case 'n': *now = optarg; break;
		case 'h': return usage(usage_text, EXIT_OK);
		default: return usage(usage_text, EXIT_USAGE);
		}
	}
	return -1;
}

void
moderation_fail(struct moderation *m, int status)
{
	/* a temporary failure says "try again"; anything worse wins */
	if (status == EXIT_OK || m->status == status)
		return;
	if (m->status == EXIT_OK || m->status == EXIT_TEMPFAIL)
		m->status = status;
}

/* The host of a mail URL, as a new string, or NULL. */
static char *
url_host(const char *url)
{
	const char *p = strstr(url, "://"), *end, *at;

	if (p == NULL)
		return NULL;
	p += 3;
	end = p + strcspn(p, "/?#");
	at = memchr(p, '@', (size_t)(end - p));
	if (at != NULL)
		p = at + 1;
	if (*p == '[') {
		const char *close = memchr(p, ']', (size_t)(end - p));

		if (close == NULL)
			return NULL;
		return xasprintf("%.*s", (int)(close - p - 1), p + 1);
	}
	return xasprintf("%.*s", (int)(strcspn(p, ":/?#")), p);
}

/* Is the account's host this machine (127.0.0.0/8, ::1, localhost)? */
static int
loopback_url(const char *url)
{
	char *host = url_host(url);
	int yes;

	yes = host != NULL && (strncmp(host, "127.", 4) == 0 ||
	    strcmp(host, "::1") == 0 || str_ieq(host, "localhost"));
	free(host);
	return yes;
}

/* The domain of the From address, for Message-IDs. */
static char *
from_domain(const char *from)
{
	const char *at = from != NULL ? strrchr(from, '@') : NULL;
	size_t n;

	if (at == NULL)
		return xstrdup("adjudicator.invalid");
	at++;
	n = strcspn(at, "> \t");
	if (n == 0)
		return xstrdup("adjudicator.invalid");
	return xasprintf("%.*s", (int)n, at);
}

int
moderation_load_game(struct moderation *m, struct game *g)
{
	unsigned char seed[SEED_BYTES];
	int have;

	game_init(g);
	have = seed_for_game(m->game_path, m->seed_file, seed);
	if (have < 0)
		return -1;
	return game_load(g, m->game_path, have ? seed : NULL,
	    LOAD_NEED_SEED);
}

/* What tells the game file's bytes from others: device, inode, size,
 * modification time; 0, or -1 when it cannot be looked at. */
static int
file_id_of(const char *path, long long id[5])
{
	struct stat sb;

	if (lstat(path, &sb) != 0)
		return -1;
	id[0] = (long long)sb.st_dev;
	id[1] = (long long)sb.st_ino;
	id[2] = (long long)sb.st_size;
	id[3] = (long long)sb.st_mtim.tv_sec;
	id[4] = (long long)sb.st_mtim.tv_nsec;
	return 0;
}

/* Is the game file still the one loaded or saved last? */
static int
file_unchanged(const struct moderation *m)
{
	long long now[5];

	return file_id_of(m->game_path, now) == 0 &&
	    memcmp(now, m->file_id, sizeof(now)) == 0;
}

/* Loads the session's game; the file is looked at before and after,
 * so that what is kept is known to be the file's. */
static int
session_load(struct moderation *m)
{
	long long before[5];
	int tries;

	for (tries = 0; tries < 3; tries++) {
		if (file_id_of(m->game_path, before) != 0)
			memset(before, 0, sizeof(before));
		if (moderation_load_game(m, &m->game) != 0) {
			game_release(&m->game);
			return -1;
		}
		m->game_loaded = 1;
		if (file_id_of(m->game_path, m->file_id) == 0 &&
		    memcmp(before, m->file_id, sizeof(before)) == 0)
			return 0;
		game_release(&m->game);	/* written meanwhile: again */
		m->game_loaded = 0;
	}
	diag(EXIT_TEMPFAIL, m->game_path, 0, "the game file keeps changing "
	    "while it is read: try again later");
	return -1;
}

struct game *
moderation_game(struct moderation *m)
{
	if (m->game_loaded && file_unchanged(m))
		return &m->game;
	if (m->game_loaded) {
		diag_warn(m->game_path, 0, "the game file changed since it "
		    "was loaded (edited while the lock was held?): loaded "
		    "again");
		game_release(&m->game);
		m->game_loaded = 0;
	}
	return session_load(m) == 0 ? &m->game : NULL;
}

int
moderation_save_game(struct moderation *m, struct game *g)
{
	if (!m->game_loaded || !file_unchanged(m)) {
		diag(EXIT_TEMPFAIL, m->game_path, 0, "the game file changed "
		    "since it was loaded (edited while the lock was held?): "
		    "not overwritten with the run resolved on the game as it "
		    "was; the next run resolves it again");
		return -1;
	}
	if (game_save(g, m->game_path, m->now) != 0)
		return -1;
	game_adopt(&m->game, g);
	if (file_id_of(m->game_path, m->file_id) != 0)
		memset(m->file_id, 0, sizeof(m->file_id));
	return 0;
}

size_t
players_addresses(const struct game *g, char ***to)
{
	size_t n = 0;
	int s;

	*to = xcalloc((size_t)game_seats(g)->nplayers + 1, sizeof(**to));
	for (s = 0; s < game_seats(g)->nplayers; s++) {
		const struct player *p = &game_seats(g)->players[s];

		if (p->email[0] == '\0')
			continue;
		(*to)[n++] = p->name[0] ? xasprintf("%s <%s>", p->name,
		    p->email) : xstrdup(p->email);
	}
	return n;
}

void
addresses_free(char **to, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(to[i]);
	free(to);
}

/*
 * Issue 18: a run killed during GnuPG work leaves its temporary GnuPG
 * homes ($TMPDIR or /tmp/aor.XXXXXX; GAME.xml.keys.XXXXXX beside the
 * game) and their gpg-agents; they are removed, with a warning, as the
 * game's other temporaries are.  The temporary folder is looked at once
 * per process.
 */
static void
remove_stale_gnupg(const char *game_path)
{
	static int tmp_done;
	const char *slash = strrchr(game_path, '/');
	struct strbuf removed;
	char *dir, *prefix, *p, *nl;

	sb_init(&removed);
	if (!tmp_done) {
		pgp_remove_stale(pgp_temp_root(), "aor.", &removed);
		/* the batch verifier's folders (util.c make_temp_dir) */
		pgp_remove_stale("/dev/shm", "aor.", &removed);
	}
	tmp_done = 1;
	dir = slash != NULL ? xasprintf("%.*s", (int)(slash - game_path),
	    slash == game_path ? "/" : game_path) : xstrdup(".");
	prefix = xasprintf("%s.keys.", slash != NULL ? slash + 1 : game_path);
	pgp_remove_stale(dir, prefix, &removed);
	for (p = removed.buf; p != NULL && *p != '\0'; p = nl + 1) {
		nl = strchr(p, '\n');
		*nl = '\0';
		diag_warn(p, 0, "removed: a temporary GnuPG home, and its "
		    "gpg-agent, left by a run that was stopped");
	}
	free(dir);
	free(prefix);
	sb_release(&removed);
}

int
moderation_open(struct moderation *m)
{
	const struct mail_account *acc[2] = { &m->imap, &m->smtp };
	struct game *g;
	size_t i;
	int r;

	for (i = 0; i < 2; i++)
		if (acc[i]->url != NULL && acc[i]->insecure_plain &&
		    !loopback_url(acc[i]->url)) {
			diag(EXIT_USAGE, NULL, 0, "--insecure-plain is only "
			    "for a test server on this machine, not for "
			    "'%s': use imaps:// or smtps://, or a server "
			    "with STARTTLS", acc[i]->url);
			return EXIT_USAGE;
		}
	if (m->from != NULL) {
		const char *to[1] = { m->from };
		struct strbuf err;
		char *built = NULL;

		/* a bad --from would fail every mail at the server */
		sb_init(&err);
		r = mail_build(m->from, to, 1, "", m->now,
		    "<check@adjudicator.invalid>", NULL, "", &built, NULL,
		    &err);
		if (r != 0)
			diag(EXIT_USAGE, NULL, 0, "--from '%s': %s", m->from,
			    err.buf);
		free(built);
		sb_release(&err);
		if (r != 0)
			return EXIT_USAGE;
	}
	m->msgid_domain = from_domain(m->from);
	m->lock = game_lock(m->game_path);
	if (m->lock < 0)
		return diag_status_or(EXIT_TEMPFAIL);
	remove_stale_gnupg(m->game_path);
	if (session_load(m) != 0)
		return diag_status_or(EXIT_DATAERR);
	g = &m->game;
	if (mailstate_load(&m->ms, m->game_path, g) != 0) {
		mailstate_release(&m->ms);
		return diag_status_or(EXIT_DATAERR);
	}
	m->ms_loaded = 1;
	/* --html-reports is the game's setting from now on */
	if (m->html_opt >= 0)
		m->ms.html_reports = m->html_opt;
	if (mailstate_recover(&m->ms, g->run))
		diag_warn(m->ms.path, 0, "the game is at run %d, behind the "
		    "mail state (a resolve interrupted before the game was "
		    "saved, or a rollback): the orders of the later runs "
		    "wait again and their unsent reports were dropped",
		    g->run);
	/*
	 * Runs resolved by hand (adjudicator resolve) are mailed too, each
	 * as it was (the history up to that run, issue 11): the runs before
	 * the latest are read again from the file, replayed up to each.
	 */
	for (r = m->ms.reported_run + 1; r <= g->run; r++) {
		struct game past;
		int rc;

		if (r == g->run)
			rc = queue_reports(m, g, r);
		else if (game_load_run(&past, m->game_path, r) != 0)
			rc = diag_status_or(EXIT_DATAERR);
		else {
			rc = queue_reports(m, &past, r);
			game_release(&past);
		}
		if (rc != EXIT_OK) {
			moderation_fail(m, rc);
			break;
		}
	}
	if (m->status == EXIT_OK && m->ms.reported_run == g->run)
		queue_new_players(m, g);
	return m->status;
}

int
moderation_close(struct moderation *m)
{
	if (m->ms_loaded) {
		if (mailstate_save(&m->ms, m->now) != 0)
			moderation_fail(m, diag_status_or(EXIT_IOERR));
		mailstate_release(&m->ms);
		m->ms_loaded = 0;
	}
	if (m->game_loaded)
		game_release(&m->game);
	m->game_loaded = 0;
	game_unlock(m->lock);
	m->lock = -1;
	free(m->msgid_domain);
	m->msgid_domain = NULL;
	if (!m->keep_mail)
		mail_cleanup();
	return m->status;
}

int
moderation_run(struct moderation *m, int (*step)(struct moderation *))
{
	if (moderation_open(m) == EXIT_OK)
		step(m);
	else
		moderation_fail(m, diag_status_or(EXIT_DATAERR));
	if (m->ms_loaded)
		moderation_summary(m);
	return moderation_close(m);
}

void
moderation_diag_restore(int before)
{
	int quiet;

	diag_reset();
	if (before == EXIT_OK)
		return;
	quiet = diag_quiet(1);
	diag(before, NULL, 0, "(an earlier error)");
	diag_quiet(quiet);
}

void
moderation_summary(const struct moderation *m)
{
	struct strbuf sb;
	size_t i;
	int waiting = 0;

	for (i = 0; i < m->ms.nout; i++)
		waiting += m->ms.out[i].state == OUT_PENDING;
	if (m->fetched + m->resolved_run + m->reminders + m->sent +
	    m->unsent == 0)
		return;
	sb_init(&sb);
	sb_addf(&sb, "%s:", m->ms.game);
	if (m->fetched > 0)
		sb_addf(&sb, " fetched %d (%d filed, %d rejected, %d "
		    "duplicate);", m->fetched, m->filed, m->rejected,
		    m->duplicates);
	if (m->resolved_run > 0)
		sb_addf(&sb, " resolved run %d;", m->resolved_run);
	if (m->reminders > 0)
		sb_addf(&sb, " %d reminder%s;", m->reminders,
		    m->reminders == 1 ? "" : "s");
	sb_addf(&sb, " sent %d, %d waiting", m->sent, waiting);
	printf("%s\n", sb.buf);
	sb_release(&sb);
}

int
queue_reports(struct moderation *m, struct game *g, int run)
{
	xmlDoc *doc = game_to_xml_for(g, m->now, NO_COUNTRY);
	char *text = NULL, *subject, *dir_name, *dir, **all;
	char *html = NULL, *html_name = NULL, *tpl, *path;
	size_t len, nall, hlen = 0;
	int s, saved_run, rc, mid;
	char withheld[GAME_MAX_SIDES] = { 0 };

	/* the outbox's folders fsynced once each, before the state names
	 * their files (issue 18.9) */
	dir_sync_defer(1);
	dir_name = xasprintf("run-%d", run);
	dir = ms_outbox_path(&m->ms, dir_name);
	rc = report_render(doc, m->template, run, NULL, &text, &len);
	if (rc != EXIT_OK)
		goto out;
	if (mkdir(dir, 0700) != 0 && errno != EEXIST) {
		diag(EXIT_CANTCREAT, dir, 0, "cannot create the folder: %s",
		    strerror(errno));
		rc = EXIT_CANTCREAT;
		goto out;
	}
	/* the HTML report (the board drawn) goes with the public mail */
	if (m->ms.html_reports) {
		tpl = data_path(g->module->report_html);
		rc = report_render(doc, tpl, run, NULL, &html, &hlen);
		free(tpl);
		if (rc != EXIT_OK)
			goto out;
		html_name = xasprintf("%s/report.html", dir_name);
		path = ms_outbox_path(&m->ms, html_name);
		rc = report_write_file(path, html, hlen);
		free(path);
		if (rc != EXIT_OK)
			goto out;
	}
	nall = players_addresses(g, &all);
	subject = xasprintf("[aor %s] run %d: report", m->ms.game, run);
	if (nall > 0) {
		mid = ms_queue(&m->ms, OUT_REPORT, (const char *const *)all,
		    nall, subject, NULL, text, NULL, run, m->msgid_domain,
		    m->now);
		if (mid == 0)
			rc = diag_status_or(EXIT_CANTCREAT);
		else if (html_name != NULL)
			ms_mail_by_id(&m->ms, mid)->attachment =
			    xstrdup(html_name);
	}
	free(subject);
	addresses_free(all, nall);
	if (rc != EXIT_OK)
		goto out;
	/* each player's own report, encrypted to a registered key */
	saved_run = g->run;
	g->run = run;		/* private_reports renders g->run's */
	if (rc == EXIT_OK)
		rc = private_reports(g, m->template, dir, withheld);
	g->run = saved_run;
	for (s = 0; rc == EXIT_OK && s < game_seats(g)->nplayers; s++) {
		const struct player *p = &game_seats(g)->players[s];
		const char *id = game_country_id(g, p->country);
		char *body = xasprintf("%s/%s%s", dir_name, id,
		    g->key_text[p->country] == NULL ||
		    withheld[p->country] ? ".txt" : ".txt.asc");
		char *to = p->name[0] ? xasprintf("%s <%s>", p->name,
		    p->email) : xstrdup(p->email);
		const char *tos[1] = { to };

		subject = xasprintf("[aor %s] run %d: private report for %s",
		    m->ms.game, run, game_country_name(g, p->country));
		if (p->email[0] != '\0' && ms_queue(&m->ms, OUT_PRIVATE, tos,
		    1, subject, NULL, NULL, body, run, m->msgid_domain,
		    m->now) == 0)
			rc = EXIT_SOFTWARE;
		free(subject);
		free(to);
		free(body);
	}
	if (rc == EXIT_OK)
		m->ms.reported_run = run;
out:
	dir_sync_defer(0);
	free(dir);
	free(dir_name);
	free(html);
	free(html_name);
	free(text);
	game_doc_free(g, doc);
	if (rc != EXIT_OK) {
		diag(rc, m->game_path, 0, "cannot queue the reports of run %d",
		    run);
		moderation_fail(m, rc);
	}
	return rc;
}

/* The state's record of country, or NULL. */
static struct ms_player *
player_record(struct mailstate *ms, const char *country)
{
	size_t i;

	for (i = 0; i < ms->nplayers; i++)
		if (strcmp(ms->players[i].country, country) == 0)
			return &ms->players[i];
	return NULL;
}

int
queue_new_players(struct moderation *m, struct game *g)
{
	char *dir_name = NULL, *dir = NULL;
	char withheld[GAME_MAX_SIDES] = { 0 };
	int s, rc = EXIT_OK, changed[GAME_MAX_SIDES] = { 0 }, any = 0;

	for (s = 0; s < game_seats(g)->nplayers; s++) {
		const struct player *p = &game_seats(g)->players[s];
		const char *id = game_country_id(g, p->country);
		const struct ms_player *r = player_record(&m->ms, id);

		changed[p->country] = r != NULL && p->email[0] != '\0' &&
		    (strcmp(r->email, p->email) != 0 ||
		    strcmp(r->key, g->key_fpr[p->country]) != 0);
		any |= changed[p->country];
	}
	if (any) {
		/* the reports as the game stands, beside the run's own */
		dir_name = xasprintf("run-%d-players-%zu", g->run, g->nhist);
		dir = ms_outbox_path(&m->ms, dir_name);
		rc = private_reports(g, m->template, dir, withheld);
	}
	for (s = 0; rc == EXIT_OK && s < game_seats(g)->nplayers; s++) {
		const struct player *p = &game_seats(g)->players[s];
		const char *id = game_country_id(g, p->country);
		char *body, *to, *subject, *path;
		const char *tos[1];
		int asc = g->key_text[p->country] != NULL &&
		    !withheld[p->country];

		path = dir != NULL ? xasprintf("%s/%s%s", dir, id, asc ?
		    ".txt.asc" : ".txt") : NULL;
		if (!changed[p->country]) {
			if (path != NULL)
				unlink(path);	/* not to be sent */
			free(path);
			continue;
		}
		free(path);
		body = xasprintf("%s/%s%s", dir_name, id, asc ? ".txt.asc" :
		    ".txt");
		to = p->name[0] ? xasprintf("%s <%s>", p->name, p->email) :
		    xstrdup(p->email);
		tos[0] = to;
		subject = xasprintf("[aor %s] run %d: private report for %s",
		    m->ms.game, g->run, game_country_name(g, p->country));
		if (ms_queue(&m->ms, OUT_PRIVATE, tos, 1, subject, NULL, NULL,
		    body, g->run, m->msgid_domain, m->now) == 0)
			rc = diag_status_or(EXIT_CANTCREAT);
		free(subject);
		free(to);
		free(body);
	}
	if (rc != EXIT_OK) {
		diag(rc, m->game_path, 0, "cannot queue the report for a new "
		    "player");
		moderation_fail(m, rc);
	} else {
		/* every player as mailed now */
		for (s = 0; s < game_seats(g)->nplayers; s++) {
			const struct player *p = &game_seats(g)->players[s];
			const char *id = game_country_id(g, p->country);
			struct ms_player *r = player_record(&m->ms, id);

			if (r == NULL) {
				m->ms.players = xrealloc(m->ms.players,
				    (m->ms.nplayers + 1) *
				    sizeof(*m->ms.players));
				r = &m->ms.players[m->ms.nplayers++];
				memset(r, 0, sizeof(*r));
				snprintf(r->country, sizeof(r->country), "%s",
				    id);
			}
			snprintf(r->email, sizeof(r->email), "%s", p->email);
			snprintf(r->key, sizeof(r->key), "%s",
			    g->key_fpr[p->country]);
		}
	}
	free(dir);
	free(dir_name);
	return rc;
}
