/*
 * mailstate.h - what the mail side of a game remembers.  The session
 * and the steps that fetch, send and run share are in moderation.h.
 *
 * The game file knows nothing of mail.  Beside GAME.xml live:
 *   GAME.xml.mail      the mail state (XML, formats/mailstate.rng): the
 *                      IMAP UIDVALIDITY and last UID seen, every message
 *                      taken and what became of it, the outbox, the
 *                      reminders sent;
 *   GAME.xml.spool/    the orders filed for resolve, NNN.txt, each the
 *                      exact order text of message NNN (clearsigned
 *                      block, armoured signed+encrypted message, or plain
 *                      text in a game without keys);
 *   GAME.xml.received/ every message taken, NNN.eml, as the server gave
 *                      it: nothing is ever lost silently;
 *   GAME.xml.outbox/   the bodies of the mail to send (NNN.txt, and
 *                      run-R/COUNTRY.txt[.asc] for private reports);
 *   GAME.xml.mail.sent the mail sent since the state was last written,
 *                      one line each ("sent ID MESSAGE-ID TIME"): there
 *                      only while a run sends, or after one was stopped
 *                      while sending.
 * All of it is written under the game's lock (game_lock on GAME.xml),
 * files atomically, the folders mode 700 (private reports and sealed
 * picks).
 *
 * Crash safety: a message counts as taken once the state that records it
 * is saved; its spool and raw files are written before that.  A resolve
 * saves the state first (the waiting orders marked applied in run R, the
 * reports of run R queued) and the game second; mailstate_recover undoes
 * the first half when the game never reached run R.  A mail is marked sent
 * right after the server accepted it: a line appended to GAME.xml.mail.sent
 * and synced (issue 18.9: the whole state written again after each mail
 * was most of a club's step), which mailstate_load reads and the next
 * mailstate_save takes in and removes.
 */
#ifndef MAILSTATE_H
#define MAILSTATE_H

#include <stddef.h>

#include "game.h"

/* What became of a message taken from the mailbox. */
enum ms_status {
	MS_FILED,	/* in the spool: waiting, or applied in run R */
	MS_DUPLICATE,	/* the same message, or the same order, again */
	MS_REJECTED	/* not filed: the reason says why */
};

struct ms_message {
	int n;			/* 1..: spool/NNN.txt, received/NNN.eml */
	unsigned long uid;	/* IMAP UID (0: not from IMAP) */
	unsigned long uidvalidity;
	char received[32];	/* when it was taken */
	char *message_id;	/* "<...>", or NULL */
	char *from;		/* the sender's address, or NULL */
	char *date;		/* its Date in UTC, or NULL */
	char *subject;		/* or NULL */
	char sha256[65];	/* of the order text ("" when none) */
	enum ms_status status;
	char *spool;		/* MS_FILED: "NNN.txt" in the spool */
	int applied_run;	/* MS_FILED: 0 while waiting */
	int dup_of;		/* MS_DUPLICATE: the message it repeats */
	char *reason;		/* MS_REJECTED, or why it was not answered */
	char signer[41];	/* the key that signed it, when verified */
	int pgp_mime;		/* 1: a PGP/MIME multipart/signed order */
	char *folder;		/* IMAP folder it is to be moved to, or NULL */
	int moved;		/* 1 once it is there */
	int answer;		/* the outbox mail answering it, 0 if none */
};

enum ms_kind { OUT_ACK, OUT_REPORT, OUT_PRIVATE, OUT_REMINDER };
enum ms_state { OUT_PENDING, OUT_SENT, OUT_FAILED };

struct ms_mail {
	int id;			/* 1..: names outbox/NNN.txt */
	enum ms_kind kind;
	enum ms_state state;
	char **to;		/* "Name <address>" or addresses */
	size_t nto;
	char *subject;
	char *message_id;	/* "<...>", fixed when queued */
	char *in_reply_to;	/* or NULL */
	char *body;		/* file name in the outbox folder */
	char *attachment;	/* or NULL: the HTML report attached, a file
				   name in the outbox folder */
	int run;		/* reports: the game's run; else 0 */
	int attempts;		/* failed tries so far */
	char queued[32];
	char sent[32];		/* "" until sent */
	char *error;		/* the last failure, or NULL */
};

struct ms_reminder {
	char step[32];
	char country[32];	/* the ruleset's country id */
	char sent[32];
	int mail;		/* the outbox mail */
};

/* The player a country's reports were mailed to (issue 18). */
struct ms_player {
	char country[32];	/* the ruleset's country id */
	char email[128];
	char key[41];		/* the registered key, "" if none */
};

struct mailstate {
	char *path;		/* GAME.xml.mail */
	char *spool_dir;	/* GAME.xml.spool */
	char *received_dir;	/* GAME.xml.received */
	char *outbox_dir;	/* GAME.xml.outbox */
	char game[64];
	unsigned long uidvalidity;	/* 0: no fetch yet */
	unsigned long last_uid;
	int reported_run;	/* reports of runs up to this one are queued
				   (-1: none yet) */
	int html_reports;	/* 1 (default): the public report mail has
				   the HTML report attached (issue 11) */
	struct ms_message *msgs;
	size_t nmsgs;
	struct ms_mail *out;
	size_t nout;
	struct ms_reminder *rem;
	size_t nrem;
	struct ms_player *players;
	size_t nplayers;
	char *sent_path;	/* GAME.xml.mail.sent */
	int sent_log;		/* 1 while that file may exist */
};

/*
 * Reads GAME.xml.mail beside game_path (validated against its schema), or
 * starts an empty state for g (reports of g's runs so far count as
 * queued), and makes the three folders.  0, or -1 with a diagnostic.
 * Release ms with mailstate_release in either case.
 */
int mailstate_load(struct mailstate *ms, const char *game_path,
    const struct game *g);
/*
 * Writes the state atomically after validating it, then removes
 * GAME.xml.mail.sent, which it holds; 0 or -1 (diagnosed).
 */
int mailstate_save(struct mailstate *ms, const char *now);
/*
 * Records that mail o was sent (o->sent its time): one line appended to
 * GAME.xml.mail.sent and synced.  Every mail it may name must be in the
 * state as written (mailstate_save before the first send), so that a
 * line never names a mail the file does not hold.  0, or -1 (errno set):
 * then save the whole state instead.
 */
int ms_record_sent(struct mailstate *ms, const struct ms_mail *o);
void mailstate_release(struct mailstate *ms);
/*
 * Undoes a resolve that saved the state but not the game: orders marked
 * applied in a run above game_run (the saved game's run) wait again, and
 * the reports queued for such a run are dropped.  Returns 1 when it
 * changed something.
 */
int mailstate_recover(struct mailstate *ms, int game_run);

/* A new message record, numbered; owned by ms (the pointer is valid until
 * the next ms_add_message). */
struct ms_message *ms_add_message(struct mailstate *ms, const char *now);
/* The message whose Message-ID is id (and not msg itself), or NULL. */
struct ms_message *ms_find_message_id(struct mailstate *ms, const char *id,
    const struct ms_message *msg);
/* The filed message with this order digest, or NULL. */
struct ms_message *ms_find_order(struct mailstate *ms, const char *sha256);

/*
 * Queues a mail: writes body into the outbox folder (or, when body_file
 * is not NULL, takes that file of the outbox folder as the body), fixes
 * its Message-ID from msgid_domain.  Returns the new mail's id, or 0 with
 * a diagnostic when the body cannot be written.
 */
int ms_queue(struct mailstate *ms, enum ms_kind kind,
    const char *const *to, size_t nto, const char *subject,
    const char *in_reply_to, const char *body, const char *body_file,
    int run, const char *msgid_domain, const char *now);
struct ms_mail *ms_mail_by_id(struct mailstate *ms, int id);

/* 1 when a reminder for (step, country) was queued already. */
int ms_reminded(const struct mailstate *ms, const char *step,
    const char *country);
void ms_add_reminder(struct mailstate *ms, const char *step,
    const char *country, int mail, const char *now);

/* A path in one of the folders (caller frees). */
char *ms_spool_path(const struct mailstate *ms, const char *name);
char *ms_outbox_path(const struct mailstate *ms, const char *name);
char *ms_received_path(const struct mailstate *ms, int n);

#endif
