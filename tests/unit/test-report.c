/*
 * test-report.c - the text report's word wrap against a word-at-a-time
 * reference, and the templates parsed once a process (issue 12).
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libxml/parser.h>

#include "cmd.h"
#include "diag.h"
#include "test.h"
#include "util.h"

/* Characters of UTF-8 text, as XPath's string-length counts them. */
static size_t
chars(const char *s, size_t n)
{
	size_t i, c = 0;

	for (i = 0; i < n; i++)
		if (((unsigned char)s[i] & 0xc0) != 0x80)
			c++;
	return c;
}

/*
 * The reference: words (split at XML white space) a word at a time, each
 * on the line while the line stays within 78 characters; the first line
 * after lead, the others after indent; a longer word stands alone.
 */
static void
wrap_ref(struct strbuf *out, const char *text, const char *lead,
    const char *indent)
{
	const char *ws = " \t\r\n", *p = text;
	size_t col = 0, n;
	int first = 1;

	for (;;) {
		p += strspn(p, ws);
		if (*p == '\0')
			break;
		n = strcspn(p, ws);
		if (first) {
			sb_addf(out, "%s%.*s", lead, (int)n, p);
			col = chars(lead, strlen(lead)) + chars(p, n);
			first = 0;
		} else if (col + 1 + chars(p, n) > 78) {
			sb_addf(out, "\n%s%.*s", indent, (int)n, p);
			col = chars(indent, strlen(indent)) + chars(p, n);
		} else {
			sb_addf(out, " %.*s", (int)n, p);
			col += 1 + chars(p, n);
		}
		p += n;
	}
	sb_addf(out, "\n");
}

/* A word of n characters: letters, or two-byte ones (U+00DF). */
static void
word(struct strbuf *sb, int n, int wide)
{
	int i;

	for (i = 0; i < n; i++)
		sb_addf(sb, "%s", wide ? "\303\237" : "abcdefghij" + i % 10);
}

TEST(report_text_wraps_a_line_as_word_at_a_time_does)
{
	struct strbuf doc, want, text;
	xmlDoc *d;
	char *out = NULL;
	size_t len = 0;
	int i, k;

	sb_init(&doc);
	sb_init(&want);
	sb_init(&text);
	sb_addf(&doc, "<game id=\"g\" run=\"1\"><history>"
	    "<entry run=\"1\" kind=\"unseal\">");
	/* lengths around the edge, long words, runs of white space */
	for (i = 0; i < 160; i++) {
		sb_reset(&text);
		switch (i % 8) {
		case 0:		/* one word of 70..89 characters */
			word(&text, 70 + i / 8, i % 16 == 0);
			break;
		case 1:		/* words that end at column 76..80 */
			word(&text, 30, 0);
			sb_addf(&text, " ");
			word(&text, 43 + i / 8 % 5, 0);
			sb_addf(&text, " x y");
			break;
		case 2:		/* a long word after a short one */
			sb_addf(&text, "ab ");
			word(&text, 76 + i / 8 % 6, i % 3 == 0);
			sb_addf(&text, " cd ef");
			break;
		default:	/* many words of 1..12 characters */
			for (k = 0; k < 10 + i % 37; k++) {
				word(&text, 1 + (i * 7 + k * 5) % 12,
				    (i + k) % 4 == 0);
				sb_addf(&text, "%s", k % 9 == 8 ? " \n\t " :
				    " ");
			}
			break;
		}
		sb_addf(&doc, "<event>%s</event>", text.buf);
		wrap_ref(&want, text.buf, "  ", "    ");
	}
	sb_addf(&doc, "</entry></history></game>");
	d = xmlReadMemory(doc.buf, (int)doc.len, "wrap.xml", NULL, 0);
	CHECK(d != NULL);
	CHECK_INT(report_render(d, NULL, 1, NULL, &out, &len), EXIT_OK);
	CHECK_CONTAINS(out, want.buf);
	free(out);
	xmlFreeDoc(d);
	sb_release(&text);
	sb_release(&want);
	sb_release(&doc);
}

/*
 * A run renders the public report and one private report a player with
 * the same template: it is parsed once, so a template changed while the
 * process runs is not read again.  A template that cannot be used fails
 * each time it is asked for.
 */
TEST(report_template_is_parsed_once_a_process)
{
	static const char tpl[] = "<xsl:stylesheet version=\"1.0\" "
	    "xmlns:xsl=\"http://www.w3.org/1999/XSL/Transform\">"
	    "<xsl:output method=\"text\"/><xsl:param name=\"viewer\"/>"
	    "<xsl:template match=\"/\">run <xsl:value-of select=\"/g/@n\"/>"
	    " for <xsl:value-of select=\"$viewer\"/></xsl:template>"
	    "</xsl:stylesheet>";
	char *dir = xstrdup("/tmp/aor-report.XXXXXX");
	char *path, *bad, *out = NULL;
	size_t len = 0;
	xmlDoc *d = xmlReadMemory("<g n=\"4\"/>", 10, "g.xml", NULL, 0);
	int quiet;

	CHECK(mkdtemp(dir) != NULL);
	path = xasprintf("%s/t.xsl", dir);
	bad = xasprintf("%s/bad.xsl", dir);
	CHECK_INT(write_file_atomic(path, tpl, sizeof(tpl) - 1, 0600), 0);
	CHECK_INT(report_render(d, path, 4, "spain", &out, &len), EXIT_OK);
	CHECK_STR(out, "run 4 for spain");
	free(out);
	out = NULL;
	CHECK_INT(write_file_atomic(path, "not a template", 14, 0600), 0);
	CHECK_INT(report_render(d, path, 4, "france", &out, &len), EXIT_OK);
	CHECK_STR(out, "run 4 for france");
	free(out);
	out = NULL;
	CHECK_INT(write_file_atomic(bad, "<x/>", 4, 0600), 0);
	quiet = diag_quiet(1);
	CHECK_INT(report_render(d, bad, 4, NULL, &out, &len), EXIT_DATAERR);
	CHECK_CONTAINS(diag_last(), "cannot use this report template");
	diag_reset();
	CHECK_INT(report_render(d, bad, 4, NULL, &out, &len), EXIT_DATAERR);
	CHECK_CONTAINS(diag_last(), "cannot use this report template");
	diag_reset();
	diag_quiet(quiet);
	CHECK(out == NULL);
	xmlFreeDoc(d);
	unlink(path);
	unlink(bad);
	rmdir(dir);
	free(bad);
	free(path);
	free(dir);
}

/*
 * Templates are parsed without the blank text between elements: what
 * XSLT keeps of white space (xsl:text, xml:space="preserve", text with
 * more than blanks) comes out as it did.
 */
TEST(report_template_white_space_is_kept_where_xslt_keeps_it)
{
	static const char tpl[] = "<xsl:stylesheet version=\"1.0\" "
	    "xmlns:xsl=\"http://www.w3.org/1999/XSL/Transform\">\n"
	    "  <xsl:output method=\"text\"/>\n"
	    "  <xsl:template match=\"/\">\n"
	    "    <xsl:value-of select=\"'a'\"/> "
	    "<xsl:value-of select=\"'b'\"/>\n"
	    "    <xsl:text> </xsl:text>\n"
	    "    <xsl:value-of select=\"'c'\"/>\n"
	    "    <xsl:text>\n</xsl:text>\n"
	    "    <w xml:space=\"preserve\"> <xsl:value-of select=\"'d'\"/> "
	    "</w>\n"
	    "    <v> </v>\n"
	    "    <u>  <x/>  </u>\n"
	    "    [e]\n"
	    "  </xsl:template>\n"
	    "</xsl:stylesheet>\n";
	/* blanks beside a comment: XSLT keeps them in xsl:text */
	static const char commented[] = "<xsl:stylesheet version=\"1.0\" "
	    "xmlns:xsl=\"http://www.w3.org/1999/XSL/Transform\">\n"
	    "  <xsl:output method=\"text\"/>\n"
	    "  <xsl:template match=\"/\">[<xsl:text> <!-- c --> "
	    "</xsl:text>]<xsl:text>\n<!-- nl -->\n</xsl:text>"
	    "[<w> <!-- c --> <xsl:value-of select=\"'x'\"/></w>]"
	    "<w><!-- c -->y<!-- d -->  </w>]"
	    "<w><!-- c --> <?p?> z</w></xsl:template>\n"
	    "</xsl:stylesheet>\n";
	/* blanks before CDATA: the parser joins them to its text */
	static const char cdata[] = "<xsl:stylesheet version=\"1.0\" "
	    "xmlns:xsl=\"http://www.w3.org/1999/XSL/Transform\">\n"
	    "  <xsl:output method=\"text\"/>\n"
	    "  <xsl:template match=\"/\">[<xsl:text> <![CDATA[x]]>"
	    "</xsl:text>][<w> <![CDATA[y]]></w>]</xsl:template>\n"
	    "</xsl:stylesheet>\n";
	char *dir = xstrdup("/tmp/aor-report.XXXXXX");
	char *path, *out = NULL;
	size_t len = 0;
	xmlDoc *d = xmlReadMemory("<g/>", 4, "g.xml", NULL, 0);

	CHECK(mkdtemp(dir) != NULL);
	path = xasprintf("%s/ws.xsl", dir);
	CHECK_INT(write_file_atomic(path, tpl, sizeof(tpl) - 1, 0600), 0);
	CHECK_INT(report_render(d, path, 1, NULL, &out, &len), EXIT_OK);
	unlink(path);
	CHECK_STR(out, "ab c\n d \n    [e]\n  ");
	free(out);
	out = NULL;
	free(path);
	path = xasprintf("%s/ws2.xsl", dir);
	CHECK_INT(write_file_atomic(path, commented, sizeof(commented) - 1,
	    0600), 0);
	CHECK_INT(report_render(d, path, 1, NULL, &out, &len), EXIT_OK);
	CHECK_STR(out, "[  ]\n\n[x]y] z");
	unlink(path);
	free(out);
	out = NULL;
	free(path);
	path = xasprintf("%s/ws3.xsl", dir);
	CHECK_INT(write_file_atomic(path, cdata, sizeof(cdata) - 1, 0600),
	    0);
	CHECK_INT(report_render(d, path, 1, NULL, &out, &len), EXIT_OK);
	CHECK_STR(out, "[ x][ y]");
	unlink(path);
	free(out);
	xmlFreeDoc(d);
	rmdir(dir);
	free(path);
	free(dir);
}
