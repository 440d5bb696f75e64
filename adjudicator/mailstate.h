/*
 * mailstate.h - what the mail side of a game remembers, and the steps
 * that fetch, send and run share.
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
 *                      run-R/COUNTRY.txt[.asc] for private reports).
 * All of it is written under the game's lock (game_lock on GAME.xml),
 * files atomically, the folders mode 700 (private reports and sealed
 * picks).
 *
 * Crash safety: a message counts as taken once the state that records it
 * is saved; its spool and raw files are written before that.  A resolve
 * saves the state first (the waiting orders marked applied in run R, the
 * reports of run R queued) and the game second; mailstate_recover undoes
 * the first half when the game never reached run R.  A mail is marked sent
 * (and the state saved) right after the server accepted it.
 */
#ifndef MAILSTATE_H
#define MAILSTATE_H

#include <stddef.h>

#include "game.h"
#include "mail.h"

struct mime_signed;

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

struct mailstate {
	char *path;		/* GAME.xml.mail */
	char *spool_dir;	/* GAME.xml.spool */
	char *received_dir;	/* GAME.xml.received */
	char *outbox_dir;	/* GAME.xml.outbox */
	char game[64];
	unsigned long uidvalidity;	/* 0: no fetch yet */
	unsigned long last_uid;
	int reported_run;	/* reports of runs up to this one are queued */
	int html_reports;	/* 1 (default): the public report mail has
				   the HTML report attached (issue 11) */
	struct ms_message *msgs;
	size_t nmsgs;
	struct ms_mail *out;
	size_t nout;
	struct ms_reminder *rem;
	size_t nrem;
};

/*
 * Reads GAME.xml.mail beside game_path (validated against its schema), or
 * starts an empty state for g (reports of g's runs so far count as
 * queued), and makes the three folders.  0, or -1 with a diagnostic.
 * Release ms with mailstate_release in either case.
 */
int mailstate_load(struct mailstate *ms, const char *game_path,
    const struct game *g);
/* Writes the state atomically after validating it; 0 or -1 (diagnosed). */
int mailstate_save(struct mailstate *ms, const char *now);
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

/* ------------------------------------------------------------------ */
/* The steps of fetch, send and run (cmd-fetch.c, cmd-send.c, cmd-run.c) */

/*
 * Exit statuses of fetch, send and run (also in their --help and in
 * adjudicator(1)): EXIT_OK when there was nothing to do or everything was
 * done (a player's bad mail is answered, not an error); EXIT_TEMPFAIL (75)
 * when a server cannot be reached, the login failed, an SMTP server
 * answered 4xx, or another run holds the game's lock: try again later;
 * EXIT_DATAERR (65) for bad input (the game or mail state file, a mail
 * server refusing for good, a mail permanently refused, filed orders that
 * no longer resolve); EXIT_USAGE (64) for a bad command line.
 */

/* The test hook of run (documented in cmd-run.c). */
#define TEST_CRASH_ENV "ADJUDICATOR_TEST_CRASH_AFTER_FETCH"

/* The default IMAP folder for mail that is not filed. */
#define DEFAULT_REJECT_FOLDER "aor-rejected"

struct moderation {
	const char *game_path;
	char now[32];
	const char *from;		/* the moderator's From, or NULL */
	char *msgid_domain;		/* owned */
	struct mail_account imap;	/* url NULL: no fetch */
	struct mail_account smtp;	/* url NULL: no send */
	const char *reject_folder;	/* NULL: mail is not moved */
	const char *seed_file;
	const char *template;
	int remind_hours;
	int html_opt;			/* --html-reports: 1, 0; -1 not given */
	int keep_mail;			/* close leaves the mail libraries */
	int retry_failed;		/* send: failed mail is tried again */
	int lock;
	struct mailstate ms;
	int ms_loaded;
	/* what happened, for the summary line */
	int fetched, filed, rejected, duplicates, moved;
	int resolved_run, reminders, sent, unsent;
	int status;			/* the worst exit status so far */
};

/* Sets the defaults (not the options given). */
void moderation_init(struct moderation *m);
/*
 * Checks the accounts (--insecure-plain only for a loopback host), takes
 * the game's lock, loads the game once to load and recover the mail
 * state, and queues the reports of runs resolved without mail.  Returns
 * EXIT_OK or the exit status to end with.
 */
int moderation_open(struct moderation *m);
/* Saves the mail state (when loaded), releases the lock and libraries;
 * returns the final exit status. */
int moderation_close(struct moderation *m);
/* Raises m->status to status when that is worse. */
void moderation_fail(struct moderation *m, int status);
/* Loads the game with its seed (GAME.xml.seed, --seed-file or the
 * moderator's key); 0 or -1 (diagnosed).  game_release it either way. */
int moderation_load_game(struct moderation *m, struct game *g);
/*
 * Sets diag's worst status back to before (what a check or a trial
 * resolve raised is not the command's failure).
 */
void moderation_diag_restore(int before);
/* Prints one summary line to stdout when anything happened. */
void moderation_summary(const struct moderation *m);
/* Every player's "Name <address>", as new strings; returns the count. */
size_t players_addresses(const struct game *g, char ***to);
/* Frees what players_addresses gave. */
void addresses_free(char **to, size_t n);

/*
 * Fetch: takes new messages, files orders in the spool, queues the answer
 * to each, saves the mail state, then moves mail that was not filed to the
 * reject folder.  Raises m->status; 0 when the mailbox could be read.
 */
int fetch_step(struct moderation *m);
/*
 * The answer to one order file as check would give it: a fresh copy of
 * the game, resolve_run with verbose on this file alone, its verdict lines
 * and diagnostics caught and rewritten for the player (*verdict, caller
 * frees).  mime: the PGP/MIME signed part the order came in, or NULL
 * (see struct mime_signed).  Returns 0 accepted, 1 rejected, -1 when the
 * game cannot be loaded (diagnosed).
 */
int check_order_file(struct moderation *m, const char *path,
    const struct mime_signed *mime, char **verdict);
/*
 * Does the mail say it is automatic, so that an answer could loop
 * (RFC 3834 and the signs adjudicator(1) lists: Auto-Submitted other than
 * "no", Precedence bulk, junk, list or auto_reply, X-Autoreply,
 * X-Autorespond, X-Auto-Response-Suppress, an empty Return-Path, a sender
 * MAILER-DAEMON or postmaster, multipart/report, an out-of-office
 * subject)?  raw: the message as fetched; info: what mail_parse read.
 */
int mail_automatic(const char *raw, size_t len, const struct mail_info *info);
/* Is address (a bare address) the moderator's own, --from's? */
int moderation_own_address(const struct moderation *m, const char *address);
/* Queues the public report of run (to every player) and each player's
 * private report (encrypted to a registered key).  EXIT_OK or a status. */
int queue_reports(struct moderation *m, struct game *g, int run);
/*
 * Send: every pending mail of the outbox, oldest first; each is marked
 * sent (and the state saved) once the server took it.  A temporary
 * failure stops the round (the rest wait for the next run).
 */
int send_step(struct moderation *m);

#endif
