/*
 * view.c - what one reader may not see (R39); the trim of a report's entries.
 */
#define _DEFAULT_SOURCE
#include "game.h"
#include "game-internal.h"

#include <string.h>

#include "util.h"
#include "xmlutil.h"

/* Unlinks n from the document, kept in *h to be put back. */
static void
hide_node(xmlNode *n, struct hidden **h, size_t *nh)
{
	*h = xrealloc(*h, (*nh + 1) * sizeof(**h));
	(*h)[*nh].node = n;
	(*h)[*nh].parent = n->parent;
	(*h)[*nh].next = n->next;
	(*nh)++;
	xmlUnlinkNode(n);
}

struct hide_ctx {
	struct hidden **h;
	size_t *nh;
};

static void
hide_cb(xmlNode *n, void *ctx)
{
	struct hide_ctx *hc = ctx;

	hide_node(n, hc->h, hc->nh);
}

/* Whether element n's attribute attr is set and is not the viewer's. */
static int
not_viewers(const struct game *g, xmlNode *n, const char *attr, int viewer)
{
	char id[64];

	if (xml_attr(n, attr, id, sizeof(id)) != 0)
		return 0;
	return viewer < 0 || strcmp(id, cid(g, viewer)) != 0;
}

void
game_doc_hide(const struct game *g, xmlDoc *doc, int viewer,
    struct hidden **h, size_t *nh)
{
	xmlNode *root = xmlDocGetRootElement(doc), *n, *m, *next, *q;
	int others = 0;

	*h = NULL;
	*nh = 0;
	/* the splice save's markers (game_save_xml) are no reader's */
	n = xml_child(root, "history");
	for (m = n != NULL ? n->children : NULL; m != NULL; m = next) {
		next = m->next;
		if (m->type == XML_COMMENT_NODE)
			hide_node(m, h, nh);
	}
	/*
	 * R39, RR39: what of the state is its owner's (hands, discard piles)
	 * the module says, for every game
	 */
	n = xml_child(root, "state");
	if (n != NULL) {
		struct hide_ctx hc = { h, nh };

		g->module->state_hide(n, viewer < 0 ? NULL : cid(g, viewer),
		    hide_cb, &hc);
	}
	/*
	 * The history: a signed message as received (it may hold picks in
	 * clear), the text and reason of a sealed order, the opened text of
	 * a sealed pick (what the rules reveal, the events tell: RR39 keeps
	 * a returned Euro card its player's for good), and an event told to
	 * one player only, are that player's.
	 */
	for (n = xml_child(xml_child(root, "history"), "entry"); n;
	    n = xml_next(n, "entry")) {
		char kind[16] = "";
		int secret;

		xml_attr(n, "kind", kind, sizeof(kind));
		secret = not_viewers(g, n, "country", viewer) &&
		    (strcmp(kind, "received") == 0 || strcmp(kind,
		    "unseal") == 0 || xml_attr_yes(n, "sealed"));
		for (m = n->children; m != NULL; m = next) {
			next = m->next;
			if ((secret && (xml_is(m, "text") ||
			    xml_is(m, "bytes") || xml_is(m, "entity") || xml_is(m, "signature") ||
			    xml_is(m, "reason"))) || (xml_is(m, "event") &&
			    not_viewers(g, m, "to", viewer)))
				hide_node(m, h, nh);
		}
	}
	/* queued orders: the reader's own; the others only counted */
	q = xml_child(root, "queue");
	for (n = q != NULL ? q->children : NULL; n != NULL; n = next) {
		next = n->next;
		if (xml_is(n, "order") && not_viewers(g, n, "country",
		    viewer)) {
			hide_node(n, h, nh);
			others++;
		}
	}
	if (q != NULL && others > 0)
		xml_set_int(q, "waiting", others);
}

void
game_doc_trim(xmlDoc *doc, int run, struct hidden **h, size_t *nh)
{
	xmlNode *n, *next;
	char want[16], r[16], kind[16];

	*h = NULL;
	*nh = 0;
	snprintf(want, sizeof(want), "%d", run);
	n = xml_child(xml_child(xmlDocGetRootElement(doc), "history"),
	    "entry");
	for (; n != NULL; n = next) {
		next = xml_next(n, "entry");
		/* the template compares @run = $run as strings */
		if (xml_attr(n, "run", r, sizeof(r)) == 0 &&
		    strcmp(r, want) == 0)
			continue;
		if (xml_attr(n, "kind", kind, sizeof(kind)) == 0 &&
		    strcmp(kind, "key") == 0)
			continue;
		hide_node(n, h, nh);
	}
}

void
game_doc_unhide(xmlDoc *doc, struct hidden *h, size_t nh)
{
	xmlNode *q = xml_child(xmlDocGetRootElement(doc), "queue");
	size_t i;

	for (i = nh; i-- > 0;) {
		if (h[i].next != NULL)
			xmlAddPrevSibling(h[i].next, h[i].node);
		else
			xmlAddChild(h[i].parent, h[i].node);
	}
	if (q != NULL)
		xmlUnsetProp(q, (const xmlChar *)"waiting");
	free(h);
}
