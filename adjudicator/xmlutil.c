/*
 * xmlutil.c - libxml2 helpers: attributes, RELAX NG validation, data paths.
 */
#include "xmlutil.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/relaxng.h>
#include <libxml/xmlerror.h>

#include "diag.h"
#include "util.h"

#ifndef DATADIR
#define DATADIR "/usr/local/share/adjudicator"
#endif

/* v into buf of len bytes, cut as snprintf "%s" cuts it */
static void
copy_cut(char *buf, size_t len, const char *v)
{
	size_t l = strlen(v);

	if (len == 0)
		return;
	if (l >= len)
		l = len - 1;
	memcpy(buf, v, l);
	buf[l] = '\0';
}

int
xml_attr(xmlNode *n, const char *name, char *buf, size_t len)
{
	xmlAttr *a = xmlHasProp(n, (const xmlChar *)name);
	xmlChar *v;

	/*
	 * The common case, one text node, read in place: a copy and a
	 * snprintf for each of the thousands of attributes a long game's
	 * load reads were 4% of it (issue 12).
	 */
	if (a != NULL && a->type == XML_ATTRIBUTE_NODE &&
	    a->children != NULL && a->children->next == NULL &&
	    (a->children->type == XML_TEXT_NODE ||
	    a->children->type == XML_CDATA_SECTION_NODE) &&
	    a->children->content != NULL) {
		copy_cut(buf, len, (const char *)a->children->content);
		return 0;
	}
	v = xmlGetProp(n, (const xmlChar *)name);
	if (v == NULL) {
		if (len > 0)
			buf[0] = '\0';
		return -1;
	}
	copy_cut(buf, len, (const char *)v);
	xmlFree(v);
	return 0;
}

char *
xml_attr_dup(xmlNode *n, const char *name)
{
	xmlChar *v = xmlGetProp(n, (const xmlChar *)name);
	char *s;

	if (v == NULL)
		return NULL;
	s = xstrdup((const char *)v);
	xmlFree(v);
	return s;
}

int
xml_attr_int(xmlNode *n, const char *name, int def)
{
	char buf[32];
	long v;

	if (xml_attr(n, name, buf, sizeof(buf)) != 0)
		return def;
	if (parse_int(buf, -1000000000L, 1000000000L, &v) != 0)
		return def;
	return (int)v;
}

int
xml_attr_yes(xmlNode *n, const char *name)
{
	char buf[8];

	return xml_attr(n, name, buf, sizeof(buf)) == 0 &&
	    strcmp(buf, "yes") == 0;
}

char *
xml_text(xmlNode *n)
{
	xmlChar *v = xmlNodeGetContent(n);
	char *s = xstrdup(v ? (const char *)v : "");

	xmlFree(v);
	return s;
}

int
xml_is(xmlNode *n, const char *name)
{
	return n != NULL && n->type == XML_ELEMENT_NODE &&
	    strcmp((const char *)n->name, name) == 0;
}

xmlNode *
xml_next(xmlNode *n, const char *name)
{
	for (n = n ? n->next : NULL; n != NULL; n = n->next)
		if (n->type == XML_ELEMENT_NODE &&
		    (name == NULL || xml_is(n, name)))
			return n;
	return NULL;
}

xmlNode *
xml_child(xmlNode *n, const char *name)
{
	xmlNode *c;

	for (c = n ? n->children : NULL; c != NULL; c = c->next)
		if (c->type == XML_ELEMENT_NODE &&
		    (name == NULL || xml_is(c, name)))
			return c;
	return NULL;
}

xmlNode *
xml_add(xmlNode *parent, const char *name, const char *text)
{
	xmlNode *n = xmlNewChild(parent, NULL, (const xmlChar *)name, NULL);

	if (text != NULL)
		xmlNodeAddContent(n, (const xmlChar *)text);
	return n;
}

void
xml_set(xmlNode *n, const char *name, const char *v)
{
	xmlSetProp(n, (const xmlChar *)name, (const xmlChar *)v);
}

void
xml_set_int(xmlNode *n, const char *name, long v)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%ld", v);
	xml_set(n, name, buf);
}

/* libxml2 reports through this; each message becomes a diagnostic. */
static const char *current_file;

static void
structured_error(void *ctx, const xmlError *e)
{
	char msg[512];
	size_t len;

	(void)ctx;
	if (e == NULL || e->level == XML_ERR_WARNING)
		return;
	snprintf(msg, sizeof(msg), "%s", e->message ? e->message : "error");
	len = strlen(msg);
	while (len > 0 && (msg[len - 1] == '\n' || msg[len - 1] == ' '))
		msg[--len] = '\0';
	diag(EXIT_DATAERR, e->file ? e->file : current_file, e->line, "%s",
	    msg);
}

static void
structured_error_cb(void *ctx, xmlErrorPtr e)
{
	structured_error(ctx, e);
}

char *
data_path(const char *relative)
{
	const char *env = getenv("ADJUDICATOR_DATADIR");
	char exe[PATH_MAX];
	ssize_t n;

	if (env != NULL && *env != '\0')
		return xasprintf("%s/%s", env, relative);
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n > 0) {
		char *slash, *p;

		exe[n] = '\0';
		slash = strrchr(exe, '/');
		if (slash != NULL) {
			*slash = '\0';
			/* the source tree (build/..), then an installed tree */
			p = xasprintf("%s/../%s", exe, relative);
			if (access(p, R_OK) == 0)
				return p;
			free(p);
			p = xasprintf("%s/../share/adjudicator/%s", exe,
			    relative);
			if (access(p, R_OK) == 0)
				return p;
			free(p);
		}
	}
	return xasprintf("%s/%s", DATADIR, relative);
}

/*
 * Removes every <param name="pattern"> of a RELAX NG grammar document
 * (not of the grammars it includes): libxml2 2.9 compiles the regular
 * expression of a pattern facet again for every value it checks, which
 * made validation most of a run's cost (issue 12).
 */
static void
strip_patterns(xmlNode *n)
{
	xmlNode *c, *next;
	char name[16];

	for (c = n->children; c != NULL; c = next) {
		next = c->next;
		if (c->type != XML_ELEMENT_NODE)
			continue;
		if (xml_is(c, "param") && xml_attr(c, "name", name,
		    sizeof(name)) == 0 && strcmp(name, "pattern") == 0) {
			xmlUnlinkNode(c);
			xmlFreeNode(c);
		} else
			strip_patterns(c);
	}
}

/*
 * Puts the grammars that grammar includes (<include href>) into it, their
 * pattern facets removed, so that the lean schema has none at all: the
 * included <start> gives way to the one inside <include>, as RELAX NG
 * says.  0, or -1 when an include is not of that simple form (the caller
 * then keeps the includes as they are).
 */
static int
inline_includes(xmlDoc *sdoc, const char *path)
{
	xmlNode *root = xmlDocGetRootElement(sdoc), *inc, *next, *c, *cn;
	char href[256], *dir, *slash, *file;
	xmlDoc *idoc;

	for (inc = root->children; inc != NULL; inc = next) {
		next = inc->next;
		if (!xml_is(inc, "include"))
			continue;
		if (xml_attr(inc, "href", href, sizeof(href)) != 0 ||
		    strchr(href, '/') != NULL)
			return -1;
		dir = xstrdup(path);
		slash = strrchr(dir, '/');
		if (slash != NULL)
			slash[1] = '\0';
		file = xasprintf("%s%s", slash != NULL ? dir : "", href);
		free(dir);
		idoc = xmlReadFile(file, NULL, XML_PARSE_NONET |
		    XML_PARSE_NOBLANKS);
		free(file);
		if (idoc == NULL)
			return -1;
		strip_patterns(xmlDocGetRootElement(idoc));
		for (c = xmlDocGetRootElement(idoc)->children; c != NULL;
		    c = c->next)
			if (c->type == XML_ELEMENT_NODE && !xml_is(c, "start"))
				xmlAddChild(root, xmlDocCopyNode(c, sdoc, 1));
		xmlFreeDoc(idoc);
		for (c = inc->children; c != NULL; c = cn) {
			cn = c->next;
			xmlUnlinkNode(c);
			xmlAddChild(root, c);
		}
		xmlUnlinkNode(inc);
		xmlFreeNode(inc);
	}
	return 0;
}

static xmlRelaxNGPtr
schema_load(const char *path, int lean)
{
	xmlRelaxNGParserCtxtPtr pctx;
	xmlRelaxNGPtr rng;
	xmlDoc *sdoc = NULL;

	current_file = path;
	if (lean) {
		sdoc = xmlReadFile(path, NULL, XML_PARSE_NONET);
		if (sdoc == NULL)
			return NULL;
		strip_patterns(xmlDocGetRootElement(sdoc));
		if (inline_includes(sdoc, path) != 0) {
			/* not of the simple form: only its own facets go */
			xmlFreeDoc(sdoc);
			sdoc = xmlReadFile(path, NULL, XML_PARSE_NONET);
			if (sdoc == NULL)
				return NULL;
			strip_patterns(xmlDocGetRootElement(sdoc));
		}
		pctx = xmlRelaxNGNewDocParserCtxt(sdoc);
	} else
		pctx = xmlRelaxNGNewParserCtxt(path);
	xmlRelaxNGSetParserStructuredErrors(pctx, structured_error_cb, NULL);
	rng = xmlRelaxNGParse(pctx);
	xmlRelaxNGFreeParserCtxt(pctx);
	if (sdoc != NULL)
		xmlFreeDoc(sdoc);
	return rng;
}

/*
 * The schemas this process has compiled, kept for its later checks: a
 * cron step of a club loads every game and writes every mail state
 * several times, and compiling a schema costs more than checking a
 * file against it (issue 18.9).  xml_cleanup frees them.
 */
static struct compiled {
	char *path;
	int lean;
	xmlRelaxNGPtr rng;
} compiled[8];
static size_t ncompiled;

static xmlRelaxNGPtr
schema_get(const char *path, int lean)
{
	xmlRelaxNGPtr rng;
	size_t i;

	for (i = 0; i < ncompiled; i++)
		if (compiled[i].lean == lean &&
		    strcmp(compiled[i].path, path) == 0)
			return compiled[i].rng;
	rng = schema_load(path, lean);
	if (rng != NULL && ncompiled < sizeof(compiled) / sizeof(*compiled)) {
		compiled[ncompiled].path = xstrdup(path);
		compiled[ncompiled].lean = lean;
		compiled[ncompiled++].rng = rng;
	}
	return rng;
}

static int
schema_kept(xmlRelaxNGPtr rng)
{
	size_t i;

	for (i = 0; i < ncompiled; i++)
		if (compiled[i].rng == rng)
			return 1;
	return 0;
}

static int
validate(xmlDoc *doc, const char *file, const char *schema, int lean)
{
	char *path = data_path(schema);
	xmlRelaxNGPtr rng;
	xmlRelaxNGValidCtxtPtr vctx;
	int rc;

	rng = schema_get(path, lean);
	if (rng == NULL) {
		diag(EXIT_SOFTWARE, path, 0, "cannot load the schema "
		    "(set ADJUDICATOR_DATADIR to the folder holding formats/)");
		free(path);
		return -1;
	}
	current_file = file;
	vctx = xmlRelaxNGNewValidCtxt(rng);
	xmlRelaxNGSetValidStructuredErrors(vctx, structured_error_cb, NULL);
	rc = xmlRelaxNGValidateDoc(vctx, doc);
	xmlRelaxNGFreeValidCtxt(vctx);
	if (!schema_kept(rng))
		xmlRelaxNGFree(rng);
	if (rc != 0)
		diag(EXIT_DATAERR, file, 0, "does not match the schema %s",
		    schema);
	free(path);
	return rc == 0 ? 0 : -1;
}

int
xml_validate(xmlDoc *doc, const char *file, const char *schema)
{
	return validate(doc, file, schema, 0);
}

/*
 * No file the program reads has any use for a DTD, and entities declared
 * in one can make a small file expand without bound (a "billion laughs").
 * The parser tells of the DOCTYPE before it reads a byte of the internal
 * subset, so the parse stops there, before anything is expanded.
 */
static int doctype_refused;

static void
refuse_doctype(void *ctx, const xmlChar *name, const xmlChar *external,
    const xmlChar *system)
{
	xmlParserCtxtPtr ctxt = ctx;

	(void)name;
	(void)external;
	(void)system;
	diag(EXIT_DATAERR, current_file, ctxt->input != NULL ?
	    ctxt->input->line : 0, "a DOCTYPE declaration: this file takes "
	    "no DTD and no entity declarations");
	doctype_refused = 1;
	xmlStopParser(ctxt);
}

static void
refuse_entity(void *ctx, const xmlChar *name, int type,
    const xmlChar *public_id, const xmlChar *system_id, xmlChar *content)
{
	(void)name;
	(void)type;
	(void)public_id;
	(void)system_id;
	(void)content;
	xmlStopParser(ctx);
}

static xmlDoc *
parse(const char *buf, size_t len, const char *file, const char *schema,
    int lean)
{
	xmlParserCtxtPtr ctxt;
	xmlDoc *doc = NULL;
	int before = diag_status();

	current_file = file;
	doctype_refused = 0;
	if (len > INT_MAX) {
		diag(EXIT_DATAERR, file, 0, "too large for an XML file");
		return NULL;
	}
	ctxt = xmlNewParserCtxt();
	if (ctxt == NULL) {
		diag(EXIT_SOFTWARE, file, 0, "out of memory");
		return NULL;
	}
	ctxt->sax->internalSubset = refuse_doctype;
	ctxt->sax->entityDecl = refuse_entity;
	ctxt->sax->externalSubset = NULL;
	/* short texts inside their nodes: fewer allocations (issue 12) */
	doc = xmlCtxtReadMemory(ctxt, buf, (int)len, file, NULL,
	    XML_PARSE_NONET | XML_PARSE_NOBLANKS | XML_PARSE_COMPACT);
	if (doc != NULL && (!ctxt->wellFormed || ctxt->disableSAX ||
	    doc->intSubset != NULL || diag_status() != before)) {
		xmlFreeDoc(doc);
		doc = NULL;
	}
	xmlFreeParserCtxt(ctxt);
	if (doc == NULL) {
		if (!doctype_refused)
			diag(EXIT_DATAERR, file, 0, "not well-formed XML");
		return NULL;
	}
	if (schema != NULL && validate(doc, file, schema, lean) != 0) {
		xmlFreeDoc(doc);
		return NULL;
	}
	return doc;
}

int
xml_well_formed(const char *buf, size_t len, const char *file)
{
	xmlParserCtxtPtr ctxt;
	int before = diag_status(), ok;

	current_file = file;
	doctype_refused = 0;
	if (len > INT_MAX) {
		diag(EXIT_DATAERR, file, 0, "too large for an XML file");
		return -1;
	}
	ctxt = xmlCreateMemoryParserCtxt(buf, (int)len);
	if (ctxt == NULL) {
		diag(EXIT_SOFTWARE, file, 0, "out of memory");
		return -1;
	}
	/* no handler builds anything: the parser only reads (issue 12) */
	memset(ctxt->sax, 0, sizeof(*ctxt->sax));
	ctxt->sax->initialized = XML_SAX2_MAGIC;
	ctxt->sax->internalSubset = refuse_doctype;
	ctxt->sax->entityDecl = refuse_entity;
	xmlCtxtUseOptions(ctxt, XML_PARSE_NONET);
	xmlParseDocument(ctxt);
	ok = ctxt->wellFormed && !ctxt->disableSAX &&
	    diag_status() == before;
	xmlFreeParserCtxt(ctxt);
	if (!ok && !doctype_refused)
		diag(EXIT_DATAERR, file, 0, "not well-formed XML");
	return ok ? 0 : -1;
}

xmlDoc *
xml_parse_valid(const char *buf, size_t len, const char *file,
    const char *schema)
{
	return parse(buf, len, file, schema, 0);
}

xmlDoc *
xml_load(const char *file, const char *schema, int flags)
{
	size_t len;
	char *buf = read_input_file(file, XML_MAX_FILE,
	    (flags & XML_LOAD_NOFOLLOW) ? INPUT_NOFOLLOW : 0, &len);
	xmlDoc *doc;

	if (buf == NULL) {
		diag(errno == ENOENT || errno == EACCES ? EXIT_NOINPUT :
		    EXIT_DATAERR, file, 0, "cannot read: %s",
		    input_error(errno));
		return NULL;
	}
	/* the bytes go before the schema's check, the costliest part */
	doc = parse(buf, len, file, NULL, 0);
	free(buf);
	if (doc != NULL && schema != NULL && validate(doc, file, schema,
	    (flags & XML_LOAD_LEAN) != 0) != 0) {
		xmlFreeDoc(doc);
		return NULL;
	}
	return doc;
}

xmlDoc *
xml_load_valid(const char *file, const char *schema)
{
	return xml_load(file, schema, 0);
}

int
xml_validate_lean(xmlDoc *doc, const char *file, const char *schema)
{
	return validate(doc, file, schema, 1);
}

void
xml_init(void)
{
	LIBXML_TEST_VERSION
	xmlSetStructuredErrorFunc(NULL, structured_error_cb);
}

void
xml_schemas_release(void)
{
	size_t i;

	for (i = 0; i < ncompiled; i++) {
		xmlRelaxNGFree(compiled[i].rng);
		free(compiled[i].path);
	}
	ncompiled = 0;
}

void
xml_cleanup(void)
{
	xml_schemas_release();
	xmlCleanupParser();
}
