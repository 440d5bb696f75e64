/*
 * cmd-send.c - adjudicator send: mail the acknowledgements and reports.
 *
 * adjudicator send GAME.xml --smtp URL --from ADDR [--netrc FILE]
 *     [--insecure-plain] [--retry-failed] [--template FILE]
 *     [--timeout SECONDS] [--seed-file FILE] [--now TIME]
 *
 * Sends every pending mail of the game's outbox (GAME.xml.mail, bodies in
 * GAME.xml.outbox/), oldest first:
 *   - the answers fetch queued: an acknowledgement with the verdict on
 *     each order, a rejection with the reason, or "received already"; to
 *     the sender, In-Reply-To and References their mail, subject
 *     "[aor GAME] T1.S3: acknowledgement" (or "rejected", "received
 *     already");
 *   - after each resolve (by run, or by hand with `adjudicator resolve`,
 *     which send notices from the game's run counter), the public report
 *     to every player in one mail, "[aor GAME] run 12: report", and each
 *     player's private report, "[aor GAME] run 12: private report for
 *     Prussia", encrypted to the player's registered key (inline PGP,
 *     ASCII armour) or in plain text when the player has no key;
 *   - the deadline reminders run queued.
 * Every mail has From (--from), To, Date (the time of sending), a
 * Message-ID fixed when it was queued (a retried mail keeps it) and
 * Auto-Submitted (auto-replied or auto-generated, so that no robot answers
 * it).  A mail is recorded as sent (a line of GAME.xml.mail.sent,
 * synced; the state file takes it in at the end) as soon as the server
 * has accepted it: it is never sent twice (short of a crash in the
 * instant between the server's answer and that record).  A mail the server
 * refuses for now (a 4xx reply) waits for the next run while the others
 * go; no connection (or a 421 reply: the server is closing) leaves it
 * and the rest pending for the next run; a mail the server refuses for
 * good (5xx, a bad address) is marked failed with the reason and is only
 * tried again with --retry-failed.
 *
 * Credentials as for fetch: --netrc FILE or ADJUDICATOR_MAIL_USER and
 * ADJUDICATOR_MAIL_PASSWORD (an SMTP server is only logged in to when it
 * offers AUTH and credentials are given).  smtps:// is TLS, smtp:// must
 * upgrade with STARTTLS unless --insecure-plain is given (loopback only).
 *
 * Options:
 *   --smtp URL          smtps://host[:port] or smtp://host:587
 *   --from ADDR         the moderator's From: "Name <address>" (required)
 *   --netrc FILE        credentials
 *   --insecure-plain    allow smtp:// without TLS to a loopback server
 *   --retry-failed      try mail that failed for good again
 *   --template FILE     the report template (templates/report-text.xsl)
 *   --timeout SECONDS   per server request (30)
 *   --seed-file FILE    the game's seed, as for resolve
 *   --now TIME          the time of the run (ISO 8601 with a zone)
 *
 * Exit status: 0 when every mail was sent (or none was waiting), 75 when
 * the server cannot be reached or answered 4xx, or the game is locked
 * (what is unsent waits for the next run), 65 when a mail was refused for
 * good or a file is bad, 64 for a bad command line.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "diag.h"
#include "mailstate.h"
#include "moderation.h"
#include "util.h"

static const char send_usage[] =
    "adjudicator send GAME.xml --smtp URL --from ADDR [--netrc FILE]\n"
    "       [--insecure-plain] [--retry-failed] [--template FILE]\n"
    "       [--html-reports yes|no] [--timeout SECONDS] [--seed-file FILE]\n"
    "       [--now TIME]\n"
    "Sends the pending acknowledgements, reports and reminders of the "
    "game's\noutbox.\n"
    "Credentials: --netrc FILE, or ADJUDICATOR_MAIL_USER and\n"
    "ADJUDICATOR_MAIL_PASSWORD in the environment.\n"
    "Exit status: 0 done, 75 try again later (server, lock), 65 a mail "
    "refused for\n"
    "good or bad input, 64 bad command line.";

/* The message as it goes out: mail_build's, with Auto-Submitted. */
static int
build_message(struct moderation *m, const struct ms_mail *o,
    const char *body, char **msg, size_t *len, struct strbuf *err)
{
	char *built = NULL, *att = NULL, *path = NULL, *name = NULL;
	size_t blen = 0, alen = 0;
	const char *auto_kind = o->kind == OUT_ACK ? "auto-replied" :
	    "auto-generated";
	int rc;

	if (o->attachment != NULL) {
		path = ms_outbox_path(&m->ms, o->attachment);
		att = read_file(path, &alen);
		if (att == NULL) {
			sb_addf(err, "cannot read the attachment '%s': %s",
			    path, strerror(errno));
			free(path);
			return -1;
		}
		/* what the player saves: GAME-run-N.html */
		name = xasprintf("%s-run-%d.html", m->ms.game, o->run);
	}
	rc = mail_build_attached(m->from, (const char *const *)o->to,
	    o->nto, o->subject, m->now, o->message_id, o->in_reply_to, body,
	    name, att, alen, &built, &blen, err);
	free(name);
	free(att);
	free(path);
	if (rc != 0)
		return -1;
	*msg = xasprintf("Auto-Submitted: %s\r\n%s", auto_kind, built);
	*len = strlen(*msg);
	free(built);
	return 0;
}

/*
 * The test hook of issue 18.9: with ADJUDICATOR_TEST_CRASH_AFTER_SENT=N
 * in the environment, the process ends by SIGKILL right after the Nth
 * mail it sent is recorded, so that tests can check that the next run
 * sends the rest and nothing twice.  Never set it otherwise.
 */
static void
test_crash_after_sent(void)
{
	static long sent;
	const char *hook = getenv("ADJUDICATOR_TEST_CRASH_AFTER_SENT");

	if (hook != NULL && *hook != '\0' && ++sent == strtol(hook, NULL, 10))
		raise(SIGKILL);
}

int
send_step(struct moderation *m)
{
	struct strbuf err;
	size_t i;
	int temporary, stop = 0;

	/*
	 * Each mail sent is recorded by a line of GAME.xml.mail.sent, which
	 * may only name mail the state file holds: mail queued since it was
	 * written (reminders, reports of a resolve by hand) is saved first.
	 */
	for (i = 0; i < m->ms.nout; i++)
		if (m->ms.out[i].state == OUT_PENDING || (m->retry_failed &&
		    m->ms.out[i].state == OUT_FAILED))
			break;
	if (i < m->ms.nout && mailstate_save(&m->ms, m->now) != 0) {
		moderation_fail(m, diag_status());
		return -1;
	}
	sb_init(&err);
	for (i = 0; i < m->ms.nout && !stop; i++) {
		struct ms_mail *o = &m->ms.out[i];
		char *path, *body, *msg = NULL;
		size_t len = 0;

		if (o->state == OUT_SENT || (o->state == OUT_FAILED &&
		    !m->retry_failed))
			continue;
		path = ms_outbox_path(&m->ms, o->body);
		body = read_file(path, NULL);
		sb_reset(&err);
		if (body == NULL)
			sb_addf(&err, "cannot read the body '%s': %s", path,
			    strerror(errno));
		if (body == NULL || build_message(m, o, body, &msg, &len,
		    &err) != 0) {
			temporary = 0;
		} else if (smtp_send(&m->smtp, m->from,
		    (const char *const *)o->to, o->nto, msg, len, &temporary,
		    &err) == 0) {
			o->state = OUT_SENT;
			snprintf(o->sent, sizeof(o->sent), "%s", m->now);
			free(o->error);
			o->error = NULL;
			m->sent++;
			/* sent once: remember it before anything else, by
			 * one line (issue 18.9), else by the whole state */
			if (ms_record_sent(&m->ms, o) != 0 &&
			    mailstate_save(&m->ms, m->now) != 0) {
				moderation_fail(m, diag_status());
				stop = 1;
			}
			test_crash_after_sent();
			goto next;
		}
		o->attempts++;
		free(o->error);
		o->error = xstrdup(err.buf);
		m->unsent++;
		if (temporary == 2) {
			/* refused for now, this mail only: the next may go */
			diag(EXIT_TEMPFAIL, NULL, 0, "%s (mail %d, '%s', waits "
			    "for the next run)", err.buf, o->id, o->subject);
			moderation_fail(m, EXIT_TEMPFAIL);
		} else if (temporary) {
			diag(EXIT_TEMPFAIL, NULL, 0, "%s (mail %d, '%s', and "
			    "those after it wait for the next run)", err.buf,
			    o->id, o->subject);
			moderation_fail(m, EXIT_TEMPFAIL);
			stop = 1;
		} else {
			o->state = OUT_FAILED;
			diag(EXIT_DATAERR, NULL, 0, "%s (mail %d, '%s', is "
			    "marked failed; send --retry-failed tries it "
			    "again)", err.buf, o->id, o->subject);
			moderation_fail(m, EXIT_DATAERR);
		}
		if (mailstate_save(&m->ms, m->now) != 0) {
			moderation_fail(m, diag_status());
			stop = 1;
		}
next:
		free(msg);
		free(body);
		free(path);
	}
	sb_release(&err);
	return m->status == EXIT_OK ? 0 : -1;
}

int
cmd_send(int argc, char **argv)
{
	struct moderation m;
	const char *now_opt = NULL;
	int rc;

	moderation_init(&m);
	rc = moderation_options(&m, argc, argv, "SfNPrtxTsnh", send_usage,
	    &now_opt, NULL);
	if (rc >= 0)
		return rc;
	if (argc - optind != 1 || m.smtp.url == NULL || m.from == NULL)
		return usage(send_usage, EXIT_USAGE);
	m.game_path = argv[optind];
	if (run_time(now_opt, m.now) != 0)
		return EXIT_USAGE;
	return moderation_run(&m, send_step);
}
