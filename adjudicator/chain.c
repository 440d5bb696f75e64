/*
 * chain.c - the history's chained digest (issue 17.11), which every
 * report shows with the count of rollbacks (17.9).
 *
 * A player who kept one report can hold the moderator to the history it
 * came from: a moderator who puts an old file back and plays on
 * differently makes other digests from that run on, and 'verify --report'
 * tells.  Each run's digest covers the one before, so the last report a
 * player kept vouches for every run before it.  The digest is an
 * HMAC-SHA256 keyed by the game's seed: a history holds secret picks in
 * clear until they are revealed (R39), few enough to be tried one by one
 * against a plain hash; keyed, it gives nothing away, it can be checked
 * by anyone once the seed is published (R30), and players can compare
 * theirs at any time, since every report of a run shows the same one.
 */
#include <stdio.h>
#include <stdlib.h>
#include <stdarg.h>
#include <string.h>

#include <gcrypt.h>

#include "game.h"
#include "game-internal.h"
#include "util.h"

static void
put(gcry_mac_hd_t h, const char *s, size_t n)
{
	if (n > 0 && gcry_mac_write(h, s, n) != 0) {
		fprintf(stderr, "adjudicator: libgcrypt HMAC failed\n");
		abort();
	}
}

static void
putf(gcry_mac_hd_t h, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void
putf(gcry_mac_hd_t h, const char *fmt, ...)
{
	struct strbuf sb;
	va_list ap;

	sb_init(&sb);
	va_start(ap, fmt);
	sb_vaddf(&sb, fmt, ap);
	va_end(ap);
	put(h, sb.buf, sb.len);
	sb_release(&sb);
}

/* A field as "NAME LENGTH\n" and its bytes: no text can pass for two. */
static void
field(gcry_mac_hd_t h, const char *name, const char *s, size_t n)
{
	putf(h, "%s %zu\n", name, s != NULL ? n : 0);
	if (s != NULL)
		put(h, s, n);
	put(h, "\n", 1);
}

static void
text_field(gcry_mac_hd_t h, const char *name, const char *s)
{
	field(h, name, s, s != NULL ? strlen(s) : 0);
}

static const char *
country_id(const struct game *g, int c)
{
	return c >= 0 ? cid(g, c) : "-";
}

/* Everything an entry records, but the events its replay gives again. */
static void
entry_bytes(gcry_mac_hd_t h, const struct game *g, const struct entry *e)
{
	size_t i;

	putf(h, "entry %d %s run %d time %s step %s country %s\n", e->n,
	    e->kind >= 0 && e->kind <= EN_REVOKE ? kind_names[e->kind] : "?",
	    e->run,
	    e->time[0] ? e->time : "-", e->step[0] ? e->step : "-",
	    country_id(g, e->country));
	putf(h, "sealed %d queued %d of %d fingerprint %s signed %lld "
	    "content %s\n", e->sealed, e->queued, e->kind == EN_UNSEAL ?
	    e->of : -1, e->fpr[0] ? e->fpr : "-", e->signed_at,
	    e->content[0] ? e->content : "-");
	text_field(h, "text", e->text);
	text_field(h, "source", e->source);
	text_field(h, "reason", e->reason);
	field(h, "entity", e->entity, e->entity_len);
	text_field(h, "signature", e->signature);
	text_field(h, "session-key", e->session_key);
	for (i = 0; i < e->ndraws; i++)
		putf(h, "draw %u %u %u %s\n", e->draws[i].n,
		    e->draws[i].range, e->draws[i].value,
		    e->draws[i].purpose ? e->draws[i].purpose : "");
	putf(h, "state %s\n", e->digest);
}

static const char zero[65] =
    "0000000000000000000000000000000000000000000000000000000000000000";

/*
 * The digest of run r after prev into out, over the entries from *k on
 * that belong to it (run at most r), *k moved past them.
 */
static void
run_digest(const struct game *g, int r, const char *prev, size_t *k,
    char out[65])
{
	gcry_mac_hd_t h;
	unsigned char mac[32];
	size_t len = sizeof(mac);

	if (gcry_mac_open(&h, GCRY_MAC_HMAC_SHA256, 0, NULL) != 0 ||
	    gcry_mac_setkey(h, g->dice.seed, SEED_BYTES) != 0) {
		fprintf(stderr, "adjudicator: libgcrypt HMAC failed\n");
		abort();
	}
	putf(h, "history-chain 1\ngame %s\nrun %d\nprevious %s\n", g->id,
	    r, prev);
	for (; *k < g->nhist && g->hist[*k].run <= r; (*k)++)
		entry_bytes(h, g, &g->hist[*k]);
	if (gcry_mac_read(h, mac, &len) != 0) {
		fprintf(stderr, "adjudicator: libgcrypt HMAC failed\n");
		abort();
	}
	gcry_mac_close(h);
	hex_encode(mac, sizeof(mac), out);
}

int
game_chain(const struct game *g, int upto, char (**out)[65])
{
	char (*d)[65];
	size_t k = 0;
	int r;

	*out = NULL;
	if (!g->dice.have_key || upto < 0)
		return -1;
	d = xcalloc((size_t)upto + 1, sizeof(*d));
	for (r = 0; r <= upto; r++)
		run_digest(g, r, r > 0 ? d[r - 1] : zero, &k, d[r]);
	*out = d;
	return 0;
}

/*
 * Whether the chain known so far is what game_chain would make of the
 * history now: its entries still there (the last one's state digest as
 * noted: a history cut back and played anew differs there; game_truncate
 * forgets the chain anyway), the last of them of a run it covers, and
 * the loop that made it would still stop where it did, that is no entry
 * after them belongs to a run it covers.
 */
static int
chain_fits(const struct game *g)
{
	size_t k = g->chain_k;

	return g->chain_have && g->chain_run >= 0 && k <= g->nhist &&
	    strcmp(k > 0 ? g->hist[k - 1].digest : "", g->chain_state) == 0 &&
	    (k == 0 || g->hist[k - 1].run <= g->chain_run) &&
	    (k == g->nhist || g->hist[k].run > g->chain_run);
}

int
game_chain_at(struct game *g, int upto, char out[65])
{
	char prev[65], d[65];
	size_t k = 0;
	int r = 0;

	if (!g->dice.have_key || upto < 0)
		return -1;
	memcpy(prev, zero, sizeof(prev));
	if (chain_fits(g) && g->chain_run <= upto) {
		r = g->chain_run + 1;
		k = g->chain_k;
		memcpy(prev, g->chain_digest, sizeof(prev));
	}
	for (; r <= upto; r++) {
		run_digest(g, r, prev, &k, d);
		memcpy(prev, d, sizeof(prev));
	}
	memcpy(out, prev, sizeof(prev));
	g->chain_have = 1;
	g->chain_run = upto;
	g->chain_k = k;
	snprintf(g->chain_state, sizeof(g->chain_state), "%s", k > 0 ?
	    g->hist[k - 1].digest : "");
	memcpy(g->chain_digest, prev, sizeof(prev));
	return 0;
}

int
game_chain_known(const struct game *g, int *run, size_t *k,
    const char **state, const char **digest)
{
	if (!chain_fits(g))
		return -1;
	*run = g->chain_run;
	*k = g->chain_k;
	*state = g->chain_state;
	*digest = g->chain_digest;
	return 0;
}

xmlNode *
game_doc_chain(struct game *g, xmlDoc *doc, int run)
{
	xmlNode *root = xmlDocGetRootElement(doc), *n;
	char d[65], buf[32];

	if (root == NULL)
		return NULL;
	n = xmlNewNode(NULL, (const xmlChar *)"history-digest");
	if (root->children != NULL)
		xmlAddPrevSibling(root->children, n);
	else
		xmlAddChild(root, n);
	snprintf(buf, sizeof(buf), "%d", run);
	xmlSetProp(n, (const xmlChar *)"run", (const xmlChar *)buf);
	snprintf(buf, sizeof(buf), "%d", game_rollbacks(g));
	xmlSetProp(n, (const xmlChar *)"rollbacks", (const xmlChar *)buf);
	/* a seed sealed to the moderator is opened with his key, if here */
	if (!g->dice.have_key && g->sealed_seed != NULL)
		game_find_seed(g);
	if (game_chain_at(g, run, d) == 0)
		xmlSetProp(n, (const xmlChar *)"sha256", (const xmlChar *)d);
	return n;
}

void
game_doc_unchain(xmlNode *n)
{
	if (n != NULL) {
		xmlUnlinkNode(n);
		xmlFreeNode(n);
	}
}
