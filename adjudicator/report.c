/*
 * report.c - reports from the game file through XSLT templates (libxslt).
 */
#include <errno.h>
#include <libgen.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <libxslt/documents.h>
#include <libxslt/transform.h>
#include <libxslt/xsltInternals.h>
#include <libxslt/xsltutils.h>

#include "cmd.h"
#include "diag.h"
#include "util.h"
#include "xmlutil.h"

/* Where reports go while a run is not yet saved (report_stage). */
static struct stage *staging;

void
report_stage(struct stage *st)
{
	staging = st;
}

/*
 * A report's temporary files that a run stopped before its rename (a
 * kill, a crash, a power cut) left beside it.  Staging happens in a run
 * that changes the game and so holds its lock: no other run of the game
 * writes there now, and the temporaries are its own of before.
 */
static void
remove_report_temps(const char *path)
{
	struct stat sb;
	char *copy, *copy2;

	if (stat(path, &sb) == 0 && !S_ISREG(sb.st_mode))
		return;		/* /dev/null: written in place */
	copy = xstrdup(path);
	copy2 = xstrdup(path);
	remove_leftover_temps(dirname(copy), basename(copy2), 0,
	    "writing its reports");
	free(copy);
	free(copy2);
}

/*
 * Public reports are mode 644, anything else 600; never renamed over
 * /dev/null.  While staging, the file waits beside its place.
 */
static int
write_atomic(const char *path, const void *buf, size_t len, unsigned mode)
{
	int rc;

	if (staging != NULL)
		remove_report_temps(path);
	rc = staging != NULL ? stage_file(staging, path, buf, len, mode) :
	    write_file_atomic(path, buf, len, mode);

	if (rc == -1)
		diag(EXIT_CANTCREAT, path, 0, "cannot create: %s",
		    strerror(errno));
	else if (rc != 0)
		diag(EXIT_IOERR, path, 0, "cannot write: %s", strerror(errno));
	return rc == 0 ? 0 : -1;
}

/* libxslt's messages, collected: any of them makes the report fail. */
static struct strbuf xslt_msgs;

static void
collect(void *ctx, const char *fmt, ...)
{
	va_list ap;

	(void)ctx;
	va_start(ap, fmt);
	sb_vaddf(&xslt_msgs, fmt, ap);
	va_end(ap);
}

/* The line of the first XSLT element named name in the stylesheet. */
static long
find_xsl_line(xmlNode *n, const char *name)
{
	long line;

	for (; n != NULL; n = n->next) {
		if (n->type != XML_ELEMENT_NODE)
			continue;
		if (n->ns != NULL && strcmp((const char *)n->ns->href,
		    "http://www.w3.org/1999/XSL/Transform") == 0 &&
		    strcmp((const char *)n->name, name) == 0)
			return xmlGetLineNo(n);
		if ((line = find_xsl_line(n->children, name)) > 0)
			return line;
	}
	return 0;
}

/* One diagnostic with the template's file and, where known, line. */
static void
template_error(const char *path, xsltStylesheetPtr style, const char *what)
{
	const char *u = strstr(xslt_msgs.buf, "unknown xsl:");
	char *nl, name[64] = "";
	long line = 0;

	while ((nl = strrchr(xslt_msgs.buf, '\n')) != NULL && nl[1] == '\0')
		*nl = '\0';
	if (u != NULL && style != NULL && style->doc != NULL &&
	    sscanf(u, "unknown xsl:%63[A-Za-z0-9_-]", name) == 1)
		line = find_xsl_line(xmlDocGetRootElement(style->doc), name);
	diag(EXIT_DATAERR, path, (int)line, "%s%s%s", what,
	    xslt_msgs.len ? ": " : "", xslt_msgs.buf);
}

/*
 * The templates parsed in this process, by path: a run renders the public
 * report and one private report a player with the same template, and
 * parsing it costs about what a transform does (issue 12).  A template
 * that fails to parse is not kept, so each use reports it again.  They
 * live until the process ends: freeing one costs a million instructions
 * that exit does for nothing.
 */
static struct parsed {
	char *path;
	xsltStylesheetPtr style;
} parsed[4];
static size_t nparsed;

/*
 * Templates are read without the blank text between their elements,
 * which XSLT drops anyway; the parser keeps it in an element that holds
 * nothing else and under xml:space="preserve", as XSLT does.  Parsing
 * the text template costs a tenth less (issue 12).  XSLT also keeps
 * blanks that a comment or processing instruction separates from text
 * or that lie in xsl:text, and blanks joined to a CDATA section, where
 * the parser may drop them, as it drops them where a DTD says they do not
 * count: a template with such a comment, a CDATA section or a DTD is read
 * again as it is.  Documents a template reads with document() are read
 * as they are.
 */
static xsltDocLoaderFunc default_loader;

static int
blanks_matter(const xmlNode *n)
{
	const xmlNode *s;

	for (; n != NULL; n = n->next) {
		if (n->type == XML_ELEMENT_NODE && blanks_matter(n->children))
			return 1;
		if (n->type == XML_CDATA_SECTION_NODE)
			return 1;
		if (n->type != XML_COMMENT_NODE && n->type != XML_PI_NODE)
			continue;
		if (n->parent->type == XML_ELEMENT_NODE &&
		    n->parent->ns != NULL && xmlStrEqual(n->parent->ns->href,
		    XSLT_NAMESPACE) && xmlStrEqual(n->parent->name,
		    (const xmlChar *)"text"))
			return 1;
		for (s = n->parent->children; s != NULL; s = s->next)
			if (s->type == XML_TEXT_NODE && !xmlIsBlankNode(s))
				return 1;
	}
	return 0;
}

static xmlDocPtr
load_template(const xmlChar *uri, xmlDictPtr dict, int options, void *ctxt,
    xsltLoadType type)
{
	xmlDocPtr doc;

	if (type == XSLT_LOAD_DOCUMENT)
		return default_loader(uri, dict, options, ctxt, type);
	/* CDATA sections kept as such, to be seen */
	doc = default_loader(uri, dict, (options | XML_PARSE_NOBLANKS) &
	    ~XML_PARSE_NOCDATA, ctxt, type);
	if (doc != NULL && (doc->intSubset != NULL || doc->extSubset != NULL ||
	    blanks_matter(doc->children))) {
		xmlFreeDoc(doc);
		doc = default_loader(uri, dict, options, ctxt, type);
	}
	return doc;
}

/* The template at path, parsed once; NULL with a diagnostic if unusable. */
static xsltStylesheetPtr
template_get(const char *path)
{
	xsltStylesheetPtr style;
	int before = diag_status();
	size_t i;

	for (i = 0; i < nparsed; i++)
		if (strcmp(parsed[i].path, path) == 0)
			return parsed[i].style;
	if (default_loader == NULL) {
		default_loader = xsltDocDefaultLoader;
		xsltSetLoaderFunc(load_template);
	}
	style = xsltParseStylesheetFile((const xmlChar *)path);
	if (style == NULL || style->errors > 0 || diag_status() != before ||
	    xslt_msgs.len > 0) {
		template_error(path, style, "cannot use this report template");
		if (style != NULL)
			xsltFreeStylesheet(style);
		return NULL;
	}
	if (nparsed == sizeof(parsed) / sizeof(parsed[0])) {
		/* more templates than a run uses: the oldest goes */
		xsltFreeStylesheet(parsed[0].style);
		free(parsed[0].path);
		memmove(parsed, parsed + 1, --nparsed * sizeof(parsed[0]));
	}
	parsed[nparsed].path = xstrdup(path);
	parsed[nparsed++].style = style;
	return style;
}

int
report_own_template(const struct game_module *mod, const char *template_path)
{
	const char *own[2] = { mod->report_text, mod->report_html };
	struct stat a, b;
	char *path;
	int same = 0;
	size_t i;

	if (template_path == NULL)
		return 1;
	if (stat(template_path, &a) != 0)
		return 0;
	for (i = 0; i < 2 && !same; i++) {
		if (own[i] == NULL)
			continue;
		path = data_path(own[i]);
		same = stat(path, &b) == 0 && a.st_dev == b.st_dev &&
		    a.st_ino == b.st_ino;
		free(path);
	}
	return same;
}

/* The module of a game document: <game module="">, absent: the default. */
static const struct game_module *
doc_module(xmlDoc *doc)
{
	xmlNode *root = xmlDocGetRootElement(doc);
	const struct game_module *mod = NULL;
	char name[64];

	if (root != NULL && xml_attr(root, "module", name, sizeof(name)) == 0)
		mod = modules_find(name);
	return mod != NULL ? mod : modules_default();
}

void
report_prepare(const char *template_path, const struct game_module *mod)
{
	char *path;
	struct diag_mark mark;

	if (template_path == NULL && mod->report_text == NULL)
		return;
	path = template_path ? xstrdup(template_path) :
	    data_path(mod->report_text);

	/* a template that fails says so when the report is rendered */
	diag_mute(&mark);
	sb_init(&xslt_msgs);
	xsltSetGenericErrorFunc(NULL, collect);
	template_get(path);
	xsltSetGenericErrorFunc(NULL, NULL);
	sb_release(&xslt_msgs);
	diag_unmute(&mark);
	free(path);
}

int
report_render(xmlDoc *doc, const char *template_path, int run,
    const char *viewer, char **out, size_t *outlen)
{
	char *path = template_path ? xstrdup(template_path) :
	    data_path(doc_module(doc)->report_text);
	const char *ruling = doc_module(doc)->secrecy_ruling;
	char runbuf[32], viewbuf[80], rulebuf[32];
	const char *params[7];
	xsltStylesheetPtr style;
	xsltTransformContextPtr tctx = NULL;
	xmlDoc *res = NULL;
	xmlChar *mem = NULL;
	int len = 0, rc = EXIT_OK, before = diag_status();

	sb_init(&xslt_msgs);
	xsltSetGenericErrorFunc(NULL, collect);
	style = template_get(path);
	if (style == NULL) {
		xsltSetGenericErrorFunc(NULL, NULL);
		sb_release(&xslt_msgs);
		free(path);
		return EXIT_DATAERR;
	}
	snprintf(runbuf, sizeof(runbuf), "'%d'", run);
	snprintf(viewbuf, sizeof(viewbuf), "'%s'", viewer ? viewer : "");
	params[0] = "run";
	params[1] = runbuf;
	params[2] = "viewer";
	params[3] = viewbuf;
	/* the module's own ruling on secrets, for the sealed note */
	snprintf(rulebuf, sizeof(rulebuf), "'%s'", ruling ? ruling : "");
	params[4] = "secrecy-ruling";
	params[5] = rulebuf;
	params[6] = NULL;
	tctx = xsltNewTransformContext(style, doc);
	if (tctx != NULL)
		res = xsltApplyStylesheetUser(style, doc, params, NULL, NULL,
		    tctx);
	if (res == NULL || tctx == NULL || tctx->state == XSLT_STATE_ERROR ||
	    diag_status() != before || xslt_msgs.len > 0) {
		template_error(path, style, "the report template failed");
		rc = EXIT_DATAERR;
		goto out;
	}
	if (xsltSaveResultToString(&mem, &len, res, style) != 0) {
		diag(EXIT_SOFTWARE, path, 0, "cannot serialise the report");
		rc = EXIT_SOFTWARE;
		goto out;
	}
	*out = xmalloc((size_t)len + 1);
	if (len > 0)
		memcpy(*out, mem, (size_t)len);
	(*out)[len] = '\0';
	*outlen = (size_t)len;
out:
	xmlFree(mem);
	if (res != NULL)
		xmlFreeDoc(res);
	if (tctx != NULL)
		xsltFreeTransformContext(tctx);
	xsltSetGenericErrorFunc(NULL, NULL);
	sb_release(&xslt_msgs);
	free(path);
	return rc;
}

int
report_write(xmlDoc *doc, const char *template_path, int run,
    const char *viewer, const char *out_path)
{
	char *text = NULL;
	size_t len = 0;
	int rc = report_render(doc, template_path, run, viewer, &text, &len);

	if (rc != EXIT_OK)
		return rc;
	if (out_path == NULL && staging != NULL)
		stage_file(staging, NULL, text, len, 0);
	else if (out_path == NULL) {
		fwrite(text, 1, len, stdout);
		fflush(stdout);
	} else if (write_atomic(out_path, text, len, viewer != NULL ? 0600 :
	    0644) != 0)
		/* a private report holds its player's hand (R39, RR39) */
		rc = diag_status();
	free(text);
	return rc;
}

int
report_write_file(const char *path, const char *text, size_t len)
{
	/* private reports, the mail state, the spool: the moderator's */
	return write_atomic(path, text, len, 0600) == 0 ? EXIT_OK :
	    diag_status();
}
