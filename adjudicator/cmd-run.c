/*
 * cmd-run.c - adjudicator run: one step of moderating a game by mail,
 * meant to be run from cron.
 *
 * adjudicator run GAME.xml --imap URL --smtp URL --from ADDR
 *     [--netrc FILE] [--insecure-plain] [--remind-hours N]
 *     [--reject-folder NAME | --no-move] [--template FILE]
 *     [--timeout SECONDS] [--seed-file FILE] [--now TIME]
 *
 * Under the game's lock, in this order:
 *   1. fetch: takes the new mail, files the orders and queues the answers
 *      (as `adjudicator fetch`);
 *   2. resolve, when every pending decision has an order waiting (filed
 *      in the spool or queued in the game) or its deadline has passed:
 *      the waiting orders are applied in the order they came, the
 *      defaults of R37 where a deadline has passed, the game is saved and
 *      the public report (to all) and each private report (to its
 *      player, encrypted to a registered key) are queued;
 *   3. reminders: each player whose decision is due within --remind-hours
 *      (12; 0 for none) and has no order waiting gets one reminder per
 *      step ("[aor GAME] reminder: T1.S3 due 2026-12-01 18:00 UTC");
 *   4. send: the outbox (as `adjudicator send`).
 * When the mailbox cannot be read, steps 2 and 3 wait (a deadline is not
 * applied while orders may be stuck on the server) and step 4 is still
 * tried.  Running it again changes nothing that is done: each message is
 * taken once, each order applied once, each mail sent once, each reminder
 * sent once; a run killed at any point loses nothing (see mailstate.h).
 * A second run while one holds the lock exits at once with status 75.
 *
 * A crontab line, every five minutes, with the credentials in a netrc
 * file (mode 600) and the moderator's key in GNUPGHOME:
 *
 *   0-59/5 * * * * cd /srv/aor && GNUPGHOME=$HOME/.gnupg adjudicator run
 *       game.xml --imap imaps://mail.example.org/INBOX
 *       --smtp smtps://mail.example.org --from 'Moderator
 *       <aor@example.org>' --netrc $HOME/.aor-netrc >> run.log 2>&1
 *
 * (one line).  run prints one summary line when it did anything and
 * nothing otherwise; errors go to stderr.
 *
 * Options: those of fetch and send, and
 *   --remind-hours N    remind players N hours before a deadline (12)
 *
 * Exit status: 0 when there was nothing to do or everything was done
 * (mail that was rejected and answered included); 75 for a temporary
 * failure: a server cannot be reached, the login failed, an SMTP 4xx, the
 * game is locked by another run (try again later: the next cron run
 * does); 65 for bad input: the game or mail state file, a server refusing
 * for good, a mail refused for good, filed orders that no longer resolve
 * together; 64 for a bad command line.
 *
 * Test hook: with ADJUDICATOR_TEST_CRASH_AFTER_FETCH=1 in the environment
 * run ends with status 99 right after fetch has saved the mail state,
 * before it resolves or sends (with =kill it sends itself SIGKILL
 * instead), so that tests can check that the next run loses nothing and
 * sends nothing twice.  Never set it otherwise.  With
 * ADJUDICATOR_TEST_REWRITE_GAME=fetch (=save) run writes the game file
 * again, the same bytes in a new file, right after fetch (right before a
 * resolved game is saved), as a hand edit while the lock is held would:
 * the game is loaded again (the save is refused), issue 18.9.
 */
#include <ctype.h>
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd.h"
#include "diag.h"
#include "judgestate.h"
#include "mail.h"
#include "mailstate.h"
#include "moderation.h"
#include "pgp.h"
#include "resolve.h"
#include "util.h"

static const char run_usage[] =
    "adjudicator run GAME.xml|--games DIR --imap URL --smtp URL"
    " --from ADDR\n"
    "       [--netrc FILE] [--insecure-plain] [--remind-hours N]\n"
    "       [--reject-folder NAME | --no-move]"
    " [--template FILE] [--timeout SECONDS]\n"
    "       [--html-reports yes|no] [--seed-file FILE] [--now TIME]\n"
    "Fetches new orders, answers them, resolves when every pending "
    "decision has an\n"
    "order or its deadline has passed, reminds players before deadlines, "
    "sends.\n"
    "--games DIR: every game DIR/GAME.xml from one mailbox, each mail "
    "routed by its\nGAME line into the folder aor-game-GAME.\n"
    "Credentials: --netrc FILE, or ADJUDICATOR_MAIL_USER and\n"
    "ADJUDICATOR_MAIL_PASSWORD in the environment.\n"
    "Exit status: 0 done or nothing to do, 75 try again later (server, "
    "login, lock),\n"
    "65 bad input, 64 bad command line.";

/* The orders filed and not yet applied, in the order they came. */
struct waiting {
	char **files;
	/* per file: the PGP/MIME signed part it came in, or NULL */
	const struct mime_signed **mime;
	struct mime_signed *parts;
	struct mail_order *orders;	/* what parts point into */
	size_t *msg;		/* per file: its index in ms.msgs */
	int n;
};

/*
 * Issue 9.5: a PGP/MIME signed order's part and signature, read again
 * from the mail as it was saved (GAME.xml.received/NNN.eml), for resolve
 * to check and record.  0, or -1 (then the file counts as unsigned, and
 * a signed game refuses it).
 */
static int
mime_of(const struct moderation *m, const struct ms_message *rec,
    struct mail_order *order, struct mime_signed *part)
{
	struct mail_info info;
	struct strbuf err;
	char *path = ms_received_path(&m->ms, rec->n), *raw;
	size_t len;
	int rc = -1;

	memset(order, 0, sizeof(*order));
	sb_init(&err);
	raw = read_input_file(path, MAIL_MAX, INPUT_NOFOLLOW, &len);
	if (raw != NULL && mail_parse(raw, len, &info, order, &err) == 0) {
		mail_info_release(&info);
		if (order->kind == PART_PGP_SIGNED &&
		    order->signature != NULL) {
			part->entity = order->text;
			part->entity_len = order->len;
			part->signature = order->signature;
			rc = 0;
		}
	}
	free(raw);
	free(path);
	sb_release(&err);
	return rc;
}

static void
waiting_collect(struct moderation *m, struct waiting *w)
{
	size_t i;

	memset(w, 0, sizeof(*w));
	w->files = xcalloc(m->ms.nmsgs + 1, sizeof(*w->files));
	w->mime = xcalloc(m->ms.nmsgs + 1, sizeof(*w->mime));
	w->parts = xcalloc(m->ms.nmsgs + 1, sizeof(*w->parts));
	w->orders = xcalloc(m->ms.nmsgs + 1, sizeof(*w->orders));
	w->msg = xcalloc(m->ms.nmsgs + 1, sizeof(*w->msg));
	for (i = 0; i < m->ms.nmsgs; i++) {
		const struct ms_message *rec = &m->ms.msgs[i];

		if (rec->status != MS_FILED || rec->applied_run != 0)
			continue;
		w->files[w->n] = ms_spool_path(&m->ms, rec->spool);
		if (rec->pgp_mime && mime_of(m, rec, &w->orders[w->n],
		    &w->parts[w->n]) == 0)
			w->mime[w->n] = &w->parts[w->n];
		w->msg[w->n] = i;
		w->n++;
	}
}

static void
waiting_release(struct waiting *w)
{
	int i;

	for (i = 0; i < w->n; i++) {
		free(w->files[i]);
		mail_order_release(&w->orders[i]);
	}
	free(w->files);
	free(w->mime);
	free(w->parts);
	free(w->orders);
	free(w->msg);
	memset(w, 0, sizeof(*w));
}

/* resolve_run over the waiting orders, its diagnostics kept quiet (the
 * players hear of problems through their answers). */
static int
resolve_quietly(struct moderation *m, struct game *g, struct waiting *w,
    struct run_opts *ro)
{
	int before = diag_status(), quiet, rc;

	memset(ro, 0, sizeof(*ro));
	ro->now = m->now;
	ro->mime = w->mime;
	quiet = diag_quiet(1);
	rc = resolve_run(g, w->files, w->n, ro);
	/* each filed order passed its check: one refused now means the
	 * game changed since, and run takes such files back */
	if (ro->refused > 0)
		rc = -1;
	diag_quiet(quiet);
	moderation_diag_restore(before);
	return rc;
}

/* Which of the decisions d[0..np) did the history since entry `before`
 * answer: an order applied or rejected, or a deadline's default? */
static int
mark_answered(const struct game *g, size_t before, const struct decision *d,
    int np, int *answered)
{
	size_t k;
	int i, all = 1;

	for (i = 0; i < np; i++) {
		answered[i] = 0;
		for (k = before; k < g->nhist && !answered[i]; k++) {
			const struct entry *e = &g->hist[k];

			answered[i] = (e->kind == EN_ORDER ||
			    e->kind == EN_DEFAULT || e->kind == EN_REJECTED) &&
			    e->country == d[i].country &&
			    strcmp(e->step, d[i].step) == 0;
		}
		all = all && answered[i];
	}
	return all;
}

/*
 * The waiting orders do not resolve together although each passed its
 * check when it came: the game changed since (a resolve by hand, an
 * adjustment).  Each is checked again alone; those that fail now are
 * taken back and their senders told why.  Returns how many.
 */
static int
withdraw_failing(struct moderation *m, const struct waiting *w)
{
	int i, n = 0;

	for (i = 0; i < w->n; i++) {
		struct ms_message *rec = &m->ms.msgs[w->msg[i]];
		char *verdict = NULL, *subject;
		struct strbuf body;
		const char *to[1];
		int rc, id;

		rc = check_order_file(m, w->files[i], w->mime[i], &verdict);
		if (rc < 0)
			return -1;
		if (rc == 0) {
			free(verdict);
			continue;
		}
		n++;
		rec->status = MS_REJECTED;
		free(rec->reason);
		rec->reason = xasprintf("no longer accepted when the game was "
		    "resolved:\n%s", verdict);
		unlink(w->files[i]);
		if (rec->from != NULL) {
			sb_init(&body);
			sb_addf(&body, "Game %s: the orders of your mail %s, "
			    "filed on %s as order %03d,\nno longer pass the "
			    "check now that the game is resolved, and were "
			    "taken\nback: nothing of them was applied.\n\n"
			    "Why:\n\n%s\nPlease send new orders.\n",
			    m->ms.game, rec->message_id ? rec->message_id :
			    "(without Message-ID)", rec->received, rec->n,
			    verdict);
			to[0] = rec->from;
			subject = xasprintf("[aor %s] rejected", m->ms.game);
			id = ms_queue(&m->ms, OUT_ACK, to, 1, subject,
			    rec->message_id, body.buf, NULL, 0,
			    m->msgid_domain, m->now);
			if (id > 0)
				rec->answer = id;
			free(subject);
			sb_release(&body);
		}
		free(verdict);
	}
	return n;
}

/* The second test hook: see the comment at the top. */
static void
test_rewrite_game(const struct moderation *m, const char *stage)
{
	const char *hook = getenv("ADJUDICATOR_TEST_REWRITE_GAME");
	size_t len;
	char *bytes;

	if (hook == NULL || strcmp(hook, stage) != 0)
		return;
	bytes = read_file(m->game_path, &len);
	if (bytes != NULL)
		write_file_atomic(m->game_path, bytes, len, 0600);
	free(bytes);
}

/* Step 2: resolves when every pending decision is answered. */
static void
resolve_if_due(struct moderation *m)
{
	struct decision d[GAME_MAX_SIDES];
	int answered[GAME_MAX_SIDES];
	struct waiting w;
	struct run_opts ro;
	struct game g, *main;
	size_t before = 0;
	int np = 0, attempt, i, rc = -1;

	waiting_collect(m, &w);
	for (attempt = 0; attempt < 2; attempt++) {
		if ((main = moderation_game(m)) == NULL) {
			moderation_fail(m, diag_status_or(EXIT_DATAERR));
			goto out_nogame;
		}
		/* resolved on a copy: kept once saved, else dropped */
		game_copy(&g, main);
		np = g.module->pending(g.st, d, GAME_MAX_SIDES);
		if (np == 0)
			goto out;	/* the game is over */
		before = g.nhist;
		rc = resolve_quietly(m, &g, &w, &ro);
		if (rc == 0)
			break;
		game_release(&g);
		if (attempt > 0 || withdraw_failing(m, &w) <= 0) {
			diag(EXIT_DATAERR, m->game_path, 0, "the orders filed "
			    "in %s no longer resolve together, although each "
			    "passes its check alone: nothing was resolved",
			    m->ms.spool_dir);
			moderation_fail(m, EXIT_DATAERR);
			goto out_nogame;
		}
		waiting_release(&w);
		waiting_collect(m, &w);
	}
	if (!ro.changed || !mark_answered(&g, before, d, np, answered))
		goto out;
	/* the state first, with the run it expects; then the game */
	for (i = 0; i < w.n; i++)
		m->ms.msgs[w.msg[i]].applied_run = g.run;
	if (queue_reports(m, &g, g.run) != EXIT_OK ||
	    mailstate_save(&m->ms, m->now) != 0) {
		mailstate_recover(&m->ms, g.run - 1);
		moderation_fail(m, diag_status_or(EXIT_IOERR));
		goto out;
	}
	m->resolved_run = g.run;
	test_rewrite_game(m, "save");
	if (moderation_save_game(m, &g) != 0) {
		mailstate_recover(&m->ms, m->resolved_run - 1);
		m->resolved_run = 0;
		moderation_fail(m, diag_status_or(EXIT_IOERR));
		goto out;
	}
out:
	game_release(&g);
out_nogame:
	waiting_release(&w);
}

/* "2026-12-01T18:00:00Z" as "2026-12-01 18:00 UTC". */
static void
human_time(const char *iso, char out[32])
{
	snprintf(out, 32, "%.10s %.5s UTC", iso, iso + 11);
}

/* Step 3: one reminder per (step, country) due within remind_hours. */
static void
remind(struct moderation *m)
{
	struct decision d[GAME_MAX_SIDES];
	int answered[GAME_MAX_SIDES];
	char due[GAME_MAX_SIDES][32];
	struct waiting w;
	struct run_opts ro;
	struct game trial, *g;
	long long now = time_parse(m->now);
	size_t before;
	int np, i;

	if (m->remind_hours <= 0)
		return;
	if ((g = moderation_game(m)) == NULL) {
		moderation_fail(m, diag_status_or(EXIT_DATAERR));
		return;
	}
	/* issue 11: a paused game has no deadline to remind of */
	np = game_paused(g) ? 0 : g->module->pending(g->st, d,
	    GAME_MAX_SIDES);
	for (i = 0; i < np; i++) {
		const char *dl = game_deadline(g, &d[i]);

		snprintf(due[i], sizeof(due[i]), "%s", dl != NULL ? dl : "");
		answered[i] = 0;
	}
	/* an order waiting for the decision needs no reminder: a trial
	 * resolve on a copy says which are answered */
	waiting_collect(m, &w);
	if (w.n > 0) {
		game_copy(&trial, g);
		before = trial.nhist;
		if (resolve_quietly(m, &trial, &w, &ro) == 0)
			mark_answered(&trial, before, d, np, answered);
		game_release(&trial);
	}
	waiting_release(&w);
	for (i = 0; i < np; i++) {
		long long t = due[i][0] ? time_parse(due[i]) : -1;
		const char *cid = game_country_id(g, d[i].country);
		int seat = game_seats(g)->seat_of[d[i].country], id;
		const struct player *p;
		char when[32], *subject, *to, *body;
		const char *tos[1];

		if (t < 0 || t <= now || t - now > (long long)m->remind_hours *
		    3600 || answered[i] || seat < 0 ||
		    ms_reminded(&m->ms, d[i].step, cid))
			continue;
		p = &game_seats(g)->players[seat];
		if (p->email[0] == '\0')
			continue;
		human_time(due[i], when);
		to = p->name[0] ? xasprintf("%s <%s>", p->name, p->email) :
		    xstrdup(p->email);
		tos[0] = to;
		subject = xasprintf("[aor %s] reminder: %s due %s", m->ms.game,
		    d[i].step, when);
		body = xasprintf("Game %s: the decision of %s for step %s is "
		    "due at %s,\nand no order for it has arrived yet:\n\n"
		    "  STEP %s from %s: %s\n\nWithout an order by then, the "
		    "default%s%s applies.\n", m->ms.game,
		    game_country_name(g, d[i].country), d[i].step, when,
		    d[i].step,
		    game_country_name(g, d[i].country), d[i].what,
		    g->module->defaults_ruling ? " of ruling " : "",
		    g->module->defaults_ruling ? g->module->defaults_ruling :
		    "");
		id = ms_queue(&m->ms, OUT_REMINDER, tos, 1, subject, NULL,
		    body, NULL, 0, m->msgid_domain, m->now);
		if (id > 0) {
			ms_add_reminder(&m->ms, d[i].step, cid, id, m->now);
			m->reminders++;
		} else
			moderation_fail(m, diag_status_or(EXIT_CANTCREAT));
		free(body);
		free(subject);
		free(to);
	}
}

/* The test hook: see the comment at the top. */
static void
test_crash_after_fetch(void)
{
	const char *hook = getenv(TEST_CRASH_ENV);

	if (hook == NULL || *hook == '\0' || strcmp(hook, "0") == 0)
		return;
	fflush(stdout);
	fflush(stderr);
	if (strcmp(hook, "kill") == 0)
		raise(SIGKILL);
	_exit(99);
}


/* ------------------------------------------------------------------ */
/*
 * run --games DIR: one mailbox for every game of a folder (issue 11).
 *
 * DIR holds the games, GAME.xml each (the game's id is its file name)
 * with their mail files beside them.  The mailbox given with --imap is
 * the judge's inbox: each run first routes every message in it by the
 * GAME line of its orders (for mail encrypted to the moderator, of the
 * decrypted text; failing that, by "[aor GAME]" in its Subject, as in
 * replies to the judge's mail) into the IMAP folder of that game,
 * aor-game-GAME, which is that game's mailbox from then on.  Mail for a
 * game that is not in DIR, or naming none, is answered politely with the
 * list of games and moved to aor-unknown.  Then each game is run as
 * `run DIR/GAME.xml` would run it, with its own folder and its own lock:
 * a game locked by another run waits for the next one (status 75), the
 * others go on.  The routing holds DIR/.judge.lock.  What the games of a
 * club share is done once for the step (issue 18.9): one IMAP session,
 * one SMTP connection, one gpg for every game's sealed seed (R30) and one
 * for the clearsigned orders of all games with the same keys.
 */

#define GAME_FOLDER_PREFIX "aor-game-"
#define UNKNOWN_FOLDER "aor-unknown"

/*
 * The IMAP folder name for prefix and id on a server whose hierarchy
 * separator is sep ('\0': none): the separator becomes '+', which no
 * game id holds, so that "spring.b" is no folder below "spring" and no
 * two games share a folder (issue 18).
 */
static char *
club_folder(char sep, const char *prefix, const char *id)
{
	char *f = xasprintf("%s%s", prefix, id), *p;

	for (p = f; sep != '\0' && *p != '\0'; p++)
		if (*p == sep)
			*p = '+';
	return f;
}

/* A game id that can name a file and a folder. */
static int
safe_id(const char *id)
{
	size_t n = strlen(id);

	return n > 0 && n < 60 && id[0] != '.' && id[0] != '-' &&
	    strspn(id, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
	    "0123456789._-") == n;
}

/*
 * The head of the file at path (a game's players and seed come before
 * its ruleset): whether it is a game, as file_is_game tells (a file that
 * cannot be read is, and its load says why), and its sealed seed (R30)
 * when it has one, as a new string in *sealed, for the step to open every
 * game's with one gpg (issue 18.9).  A text that XML would read otherwise
 * than its bytes (a reference, a CR) is left out: the game's load opens
 * it alone.
 */
#define GAME_HEAD 16384
static int
game_head(const char *path, char **sealed)
{
	char *buf = xmalloc(GAME_HEAD + 1), c, *a, *b;
	FILE *f = fopen(path, "r");
	size_t n;
	int game;

	*sealed = NULL;
	if (f == NULL) {
		free(buf);
		return 1;
	}
	n = fread(buf, 1, GAME_HEAD, f);
	fclose(f);
	buf[n] = '\0';
	c = buf[n < 511 ? n : 511];
	buf[n < 511 ? n : 511] = '\0';
	game = strstr(buf, "<game ") != NULL;
	buf[n < 511 ? n : 511] = c;
	if (game && (a = strstr(buf, "<sealed>")) != NULL &&
	    (b = strstr(a, "</sealed>")) != NULL) {
		a += strlen("<sealed>");
		if (strcspn(a, "&<\r") == (size_t)(b - a))
			*sealed = xasprintf("%.*s", (int)(b - a), a);
	}
	free(buf);
	return game;
}

/*
 * The games of dir: the ids of its *.xml files, sorted, and the sealed
 * seeds found at their heads (*seeds, *nseeds).  A file that is not a
 * game (a house ruleset beside the games) is skipped as list skips it,
 * with a notice the first time (js remembers it) and never offered as a
 * game (issue 18).
 */
static size_t
list_games(const char *dir, char ***ids, struct judgestate *js,
    char ***seeds, size_t *nseeds)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	struct stat sb;
	char **others = NULL;
	size_t n = 0, nothers = 0, i, j;

	*ids = NULL;
	if (d == NULL)
		return 0;
	while ((de = readdir(d)) != NULL) {
		size_t len = strlen(de->d_name);
		char *id, *path, *sealed;
		int game;

		if (len < 5 || strcmp(de->d_name + len - 4, ".xml") != 0)
			continue;
		id = xasprintf("%.*s", (int)(len - 4), de->d_name);
		if (!safe_id(id)) {
			free(id);
			continue;
		}
		path = xasprintf("%s/%s", dir, de->d_name);
		sealed = NULL;
		game = stat(path, &sb) != 0 || !S_ISREG(sb.st_mode) ||
		    game_head(path, &sealed);
		if (sealed != NULL) {
			*seeds = xrealloc(*seeds, (*nseeds + 1) *
			    sizeof(**seeds));
			(*seeds)[(*nseeds)++] = sealed;
		}
		if (!game && !judge_skipped(js, de->d_name))
			diag_warn(path, 0, "not a game (its root element is "
			    "not <game>): run --games skips it, as list does "
			    "(said once)");
		free(path);
		if (!game) {
			others = xrealloc(others, (nothers + 1) *
			    sizeof(*others));
			others[nothers++] = xstrdup(de->d_name);
			free(id);
			continue;
		}
		*ids = xrealloc(*ids, (n + 1) * sizeof(**ids));
		(*ids)[n++] = id;
	}
	closedir(d);
	/* remembered while they are there: one that comes back is told */
	for (i = js->nskipped; i-- > 0;) {
		for (j = 0; j < nothers; j++)
			if (strcmp(js->skipped[i], others[j]) == 0)
				break;
		if (j == nothers)
			judge_skipped_set(js, js->skipped[i], 0);
	}
	for (j = 0; j < nothers; j++) {
		judge_skipped_set(js, others[j], 1);
		free(others[j]);
	}
	free(others);
	for (i = 1; i < n; i++)	/* a few games: insertion sort */
		for (j = i; j > 0 && strcmp((*ids)[j - 1], (*ids)[j]) > 0;
		    j--) {
			char *t = (*ids)[j];

			(*ids)[j] = (*ids)[j - 1];
			(*ids)[j - 1] = t;
		}
	return n;
}

/* The GAME line's id in text, or "" (out has room for 64). */
static void
game_line(const char *text, char out[64])
{
	const char *p = text;

	out[0] = '\0';
	while (p != NULL && *p != '\0') {
		const char *q = p + strspn(p, " \t");

		if (strncasecmp(q, "GAME", 4) == 0 && (q[4] == ' ' ||
		    q[4] == '\t')) {
			q += 4 + strspn(q + 4, " \t");
			snprintf(out, 64, "%.*s", (int)strcspn(q, " \t\r\n#"),
			    q);
			return;
		}
		p = strchr(p, '\n');
		if (p != NULL)
			p++;
	}
}

/*
 * The moderator's GnuPG home (GNUPGHOME, else ~/.gnupg), opened once for
 * the routing: mail encrypted to the moderator is routed by the GAME
 * line inside (issue 18).  NULL when it cannot be opened.
 */
static struct pgp *
moderator_pgp(struct pgp **mod, int *tried)
{
	struct strbuf err;
	char *path;

	if (*tried)
		return *mod;
	*tried = 1;
	sb_init(&err);
	path = game_moderator_home();
	if (pgp_open(mod, path, &err) != 0) {
		diag_warn(NULL, 0, "%s: mail encrypted to the moderator is "
		    "routed by its Subject only", err.buf);
		*mod = NULL;
	}
	free(path);
	sb_release(&err);
	return *mod;
}

/* The GAME line of a decrypted text: an RFC 3156 entity (maybe signed in
 * it) or bare text. */
static void
decrypted_game_line(const char *plain, char out[64])
{
	struct mail_order inner;
	struct strbuf err;
	char *text = NULL, *signed_text = NULL;
	int is_signed = 0;

	memset(&inner, 0, sizeof(inner));
	sb_init(&err);
	if (mail_entity_text(plain, strlen(plain), &text, &inner, &is_signed,
	    &err) == 1) {
		if (is_signed && mail_signed_text(inner.text, inner.len,
		    &signed_text, &err) == 0)
			game_line(signed_text, out);
		else if (!is_signed)
			game_line(text, out);
	}
	if (out[0] == '\0')
		game_line(plain, out);
	free(text);
	free(signed_text);
	mail_order_release(&inner);
	sb_release(&err);
}

/* The game a message is for, by its orders or its Subject; "" if none.
 * *clearsigned: its clearsigned orders as the game's fetch finds them
 * (a new string), or NULL. */
static void
route_of(const struct imap_msg *im, struct pgp **mod, int *tried,
    char out[64], char **clearsigned)
{
	struct mail_info info, inner_info;
	struct mail_order order, inner;
	struct strbuf err;
	struct pgp *p;
	char *plain = NULL;
	const char *s;

	out[0] = '\0';
	*clearsigned = NULL;
	sb_init(&err);
	if (mail_parse(im->raw, im->len, &info, &order, &err) == 0) {
		if (order.kind == PART_CLEARSIGNED && order.text != NULL &&
		    strlen(order.text) == order.len)
			*clearsigned = xstrdup(order.text);
		if (order.kind == PART_PGP_ENCRYPTED &&
		    (p = moderator_pgp(mod, tried)) != NULL &&
		    pgp_decrypt(p, order.text, &plain, &err) == 0) {
			/* the moderator's key reads it; the game checks it */
			decrypted_game_line(plain, out);
		} else if (order.kind == PART_PGP_SIGNED) {
			if (mail_parse(order.text, order.len, &inner_info,
			    &inner, &err) == 0)
				game_line(inner.text, out);
			mail_info_release(&inner_info);
			mail_order_release(&inner);
		} else if (order.text != NULL)
			game_line(order.text, out);
	}
	if (out[0] == '\0' && info.subject != NULL &&
	    (s = strstr(info.subject, "[aor ")) != NULL)
		snprintf(out, 64, "%.*s", (int)strcspn(s + 5, "] \t"), s + 5);
	free(plain);
	mail_info_release(&info);
	mail_order_release(&order);
	sb_release(&err);
}

/*
 * The polite answer to mail for no game of ours, at most once per message
 * (issue 18): js records it before the send, as the outbox does, so that
 * neither mail that cannot be moved out of the inbox nor a run killed
 * between the answer and the move answers it again.  Returns 0 when sent
 * or not to be sent, 1 when the mail is to stay in the inbox for the next
 * run (a temporary failure, or the state cannot be written), -1 on a
 * permanent failure.
 */
static int
answer_unknown(const struct moderation *t, struct judgestate *js,
    const struct imap_msg *im, const char *id, char **ids, size_t nids,
    int *answered)
{
	struct mail_info info;
	struct mail_order order;
	struct strbuf err, body;
	char *msg = NULL, *msgid = NULL, *full, *key;
	const char *to[1], *at;
	size_t i, len = 0;
	int temporary = 0, rc = 0;
	enum judge_answer was;

	sb_init(&err);
	sb_init(&body);
	mail_parse(im->raw, im->len, &info, &order, &err);
	key = judge_key(info.message_id, im->raw, im->len);
	was = judge_answer_of(js, key);
	if (info.from == NULL || moderation_own_address(t, info.from) ||
	    mail_automatic(im->raw, im->len, &info) ||
	    (was != JA_NONE && was != JA_QUEUED))
		goto out;
	judge_answer_set(js, key, JA_SENDING, t->now);
	if (judgestate_save(js, t->now) != 0) {
		/* not recorded, so not sent: it waits in the inbox */
		judge_answer_set(js, key, was == JA_NONE ? JA_QUEUED : was,
		    t->now);
		rc = 1;
		goto out;
	}
	if (id[0] != '\0')
		sb_addf(&body, "Your mail %s is for game '%s', which this "
		    "judge does not run.\n", info.message_id ?
		    info.message_id : "(without Message-ID)", id);
	else
		sb_addf(&body, "Your mail %s names no game: orders start "
		    "with a line\n\"GAME id\".\n", info.message_id ?
		    info.message_id : "(without Message-ID)");
	sb_add(&body, "\nThe games of this judge are:\n\n");
	for (i = 0; i < nids; i++)
		sb_addf(&body, "  %s\n", ids[i]);
	sb_add(&body, "\nPlease check the GAME line of your orders and send "
	    "them again.\nNothing of this mail was taken.\n");
	to[0] = info.from;
	at = t->from != NULL ? strrchr(t->from, '@') : NULL;
	msgid = xasprintf("<aor.judge.%lu.%.4s%.2s%.2s%.2s%.2s%.2s@%.*s>",
	    im->uid, t->now, t->now + 5, t->now + 8, t->now + 11,
	    t->now + 14, t->now + 17, at ? (int)strcspn(at + 1, "> ") : 20,
	    at ? at + 1 : "adjudicator.invalid");
	if (mail_build(t->from, to, 1, "[aor] unknown game", t->now, msgid,
	    info.message_id, body.buf, &msg, &len, &err) != 0) {
		diag(EXIT_DATAERR, NULL, 0, "the answer to mail %lu: %s",
		    im->uid, err.buf);
		rc = -1;
	} else {
		full = xasprintf("Auto-Submitted: auto-replied\r\n%s", msg);
		if (smtp_send(&t->smtp, t->from, to, 1, full, strlen(full),
		    &temporary, &err) != 0) {
			diag(temporary ? EXIT_TEMPFAIL : EXIT_DATAERR, NULL,
			    0, "%s (the answer to mail %lu for an unknown "
			    "game)", err.buf, im->uid);
			rc = temporary ? 1 : -1;
		}
		free(full);
	}
	judge_answer_set(js, key, rc == 0 ? JA_SENT : rc > 0 ? JA_QUEUED :
	    JA_FAILED, t->now);
	*answered += rc == 0;
	if (judgestate_save(js, t->now) != 0 && rc == 0)
		rc = -1;
out:
	free(key);
	free(msgid);
	free(msg);
	mail_info_release(&info);
	mail_order_release(&order);
	sb_release(&err);
	sb_release(&body);
	return rc;
}

/* The URL of folder on the server of url ("imap://host:port/INBOX"). */
static char *
folder_url(const char *url, const char *folder)
{
	const char *host = strstr(url, "://"), *slash;

	host = host != NULL ? host + 3 : url;
	slash = strchr(host, '/');
	if (slash == NULL)
		slash = host + strlen(host);
	return xasprintf("%.*s/%s", (int)(slash - url), url, folder);
}

/* The worse of two exit statuses: anything beats OK, 75 least. */
static int
worse(int a, int b)
{
	if (a == EXIT_OK || (a == EXIT_TEMPFAIL && b != EXIT_OK))
		return b;
	return a;
}

/*
 * Issue 18.9: the clearsigned orders routed to games checked by one gpg
 * for each set of registered keys, in the keyring of one game of the set
 * (a club's games have the same players, and so the same keys): the
 * verdicts are kept by the keyring's label (keys.sha256, the SHA-256 of
 * its keys), and each game's own check finds them where its keyring has
 * that label, as after resolve's early check (keyring.c); elsewhere it
 * checks the order itself.
 */
struct routed_order {
	char label[65];
	char *path;		/* DIR/GAME.xml, its keyring GAME.xml.keys */
	char *text;
};

static void
verify_routed(struct routed_order *r, size_t n)
{
	struct pgp_verdict *v;
	char **msgs, *home, label[65];
	size_t *lens, i, j, m;

	for (i = 0; i < n; i++) {
		if (r[i].text == NULL)
			continue;
		msgs = xcalloc(n + 1, sizeof(*msgs));
		lens = xcalloc(n + 1, sizeof(*lens));
		for (j = i, m = 0; j < n; j++)
			if (r[j].text != NULL &&
			    strcmp(r[j].label, r[i].label) == 0) {
				msgs[m] = r[j].text;
				lens[m++] = strlen(r[j].text);
				r[j].text = NULL;
			}
		/* one alone: its game's fetch checks it as cheaply */
		v = xcalloc(m + 1, sizeof(*v));
		home = xasprintf("%s.keys", r[i].path);
		if (m >= 2)
			pgp_verify_home_all(home, (const char *const *)msgs,
			    lens, m, 0, v);
		/* a keyring made anew meanwhile (a key registered): no
		 * verdict is kept under the label it had */
		if (game_keyring_label(r[i].path, label) != 0 ||
		    strcmp(label, r[i].label) != 0)
			for (j = 0; j < m; j++) {
				free(v[j].plain);
				free(v[j].err);
				v[j].plain = v[j].err = NULL;
				v[j].judged = 0;
			}
		game_keep_verdicts(r[i].label, msgs, m, v);
		free(home);
		free(lens);
	}
	for (i = 0; i < n; i++) {
		free(r[i].path);
		free(r[i].text);
	}
	free(r);
}

/* Routes the judge's inbox into the games' folders.  Its exit status. */
static int
route_inbox(struct moderation *t, struct judgestate *js, const char *dir,
    char sep, char **ids, size_t nids, int *routed, int *unknown,
    int *answered)
{
	struct routed_order *ro = NULL;
	size_t nro = 0;
	struct imap_msg *msgs = NULL;
	struct strbuf err;
	struct pgp *mod = NULL;
	unsigned long validity = 0;
	size_t n = 0, i, k;
	int temporary = 0, status = EXIT_OK, tried = 0;

	sb_init(&err);
	/* the inbox holds only mail not routed yet: take all of it */
	if (imap_fetch_new(&t->imap, &validity, 0, &msgs, &n, &temporary,
	    &err) != 0) {
		diag(temporary ? EXIT_TEMPFAIL : EXIT_DATAERR, NULL, 0, "%s%s",
		    err.buf, temporary ? " (a temporary failure: try again "
		    "later)" : "");
		sb_release(&err);
		return temporary ? EXIT_TEMPFAIL : EXIT_DATAERR;
	}
	for (i = 0; i < n; i++) {
		char id[64], *folder, *text, *path, label[65];
		int known = 0, a = 0;

		route_of(&msgs[i], &mod, &tried, id, &text);
		for (k = 0; k < nids && !known; k++)
			known = strcmp(ids[k], id) == 0;
		path = known && text != NULL ? xasprintf("%s/%s.xml", dir,
		    id) : NULL;
		if (path != NULL && game_keyring_label(path, label) == 0) {
			ro = xrealloc(ro, (nro + 1) * sizeof(*ro));
			memcpy(ro[nro].label, label, sizeof(label));
			ro[nro].path = path;
			ro[nro++].text = text;
			text = path = NULL;
		}
		free(path);
		free(text);
		if (!known) {
			a = answer_unknown(t, js, &msgs[i], id, ids, nids,
			    answered);
			if (a > 0) {	/* answered next time */
				status = worse(status,
				    diag_status_or(EXIT_TEMPFAIL));
				continue;
			}
			if (a < 0)
				status = EXIT_DATAERR;
		}
		folder = club_folder(sep, known ? GAME_FOLDER_PREFIX :
		    UNKNOWN_FOLDER, known ? id : "");
		sb_reset(&err);
		if (imap_move(&t->imap, msgs[i].uid, folder, &temporary,
		    &err) != 0) {
			diag(temporary ? EXIT_TEMPFAIL : EXIT_DATAERR, NULL, 0,
			    "%s (mail %lu, for %s, stays in the inbox)",
			    err.buf, msgs[i].uid, folder);
			if (status == EXIT_OK || temporary == 0)
				status = temporary ? EXIT_TEMPFAIL :
				    EXIT_DATAERR;
		} else if (known)
			(*routed)++;
		else
			(*unknown)++;
		free(folder);
	}
	if (mod != NULL)
		pgp_close(mod);
	imap_msgs_free(msgs, n);
	sb_release(&err);
	verify_routed(ro, nro);
	return status;
}

/* One game's run, as `run GAME.xml` does it; its exit status. */
/* The steps of run on a game that moderation_open opened. */
static int
run_steps(struct moderation *m)
{
	int fetched;

	fetched = fetch_step(m) == 0;
	test_crash_after_fetch();
	test_rewrite_game(m, "fetch");
	if (fetched) {
		resolve_if_due(m);
		remind(m);
	}
	return send_step(m);
}

static int
run_games(struct moderation *t, const char *dir)
{
	struct judgestate js;
	struct strbuf err;
	char **ids = NULL, **seeds = NULL, *lock_path, sep = '\0';
	size_t nids = 0, nseeds = 0, i;
	int lock, status, routed = 0, unknown = 0, answered = 0;
	int temporary = 0;
	struct stat sb;

	if (stat(dir, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
		diag(EXIT_NOINPUT, dir, 0, "--games: not a folder");
		return EXIT_NOINPUT;
	}
	lock_path = xasprintf("%s/.judge", dir);
	lock = game_lock(lock_path);	/* .judge.lock: one router */
	free(lock_path);
	if (lock < 0)
		return diag_status_or(EXIT_TEMPFAIL);
	if (judgestate_load(&js, dir) != 0) {
		status = diag_status();
		goto out;
	}
	nids = list_games(dir, &ids, &js, &seeds, &nseeds);
	if (nids == 0) {
		diag(EXIT_NOINPUT, dir, 0, "--games: no game files "
		    "(GAME.xml) in this folder");
		status = EXIT_NOINPUT;
		goto out;
	}
	sb_init(&err);
	if (imap_separator(&t->imap, &sep, &temporary, &err) != 0) {
		diag(temporary ? EXIT_TEMPFAIL : EXIT_DATAERR, NULL, 0, "%s%s",
		    err.buf, temporary ? " (a temporary failure: try again "
		    "later)" : "");
		sb_release(&err);
		status = temporary ? EXIT_TEMPFAIL : EXIT_DATAERR;
		goto out;
	}
	sb_release(&err);
	status = route_inbox(t, &js, dir, sep, ids, nids, &routed, &unknown,
	    &answered);
	if (routed + unknown > 0)
		printf("judge: routed %d mail%s to %s game%s, %d for no game "
		    "here (%d answered)\n", routed, routed == 1 ? "" : "s",
		    nids == 1 ? "its" : "their", nids == 1 ? "" : "s",
		    unknown, answered);
	/* every game's sealed seed opened by one gpg (issue 18.9) */
	game_open_seeds((const char *const *)seeds, nseeds);
	for (i = 0; i < nids; i++) {
		struct moderation m = *t;
		char *path = xasprintf("%s/%s.xml", dir, ids[i]);
		char *folder = club_folder(sep, GAME_FOLDER_PREFIX, ids[i]);
		char *url = folder_url(t->imap.url, folder);

		m.game_path = path;
		m.imap.url = url;
		/* a game that has had no mail has no folder yet: it runs
		 * with nothing new, reminders and defaults due (issue 18) */
		m.imap.missing_is_empty = 1;
		diag_reset();
		status = worse(status, moderation_run(&m, run_steps));
		free(url);
		free(folder);
		free(path);
	}
	if (judgestate_save(&js, t->now) != 0)
		status = worse(status, EXIT_CANTCREAT);
out:
	for (i = 0; i < nids; i++)
		free(ids[i]);
	free(ids);
	for (i = 0; i < nseeds; i++)
		free(seeds[i]);
	free(seeds);
	judgestate_release(&js);
	game_unlock(lock);
	return status;
}

int
cmd_run(int argc, char **argv)
{
	struct moderation m;
	const char *now_opt = NULL, *games = NULL;
	int c;

	moderation_init(&m);
	c = moderation_options(&m, argc, argv, "iSfNPHRMtxgTsnh", run_usage,
	    &now_opt, &games);
	if (c >= 0)
		return c;
	if (argc - optind != (games == NULL) || m.imap.url == NULL ||
	    m.smtp.url == NULL || m.from == NULL)
		return usage(run_usage, EXIT_USAGE);
	if (run_time(now_opt, m.now) != 0)
		return EXIT_USAGE;
	if (games != NULL) {
		m.keep_mail = 1;	/* one library state for all games */
		c = run_games(&m, games);
		mail_cleanup();
		return c;
	}
	m.game_path = argv[optind];
	return moderation_run(&m, run_steps);
}
