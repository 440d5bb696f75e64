/*
 * ren-fixtures.c - the Age of Renaissance ruleset and edited copies of it
 * for unit tests.
 */
#include <stdlib.h>
#include <string.h>

#include <libxml/tree.h>

#include "diag.h"
#include "ren-test.h"
#include "util.h"
#include "xmlutil.h"

static struct ren_ruleset *rs;

const struct ren_ruleset *
ren_test_ruleset(void)
{
	char *path;

	if (rs != NULL)
		return rs;
	path = data_path("formats/renaissance.xml");
	rs = ren_ruleset_load(path);
	free(path);
	if (rs == NULL) {
		fprintf(stderr, "cannot load formats/renaissance.xml\n");
		exit(2);
	}
	return rs;
}

static int
known(int i, const char *what, const char *id)
{
	if (i < 0) {
		fprintf(stderr, "test names an unknown %s '%s'\n", what, id);
		exit(2);
	}
	return i;
}

int
RP(const char *id)
{
	return known(ren_province_by_id(ren_test_ruleset(), id), "province",
	    id);
}

int
RW(const char *id)
{
	return known(ren_water_by_id(ren_test_ruleset(), id), "water", id);
}

int
RCOM(const char *id)
{
	return known(ren_commodity_by_id(ren_test_ruleset(), id),
	    "commodity", id);
}

int
RCARD(const char *id)
{
	return known(ren_card_by_id(ren_test_ruleset(), id), "card", id);
}

static void
collect(void *ctx, const char *grade, const char *file, int line,
    const char *msg)
{
	struct strbuf *sb = ctx;

	sb_addf(sb, "%s:%d: %s: %s\n", file ? file : "-", line, grade, msg);
}

int
ren_test_load_edited(const char *from, const char *to, char **diags)
{
	struct strbuf text, out;
	struct ren_ruleset *r;
	char *path = data_path("formats/renaissance.xml"), *buf, *p, *q;
	size_t len;
	xmlDoc *doc;
	int ret, hits = 0, quiet;

	buf = read_file(path, &len);
	free(path);
	if (buf == NULL) {
		fprintf(stderr, "cannot read formats/renaissance.xml\n");
		exit(2);
	}
	sb_init(&text);
	for (p = buf; (q = strstr(p, from)) != NULL; p = q + strlen(from)) {
		sb_addn(&text, p, (size_t)(q - p));
		sb_add(&text, to);
		hits++;
	}
	sb_add(&text, p);
	free(buf);
	sb_init(&out);
	*diags = NULL;
	if (hits == 0) {
		sb_release(&text);
		return -3;
	}
	quiet = diag_quiet(1);
	diag_set_tee(collect, &out);
	doc = xml_parse_valid(text.buf, text.len, "bad.xml",
	    "formats/renaissance-ruleset.rng");
	if (doc == NULL)
		ret = -2;
	else {
		r = xmalloc(sizeof(*r));
		ret = ren_ruleset_from_xml(r, xmlDocGetRootElement(doc),
		    "bad.xml");
		free(r);
		xmlFreeDoc(doc);
	}
	diag_set_tee(NULL, NULL);
	diag_quiet(quiet);
	diag_reset();
	sb_release(&text);
	*diags = sb_detach(&out);
	return ret;
}
