/*
 * mail-build.c - composing mail through GMime: a text message, or one
 * with a report attached.
 */
#include "mail.h"
#include "mail-internal.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

#include <gmime/gmime.h>

/* ------------------------------------------------------------------ */
/* Building mail */

/* Parses "Name <address>" or an address into a one-mailbox list. */
static InternetAddressList *
parse_mailbox(const char *s)
{
	InternetAddressList *list;
	InternetAddress *ia;
	const char *addr;

	if (s == NULL || has_control(s))
		return NULL;
	list = internet_address_list_parse(NULL, s);
	if (list == NULL)
		return NULL;
	if (internet_address_list_length(list) != 1)
		goto bad;
	ia = internet_address_list_get_address(list, 0);
	if (!INTERNET_ADDRESS_IS_MAILBOX(ia))
		goto bad;
	addr = internet_address_mailbox_get_addr(INTERNET_ADDRESS_MAILBOX(ia));
	if (addr == NULL || strchr(addr, '@') == NULL)
		goto bad;
	return list;
bad:
	g_object_unref(list);
	return NULL;
}

/* Is s a msg-id "<left@right>"? */
static int
is_message_id(const char *s)
{
	size_t n = s != NULL ? strlen(s) : 0;
	const char *at;

	if (n < 5 || s[0] != '<' || s[n - 1] != '>')
		return 0;
	at = strchr(s, '@');
	if (at == NULL || at == s + 1 || at >= s + n - 2)
		return 0;
	for (; *s != '\0'; s++)
		if ((unsigned char)*s <= ' ' || (unsigned char)*s >= 0x7f)
			return 0;
	return strchr(at + 1, '@') == NULL;
}

/* "YYYY-MM-DDTHH:MM:SSZ" as a GDateTime; NULL if it is not one. */
static GDateTime *
parse_utc(const char *s)
{
	int y, mo, d, h, mi, sec, n = 0;

	if (s == NULL || strlen(s) != 20 ||
	    sscanf(s, "%4d-%2d-%2dT%2d:%2d:%2dZ%n", &y, &mo, &d, &h, &mi,
	    &sec, &n) != 6 || n != 20)
		return NULL;
	if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 ||
	    sec > 60 || y < 1970)
		return NULL;
	return g_date_time_new_utc(y, mo, d, h, mi, sec);
}

/* Must the body be quoted-printable: 8-bit bytes or lines too long? */
static int
needs_qp(const char *body)
{
	size_t col = 0;

	for (; *body != '\0'; body++) {
		if ((unsigned char)*body >= 0x80)
			return 1;
		col = *body == '\n' ? 0 : col + 1;
		if (col > 76)
			return 1;
	}
	return 0;
}

int
mail_build(const char *from, const char *const *to, size_t nto,
    const char *subject, const char *date_utc, const char *message_id,
    const char *in_reply_to, const char *body, char **out, size_t *outlen,
    struct strbuf *err)
{
	return mail_build_attached(from, to, nto, subject, date_utc,
	    message_id, in_reply_to, body, NULL, NULL, 0, out, outlen, err);
}

/* A text/SUBTYPE part in UTF-8 holding a copy of buf, sent in encoding. */
static GMimePart *
utf8_part(const char *subtype, const char *buf, size_t len,
    GMimeContentEncoding encoding)
{
	GMimePart *part = g_mime_part_new_with_type("text", subtype);
	GMimeStream *stream = g_mime_stream_mem_new_with_buffer(buf, len);
	GMimeDataWrapper *w = g_mime_data_wrapper_new_with_stream(stream,
	    GMIME_CONTENT_ENCODING_DEFAULT);

	g_object_unref(stream);
	g_mime_object_set_content_type_parameter(GMIME_OBJECT(part),
	    "charset", "utf-8");
	g_mime_part_set_content(part, w);
	g_object_unref(w);
	g_mime_part_set_content_encoding(part, encoding);
	return part;
}

int
mail_build_attached(const char *from, const char *const *to, size_t nto,
    const char *subject, const char *date_utc, const char *message_id,
    const char *in_reply_to, const char *body, const char *att_name,
    const char *att, size_t att_len, char **out, size_t *outlen,
    struct strbuf *err)
{
	GMimeMessage *m = NULL;
	GMimeObject *obj;
	GMimeFormatOptions *fo = NULL;
	InternetAddressList *list;
	GMimePart *part;
	GDateTime *date = NULL;
	char *text, *lf = NULL;
	size_t i, n;
	int rc = -1;

	*out = NULL;
	if (outlen != NULL)
		*outlen = 0;
	mail_init();
	if (nto == 0) {
		set_err(err, "no recipients for the mail");
		return -1;
	}
	if (subject != NULL && has_control(subject)) {
		set_err(err, "control character in subject '%s'", subject);
		return -1;
	}
	date = parse_utc(date_utc);
	if (date == NULL) {
		set_err(err, "bad date '%s' (expected YYYY-MM-DDTHH:MM:SSZ)",
		    date_utc ? date_utc : "");
		return -1;
	}
	if (!is_message_id(message_id) ||
	    (in_reply_to != NULL && !is_message_id(in_reply_to))) {
		set_err(err, "bad message id '%s' (expected <left@right>)",
		    is_message_id(message_id) ? in_reply_to :
		    message_id ? message_id : "");
		goto out;
	}
	m = g_mime_message_new(FALSE);
	obj = GMIME_OBJECT(m);
	if ((list = parse_mailbox(from)) == NULL) {
		set_err(err, "bad sender address '%s'", from ? from : "");
		goto out;
	}
	internet_address_list_append(g_mime_message_get_addresses(m,
	    GMIME_ADDRESS_TYPE_FROM), list);
	g_object_unref(list);
	for (i = 0; i < nto; i++) {
		if ((list = parse_mailbox(to[i])) == NULL) {
			set_err(err, "bad recipient address '%s'",
			    to[i] ? to[i] : "");
			goto out;
		}
		internet_address_list_append(g_mime_message_get_addresses(m,
		    GMIME_ADDRESS_TYPE_TO), list);
		g_object_unref(list);
	}
	g_mime_message_set_subject(m, subject != NULL ? subject : "",
	    "utf-8");
	g_mime_message_set_date(m, date);
	g_mime_object_set_header(obj, "Message-ID", message_id, NULL);
	if (in_reply_to != NULL) {
		g_mime_object_set_header(obj, "In-Reply-To", in_reply_to,
		    NULL);
		g_mime_object_set_header(obj, "References", in_reply_to,
		    NULL);
	}
	g_mime_object_set_header(obj, "MIME-Version", "1.0", NULL);

	/* GMime writes the line ends; give it the body with LF only. */
	if (body == NULL)
		body = "";
	lf = xstrdup(body);
	n = crlf_to_lf(lf, strlen(lf));
	part = utf8_part("plain", lf, n, needs_qp(lf) ?
	    GMIME_CONTENT_ENCODING_QUOTEDPRINTABLE :
	    GMIME_CONTENT_ENCODING_7BIT);
	if (att_name == NULL) {
		g_mime_message_set_mime_part(m, GMIME_OBJECT(part));
		g_object_unref(part);
	} else {
		/* the text first, for every mail reader; the page attached */
		GMimeMultipart *mix = g_mime_multipart_new_with_subtype(
		    "mixed");
		GMimePart *page = utf8_part("html", att, att_len,
		    GMIME_CONTENT_ENCODING_BASE64);

		g_mime_multipart_add(mix, GMIME_OBJECT(part));
		g_object_unref(part);
		g_mime_part_set_filename(page, att_name);
		g_mime_multipart_add(mix, GMIME_OBJECT(page));
		g_object_unref(page);
		g_mime_message_set_mime_part(m, GMIME_OBJECT(mix));
		g_object_unref(mix);
	}

	fo = g_mime_format_options_new();
	g_mime_format_options_set_newline_format(fo,
	    GMIME_NEWLINE_FORMAT_DOS);
	text = g_mime_object_to_string(obj, fo);
	*out = xstrdup(text);
	if (outlen != NULL)
		*outlen = strlen(text);
	g_free(text);
	rc = 0;
out:
	if (fo != NULL)
		g_mime_format_options_free(fo);
	if (m != NULL)
		g_object_unref(m);
	g_date_time_unref(date);
	free(lf);
	return rc;
}
