/*
 * moderation.h - a mail command's session (fetch, send and run): the
 * accounts, the game's lock, the mail state loaded once, the summary; and
 * the steps the three commands share (cmd-fetch.c, cmd-send.c, cmd-run.c).
 * The mail state file itself is mailstate.h's.
 */
#ifndef MODERATION_H
#define MODERATION_H

#include <stddef.h>

#include "game.h"
#include "mail.h"
#include "mailstate.h"

struct mime_signed;

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
	/*
	 * Issue 18.9: the game, loaded once by moderation_open under the
	 * lock and handed from stage to stage (moderation_game); copies
	 * (game_copy) for the checks and trials, a resolved copy saved and
	 * kept (moderation_save_game).  file_id: the game file as loaded or
	 * saved (device, inode, size, modification time).
	 */
	struct game game;
	int game_loaded;
	long long file_id[5];
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
/*
 * Reads the options of fetch, send and run into m: own holds the short
 * codes of the command's options ("iNPfRMTsnh" for fetch; see the table
 * in moderation.c), and --netrc, --insecure-plain and --timeout go to
 * each of its servers.  *now gets --now, *games --games.  Returns -1 when
 * they are read, else the status to exit with: --help, or a bad option or
 * value, after printing usage_text.
 */
int moderation_options(struct moderation *m, int argc, char **argv,
    const char *own, const char *usage_text, const char **now,
    const char **games);
/* Saves the mail state (when loaded), releases the lock and libraries;
 * returns the final exit status. */
int moderation_close(struct moderation *m);
/*
 * One command on one game, as fetch, send and run do it: opens it, runs
 * step when that worked, prints the summary when the mail state was read
 * and closes it; returns the command's exit status.
 */
int moderation_run(struct moderation *m, int (*step)(struct moderation *));
/* Raises m->status to status when that is worse. */
void moderation_fail(struct moderation *m, int status);
/* Loads the game with its seed (GAME.xml.seed, --seed-file or the
 * moderator's key); 0 or -1 (diagnosed).  game_release it either way. */
int moderation_load_game(struct moderation *m, struct game *g);
/*
 * The game of this session, loaded once (moderation_open); loaded again
 * only when its file is no longer the one loaded (changed by hand while
 * the lock was held).  NULL after a diagnostic when it cannot be loaded.
 */
struct game *moderation_game(struct moderation *m);
/*
 * Saves g, a game_copy of the session's game with a run resolved on it,
 * and makes it the session's game.  The file is not written when it is
 * no longer the one loaded (the game that was resolved would be stale):
 * then, as on any failure, -1 (diagnosed) and g is the caller's still.
 */
int moderation_save_game(struct moderation *m, struct game *g);
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
 * The answer to one order file as check would give it: a copy of the
 * session's game (game_copy), resolve_run with verbose on this file
 * alone, its verdict lines and diagnostics caught and rewritten for the
 * player (*verdict, caller frees).  mime: the PGP/MIME signed part the order came in, or NULL
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
 * Issue 18: each player whose address or key differs from the one the
 * mail state last mailed (a replacement, `adjudicator player`) is queued
 * the private report of the game's current run, with its order form;
 * then the state records every player as mailed.  A country the state
 * has no record of is recorded without a mail.  EXIT_OK or a status.
 */
int queue_new_players(struct moderation *m, struct game *g);
/*
 * Send: every pending mail of the outbox, oldest first; each is marked
 * sent (and the state saved) once the server took it.  A temporary
 * failure stops the round (the rest wait for the next run).
 */
int send_step(struct moderation *m);

#endif
