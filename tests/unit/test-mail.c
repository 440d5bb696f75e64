/*
 * test-mail.c - the MIME layer on the sample mails of tests/mail/, and
 * IMAP and SMTP against the private servers of tests/mail-servers.sh
 * (when AOR_MAIL_DIR names the folder where it started them).
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "mail.h"
#include "test.h"
#include "util.h"
#include "xmlutil.h"

__attribute__((destructor)) static void
release_mail_libraries(void)
{
	mail_cleanup();
}

/* Whether the line [p, end) is a pack's header "==> NAME <==". */
static int
pack_header(const char *p, const char *end)
{
	size_t n = (size_t)(end - p);

	return n >= 8 && memcmp(p, "==> ", 4) == 0 &&
	    memcmp(end - 4, " <==", 4) == 0;
}

/* A sample mail from the pack tests/mail/samples.txt (beside the
 * program's folder, else below the current one), which holds each mail's
 * exact bytes after a line "==> NAME <==" (tests/tools/pack.sh: a few
 * hundred bytes would take a disk block each as files); the caller frees
 * it. */
static char *
fixture(const char *name, size_t *len)
{
	const char *rel = "tests/mail/samples.txt";
	char *path = data_path(rel);
	char *want = xasprintf("==> %s <==", name);
	size_t packlen = 0;
	char *pack = read_file(path, &packlen);
	const char *p, *eol, *end, *start = NULL;
	char *text = NULL;

	if (pack == NULL)
		pack = read_file(rel, &packlen);
	if (pack == NULL)
		test_fail(__FILE__, __LINE__, "cannot read '%s'", rel);
	end = pack == NULL ? NULL : pack + packlen;
	for (p = pack; p != NULL && p < end; p = eol + 1) {
		eol = memchr(p, '\n', (size_t)(end - p));
		if (eol == NULL)
			eol = end;
		if (!pack_header(p, eol))
			continue;
		if (start != NULL)
			break;
		if ((size_t)(eol - p) == strlen(want) &&
		    memcmp(p, want, strlen(want)) == 0)
			start = eol < end ? eol + 1 : end;
	}
	if (start != NULL) {
		*len = (size_t)((p < end ? p : end) - start);
		text = xmalloc(*len + 1);
		memcpy(text, start, *len);
		text[*len] = '\0';
	} else if (pack != NULL) {
		test_fail(__FILE__, __LINE__, "no '%s' in '%s' (a new sample "
		    "goes in with tests/tools/pack.sh)", name, rel);
	}
	free(want);
	free(pack);
	free(path);
	return text;
}

/* Every LF of text as CRLF; the caller frees the result. */
static char *
to_crlf(const char *text, size_t len, size_t *outlen)
{
	struct strbuf sb;
	size_t i;

	sb_init(&sb);
	for (i = 0; i < len; i++) {
		if (text[i] == '\n' && (i == 0 || text[i - 1] != '\r'))
			sb_addc(&sb, '\r');
		sb_addc(&sb, text[i]);
	}
	*outlen = sb.len;
	return sb_detach(&sb);
}

/* Parses the sample mail name; returns mail_parse's result. */
static int
parse_fixture(const char *name, struct mail_info *info,
    struct mail_order *order, struct strbuf *err)
{
	size_t len = 0;
	char *raw = fixture(name, &len);
	int rc;

	if (raw == NULL) {
		memset(info, 0, sizeof(*info));
		memset(order, 0, sizeof(*order));
		return -2;
	}
	rc = mail_parse(raw, len, info, order, err);
	free(raw);
	return rc;
}

/* Parses a fixture that must yield a plain text; returns the text. */
#define CHECK_PLAIN(name, expected) do { \
	struct mail_info i_; struct mail_order o_; struct strbuf e_; \
	sb_init(&e_); \
	CHECK_INT(parse_fixture(name, &i_, &o_, &e_), 0); \
	CHECK_STR(e_.buf, ""); \
	CHECK_INT(o_.kind, PART_PLAIN); \
	CHECK_STR(o_.text, expected); \
	CHECK_INT(o_.len, strlen(expected)); \
	mail_info_release(&i_); mail_order_release(&o_); \
	sb_release(&e_); } while (0)

TEST(mail_parse_plain_text_and_headers)
{
	struct mail_info info;
	struct mail_order order;
	struct strbuf err;

	sb_init(&err);
	CHECK_INT(parse_fixture("plain.eml", &info, &order, &err), 0);
	CHECK_STR(info.from, "prussia@example.org");
	CHECK_STR(info.subject, "Orders for turn 3");
	CHECK_STR(info.message_id, "<order-3-prussia@example.org>");
	CHECK_STR(info.in_reply_to,
	    "<aor-game1-run2-prussia@adjudicator.example>");
	CHECK_STR(info.date, "2024-03-05T10:30:00Z");	/* +0200 to UTC */
	CHECK_INT(order.kind, PART_PLAIN);
	CHECK_STR(order.text, "bid 12\nplace army berlin\n");
	CHECK(order.signature == NULL);
	mail_info_release(&info);
	mail_order_release(&order);
	sb_release(&err);
}

TEST(mail_parse_without_mime_headers)
{
	struct mail_info info;
	struct mail_order order;
	struct strbuf err;

	sb_init(&err);
	CHECK_INT(parse_fixture("nomime.eml", &info, &order, &err), 0);
	CHECK_STR(order.text, "bid 3\n");
	CHECK_STR(info.date, "2024-03-05T10:30:00Z");
	CHECK(info.message_id == NULL);
	CHECK(info.in_reply_to == NULL);
	mail_info_release(&info);
	mail_order_release(&order);
	sb_release(&err);
}

TEST(mail_parse_quoted_printable_latin1)
{
	struct mail_info info;
	struct mail_order order;
	struct strbuf err;

	CHECK_PLAIN("quoted-printable.eml", "bid 12 für München\n"
	    "a very long order line that the mail client broke with a soft "
	    "line break in the middle\ntrailing space \n");
	sb_init(&err);
	CHECK_INT(parse_fixture("quoted-printable.eml", &info, &order, &err),
	    0);
	CHECK_STR(info.subject, "Befehle für Preußen");
	CHECK_STR(info.from, "juergen@example.org");
	CHECK_STR(info.date, "2024-03-05T13:00:00Z");
	mail_info_release(&info);
	mail_order_release(&order);
	sb_release(&err);
}

TEST(mail_parse_base64_utf8)
{
	struct mail_info info;
	struct mail_order order;
	struct strbuf err;

	CHECK_PLAIN("base64.eml", "bid 7\nplace army wien\nÄrger\n");
	sb_init(&err);
	CHECK_INT(parse_fixture("base64.eml", &info, &order, &err), 0);
	CHECK_STR(info.subject, "Österreich");
	mail_info_release(&info);
	mail_order_release(&order);
	sb_release(&err);
}

TEST(mail_parse_alternative_prefers_plain_text)
{
	CHECK_PLAIN("alternative.eml", "bid 9");
}

TEST(mail_parse_mixed_takes_the_first_inline_text)
{
	CHECK_PLAIN("mixed.eml", "bid 4\nplace fleet cadiz");
}

TEST(mail_parse_text_attachment_when_nothing_inline)
{
	CHECK_PLAIN("attachment-only.eml", "bid 5");
}

TEST(mail_parse_removes_the_signature_block)
{
	CHECK_PLAIN("signature-block.eml", "bid 2\n-- not a signature "
	    "separator (no space after the dashes at the end)\n--\n"
	    "still orders\n");
}

TEST(mail_parse_crlf_line_ends)
{
	struct mail_info info;
	struct mail_order order;
	struct strbuf err;

	CHECK_PLAIN("crlf.eml", "bid 6\nplace army grünberg\n");
	sb_init(&err);
	CHECK_INT(parse_fixture("crlf.eml", &info, &order, &err), 0);
	CHECK_STR(info.subject, "crlf orders");
	CHECK_STR(info.from, "austria@example.org");
	mail_info_release(&info);
	mail_order_release(&order);
	sb_release(&err);
}

TEST(mail_parse_joins_format_flowed_lines)
{
	CHECK_PLAIN("flowed.eml", "bid 3\n"
	    "a long order that the client wrapped at the margin\n"
	    "From the stuffed line\n"
	    "> quoted text that flows\n");
}

TEST(mail_parse_pgp_mime_signed)
{
	static const char signed_part[] =
	    "Content-Type: text/plain; charset=UTF-8\r\n"
	    "Content-Transfer-Encoding: quoted-printable\r\n"
	    "\r\n"
	    "bid 12=20\r\n"
	    "place army k=C3=B6nigsberg\r\n";
	struct mail_info info, inner_info;
	struct mail_order order, inner;
	struct strbuf err;

	sb_init(&err);
	CHECK_INT(parse_fixture("pgp-signed.eml", &info, &order, &err), 0);
	CHECK_INT(order.kind, PART_PGP_SIGNED);
	CHECK_STR(order.text, signed_part);
	CHECK_INT(order.len, strlen(signed_part));
	CHECK(order.signature != NULL && strncmp(order.signature,
	    "-----BEGIN PGP SIGNATURE-----\n", 30) == 0);
	CHECK_CONTAINS(order.signature, "=AbCd\n-----END PGP SIGNATURE-----");
	CHECK_INT(order.siglen, order.signature ? strlen(order.signature) : 1);
	CHECK_STR(info.from, "prussia@example.org");
	/* once verified, the signed entity gives its text */
	CHECK_INT(mail_parse(order.text, order.len, &inner_info, &inner, &err),
	    0);
	CHECK_INT(inner.kind, PART_PLAIN);
	CHECK_STR(inner.text, "bid 12 \nplace army königsberg\n");
	mail_info_release(&inner_info);
	mail_order_release(&inner);
	mail_info_release(&info);
	mail_order_release(&order);
	sb_release(&err);
}

/*
 * Thunderbird's OpenPGP: the signed part is a multipart/mixed with the
 * protected headers (protected-headers="v1") around a format=flowed,
 * quoted-printable text (issue 18: real clients' mail is read).
 */
TEST(mail_parse_thunderbird_protected_headers)
{
	struct mail_info info;
	struct mail_order order;
	struct strbuf err;
	char *text = NULL;

	sb_init(&err);
	CHECK_INT(parse_fixture("thunderbird-signed.eml", &info, &order,
	    &err), 0);
	CHECK_INT(order.kind, PART_PGP_SIGNED);
	CHECK(order.text != NULL && strncmp(order.text, "Content-Type: "
	    "multipart/mixed; boundary=\"------------tbMIX", 58) == 0);
	CHECK_CONTAINS(order.signature, "=TbSg\n-----END PGP SIGNATURE-----");
	CHECK_STR(info.subject, "...");
	CHECK_INT(mail_signed_text(order.text, order.len, &text, &err), 0);
	CHECK_STR(text, "Hallo,\n\nGAME spring\nCOUNTRY Preußen\n"
	    "STEP T1.S3\n# a comment that Thunderbird wraps because the "
	    "line is longer than 72 # characters\nPASS\n\nGrüße, Anna\n\n");
	free(text);
	mail_info_release(&info);
	mail_order_release(&order);
	sb_release(&err);
}

TEST(mail_parse_pgp_mime_encrypted)
{
	struct mail_info info;
	struct mail_order order;
	struct strbuf err;

	sb_init(&err);
	CHECK_INT(parse_fixture("pgp-encrypted.eml", &info, &order, &err), 0);
	CHECK_INT(order.kind, PART_PGP_ENCRYPTED);
	CHECK(order.text != NULL && strncmp(order.text,
	    "-----BEGIN PGP MESSAGE-----\n", 28) == 0);
	CHECK_CONTAINS(order.text, "=XyZw\n-----END PGP MESSAGE-----\n");
	CHECK(order.signature == NULL);
	mail_info_release(&info);
	mail_order_release(&order);
	sb_release(&err);
}

TEST(mail_parse_clearsigned_with_text_around)
{
	struct mail_info info;
	struct mail_order order;
	struct strbuf err;

	sb_init(&err);
	CHECK_INT(parse_fixture("clearsigned.eml", &info, &order, &err), 0);
	CHECK_INT(order.kind, PART_CLEARSIGNED);
	CHECK_STR(order.text, "-----BEGIN PGP SIGNED MESSAGE-----\n"
	    "Hash: SHA256\n\nbid 8\n- -----dashes are escaped\n"
	    "-----BEGIN PGP SIGNATURE-----\n\n"
	    "iHUEARYIAB0WIQTZ3M8p0XlD3mLz0l1mQGBqkY9w0AUCZeXzAAAKCRBmQGBqkY9"
	    "w\n"
	    "=AbCd\n-----END PGP SIGNATURE-----\n");
	CHECK_INT(order.text_outside, 1);
	mail_info_release(&info);
	mail_order_release(&order);
	sb_release(&err);
}

TEST(mail_parse_clearsigned_alone_with_signature_block)
{
	struct mail_info info;
	struct mail_order order;
	struct strbuf err;

	sb_init(&err);
	CHECK_INT(parse_fixture("clearsigned-only.eml", &info, &order, &err),
	    0);
	CHECK_INT(order.kind, PART_CLEARSIGNED);
	CHECK(order.text != NULL && strncmp(order.text,
	    "-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA256\n\nbid 8 \n",
	    55) == 0);
	CHECK_INT(order.text_outside, 0);
	mail_info_release(&info);
	mail_order_release(&order);
	sb_release(&err);
}

TEST(mail_parse_errors)
{
	static const char garbage[] = "this is not\na mail\n";
	struct mail_info info;
	struct mail_order order;
	struct strbuf err;

	sb_init(&err);
	CHECK_INT(parse_fixture("html-only.eml", &info, &order, &err), -1);
	CHECK_CONTAINS(err.buf, "no text part");
	CHECK_CONTAINS(err.buf, "text/html");
	mail_info_release(&info);
	mail_order_release(&order);
	CHECK_INT(parse_fixture("clearsigned-broken.eml", &info, &order,
	    &err), -1);
	CHECK_CONTAINS(err.buf, "'-----END PGP SIGNATURE-----'");
	mail_info_release(&info);
	mail_order_release(&order);
	CHECK_INT(mail_parse(garbage, strlen(garbage), &info, &order, &err),
	    -1);
	CHECK_CONTAINS(err.buf, "not a mail message");
	mail_info_release(&info);
	mail_order_release(&order);
	CHECK_INT(mail_parse("", 0, &info, &order, &err), -1);
	mail_info_release(&info);
	mail_order_release(&order);
	sb_release(&err);
}

/* IMAP hands messages back with CRLF: every sample must parse the same. */
TEST(mail_parse_same_with_crlf)
{
	static const char *const names[] = {
		"plain.eml", "nomime.eml", "quoted-printable.eml",
		"base64.eml", "alternative.eml", "mixed.eml",
		"attachment-only.eml", "pgp-signed.eml", "pgp-encrypted.eml",
		"clearsigned.eml", "clearsigned-only.eml",
		"signature-block.eml", "flowed.eml", "thunderbird-signed.eml"
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(names); i++) {
		struct mail_info i1, i2;
		struct mail_order o1, o2;
		struct strbuf err;
		size_t len, crlf_len;
		char *raw = fixture(names[i], &len), *crlf;

		if (raw == NULL)
			continue;
		sb_init(&err);
		crlf = to_crlf(raw, len, &crlf_len);
		CHECK_INT(mail_parse(raw, len, &i1, &o1, &err), 0);
		CHECK_INT(mail_parse(crlf, crlf_len, &i2, &o2, &err), 0);
		if (o1.text == NULL || o2.text == NULL || o1.len != o2.len ||
		    memcmp(o1.text, o2.text, o1.len) != 0 ||
		    o1.kind != o2.kind || o1.text_outside != o2.text_outside ||
		    o1.siglen != o2.siglen)
			test_fail(__FILE__, __LINE__, "'%s' parses otherwise "
			    "with CRLF line ends", names[i]);
		CHECK((i1.subject == NULL) == (i2.subject == NULL));
		if (i1.subject != NULL && i2.subject != NULL)
			CHECK_STR(i2.subject, i1.subject);
		mail_info_release(&i1);
		mail_info_release(&i2);
		mail_order_release(&o1);
		mail_order_release(&o2);
		sb_release(&err);
		free(raw);
		free(crlf);
	}
}

TEST(mail_build_ascii_message)
{
	static const char *const to[] = { "Prussia <prussia@example.org>",
	    "austria@example.org" };
	static const char expected[] =
	    "From: Adjudicator <adjudicator@example.org>\r\n"
	    "To: Prussia <prussia@example.org>, austria@example.org\r\n"
	    "Subject: Game g1, turn 3: report\r\n"
	    "Date: Tue, 05 Mar 2024 10:00:00 +0000\r\n"
	    "Message-ID: <aor-g1-run3-prussia@example.org>\r\n"
	    "In-Reply-To: <order-3-prussia@example.org>\r\n"
	    "References: <order-3-prussia@example.org>\r\n"
	    "MIME-Version: 1.0\r\n"
	    "Content-Type: text/plain; charset=utf-8\r\n"
	    "Content-Transfer-Encoding: 7bit\r\n"
	    "\r\n"
	    "Your orders:\r\n"
	    "bid 12\r\n"
	    ".\r\n";
	struct strbuf err;
	char *out = NULL;
	size_t len = 0;

	sb_init(&err);
	CHECK_INT(mail_build("Adjudicator <adjudicator@example.org>", to, 2,
	    "Game g1, turn 3: report", "2024-03-05T10:00:00Z",
	    "<aor-g1-run3-prussia@example.org>",
	    "<order-3-prussia@example.org>", "Your orders:\nbid 12\n.\n",
	    &out, &len, &err), 0);
	CHECK_STR(err.buf, "");
	CHECK_STR(out, expected);
	CHECK_INT(len, strlen(expected));
	free(out);
	sb_release(&err);
}

TEST(mail_build_non_ascii_round_trip)
{
	static const char *const to[] = { "Jürgen <juergen@example.org>" };
	static const char body[] = "Grüße aus Preußen\n"
	    "a line much longer than seventy-six characters, which must be "
	    "wrapped by quoted-printable soft line breaks\n-- \nAdjudicator\n";
	struct mail_info info;
	struct mail_order order;
	struct strbuf err;
	char *out = NULL;
	size_t len = 0, i;

	sb_init(&err);
	CHECK_INT(mail_build("adjudicator@example.org", to, 1,
	    "Zug 3: Preußen", "2024-12-31T23:59:59Z", "<m1@example.org>",
	    NULL, body, &out, &len, &err), 0);
	CHECK_CONTAINS(out, "Subject: Zug 3: =?");
	CHECK_CONTAINS(out, "Content-Transfer-Encoding: quoted-printable");
	CHECK_CONTAINS(out, "Date: Tue, 31 Dec 2024 23:59:59 +0000\r\n");
	CHECK(strstr(out, "In-Reply-To") == NULL);
	for (i = 0; out != NULL && i < len; i++) {
		if ((unsigned char)out[i] >= 0x80 || (out[i] == '\n' &&
		    (i == 0 || out[i - 1] != '\r'))) {
			test_fail(__FILE__, __LINE__, "8-bit byte or bare LF "
			    "at offset %zu", i);
			break;
		}
	}
	CHECK_INT(mail_parse(out, len, &info, &order, &err), 0);
	CHECK_STR(info.subject, "Zug 3: Preußen");
	CHECK_STR(info.from, "adjudicator@example.org");
	CHECK_STR(info.date, "2024-12-31T23:59:59Z");
	CHECK_STR(info.message_id, "<m1@example.org>");
	CHECK_STR(order.text, "Grüße aus Preußen\na line much longer than "
	    "seventy-six characters, which must be wrapped by "
	    "quoted-printable soft line breaks\n");
	mail_info_release(&info);
	mail_order_release(&order);
	free(out);
	sb_release(&err);
}

TEST(mail_build_rejects_bad_input)
{
	static const char *const to[] = { "a@example.org" };
	static const char *const bad_to[] = { "not an address" };
	struct strbuf err;
	char *out = NULL;
	size_t len;

	sb_init(&err);
	CHECK_INT(mail_build("b@example.org", to, 1, "s", "2024-03-05",
	    "<x@y>", NULL, "", &out, &len, &err), -1);
	CHECK_CONTAINS(err.buf, "bad date '2024-03-05'");
	CHECK_INT(mail_build("b@example.org", to, 1, "s",
	    "2024-03-05T10:00:00Z", "x@y", NULL, "", &out, &len, &err), -1);
	CHECK_CONTAINS(err.buf, "bad message id 'x@y'");
	CHECK_INT(mail_build("b@example.org", bad_to, 1, "s",
	    "2024-03-05T10:00:00Z", "<x@y>", NULL, "", &out, &len, &err), -1);
	CHECK_CONTAINS(err.buf, "bad recipient address 'not an address'");
	CHECK_INT(mail_build("b@example.org", to, 1, "s\r\nBcc: c@d",
	    "2024-03-05T10:00:00Z", "<x@y>", NULL, "", &out, &len, &err), -1);
	CHECK_CONTAINS(err.buf, "control character in subject");
	CHECK_INT(mail_build("b@example.org", to, 0, "s",
	    "2024-03-05T10:00:00Z", "<x@y>", NULL, "", &out, &len, &err), -1);
	CHECK(out == NULL);
	sb_release(&err);
}

/* ------------------------------------------------------------------ */
/* Transport errors found before any connection */

/* The credentials in the environment, kept while a test changes them. */
struct saved_env {
	char *user, *password;
};

/* Sets ADJUDICATOR_MAIL_USER/PASSWORD to user/password (NULL: unset). */
static void
env_save(struct saved_env *s, const char *user, const char *password)
{
	const char *u = getenv("ADJUDICATOR_MAIL_USER");
	const char *p = getenv("ADJUDICATOR_MAIL_PASSWORD");

	s->user = xstrdup_or_null(u);
	s->password = xstrdup_or_null(p);
	if (user != NULL)
		setenv("ADJUDICATOR_MAIL_USER", user, 1);
	else
		unsetenv("ADJUDICATOR_MAIL_USER");
	if (password != NULL)
		setenv("ADJUDICATOR_MAIL_PASSWORD", password, 1);
	else
		unsetenv("ADJUDICATOR_MAIL_PASSWORD");
}

static void
env_restore(struct saved_env *s)
{
	if (s->user != NULL)
		setenv("ADJUDICATOR_MAIL_USER", s->user, 1);
	else
		unsetenv("ADJUDICATOR_MAIL_USER");
	if (s->password != NULL)
		setenv("ADJUDICATOR_MAIL_PASSWORD", s->password, 1);
	else
		unsetenv("ADJUDICATOR_MAIL_PASSWORD");
	free(s->user);
	free(s->password);
}

/* A loopback port where nothing listens (probably: it was free). */
static int
closed_port(void)
{
	struct sockaddr_in sa;
	socklen_t salen = sizeof(sa);
	int fd = socket(AF_INET, SOCK_STREAM, 0), port = 0;

	memset(&sa, 0, sizeof(sa));
	sa.sin_family = AF_INET;
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (fd >= 0 && bind(fd, (struct sockaddr *)&sa, sizeof(sa)) == 0 &&
	    getsockname(fd, (struct sockaddr *)&sa, &salen) == 0)
		port = ntohs(sa.sin_port);
	if (fd >= 0)
		close(fd);
	return port;
}

TEST(mail_account_errors_before_connecting)
{
	struct mail_account a = { "imap://moderator:hunter2@127.0.0.1:1/",
	    NULL, 1, 5, 0 };
	struct saved_env env;
	struct imap_msg *msgs;
	unsigned long v = 0;
	size_t n;
	int temp = -1;
	struct strbuf err;
	static const char *const to[] = { "a@example.org" };

	sb_init(&err);
	env_save(&env, NULL, NULL);
	CHECK_INT(imap_fetch_new(&a, &v, 0, &msgs, &n, &temp, &err), -1);
	CHECK_CONTAINS(err.buf, "holds a password");
	CHECK(strstr(err.buf, "hunter2") == NULL);
	CHECK_INT(temp, 0);
	a.url = "http://127.0.0.1:1/";
	CHECK_INT(imap_fetch_new(&a, &v, 0, &msgs, &n, &temp, &err), -1);
	CHECK_CONTAINS(err.buf, "is not imap:// or imaps://");
	a.url = "imap://127.0.0.1:1/INBOX";
	CHECK_INT(imap_fetch_new(&a, &v, 0, &msgs, &n, &temp, &err), -1);
	CHECK_CONTAINS(err.buf, "no credentials for 'imap://127.0.0.1:1/"
	    "INBOX'");
	CHECK_CONTAINS(err.buf, "ADJUDICATOR_MAIL_USER");
	a.netrc = "tests/mail/no-such-netrc";
	CHECK_INT(imap_move(&a, 1, "Rejected", &temp, &err), -1);
	CHECK_CONTAINS(err.buf, "cannot read netrc file "
	    "'tests/mail/no-such-netrc'");
	a.url = "smtp://127.0.0.1:1";
	a.netrc = NULL;
	CHECK_INT(smtp_send(&a, "not-an-address", to, 1, "x", 1, &temp,
	    &err), -1);
	CHECK_CONTAINS(err.buf, "bad sender address 'not-an-address'");
	CHECK_INT(temp, 0);
	env_restore(&env);
	sb_release(&err);
}

/* ------------------------------------------------------------------ */
/* Against the servers of tests/mail-servers.sh */

struct servers {
	char *dir;
	char *imap_url, *smtp_url, *netrc;
	struct mail_account imap, smtp;
};

/*
 * 1 with s filled when the servers run; 0 and a failure when not: the
 * mailserver_* tests run only from tests/mail-test.sh (the runner leaves
 * them out of a run of every test), and a test that cannot run fails.
 */
static int
servers_open(struct servers *s)
{
	const char *dir = getenv("AOR_MAIL_DIR");
	const char *imap_port = getenv("AOR_IMAP_PORT");
	const char *smtp_port = getenv("AOR_SMTP_PORT");

	memset(s, 0, sizeof(*s));
	if (dir == NULL || *dir == '\0') {
		test_fail(__FILE__, __LINE__, "the mail server tests need "
		    "the servers of tests/mail-servers.sh (AOR_MAIL_DIR "
		    "unset): run tests/mail-test.sh");
		return 0;
	}
	s->dir = xstrdup(dir);
	s->imap_url = xasprintf("imap://127.0.0.1:%s/INBOX",
	    imap_port != NULL && *imap_port ? imap_port : "10143");
	s->smtp_url = xasprintf("smtp://127.0.0.1:%s",
	    smtp_port != NULL && *smtp_port ? smtp_port : "10025");
	s->netrc = xasprintf("%s/netrc", dir);
	s->imap.url = s->imap_url;
	s->imap.netrc = s->netrc;
	s->imap.insecure_plain = 1;
	s->imap.timeout = 10;
	s->smtp.url = s->smtp_url;
	s->smtp.insecure_plain = 1;
	s->smtp.timeout = 10;
	return 1;
}

static void
servers_close(struct servers *s)
{
	free(s->dir);
	free(s->imap_url);
	free(s->smtp_url);
	free(s->netrc);
}

/* Delivers a message into the moderator's INBOX the Maildir way: write
 * into tmp/, rename into new/. */
static void
deliver(const struct servers *s, const char *subject, const char *body)
{
	static int serial;
	char *tmp, *final, *text;
	FILE *f;
	long t = (long)time(NULL);

	serial++;
	tmp = xasprintf("%s/home/moderator/Maildir/tmp/%ld.P%dQ%d.aor-test",
	    s->dir, t, (int)getpid(), serial);
	final = xasprintf("%s/home/moderator/Maildir/new/%ld.P%dQ%d.aor-test",
	    s->dir, t, (int)getpid(), serial);
	text = xasprintf("From: Prussia <prussia@example.org>\n"
	    "To: moderator@example.org\nSubject: %s\n"
	    "Date: Tue, 05 Mar 2024 10:00:00 +0000\n"
	    "Message-ID: <%s-%d@example.org>\n\n%s", subject, "t", serial,
	    body);
	f = fopen(tmp, "w");
	if (f == NULL || fputs(text, f) == EOF || fclose(f) != 0 ||
	    rename(tmp, final) != 0)
		test_fail(__FILE__, __LINE__, "cannot deliver into '%s'",
		    final);
	free(tmp);
	free(final);
	free(text);
}

/* The UID of the fetched message whose subject is subject, or 0. */
static unsigned long
find_subject(const struct imap_msg *msgs, size_t n, const char *subject)
{
	size_t i;

	for (i = 0; i < n; i++) {
		struct mail_info info;
		struct mail_order order;
		unsigned long uid = 0;

		if (mail_parse(msgs[i].raw, msgs[i].len, &info, &order,
		    NULL) == 0 && info.subject != NULL &&
		    strcmp(info.subject, subject) == 0)
			uid = msgs[i].uid;
		mail_info_release(&info);
		mail_order_release(&order);
		if (uid != 0)
			return uid;
	}
	return 0;
}

static unsigned long
max_uid(const struct imap_msg *msgs, size_t n)
{
	unsigned long m = 0;
	size_t i;

	for (i = 0; i < n; i++)
		if (msgs[i].uid > m)
			m = msgs[i].uid;
	return m;
}

/* A server that accepts the connection and never says a word.  It needs
 * no mail server, but takes a second: it runs with the server tests. */
TEST(mailserver_silent_server_times_out)
{
	struct sockaddr_in sa;
	socklen_t salen = sizeof(sa);
	struct mail_account a = { NULL, NULL, 1, 1, 0 };
	struct saved_env env;
	struct imap_msg *msgs;
	struct strbuf err;
	unsigned long v = 0;
	size_t n;
	struct servers s;
	int fd, temp = 0;
	char *url;

	if (!servers_open(&s))
		return;
	servers_close(&s);
	fd = socket(AF_INET, SOCK_STREAM, 0);
	memset(&sa, 0, sizeof(sa));
	sa.sin_family = AF_INET;
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (fd < 0 || bind(fd, (struct sockaddr *)&sa, sizeof(sa)) != 0 ||
	    listen(fd, 4) != 0 ||
	    getsockname(fd, (struct sockaddr *)&sa, &salen) != 0) {
		test_fail(__FILE__, __LINE__, "cannot listen on loopback");
		if (fd >= 0)
			close(fd);
		return;
	}
	sb_init(&err);
	env_save(&env, "moderator", "secret");
	url = xasprintf("imap://127.0.0.1:%d/INBOX", ntohs(sa.sin_port));
	a.url = url;
	CHECK_INT(imap_fetch_new(&a, &v, 0, &msgs, &n, &temp, &err), -1);
	CHECK_CONTAINS(err.buf, "timeout");
	CHECK_INT(temp, 1);
	env_restore(&env);
	close(fd);
	free(url);
	sb_release(&err);
}

TEST(mailserver_imap_fetch_and_move)
{
	struct servers s;
	struct imap_msg *msgs = NULL;
	struct mail_account folder;
	struct strbuf err;
	char subject[4][64], *folder_url;
	unsigned long v = 0, v2, last, uid2, uid3, uid4;
	size_t n = 0, i;
	int temp = -1;

	if (!servers_open(&s))
		return;
	sb_init(&err);
	for (i = 0; i < 4; i++)
		snprintf(subject[i], sizeof(subject[i]), "fetch %ld-%d #%zu",
		    (long)time(NULL), (int)getpid(), i + 1);
	for (i = 0; i < 3; i++)
		deliver(&s, subject[i], "bid 1\nplace army berlin\n");

	/* first contact: everything */
	CHECK_INT(imap_fetch_new(&s.imap, &v, 0, &msgs, &n, &temp, &err), 0);
	CHECK_STR(err.buf, "");
	CHECK(v != 0);
	CHECK(n >= 3);
	for (i = 0; i < 3; i++)
		CHECK(find_subject(msgs, n, subject[i]) != 0);
	for (i = 1; i < n; i++)
		CHECK(msgs[i - 1].uid < msgs[i].uid);
	CHECK(n > 0 && strstr(msgs[0].raw, "\r\nSubject: ") != NULL);
	CHECK(n > 0 && msgs[0].len == strlen(msgs[0].raw));
	last = max_uid(msgs, n);
	uid2 = find_subject(msgs, n, subject[1]);
	uid3 = find_subject(msgs, n, subject[2]);
	imap_msgs_free(msgs, n);

	/* nothing new */
	CHECK_INT(imap_fetch_new(&s.imap, &v, last, &msgs, &n, &temp, &err),
	    0);
	CHECK_INT(n, 0);
	CHECK(msgs == NULL);

	/* another UIDVALIDITY voids the UID memory */
	v2 = v + 1;
	CHECK_INT(imap_fetch_new(&s.imap, &v2, last, &msgs, &n, &temp, &err),
	    0);
	CHECK_INT(v2, v);
	CHECK(n >= 3);
	imap_msgs_free(msgs, n);

	/* one new */
	deliver(&s, subject[3], "bid 2\n");
	CHECK_INT(imap_fetch_new(&s.imap, &v, last, &msgs, &n, &temp, &err),
	    0);
	CHECK_INT(n, 1);
	uid4 = find_subject(msgs, n, subject[3]);
	CHECK(uid4 > last);
	imap_msgs_free(msgs, n);

	/* moved away with MOVE, and with COPY + EXPUNGE */
	CHECK_INT(imap_move(&s.imap, uid2, "Rejected", &temp, &err), 0);
	CHECK_STR(err.buf, "");
	imap_ignore_extensions(1);
	CHECK_INT(imap_move(&s.imap, uid3, "Rejected", &temp, &err), 0);
	CHECK_STR(err.buf, "");
	imap_ignore_extensions(0);
	CHECK_INT(imap_fetch_new(&s.imap, &v, 0, &msgs, &n, &temp, &err), 0);
	CHECK(find_subject(msgs, n, subject[0]) != 0);
	CHECK(find_subject(msgs, n, subject[1]) == 0);
	CHECK(find_subject(msgs, n, subject[2]) == 0);
	CHECK(find_subject(msgs, n, subject[3]) != 0);
	imap_msgs_free(msgs, n);
	folder = s.imap;
	folder_url = xasprintf("%.*s/Rejected",
	    (int)(strlen(s.imap_url) - strlen("/INBOX")), s.imap_url);
	folder.url = folder_url;
	v2 = 0;
	CHECK_INT(imap_fetch_new(&folder, &v2, 0, &msgs, &n, &temp, &err), 0);
	CHECK(find_subject(msgs, n, subject[1]) != 0);
	CHECK(find_subject(msgs, n, subject[2]) != 0);
	imap_msgs_free(msgs, n);
	free(folder_url);

	/* a folder name that needs quoting, created on the way */
	CHECK_INT(imap_move(&s.imap, uid4 + 1000, "Unusable \"mail\"", &temp,
	    &err), -1);
	CHECK_CONTAINS(err.buf, "no message with uid");
	CHECK_INT(temp, 0);
	sb_reset(&err);
	CHECK_INT(imap_move(&s.imap, uid4, "Unusable \"mail\"", &temp, &err),
	    0);
	CHECK_STR(err.buf, "");
	CHECK_INT(imap_move(&s.imap, 1, "INBOX", &temp, &err), -1);
	CHECK_CONTAINS(err.buf, "to itself");
	sb_release(&err);
	servers_close(&s);
}

TEST(mailserver_imap_login_from_the_environment)
{
	struct servers s;
	struct saved_env env;
	struct imap_msg *msgs = NULL;
	struct mail_account a;
	struct strbuf err;
	unsigned long v = 0;
	size_t n = 0;
	int temp = -1;

	if (!servers_open(&s))
		return;
	sb_init(&err);
	a = s.imap;
	a.netrc = NULL;
	env_save(&env, "moderator", "secret");
	CHECK_INT(imap_fetch_new(&a, &v, 0, &msgs, &n, &temp, &err), 0);
	imap_msgs_free(msgs, n);
	setenv("ADJUDICATOR_MAIL_PASSWORD", "wrong", 1);
	CHECK_INT(imap_fetch_new(&a, &v, 0, &msgs, &n, &temp, &err), -1);
	CHECK_CONTAINS(err.buf, "login failed");
	CHECK_CONTAINS(err.buf, "AUTHENTICATIONFAILED");
	CHECK(strstr(err.buf, "wrong") == NULL);
	CHECK_INT(temp, 1);
	env_restore(&env);
	sb_release(&err);
	servers_close(&s);
}

TEST(mailserver_imap_plain_needs_starttls)
{
	struct servers s;
	struct imap_msg *msgs = NULL;
	struct mail_account a;
	struct strbuf err;
	unsigned long v = 0;
	size_t n = 0;
	int temp = -1;

	if (!servers_open(&s))
		return;
	sb_init(&err);
	a = s.imap;
	a.insecure_plain = 0;	/* the test server has no TLS */
	CHECK_INT(imap_fetch_new(&a, &v, 0, &msgs, &n, &temp, &err), -1);
	CHECK_CONTAINS(err.buf, "STARTTLS");
	CHECK_INT(temp, 0);
	sb_release(&err);
	servers_close(&s);
}

TEST(mailserver_connection_refused_is_temporary)
{
	struct servers s;
	struct imap_msg *msgs = NULL;
	struct mail_account a;
	struct strbuf err;
	static const char *const to[] = { "a@example.org" };
	unsigned long v = 0;
	size_t n = 0;
	int temp = 0;
	char *url;

	if (!servers_open(&s))
		return;
	sb_init(&err);
	a = s.imap;
	url = xasprintf("imap://127.0.0.1:%d/INBOX", closed_port());
	a.url = url;
	CHECK_INT(imap_fetch_new(&a, &v, 0, &msgs, &n, &temp, &err), -1);
	CHECK_CONTAINS(err.buf, "connection refused");
	CHECK_INT(temp, 1);
	free(url);
	temp = 0;
	url = xasprintf("smtp://127.0.0.1:%d", closed_port());
	a = s.smtp;
	a.url = url;
	CHECK_INT(smtp_send(&a, "b@example.org", to, 1, "Subject: x\r\n\r\n",
	    15, &temp, &err), -1);
	CHECK_CONTAINS(err.buf, "connection refused");
	CHECK_INT(temp, 1);
	free(url);
	sb_release(&err);
	servers_close(&s);
}

/* The sink's file holding needle, read whole; NULL if none. */
static char *
sink_find(const struct servers *s, const char *needle)
{
	char *cmd = xasprintf("grep -l -F -e '%s' '%s'/sink/new/* 2>/dev/null",
	    needle, s->dir);
	FILE *p = popen(cmd, "r");
	char line[4096], *text = NULL;

	free(cmd);
	if (p == NULL)
		return NULL;
	if (fgets(line, sizeof(line), p) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		text = read_file(line, NULL);
	}
	pclose(p);
	return text;
}

TEST(mailserver_smtp_send_reaches_the_sink)
{
	static const char *const to[] = { "Prussia <prussia@example.org>",
	    "austria@example.org" };
	static const char body[] = "Turn 3 report\n.\n..two dots\nPreußen\n";
	struct servers s;
	struct mail_info info;
	struct mail_order order;
	struct strbuf err;
	char *msg = NULL, *id, *got;
	size_t len = 0;
	int temp = -1;

	if (!servers_open(&s))
		return;
	sb_init(&err);
	id = xasprintf("<aor-g1-run%ld-prussia@example.org>",
	    (long)time(NULL) * 1000 + getpid() % 1000);
	CHECK_INT(mail_build("Adjudicator <adjudicator@example.org>", to, 2,
	    "Bericht für Preußen", "2024-03-05T10:00:00Z", id, NULL, body,
	    &msg, &len, &err), 0);
	CHECK_INT(smtp_send(&s.smtp, "Adjudicator <adjudicator@example.org>",
	    to, 2, msg, len, &temp, &err), 0);
	CHECK_STR(err.buf, "");
	CHECK_INT(temp, 0);
	got = sink_find(&s, id);
	CHECK(got != NULL);
	if (got != NULL) {
		CHECK_CONTAINS(got, "X-MailFrom: adjudicator@example.org");
		CHECK_CONTAINS(got, "X-RcptTo: prussia@example.org, "
		    "austria@example.org");
		CHECK_CONTAINS(got, "From: Adjudicator "
		    "<adjudicator@example.org>");
		CHECK_CONTAINS(got, "To: Prussia <prussia@example.org>, "
		    "austria@example.org");
		CHECK_INT(mail_parse(got, strlen(got), &info, &order, &err),
		    0);
		CHECK_STR(info.subject, "Bericht für Preußen");
		CHECK_STR(info.message_id, id);
		CHECK_STR(info.date, "2024-03-05T10:00:00Z");
		/* curl stuffed the dots, the sink took them out again */
		CHECK_STR(order.text, body);
		mail_info_release(&info);
		mail_order_release(&order);
	}
	free(got);
	free(msg);
	free(id);
	sb_release(&err);
	servers_close(&s);
}
