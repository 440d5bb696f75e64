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
int
game_save_doc(struct game *g, xmlDoc *doc, const char *path)
{
	xmlNode *hist = xml_child(xmlDocGetRootElement(doc), "history");
	xmlNode *c, *next, *a = NULL;
	xmlChar *mem = NULL;
	const char *pa = NULL, *pb = NULL;
	char *out = NULL;
	size_t from = 0, nentries = 0, la = 0, ea = 0, lb = 0, eb = 0;
	size_t oldlen = 0, olen = 0;
	int len = 0, rc;

	for (c = hist != NULL ? hist->children : NULL; c != NULL; c = next) {
		next = c->next;
		if (c->type == XML_COMMENT_NODE && c->content != NULL &&
		    strncmp((const char *)c->content, SPLICE_A,
		    strlen(SPLICE_A)) == 0) {
			a = c;
			from = strtoul((const char *)c->content +
			    strlen(SPLICE_A), NULL, 10);
		} else if (a == NULL && c->type == XML_ELEMENT_NODE) {
			/* the report's copies of entries taken from the file */
			xmlUnlinkNode(c);
			xmlFreeNode(c);
		} else if (a != NULL && c->type == XML_ELEMENT_NODE)
			nentries++;
	}
	if (from > 0 && (from != g->splice_n || g->file == NULL)) {
		diag(EXIT_SOFTWARE, path, 0, "the game file about to be "
		    "written lacks history entries (a bug): not written");
		return -1;
	}
	if (from > 0) {
		oldlen = g->splice_to - g->splice_from;
		/* what the cache said: whole entries, the first numbered 0 */
		if (oldlen < 16 || memcmp(g->file + g->splice_from,
		    "    <entry n=\"0\"", 16) != 0 ||
		    g->file[g->splice_to - 1] != '\n') {
			diag(EXIT_SOFTWARE, path, 0, "the history entries kept "
			    "from the game file are not where they were "
			    "noted (a bug): not written");
			return -1;
		}
	}
	/*
	 * Not validated against the schema: the program built it, and the
	 * tests validate every file they make (issue 12).
	 */
	xmlDocDumpFormatMemoryEnc(doc, &mem, &len, "UTF-8", 1);
	/*
	 * The bytes about to replace the game must parse again: a text
	 * the serializer cannot write as XML must cost one run, never the
	 * game.  (Well-formedness is cheap, unlike the schema.)
	 */
	if (mem == NULL || xml_well_formed((const char *)mem, (size_t)len,
	    path) != 0) {
		diag(EXIT_SOFTWARE, path, 0, "the game file about to be "
		    "written is not well-formed XML (a bug): not written");
		xmlFree(mem);
		return -1;
	}
	if (a != NULL) {
		pb = last_of((const char *)mem, (size_t)len,
		    "<!--" SPLICE_B "-->");
		pa = pb == NULL ? NULL : last_of((const char *)mem,
		    (size_t)(pb - (const char *)mem), "<!--" SPLICE_A);
		if (pa == NULL || marker_line((const char *)mem, (size_t)len,
		    pa, &la, &ea) != 0 || marker_line((const char *)mem,
		    (size_t)len, pb, &lb, &eb) != 0) {
			diag(EXIT_SOFTWARE, path, 0, "the game file about to "
			    "be written is not laid out as expected (a bug): "
			    "not written");
			xmlFree(mem);
			return -1;
		}
		olen = (size_t)len - (ea - la) - (eb - lb) + oldlen;
		out = xmalloc(olen + 1);
		memcpy(out, mem, la);
		if (oldlen > 0)
			memcpy(out + la, g->file + g->splice_from, oldlen);
		memcpy(out + la + oldlen, mem + ea, lb - ea);
		memcpy(out + la + oldlen + (lb - ea), mem + eb,
		    (size_t)len - eb);
		out[olen] = '\0';
	} else {
		olen = (size_t)len;
		out = xmalloc(olen + 1);
		memcpy(out, mem, olen + 1);
	}
	xmlFree(mem);
	keep_previous(path);
	/* the moderator's file: hands and unsealed picks are in it */
	rc = write_file_atomic(path, out, olen, 0600);
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
	if (rc == 0 && a != NULL) {
		g->file = out;
		g->file_len = olen;
		g->splice_from = la;
		g->splice_to = la + oldlen + (lb - ea);
		g->splice_n = from + nentries;
		out = NULL;
	}
	free(out);
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
