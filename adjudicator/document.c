/*
 * document.c - the game as an XML document.
 */
#define _DEFAULT_SOURCE
#include "game.h"
#include "game-internal.h"

#include "util.h"
#include "xmlutil.h"


static void
entry_xml(const struct game *g, const struct entry *e, xmlNode *parent)
{
	xmlNode *n = xml_add(parent, "entry", NULL), *m;
	size_t i;

	xml_set_int(n, "n", e->n);
	xml_set_int(n, "run", e->run);
	xml_set(n, "kind", kind_names[e->kind]);
	if (e->time[0])
		xml_set(n, "time", e->time);
	if (e->step[0])
		xml_set(n, "step", e->step);
	if (e->country != NO_COUNTRY)
		xml_set(n, "country", cid(g, e->country));
	if (e->source != NULL)
		xml_set(n, "source", e->source);
	if (e->sealed)
		xml_set(n, "sealed", "yes");
	if (e->queued > 0)
		xml_set_int(n, "queued", e->queued);
	if (e->fpr[0])
		xml_set(n, "fingerprint", e->fpr);
	if (e->kind == EN_UNSEAL)
		xml_set_int(n, "of", e->of);
	if (e->session_key != NULL)
		xml_set(n, "session-key", e->session_key);
	if (e->signed_at > 0) {
		char t[32];

		time_format(e->signed_at, t);
		xml_set(n, "signed", t);
	}
	if (e->content[0] != '\0')
		xml_set(n, "content", e->content);
	xml_set(n, "digest", e->digest);
	if (e->text != NULL)
		xml_add(n, "text", e->text);
	if (e->bytes != NULL) {
		char *b = base64_encode(e->bytes, e->bytes_len);

		xml_add(n, "bytes", b);
		free(b);
	}
	if (e->entity != NULL) {
		char *b = base64_encode(e->entity, e->entity_len);

		xml_add(n, "entity", b);
		free(b);
		xml_add(n, "signature", e->signature);
	}
	if (e->reason != NULL)
		xml_add(n, "reason", e->reason);
	for (i = 0; i < e->ndraws; i++) {
		m = xml_add(n, "draw", NULL);
		xml_set_int(m, "n", e->draws[i].n);
		xml_set_int(m, "range", e->draws[i].range);
		xml_set_int(m, "value", e->draws[i].value);
		xml_set(m, "purpose", e->draws[i].purpose);
	}
	for (i = 0; i < e->j.n; i++) {
		const struct event *ev = &e->j.ev[i];

		m = xml_add(n, "event", ev->text);
		xml_set(m, "type", ev->type);
		if (ev->country != NO_COUNTRY)
			xml_set(m, "country", cid(g, ev->country));
		if (ev->to != NO_COUNTRY)
			xml_set(m, "to", cid(g, ev->to));
	}
}

/* A player's legal choices, for the order form of their report only. */
static void
add_choices(struct game *g, const struct decision *d, xmlNode *m)
{
	char **lines;
	int n = g->module->choices(g->st, d, &lines), i;

	for (i = 0; i < n; i++) {
		xml_add(m, "choice", lines[i]);
		free(lines[i]);
	}
	free(lines);
}

xmlDoc *
game_save_xml(struct game *g, const char *now, int report_run)
{
	if (report_run < 0)
		return build_xml(g, now, NO_COUNTRY, -1, 0, 1);
	return build_xml(g, now, NO_COUNTRY, report_run, g->splice_n, 1);
}

xmlDoc *
game_to_xml_for(struct game *g, const char *now, int viewer)
{
	return game_report_xml(g, now, viewer, -1);
}

xmlDoc *
game_report_xml(struct game *g, const char *now, int viewer, int run)
{
	/* with run, no entry is before "from": only run's and the keys */
	xmlDoc *doc = run < 0 ? build_xml(g, now, viewer, -1, 0, 0) :
	    build_xml(g, now, viewer, run, g->nhist, 0);
	xmlNode *hist = xml_child(xmlDocGetRootElement(doc), "history"), *m;
	struct hidden *h = NULL;
	size_t n = 0, i, written = 0;

	/* the entries left out, for the reports' count of the history */
	for (m = hist != NULL ? hist->children : NULL; m != NULL; m = m->next)
		written += xml_is(m, "entry");
	if (hist != NULL && written < g->nhist)
		xml_set_int(hist, "omitted", (int)(g->nhist - written));

	game_doc_hide(g, doc, viewer, &h, &n);
	for (i = 0; i < n; i++)
		xmlFreeNode(h[i].node);
	free(h);
	game_doc_chain(g, doc, g->run);
	return doc;
}

/*
 * Issue 20.8: a document gets the game's ruleset copy itself, lent until
 * game_doc_free, not a copy of it (Age of Renaissance's is 1.5 MB of
 * tree); one made while it is lent gets a copy.  Every such document
 * shares the ruleset's dictionary, so that the nodes' names, which point
 * into it, stay valid in either document.
 */
static xmlNode *
ruleset_lend(struct game *g, xmlDoc *doc)
{
	xmlNode *rs;

	if (g->rs_lent != NULL)
		return xmlDocCopyNode(g->rs_lent_node, doc, 1);
	rs = g->rsdoc != NULL ? xmlDocGetRootElement(g->rsdoc) : NULL;
	if (rs == NULL)
		return NULL;
	xmlUnlinkNode(rs);
	g->rs_lent = doc;
	g->rs_lent_node = rs;
	return rs;
}

void
game_doc_free(struct game *g, xmlDoc *doc)
{
	if (doc == NULL)
		return;
	if (g->rs_lent == doc) {
		xmlUnlinkNode(g->rs_lent_node);
		xmlDocSetRootElement(g->rsdoc, g->rs_lent_node);
		g->rs_lent = NULL;
		g->rs_lent_node = NULL;
	}
	xmlFreeDoc(doc);
}

/*
 * Writes the game as a document.  History entries from `from` on are all
 * written; those before it only when need_run >= 0 and they are of that
 * run or key entries (what the text report reads, game_doc_trim).  With
 * marks, the splice markers are put around the entries from `from` on.
 */
xmlDoc *
build_xml(struct game *g, const char *now, int viewer, int need_run,
    size_t from, int marks)
{
	xmlDoc *doc = xmlNewDoc((const xmlChar *)"1.0");
	xmlNode *root, *n, *m;
	struct decision d[GAME_MAX_SIDES];
	int i, np;
	size_t k;

	if (g->rsdoc != NULL && g->rsdoc->dict != NULL) {
		doc->dict = g->rsdoc->dict;
		xmlDictReference(doc->dict);
	}
	root = xmlNewDocNode(doc, NULL, (const xmlChar *)"game", NULL);
	xmlDocSetRootElement(doc, root);
	xml_set(root, "id", g->id);
	/*
	 * Age of Reason, the module of every file made before modules, is
	 * written as no attribute: its files stay byte for byte as they were.
	 */
	if (g->module != modules_default())
		xml_set(root, "module", g->module->name);
	xml_set_int(root, "format", FORMAT_VERSION);
	/* reading 1 is written as no attribute, as version 0.2 wrote it */
	if (g->reading != g->module->reading_oldest)
		xml_set_int(root, "rules", g->reading);
	xml_set(root, "created", g->created);
	xml_set_int(root, "run", g->run);
	if (g->sealing_bound)
		xml_set(root, "sealing", "bound");
	/* rule 1 is written as no attribute, as files made before had it */
	if (g->dice_rule > 1)
		xml_set_int(root, "dice", g->dice_rule);
	if (g->received_exact)
		xml_set(root, "received", "exact");
	n = xml_add(root, "players", NULL);
	for (i = 0; i < game_seats(g)->nplayers; i++) {
		m = xml_add(n, "player", NULL);
		xml_set_int(m, "seat", i + 1);
		xml_set(m, "country", cid(g,
		    game_seats(g)->players[i].country));
		xml_set(m, "name", game_seats(g)->players[i].name);
		xml_set(m, "email", game_seats(g)->players[i].email);
	}
	n = xml_add(root, "variants", NULL);
	for (i = 0; i < g->module->nvariants; i++)
		if (g->variants & g->module->variants[i].flag) {
			const struct variant_info *v = &g->module->variants[i];

			m = xml_add(n, "variant", NULL);
			xml_set(m, "name", v->name);
			xml_set(m, "ruling", v->ruling);
			xml_set(m, "meaning", v->meaning);
		}
	n = xml_add(root, "seed", NULL);
	xml_set(n, "commitment", g->commitment);
	if (g->module->over(g->st) && g->dice.have_key) {
		/* R30: the seed is published when the game ends */
		char hex[2 * SEED_BYTES + 1];

		hex_encode(g->dice.seed, SEED_BYTES, hex);
		xml_set(n, "revealed", hex);
	}
	if (g->sealed_seed != NULL)
		xml_add(n, "sealed", g->sealed_seed);
	if (g->deadline_hours > 0) {
		n = xml_add(root, "settings", NULL);
		xml_set_int(n, "deadline-hours", g->deadline_hours);
	}
	xmlAddChild(root, ruleset_lend(g, doc));
	ruleset_commit_xml(g, root);
	n = xml_add(root, "history", NULL);
	for (k = 0; k < from && need_run >= 0; k++)
		if (g->hist[k].run == need_run || g->hist[k].kind == EN_KEY)
			entry_xml(g, &g->hist[k], n);
	if (marks) {
		char mark[48];

		snprintf(mark, sizeof(mark), SPLICE_A "%zu", from);
		xmlAddChild(n, xmlNewDocComment(doc, (const xmlChar *)mark));
	}
	for (k = from; k < g->nhist; k++)
		entry_xml(g, &g->hist[k], n);
	if (marks)
		xmlAddChild(n, xmlNewDocComment(doc,
		    (const xmlChar *)SPLICE_B));
	g->module->state_xml(g->st, root);
	update_deadlines(g, now);
	n = xml_add(root, "pending", NULL);
	np = g->module->pending(g->st, d, GAME_MAX_SIDES);
	for (i = 0; i < np; i++) {
		const char *dl = game_deadline(g, &d[i]);

		m = xml_add(n, "decision", NULL);
		xml_set(m, "step", d[i].step);
		xml_set(m, "country", cid(g, d[i].country));
		xml_set(m, "kind", g->module->decision_kinds[d[i].kind]);
		if (dl != NULL)
			xml_set(m, "deadline", dl);
		else if (deadline_record(g, &d[i]) != NULL &&
		    deadline_record(g, &d[i])->removed)
			xml_set(m, "no-deadline", "yes");
		xml_set(m, "what", d[i].what);
		if (viewer == d[i].country)
			add_choices(g, &d[i], m);
	}
	n = xml_add(root, "queue", NULL);
	for (k = 0; k < g->nqueue; k++) {
		m = xml_add(n, "order", g->queue[k].o.text);
		xml_set(m, "step", g->queue[k].o.step);
		xml_set(m, "country", cid(g, g->queue[k].o.country));
		xml_set(m, "source", g->queue[k].o.source);
		xml_set_int(m, "run", g->queue[k].run);
		if (g->queue[k].signed_at > 0) {
			char t[32];

			time_format(g->queue[k].signed_at, t);
			xml_set(m, "signed", t);
		}
		if (g->queue[k].o.queued_run > 0 &&
		    g->queue[k].o.queued_run < g->queue[k].run)
			xml_set_int(m, "since", g->queue[k].o.queued_run);
	}
	return doc;
}
