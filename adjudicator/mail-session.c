/*
 * mail-session.c - one libcurl session on a mail account, for IMAP and
 * SMTP alike: the account's URL, the credentials (netrc or environment),
 * and errors that quote what the server said.
 */
#include "mail.h"
#include "mail-internal.h"
#include "util.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <curl/curl.h>

#define DEFAULT_TIMEOUT 30L
#define ENV_USER "ADJUDICATOR_MAIL_USER"
#define ENV_PASSWORD "ADJUDICATOR_MAIL_PASSWORD"

/* ------------------------------------------------------------------ */
/* Accounts and sessions */

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

/*
 * Issue 18.9: one cron step of a club talks to one IMAP and one SMTP
 * server for every game.  The curl handle of a request that went well is
 * kept, with its connection (logged in, the mailbox selected), for the
 * next request of its protocol in this process: curl takes the
 * connection again when the next one is for the same server and
 * credentials, and opens another when not.  A handle whose request
 * failed is closed with its connection, so that a connection in a state
 * nobody knows (a dropped line, a refused recipient in the middle of a
 * mail transaction) is never used again: the next request connects
 * afresh.  sessions_end closes the kept ones (IMAP LOGOUT, SMTP QUIT).
 */
static CURL *kept[2];	/* IMAP, SMTP */

void
sessions_end(void)
{
	int i;

	for (i = 0; i < 2; i++)
		if (kept[i] != NULL) {
			curl_easy_cleanup(kept[i]);
			kept[i] = NULL;
		}
}

void
session_close(struct session *s, int keep)
{
	if (s->curl != NULL && keep && kept[s->smtp] == NULL) {
		curl_easy_reset(s->curl);	/* the connection stays */
		kept[s->smtp] = s->curl;
	} else if (s->curl != NULL)
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
int
session_open(struct session *s, const struct mail_account *a, int smtp,
    struct strbuf *err)
{
	long timeout;
	char *host = NULL;
	int rc;

	memset(s, 0, sizeof(*s));
	sb_init(&s->data);
	s->smtp = smtp != 0;
	s->proto = smtp ? "smtp" : "imap";
	mail_init();
	if (a == NULL || a->url == NULL || *a->url == '\0') {
		set_err(err, "no %s url given", s->proto);
		return -1;
	}
	s->curl = kept[s->smtp];
	kept[s->smtp] = NULL;
	if (s->curl == NULL)
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
CURLcode
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
int
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
		/* this mail only, unless the server is closing (421) */
		if (temp && code != 421)
			temp = 2;
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
