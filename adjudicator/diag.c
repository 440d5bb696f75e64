/*
 * diag.c - graded diagnostics.
 */
#include "diag.h"

#include <stdarg.h>
#include <stdio.h>

static int worst = EXIT_OK;
static int quiet;
static char last[1024];
static diag_tee_fn tee;
static void *tee_ctx;

void
diag_set_tee(diag_tee_fn fn, void *ctx)
{
	tee = fn;
	tee_ctx = ctx;
}

/* Exit statuses ranked so that an internal error beats bad input. */
static int
rank(int status)
{
	switch (status) {
	case EXIT_OK:
		return 0;
	case EXIT_DATAERR:
		return 2;
	case EXIT_NOINPUT:
		return 3;
	case EXIT_USAGE:
		return 4;
	case EXIT_TEMPFAIL:
		return 5;
	case EXIT_CANTCREAT:
		return 7;
	case EXIT_IOERR:
		return 8;
	default:
		return 9;
	}
}

static void
emit(const char *grade, const char *file, int line, const char *fmt,
    va_list ap)
{
	char msg[900];

	vsnprintf(msg, sizeof(msg), fmt, ap);
	if (file == NULL)
		snprintf(last, sizeof(last), "adjudicator: %s: %s", grade, msg);
	else if (line > 0)
		snprintf(last, sizeof(last), "%s:%d: %s: %s", file, line,
		    grade, msg);
	else
		snprintf(last, sizeof(last), "%s: %s: %s", file, grade, msg);
	if (!quiet)
		fprintf(stderr, "%s\n", last);
	if (tee != NULL)
		tee(tee_ctx, grade, file, line, msg);
}

void
diag(int status, const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	emit("error", file, line, fmt, ap);
	va_end(ap);
	if (rank(status) > rank(worst))
		worst = status;
}

void
diag_warn(const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	emit("warning", file, line, fmt, ap);
	va_end(ap);
}

int
diag_status(void)
{
	return worst;
}

int
diag_status_or(int fallback)
{
	return worst != EXIT_OK ? worst : fallback;
}

int
diag_quiet(int q)
{
	int old = quiet;

	quiet = q;
	return old;
}

void
diag_mute(struct diag_mark *m)
{
	m->worst = worst;
	m->quiet = quiet;
	m->tee = tee;
	m->tee_ctx = tee_ctx;
	quiet = 1;
	tee = NULL;
}

void
diag_unmute(const struct diag_mark *m)
{
	worst = m->worst;
	quiet = m->quiet;
	tee = m->tee;
	tee_ctx = m->tee_ctx;
}

const char *
diag_last(void)
{
	return last;
}

void
diag_reset(void)
{
	worst = EXIT_OK;
	last[0] = '\0';
}
