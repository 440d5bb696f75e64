/*
 * mail-smtp.c - SMTP through libcurl: sending one message.
 */
#include "mail.h"
#include "mail-internal.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

#include <curl/curl.h>

/* ------------------------------------------------------------------ */
/* SMTP */

/* The address of "Name <address>" or of a bare address, as a new
 * string; NULL when it does not look like one. */
static char *
envelope_address(const char *s)
{
	const char *b = strrchr(s, '<'), *e, *p;

	if (b != NULL) {
		b++;
		e = strchr(b, '>');
		if (e == NULL)
			return NULL;
	} else {
		b = s;
		while (*b == ' ' || *b == '\t')
			b++;
		e = b + strlen(b);
		while (e > b && (e[-1] == ' ' || e[-1] == '\t'))
			e--;
	}
	if (e == b || memchr(b, '@', (size_t)(e - b)) == NULL)
		return NULL;
	for (p = b; p < e; p++)
		if ((unsigned char)*p <= ' ' || *p == '<' || *p == '>' ||
		    *p == 0x7f)
			return NULL;
	return xmemdup(b, (size_t)(e - b));
}

struct reader {
	const char *p;
	size_t left;
};

static size_t
on_read(char *buf, size_t size, size_t n, void *arg)
{
	struct reader *r = arg;
	size_t k = size * n;

	if (k > r->left)
		k = r->left;
	memcpy(buf, r->p, k);
	r->p += k;
	r->left -= k;
	return k;
}

int
smtp_send(const struct mail_account *a, const char *from,
    const char *const *to, size_t nto, const char *message, size_t len,
    int *temporary, struct strbuf *err)
{
	struct session s;
	struct curl_slist *rcpt = NULL;
	struct strbuf msg;
	struct reader r;
	char *sender = NULL, *addr, *what;
	size_t i;
	CURLcode crc;
	int rc = -1;

	set_temporary(temporary, 0);
	sb_init(&msg);
	memset(&s, 0, sizeof(s));
	sb_init(&s.data);
	if (from == NULL || (sender = envelope_address(from)) == NULL) {
		set_err(err, "bad sender address '%s'", from ? from : "");
		goto out;
	}
	if (nto == 0) {
		set_err(err, "no recipients for the mail");
		goto out;
	}
	for (i = 0; i < nto; i++) {
		char *bracketed;

		addr = to[i] != NULL ? envelope_address(to[i]) : NULL;
		if (addr == NULL) {
			set_err(err, "bad recipient address '%s'",
			    to[i] ? to[i] : "");
			goto out;
		}
		bracketed = xasprintf("<%s>", addr);
		rcpt = curl_slist_append(rcpt, bracketed);
		free(bracketed);
		free(addr);
	}
	sb_release(&s.data);
	if (session_open(&s, a, 1, err) != 0)
		goto out;
	add_crlf(&msg, message, len);
	r.p = msg.buf;
	r.left = msg.len;
	addr = xasprintf("<%s>", sender);
	curl_easy_setopt(s.curl, CURLOPT_MAIL_FROM, addr);
	free(addr);
	curl_easy_setopt(s.curl, CURLOPT_MAIL_RCPT, rcpt);
	curl_easy_setopt(s.curl, CURLOPT_UPLOAD, 1L);
	curl_easy_setopt(s.curl, CURLOPT_READFUNCTION, on_read);
	curl_easy_setopt(s.curl, CURLOPT_READDATA, &r);
	curl_easy_setopt(s.curl, CURLOPT_INFILESIZE_LARGE,
	    (curl_off_t)msg.len);
	crc = session_perform(&s, NULL, NULL);
	if (crc != CURLE_OK) {
		what = xasprintf("sending mail from '%s'", sender);
		session_error(&s, crc, what, temporary, err);
		free(what);
		goto out;
	}
	rc = 0;
out:
	free(sender);
	curl_slist_free_all(rcpt);
	sb_release(&msg);
	session_close(&s, rc == 0);
	return rc;
}
