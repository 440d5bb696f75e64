/*
 * mailstate.c - the mail state of a game (GAME.xml.mail and its folders).
 * A mail command's session (the lock, the accounts, the game) is
 * moderation.c's.
 */
#include "mailstate.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gcrypt.h>
#include <libxml/xmlstring.h>

#include "cmd.h"
#include "diag.h"
#include "util.h"
#include "xmlutil.h"

#define FORMAT "1"

static const char *const status_names[] = { "filed", "duplicate",
    "rejected" };
static const char *const kind_names[] = { "ack", "report", "private",
    "reminder" };
static const char *const state_names[] = { "pending", "sent", "failed" };

static int
name_index(const char *const *names, int n, const char *s)
{
	int i;

	for (i = 0; s != NULL && i < n; i++)
		if (strcmp(names[i], s) == 0)
			return i;
	return 0;
}

/*
 * A copy of s fit for an XML file: valid UTF-8 (other bytes become '?')
 * and no control characters but line feeds and tabs.  NULL stays NULL.
 */
static char *
clean_text(const char *s)
{
	char *c;
	size_t i;
	int utf8;

	if (s == NULL)
		return NULL;
	c = xstrdup(s);
	utf8 = xmlCheckUTF8((const unsigned char *)c);
	for (i = 0; c[i] != '\0'; i++) {
		unsigned char u = (unsigned char)c[i];

		if ((u < 0x20 && u != '\n' && u != '\t') || u == 0x7f ||
		    (!utf8 && u >= 0x80))
			c[i] = '?';
	}
	return c;
}

/* The same for one line: line ends become spaces. */
static char *
clean_line(const char *s)
{
	char *c = clean_text(s), *p;

	for (p = c; p != NULL && *p != '\0'; p++)
		if (*p == '\n' || *p == '\t')
			*p = ' ';
	return c;
}

static void
set_clean(xmlNode *n, const char *attr, const char *value)
{
	char *c = clean_line(value);

	xml_set(n, attr, c);
	free(c);
}

static int
make_dir(const char *path)
{
	if (mkdir(path, 0700) == 0 || errno == EEXIST)
		return 0;
	diag(EXIT_CANTCREAT, path, 0, "cannot create the folder: %s",
	    strerror(errno));
	return -1;
}

char *
ms_spool_path(const struct mailstate *ms, const char *name)
{
	return xasprintf("%s/%s", ms->spool_dir, name);
}

char *
ms_outbox_path(const struct mailstate *ms, const char *name)
{
	return xasprintf("%s/%s", ms->outbox_dir, name);
}

char *
ms_received_path(const struct mailstate *ms, int n)
{
	return xasprintf("%s/%03d.eml", ms->received_dir, n);
}

/* ------------------------------------------------------------------ */
/* Reading */

static unsigned long
attr_ulong(xmlNode *n, const char *name)
{
	char buf[32];

	if (xml_attr(n, name, buf, sizeof(buf)) != 0)
		return 0;
	return strtoul(buf, NULL, 10);
}

static void
read_message(xmlNode *n, struct ms_message *m)
{
	char buf[32];

	memset(m, 0, sizeof(*m));
	m->n = xml_attr_int(n, "n", 0);
	m->uid = attr_ulong(n, "uid");
	m->uidvalidity = attr_ulong(n, "uidvalidity");
	xml_attr(n, "received", m->received, sizeof(m->received));
	m->message_id = xml_attr_dup(n, "message-id");
	m->from = xml_attr_dup(n, "from");
	m->date = xml_attr_dup(n, "date");
	m->subject = xml_attr_dup(n, "subject");
	xml_attr(n, "sha256", m->sha256, sizeof(m->sha256));
	xml_attr(n, "signer", m->signer, sizeof(m->signer));
	m->pgp_mime = xml_attr_yes(n, "pgp-mime");
	xml_attr(n, "status", buf, sizeof(buf));
	m->status = (enum ms_status)name_index(status_names,
	    (int)ARRAY_SIZE(status_names), buf);
	m->spool = xml_attr_dup(n, "spool");
	m->applied_run = xml_attr_int(n, "applied-run", 0);
	m->dup_of = xml_attr_int(n, "of", 0);
	m->folder = xml_attr_dup(n, "folder");
	m->moved = xml_attr_yes(n, "moved");
	m->answer = xml_attr_int(n, "answer", 0);
	if (xml_child(n, "reason") != NULL)
		m->reason = xml_text(xml_child(n, "reason"));
}

static void
read_mail(xmlNode *n, struct ms_mail *o)
{
	char buf[32];
	xmlNode *t;

	memset(o, 0, sizeof(*o));
	o->id = xml_attr_int(n, "id", 0);
	xml_attr(n, "kind", buf, sizeof(buf));
	o->kind = (enum ms_kind)name_index(kind_names,
	    (int)ARRAY_SIZE(kind_names), buf);
	xml_attr(n, "state", buf, sizeof(buf));
	o->state = (enum ms_state)name_index(state_names,
	    (int)ARRAY_SIZE(state_names), buf);
	xml_attr(n, "queued", o->queued, sizeof(o->queued));
	xml_attr(n, "sent", o->sent, sizeof(o->sent));
	o->run = xml_attr_int(n, "run", 0);
	o->attempts = xml_attr_int(n, "attempts", 0);
	o->message_id = xml_attr_dup(n, "message-id");
	o->in_reply_to = xml_attr_dup(n, "in-reply-to");
	o->body = xml_attr_dup(n, "body");
	o->attachment = xml_attr_dup(n, "attachment");
	for (t = xml_child(n, "to"); t != NULL; t = xml_next(t, "to")) {
		o->to = xrealloc(o->to, (o->nto + 1) * sizeof(*o->to));
		o->to[o->nto++] = xml_text(t);
	}
	o->subject = xml_text(xml_child(n, "subject"));
	if (xml_child(n, "error") != NULL)
		o->error = xml_text(xml_child(n, "error"));
}

/* A time as the state writes it: 2026-12-01T18:00:00Z. */
static int
is_time(const char *s)
{
	static const char form[] = "dddd-dd-ddTdd:dd:ddZ";
	size_t i;

	for (i = 0; form[i] != '\0'; i++)
		if (form[i] == 'd' ? !isdigit((unsigned char)s[i]) :
		    s[i] != form[i])
			return 0;
	return s[i] == '\0';
}

/*
 * Takes in GAME.xml.mail.sent (mailstate.h): the mail sent since the
 * state was last written, when a run was stopped while sending.  A last
 * line cut short was being written when the run stopped, before its
 * sync: its mail was not recorded and goes again, as a mail whose record
 * the old whole-state save did not reach did.  A line naming a mail the
 * state does not hold (a mail state put back from a copy) changes
 * nothing.  0, or -1 with a diagnostic for a line that is not one of
 * ours.
 */
static int
read_sent_log(struct mailstate *ms)
{
	char *text, *line, *end;
	size_t len;
	int lineno = 0, rc = 0;

	text = read_input_file(ms->sent_path, 16 * 1024 * 1024,
	    INPUT_NOFOLLOW, &len);
	if (text == NULL) {
		if (errno == ENOENT)
			return 0;
		diag(EXIT_NOINPUT, ms->sent_path, 0, "cannot read: %s",
		    input_error(errno));
		return -1;
	}
	ms->sent_log = 1;
	for (line = text; rc == 0 && (end = strchr(line, '\n')) != NULL;
	    line = end + 1) {
		char msgid[256], when[32];
		struct ms_mail *o;
		long id;
		char *p, *q;

		*end = '\0';
		lineno++;
		id = strncmp(line, "sent ", 5) == 0 ?
		    strtol(line + 5, &p, 10) : 0;
		q = id > 0 && *p == ' ' ? strchr(p + 1, ' ') : NULL;
		if (q == NULL || q - p - 1 < 3 ||
		    (size_t)(q - p - 1) >= sizeof(msgid) || p[1] != '<' ||
		    q[-1] != '>' || strlen(q + 1) >= sizeof(when) ||
		    !is_time(q + 1)) {
			diag(EXIT_DATAERR, ms->sent_path, lineno, "not a line "
			    "of the mail sent (\"sent ID MESSAGE-ID TIME\")");
			rc = -1;
			break;
		}
		snprintf(msgid, sizeof(msgid), "%.*s", (int)(q - p - 1),
		    p + 1);
		snprintf(when, sizeof(when), "%s", q + 1);
		o = ms_mail_by_id(ms, (int)id);
		if (o == NULL || o->message_id == NULL ||
		    strcmp(o->message_id, msgid) != 0)
			continue;
		o->state = OUT_SENT;
		snprintf(o->sent, sizeof(o->sent), "%s", when);
		free(o->error);
		o->error = NULL;
	}
	free(text);
	return rc;
}

/* The state written holds every line of GAME.xml.mail.sent. */
static void
remove_sent_log(struct mailstate *ms)
{
	if (ms->sent_log && (unlink(ms->sent_path) == 0 || errno == ENOENT))
		ms->sent_log = 0;
}

int
ms_record_sent(struct mailstate *ms, const struct ms_mail *o)
{
	struct stat sb;
	char *line, *dir;
	int fd, rc = -1, e = EINVAL, dfd;

	if (o->message_id == NULL)
		return -1;
	line = xasprintf("sent %d %s %s\n", o->id, o->message_id, o->sent);
	fd = open(ms->sent_path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW |
	    O_CLOEXEC, 0600);
	if (fd >= 0) {
		ms->sent_log = 1;
		if (fstat(fd, &sb) == 0 && S_ISREG(sb.st_mode) &&
		    write_all(fd, line, strlen(line)) == 0 &&
		    fdatasync(fd) == 0)
			rc = 0;
		e = errno;
		if (close(fd) != 0 && rc == 0) {
			rc = -1;
			e = errno;
		}
		/* a new file: its name must last as long as its line */
		if (rc == 0 && sb.st_size == 0) {
			dir = xstrdup(ms->sent_path);
			dfd = open(dirname(dir), O_RDONLY | O_DIRECTORY |
			    O_CLOEXEC);
			if (dfd < 0 || fsync(dfd) != 0) {
				rc = -1;
				e = errno;
			}
			if (dfd >= 0)
				close(dfd);
			free(dir);
		}
	} else
		e = errno;
	free(line);
	errno = e;
	return rc;
}

int
mailstate_load(struct mailstate *ms, const char *game_path,
    const struct game *g)
{
	xmlDoc *doc;
	xmlNode *root, *n;
	struct stat sb;
	char buf[8];

	memset(ms, 0, sizeof(*ms));
	ms->html_reports = 1;
	ms->path = xasprintf("%s.mail", game_path);
	ms->spool_dir = xasprintf("%s.spool", game_path);
	ms->received_dir = xasprintf("%s.received", game_path);
	ms->outbox_dir = xasprintf("%s.outbox", game_path);
	ms->sent_path = xasprintf("%s.mail.sent", game_path);
	snprintf(ms->game, sizeof(ms->game), "%s", g->id);
	if (make_dir(ms->spool_dir) != 0 || make_dir(ms->received_dir) != 0 ||
	    make_dir(ms->outbox_dir) != 0)
		return -1;
	if (stat(ms->path, &sb) != 0) {
		if (errno != ENOENT) {
			diag(EXIT_NOINPUT, ms->path, 0, "cannot read: %s",
			    strerror(errno));
			return -1;
		}
		/* a new state: a new game's run 0 is mailed (issue 18);
		 * what was resolved before a later start is not */
		ms->reported_run = g->run > 0 ? g->run : -1;
		return 0;
	}
	doc = xml_load_valid(ms->path, "formats/mailstate.rng");
	if (doc == NULL)
		return -1;
	root = xmlDocGetRootElement(doc);
	if (xml_attr(root, "game", ms->game, sizeof(ms->game)) != 0 ||
	    strcmp(ms->game, g->id) != 0) {
		diag(EXIT_DATAERR, ms->path, (int)xmlGetLineNo(root), "the "
		    "mail state of game '%s', not of this game '%s'",
		    ms->game, g->id);
		xmlFreeDoc(doc);
		return -1;
	}
	ms->uidvalidity = attr_ulong(root, "uidvalidity");
	ms->last_uid = attr_ulong(root, "last-uid");
	ms->reported_run = xml_attr_int(root, "reported-run", -1);
	ms->html_reports = !(xml_attr(root, "html-reports", buf,
	    sizeof(buf)) == 0 && strcmp(buf, "no") == 0);
	for (n = xml_child(xml_child(root, "messages"), "message"); n != NULL;
	    n = xml_next(n, "message")) {
		ms->msgs = xrealloc(ms->msgs, (ms->nmsgs + 1) *
		    sizeof(*ms->msgs));
		read_message(n, &ms->msgs[ms->nmsgs++]);
	}
	for (n = xml_child(xml_child(root, "outbox"), "mail"); n != NULL;
	    n = xml_next(n, "mail")) {
		ms->out = xrealloc(ms->out, (ms->nout + 1) * sizeof(*ms->out));
		read_mail(n, &ms->out[ms->nout++]);
	}
	for (n = xml_child(xml_child(root, "reminders"), "reminder");
	    n != NULL; n = xml_next(n, "reminder")) {
		struct ms_reminder *r;

		ms->rem = xrealloc(ms->rem, (ms->nrem + 1) * sizeof(*ms->rem));
		r = &ms->rem[ms->nrem++];
		memset(r, 0, sizeof(*r));
		xml_attr(n, "step", r->step, sizeof(r->step));
		xml_attr(n, "country", r->country, sizeof(r->country));
		xml_attr(n, "sent", r->sent, sizeof(r->sent));
		r->mail = xml_attr_int(n, "mail", 0);
	}
	for (n = xml_child(xml_child(root, "players"), "player"); n != NULL;
	    n = xml_next(n, "player")) {
		struct ms_player *pl;

		ms->players = xrealloc(ms->players, (ms->nplayers + 1) *
		    sizeof(*ms->players));
		pl = &ms->players[ms->nplayers++];
		memset(pl, 0, sizeof(*pl));
		xml_attr(n, "country", pl->country, sizeof(pl->country));
		xml_attr(n, "email", pl->email, sizeof(pl->email));
		xml_attr(n, "key", pl->key, sizeof(pl->key));
	}
	xmlFreeDoc(doc);
	return read_sent_log(ms);
}

/* ------------------------------------------------------------------ */
/* Writing */

static void
write_message(xmlNode *parent, const struct ms_message *m)
{
	xmlNode *n = xml_add(parent, "message", NULL);
	char *reason;

	xml_set_int(n, "n", m->n);
	if (m->uid != 0 && m->uidvalidity != 0) {
		xml_set_int(n, "uid", (long)m->uid);
		xml_set_int(n, "uidvalidity", (long)m->uidvalidity);
	}
	xml_set(n, "received", m->received);
	if (m->message_id != NULL)
		set_clean(n, "message-id", m->message_id);
	if (m->from != NULL)
		set_clean(n, "from", m->from);
	if (m->date != NULL)
		xml_set(n, "date", m->date);
	if (m->subject != NULL)
		set_clean(n, "subject", m->subject);
	if (m->sha256[0] != '\0')
		xml_set(n, "sha256", m->sha256);
	if (m->signer[0] != '\0')
		xml_set(n, "signer", m->signer);
	if (m->pgp_mime)
		xml_set(n, "pgp-mime", "yes");
	xml_set(n, "status", status_names[m->status]);
	if (m->status == MS_FILED) {
		xml_set(n, "spool", m->spool);
		if (m->applied_run > 0)
			xml_set_int(n, "applied-run", m->applied_run);
	} else if (m->status == MS_DUPLICATE)
		xml_set_int(n, "of", m->dup_of);
	if (m->folder != NULL) {
		set_clean(n, "folder", m->folder);
		xml_set(n, "moved", m->moved ? "yes" : "no");
	}
	if (m->answer > 0)
		xml_set_int(n, "answer", m->answer);
	if (m->reason != NULL) {
		reason = clean_text(m->reason);
		xml_add(n, "reason", reason);
		free(reason);
	}
}

static void
write_mail(xmlNode *parent, const struct ms_mail *o)
{
	xmlNode *n = xml_add(parent, "mail", NULL);
	char *c;
	size_t i;

	xml_set_int(n, "id", o->id);
	xml_set(n, "kind", kind_names[o->kind]);
	xml_set(n, "state", state_names[o->state]);
	xml_set(n, "queued", o->queued);
	if (o->sent[0] != '\0')
		xml_set(n, "sent", o->sent);
	if (o->run > 0)
		xml_set_int(n, "run", o->run);
	xml_set_int(n, "attempts", o->attempts);
	xml_set(n, "message-id", o->message_id);
	if (o->in_reply_to != NULL)
		set_clean(n, "in-reply-to", o->in_reply_to);
	xml_set(n, "body", o->body);
	if (o->attachment != NULL)
		xml_set(n, "attachment", o->attachment);
	for (i = 0; i < o->nto; i++) {
		c = clean_line(o->to[i]);
		xml_add(n, "to", c);
		free(c);
	}
	c = clean_line(o->subject);
	xml_add(n, "subject", c);
	free(c);
	if (o->error != NULL) {
		c = clean_line(o->error);
		xml_add(n, "error", c);
		free(c);
	}
}

/* Are two mail state files the same but for their updated="..."? */
static int
same_state(const char *a, size_t alen, const char *b, size_t blen)
{
	static const char attr[] = " updated=\"";
	const char *ua = strstr(a, attr), *ub = strstr(b, attr), *ea, *eb;

	if (ua == NULL || ub == NULL || ua - a != ub - b ||
	    memcmp(a, b, (size_t)(ua - a)) != 0)
		return 0;
	ea = strchr(ua + sizeof(attr) - 1, '"');
	eb = strchr(ub + sizeof(attr) - 1, '"');
	if (ea == NULL || eb == NULL)
		return 0;
	return alen - (size_t)(ea - a) == blen - (size_t)(eb - b) &&
	    memcmp(ea, eb, alen - (size_t)(ea - a)) == 0;
}

int
mailstate_save(struct mailstate *ms, const char *now)
{
	xmlDoc *doc = xmlNewDoc((const xmlChar *)"1.0");
	xmlNode *root = xmlNewNode(NULL, (const xmlChar *)"mailstate"), *n;
	xmlChar *mem = NULL;
	char *old;
	int len = 0, rc;
	size_t i, olen;

	xmlDocSetRootElement(doc, root);
	xml_set(root, "game", ms->game);
	xml_set(root, "format", FORMAT);
	xml_set(root, "updated", now);
	if (ms->uidvalidity != 0)
		xml_set_int(root, "uidvalidity", (long)ms->uidvalidity);
	xml_set_int(root, "last-uid", (long)ms->last_uid);
	if (ms->reported_run >= 0)
		xml_set_int(root, "reported-run", ms->reported_run);
	if (!ms->html_reports)
		xml_set(root, "html-reports", "no");
	n = xml_add(root, "messages", NULL);
	for (i = 0; i < ms->nmsgs; i++)
		write_message(n, &ms->msgs[i]);
	n = xml_add(root, "outbox", NULL);
	for (i = 0; i < ms->nout; i++)
		write_mail(n, &ms->out[i]);
	n = xml_add(root, "reminders", NULL);
	for (i = 0; i < ms->nrem; i++) {
		xmlNode *r = xml_add(n, "reminder", NULL);

		xml_set(r, "step", ms->rem[i].step);
		xml_set(r, "country", ms->rem[i].country);
		xml_set(r, "sent", ms->rem[i].sent);
		xml_set_int(r, "mail", ms->rem[i].mail);
	}
	if (ms->nplayers > 0)
		n = xml_add(root, "players", NULL);
	for (i = 0; i < ms->nplayers; i++) {
		xmlNode *r = xml_add(n, "player", NULL);

		xml_set(r, "country", ms->players[i].country);
		xml_set(r, "email", ms->players[i].email);
		if (ms->players[i].key[0] != '\0')
			xml_set(r, "key", ms->players[i].key);
	}
	xmlDocDumpFormatMemoryEnc(doc, &mem, &len, "UTF-8", 1);
	/*
	 * Issue 18.9: a state the file holds already, but for the time it
	 * was updated (a step that took no mail, the save at the end of a
	 * step that saved after its last change), is not written again: a
	 * write costs two fsyncs, and a club's step comes here at least
	 * twice for every game, most of which have no mail.
	 */
	old = read_file(ms->path, &olen);
	if (old != NULL && same_state(old, olen, (const char *)mem,
	    (size_t)len)) {
		remove_sent_log(ms);
		free(old);
		xmlFree(mem);
		xmlFreeDoc(doc);
		return 0;
	}
	free(old);
	if (xml_validate(doc, ms->path, "formats/mailstate.rng") != 0) {
		diag(EXIT_SOFTWARE, ms->path, 0, "the mail state about to be "
		    "written does not match its schema (a bug): not written");
		xmlFree(mem);
		xmlFreeDoc(doc);
		return -1;
	}
	xmlFreeDoc(doc);
	rc = report_write_file(ms->path, (const char *)mem, (size_t)len);
	xmlFree(mem);
	if (rc == EXIT_OK)
		remove_sent_log(ms);
	return rc == EXIT_OK ? 0 : -1;
}

static void
message_release(struct ms_message *m)
{
	free(m->message_id);
	free(m->from);
	free(m->date);
	free(m->subject);
	free(m->spool);
	free(m->reason);
	free(m->folder);
}

static void
mail_release(struct ms_mail *o)
{
	size_t i;

	for (i = 0; i < o->nto; i++)
		free(o->to[i]);
	free(o->to);
	free(o->subject);
	free(o->message_id);
	free(o->in_reply_to);
	free(o->body);
	free(o->attachment);
	free(o->error);
}

void
mailstate_release(struct mailstate *ms)
{
	size_t i;

	for (i = 0; i < ms->nmsgs; i++)
		message_release(&ms->msgs[i]);
	for (i = 0; i < ms->nout; i++)
		mail_release(&ms->out[i]);
	free(ms->msgs);
	free(ms->out);
	free(ms->rem);
	free(ms->players);
	free(ms->path);
	free(ms->spool_dir);
	free(ms->received_dir);
	free(ms->outbox_dir);
	free(ms->sent_path);
	memset(ms, 0, sizeof(*ms));
}

int
mailstate_recover(struct mailstate *ms, int game_run)
{
	size_t i, j;
	int changed = 0;

	for (i = 0; i < ms->nmsgs; i++)
		if (ms->msgs[i].status == MS_FILED &&
		    ms->msgs[i].applied_run > game_run) {
			ms->msgs[i].applied_run = 0;
			changed = 1;
		}
	for (i = j = 0; i < ms->nout; i++) {
		struct ms_mail *o = &ms->out[i];

		if (o->run > game_run && o->state == OUT_PENDING &&
		    (o->kind == OUT_REPORT || o->kind == OUT_PRIVATE)) {
			char *path = ms_outbox_path(ms, o->body);

			unlink(path);
			free(path);
			mail_release(o);
			changed = 1;
			continue;
		}
		ms->out[j++] = *o;
	}
	ms->nout = j;
	if (ms->reported_run > game_run) {
		ms->reported_run = game_run;
		changed = 1;
	}
	return changed;
}

/* ------------------------------------------------------------------ */
/* Records */

struct ms_message *
ms_add_message(struct mailstate *ms, const char *now)
{
	struct ms_message *m;
	int n = ms->nmsgs > 0 ? ms->msgs[ms->nmsgs - 1].n + 1 : 1;

	ms->msgs = xrealloc(ms->msgs, (ms->nmsgs + 1) * sizeof(*ms->msgs));
	m = &ms->msgs[ms->nmsgs++];
	memset(m, 0, sizeof(*m));
	m->n = n;
	snprintf(m->received, sizeof(m->received), "%s", now);
	m->status = MS_REJECTED;
	return m;
}

struct ms_message *
ms_find_message_id(struct mailstate *ms, const char *id,
    const struct ms_message *msg)
{
	size_t i;

	for (i = 0; id != NULL && i < ms->nmsgs; i++)
		if (&ms->msgs[i] != msg && ms->msgs[i].message_id != NULL &&
		    strcmp(ms->msgs[i].message_id, id) == 0)
			return &ms->msgs[i];
	return NULL;
}

struct ms_message *
ms_find_order(struct mailstate *ms, const char *sha256)
{
	size_t i;

	for (i = 0; sha256[0] != '\0' && i < ms->nmsgs; i++)
		if (ms->msgs[i].status == MS_FILED &&
		    strcmp(ms->msgs[i].sha256, sha256) == 0)
			return &ms->msgs[i];
	return NULL;
}

struct ms_mail *
ms_mail_by_id(struct mailstate *ms, int id)
{
	size_t i;

	for (i = 0; i < ms->nout; i++)
		if (ms->out[i].id == id)
			return &ms->out[i];
	return NULL;
}

/* "<aor.GAME.ID.NONCE@DOMAIN>": unique, and fixed once queued so that a
 * retried mail keeps its identity. */
static char *
new_message_id(const struct mailstate *ms, int id, const char *domain)
{
	unsigned char nonce[6];
	char hex[13], *game = clean_line(ms->game), *p;

	gcry_create_nonce(nonce, sizeof(nonce));
	hex_encode(nonce, sizeof(nonce), hex);
	for (p = game; *p != '\0'; p++)
		if (!isalnum((unsigned char)*p) && *p != '-' && *p != '.')
			*p = '-';
	p = xasprintf("<aor.%s.%d.%s@%s>", game, id, hex, domain);
	free(game);
	return p;
}

int
ms_queue(struct mailstate *ms, enum ms_kind kind,
    const char *const *to, size_t nto, const char *subject,
    const char *in_reply_to, const char *body, const char *body_file,
    int run, const char *msgid_domain, const char *now)
{
	struct ms_mail *o;
	int id = 1;
	size_t i;
	char *name, *path;

	for (i = 0; i < ms->nout; i++)
		if (ms->out[i].id >= id)
			id = ms->out[i].id + 1;
	name = body_file != NULL ? xstrdup(body_file) :
	    xasprintf("%03d.txt", id);
	if (body_file == NULL) {
		path = ms_outbox_path(ms, name);
		if (report_write_file(path, body, strlen(body)) != EXIT_OK) {
			free(path);
			free(name);
			return 0;
		}
		free(path);
	}
	ms->out = xrealloc(ms->out, (ms->nout + 1) * sizeof(*ms->out));
	o = &ms->out[ms->nout++];
	memset(o, 0, sizeof(*o));
	o->id = id;
	o->kind = kind;
	o->state = OUT_PENDING;
	o->to = xcalloc(nto, sizeof(*o->to));
	for (i = 0; i < nto; i++)
		o->to[i] = xstrdup(to[i]);
	o->nto = nto;
	o->subject = xstrdup(subject);
	o->message_id = new_message_id(ms, id, msgid_domain);
	o->in_reply_to = xstrdup_or_null(in_reply_to);
	o->body = name;
	o->run = run;
	snprintf(o->queued, sizeof(o->queued), "%s", now);
	return id;
}

int
ms_reminded(const struct mailstate *ms, const char *step,
    const char *country)
{
	size_t i;

	for (i = 0; i < ms->nrem; i++)
		if (strcmp(ms->rem[i].step, step) == 0 &&
		    strcmp(ms->rem[i].country, country) == 0)
			return 1;
	return 0;
}

void
ms_add_reminder(struct mailstate *ms, const char *step, const char *country,
    int mail, const char *now)
{
	struct ms_reminder *r;

	ms->rem = xrealloc(ms->rem, (ms->nrem + 1) * sizeof(*ms->rem));
	r = &ms->rem[ms->nrem++];
	memset(r, 0, sizeof(*r));
	snprintf(r->step, sizeof(r->step), "%s", step);
	snprintf(r->country, sizeof(r->country), "%s", country);
	snprintf(r->sent, sizeof(r->sent), "%s", now);
	r->mail = mail;
}
