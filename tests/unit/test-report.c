/*
 * test-report.c - the templates parsed once a process (issue 12).
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libxml/parser.h>

#include "cmd.h"
#include "diag.h"
#include "test.h"
#include "util.h"

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
