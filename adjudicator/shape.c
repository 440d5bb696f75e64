/*
 * shape.c - the schema's checks done in C for the lean load (issue 12).
 */
#define _DEFAULT_SOURCE
#include "game.h"

#include <string.h>

#include "diag.h"
#include "util.h"
#include "xmlutil.h"

/*
 * The values that formats/game.rng checks with pattern facets, checked
 * here instead when the file was validated without them (lean_load).
 * Each takes the value as the schema's token type sees it: without
 * leading and trailing blanks.
 */
static int
is_hex(const char *p, const char *digits, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (p[i] == '\0' || strchr(digits, p[i]) == NULL)
			return 0;
	return p[len] == '\0';
}

static int
value_ok(const struct game_module *mod, const char *type, const char *v)
{
	const char *p = v;
	int i;

	if (strcmp(type, "time") == 0) {
		/* [0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z */
		static const char form[] = "dddd-dd-ddTdd:dd:ddZ";

		for (i = 0; form[i] != '\0'; i++)
			if (form[i] == 'd' ? !(v[i] >= '0' && v[i] <= '9') :
			    v[i] != form[i])
				return 0;
		return v[i] == '\0';
	}
	if (strcmp(type, "step") == 0)
		return mod->step_valid(v);
	if (strcmp(type, "digest") == 0)
		return is_hex(v, "0123456789abcdef", 64);
	if (strcmp(type, "fingerprint") == 0)
		return is_hex(v, "0123456789ABCDEF", 40);
	if (strcmp(type, "session key") == 0)
		return skip_digits(&p) && *p++ == ':' &&
		    strspn(p, "0123456789ABCDEF") == strlen(p) && *p != '\0';
	/* id: [A-Za-z0-9][A-Za-z0-9._\-]* */
	if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
	    (*p >= '0' && *p <= '9')))
		return 0;
	return strspn(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
	    "0123456789._-") == strlen(p);
}

/* Checks attribute attr of n, if present, as a value of the type. */
static int
check_value(const struct game_module *mod, xmlNode *n, const char *attr,
    const char *type, const char *path)
{
	char buf[256], *s, *e;

	if (xml_attr(n, attr, buf, sizeof(buf)) != 0)
		return 0;
	for (s = buf; *s == ' ' || *s == '\t' || *s == '\n' || *s == '\r';
	    s++)
		;
	for (e = s + strlen(s); e > s && (e[-1] == ' ' || e[-1] == '\t' ||
	    e[-1] == '\n' || e[-1] == '\r'); e--)
		;
	*e = '\0';
	if (value_ok(mod, type, s))
		return 0;
	diag(EXIT_DATAERR, path, (int)xmlGetLineNo(n), "attribute '%s' of "
	    "<%s>: '%s' is not a %s", attr, (const char *)n->name, s, type);
	return -1;
}

int
check_values(const struct game_module *mod, xmlNode *root, const char *path)
{
	static const struct { const char *attr, *type; } entry_attrs[] = {
		{ "time", "time" }, { "step", "step" },
		{ "digest", "digest" }, { "fingerprint", "fingerprint" },
		{ "session-key", "session key" }, { "signed", "time" },
		{ "content", "digest" }
	};
	xmlNode *n;
	size_t i;
	int bad = 0;

	bad |= mod->ruleset_ids_ok(xml_child(root, "ruleset"), path);
	bad |= check_value(mod, root, "id", "game id", path);
	bad |= check_value(mod, root, "created", "time", path);
	n = xml_child(root, "seed");
	bad |= check_value(mod, n, "commitment", "digest", path);
	bad |= check_value(mod, n, "revealed", "digest", path);
	n = xml_child(root, "ruleset-digest");
	if (n != NULL) {
		xmlNode *m;

		bad |= check_value(mod, n, "sha256", "digest", path);
		for (m = xml_child(n, "part"); m; m = xml_next(m, "part"))
			bad |= check_value(mod, m, "sha256", "digest", path);
	}
	for (n = xml_child(xml_child(root, "history"), "entry"); n;
	    n = xml_next(n, "entry"))
		for (i = 0; i < ARRAY_SIZE(entry_attrs); i++)
			bad |= check_value(mod, n, entry_attrs[i].attr,
			    entry_attrs[i].type, path);
	for (n = xml_child(xml_child(root, "pending"), "decision"); n;
	    n = xml_next(n, "decision")) {
		bad |= check_value(mod, n, "step", "step", path);
		bad |= check_value(mod, n, "deadline", "time", path);
	}
	for (n = xml_child(xml_child(root, "queue"), "order"); n;
	    n = xml_next(n, "order")) {
		bad |= check_value(mod, n, "step", "step", path);
		bad |= check_value(mod, n, "signed", "time", path);
	}
	return bad ? -1 : 0;
}

/*
 * The shape formats/game.rng gives a history entry, checked here for the
 * entries lean_load keeps from the schema.  Values with pattern facets
 * are check_values' part.
 */
static int
shape_error(xmlNode *n, const char *path, const char *schema, const char *what,
    const char *name)
{
	diag(EXIT_DATAERR, path, (int)xmlGetLineNo(n), "<%s>: %s '%s' (see "
	    "%s)", (const char *)n->name, what, name, schema);
	return -1;
}

/* xsd:nonNegativeInteger, or positiveInteger when positive is set. */
static int
is_count(const char *v, int positive)
{
	int nonzero = 0;

	v += strspn(v, " \t\n\r");
	if (*v == '+')
		v++;
	if (*v < '0' || *v > '9')
		return 0;
	for (; *v >= '0' && *v <= '9'; v++)
		nonzero |= *v != '0';
	return v[strspn(v, " \t\n\r")] == '\0' && (nonzero || !positive);
}

/* Attributes of n: each in allowed (NULL-ended, a leading '!' for one
 * that must be there) with the type its second letter names. */
static int
check_attrs(xmlNode *n, const char *const *allowed, const char *path,
    const char *schema)
{
	xmlAttr *a;
	size_t i;
	int bad = 0;

	for (a = n->properties; a != NULL; a = a->next) {
		/* one text node, the usual value, is read in place (issue 12) */
		int one = a->children != NULL && a->children->next == NULL &&
		    (a->children->type == XML_TEXT_NODE ||
		    a->children->type == XML_CDATA_SECTION_NODE) &&
		    a->children->content != NULL;
		char *v = one ? (char *)a->children->content :
		    (char *)xmlNodeGetContent((xmlNode *)a);
		const char *name = (const char *)a->name;

		for (i = 0; allowed[i] != NULL; i++)
			if (strcmp(allowed[i] + 2, name) == 0)
				break;
		if (a->ns != NULL || allowed[i] == NULL)
			bad |= shape_error(n, path, schema, "unknown attribute",
			    name);
		else if ((allowed[i][1] == 'c' && !is_count(v, 0)) ||
		    (allowed[i][1] == 'p' && !is_count(v, 1)) ||
		    (allowed[i][1] == 'n' && xmlValidateNCName(
		    (const xmlChar *)v, 0) != 0) ||
		    (allowed[i][1] == 'y' && strcmp(v, "yes") != 0))
			bad |= shape_error(n, path, schema,
			    "bad value of attribute",
			    name);
		if (!one)
			xmlFree(v);
	}
	for (i = 0; allowed[i] != NULL; i++)
		if (allowed[i][0] == '!' && xmlHasProp(n,
		    (const xmlChar *)allowed[i] + 2) == NULL)
			bad |= shape_error(n, path, schema, "missing attribute",
			    allowed[i] + 2);
	return bad;
}

/* Non-blank text among n's children, or any element when none allowed. */
static int
check_content(xmlNode *n, int elements, const char *path,
    const char *schema)
{
	xmlNode *c;

	for (c = n->children; c != NULL; c = c->next)
		if (c->type == XML_ELEMENT_NODE && !elements)
			return shape_error(n, path, schema,
			    "unexpected element",
			    (const char *)c->name);
		else if (elements && (c->type == XML_TEXT_NODE ||
		    c->type == XML_CDATA_SECTION_NODE) && c->content != NULL &&
		    ((const char *)c->content)[strspn((const char *)
		    c->content, " \t\n\r")] != '\0')
			return shape_error(n, path, schema,
			    "unexpected text in",
			    (const char *)n->name);
	return 0;
}

int
check_entry_shape(xmlNode *n, const char *path, const char *schema)
{
	/* '!' required, '?' optional; c count, p positive, n NCName,
	 * y "yes", s string or checked elsewhere */
	static const char *const entry[] = {
		"!cn", "!crun", "!skind", "?stime", "?sstep", "?ncountry",
		"?ssource", "?ysealed", "?cqueued", "?sfingerprint", "?cof",
		"?ssession-key", "?ssigned", "?scontent", "!sdigest", NULL
	};
	static const char *const draw[] = {
		"!cn", "!prange", "!cvalue", "!spurpose", NULL
	};
	static const char *const event[] = {
		"!stype", "?ncountry", "?nto", NULL
	};
	static const char *const none[] = { NULL };
	static const char *const kinds[] = {
		"setup", "order", "default", "adjust", "rejected", "key",
		"received", "entropy", "unseal", "moderator", "revoke"
	};
	char kind[16] = "";
	xmlNode *c;
	size_t k;
	int bad, stage = 0;

	if (!xml_is(n, "entry") || n->ns != NULL)
		return shape_error(n, path, schema,
		    "unexpected element in <history>:",
		    (const char *)n->name);
	bad = check_attrs(n, entry, path, schema) |
	    check_content(n, 1, path, schema);
	if (xml_attr(n, "kind", kind, sizeof(kind)) == 0) {
		for (k = 0; k < ARRAY_SIZE(kinds); k++)
			if (strcmp(kind, kinds[k]) == 0)
				break;
		if (k == ARRAY_SIZE(kinds))
			bad |= shape_error(n, path, schema, "unknown kind",
			    kind);
	}
	/* text? bytes? (entity signature)? reason? draw* event*, in this
	 * order; the exact bytes, the signed part and its signature of a
	 * received message only */
	for (c = n->children; c != NULL; c = c->next) {
		int at;

		if (c->type != XML_ELEMENT_NODE)
			continue;
		at = xml_is(c, "text") ? 1 : xml_is(c, "bytes") ? 2 :
		    xml_is(c, "entity") ? 3 : xml_is(c, "signature") ? 4 :
		    xml_is(c, "reason") ? 5 : xml_is(c, "draw") ? 6 :
		    xml_is(c, "event") ? 7 : 0;
		if (at == 0 || c->ns != NULL || at < stage ||
		    (at == stage && at < 6) || (at == 4 && stage != 3) ||
		    ((at == 2 || at == 3) && strcmp(kind, "received") != 0)) {
			bad |= shape_error(n, path, schema,
			    "unexpected element",
			    (const char *)c->name);
			continue;
		}
		stage = at;
		bad |= check_attrs(c, at == 6 ? draw : at == 7 ? event : none,
		    path, schema) | check_content(c, 0, path, schema);
		if (at == 6)
			bad |= check_content(c, 1, path, schema);
	}
	if (stage == 3)
		bad |= shape_error(n, path, schema, "missing element",
		    "signature");
	return bad ? -1 : 0;
}
