/*
 * ruleset-copy.c - the run-0 commitment of the ruleset copy (issue 9.5).
 */
#define _DEFAULT_SOURCE
#include "game.h"

#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "util.h"
#include "xmlutil.h"

/*
 * Issue 9.5: the ruleset copy is committed in run 0, so that verify can
 * prove nobody changed a number of the board since.  It is cut into
 * parts (each child of <ruleset>, each element of the module's
 * ruleset_split child on its own: Age of Reason's countries) so that a
 * difference can be named.  A part is named by its element (and id), and
 * names may repeat: the parts are recorded in the copy's order, and the
 * n-th part of a name is checked against the n-th committed of that name.
 * Digests are over the serialised elements, which do not depend on the
 * file's indentation (blanks are dropped on reading).
 */
static void
node_sha(xmlNode *n, char out[65])
{
	xmlBuffer *b = xmlBufferCreate();

	xmlNodeDump(b, n->doc, n, 0, 0);
	sha256_hex(xmlBufferContent(b), (size_t)xmlBufferLength(b), out);
	xmlBufferFree(b);
}

/* Calls fn for each part of the ruleset element rs, with its name. */
static void
ruleset_parts(const struct game *g, xmlNode *rs,
    void (*fn)(void *, const char *, xmlNode *), void *ctx)
{
	const char *split = g->module->ruleset_split;
	xmlNode *n, *m;
	char name[96], id[64];

	for (n = rs->children; n != NULL; n = n->next) {
		if (n->type != XML_ELEMENT_NODE)
			continue;
		if (split == NULL ||
		    strcmp((const char *)n->name, split) != 0) {
			fn(ctx, (const char *)n->name, n);
			continue;
		}
		for (m = n->children; m != NULL; m = m->next) {
			if (m->type != XML_ELEMENT_NODE)
				continue;
			if (xml_attr(m, "id", id, sizeof(id)) != 0)
				snprintf(id, sizeof(id), "?");
			snprintf(name, sizeof(name), "%s/%s", split, id);
			fn(ctx, name, m);
		}
	}
}

static void
add_part(void *ctx, const char *name, xmlNode *n)
{
	struct game *g = ctx;
	struct rs_part *p;

	g->rs_parts = xrealloc(g->rs_parts, (g->nrs_parts + 1) *
	    sizeof(*g->rs_parts));
	p = &g->rs_parts[g->nrs_parts++];
	snprintf(p->name, sizeof(p->name), "%s", name);
	node_sha(n, p->sha);
}

void
ruleset_commit(struct game *g)
{
	xmlNode *rs = xmlDocGetRootElement(g->rsdoc);

	free(g->rs_parts);
	g->rs_parts = NULL;
	g->nrs_parts = 0;
	node_sha(rs, g->rs_digest);
	ruleset_parts(g, rs, add_part, g);
}

struct part_check {
	struct game *g;
	const char *path;
	char *checked;		/* by committed part: compared already */
	int bad;
};

static void
check_part(void *ctx, const char *name, xmlNode *n)
{
	struct part_check *pc = ctx;
	char sha[65];
	size_t i;

	node_sha(n, sha);
	/* the first of its name not yet compared: the one in its place */
	for (i = 0; i < pc->g->nrs_parts; i++)
		if (!pc->checked[i] &&
		    strcmp(pc->g->rs_parts[i].name, name) == 0)
			break;
	if (i < pc->g->nrs_parts)
		pc->checked[i] = 1;
	if (i == pc->g->nrs_parts)
		diag(EXIT_DATAERR, pc->path, (int)xmlGetLineNo(n), "the "
		    "ruleset copy has a part '%s' that run 0 did not commit "
		    "(changed since the game began)", name);
	else if (strcmp(pc->g->rs_parts[i].sha, sha) != 0)
		diag(EXIT_DATAERR, pc->path, (int)xmlGetLineNo(n), "the "
		    "ruleset copy's part '%s' differs from the one committed "
		    "in run 0 (SHA-256 %s, now %s): changed since the game "
		    "began", name, pc->g->rs_parts[i].sha, sha);
	else
		return;
	pc->bad++;
}

static void
count_part(void *ctx, const char *name, xmlNode *n)
{
	int *found = ctx;

	(void)n;
	(void)name;
	(*found)++;
}

/*
 * Checks the file's ruleset copy rs against the recorded commitment;
 * every difference is a diagnostic.  A game file made before issue 9
 * has none, and its copy can only be checked by the replay.
 */
int
ruleset_check(struct game *g, xmlNode *rs, const char *path, int lean)
{
	struct part_check pc;
	char sha[65];
	int found = 0;

	if (g->rs_digest[0] == '\0')
		return 0;
	/*
	 * The whole copy as committed is the commitment kept: the parts
	 * only name a difference.  A run's load hashes it once; verify
	 * also checks each part against its recorded digest (issue 12).
	 */
	node_sha(rs, sha);
	if (lean && strcmp(sha, g->rs_digest) == 0)
		return 0;
	pc.g = g;
	pc.path = path;
	pc.bad = 0;
	pc.checked = xcalloc(g->nrs_parts + 1, 1);
	ruleset_parts(g, rs, check_part, &pc);
	free(pc.checked);
	ruleset_parts(g, rs, count_part, &found);
	if (pc.bad == 0 && (size_t)found != g->nrs_parts) {
		diag(EXIT_DATAERR, path, (int)xmlGetLineNo(rs), "the ruleset "
		    "copy lacks parts that run 0 committed (%zu committed, "
		    "%d there)", g->nrs_parts, found);
		pc.bad++;
	}
	if (pc.bad == 0 && strcmp(sha, g->rs_digest) != 0) {
		diag(EXIT_DATAERR, path, (int)xmlGetLineNo(rs), "the "
		    "<ruleset> element differs from the one committed in run "
		    "0 (SHA-256 %s, now %s)", g->rs_digest, sha);
		pc.bad++;
	}
	return pc.bad ? -1 : 0;
}

void
ruleset_commit_xml(const struct game *g, xmlNode *root)
{
	xmlNode *n, *m;
	size_t i;

	if (g->rs_digest[0] == '\0')
		return;
	n = xml_add(root, "ruleset-digest", NULL);
	xml_set(n, "sha256", g->rs_digest);
	for (i = 0; i < g->nrs_parts; i++) {
		m = xml_add(n, "part", NULL);
		xml_set(m, "name", g->rs_parts[i].name);
		xml_set(m, "sha256", g->rs_parts[i].sha);
	}
}

void
ruleset_commit_read(struct game *g, xmlNode *n)
{
	xmlNode *m;
	struct rs_part *p;

	if (n == NULL)
		return;
	xml_attr(n, "sha256", g->rs_digest, sizeof(g->rs_digest));
	for (m = xml_child(n, "part"); m; m = xml_next(m, "part")) {
		g->rs_parts = xrealloc(g->rs_parts, (g->nrs_parts + 1) *
		    sizeof(*g->rs_parts));
		p = &g->rs_parts[g->nrs_parts++];
		memset(p, 0, sizeof(*p));
		xml_attr(m, "name", p->name, sizeof(p->name));
		xml_attr(m, "sha256", p->sha, sizeof(p->sha));
	}
}
