/*
 * mail-imap.c - IMAP through libcurl: fetching new messages by UID and
 * moving them out of the mailbox.
 */
#include "mail.h"
#include "mail-internal.h"
#include "util.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include <curl/curl.h>

static int ignore_extensions;
static void learnt_forget(void);

void
imap_ignore_extensions(int ignore)
{
	ignore_extensions = ignore;
	learnt_forget();
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
	session_close(&s, rc == 0);
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
	/*
	 * A connection kept from an earlier request may have the mailbox
	 * selected since before the newest mail came: the server tells of
	 * it at a NOOP, and a SEARCH before that would not find it.
	 */
	if (imap_command(&s, 1, server_validity, "NOOP", temporary, err) != 0)
		goto out;
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
	session_close(&s, rc == 0);
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

/*
 * Issue 18.9: what imap_move has learnt of a server in this process, so
 * that a club's step, which moves every message of its inbox and many of
 * its games' folders, asks it once: whether it can MOVE and has UIDPLUS,
 * and the folders it has listed or made.  A move that fails forgets it
 * all: the next one asks again.
 */
static struct {
	char *server;		/* scheme://[user@]host[:port] */
	int caps;		/* 1 once can_move and uidplus are known */
	int can_move, uidplus;
	char **folders;
	size_t nfolders;
} learnt;

static void
learnt_forget(void)
{
	size_t i;

	for (i = 0; i < learnt.nfolders; i++)
		free(learnt.folders[i]);
	free(learnt.folders);
	free(learnt.server);
	memset(&learnt, 0, sizeof(learnt));
}

void
imap_forget(void)
{
	learnt_forget();
}

/* Starts afresh when shown (a session's URL) is of another server. */
static void
learnt_server(const char *shown)
{
	const char *host = strstr(shown, "://");
	size_t n = host != NULL ? (size_t)(host + 3 - shown) +
	    strcspn(host + 3, "/") : strlen(shown);

	if (learnt.server != NULL && strlen(learnt.server) == n &&
	    strncmp(learnt.server, shown, n) == 0)
		return;
	learnt_forget();
	learnt.server = xasprintf("%.*s", (int)n, shown);
}

static int
learnt_folder(const char *folder)
{
	size_t i;

	for (i = 0; i < learnt.nfolders; i++)
		if (strcmp(learnt.folders[i], folder) == 0)
			return 1;
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
	learnt_server(s.shown);
	if (!learnt.caps) {
		if (imap_command(&s, 0, 0, "CAPABILITY", temporary, err) != 0)
			goto out;
		learnt.can_move = !ignore_extensions &&
		    has_capability(s.data.buf, "MOVE");
		learnt.uidplus = !ignore_extensions &&
		    has_capability(s.data.buf, "UIDPLUS");
		learnt.caps = 1;
	}
	can_move = learnt.can_move;
	uidplus = learnt.uidplus;
	if (!learnt_folder(folder)) {
		sb_addf(&cmd, "LIST \"\" %s", quoted.buf);
		if (imap_command(&s, 0, 0, cmd.buf, temporary, err) != 0)
			goto out;
		/* a \Noselect parent (a folder below a name that holds
		 * none) is made a folder too */
		if (!folder_listed(s.data.buf)) {
			sb_reset(&cmd);
			sb_addf(&cmd, "CREATE %s", quoted.buf);
			if (imap_command(&s, 0, 0, cmd.buf, temporary,
			    err) != 0)
				goto out;
		}
		learnt.folders = xrealloc(learnt.folders,
		    (learnt.nfolders + 1) * sizeof(*learnt.folders));
		learnt.folders[learnt.nfolders++] = xstrdup(folder);
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
	if (rc != 0)
		learnt_forget();
	free(uids);
	sb_release(&quoted);
	sb_release(&cmd);
	session_close(&s, rc == 0);
	return rc;
}
