/*
 * cmd-fetch.c - adjudicator fetch: take orders from an IMAP mailbox.
 *
 * adjudicator fetch GAME.xml --imap URL [--netrc FILE] [--insecure-plain]
 *     [--from ADDR] [--reject-folder NAME | --no-move] [--timeout SECONDS]
 *     [--seed-file FILE] [--now TIME]
 *
 * Reads the messages of the mailbox that are new since the last fetch
 * (by UID, with the mailbox's UIDVALIDITY, both kept in GAME.xml.mail),
 * takes each message once, finds the order in it with GMime and files it
 * for the game:
 *   - inline clearsigned text in any text/plain part (7bit,
 *     quoted-printable, base64, inside multipart/alternative or mixed,
 *     CRLF or LF line ends, a mail client's "-- " signature block after
 *     it): the armoured block goes to the spool as it was signed;
 *   - PGP/MIME multipart/encrypted (signed and encrypted to the
 *     moderator's key): the armoured message goes to the spool as it is;
 *     resolve decrypts it with the moderator's key (GNUPGHOME);
 *   - plain text, in a game where no player has a key;
 *   - PGP/MIME multipart/signed: the detached signature is verified
 *     with the registered keys and the text of the signed part goes to
 *     the spool; resolve (run) checks it again against the part and its
 *     signature, which it reads from the saved mail, and records both in
 *     the history for verify (issue 9.5).
 * Each order is checked as `adjudicator check` would check it, against the
 * game as it stands; an order that passes is filed as GAME.xml.spool/NNN.txt
 * (for run or `adjudicator resolve GAME.xml GAME.xml.spool/NNN.txt`) and
 * its sender gets an acknowledgement with the verdict on each step
 * (In-Reply-To the mail).  The same order mailed twice (same signed text)
 * is filed once and the repeat answered "received already"; a message
 * seen twice (same Message-ID) is taken once.  Mail that is not for this
 * game, not signed, signed by an unknown key, tampered with, or not
 * readable changes nothing: it is answered with the reason and moved to
 * the IMAP folder aor-rejected (--reject-folder, or left in place with
 * --no-move).  Every message taken is also saved as GAME.xml.received/
 * NNN.eml.  No mail is answered that comes from the --from address, has
 * the signs of an auto-reply or a bounce (Auto-Submitted, Precedence
 * bulk/junk/list/auto_reply, X-Autoreply, X-Autorespond, an empty
 * Return-Path, MAILER-DAEMON, multipart/report, an out-of-office
 * subject): no mail loops.
 * The answers wait in the outbox for `adjudicator send`.
 *
 * Credentials come from the netrc file given with --netrc or from
 * ADJUDICATOR_MAIL_USER and ADJUDICATOR_MAIL_PASSWORD, never from the
 * command line.  imaps:// is TLS; imap:// must upgrade with STARTTLS
 * unless --insecure-plain is given, which is allowed only for a server on
 * this machine (127.0.0.0/8, ::1, localhost), for tests.
 *
 * Options:
 *   --imap URL           imaps://host[:port]/MAILBOX (MAILBOX: INBOX)
 *   --netrc FILE         credentials (machine HOST login U password P)
 *   --insecure-plain     allow imap:// without TLS to a loopback server
 *   --from ADDR          the moderator's address: the domain of the
 *                        Message-IDs of the answers; its own mail is not
 *                        answered
 *   --reject-folder NAME where mail that is not filed goes (aor-rejected)
 *   --no-move            leave mail that is not filed in the mailbox
 *   --timeout SECONDS    per server request (30)
 *   --seed-file FILE     the game's seed, as for resolve
 *   --now TIME           the time of the run (ISO 8601 with a zone)
 *
 * Exit status: 0 when the mailbox was read (also when some mail was
 * rejected and answered), 75 when the server cannot be reached, the login
 * failed or the game is locked (try again later), 65 for bad input (game
 * or mail state file, a server refusing for good), 64 for a bad command
 * line.  The summary goes to stdout when anything was fetched.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "cmd.h"
#include "diag.h"
#include "mailstate.h"
#include "moderation.h"
#include "pgp.h"
#include "resolve.h"
#include "util.h"

static const char fetch_usage[] =
    "adjudicator fetch GAME.xml --imap URL [--netrc FILE] "
    "[--insecure-plain]\n"
    "       [--from ADDR] [--reject-folder NAME | --no-move] "
    "[--timeout SECONDS]\n"
    "       [--seed-file FILE] [--now TIME]\n"
    "Takes new orders from the IMAP mailbox, files them in GAME.xml.spool/"
    "\nand queues an answer to each mail (sent by 'adjudicator send').\n"
    "Credentials: --netrc FILE, or ADJUDICATOR_MAIL_USER and\n"
    "ADJUDICATOR_MAIL_PASSWORD in the environment.\n"
    "PGP/MIME multipart/signed: accepted.\n"
    "Exit status: 0 done, 75 try again later (server, login, lock), "
    "65 bad input,\n"
    "64 bad command line.";

/* ------------------------------------------------------------------ */
/* The check of one order file, as the player is to read it */

struct capture {
	FILE *f[2];
	int saved[2];
};

static int
capture_start(struct capture *c)
{
	int i;

	fflush(stdout);
	fflush(stderr);
	for (i = 0; i < 2; i++) {
		c->f[i] = tmpfile();
		c->saved[i] = dup(i + 1);
	}
	if (c->f[0] == NULL || c->f[1] == NULL || c->saved[0] < 0 ||
	    c->saved[1] < 0) {
		for (i = 0; i < 2; i++) {
			if (c->f[i] != NULL)
				fclose(c->f[i]);
			if (c->saved[i] >= 0)
				close(c->saved[i]);
		}
		diag(EXIT_CANTCREAT, NULL, 0, "cannot create a temporary "
		    "file: %s", strerror(errno));
		return -1;
	}
	dup2(fileno(c->f[0]), 1);
	dup2(fileno(c->f[1]), 2);
	return 0;
}

static char *
slurp(FILE *f)
{
	struct strbuf sb;
	char buf[4096];
	size_t n;

	sb_init(&sb);
	rewind(f);
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		sb_addn(&sb, buf, n);
	fclose(f);
	return sb_detach(&sb);
}

/* Ends the capture; *out and *err (caller frees) hold what was caught. */
static void
capture_stop(struct capture *c, char **out, char **err)
{
	int i;

	fflush(stdout);
	fflush(stderr);
	for (i = 0; i < 2; i++) {
		dup2(c->saved[i], i + 1);
		close(c->saved[i]);
	}
	*out = slurp(c->f[0]);
	*err = slurp(c->f[1]);
}

/*
 * Appends the lines of text with the spool path turned into what the
 * player knows: "PATH:12: x" becomes "line 12: x", "PATH: x" becomes "x",
 * "adjudicator: error: x" becomes "error: x".  With skip_known, a
 * diagnostic whose message already shows in known is left out (a
 * rejection is both a diagnostic and a verdict line).
 */
static void
add_for_player(struct strbuf *sb, const char *text, const char *path,
    const char *known)
{
	size_t plen = strlen(path);
	const char *p = text;

	while (*p != '\0') {
		const char *nl = strchr(p, '\n'), *q = p, *msg;
		size_t n = nl != NULL ? (size_t)(nl - p) : strlen(p);
		char *line;

		if (n >= plen && strncmp(p, path, plen) == 0)
			q = p + plen;
		else if (strncmp(p, "adjudicator: ", 13) == 0)
			q = p + 13;
		line = xasprintf("%.*s", (int)(n - (size_t)(q - p)), q);
		msg = strstr(line, "error: ");
		if (msg != NULL)
			msg += 7;
		else if ((msg = strstr(line, "warning: ")) != NULL)
			msg += 9;
		if (known != NULL && msg != NULL && strstr(known, msg) != NULL)
			goto next;
		if (line[0] == ':' && isdigit((unsigned char)line[1]))
			sb_addf(sb, "  line %s\n", line + 1);
		else if (line[0] == ':' && line[1] == ' ')
			sb_addf(sb, "  %s\n", line + 2);
		else if (line[0] != '\0')
			sb_addf(sb, "  %s\n", line);
next:
		free(line);
		p = nl != NULL ? nl + 1 : p + n;
	}
}

int
check_order_file(struct moderation *m, const char *path,
    const struct mime_signed *mime, char **verdict)
{
	struct game g, *main;
	struct run_opts ro;
	struct capture cap;
	struct strbuf sb;
	char *files[1], *out, *err;
	int rc, before = diag_status();
	const struct mime_signed *mimes[1];

	mimes[0] = mime;
	*verdict = NULL;
	if ((main = moderation_game(m)) == NULL)
		return -1;
	game_copy(&g, main);	/* the check's trial changes only it */
	memset(&ro, 0, sizeof(ro));
	ro.now = m->now;
	ro.verbose = 1;
	ro.mime = mimes;
	files[0] = (char *)path;
	if (capture_start(&cap) != 0) {
		game_release(&g);
		return -1;
	}
	rc = resolve_run(&g, files, 1, &ro);
	capture_stop(&cap, &out, &err);
	game_release(&g);
	moderation_diag_restore(before);
	sb_init(&sb);
	add_for_player(&sb, out, path, NULL);
	add_for_player(&sb, err, path, out);
	if (sb.len == 0)
		sb_add(&sb, rc == 0 ? "  accepted\n" : "  rejected\n");
	free(out);
	free(err);
	*verdict = sb_detach(&sb);
	return rc == 0 && ro.rejected == 0 && ro.refused == 0 ? 0 : 1;
}

/* ------------------------------------------------------------------ */
/* Taking one message */

/* The value of a header line at p if it is name, else NULL. */
static const char *
header_value(const char *p, const char *name)
{
	size_t n = strlen(name);

	if (!str_iprefix(name, p) || p[n] != ':')
		return NULL;
	for (p += n + 1; *p == ' ' || *p == '\t'; p++)
		;
	return p;
}

/* Does the word at v (up to the line's end or ';') equal w, any case? */
static int
value_is(const char *v, const char *w)
{
	size_t n = strlen(w);

	return str_iprefix(w, v) && (v[n] == '\r' || v[n] == '\n' ||
	    v[n] == ';' || v[n] == ' ' || v[n] == '\t' || v[n] == '\0');
}

/*
 * Does the mail say it is automatic, so that an answer could loop?
 * RFC 3834 (Auto-Submitted other than "no") and common practice:
 * Precedence bulk, junk, list or auto_reply; X-Autoreply, X-Autorespond,
 * X-Auto-Response-Suppress; an empty Return-Path or a sender that is
 * MAILER-DAEMON or postmaster (bounces); a delivery report
 * (multipart/report); an out-of-office subject.
 */
int
mail_automatic(const char *raw, size_t len, const struct mail_info *info)
{
	static const char *const subjects[] = { "Automatic reply:",
	    "Auto:", "Autoreply:", "Auto-Reply:", "Out of Office",
	    "Abwesenheitsnotiz", "Undeliverable:", "Undelivered Mail",
	    "Delivery Status Notification", "Mail delivery failed" };
	const char *p = raw, *end = raw + len, *v;
	size_t i;

	while (p < end && *p != '\r' && *p != '\n') {
		const char *nl = memchr(p, '\n', (size_t)(end - p));

		if ((v = header_value(p, "Auto-Submitted")) != NULL &&
		    !value_is(v, "no"))
			return 1;
		if ((v = header_value(p, "Precedence")) != NULL &&
		    (value_is(v, "bulk") || value_is(v, "junk") ||
		    value_is(v, "list") || value_is(v, "auto_reply")))
			return 1;
		if (header_value(p, "X-Autoreply") != NULL ||
		    header_value(p, "X-Autorespond") != NULL ||
		    header_value(p, "X-Auto-Response-Suppress") != NULL)
			return 1;
		if ((v = header_value(p, "Return-Path")) != NULL &&
		    strncmp(v, "<>", 2) == 0)
			return 1;
		if ((v = header_value(p, "Content-Type")) != NULL &&
		    str_iprefix("multipart/report", v))
			return 1;
		if (nl == NULL)
			break;
		p = nl + 1;
	}
	if (info->from != NULL && (str_iprefix("MAILER-DAEMON@", info->from) ||
	    str_iprefix("postmaster@", info->from)))
		return 1;
	for (i = 0; info->subject != NULL &&
	    i < sizeof(subjects) / sizeof(subjects[0]); i++)
		if (str_iprefix(subjects[i], info->subject))
			return 1;
	return 0;
}

int
moderation_own_address(const struct moderation *m, const char *address)
{
	const char *b, *e;

	if (m->from == NULL || address == NULL)
		return 0;
	b = strrchr(m->from, '<');
	b = b != NULL ? b + 1 : m->from;
	while (*b == ' ')
		b++;
	e = b + strcspn(b, "> \t");
	return strlen(address) == (size_t)(e - b) &&
	    strncasecmp(address, b, (size_t)(e - b)) == 0;
}

/* The canonical steps named by STEP lines of an order text, joined by
 * ", " (caller frees), or NULL when none. */
static char *
order_steps(const struct game_module *mod, const char *text)
{
	struct strbuf sb, err;
	const char *p = text;

	sb_init(&sb);
	sb_init(&err);
	while (p != NULL && *p != '\0') {
		const char *q = p, *nl = strchr(p, '\n');
		char arg[64], step[32];
		size_t n;

		while (*q == ' ' || *q == '\t')
			q++;
		if (str_iprefix("STEP", q) && (q[4] == ' ' || q[4] == '\t')) {
			q += 5;
			n = strcspn(q, "#\r\n");
			while (n > 0 && isspace((unsigned char)q[n - 1]))
				n--;
			snprintf(arg, sizeof(arg), "%.*s", (int)n, q);
			sb_reset(&err);
			if (mod->parse_step(arg, step, sizeof(step),
			    &err) == 0 && strstr(sb.buf, step) == NULL)
				sb_addf(&sb, "%s%s", sb.len ? ", " : "", step);
		}
		p = nl != NULL ? nl + 1 : NULL;
	}
	sb_release(&err);
	if (sb.len == 0) {
		sb_release(&sb);
		return NULL;
	}
	return sb_detach(&sb);
}

/* What one message comes to, before it is recorded. */
struct taking {
	struct mail_info info;
	struct mail_order order;
	char *spool_text;	/* what goes to the spool (may be borrowed) */
	char *owned_text;
	char *plain;		/* the order text once verified, or NULL */
	char *steps;		/* "T1.S3, T1.S4" or NULL */
	struct strbuf why;	/* the reason of a rejection */
	char *verdict;		/* the check's lines */
	int no_answer;		/* why not answered, in why */
};

static void
taking_release(struct taking *t)
{
	mail_info_release(&t->info);
	mail_order_release(&t->order);
	free(t->owned_text);
	free(t->plain);
	free(t->steps);
	free(t->verdict);
	sb_release(&t->why);
}

/* "your mail <id> of DATE" */
static void
add_mail_name(struct strbuf *sb, const struct ms_message *rec)
{
	sb_add(sb, "your mail");
	if (rec->message_id != NULL)
		sb_addf(sb, " %s", rec->message_id);
	if (rec->date != NULL)
		sb_addf(sb, " of %s", rec->date);
	else
		sb_addf(sb, " received %s", rec->received);
}

static void
answer(struct moderation *m, struct ms_message *rec, const char *what,
    const char *steps, const char *body)
{
	char *subject;
	const char *to[1];
	int id;

	if (rec->from == NULL)
		return;
	to[0] = rec->from;
	subject = steps != NULL ?
	    xasprintf("[aor %s] %s: %s", m->ms.game, steps, what) :
	    xasprintf("[aor %s] %s", m->ms.game, what);
	id = ms_queue(&m->ms, OUT_ACK, to, 1, subject, rec->message_id, body,
	    NULL, 0, m->msgid_domain, m->now);
	if (id > 0)
		rec->answer = id;
	else
		moderation_fail(m, diag_status_or(EXIT_CANTCREAT));
	free(subject);
}

static const char how_to_send[] =
    "Orders are plain text: GAME, COUNTRY, then a STEP line for each\n"
    "decision and its orders (see adjudicator-orders(5)).";
static const char how_to_sign[] =
    "This game takes only orders signed with the key registered for your\n"
    "country: clearsign the text (gpg --clearsign, or your mail client's\n"
    "inline PGP) and mail it as it is, or sign and encrypt it to the\n"
    "moderator's key (PGP/MIME encrypted).";

static void
reject(struct moderation *m, struct game *g, struct ms_message *rec,
    struct taking *t)
{
	struct strbuf body;

	m->rejected++;
	rec->status = MS_REJECTED;
	free(rec->reason);
	rec->reason = xstrdup(t->why.buf);
	if (m->reject_folder != NULL && rec->uid != 0) {
		rec->folder = xstrdup(m->reject_folder);
		rec->moved = 0;
	}
	if (t->no_answer)
		return;
	sb_init(&body);
	sb_addf(&body, "Game %s: ", m->ms.game);
	add_mail_name(&body, rec);
	sb_addf(&body, "\nwas received, but it was not filed: nothing in "
	    "the game changed.\n\nWhy:\n\n%s\n", t->why.buf);
	sb_addf(&body, "Please send the corrected orders in a new mail.\n%s\n",
	    how_to_send);
	if (game_signed(g))
		sb_addf(&body, "\n%s\n", how_to_sign);
	answer(m, rec, "rejected", t->steps, body.buf);
	sb_release(&body);
}

static void
acknowledge(struct moderation *m, const struct game *g,
    struct ms_message *rec, struct taking *t)
{
	struct strbuf body;
	char ahead[32], latest[32];

	sb_init(&body);
	sb_addf(&body, "Game %s: ", m->ms.game);
	add_mail_name(&body, rec);
	sb_addf(&body, "\nwas received and filed as order %03d.\n", rec->n);
	if (rec->signer[0] != '\0')
		sb_addf(&body, "It is signed by key %s.\n", rec->signer);
	sb_addf(&body, "\nThe orders, checked against the game as it stands "
	    "now:\n\n%s\n", t->verdict);
	sb_addf(&body, "An order is applied when the game is next resolved "
	    "(when every decision\nthat is due has an order or its deadline "
	    "has passed); one for a later\nstep waits for its step%s.  "
	    "Until then a later order for the same\nstep replaces it%s.\n",
	    module_cite(ahead, g->module->ahead_ruling, NULL),
	    module_cite(latest, g->module->latest_ruling, NULL));
	answer(m, rec, "acknowledgement", t->steps, body.buf);
	sb_release(&body);
}

static void
duplicate(struct moderation *m, struct ms_message *rec,
    const struct ms_message *first, struct taking *t)
{
	struct strbuf body;

	m->duplicates++;
	rec->status = MS_DUPLICATE;
	rec->dup_of = first->n;
	sb_init(&body);
	sb_addf(&body, "Game %s: ", m->ms.game);
	add_mail_name(&body, rec);
	sb_addf(&body, "\nholds the same orders as order %03d, filed on %s",
	    first->n, first->received);
	if (first->message_id != NULL)
		sb_addf(&body, "\nfrom mail %s", first->message_id);
	sb_add(&body, ".  They count once: nothing changed.\n");
	answer(m, rec, "received already", t->steps, body.buf);
	sb_release(&body);
}

/* Finds the text to spool; 0, or -1 with t->why set for a rejection. */
static int
order_text(struct moderation *m, struct game *g, struct ms_message *rec,
    struct taking *t)
{
	char fpr[PGP_FPR_LEN + 1] = "";
	struct strbuf err;
	int rc = 0;

	(void)m;
	sb_init(&err);
	switch (t->order.kind) {
	case PART_PLAIN:
		t->spool_text = t->order.text;
		t->plain = xstrdup(t->order.text);
		if (t->order.text[strspn(t->order.text, " \t\r\n")] ==
		    '\0') {
			sb_add(&t->why, "  no orders found: the mail's text "
			    "is empty\n");
			rc = -1;
		}
		break;
	case PART_CLEARSIGNED:
	case PART_PGP_ENCRYPTED:
		t->spool_text = t->order.text;
		/* the digest of the signed text finds the same order
		 * mailed again in another encoding or encryption; a
		 * failure here is the check's to explain */
		if (game_verify_message(g, t->order.text, t->order.len,
		    &t->plain, fpr, NULL, &err) == 0)
			snprintf(rec->signer, sizeof(rec->signer), "%s", fpr);
		break;
	case PART_PGP_SIGNED:
		rec->pgp_mime = 1;
		if (game_verify_mime(g, t->order.text, t->order.len,
		    t->order.signature != NULL ? t->order.signature : "",
		    &t->plain, fpr, NULL, &err) != 0) {
			sb_addf(&t->why, "  the PGP/MIME signature was not "
			    "accepted: %s\n", err.buf);
			rc = -1;
			break;
		}
		snprintf(rec->signer, sizeof(rec->signer), "%s", fpr);
		t->spool_text = t->plain;
		break;
	}
	sb_release(&err);
	return rc;
}

/*
 * Takes one message: records it, saves it raw, files or rejects it and
 * queues the answer.  Returns 0, or -1 when the game or a file cannot be
 * handled (then the message is not recorded and will be taken again).
 */
static int
take_message(struct moderation *m, struct game *g, const struct imap_msg *im)
{
	struct ms_message *rec, *prev;
	struct mime_signed mime;
	struct taking t;
	struct strbuf err;
	char *path, *spool_name = NULL, *spool_path = NULL;
	int rc = 0, checked, parsed, own;

	rec = ms_add_message(&m->ms, m->now);
	rec->uid = im->uid;
	rec->uidvalidity = m->ms.uidvalidity;
	path = ms_received_path(&m->ms, rec->n);
	if (report_write_file(path, im->raw, im->len) != EXIT_OK) {
		free(path);
		m->ms.nmsgs--;
		return -1;
	}
	free(path);
	m->fetched++;
	memset(&t, 0, sizeof(t));
	sb_init(&t.why);
	sb_init(&err);
	/* the headers are known even when the body cannot be read */
	parsed = mail_parse(im->raw, im->len, &t.info, &t.order, &err) == 0;
	rec->from = xstrdup_or_null(t.info.from);
	rec->message_id = xstrdup_or_null(t.info.message_id);
	rec->date = xstrdup_or_null(t.info.date);
	rec->subject = xstrdup_or_null(t.info.subject);
	if ((prev = ms_find_message_id(&m->ms, rec->message_id, rec)) !=
	    NULL) {
		/* the same message again (a copy, a new UIDVALIDITY): it
		 * was answered the first time */
		m->duplicates++;
		rec->status = MS_DUPLICATE;
		rec->dup_of = prev->n;
		rec->reason = xstrdup("the same Message-ID was taken before: "
		    "not answered again");
		goto out;
	}
	own = moderation_own_address(m, rec->from);
	if (rec->from == NULL || own ||
	    mail_automatic(im->raw, im->len, &t.info)) {
		t.no_answer = 1;
		sb_add(&t.why, rec->from == NULL ? "no sender address: not "
		    "answered" : own ? "mail from the moderator's own "
		    "address: not answered" : "an automatic mail (an "
		    "auto-reply or a bounce): not answered");
		if (!parsed)
			sb_addf(&t.why, "; the mail cannot be read: %s",
			    err.buf);
		reject(m, g, rec, &t);
		goto out;
	}
	if (!parsed) {
		sb_addf(&t.why, "  the mail cannot be read: %s\n", err.buf);
		reject(m, g, rec, &t);
		goto out;
	}
	if (order_text(m, g, rec, &t) != 0) {
		t.steps = t.plain != NULL ? order_steps(g->module,
		    t.plain) : NULL;
		reject(m, g, rec, &t);
		goto out;
	}
	t.steps = order_steps(g->module,
	    t.plain != NULL ? t.plain : t.spool_text);
	sha256_hex(t.plain != NULL ? t.plain : t.spool_text,
	    strlen(t.plain != NULL ? t.plain : t.spool_text), rec->sha256);
	if ((prev = ms_find_order(&m->ms, rec->sha256)) != NULL) {
		duplicate(m, rec, prev, &t);
		goto out;
	}
	spool_name = xasprintf("%03d.txt", rec->n);
	spool_path = ms_spool_path(&m->ms, spool_name);
	if (report_write_file(spool_path, t.spool_text,
	    strlen(t.spool_text)) != EXIT_OK) {
		rc = -1;
		goto out;
	}
	if (rec->pgp_mime) {
		mime.entity = t.order.text;
		mime.entity_len = t.order.len;
		mime.signature = t.order.signature;
	}
	checked = check_order_file(m, spool_path, rec->pgp_mime ? &mime :
	    NULL, &t.verdict);
	if (checked < 0) {
		unlink(spool_path);
		rc = -1;
	} else if (checked > 0) {
		unlink(spool_path);
		sb_add(&t.why, t.verdict);
		reject(m, g, rec, &t);
	} else {
		m->filed++;
		rec->status = MS_FILED;
		rec->spool = spool_name;
		spool_name = NULL;
		acknowledge(m, g, rec, &t);
	}
out:
	if (rc != 0) {
		/* not taken: the message is looked at again next time */
		rec = &m->ms.msgs[--m->ms.nmsgs];
		m->fetched--;
		free(rec->message_id);
		free(rec->from);
		free(rec->date);
		free(rec->subject);
		free(rec->reason);
		free(rec->folder);
	}
	free(spool_name);
	free(spool_path);
	sb_release(&err);
	taking_release(&t);
	return rc;
}

/* Moves mail that was not filed to its folder, this run's and any that
 * an earlier run could not move. */
static void
move_rejected(struct moderation *m)
{
	struct strbuf err;
	size_t i;
	int temporary;

	sb_init(&err);
	for (i = 0; i < m->ms.nmsgs; i++) {
		struct ms_message *rec = &m->ms.msgs[i];

		if (rec->folder == NULL || rec->moved)
			continue;
		if (rec->uidvalidity != m->ms.uidvalidity) {
			free(rec->folder);	/* its UID means nothing now */
			rec->folder = NULL;
			continue;
		}
		if (imap_move(&m->imap, rec->uid, rec->folder, &temporary,
		    &err) == 0) {
			rec->moved = 1;
			m->moved++;
			continue;
		}
		if (temporary) {
			diag(EXIT_TEMPFAIL, NULL, 0, "%s (moving mail %03d; "
			    "tried again next time)", err.buf, rec->n);
			moderation_fail(m, EXIT_TEMPFAIL);
			break;
		}
		diag_warn(NULL, 0, "%s (mail %03d stays in the mailbox; it is "
		    "kept in %s)", err.buf, rec->n, m->ms.received_dir);
		free(rec->folder);
		rec->folder = NULL;
	}
	sb_release(&err);
}

/*
 * Issue 18.9: the clearsigned orders of this fetch checked by one gpg,
 * as resolve checks its files; take_message, the check of each order,
 * the resolve and the reminders of this process find the verdicts.
 */
static void
verify_fetched(struct game *g, const struct imap_msg *msgs, size_t n)
{
	char **texts = xcalloc(n + 1, sizeof(*texts));
	struct mail_info info;
	struct mail_order order;
	size_t i, k = 0;

	for (i = 0; i < n; i++) {
		if (mail_parse(msgs[i].raw, msgs[i].len, &info, &order,
		    NULL) == 0 && order.kind == PART_CLEARSIGNED)
			texts[k++] = xstrdup(order.text);
		mail_info_release(&info);
		mail_order_release(&order);
	}
	game_verify_ahead(g, texts, k);
}

int
fetch_step(struct moderation *m)
{
	struct imap_msg *msgs = NULL;
	struct strbuf err;
	struct game *g;
	unsigned long validity = m->ms.uidvalidity;
	size_t n = 0, i;
	int temporary = 0, rc = 0;

	sb_init(&err);
	if (imap_fetch_new(&m->imap, &validity, m->ms.last_uid, &msgs, &n,
	    &temporary, &err) != 0) {
		diag(temporary ? EXIT_TEMPFAIL : EXIT_DATAERR, NULL, 0, "%s%s",
		    err.buf, temporary ? " (a temporary failure: try again "
		    "later)" : "");
		moderation_fail(m, temporary ? EXIT_TEMPFAIL : EXIT_DATAERR);
		sb_release(&err);
		return -1;
	}
	sb_release(&err);
	if (m->ms.uidvalidity != 0 && validity != m->ms.uidvalidity)
		diag_warn(m->ms.path, 0, "the mailbox's UIDVALIDITY changed "
		    "(%lu, was %lu): every message in it is looked at again; "
		    "those taken before are known by their Message-ID",
		    validity, m->ms.uidvalidity);
	if (validity != m->ms.uidvalidity)
		m->ms.last_uid = 0;
	m->ms.uidvalidity = validity;
	if (n > 0) {
		if ((g = moderation_game(m)) == NULL) {
			moderation_fail(m, diag_status_or(EXIT_DATAERR));
			imap_msgs_free(msgs, n);
			return -1;
		}
		if (n > 1)
			verify_fetched(g, msgs, n);
		for (i = 0; i < n; i++) {
			if (take_message(m, g, &msgs[i]) != 0) {
				moderation_fail(m,
				    diag_status_or(EXIT_SOFTWARE));
				rc = -1;
				break;
			}
			if (msgs[i].uid > m->ms.last_uid)
				m->ms.last_uid = msgs[i].uid;
		}
	}
	imap_msgs_free(msgs, n);
	/* taken once the state says so; then the mail may be moved */
	if (mailstate_save(&m->ms, m->now) != 0) {
		moderation_fail(m, diag_status());
		return -1;
	}
	if (m->reject_folder != NULL) {
		int before = m->moved;

		move_rejected(m);
		if (m->moved != before && mailstate_save(&m->ms, m->now) != 0)
			moderation_fail(m, diag_status());
	}
	return rc;
}

/* ------------------------------------------------------------------ */

int
cmd_fetch(int argc, char **argv)
{
	struct moderation m;
	const char *now_opt = NULL;
	int rc;

	moderation_init(&m);
	rc = moderation_options(&m, argc, argv, "iNPfRMTsnh", fetch_usage,
	    &now_opt, NULL);
	if (rc >= 0)
		return rc;
	if (argc - optind != 1 || m.imap.url == NULL)
		return usage(fetch_usage, EXIT_USAGE);
	m.game_path = argv[optind];
	if (run_time(now_opt, m.now) != 0)
		return EXIT_USAGE;
	return moderation_run(&m, fetch_step);
}
