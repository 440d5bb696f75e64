/*
 * save.c - atomic write, the splice save, the backup.
 */
#define _DEFAULT_SOURCE
#include "game.h"
#include "game-internal.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cache.h"
#include "diag.h"
#include "util.h"
#include "xmlutil.h"

/*
 * The file as it was stays beside it as GAME.xml~ (issue 11), so that a
 * mistaken run is one mv away: a hard link to it, which the rename of the
 * new file leaves alone; a copy where links cannot be made.
 */
static void
keep_previous(const char *path)
{
	char *backup = xasprintf("%s~", path), *text;
	struct stat sb;
	size_t len;

	if (lstat(path, &sb) == 0 && S_ISREG(sb.st_mode)) {
		unlink(backup);
		if (link(path, backup) != 0) {
			text = read_file(path, &len);
			if (text == NULL || write_file_atomic(backup, text, len,
			    0600) != 0)
				diag_warn(backup, 0, "cannot keep the previous "
				    "game file: %s", strerror(errno));
			free(text);
		}
	}
	free(backup);
}

int
game_save(struct game *g, const char *path, const char *now)
{
	xmlDoc *doc = build_xml(g, now, NO_COUNTRY, -1, g->splice_n, 1);
	int rc = game_save_doc(g, doc, path);

	game_doc_free(g, doc);
	return rc;
}

/* The last occurrence of needle in [buf, buf + len), or NULL. */
static const char *
last_of(const char *buf, size_t len, const char *needle)
{
	size_t n = strlen(needle), i;

	for (i = len >= n ? len - n + 1 : 0; i-- > 0;)
		if (buf[i] == needle[0] && memcmp(buf + i, needle, n) == 0)
			return buf + i;
	return NULL;
}

/*
 * The line a marker comment at p stands on, [*from, *to) with its
 * newline, or -1 when it is not a line of its own (not the serializer's
 * layout).
 */
static int
marker_line(const char *buf, size_t len, const char *p, size_t *from,
    size_t *to)
{
	const char *a = p, *b = strstr(p, "-->");

	while (a > buf && a[-1] == ' ')
		a--;
	if (a == buf || a[-1] != '\n' || b == NULL ||
	    (size_t)(b + 3 - buf) >= len || b[3] != '\n')
		return -1;
	*from = (size_t)(a - buf);
	*to = (size_t)(b + 4 - buf);
	return 0;
}

/*
 * Issue 12, the splice save.  The document holds the head, the history
 * entries from `from` on between two markers (build_xml), and the tail;
 * its serialization, with the markers' lines taken out and the bytes of
 * entries 0 .. from - 1 as the file held them put where the first marker
 * was, is byte for byte what serializing every entry gives, because:
 *  - the serializer writes each child of <history> on lines of its own,
 *    indented by depth alone, so an entry's bytes depend on the entry
 *    and on nothing around it, and a comment's line can be taken out;
 *  - g->file holds the bytes this program (this version and build)
 *    wrote for those very entries, whose place in them it noted when it
 *    wrote them (splice_from, splice_to): the game file as the cache
 *    whose key is its SHA-256 says (load), or as a save earlier in this
 *    process wrote it; and entries are never changed once written:
 *    game_note and game_truncate, the only ways to change or drop one,
 *    turn the splice off (splice_n 0);
 *  - entry_xml(read_entry(x)) == x for every entry it wrote (the golden
 *    tests compare every run's file, and tests/cache.sh compares the
 *    spliced files with those written whole).
 * When anything of that is not known (a load without its cache, a file
 * not written by this version, a rollback), splice_n is 0 and from is 0:
 * every entry is serialized.
 *
 * The bytes are checked to be well-formed before the rename (issue 9.1):
 * the serialization with the markers, which holds everything but the
 * spliced entries, is read again by the SAX parser.  The spliced bytes
 * are a sequence of whole elements that stood as content of <history>
 * in a file that was itself checked so before it was written, and whose
 * SHA-256 (the cache key) says it is still that file, or which this
 * process wrote; content made of whole elements put in element content
 * leaves a document well-formed, so the narrower check is as sound as a
 * full one and costs the run, not the game.
 */
/*
 * Where the ruleset copy stands in buf (the first len bytes of a game
 * file this program wrote, up to its history): [*from, *to) from its
 * line's indentation to the newline after its end tag; -1 when it is not
 * found so.  The serializer writes each element of <game> from a line of
 * its own indented by two blanks, escapes '<' in text and attributes and
 * writes no newline inside a tag, so a line that starts "  </ruleset>"
 * outside a comment, CDATA section or processing instruction (which the
 * ruleset read from a file may hold, and which may hold anything but
 * their end) is the copy's end tag.
 */
static int
ruleset_span(const char *buf, size_t len, size_t *from, size_t *to)
{
	static const char start[] = "\n  <ruleset", end[] = "\n  </ruleset>\n";
	const char *p = NULL, *e = buf + len, *q, *nl;
	size_t i;

	for (i = 0; i + sizeof(start) < len && p == NULL; i++)
		if (buf[i] == '\n' && memcmp(buf + i, start,
		    sizeof(start) - 1) == 0 && (buf[i + sizeof(start) - 1] ==
		    ' ' || buf[i + sizeof(start) - 1] == '>' ||
		    buf[i + sizeof(start) - 1] == '/'))
			p = buf + i + 1;
	if (p == NULL || (nl = memchr(p, '\n', (size_t)(e - p))) == NULL)
		return -1;
	*from = (size_t)(p - buf);
	if (nl[-1] == '>' && nl[-2] == '/') {
		*to = (size_t)(nl + 1 - buf);	/* <ruleset .../> */
		return 0;
	}
	for (q = nl; q < e; q++) {
		const char *close = NULL;
		size_t open = 0, cl;

		if (*q != '<')
			continue;
		if (e - q >= 4 && memcmp(q, "<!--", 4) == 0) {
			close = "-->";
			open = 4;
		} else if (e - q >= 9 && memcmp(q, "<![CDATA[", 9) == 0) {
			close = "]]>";
			open = 9;
		} else if (e - q >= 2 && q[1] == '?') {
			close = "?>";
			open = 2;
		}
		if (close != NULL) {
			cl = strlen(close);
			for (q += open; q + cl <= e &&
			    memcmp(q, close, cl) != 0; q++)
				;
			if (q + cl > e)
				return -1;
			q += cl - 1;
			continue;
		}
		if ((size_t)(e - q) + 3 >= sizeof(end) - 1 &&
		    memcmp(q - 3, end, sizeof(end) - 1) == 0) {
			*to = (size_t)(q - 3 - buf) + sizeof(end) - 1;
			return 0;
		}
	}
	return -1;
}

/*
 * What game_save_begin found wrong, told by game_save_end: a save that
 * the caller gives up (a report failed) says nothing of it, as when the
 * save was not tried.
 */
enum {
	SAVE_OK, SAVE_LACKS, SAVE_NOT_NOTED, SAVE_NOT_WELL_FORMED,
	SAVE_LAYOUT, SAVE_WRITE
};

/* The first occurrence of needle in [buf, buf + len), or NULL. */
static const char *
first_of(const char *buf, size_t len, const char *needle)
{
	size_t n = strlen(needle), i;

	for (i = 0; i + n <= len; i++)
		if (buf[i] == needle[0] && memcmp(buf + i, needle, n) == 0)
			return buf + i;
	return NULL;
}

/* Appends len bytes of from to w's bytes. */
static void
put(struct game_write *w, const char *from, size_t len)
{
	if (len == 0)
		return;
	memcpy(w->out + w->olen, from, len);
	w->olen += len;
}

void
game_save_begin(struct game *g, xmlDoc *doc, const char *path,
    struct game_write *w)
{
	xmlNode *root = xmlDocGetRootElement(doc);
	xmlNode *hist = xml_child(root, "history");
	xmlNode *c, *next, *a = NULL, *rs = NULL, *rmark = NULL;
	xmlChar *mem = NULL;
	const char *pa = NULL, *pb = NULL, *pr = NULL, *m;
	struct hidden *copies = NULL;
	struct diag_mark mark;
	size_t from = 0, nentries = 0, la = 0, ea = 0, lb = 0, eb = 0;
	size_t lr = 0, er = 0, ra = 0, rb = 0;
	size_t oldlen = 0, ncopies = 0;
	int len = 0, wf;

	memset(w, 0, sizeof(*w));
	for (c = hist != NULL ? hist->children : NULL; c != NULL; c = next) {
		next = c->next;
		if (c->type == XML_COMMENT_NODE && c->content != NULL &&
		    strncmp((const char *)c->content, SPLICE_A,
		    strlen(SPLICE_A)) == 0) {
			a = c;
			from = strtoul((const char *)c->content +
			    strlen(SPLICE_A), NULL, 10);
		} else if (a == NULL && c->type == XML_ELEMENT_NODE) {
			/*
			 * the report's copies of entries taken from the file:
			 * out while the file is written, back for the report
			 */
			copies = xrealloc(copies, (ncopies + 1) *
			    sizeof(*copies));
			copies[ncopies].node = c;
			copies[ncopies].parent = c->parent;
			copies[ncopies++].next = c->next;
			xmlUnlinkNode(c);
		} else if (a != NULL && c->type == XML_ELEMENT_NODE)
			nentries++;
	}
	if (from > 0 && (from != g->splice_n || g->file == NULL)) {
		w->fail = SAVE_LACKS;
		goto out;
	}
	if (from > 0) {
		oldlen = g->splice_to - g->splice_from;
		/* what the cache said: whole entries, the first numbered 0 */
		if (oldlen < 16 || memcmp(g->file + g->splice_from,
		    "    <entry n=\"0\"", 16) != 0 ||
		    g->file[g->splice_to - 1] != '\n') {
			w->fail = SAVE_NOT_NOTED;
			goto out;
		}
	}
	/*
	 * Issue 17.12: the ruleset copy, committed in run 0 and the same
	 * ever since (issue 9.5: a load refuses a file whose copy differs),
	 * is half of an Age of Reason file: its bytes are taken from the
	 * file too, as the entries before `from`, and for the same reasons.
	 * The copy in doc is the one read from those bytes (blanks dropped:
	 * the serializer lays it out again as it was), or written into
	 * them by a save of this process; and serializing what was read
	 * from the serializer's own output gives that output again.
	 */
	if (from > 0 && (rs = xml_child(root, "ruleset")) != NULL &&
	    ruleset_span(g->file, g->splice_from, &ra, &rb) == 0) {
		rmark = xmlNewDocComment(doc, (const xmlChar *)SPLICE_RULESET);
		xmlReplaceNode(rs, rmark);
	}
	/*
	 * Not validated against the schema: the program built it, and the
	 * tests validate every file they make (issue 12).
	 */
	xmlDocDumpFormatMemoryEnc(doc, &mem, &len, "UTF-8", 1);
	if (rmark != NULL) {
		xmlReplaceNode(rmark, rs);
		xmlFreeNode(rmark);
	}
	/*
	 * The bytes about to replace the game must parse again: a text
	 * the serializer cannot write as XML must cost one run, never the
	 * game.  (Well-formedness is cheap, unlike the schema.)  Its
	 * diagnostics wait for game_save_end, which checks again.
	 */
	diag_mute(&mark);
	wf = mem != NULL && xml_well_formed((const char *)mem, (size_t)len,
	    path) == 0;
	diag_unmute(&mark);
	if (!wf) {
		w->fail = SAVE_NOT_WELL_FORMED;
		w->out = (char *)mem;
		w->olen = (size_t)len;
		mem = NULL;
		goto out;
	}
	m = (const char *)mem;
	if (a != NULL) {
		pb = last_of(m, (size_t)len, "<!--" SPLICE_B "-->");
		pa = pb == NULL ? NULL : last_of(m, (size_t)(pb - m),
		    "<!--" SPLICE_A);
		/* before the history: the ruleset's own comments are after */
		pr = rmark == NULL || pa == NULL ? NULL : first_of(m,
		    (size_t)(pa - m), "<!--" SPLICE_RULESET "-->");
		if (pa == NULL || marker_line(m, (size_t)len, pa, &la,
		    &ea) != 0 || marker_line(m, (size_t)len, pb, &lb,
		    &eb) != 0 || (rmark != NULL && (pr == NULL ||
		    marker_line(m, (size_t)len, pr, &lr, &er) != 0))) {
			w->fail = SAVE_LAYOUT;
			goto out;
		}
		if (rmark == NULL)
			lr = er = la;	/* nothing put there */
		w->out = xmalloc((size_t)len + (rb - ra) + oldlen + 1);
		put(w, m, lr);
		if (rb > ra)
			put(w, g->file + ra, rb - ra);
		put(w, m + er, la - er);
		w->splice_from = w->olen;
		if (oldlen > 0)	/* g->file is NULL for a new game */
			put(w, g->file + g->splice_from, oldlen);
		put(w, m + ea, lb - ea);
		w->splice_to = w->olen;
		put(w, m + eb, (size_t)len - eb);
		w->out[w->olen] = '\0';
		w->spliced = 1;
		w->splice_n = from + nentries;
	} else {
		w->olen = (size_t)len;
		w->out = xmalloc(w->olen + 1);
		memcpy(w->out, mem, w->olen + 1);
	}
	/* the moderator's file: hands and unsealed picks are in it */
	file_write_begin(&w->fw, path, w->out, w->olen, 0600);
	w->fail = SAVE_WRITE;
	w->writing = 1;
out:
	xmlFree(mem);
	game_doc_unhide(doc, copies, ncopies);
}

int
game_save_end(struct game *g, struct game_write *w, const char *path,
    int commit)
{
	int rc = -1;

	if (commit && w->fail == SAVE_WRITE)
		keep_previous(path);
	if (w->writing)
		rc = file_write_end(&w->fw, path, commit && w->fail ==
		    SAVE_WRITE);
	if (!commit) {
		free(w->out);
		return -1;
	}
	switch (w->fail) {
	case SAVE_LACKS:
		diag(EXIT_SOFTWARE, path, 0, "the game file about to be "
		    "written lacks history entries (a bug): not written");
		break;
	case SAVE_NOT_NOTED:
		diag(EXIT_SOFTWARE, path, 0, "the history entries kept "
		    "from the game file are not where they were "
		    "noted (a bug): not written");
		break;
	case SAVE_NOT_WELL_FORMED:
		/* again, to tell why */
		if (w->out != NULL)
			xml_well_formed(w->out, w->olen, path);
		diag(EXIT_SOFTWARE, path, 0, "the game file about to be "
		    "written is not well-formed XML (a bug): not written");
		break;
	case SAVE_LAYOUT:
		diag(EXIT_SOFTWARE, path, 0, "the game file about to "
		    "be written is not laid out as expected (a bug): "
		    "not written");
		break;
	}
	if (w->fail != SAVE_WRITE) {
		free(w->out);
		return -1;
	}
	if (rc == -1)
		diag(EXIT_CANTCREAT, path, 0, "cannot create a temporary file "
		    "beside it: %s", strerror(errno));
	else if (rc != 0)
		diag(EXIT_IOERR, path, 0, "cannot write: %s", strerror(errno));
	if (rc == 0 && (g->path == NULL || strcmp(g->path, path) != 0)) {
		free(g->path);
		g->path = xstrdup(path);
		drop_keyring(g);
	}
	/* the next save in this process splices what was just written */
	free(g->file);
	g->file = NULL;
	g->splice_n = 0;
	if (rc == 0 && w->spliced) {
		g->file = w->out;
		g->file_len = w->olen;
		g->splice_from = w->splice_from;
		g->splice_to = w->splice_to;
		g->splice_n = w->splice_n;
		w->out = NULL;
	}
	free(w->out);
	w->out = NULL;
	if (rc == 0)
		cache_save(g, path);
	if (rc == 0 && game_signed(g)) {
		/* made when keys are registered, not at the next order */
		struct strbuf err;

		sb_init(&err);
		if (game_keyring(g, &err) == NULL)
			diag_warn(path, 0, "the game's keyring was not made "
			    "(it is made again when needed): %s", err.buf);
		sb_release(&err);
	}
	return rc == 0 ? 0 : -1;
}

int
game_save_doc(struct game *g, xmlDoc *doc, const char *path)
{
	struct game_write w;

	game_save_begin(g, doc, path, &w);
	return game_save_end(g, &w, path, 1);
}
