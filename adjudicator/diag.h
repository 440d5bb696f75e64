/*
 * diag.h - diagnostics with a place and a grade, and the exit statuses.
 *
 * Every input problem becomes one line "FILE:LINE: error: message" on
 * stderr; the command exits with the worst grade it met (mandoc's habit).
 * The exit statuses follow sysexits(3) so that cron and mail scripts can
 * branch on them; man/adjudicator.1 lists them.
 */
#ifndef DIAG_H
#define DIAG_H

enum exit_status {
	EXIT_OK = 0,
	EXIT_USAGE = 64,	/* bad command line */
	EXIT_DATAERR = 65,	/* bad input: game file, ruleset, orders */
	EXIT_NOINPUT = 66,	/* an input file cannot be opened */
	EXIT_SOFTWARE = 70,	/* internal error, a bug */
	EXIT_CANTCREAT = 73,	/* an output file cannot be written */
	EXIT_IOERR = 74,	/* reading or writing failed midway */
	EXIT_TEMPFAIL = 75	/* locked by another run, or a mail server
				   cannot be reached now */
};

/*
 * Prints "file:line: error: message" (line 0 leaves the line out, a NULL
 * file prints "adjudicator") and raises the worst status seen to status.
 */
void diag(int status, const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* The worst status so far (EXIT_OK when nothing went wrong). */
int diag_status(void);
/* The worst status so far, or fallback when nothing went wrong. */
int diag_status_or(int fallback);
/* Prints a warning, which does not change the status. */
void diag_warn(const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Silences diag output (for tests of error paths); returns old value. */
int diag_quiet(int quiet);
/*
 * Also hands every diagnostic to fn (NULL: none), quiet or not, so that
 * a command can show a player the problems of his file; returns nothing.
 * grade is "error" or "warning"; file may be NULL, line 0.
 */
typedef void (*diag_tee_fn)(void *ctx, const char *grade, const char *file,
    int line, const char *msg);
void diag_set_tee(diag_tee_fn fn, void *ctx);
/*
 * Issue 17: diagnostics of a try whose failure is not the input's (a
 * load from a cache that turns out not to fit its file, which the load
 * then does again from the file) are dropped, their status too, from
 * diag_mute to diag_unmute.
 */
struct diag_mark {
	int worst, quiet;
	diag_tee_fn tee;
	void *tee_ctx;
};
void diag_mute(struct diag_mark *m);
void diag_unmute(const struct diag_mark *m);
/* The text of the last diagnostic, for tests. */
const char *diag_last(void);
void diag_reset(void);

#endif
