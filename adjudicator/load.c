/*
 * load.c - reading a game file, lean or full, or from the cache.
 */
#define _DEFAULT_SOURCE
#include "game.h"
#include "game-internal.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cache.h"
#include "diag.h"
#include "orders.h"
#include "util.h"
#include "xmlutil.h"

static int
country_attr(const struct game *g, xmlNode *n, const char *attr,
    const char *path)
{
	char buf[64];
	int c;

	if (xml_attr(n, attr, buf, sizeof(buf)) != 0)
		return NO_COUNTRY;
	c = g->module->country_by_id(g->rs, buf);
	if (c < 0)
		diag(EXIT_DATAERR, path, (int)xmlGetLineNo(n), "unknown "
		    "country '%s'", buf);
	return c < 0 ? -2 : c;
}

static int
read_entry(struct game *g, xmlNode *n, struct entry *e, const char *path)
{
	xmlNode *c;
	char kind[16], buf[32];
	size_t k;

	memset(e, 0, sizeof(*e));
	journal_init(&e->j);
	e->n = xml_attr_int(n, "n", -1);
	e->line = (int)xmlGetLineNo(n);
	e->run = xml_attr_int(n, "run", 0);
	xml_attr(n, "kind", kind, sizeof(kind));
	for (k = 0; k < ARRAY_SIZE(kind_names); k++)
		if (strcmp(kind, kind_names[k]) == 0)
			e->kind = (enum entry_kind)k;
	xml_attr(n, "time", e->time, sizeof(e->time));
	xml_attr(n, "step", e->step, sizeof(e->step));
	xml_attr(n, "digest", e->digest, sizeof(e->digest));
	e->country = country_attr(g, n, "country", path);
	if (e->country == -2)
		return -1;
	e->sealed = xml_attr_yes(n, "sealed");
	e->queued = xml_attr_int(n, "queued", 0);
	xml_attr(n, "fingerprint", e->fpr, sizeof(e->fpr));
	e->of = xml_attr_int(n, "of", -1);
	e->session_key = xml_attr_dup(n, "session-key");
	if (xml_attr(n, "signed", buf, sizeof(buf)) == 0)
		e->signed_at = time_parse(buf);
	xml_attr(n, "content", e->content, sizeof(e->content));
	e->source = xml_attr_dup(n, "source");
	if ((c = xml_child(n, "text")) != NULL)
		e->text = xml_text(c);
	if ((c = xml_child(n, "bytes")) != NULL) {
		char *b = xml_text(c);

		e->bytes = base64_decode(b, &e->bytes_len);
		free(b);
		if (e->bytes == NULL || e->bytes_len > ORDER_FILE_MAX) {
			diag(EXIT_DATAERR, path, (int)xmlGetLineNo(c), "<bytes>"
			    ": %s", e->bytes == NULL ? "not base64" :
			    "larger than an order file may be");
			return -1;
		}
	}
	if ((c = xml_child(n, "entity")) != NULL) {
		char *b = xml_text(c);

		e->entity = base64_decode(b, &e->entity_len);
		free(b);
		if (e->entity == NULL || e->entity_len > SIGNED_ENTITY_MAX) {
			diag(EXIT_DATAERR, path, (int)xmlGetLineNo(c),
			    "<entity>"
			    ": %s", e->entity == NULL ? "not base64" :
			    "larger than a signed order may be");
			return -1;
		}
	}
	if ((c = xml_child(n, "signature")) != NULL) {
		e->signature = xml_text(c);
		if (strlen(e->signature) > SIGNATURE_MAX) {
			diag(EXIT_DATAERR, path, (int)xmlGetLineNo(c),
			    "<signature>: larger than a signature may be");
			return -1;
		}
	}
	if ((c = xml_child(n, "reason")) != NULL)
		e->reason = xml_text(c);
	for (c = xml_child(n, "draw"); c; c = xml_next(c, "draw")) {
		struct draw *d;

		e->draws = xrealloc(e->draws, (e->ndraws + 1) *
		    sizeof(*e->draws));
		d = &e->draws[e->ndraws++];
		d->n = (unsigned)xml_attr_int(c, "n", 0);
		d->range = (unsigned)xml_attr_int(c, "range", 0);
		d->value = (unsigned)xml_attr_int(c, "value", 0);
		d->purpose = xml_attr_dup(c, "purpose");
	}
	for (c = xml_child(n, "event"); c; c = xml_next(c, "event")) {
		struct event *ev;

		if (e->j.n == e->j.alloc) {
			e->j.alloc = e->j.alloc ? 2 * e->j.alloc : 16;
			e->j.ev = xrealloc(e->j.ev, e->j.alloc *
			    sizeof(*e->j.ev));
		}
		ev = &e->j.ev[e->j.n++];
		xml_attr(c, "type", ev->type, sizeof(ev->type));
		ev->text = xml_text(c);
		ev->country = country_attr(g, c, "country", path);
		ev->to = country_attr(g, c, "to", path);
		if (ev->country == -2 || ev->to == -2)
			return -1;
	}
	return 0;
}

static int
read_players(struct game *g, xmlNode *root, const char *path)
{
	struct seating *seats = game_seats(g);
	xmlNode *n;
	int errors = 0;

	for (n = xml_child(xml_child(root, "players"), "player"); n;
	    n = xml_next(n, "player")) {
		struct player *p = &seats->players[seats->nplayers];
		int c = country_attr(g, n, "country", path);

		if (c < 0 || seats->seat_of[c] >= 0 ||
		    seats->nplayers == GAME_MAX_SIDES) {
			if (c >= 0)
				diag(EXIT_DATAERR, path, (int)xmlGetLineNo(n),
				    "country '%s' has two players",
				    cid(g, c));
			errors++;
			continue;
		}
		p->country = c;
		xml_attr(n, "name", p->name, sizeof(p->name));
		xml_attr(n, "email", p->email, sizeof(p->email));
		seats->seat_of[c] = seats->nplayers++;
	}
	for (n = xml_child(xml_child(root, "variants"), "variant"); n;
	    n = xml_next(n, "variant")) {
		char name[64];
		int f;

		xml_attr(n, "name", name, sizeof(name));
		f = (int)module_variant(g->module, name);
		if (f == 0) {
			diag(EXIT_DATAERR, path, (int)xmlGetLineNo(n),
			    "unknown variant '%s'", name);
			errors++;
		}
		g->variants |= (unsigned)f;
	}
	return errors ? -1 : 0;
}

static int
read_tail(struct game *g, xmlNode *root, const char *path)
{
	xmlNode *n;
	int errors = 0;

	for (n = xml_child(xml_child(root, "pending"), "decision"); n;
	    n = xml_next(n, "decision")) {
		struct deadline *d;
		int c = country_attr(g, n, "country", path);

		if (c < 0) {
			errors++;
			continue;
		}
		g->deadlines = xrealloc(g->deadlines, (g->ndeadlines + 1) *
		    sizeof(*g->deadlines));
		d = &g->deadlines[g->ndeadlines++];
		memset(d, 0, sizeof(*d));
		xml_attr(n, "step", d->step, sizeof(d->step));
		xml_attr(n, "deadline", d->when, sizeof(d->when));
		d->removed = xml_attr_yes(n, "no-deadline");
		d->country = c;
	}
	for (n = xml_child(xml_child(root, "queue"), "order"); n;
	    n = xml_next(n, "order")) {
		struct strbuf err;
		struct order o;
		char *text = xml_text(n), *src = xml_attr_dup(n, "source");
		char tbuf[32];
		int c = country_attr(g, n, "country", path);

		sb_init(&err);
		if (c < 0 || order_parse_block(g->module, g->rs, c, text, src,
		    &o,
		    &err) != 0) {
			if (c >= 0)
				diag(EXIT_DATAERR, path, (int)xmlGetLineNo(n),
				    "queued order: %s", err.buf);
			errors++;
		} else {
			g->queue = xrealloc(g->queue, (g->nqueue + 1) *
			    sizeof(*g->queue));
			g->queue[g->nqueue].o = o;
			g->queue[g->nqueue].run = xml_attr_int(n, "run", 0);
			g->queue[g->nqueue].signed_at = 0;
			if (xml_attr(n, "signed", tbuf, sizeof(tbuf)) == 0)
				g->queue[g->nqueue].signed_at =
				    time_parse(tbuf);
			g->queue[g->nqueue].o.queued_run = xml_attr_int(n,
			    "since", g->queue[g->nqueue].run);
			g->nqueue++;
		}
		sb_release(&err);
		free(text);
		free(src);
	}
	return errors ? -1 : 0;
}

/* The recorded <state> must be what the history produces. */
static int
check_state(struct game *g, xmlNode *root, const char *path)
{
	xmlNode *recorded = xml_child(root, "state");
	xmlDoc *doc = xmlNewDoc((const xmlChar *)"1.0");
	xmlNode *r = xmlNewNode(NULL, (const xmlChar *)"x");
	xmlBuffer *a = xmlBufferCreate(), *b = xmlBufferCreate();
	int rc;

	xmlDocSetRootElement(doc, r);
	g->module->state_xml(g->st, r);
	xmlNodeDump(a, doc, r->children, 0, 0);
	xmlNodeDump(b, recorded->doc, recorded, 0, 0);
	rc = strcmp((const char *)xmlBufferContent(a),
	    (const char *)xmlBufferContent(b)) == 0 ? 0 : -1;
	if (rc != 0)
		diag(EXIT_DATAERR, path, (int)xmlGetLineNo(recorded),
		    "the <state> element does not match what the history "
		    "produces (edited by hand?)");
	xmlBufferFree(a);
	xmlBufferFree(b);
	xmlFreeDoc(doc);
	return rc;
}

/*
 * Parses a game file this program wrote and validates it against
 * formats/game.rng without the schema's pattern facets and with the
 * history entries after the first checked here: libxml2's RELAX NG
 * validation of them cost more than the rest of a run (issue 12).  The
 * checks are those of the schema; verify and files from outside get the
 * schema itself.
 */
static xmlDoc *
lean_load(const struct game_module *mod, const char *path, const char *bytes,
    size_t len)
{
	xmlDoc *doc = xml_parse_valid(bytes, len, path, NULL);
	xmlNode *hist, *first, *n, *next, *rest = NULL, *last = NULL;
	int bad = 0;

	if (doc == NULL)
		return NULL;
	hist = xml_child(xmlDocGetRootElement(doc), "history");
	first = xml_child(hist, "entry");
	/* the entries after the first, set aside in order */
	for (n = first ? first->next : NULL; n != NULL; n = next) {
		next = n->next;
		if (n->type != XML_ELEMENT_NODE)
			continue;
		xmlUnlinkNode(n);
		if (last == NULL)
			rest = n;
		else
			last->next = n;
		n->prev = last;
		last = n;
	}
	if (last != NULL)
		last->next = NULL;
	bad = xml_validate_lean(doc, path, mod->game_schema);
	for (n = rest; n != NULL; n = next) {
		next = n->next;
		n->next = n->prev = NULL;
		xmlAddChild(hist, n);
		if (bad == 0 && check_entry_shape(n, path,
		    mod->game_schema) != 0)
			bad = -1;
	}
	if (bad == 0 && check_values(mod, xmlDocGetRootElement(doc),
	    path) != 0)
		bad = -1;
	if (bad != 0) {
		xmlFreeDoc(doc);
		return NULL;
	}
	return doc;
}

/*
 * Issue 12, the fast load.  When the cache beside a game file is the one
 * of its exact bytes (cache.h: the SHA-256 of the file is its key), the
 * file is the one this program (this version and build) wrote last, from
 * a game it had loaded and checked: the load then parses only the file's
 * head and tail, without the schema (they were checked when that game
 * was loaded), and takes the history entries and the rules' state after
 * them from the cache instead of parsing, checking and replaying them.
 * What the replay does outside the rules' state is done again from the
 * entries (replay_cached).  Anything that does not fit takes the full
 * path, which says what is wrong, if anything is.  verify, rollback
 * (LOAD_FULL) and game_load_run (report --run) of a run before the
 * latest always take the full path.
 */
/*
 * The value of the attribute name (with its '=') in the start tag
 * [tag, end), or NULL.
 */
static char *
tag_attr(char *tag, const char *name)
{
	char *v;

	for (v = tag; (v = strstr(v, name)) != NULL; v += strlen(name))
		if (v[-1] == ' ' || v[-1] == '\t' || v[-1] == '\n' ||
		    v[-1] == '\r')
			break;
	if (v == NULL || (v[strlen(name)] != '"' &&
	    v[strlen(name)] != '\''))
		return NULL;
	return v + strlen(name) + 1;
}

/*
 * The module a game file names in <game module="NAME"> (module.h), read
 * from the root element's start tag (in the first 4 KiB of the file's
 * bytes) before any schema: its schema is the module's.  No attribute:
 * Age of Reason, which never writes one, so that every file made before
 * modules stays as it was.  NULL after a diagnostic for a module this
 * program does not know.  *run is the tag's run attribute, -1 when it
 * has none.
 */
static const struct game_module *
module_of(const char *path, const char *bytes, size_t len, long *run)
{
	char head[4096], name[64], *p, *end, *v;
	const struct game_module *mod;
	size_t n = len < sizeof(head) - 1 ? len : sizeof(head) - 1;

	memcpy(head, bytes, n);
	head[n] = '\0';
	for (p = head; (p = strstr(p, "<game")) != NULL; p += 5)
		if (p[5] == ' ' || p[5] == '\t' || p[5] == '\n' ||
		    p[5] == '\r' || p[5] == '>')
			break;
	if (p == NULL || (end = strchr(p, '>')) == NULL)
		return modules_default();
	*end = '\0';
	if ((v = tag_attr(p + 5, "run=")) != NULL && *v >= '0' && *v <= '9')
		*run = strtol(v, NULL, 10);
	if ((v = tag_attr(p + 5, "module=")) == NULL)
		return modules_default();
	end = strchr(v, v[-1]);
	if (end == NULL)
		return modules_default();
	snprintf(name, sizeof(name), "%.*s", (int)(end - v), v);
	mod = modules_find(name);
	if (mod == NULL) {
		int line = 1;

		for (p = head; p < v; p++)
			line += *p == '\n';
		diag(EXIT_DATAERR, path, line, "game file of module '%s'; "
		    "this adjudicator knows %s", name, modules_names());
	}
	return mod;
}

/* The file without its history entries [from, to), parsed. */
/*
 * R38, issue 17: a signed message counts once, so no two received
 * entries may record the same signed text (by the SHA-256 each records;
 * verify compares the texts it re-checks).  Recorded twice, its orders
 * could come back after their signer replaced them and its ENTROPY would
 * count twice.
 */
struct content_at {
	const char *content;
	size_t k;
};

static int
content_cmp(const void *a, const void *b)
{
	const struct content_at *p = a, *q = b;
	int c = strcmp(p->content, q->content);

	return c != 0 ? c : p->k < q->k ? -1 : p->k > q->k;
}

static int
check_received_once(const struct game *g, const char *path)
{
	struct content_at *at = xcalloc(g->nhist + 1, sizeof(*at));
	size_t k, n = 0;
	int rc = 0;
	char cite[32];

	for (k = 0; k < g->nhist; k++)
		if (g->hist[k].kind == EN_RECEIVED &&
		    g->hist[k].content[0] != '\0') {
			at[n].content = g->hist[k].content;
			at[n++].k = k;
		}
	if (n > 1)
		qsort(at, n, sizeof(*at), content_cmp);
	for (k = 1; k < n && rc == 0; k++)
		if (strcmp(at[k - 1].content, at[k].content) == 0) {
			diag(EXIT_DATAERR, path, g->hist[at[k].k].line,
			    "history entry %zu records again the signed "
			    "message of history entry %zu: a signed message "
			    "counts once%s", at[k].k, at[k - 1].k,
			    module_cite(cite, g->module->latest_ruling, NULL));
			rc = -1;
		}
	free(at);
	return rc;
}

/*
 * Issue 17: the history entries the cache holds stand where it says in
 * the file: whole entries from entry 0 to entry n - 1, then entry n or
 * the end of the history.  A file edited with its cache's key made to
 * fit it shows here, before its bytes are spliced into a save.
 */
static int
splice_fits(const char *bytes, size_t len, size_t from, size_t to, size_t n)
{
	static const char first[] = "    <entry n=\"0\"";
	static const char last[] = "</entry>\n";
	static const char end[] = "  </history>";
	char next[48];

	snprintf(next, sizeof(next), "    <entry n=\"%zu\"", n);
	return to - from >= sizeof(first) && to >= sizeof(last) &&
	    memcmp(bytes + from, first, sizeof(first) - 1) == 0 &&
	    memcmp(bytes + to - (sizeof(last) - 1), last,
	    sizeof(last) - 1) == 0 &&
	    ((len - to >= strlen(next) && memcmp(bytes + to, next,
	    strlen(next)) == 0) || (len - to >= sizeof(end) - 1 &&
	    memcmp(bytes + to, end, sizeof(end) - 1) == 0));
}

static xmlDoc *
skeleton_load(const char *path, const char *bytes, size_t len, size_t from,
    size_t to)
{
	size_t slen = len - (to - from);
	char *skel = xmalloc(slen + 1);
	xmlDoc *doc;

	memcpy(skel, bytes, from);
	memcpy(skel + from, bytes + to, len - to);
	skel[slen] = '\0';
	doc = xml_parse_valid(skel, slen, path, NULL);
	free(skel);
	return doc;
}

static int
load(struct game *g, const char *path, const unsigned char *seed,
    int flags, int upto)
{
	int verify = (flags & LOAD_VERIFY) != 0;
	/*
	 * verify gets the whole schema; the others the schema without its
	 * costly pattern facets, whose values are checked here (issue 12).
	 * A symbolic link would be replaced by a file on save: refused.
	 */
	int lean = !verify;
	long head_run = -1;
	/*
	 * Issue 18.9: the file is read once, here; the module, the cache's
	 * key and the parse all take these bytes.
	 */
	size_t blen = 0;
	char *bytes = read_input_file(path, XML_MAX_FILE, INPUT_NOFOLLOW,
	    &blen);
	int read_errno = errno;
	const struct game_module *mod = bytes == NULL ? NULL :
	    module_of(path, bytes, blen, &head_run);
	/*
	 * Issue 20.8: the game at its latest run is the game as it is (upto
	 * is made -1 below), which the cache serves; the head says which
	 * run that is only when the cache fits the file (this program wrote
	 * it, its root's start tag first), and the root must agree.
	 */
	int want = upto, latest = upto >= 0 && head_run == upto;
	int may_cache = lean && (upto < 0 || latest) &&
	    !(flags & LOAD_FULL) && !cache_disabled();
	char *needs_plain = NULL;
	size_t sfrom = 0, sto = 0, sn = 0;
	struct cache *c = may_cache && mod != NULL ? cache_open(path, bytes,
	    blen, mod->state_size) : NULL;
	void *snap = NULL;
	struct seating seats;
	struct diag_mark mark;
	xmlDoc *doc;
	xmlNode *root, *rsnode, *n, *next;
	char commit[65], revealed[2 * SEED_BYTES + 8], sealing[16];
	unsigned char seedbuf[SEED_BYTES];
	struct player players[GAME_MAX_SIDES];
	int rc = -1, rules;
	size_t k, keep, nplains = 0;
	struct deadline *dl = NULL;
	char **plains = NULL;	/* verify: the signed texts (issue 9.5) */

	if (c != NULL && cache_splice(c, blen, &sfrom, &sto, &sn) != 0) {
		cache_close(c);
		c = NULL;
	}
	if (c != NULL)
		upto = -1;
	/*
	 * Issue 17: a cache that passed its key may still not fit the file
	 * (one of the two doctored): what the try finds is no error of the
	 * file's, which the full path then reads and judges alone.
	 */
	if (c != NULL)
		diag_mute(&mark);
	if (bytes == NULL)
		diag(read_errno == ENOENT || read_errno == EACCES ?
		    EXIT_NOINPUT : EXIT_DATAERR, path, 0, "cannot read: %s",
		    input_error(read_errno));
	if (mod == NULL || (c != NULL && !splice_fits(bytes, blen, sfrom,
	    sto, sn)))
		doc = NULL;
	else if (c != NULL)
		doc = skeleton_load(path, bytes, blen, sfrom, sto);
	else
		doc = lean ? lean_load(mod, path, bytes, blen) :
		    xml_parse_valid(bytes, blen, path, mod->game_schema);
	if (doc == NULL)
		goto fail;
	root = xmlDocGetRootElement(doc);
	game_init(g);
	game_set_module(g, mod);
	g->path = xstrdup(path);
	xml_attr(root, "id", g->id, sizeof(g->id));
	xml_attr(root, "created", g->created, sizeof(g->created));
	g->run = xml_attr_int(root, "run", 0);
	if (want >= 0 && c != NULL && g->run != want)
		goto out;
	if (xml_attr_int(root, "format", 0) != FORMAT_VERSION) {
		diag(EXIT_DATAERR, path, (int)xmlGetLineNo(root), "game file "
		    "format %d, this adjudicator reads format %d",
		    xml_attr_int(root, "format", 0), FORMAT_VERSION);
		goto out;
	}
	/*
	 * A game keeps the reading of the rules it was made under (module.h);
	 * a file without one was made under the oldest.
	 */
	rules = xml_attr_int(root, "rules", mod->reading_oldest);
	if (rules < mod->reading_oldest || rules > mod->reading_current) {
		diag(EXIT_DATAERR, path, (int)xmlGetLineNo(root), "game "
		    "played under rules reading %d; this adjudicator knows "
		    "readings %d to %d", rules, mod->reading_oldest,
		    mod->reading_current);
		goto out;
	}
	rsnode = xml_child(root, "ruleset");
	g->sealing_bound = xml_attr(root, "sealing", sealing,
	    sizeof(sealing)) == 0 && strcmp(sealing, "bound") == 0;
	/* issue 17.9, 17.10: a game keeps the dice rule it was made under */
	g->dice_rule = xml_attr_int(root, "dice", 1);
	if (g->dice_rule < 1 || g->dice_rule > DICE_RULE_CURRENT) {
		diag(EXIT_DATAERR, path, (int)xmlGetLineNo(root), "game "
		    "played under dice rule %d; this adjudicator knows rules "
		    "1 to %d", g->dice_rule, DICE_RULE_CURRENT);
		goto out;
	}
	g->received_exact = xml_attr(root, "received", sealing,
	    sizeof(sealing)) == 0 && strcmp(sealing, "exact") == 0;
	ruleset_commit_read(g, xml_child(root, "ruleset-digest"));
	/* the cache's file had its ruleset copy checked when it was loaded */
	if (c == NULL && ruleset_check(g, rsnode, path, lean) != 0)
		goto out;
	/*
	 * Issue 20.8: the file's own <ruleset> is moved, not copied, into the
	 * game's ruleset document, which shares the parse's dictionary (the
	 * names the nodes point into): a copy of Age of Renaissance's is
	 * 1.5 MB of tree.  Nothing below reads it from root.
	 */
	g->rsdoc = xmlNewDoc((const xmlChar *)"1.0");
	if (doc->dict != NULL) {
		g->rsdoc->dict = doc->dict;
		xmlDictReference(doc->dict);
	}
	xmlUnlinkNode(rsnode);
	xmlDocSetRootElement(g->rsdoc, rsnode);
	g->rs = mod->ruleset_load(xmlDocGetRootElement(g->rsdoc), path);
	if (g->rs == NULL)
		goto out;
	g->reading = rules;
	game_state_init(g, 0, rules);
	if (read_players(g, root, path) != 0 ||
	    game_ruleset_variants(g, path) != 0)
		goto out;
	/* the state is made again with the variants, the seats kept */
	seats = *game_seats(g);
	game_state_init(g, g->variants, rules);
	*game_seats(g) = seats;
	n = xml_child(root, "seed");
	xml_attr(n, "commitment", g->commitment, sizeof(g->commitment));
	if (xml_child(n, "sealed") != NULL)
		g->sealed_seed = xml_text(xml_child(n, "sealed"));
	if (seed == NULL && xml_attr(n, "revealed", revealed,
	    sizeof(revealed)) == 0 && hex_decode(revealed, seedbuf,
	    SEED_BYTES) == 0) {
		seed = seedbuf;		/* R30: published at the end */
		g->seed_revealed = 1;
	}
	if ((n = xml_child(root, "settings")) != NULL)
		g->deadline_hours = xml_attr_int(n, "deadline-hours", 0);
	dice_init(&g->dice, g->id);
	if (seed != NULL) {
		seed_commitment(seed, commit);
		if (strcmp(commit, g->commitment) != 0) {
			diag(EXIT_DATAERR, path, (int)xmlGetLineNo(
			    xml_child(root, "seed")), "the seed does not "
			    "match the game's commitment (SHA-256 %s)",
			    g->commitment);
			goto out;
		}
		dice_set_key(&g->dice, seed);
	}
	if (c != NULL && (cache_history(c, g, entry_release,
	    &needs_plain) != 0 || g->nhist != sn || cache_chain(c, g) != 0)) {
		/* the full path, anew */
		goto out;
	}
	/*
	 * Issue 20.8: each entry's tree goes once it is read (the history
	 * is half of a long game's document), the rest of it after them.
	 */
	for (n = c != NULL ? NULL : xml_child(xml_child(root, "history"),
	    "entry"); n; n = next) {
		struct entry *e;

		g->hist = xrealloc(g->hist, (g->nhist + 1) *
		    sizeof(*g->hist));
		e = &g->hist[g->nhist];
		if (read_entry(g, n, e, path) != 0) {
			entry_release(e);
			goto out;
		}
		g->nhist++;
		if (e->n != (int)g->nhist - 1) {
			diag(EXIT_DATAERR, path, (int)xmlGetLineNo(n),
			    "history entry numbered %d at position %zu",
			    e->n, g->nhist - 1);
			goto out;
		}
		next = xml_next(n, "entry");
		xmlUnlinkNode(n);
		xmlFreeNode(n);
	}
	if ((n = xml_child(root, "history")) != NULL) {
		xmlUnlinkNode(n);
		xmlFreeNode(n);
	}
	keep = g->nhist;
	if (upto == g->run)
		upto = -1;	/* the latest run: the file as it is */
	if (upto >= 0) {
		if (upto > g->run) {
			diag(EXIT_USAGE, path, 0, "no run %d: the game's "
			    "latest run is %d", upto, g->run);
			goto out;
		}
		for (keep = 0; keep < g->nhist && g->hist[keep].run <= upto;
		    keep++)
			;
		g->run = upto;
	}
	for (k = 0; k < keep; k++)
		if (g->hist[k].kind == EN_UNSEAL && g->hist[k].of >= 0 &&
		    (size_t)g->hist[k].of < g->nhist)
			g->hist[g->hist[k].of].opened = 1;
	if (seed == NULL && (flags & (LOAD_VERIFY | LOAD_NEED_SEED)))
		game_find_seed(g);
	if (verify && !g->dice.have_key) {
		diag(EXIT_NOINPUT, path, 0, "verify needs the seed: give "
		    "--seed-file, or the moderator's key (GNUPGHOME) for a "
		    "sealed seed; the seed is published when the game ends");
		goto out;
	}
	if (g->nhist == 0 || g->hist[0].kind != EN_SETUP) {
		diag(EXIT_DATAERR, path, g->nhist > 0 ? g->hist[0].line :
		    (int)xmlGetLineNo(root), "the history does not start "
		    "with the setup");
		goto out;
	}
	if (check_received_once(g, path) != 0)
		goto out;
	/*
	 * Every entry's draws and events are compared; the state digests of
	 * every entry only by verify, the last one always.
	 */
	memcpy(players, game_seats(g)->players, sizeof(players));
	/*
	 * The players and deadline hours as the game began: the replay
	 * changes them where the moderator did, so that each run has its
	 * own (report --run N) and the last must be <players>'s.
	 */
	moderator_undo(g, 0);
	if (c != NULL) {
		/* the rules' state as the replay leaves it, and the rest */
		snap = xmalloc(mod->state_size);
		if (cache_state(c, mod, snap, g->rs) != 0)
			goto out;
		memcpy(g->st, snap, mod->state_size);
		if (replay_cached(g, needs_plain) != 0)
			goto out;
		memcpy(g->st, snap, mod->state_size);
	}
	for (k = 0; c == NULL && k < keep; k++) {
		if (replay_entry(g, &g->hist[k], verify, verify, path) != 0)
			goto out;
		/* a past run: deadlines as each save set them (its time) */
		if (upto >= 0 && g->hist[k].kind == EN_MODERATOR)
			deadline_replay(g, &g->hist[k]);
		if (upto >= 0 && (k + 1 == keep ||
		    strcmp(g->hist[k + 1].time, g->hist[k].time) != 0))
			update_deadlines(g, g->hist[k].time);
	}
	if (upto < 0 && verify) {
		nplains = g->nhist;
		plains = xcalloc(nplains + 1, sizeof(*plains));
		if (check_received(g, path, &g->unchecked, plains) != 0 ||
		    check_unsealed(g, path) != 0)
			goto out;
	}
	/* the players' changes in the history end where <players> is */
	for (k = 0; upto < 0 && k < (size_t)game_seats(g)->nplayers; k++)
		if (strcmp(players[k].name,
		    game_seats(g)->players[k].name) != 0 ||
		    strcmp(players[k].email,
		    game_seats(g)->players[k].email) != 0) {
			diag(EXIT_DATAERR, path, (int)xmlGetLineNo(
			    xml_child(root, "players")),
			    "the <players> element does "
			    "not match the players' changes in the history "
			    "(%s; edited by hand?)", cid(g,
			    game_seats(g)->players[k].country));
			goto out;
		}
	/* every entry records the state after it: the last one must fit */
	g->module->state_digest(g->st, commit);
	if (c != NULL && strcmp(commit, g->hist[keep - 1].digest) != 0)
		goto out;	/* a cache that does not fit: the full path */
	if (strcmp(commit, g->hist[keep - 1].digest) != 0) {
		diag(EXIT_DATAERR, path, g->hist[keep - 1].line, "history "
		    "entry %zu: the state the history produces differs from "
		    "the recorded digest",
		    keep - 1);
		goto out;
	}
	if (upto >= 0) {
		/* the queue of the file, not its pending deadlines */
		size_t ndl = g->ndeadlines;

		dl = g->deadlines;
		g->deadlines = NULL;
		g->ndeadlines = 0;
		rc = read_tail(g, root, path);
		free(g->deadlines);
		g->deadlines = dl;
		g->ndeadlines = ndl;
		if (rc != 0 || past_queue(g, keep, upto, path) != 0) {
			rc = -1;
			goto out;
		}
		while (g->nhist > keep)
			entry_release(&g->hist[--g->nhist]);
		goto out;
	}
	if (check_state(g, root, path) != 0 || read_tail(g, root, path) != 0)
		goto out;
	if (plains != NULL && check_orders(g, path, plains, nplains,
	    &g->unchecked_orders) != 0)
		goto out;
	if (c != NULL) {
		/* the splice save copies the old entries from these bytes */
		g->file = bytes;
		g->file_len = blen;
		g->splice_from = sfrom;
		g->splice_to = sto;
		g->splice_n = sn;
		bytes = NULL;
	}
	rc = 0;
out:
	for (k = 0; k < nplains; k++)
		free(plains[k]);
	free(plains);
	xmlFreeDoc(doc);
	if (rc != 0)
		game_release(g);	/* the caller gets nothing to free */
fail:
	free(snap);
	free(needs_plain);
	free(bytes);
	cache_close(c);
	if (c != NULL)
		diag_unmute(&mark);
	if (may_cache)
		cache_trace(path, c != NULL && rc == 0);
	if (rc != 0 && c != NULL) {	/* the cache did not serve */
		diag_warn(path, 0, "%s.cache does not fit the game file (one "
		    "of them edited by hand?): not used, the whole file was "
		    "read", path);
		return load(g, path, seed, flags | LOAD_FULL, want);
	}
	return rc;
}

int
game_load(struct game *g, const char *path, const unsigned char *seed,
    int flags)
{
	return load(g, path, seed, flags, -1);
}

int
game_load_run(struct game *g, const char *path, int run)
{
	return load(g, path, NULL, 0, run);
}
