/*
 * mail-parse.c - reading mail through GMime: the orders in a message
 * (plain, inline PGP, PGP/MIME signed or encrypted) and its envelope.
 */
#include "mail.h"
#include "mail-internal.h"
#include "util.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include <gmime/gmime.h>

/* ------------------------------------------------------------------ */
/* Parsing mail */

struct range {
	const char *p;
	size_t len;
};

/* Is the line [p, end) "--boundary" or "--boundary--" (*close)? */
static int
is_delimiter(const char *p, const char *end, const char *boundary,
    size_t blen, int *close)
{
	if ((size_t)(end - p) < blen + 2 || p[0] != '-' || p[1] != '-' ||
	    memcmp(p + 2, boundary, blen) != 0)
		return 0;
	p += blen + 2;
	*close = end - p >= 2 && p[0] == '-' && p[1] == '-';
	if (*close)
		p += 2;
	while (p < end && (*p == ' ' || *p == '\t' || *p == '\r'))
		p++;
	return p == end;
}

/* The body of a raw MIME entity: what follows its first empty line. */
static struct range
entity_body(struct range e)
{
	const char *p = e.p, *end = e.p + e.len, *nl;
	struct range body = { end, 0 };

	while (p < end && (nl = memchr(p, '\n', (size_t)(end - p))) != NULL) {
		if (nl == p || (nl == p + 1 && *p == '\r')) {
			body.p = nl + 1;
			body.len = (size_t)(end - body.p);
			break;
		}
		p = nl + 1;
	}
	return body;
}

/*
 * Part idx of a raw multipart body.  The line break before a delimiter
 * belongs to the delimiter (RFC 2046 5.1.1).  Returns -1 if not found.
 */
static int
multipart_part(struct range body, const char *boundary, int idx,
    struct range *part)
{
	const char *p = body.p, *end = body.p + body.len, *start = NULL;
	size_t blen = strlen(boundary);
	int n = -1, close;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *le = nl != NULL ? nl : end;

		if (is_delimiter(p, le, boundary, blen, &close)) {
			if (n == idx) {
				const char *stop = p;

				if (stop > start && stop[-1] == '\n')
					stop--;
				if (stop > start && stop[-1] == '\r')
					stop--;
				part->p = start;
				part->len = (size_t)(stop - start);
				return 0;
			}
			if (close)
				return -1;
			n++;
			start = nl != NULL ? nl + 1 : end;
		}
		p = nl != NULL ? nl + 1 : end;
	}
	return -1;
}

static int
is_pgp_multipart(GMimeObject *obj, const char *subtype,
    const char *protocol)
{
	GMimeContentType *ct = g_mime_object_get_content_type(obj);
	const char *p;

	if (!GMIME_IS_MULTIPART(obj) ||
	    !g_mime_content_type_is_type(ct, "multipart", subtype))
		return 0;
	p = g_mime_content_type_get_parameter(ct, "protocol");
	return p != NULL && str_ieq(p, protocol);
}

static int
is_attachment(GMimeObject *obj)
{
	GMimeContentDisposition *d;

	d = g_mime_object_get_content_disposition(obj);
	return d != NULL && g_mime_content_disposition_is_attachment(d);
}

#define FINDER_MAX_TEXTS 16

struct finder {
	GMimeObject *found;
	struct range raw;	/* the raw entity of found, if known */
	int raw_known;
	struct strbuf seen;	/* the other leaf types, for errors */
	/* the text/plain leaves, in order, and whether each is attached */
	GMimeObject *texts[FINDER_MAX_TEXTS];
	int attached[FINDER_MAX_TEXTS];
	int ntexts;
};

/*
 * A multipart's boundary as the mail gives it, or NULL.  Not
 * g_mime_multipart_get_boundary: for a multipart without one it makes one
 * up and encodes the Content-Type again, and on a hostile parameter list
 * GMime's encoder then grows a string without end (GMime issue 165; the
 * fuzz-mime target found it).
 */
static const char *
mime_boundary(GMimeObject *obj)
{
	return g_mime_object_get_content_type_parameter(obj, "boundary");
}

/* Depth first: the first PGP/MIME part, and every text/plain leaf. */
static void
find_order(struct finder *f, GMimeObject *obj, const struct range *raw)
{
	GMimeContentType *ct = g_mime_object_get_content_type(obj);

	if (f->found != NULL)
		return;
	if (is_pgp_multipart(obj, "signed", "application/pgp-signature") ||
	    is_pgp_multipart(obj, "encrypted", "application/pgp-encrypted")) {
		f->found = obj;
		f->raw_known = raw != NULL;
		if (raw != NULL)
			f->raw = *raw;
		return;
	}
	if (GMIME_IS_MULTIPART(obj)) {
		GMimeMultipart *mp = GMIME_MULTIPART(obj);
		const char *b = mime_boundary(obj);
		int i, count = g_mime_multipart_get_count(mp);
		struct range body = { NULL, 0 }, part;

		if (raw != NULL)
			body = entity_body(*raw);
		for (i = 0; i < count && f->found == NULL; i++) {
			int known = raw != NULL && b != NULL &&
			    multipart_part(body, b, i, &part) == 0;

			find_order(f, g_mime_multipart_get_part(mp, i),
			    known ? &part : NULL);
		}
		return;
	}
	if (GMIME_IS_PART(obj) && g_mime_content_type_is_type(ct, "text",
	    "plain")) {
		if (f->ntexts < FINDER_MAX_TEXTS) {
			f->attached[f->ntexts] = is_attachment(obj);
			f->texts[f->ntexts++] = obj;
		}
		return;
	}
	{
		char *type = g_mime_content_type_get_mime_type(ct);

		if (strstr(f->seen.buf, type) == NULL)
			sb_addf(&f->seen, "%s%s", f->seen.len ? ", " : "",
			    type);
		g_free(type);
	}
}

static char *part_bytes(GMimeObject *obj, GMimeFilter *filter, size_t *len);

/* Does a text part hold orders: a GAME line or an armoured PGP block? */
static int
holds_orders(GMimeObject *obj)
{
	size_t len;
	char *bytes = part_bytes(obj, NULL, &len), *p;
	int found = 0;

	for (p = bytes; p != NULL && !found; p = strchr(p, '\n')) {
		if (*p == '\n')
			p++;
		while (*p == ' ' || *p == '\t')
			p++;
		found = strncmp(p, "-----BEGIN PGP ", 15) == 0 ||
		    (str_iprefix("GAME", p) && (p[4] == ' ' ||
		    p[4] == '\t'));
	}
	free(bytes);
	return found;
}

/*
 * The text part that holds the orders: not the first text part of a
 * mail whose body says "my orders are attached", but the part with a
 * GAME line or a PGP block, inline parts first; else the first inline
 * part, else the first attachment.
 */
static GMimeObject *
choose_text(const struct finder *f)
{
	int pass, i;

	for (pass = 0; pass < 2; pass++)
		for (i = 0; i < f->ntexts; i++)
			if (f->attached[i] == pass && holds_orders(f->texts[i]))
				return f->texts[i];
	for (pass = 0; pass < 2; pass++)
		for (i = 0; i < f->ntexts; i++)
			if (f->attached[i] == pass)
				return f->texts[i];
	return NULL;
}

/* The content of a leaf part, transfer-decoded; a new string. */
static char *
part_bytes(GMimeObject *obj, GMimeFilter *filter, size_t *len)
{
	GMimeDataWrapper *w = GMIME_IS_PART(obj) ?
	    g_mime_part_get_content(GMIME_PART(obj)) : NULL;
	GMimeStream *mem = g_mime_stream_mem_new(), *target = mem;
	GByteArray *ba;
	char *out;

	if (filter != NULL) {
		target = g_mime_stream_filter_new(mem);
		g_mime_stream_filter_add(GMIME_STREAM_FILTER(target), filter);
	}
	if (w != NULL) {
		g_mime_data_wrapper_write_to_stream(w, target);
		g_mime_stream_flush(target);
	}
	ba = g_mime_stream_mem_get_byte_array(GMIME_STREAM_MEM(mem));
	*len = ba->len;
	out = xmemdup((const char *)ba->data, ba->len);
	if (target != mem)
		g_object_unref(target);
	g_object_unref(mem);
	return out;
}

/* The text of a part in UTF-8 (invalid sequences replaced); a new
 * string or NULL with err. */
static char *
part_text_utf8(GMimeObject *obj, size_t *len, struct strbuf *err)
{
	const char *cs = g_mime_object_get_content_type_parameter(obj,
	    "charset");
	GMimeFilter *filter = NULL;
	char *bytes, *valid;

	if (cs != NULL && !str_ieq(cs, "utf-8") && !str_ieq(cs, "utf8") &&
	    !str_ieq(cs, "us-ascii")) {
		filter = g_mime_filter_charset_new(cs, "UTF-8");
		if (filter == NULL) {
			set_err(err, "unknown charset '%s'", cs);
			return NULL;
		}
	}
	bytes = part_bytes(obj, filter, len);
	if (filter != NULL)
		g_object_unref(filter);
	if (g_utf8_validate(bytes, (gssize)*len, NULL))
		return bytes;
	if (cs == NULL)		/* unlabelled 8-bit text: guess Latin-1 */
		valid = g_convert(bytes, (gssize)*len, "UTF-8", "ISO-8859-1",
		    NULL, NULL, NULL);
	else
		valid = g_utf8_make_valid(bytes, (gssize)*len);
	free(bytes);
	if (valid == NULL)
		valid = g_strdup("");
	bytes = xstrdup(valid);
	*len = strlen(bytes);
	g_free(valid);
	return bytes;
}

/* Turns CRLF into LF in place; returns the new length. */
size_t
crlf_to_lf(char *s, size_t len)
{
	size_t i, j = 0;

	for (i = 0; i < len; i++)
		if (!(s[i] == '\r' && i + 1 < len && s[i + 1] == '\n'))
			s[j++] = s[i];
	s[j] = '\0';
	return j;
}

/* Joins the lines of format=flowed text (RFC 3676 4.2); a new string. */
static char *
unflow(const char *text, size_t len, int delsp, size_t *outlen)
{
	const char *p = text, *end = text + len;
	struct strbuf out;
	int joining = 0, joined_depth = 0;

	sb_init(&out);
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *le = nl != NULL ? nl : end, *q = p;
		int depth = 0, flowed, i;
		size_t n;

		while (q < le && *q == '>') {
			depth++;
			q++;
		}
		if (q < le && *q == ' ')	/* space-stuffing */
			q++;
		n = (size_t)(le - q);
		flowed = n > 0 && q[n - 1] == ' ' &&
		    !(n == 3 && memcmp(q, "-- ", 3) == 0);
		if (joining && depth != joined_depth) {
			sb_addc(&out, '\n');
			joining = 0;
		}
		if (!joining && depth > 0) {
			for (i = 0; i < depth; i++)
				sb_addc(&out, '>');
			sb_addc(&out, ' ');
		}
		if (flowed && delsp)
			n--;
		sb_addn(&out, q, n);
		joining = flowed;
		joined_depth = depth;
		if (!flowed && nl != NULL)
			sb_addc(&out, '\n');
		p = nl != NULL ? nl + 1 : end;
	}
	if (joining)
		sb_addc(&out, '\n');
	*outlen = out.len;
	return sb_detach(&out);
}

/* The first line in [p, end) that is marker, maybe with trailing blanks. */
static const char *
find_line(const char *p, const char *end, const char *marker)
{
	size_t mlen = strlen(marker);

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *le = nl != NULL ? nl : end, *q;

		if ((size_t)(le - p) >= mlen && memcmp(p, marker, mlen) == 0) {
			q = p + mlen;
			while (q < le && isspace((unsigned char)*q))
				q++;
			if (q == le)
				return p;
		}
		p = nl != NULL ? nl + 1 : end;
	}
	return NULL;
}

/* Is there non-blank text in [p, end)?  With stop_at_sig, a "-- " line
 * ends the search (what follows it is a signature block). */
static int
has_text(const char *p, const char *end, int stop_at_sig)
{
	if (stop_at_sig) {
		const char *sig = find_line(p, end, "-- ");

		if (sig != NULL)
			end = sig;
	}
	for (; p < end; p++)
		if (!isspace((unsigned char)*p))
			return 1;
	return 0;
}

/* The end of the line at p, after its line break. */
static const char *
line_after(const char *p, const char *end)
{
	const char *nl = memchr(p, '\n', (size_t)(end - p));

	return nl != NULL ? nl + 1 : end;
}

/*
 * Looks for an inline armoured block (clearsigned or encrypted) in text;
 * 1 and order filled when there is one, 0 when none, -1 with err for a
 * block without its end.
 */
static int
inline_pgp(const char *text, size_t len, struct mail_order *order,
    struct strbuf *err)
{
	static const char begin_signed[] =
	    "-----BEGIN PGP SIGNED MESSAGE-----";
	static const char begin_sig[] = "-----BEGIN PGP SIGNATURE-----";
	static const char end_sig[] = "-----END PGP SIGNATURE-----";
	static const char begin_msg[] = "-----BEGIN PGP MESSAGE-----";
	static const char end_msg[] = "-----END PGP MESSAGE-----";
	const char *end = text + len, *b, *bs, *be, *e, *stop;
	const char *end_marker;

	bs = find_line(text, end, begin_signed);
	be = find_line(text, end, begin_msg);
	if (bs == NULL && be == NULL)
		return 0;
	if (bs != NULL && (be == NULL || bs < be)) {
		const char *sig = find_line(bs, end, begin_sig);

		b = bs;
		end_marker = end_sig;
		e = sig != NULL ? find_line(sig, end, end_sig) : NULL;
		order->kind = PART_CLEARSIGNED;
	} else {
		b = be;
		end_marker = end_msg;
		e = find_line(be, end, end_msg);
		order->kind = PART_PGP_ENCRYPTED;
	}
	if (e == NULL) {
		set_err(err, "armoured PGP text without its '%s' line",
		    end_marker);
		return -1;
	}
	stop = e + strlen(end_marker);
	order->len = (size_t)(stop - b) + 1;
	order->text = xmalloc(order->len + 1);
	memcpy(order->text, b, order->len - 1);
	order->text[order->len - 1] = '\n';
	order->text[order->len] = '\0';
	order->text_outside = has_text(text, b, 0) ||
	    has_text(line_after(e, end), end, 1);
	return 1;
}

/* Fills order from a text/plain part. */
static int
order_from_text(GMimeObject *obj, struct mail_order *order,
    struct strbuf *err)
{
	GMimeContentType *ct = g_mime_object_get_content_type(obj);
	const char *format = g_mime_content_type_get_parameter(ct, "format");
	const char *delsp = g_mime_content_type_get_parameter(ct, "delsp");
	size_t len;
	char *bytes = part_bytes(obj, NULL, &len), *text, *sig;
	int rc;

	/* An armoured block is kept as the bytes that were signed. */
	len = crlf_to_lf(bytes, len);
	rc = inline_pgp(bytes, len, order, err);
	free(bytes);
	if (rc != 0)
		return rc < 0 ? -1 : 0;
	text = part_text_utf8(obj, &len, err);
	if (text == NULL)
		return -1;
	len = crlf_to_lf(text, len);
	if (format != NULL && str_ieq(format, "flowed")) {
		char *joined = unflow(text, len,
		    delsp != NULL && str_ieq(delsp, "yes"), &len);

		free(text);
		text = joined;
	}
	/* a mail client's signature block: the first "-- " line on */
	for (sig = text; sig != NULL; sig = strchr(sig, '\n')) {
		if (*sig == '\n')
			sig++;
		if (strncmp(sig, "-- ", 3) == 0 &&
		    (sig[3] == '\n' || sig[3] == '\0')) {
			*sig = '\0';
			len = (size_t)(sig - text);
			break;
		}
	}
	order->kind = PART_PLAIN;
	order->text = text;
	order->len = len;
	return 0;
}

/* The signed entity's raw bytes, in the canonical CRLF form in which
 * they were signed (RFC 3156 5), and the detached signature. */
static void
order_from_signed(struct finder *f, struct mail_order *order,
    struct strbuf *err, int *rc)
{
	GMimeMultipart *mp = GMIME_MULTIPART(f->found);
	const char *boundary = mime_boundary(f->found);
	GMimeObject *sig;
	struct range part;
	struct strbuf sb;

	*rc = -1;
	if (g_mime_multipart_get_count(mp) != 2 || !f->raw_known ||
	    boundary == NULL ||
	    multipart_part(entity_body(f->raw), boundary, 0, &part) != 0) {
		set_err(err, "malformed PGP/MIME signed mail: cannot find "
		    "its two parts");
		return;
	}
	sig = g_mime_multipart_get_part(mp, 1);
	if (!g_mime_content_type_is_type(g_mime_object_get_content_type(sig),
	    "application", "pgp-signature")) {
		set_err(err, "malformed PGP/MIME signed mail: its second part "
		    "is not application/pgp-signature");
		return;
	}
	order->kind = PART_PGP_SIGNED;
	order->signature = part_bytes(sig, NULL, &order->siglen);
	order->siglen = crlf_to_lf(order->signature, order->siglen);
	sb_init(&sb);
	add_crlf(&sb, part.p, part.len);
	order->len = sb.len;
	order->text = sb_detach(&sb);
	*rc = 0;
}

static int
order_from_encrypted(GMimeObject *obj, struct mail_order *order,
    struct strbuf *err)
{
	GMimeMultipart *mp = GMIME_MULTIPART(obj);

	if (g_mime_multipart_get_count(mp) != 2) {
		set_err(err, "malformed PGP/MIME encrypted mail: it must "
		    "have two parts");
		return -1;
	}
	order->kind = PART_PGP_ENCRYPTED;
	order->text = part_bytes(g_mime_multipart_get_part(mp, 1), NULL,
	    &order->len);
	order->len = crlf_to_lf(order->text, order->len);
	return 0;
}

/* The address of the first mailbox in the list, or NULL. */
static char *
first_address(InternetAddressList *list)
{
	int i, n = list != NULL ? internet_address_list_length(list) : 0;

	for (i = 0; i < n; i++) {
		InternetAddress *ia = internet_address_list_get_address(list,
		    i);
		char *addr = NULL;

		if (INTERNET_ADDRESS_IS_MAILBOX(ia)) {
			const char *s = internet_address_mailbox_get_addr(
			    INTERNET_ADDRESS_MAILBOX(ia));

			if (s != NULL && *s != '\0')
				addr = xstrdup(s);
		} else if (INTERNET_ADDRESS_IS_GROUP(ia)) {
			InternetAddressGroup *g = INTERNET_ADDRESS_GROUP(ia);

			addr = first_address(
			    internet_address_group_get_members(g));
		}
		if (addr != NULL)
			return addr;
	}
	return NULL;
}

static void
fill_info(GMimeMessage *m, struct mail_info *info)
{
	const char *s;
	GDateTime *d;

	info->from = first_address(g_mime_message_get_from(m));
	s = g_mime_message_get_subject(m);
	info->subject = xstrdup_or_null(s);
	s = g_mime_message_get_message_id(m);
	if (s != NULL && *s != '\0')
		info->message_id = xasprintf("<%s>", s);
	s = g_mime_object_get_header(GMIME_OBJECT(m), "In-Reply-To");
	if (s != NULL) {
		char *id = g_mime_utils_decode_message_id(s);

		if (id != NULL && *id != '\0')
			info->in_reply_to = xasprintf("<%s>", id);
		g_free(id);
	}
	d = g_mime_message_get_date(m);
	if (d != NULL) {
		GDateTime *utc = g_date_time_to_utc(d);
		char *t = utc != NULL ?
		    g_date_time_format(utc, "%Y-%m-%dT%H:%M:%SZ") : NULL;

		info->date = xstrdup_or_null(t);
		g_free(t);
		if (utc != NULL)
			g_date_time_unref(utc);
	}
}

int
mail_parse(const char *raw, size_t len, struct mail_info *info,
    struct mail_order *order, struct strbuf *err)
{
	GMimeStream *stream;
	GMimeParser *parser;
	GMimeMessage *m;
	GMimeObject *root;
	struct finder f;
	struct range whole = { raw, len };
	int rc = -1;

	memset(info, 0, sizeof(*info));
	memset(order, 0, sizeof(*order));
	if (raw == NULL || len == 0) {
		set_err(err, "not a mail message (it is empty)");
		return -1;
	}
	mail_init();
	stream = g_mime_stream_mem_new_with_buffer(raw, len);
	parser = g_mime_parser_new_with_stream(stream);
	g_object_unref(stream);
	m = g_mime_parser_construct_message(parser, NULL);
	g_object_unref(parser);
	if (m == NULL) {
		set_err(err, "not a mail message (no header lines)");
		return -1;
	}
	fill_info(m, info);
	memset(&f, 0, sizeof(f));
	sb_init(&f.seen);
	root = g_mime_message_get_mime_part(m);
	if (root != NULL) {
		find_order(&f, root, &whole);
		if (f.found == NULL)
			f.found = choose_text(&f);
	}
	if (f.found == NULL)
		set_err(err, "no text part (the mail has %s)",
		    f.seen.len ? f.seen.buf : "no body");
	else if (is_pgp_multipart(f.found, "signed",
	    "application/pgp-signature"))
		order_from_signed(&f, order, err, &rc);
	else if (GMIME_IS_MULTIPART(f.found))
		rc = order_from_encrypted(f.found, order, err);
	else
		rc = order_from_text(f.found, order, err);
	sb_release(&f.seen);
	g_object_unref(m);
	return rc;
}

/* Does text start with a MIME header line (an RFC 3156 entity)? */
static int
is_entity(const char *text, size_t len)
{
	static const char *const names[] = { "Content-Type:",
	    "Content-Transfer-Encoding:", "Content-Disposition:",
	    "MIME-Version:", "Content-Description:" };
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (len >= strlen(names[i]) && str_iprefix(names[i], text))
			return 1;
	return 0;
}

int
mail_entity_text(const char *plain, size_t len, char **text,
    struct mail_order *order, int *signed_part, struct strbuf *err)
{
	struct mail_info info;
	int rc;

	*text = NULL;
	if (signed_part != NULL)
		*signed_part = 0;
	memset(order, 0, sizeof(*order));
	if (!is_entity(plain, len))
		return 0;
	rc = mail_parse(plain, len, &info, order, err);
	mail_info_release(&info);
	if (rc != 0)
		return -1;
	switch (order->kind) {
	case PART_PLAIN:
		*text = order->text;
		order->text = NULL;
		mail_order_release(order);
		return 1;
	case PART_PGP_SIGNED:
		if (signed_part != NULL) {
			*signed_part = 1;
			return 1;
		}
		set_err(err, "the encrypted part holds a signed part inside a "
		    "signed part");
		break;
	case PART_CLEARSIGNED:
	case PART_PGP_ENCRYPTED:
		set_err(err, "the encrypted part holds another armoured PGP "
		    "message: sign and encrypt the orders in one step");
		break;
	}
	mail_order_release(order);
	return -1;
}

int
mail_signed_text(const char *entity, size_t len, char **text,
    struct strbuf *err)
{
	struct mail_info info;
	struct mail_order inner;
	int rc;

	*text = NULL;
	rc = mail_parse(entity, len, &info, &inner, err);
	if (rc == 0) {
		*text = inner.text;
		inner.text = NULL;
	}
	mail_info_release(&info);
	mail_order_release(&inner);
	return rc;
}

char *
mail_to_utf8(const char *text, size_t len, const char *charset)
{
	gchar *conv;
	char *out;

	if (g_utf8_validate(text, (gssize)len, NULL))
		return NULL;
	/* one conversion for mail and order files alike (util.c) */
	if (charset == NULL || str_ieq(charset, "iso-8859-1") ||
	    str_ieq(charset, "latin1"))
		return text_to_utf8(text, len);
	conv = g_convert_with_fallback(text, (gssize)len, "UTF-8", charset,
	    "?", NULL, NULL, NULL);
	if (conv == NULL)	/* bytes 1252 leaves undefined */
		conv = g_convert(text, (gssize)len, "UTF-8", "ISO-8859-1",
		    NULL, NULL, NULL);
	out = xstrdup(conv != NULL ? conv : "");
	g_free(conv);
	return out;
}

void
mail_info_release(struct mail_info *info)
{
	free(info->from);
	free(info->subject);
	free(info->message_id);
	free(info->in_reply_to);
	free(info->date);
	memset(info, 0, sizeof(*info));
}

void
mail_order_release(struct mail_order *order)
{
	free(order->text);
	free(order->signature);
	memset(order, 0, sizeof(*order));
}
