/*
 * mail.c - mail in and out: IMAP and SMTP through libcurl, MIME through
 * GMime.
 *
 * The IMAP side keeps to what curl does well: custom commands whose
 * untagged replies ("* SEARCH 3 4") arrive as data, and fetch-by-URL
 * (INBOX;UIDVALIDITY=V/;UID=N) for message bodies, so no IMAP literal is
 * parsed here.  The server's refusals are taken from curl's debug
 * stream, so that an error can quote what the server said.
 */
#include "mail.h"
#include "util.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <curl/curl.h>
#include <gmime/gmime.h>

#define DEFAULT_TIMEOUT 30L
#define ENV_USER "ADJUDICATOR_MAIL_USER"
#define ENV_PASSWORD "ADJUDICATOR_MAIL_PASSWORD"

static int mail_ready;
static int ignore_extensions;

static void
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
	g_mime_shutdown();
	curl_global_cleanup();
	mail_ready = 0;
}

void
imap_ignore_extensions(int ignore)
{
	ignore_extensions = ignore;
}

static void set_err(struct strbuf *err, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void
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

static void
set_temporary(int *temporary, int value)
{
	if (temporary != NULL)
		*temporary = value;
}

static char *
xmemdup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);

	if (n > 0)	/* an empty part's bytes may be NULL */
		memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

/* Finds needle in haystack, ignoring ASCII case. */
static const char *
find_ci(const char *hay, const char *needle)
{
	for (; *hay != '\0'; hay++)
		if (str_iprefix(needle, hay))
			return hay;
	return NULL;
}

/* Does s hold a control character (CR, LF, NUL excepted: s ends there)? */
static int
has_control(const char *s)
{
	for (; *s != '\0'; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return 1;
	return 0;
}

/* ------------------------------------------------------------------ */
/* Accounts and sessions */

struct session {
	CURL *curl;
	CURLU *url;		/* the account's URL, parsed */
	char *shown;		/* the URL for messages, without password */
	const char *proto;	/* "imap" or "smtp", for messages */
	char *mbox_path;	/* IMAP: the URL path of the mailbox */
	char *mailbox;		/* IMAP: the decoded mailbox name */
	struct strbuf data;	/* what the last request received */
	int too_big;
	int smtp;
	char reply[256];	/* the server's refusal, if any */
	char errbuf[CURL_ERROR_SIZE];
};

/* A URL fit for an error message: any "user:password@" is hidden. */
static char *
url_for_message(const char *url)
{
	const char *auth = strstr(url, "://"), *at;

	if (auth == NULL)
		return xstrdup(url);
	auth += 3;
	at = strchr(auth, '@');
	if (at == NULL || memchr(auth, '/', (size_t)(at - auth)) != NULL)
		return xstrdup(url);
	return xasprintf("%.*s...%s", (int)(auth - url), url, at);
}

static size_t
on_data(char *p, size_t size, size_t n, void *arg)
{
	struct session *s = arg;

	n *= size;
	if (s->data.len + n > MAIL_MAX) {
		s->too_big = 1;
		return 0;
	}
	sb_addn(&s->data, p, n);
	return n;
}

/*
 * Keeps the server's first refusal of the request: an IMAP NO, BAD or
 * BYE, an SMTP 4xx or 5xx.  Later lines (the LOGOUT or QUIT that curl
 * sends while it gives up) would only hide it.
 */
static int
on_debug(CURL *c, curl_infotype type, char *p, size_t n, void *arg)
{
	struct session *s = arg;
	const char *word;
	size_t i;

	(void)c;
	if (type != CURLINFO_HEADER_IN || s->reply[0] != '\0' || n < 4)
		return 0;
	if (s->smtp) {
		if (p[0] != '4' && p[0] != '5')
			return 0;
	} else {
		word = memchr(p, ' ', n);
		if (word == NULL || (size_t)(word - p) + 4 > n)
			return 0;
		word++;
		if (strncmp(word, "NO", 2) != 0 && strncmp(word, "BAD", 3) != 0
		    && strncmp(word, "BYE", 3) != 0)
			return 0;
	}
	while (n > 0 && (p[n - 1] == '\n' || p[n - 1] == '\r'))
		n--;
	if (n >= sizeof(s->reply))
		n = sizeof(s->reply) - 1;
	for (i = 0; i < n; i++)
		s->reply[i] = isprint((unsigned char)p[i]) ? p[i] : '?';
	s->reply[n] = '\0';
	return 0;
}

/*
 * Is there an entry for host (or a default one) in the netrc file?  curl
 * quietly logs in without credentials when there is none.
 */
static int
netrc_check(const char *path, const char *host, struct strbuf *err)
{
	char *text = read_file(path, NULL), *tok, *save = NULL;
	int found = 0, want_name = 0;

	if (text == NULL) {
		set_err(err, "cannot read netrc file '%s': %s", path,
		    strerror(errno));
		return -1;
	}
	for (tok = strtok_r(text, " \t\r\n", &save); tok != NULL && !found;
	    tok = strtok_r(NULL, " \t\r\n", &save)) {
		if (want_name)
			found = str_ieq(tok, host);
		want_name = strcmp(tok, "machine") == 0;
		if (strcmp(tok, "default") == 0)
			found = 1;
	}
	free(text);
	if (!found) {
		set_err(err, "netrc file '%s' has no entry for 'machine %s'",
		    path, host);
		return -1;
	}
	return 0;
}

static int
set_credentials(struct session *s, const struct mail_account *a,
    const char *host, struct strbuf *err)
{
	const char *user = getenv(ENV_USER), *password = getenv(ENV_PASSWORD);

	if (a->netrc != NULL) {
		if (netrc_check(a->netrc, host, err) != 0)
			return -1;
		curl_easy_setopt(s->curl, CURLOPT_NETRC,
		    (long)CURL_NETRC_REQUIRED);
		curl_easy_setopt(s->curl, CURLOPT_NETRC_FILE, a->netrc);
		return 0;
	}
	if (user != NULL && *user != '\0') {
		if (password == NULL) {
			set_err(err, "%s is set but %s is not", ENV_USER,
			    ENV_PASSWORD);
			return -1;
		}
		curl_easy_setopt(s->curl, CURLOPT_USERNAME, user);
		curl_easy_setopt(s->curl, CURLOPT_PASSWORD, password);
		return 0;
	}
	if (s->smtp)
		return 0;	/* a relay may take mail without a login */
	set_err(err, "no credentials for '%s': give a netrc file or set %s "
	    "and %s", s->shown, ENV_USER, ENV_PASSWORD);
	return -1;
}

/* Checks the URL and sets up the handle; the mailbox for IMAP. */
static int
parse_account_url(struct session *s, const struct mail_account *a,
    char **host, struct strbuf *err)
{
	const char *plain = s->smtp ? "smtp" : "imap";
	const char *tls = s->smtp ? "smtps" : "imaps";
	char *scheme = NULL, *password = NULL, *query = NULL, *path = NULL;
	char *shown = NULL;
	int rc = -1;

	s->url = curl_url();
	if (curl_url_set(s->url, CURLUPART_URL, a->url, 0) != CURLUE_OK) {
		shown = url_for_message(a->url);
		set_err(err, "bad mail url '%s'", shown);
		free(shown);
		return -1;
	}
	if (curl_url_get(s->url, CURLUPART_PASSWORD, &password, 0) ==
	    CURLUE_OK)
		curl_url_set(s->url, CURLUPART_PASSWORD, NULL, 0);
	curl_url_get(s->url, CURLUPART_URL, &shown, 0);
	s->shown = xstrdup(shown != NULL ? shown : "?");
	curl_free(shown);
	if (password != NULL) {
		set_err(err, "mail url '%s' holds a password: put it in a "
		    "netrc file or in %s", s->shown, ENV_PASSWORD);
		goto out;
	}
	curl_url_get(s->url, CURLUPART_SCHEME, &scheme, 0);
	if (scheme == NULL || (strcmp(scheme, plain) != 0 &&
	    strcmp(scheme, tls) != 0)) {
		set_err(err, "mail url '%s' is not %s:// or %s://", s->shown,
		    plain, tls);
		goto out;
	}
	if (curl_url_get(s->url, CURLUPART_HOST, host, 0) != CURLUE_OK) {
		set_err(err, "mail url '%s' has no host", s->shown);
		goto out;
	}
	if (curl_url_get(s->url, CURLUPART_QUERY, &query, 0) == CURLUE_OK) {
		set_err(err, "mail url '%s' must not have a query", s->shown);
		goto out;
	}
	if (strcmp(scheme, plain) == 0 && !a->insecure_plain)
		curl_easy_setopt(s->curl, CURLOPT_USE_SSL,
		    (long)CURLUSESSL_ALL);
	rc = 0;
	if (s->smtp)
		goto out;
	curl_url_get(s->url, CURLUPART_PATH, &path, 0);
	if (path != NULL && strchr(path, ';') != NULL) {
		set_err(err, "mail url '%s' must name just a mailbox",
		    s->shown);
		rc = -1;
		goto out;
	}
	if (path == NULL || strcmp(path, "/") == 0 || *path == '\0')
		s->mbox_path = xstrdup("/INBOX");
	else {
		size_t n = strlen(path);

		while (n > 1 && path[n - 1] == '/')
			n--;
		s->mbox_path = xmemdup(path, n);
	}
	curl_free(path);
	path = NULL;
	curl_url_set(s->url, CURLUPART_PATH, s->mbox_path, 0);
	curl_url_get(s->url, CURLUPART_PATH, &path, CURLU_URLDECODE);
	s->mailbox = xstrdup(path != NULL && path[0] == '/' ? path + 1 :
	    "INBOX");
out:
	curl_free(scheme);
	curl_free(password);
	curl_free(query);
	curl_free(path);
	return rc;
}

static void
session_close(struct session *s)
{
	if (s->curl != NULL)
		curl_easy_cleanup(s->curl);
	if (s->url != NULL)
		curl_url_cleanup(s->url);
	free(s->shown);
	free(s->mbox_path);
	free(s->mailbox);
	sb_release(&s->data);
	memset(s, 0, sizeof(*s));
}

/* Sets up a session for the account; session_close it in any case. */
static int
session_open(struct session *s, const struct mail_account *a, int smtp,
    struct strbuf *err)
{
	long timeout;
	char *host = NULL;
	int rc;

	memset(s, 0, sizeof(*s));
	sb_init(&s->data);
	s->smtp = smtp;
	s->proto = smtp ? "smtp" : "imap";
	mail_init();
	if (a == NULL || a->url == NULL || *a->url == '\0') {
		set_err(err, "no %s url given", s->proto);
		return -1;
	}
	s->curl = curl_easy_init();
	if (s->curl == NULL) {
		set_err(err, "cannot start libcurl");
		return -1;
	}
	if (parse_account_url(s, a, &host, err) != 0) {
		curl_free(host);
		return -1;
	}
	if (host[0] == '[') {		/* an IPv6 literal, as curl names it */
		size_t n = strlen(host);

		memmove(host, host + 1, n);
		if (n >= 2 && host[n - 2] == ']')
			host[n - 2] = '\0';
	}
	rc = set_credentials(s, a, host, err);
	curl_free(host);
	if (rc != 0)
		return -1;
	timeout = a->timeout > 0 ? a->timeout : DEFAULT_TIMEOUT;
	curl_easy_setopt(s->curl, CURLOPT_PROTOCOLS_STR,
	    smtp ? "smtp,smtps" : "imap,imaps");
	curl_easy_setopt(s->curl, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(s->curl, CURLOPT_CONNECTTIMEOUT, timeout);
	curl_easy_setopt(s->curl, CURLOPT_TIMEOUT, timeout);
	curl_easy_setopt(s->curl, CURLOPT_ERRORBUFFER, s->errbuf);
	curl_easy_setopt(s->curl, CURLOPT_WRITEFUNCTION, on_data);
	curl_easy_setopt(s->curl, CURLOPT_WRITEDATA, s);
	/* Verbose only feeds on_debug, which prints nothing. */
	curl_easy_setopt(s->curl, CURLOPT_DEBUGFUNCTION, on_debug);
	curl_easy_setopt(s->curl, CURLOPT_DEBUGDATA, s);
	curl_easy_setopt(s->curl, CURLOPT_VERBOSE, 1L);
	return 0;
}

/*
 * Runs one request on the URL with this path (NULL: the account's path)
 * and IMAP command (NULL: a fetch or a mail submission).
 */
static CURLcode
session_perform(struct session *s, const char *path, const char *command)
{
	char *u = NULL;
	CURLcode rc;

	sb_reset(&s->data);
	s->too_big = 0;
	s->reply[0] = '\0';
	s->errbuf[0] = '\0';
	if (path != NULL)
		curl_url_set(s->url, CURLUPART_PATH, path, 0);
	if (curl_url_get(s->url, CURLUPART_URL, &u, 0) != CURLUE_OK)
		return CURLE_URL_MALFORMAT;
	curl_easy_setopt(s->curl, CURLOPT_URL, u);
	curl_easy_setopt(s->curl, CURLOPT_CUSTOMREQUEST, command);
	rc = curl_easy_perform(s->curl);
	curl_free(u);
	return rc;
}

/* Lower-cases the first letter of a sentence, not of a name such as
 * "OpenSSL" or "STARTTLS". */
static void
lower_first(char *s)
{
	size_t i;

	if (!isupper((unsigned char)s[0]))
		return;
	for (i = 1; s[i] != '\0' && s[i] != ' '; i++)
		if (!islower((unsigned char)s[i]) && s[i] != '\'')
			return;
	s[0] = (char)tolower((unsigned char)s[0]);
}

/*
 * Turns a failed request into one line in err: the server, the command
 * (unless the connection or login failed, before any command), why, and
 * what the server said.  Decides whether trying again later may help.
 * Returns -1.
 */
static int
session_error(struct session *s, CURLcode rc, const char *what,
    int *temporary, struct strbuf *err)
{
	long os_errno = 0, code = 0;
	char reason[160], os_error[80];
	int temp = 0, connecting = 0, detail = 1;

	curl_easy_getinfo(s->curl, CURLINFO_OS_ERRNO, &os_errno);
	snprintf(reason, sizeof(reason), "%s", curl_easy_strerror(rc));
	lower_first(reason);
	switch (rc) {
	case CURLE_COULDNT_CONNECT:
		temp = connecting = 1;
		detail = 0;
		snprintf(os_error, sizeof(os_error), "%s",
		    os_errno != 0 ? strerror((int)os_errno) : "no answer");
		lower_first(os_error);
		snprintf(reason, sizeof(reason), "cannot connect (%s)",
		    os_error);
		break;
	case CURLE_COULDNT_RESOLVE_HOST:
		temp = connecting = 1;
		snprintf(reason, sizeof(reason), "cannot resolve the host");
		break;
	case CURLE_OPERATION_TIMEDOUT:
		temp = 1;
		snprintf(reason, sizeof(reason), "timeout");
		break;
	case CURLE_LOGIN_DENIED:
		temp = connecting = 1;
		detail = 0;
		snprintf(reason, sizeof(reason), "login failed");
		break;
	case CURLE_SEND_ERROR:
	case CURLE_RECV_ERROR:
	case CURLE_GOT_NOTHING:
	case CURLE_PARTIAL_FILE:
		temp = 1;
		snprintf(reason, sizeof(reason), "connection lost");
		break;
	case CURLE_SSL_CONNECT_ERROR:
		temp = connecting = 1;
		snprintf(reason, sizeof(reason), "tls handshake failed");
		break;
	case CURLE_PEER_FAILED_VERIFICATION:
		connecting = 1;
		snprintf(reason, sizeof(reason), "the server's certificate "
		    "does not verify");
		break;
	case CURLE_USE_SSL_FAILED:
		connecting = 1;
		detail = 0;
		snprintf(reason, sizeof(reason), "the server offers no "
		    "STARTTLS (use %ss:// or a server with TLS)", s->proto);
		break;
	case CURLE_QUOTE_ERROR:
		detail = 0;
		snprintf(reason, sizeof(reason), "command refused");
		break;
	case CURLE_WRITE_ERROR:
		if (s->too_big) {
			detail = 0;
			snprintf(reason, sizeof(reason), "message larger "
			    "than %lu bytes", MAIL_MAX);
		}
		break;
	default:
		break;
	}
	/* curl reports a refused SMTP command as a send error: the reply
	 * code tells a passing problem (4xx) from a final one (5xx). */
	if (s->smtp && s->reply[0] != '\0')
		code = strtol(s->reply, NULL, 10);
	if (s->smtp && code >= 400 && code < 600) {
		temp = code < 500;
		detail = 0;
		snprintf(reason, sizeof(reason), "%s refused",
		    temp ? "temporarily" : "permanently");
	}
	if (connecting)
		set_err(err, "%s '%s': %s", s->proto, s->shown, reason);
	else
		set_err(err, "%s '%s': %s: %s", s->proto, s->shown, what,
		    reason);
	if (detail && s->errbuf[0] != '\0' && err != NULL) {
		lower_first(s->errbuf);
		sb_addf(err, " (%s)", s->errbuf);
	}
	if (s->reply[0] != '\0' && err != NULL)
		sb_addf(err, "; the server said '%s'", s->reply);
	set_temporary(temporary, temp);
	return -1;
}

/* ------------------------------------------------------------------ */
/* IMAP */

/* Appends name as an IMAP quoted string; -1 if it cannot be one. */
static int
imap_quote(struct strbuf *sb, const char *name)
{
	const char *p;

	if (*name == '\0')
		return -1;
	sb_addc(sb, '"');
	for (p = name; *p != '\0'; p++) {
		unsigned char c = (unsigned char)*p;

		/* non-ASCII names would need modified UTF-7 */
		if (c < 0x20 || c >= 0x7f)
			return -1;
		if (c == '"' || c == '\\')
			sb_addc(sb, '\\');
		sb_addc(sb, (char)c);
	}
	sb_addc(sb, '"');
	return 0;
}

/* Runs an IMAP command in the mailbox (in_mailbox) or outside it. */
static int
imap_command(struct session *s, int in_mailbox, unsigned long uidvalidity,
    const char *command, int *temporary, struct strbuf *err)
{
	char *path = NULL;
	CURLcode rc;

	if (in_mailbox && uidvalidity != 0)
		path = xasprintf("%s;UIDVALIDITY=%lu", s->mbox_path,
		    uidvalidity);
	else if (in_mailbox)
		path = xstrdup(s->mbox_path);
	rc = session_perform(s, path != NULL ? path : "/", command);
	free(path);
	if (rc != CURLE_OK)
		return session_error(s, rc, command, temporary, err);
	return 0;
}

/* The numbers of "* SEARCH n n n" lines, as a new array. */
static unsigned long *
parse_search(const char *data, size_t *n)
{
	unsigned long *uids = NULL;
	size_t alloc = 0;
	const char *line;

	*n = 0;
	for (line = data; line != NULL; line = strchr(line, '\n')) {
		const char *p;
		char *end;

		if (*line == '\n')
			line++;
		if (!str_iprefix("* SEARCH", line))
			continue;
		for (p = line + 8;;) {
			unsigned long v;

			while (*p == ' ')
				p++;
			if (!isdigit((unsigned char)*p))
				break;
			v = strtoul(p, &end, 10);
			p = end;
			if (*n == alloc) {
				alloc = alloc ? 2 * alloc : 16;
				uids = xrealloc(uids, alloc * sizeof(*uids));
			}
			uids[(*n)++] = v;
		}
	}
	return uids;
}

static int
cmp_ulong(const void *a, const void *b)
{
	unsigned long x = *(const unsigned long *)a;
	unsigned long y = *(const unsigned long *)b;

	return x < y ? -1 : x > y;
}

/* The UIDVALIDITY of a "* STATUS box (UIDVALIDITY n)" reply, or 0. */
static unsigned long
parse_uidvalidity(const char *data)
{
	const char *p = find_ci(data, "UIDVALIDITY ");

	return p != NULL ? strtoul(p + 12, NULL, 10) : 0;
}

/*
 * Is the session's mailbox missing, or one that cannot hold mail (a
 * \Noselect parent)?  Asked after STATUS was refused, when a mailbox that
 * does not exist is to read as empty.
 */
static int
mailbox_missing(struct session *s)
{
	struct strbuf cmd;
	int missing;

	sb_init(&cmd);
	sb_add(&cmd, "LIST \"\" ");
	missing = imap_quote(&cmd, s->mailbox) == 0 &&
	    imap_command(s, 0, 0, cmd.buf, NULL, NULL) == 0 &&
	    (strstr(s->data.buf, "* LIST") == NULL ||
	    find_ci(s->data.buf, "\\Noselect") != NULL ||
	    find_ci(s->data.buf, "\\NonExistent") != NULL);
	sb_release(&cmd);
	return missing;
}

/* A folder LIST shows that can take mail; else it is to be created. */
static int
folder_listed(const char *data)
{
	return strstr(data, "* LIST") != NULL &&
	    find_ci(data, "\\Noselect") == NULL &&
	    find_ci(data, "\\NonExistent") == NULL;
}

int
imap_separator(const struct mail_account *a, char *sep, int *temporary,
    struct strbuf *err)
{
	struct session s;
	const char *p;
	int rc = -1;

	*sep = '\0';
	set_temporary(temporary, 0);
	if (session_open(&s, a, 0, err) != 0)
		goto out;
	if (imap_command(&s, 0, 0, "LIST \"\" \"\"", temporary, err) != 0)
		goto out;
	/* * LIST (\Noselect) "." "" -- or NIL for a flat namespace */
	p = strstr(s.data.buf, "* LIST");
	p = p != NULL ? strchr(p, ')') : NULL;
	if (p == NULL) {
		set_err(err, "imap '%s': no answer to 'LIST \"\" \"\"'",
		    s.shown);
		goto out;
	}
	p += strspn(p + 1, " ") + 1;
	if (p[0] == '"' && p[1] == '\\' && p[2] != '\0' && p[3] == '"')
		*sep = p[2];
	else if (p[0] == '"' && p[1] != '\0' && p[2] == '"')
		*sep = p[1];
	rc = 0;
out:
	session_close(&s);
	return rc;
}

void
imap_msgs_free(struct imap_msg *msgs, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(msgs[i].raw);
	free(msgs);
}

int
imap_fetch_new(const struct mail_account *a, unsigned long *uidvalidity,
    unsigned long last_uid, struct imap_msg **msgs, size_t *n,
    int *temporary, struct strbuf *err)
{
	struct session s;
	struct strbuf cmd;
	unsigned long *uids = NULL, server_validity;
	size_t nuids = 0, i, got = 0;
	struct imap_msg *out = NULL;
	int rc = -1, temp = 0;

	*msgs = NULL;
	*n = 0;
	set_temporary(temporary, 0);
	sb_init(&cmd);
	if (session_open(&s, a, 0, err) != 0)
		goto out;
	sb_add(&cmd, "STATUS ");
	if (imap_quote(&cmd, s.mailbox) != 0) {
		set_err(err, "mailbox name '%s' is not printable ASCII",
		    s.mailbox);
		goto out;
	}
	sb_add(&cmd, " (UIDVALIDITY)");
	if (imap_command(&s, 0, 0, cmd.buf, &temp, err) != 0) {
		set_temporary(temporary, temp);
		if (!temp && a->missing_is_empty && mailbox_missing(&s)) {
			rc = 0;		/* no mail yet: nothing to take */
			set_temporary(temporary, 0);
		}
		goto out;
	}
	server_validity = parse_uidvalidity(s.data.buf);
	if (server_validity == 0) {
		set_err(err, "imap '%s': no UIDVALIDITY in the reply to '%s'",
		    s.shown, cmd.buf);
		goto out;
	}
	if (server_validity != *uidvalidity)
		last_uid = 0;	/* the old UIDs name other messages now */
	sb_reset(&cmd);
	if (last_uid > 0)
		sb_addf(&cmd, "UID SEARCH UID %lu:* UNDELETED", last_uid + 1);
	else
		sb_add(&cmd, "UID SEARCH UNDELETED");
	if (imap_command(&s, 1, server_validity, cmd.buf, temporary,
	    err) != 0)
		goto out;
	uids = parse_search(s.data.buf, &nuids);
	if (nuids > 0)
		qsort(uids, nuids, sizeof(*uids), cmp_ulong);
	out = xcalloc(nuids, sizeof(*out));
	for (i = 0; i < nuids; i++) {
		char *path;
		CURLcode crc;

		/* "N:*" always matches the last message, even below N */
		if (uids[i] <= last_uid || (i > 0 && uids[i] == uids[i - 1]))
			continue;
		path = xasprintf("%s;UIDVALIDITY=%lu/;UID=%lu", s.mbox_path,
		    server_validity, uids[i]);
		crc = session_perform(&s, path, NULL);
		free(path);
		if (crc == CURLE_REMOTE_FILE_NOT_FOUND &&
		    find_ci(s.errbuf, "UIDVALIDITY") == NULL)
			continue;	/* expunged meanwhile */
		if (crc != CURLE_OK) {
			sb_reset(&cmd);
			sb_addf(&cmd, "UID FETCH %lu", uids[i]);
			session_error(&s, crc, cmd.buf, temporary, err);
			if (crc == CURLE_REMOTE_FILE_NOT_FOUND)
				set_temporary(temporary, 1);
			goto out;
		}
		out[got].uid = uids[i];
		out[got].len = s.data.len;
		out[got].raw = xmemdup(s.data.buf, s.data.len);
		got++;
	}
	*uidvalidity = server_validity;
	if (got > 0) {
		*msgs = out;
		*n = got;
		out = NULL;
		got = 0;
	}
	rc = 0;
out:
	imap_msgs_free(out, got);
	free(uids);
	sb_release(&cmd);
	session_close(&s);
	return rc;
}

/* Does the untagged CAPABILITY reply in data list this capability? */
static int
has_capability(const char *data, const char *cap)
{
	const char *p = data;
	size_t n = strlen(cap);

	while ((p = find_ci(p, cap)) != NULL) {
		if (p > data && p[-1] == ' ' &&
		    (p[n] == ' ' || p[n] == '\r' || p[n] == '\n' ||
		    p[n] == '\0'))
			return 1;
		p += n;
	}
	return 0;
}

int
imap_move(const struct mail_account *a, unsigned long uid,
    const char *folder, int *temporary, struct strbuf *err)
{
	struct session s;
	struct strbuf quoted, cmd;
	unsigned long *uids = NULL;
	size_t nuids = 0, i;
	int rc = -1, can_move, uidplus, found = 0;

	set_temporary(temporary, 0);
	sb_init(&quoted);
	sb_init(&cmd);
	if (session_open(&s, a, 0, err) != 0)
		goto out;
	if (folder == NULL || imap_quote(&quoted, folder) != 0 ||
	    strpbrk(folder, "%*") != NULL) {
		set_err(err, "bad folder name '%s': it must be printable "
		    "ASCII without '%%' or '*'", folder ? folder : "");
		goto out;
	}
	if (strcmp(folder, s.mailbox) == 0 ||
	    (str_ieq(folder, "INBOX") && str_ieq(s.mailbox, "INBOX"))) {
		set_err(err, "cannot move mail from '%s' to itself", folder);
		goto out;
	}
	if (imap_command(&s, 0, 0, "CAPABILITY", temporary, err) != 0)
		goto out;
	can_move = !ignore_extensions && has_capability(s.data.buf, "MOVE");
	uidplus = !ignore_extensions &&
	    has_capability(s.data.buf, "UIDPLUS");
	sb_addf(&cmd, "LIST \"\" %s", quoted.buf);
	if (imap_command(&s, 0, 0, cmd.buf, temporary, err) != 0)
		goto out;
	/* a \Noselect parent (a folder below a name that holds none)
	 * is made a folder too */
	if (!folder_listed(s.data.buf)) {
		sb_reset(&cmd);
		sb_addf(&cmd, "CREATE %s", quoted.buf);
		if (imap_command(&s, 0, 0, cmd.buf, temporary, err) != 0)
			goto out;
	}
	sb_reset(&cmd);
	sb_addf(&cmd, "UID SEARCH UID %lu", uid);
	if (imap_command(&s, 1, 0, cmd.buf, temporary, err) != 0)
		goto out;
	uids = parse_search(s.data.buf, &nuids);
	for (i = 0; i < nuids; i++)
		found |= uids[i] == uid;
	if (!found) {
		set_err(err, "imap '%s': no message with uid %lu", s.shown,
		    uid);
		goto out;
	}
	sb_reset(&cmd);
	if (can_move) {
		sb_addf(&cmd, "UID MOVE %lu %s", uid, quoted.buf);
		if (imap_command(&s, 1, 0, cmd.buf, temporary, err) != 0)
			goto out;
		rc = 0;
		goto out;
	}
	/* The copy comes first: a failure after it leaves two copies,
	 * never none. */
	sb_addf(&cmd, "UID COPY %lu %s", uid, quoted.buf);
	if (imap_command(&s, 1, 0, cmd.buf, temporary, err) != 0)
		goto out;
	sb_reset(&cmd);
	sb_addf(&cmd, "UID STORE %lu +FLAGS.SILENT (\\Deleted)", uid);
	if (imap_command(&s, 1, 0, cmd.buf, temporary, err) != 0)
		goto out;
	sb_reset(&cmd);
	if (uidplus)
		sb_addf(&cmd, "UID EXPUNGE %lu", uid);
	else
		sb_add(&cmd, "EXPUNGE");
	if (imap_command(&s, 1, 0, cmd.buf, temporary, err) != 0)
		goto out;
	rc = 0;
out:
	free(uids);
	sb_release(&quoted);
	sb_release(&cmd);
	session_close(&s);
	return rc;
}

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

/* Appends text with every line end as CRLF. */
static void
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
	session_close(&s);
	return rc;
}

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
static size_t
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
	if (s != NULL)
		info->subject = xstrdup(s);
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

		if (t != NULL)
			info->date = xstrdup(t);
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
