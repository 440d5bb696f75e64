/*
 * mail.c - mail in and out: IMAP and SMTP through libcurl, MIME through
 * GMime.  This file starts and ends the libraries and holds the helpers
 * the other mail-*.c files share (mail-internal.h): the session in
 * mail-session.c, mail-imap.c, mail-smtp.c, reading mail in mail-parse.c
 * and composing it in mail-build.c.
 *
 * The IMAP side keeps to what curl does well: custom commands whose
 * untagged replies ("* SEARCH 3 4") arrive as data, and fetch-by-URL
 * (INBOX;UIDVALIDITY=V/;UID=N) for message bodies, so no IMAP literal is
 * parsed here.  The server's refusals are taken from curl's debug
 * stream, so that an error can quote what the server said.
 */
#include "mail.h"
#include "mail-internal.h"
#include "util.h"

#include <stdarg.h>
#include <string.h>

#include <curl/curl.h>
#include <gmime/gmime.h>

static int mail_ready;

void
mail_init(void)
{
	if (mail_ready)
		return;
	curl_global_init(CURL_GLOBAL_DEFAULT);
	g_mime_init();
	mail_ready = 1;
}

void
mail_cleanup(void)
{
	if (!mail_ready)
		return;
	sessions_end();
	imap_forget();
	g_mime_shutdown();
	curl_global_cleanup();
	mail_ready = 0;
}

void
set_err(struct strbuf *err, const char *fmt, ...)
{
	va_list ap;

	if (err == NULL)
		return;
	sb_reset(err);
	va_start(ap, fmt);
	sb_vaddf(err, fmt, ap);
	va_end(ap);
}

void
set_temporary(int *temporary, int value)
{
	if (temporary != NULL)
		*temporary = value;
}

char *
xmemdup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);

	if (n > 0)	/* an empty part's bytes may be NULL */
		memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

/* Finds needle in haystack, ignoring ASCII case. */
const char *
find_ci(const char *hay, const char *needle)
{
	for (; *hay != '\0'; hay++)
		if (str_iprefix(needle, hay))
			return hay;
	return NULL;
}

/* Does s hold a control character (CR, LF, NUL excepted: s ends there)? */
int
has_control(const char *s)
{
	for (; *s != '\0'; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return 1;
	return 0;
}

/* Appends text with every line end as CRLF. */
void
add_crlf(struct strbuf *sb, const char *text, size_t len)
{
	size_t i, start = 0;

	for (i = 0; i < len; i++) {
		if (text[i] != '\n')
			continue;
		sb_addn(sb, text + start, i - start);
		if (i == start || text[i - 1] != '\r')
			sb_addc(sb, '\r');
		sb_addc(sb, '\n');
		start = i + 1;
	}
	sb_addn(sb, text + start, len - start);
}
