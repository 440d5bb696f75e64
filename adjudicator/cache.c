/*
 * cache.c - GAME.xml.cache (issue 12); see cache.h.
 *
 * Layout: a text line
 *   "aor-game-cache FORMAT VERSION SHA256 LENGTH BODY CHECK\n"
 * (the game file's SHA-256 and length, the body's length and checksum),
 * then the body, in the machine's own byte order (the cache never leaves
 * the machine; another build's sizes make another key, see cache_key):
 *   the splice: splice_from, splice_to, splice_n;
 *   the history: its length, then every entry's fields (entry_put);
 *   the history's chained digest as far as known (format 4, issue 17.11:
 *   a run then hashes its own entries alone): 0, or 1 and the run, the
 *   number of entries it covers, the last one's state digest and the
 *   chain's digest (game_chain_known);
 *   the module's state after the last entry (state_pack: its bytes, the
 *   pointers to the ruleset cleared).
 * Strings are a length + 1 (0 for none) and their bytes.  The reader
 * checks every length against what is left: a cache cut short or
 * damaged is refused like a stale one.
 */
#define _DEFAULT_SOURCE
#include "cache.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "diag.h"
#include "util.h"

/*
 * Every field of struct entry is in the cache (entry_put, entry_get), or
 * recomputed by the load (opened, plain: see load.c, load).  A field
 * added to the struct must be added here too, with CACHE_FORMAT raised:
 * this stops the build until it is (on the machines the sizes are known
 * for).
 */
#if defined(__x86_64__) && defined(__linux__)
_Static_assert(sizeof(struct entry) == 432, "struct entry changed: "
    "update entry_put and entry_get in cache.c, raise CACHE_FORMAT");
#endif

int
cache_disabled(void)
{
	const char *v = getenv("AOR_NO_CACHE");

	return v != NULL && *v != '\0' && strcmp(v, "0") != 0;
}

/*
 * AOR_CACHE_TRACE=1: one line on stderr a load, whether the cache served
 * (for tests/cache.sh, which must know that it did).
 */
void
cache_trace(const char *path, int used)
{
	const char *v = getenv("AOR_CACHE_TRACE");

	if (v != NULL && *v != '\0' && strcmp(v, "0") != 0)
		fprintf(stderr, "adjudicator: %s: cache: %s\n", path,
		    used ? "used" : "not used");
}

static char *
cache_path(const char *path)
{
	return xasprintf("%s.cache", path);
}

/*
 * A checksum of the body against damage (a cache is no more trusted than
 * the game file beside it, whose owner could write either): 64-bit
 * FNV-1a over 8-byte words, cheap next to the SHA-256 of the game file.
 */
static uint64_t
checksum(const char *p, size_t len)
{
	uint64_t h = 14695981039346656037ULL, w;
	size_t i;

	for (i = 0; i + 8 <= len; i += 8) {
		memcpy(&w, p + i, 8);
		h = (h ^ w) * 1099511628211ULL;
	}
	for (; i < len; i++)
		h = (h ^ (unsigned char)p[i]) * 1099511628211ULL;
	return h;
}

/*
 * The key line's head, before the game file's SHA-256: the layout, the
 * version and the sizes of what is kept raw (another build, another key).
 */
static void
key_head(char *out, size_t size, size_t state_size)
{
	snprintf(out, size, "aor-game-cache %d %s/%zu.%zu ", CACHE_FORMAT,
	    VERSION, sizeof(struct entry), state_size);
}

/* Writing. */

static void
put_u64(struct strbuf *sb, uint64_t v)
{
	sb_addn(sb, (const char *)&v, sizeof(v));
}

static void
put_mem(struct strbuf *sb, const char *p, size_t len)
{
	put_u64(sb, p == NULL ? 0 : (uint64_t)len + 1);
	if (p != NULL)
		sb_addn(sb, p, len);
}

static void
put_str(struct strbuf *sb, const char *s)
{
	put_mem(sb, s, s != NULL ? strlen(s) : 0);
}

static void
entry_put(struct strbuf *sb, const struct entry *e)
{
	size_t i;

	put_u64(sb, (uint64_t)e->kind);
	put_u64(sb, (uint64_t)(int64_t)e->n);
	put_u64(sb, (uint64_t)(int64_t)e->line);
	put_u64(sb, (uint64_t)(int64_t)e->run);
	put_str(sb, e->time);
	put_str(sb, e->step);
	put_u64(sb, (uint64_t)(int64_t)e->country);
	put_str(sb, e->source);
	put_str(sb, e->text);
	put_str(sb, e->reason);
	put_u64(sb, (uint64_t)(int64_t)e->sealed);
	put_u64(sb, (uint64_t)(int64_t)e->queued);
	/* the replay opens this sealed pick again (never its text here) */
	put_u64(sb, e->plain != NULL && !e->opened);
	put_str(sb, e->fpr);
	put_u64(sb, (uint64_t)e->signed_at);
	put_str(sb, e->content);
	put_mem(sb, e->entity, e->entity_len);
	put_str(sb, e->signature);
	put_mem(sb, e->bytes, e->bytes_len);
	put_u64(sb, (uint64_t)(int64_t)e->of);
	put_str(sb, e->session_key);
	put_u64(sb, e->ndraws);
	for (i = 0; i < e->ndraws; i++) {
		put_u64(sb, e->draws[i].n);
		put_u64(sb, e->draws[i].range);
		put_u64(sb, e->draws[i].value);
		put_str(sb, e->draws[i].purpose);
	}
	put_u64(sb, e->j.n);
	for (i = 0; i < e->j.n; i++) {
		put_str(sb, e->j.ev[i].type);
		put_u64(sb, (uint64_t)(int64_t)e->j.ev[i].country);
		put_u64(sb, (uint64_t)(int64_t)e->j.ev[i].to);
		put_str(sb, e->j.ev[i].text);
	}
	put_str(sb, e->digest);
}

void
cache_save(const struct game *g, const char *path)
{
	char *cpath, sha[65], key[200];
	const char *chain_state, *chain;
	struct strbuf body, sb;
	void *st;
	size_t k;
	int run;

	if (cache_disabled())
		return;
	cpath = cache_path(path);
	if (g->file == NULL || g->splice_n != g->nhist) {
		/* nothing known for certain: no cache, not a stale one */
		if (unlink(cpath) != 0 && errno != ENOENT)
			diag_warn(cpath, 0, "cannot remove: %s",
			    strerror(errno));
		free(cpath);
		return;
	}
	sb_init(&body);
	put_u64(&body, g->splice_from);
	put_u64(&body, g->splice_to);
	put_u64(&body, g->splice_n);
	put_u64(&body, g->nhist);
	for (k = 0; k < g->nhist; k++)
		entry_put(&body, &g->hist[k]);
	if (game_chain_known(g, &run, &k, &chain_state, &chain) == 0) {
		put_u64(&body, 1);
		put_u64(&body, (uint64_t)(int64_t)run);
		put_u64(&body, k);
		put_str(&body, chain_state);
		put_str(&body, chain);
	} else
		put_u64(&body, 0);
	st = xcalloc(1, g->module->state_size);
	g->module->state_pack(g->st, st);
	put_mem(&body, st, g->module->state_size);
	free(st);
	sha256_hex(g->file, g->file_len, sha);
	key_head(key, sizeof(key), g->module->state_size);
	sb_init(&sb);
	sb_addf(&sb, "%s%s %zu %zu %016llx\n", key, sha, g->file_len, body.len,
	    (unsigned long long)checksum(body.buf, body.len));
	sb_addn(&sb, body.buf, body.len);
	sb_release(&body);
	/*
	 * Holds what the game file holds: the moderator's, like it.  Not
	 * fsynced, and written over the old one: a cache lost, cut short,
	 * part written or stale (after a crash, or read while it is
	 * written) is refused by its game file's SHA-256, its length and
	 * its checksum.
	 */
	if (write_file_over(cpath, sb.buf, sb.len, 0600) != 0) {
		diag_warn(cpath, 0, "cannot write (the next run reads the "
		    "whole game file): %s", strerror(errno));
		unlink(cpath);
	}
	sb_release(&sb);
	free(cpath);
}

/* Reading. */

struct cache {
	char *text;		/* the whole cache */
	const char *p, *end;	/* the body not read yet */
	int bad;
};

static uint64_t
get_u64(struct cache *c)
{
	uint64_t v = 0;

	if (c->bad || (size_t)(c->end - c->p) < sizeof(v)) {
		c->bad = 1;
		return 0;
	}
	memcpy(&v, c->p, sizeof(v));
	c->p += sizeof(v);
	return v;
}

static int
get_int(struct cache *c)
{
	int64_t v = (int64_t)get_u64(c);

	if (v < INT32_MIN || v > INT32_MAX)
		c->bad = 1;
	return c->bad ? 0 : (int)v;
}

/* A string or bytes, allocated (NULL for none); *len its length. */
static char *
get_mem(struct cache *c, size_t *len)
{
	uint64_t n = get_u64(c);
	char *s;

	*len = 0;
	if (c->bad || n == 0)
		return NULL;
	if (n - 1 > (uint64_t)(c->end - c->p)) {
		c->bad = 1;
		return NULL;
	}
	s = xmalloc((size_t)n);
	memcpy(s, c->p, (size_t)n - 1);
	s[n - 1] = '\0';
	c->p += n - 1;
	*len = (size_t)n - 1;
	return s;
}

static char *
get_str(struct cache *c)
{
	size_t len;
	char *s = get_mem(c, &len);

	if (s != NULL && strlen(s) != len)
		c->bad = 1;
	return s;
}

/* A string into a fixed buffer; too long is damage. */
static void
get_buf(struct cache *c, char *buf, size_t size)
{
	char *s = get_str(c);

	buf[0] = '\0';
	if (s != NULL && strlen(s) >= size)
		c->bad = 1;
	else if (s != NULL)
		memcpy(buf, s, strlen(s) + 1);
	free(s);
}

static void
entry_get(struct cache *c, struct entry *e, int *needs_plain)
{
	size_t i, n, len;
	uint64_t kind;

	memset(e, 0, sizeof(*e));
	journal_init(&e->j);
	kind = get_u64(c);
	if (kind > EN_REVOKE)
		c->bad = 1;
	e->kind = (enum entry_kind)kind;
	e->n = get_int(c);
	e->line = get_int(c);
	e->run = get_int(c);
	get_buf(c, e->time, sizeof(e->time));
	get_buf(c, e->step, sizeof(e->step));
	e->country = get_int(c);
	e->source = get_str(c);
	e->text = get_str(c);
	e->reason = get_str(c);
	e->sealed = get_int(c);
	e->queued = get_int(c);
	*needs_plain = get_int(c);
	get_buf(c, e->fpr, sizeof(e->fpr));
	e->signed_at = (long long)get_u64(c);
	get_buf(c, e->content, sizeof(e->content));
	e->entity = get_mem(c, &len);
	e->entity_len = len;
	e->signature = get_str(c);
	e->bytes = get_mem(c, &len);
	e->bytes_len = len;
	e->of = get_int(c);
	e->session_key = get_str(c);
	n = (size_t)get_u64(c);
	/* each draw takes 32 bytes at least: no count beyond what is left */
	if (n > (size_t)(c->end - c->p) / 32)
		c->bad = 1;
	if (!c->bad && n > 0) {
		e->draws = xcalloc(n, sizeof(*e->draws));
		for (i = 0; i < n && !c->bad; i++) {
			e->draws[i].n = (unsigned)get_u64(c);
			e->draws[i].range = (unsigned)get_u64(c);
			e->draws[i].value = (unsigned)get_u64(c);
			e->draws[i].purpose = get_str(c);
			e->ndraws = i + 1;
		}
	}
	n = (size_t)get_u64(c);
	if (n > (size_t)(c->end - c->p) / 32)
		c->bad = 1;
	if (!c->bad && n > 0) {
		e->j.ev = xcalloc(n, sizeof(*e->j.ev));
		e->j.alloc = n;
		for (i = 0; i < n && !c->bad; i++) {
			get_buf(c, e->j.ev[i].type, sizeof(e->j.ev[i].type));
			e->j.ev[i].country = get_int(c);
			e->j.ev[i].to = get_int(c);
			e->j.ev[i].text = get_str(c);
			e->j.n = i + 1;
		}
	}
	get_buf(c, e->digest, sizeof(e->digest));
}

struct cache *
cache_open(const char *path, const char *bytes, size_t len,
    size_t state_size)
{
	char *cpath = cache_path(path), key[200], sha[65], tail[32];
	char *nl, *end;
	struct cache *c = xcalloc(1, sizeof(*c));
	size_t clen, klen, blen;
	unsigned long long check;

	c->text = read_file(cpath, &clen);
	free(cpath);
	if (c->text == NULL)
		goto bad;
	/*
	 * The game file is hashed only for a cache of this layout, version
	 * and build, and of a file of its length: a run with no cache, or
	 * another's, does not pay for it.
	 */
	key_head(key, sizeof(key), state_size);
	klen = strlen(key);
	snprintf(tail, sizeof(tail), " %zu ", len);
	nl = memchr(c->text, '\n', clen);
	if (nl == NULL || (size_t)(nl - c->text) < klen + 64 + strlen(tail) ||
	    memcmp(c->text, key, klen) != 0 ||
	    memcmp(c->text + klen + 64, tail, strlen(tail)) != 0)
		goto bad;
	sha256_hex(bytes, len, sha);
	if (memcmp(c->text + klen, sha, 64) != 0)
		goto bad;
	klen += 64 + strlen(tail);
	errno = 0;
	blen = strtoul(c->text + klen, &end, 10);
	if (errno != 0 || *end != ' ')
		goto bad;
	errno = 0;
	check = strtoull(end + 1, &end, 16);
	if (errno != 0 || end != nl || blen != clen - (size_t)(nl + 1 -
	    c->text) || check != checksum(nl + 1, blen))
		goto bad;
	c->p = nl + 1;
	c->end = c->p + blen;
	return c;
bad:
	cache_close(c);
	return NULL;
}

void
cache_close(struct cache *c)
{
	if (c == NULL)
		return;
	free(c->text);
	free(c);
}

int
cache_splice(struct cache *c, size_t len, size_t *from, size_t *to,
    size_t *n)
{
	*from = (size_t)get_u64(c);
	*to = (size_t)get_u64(c);
	*n = (size_t)get_u64(c);
	if (*from > *to || *to > len || *n == 0)
		c->bad = 1;
	return c->bad ? -1 : 0;
}

int
cache_history(struct cache *c, struct game *g, void (*release)(struct
    entry *), char **needs_plain)
{
	size_t n = (size_t)get_u64(c), k;
	int np;

	*needs_plain = NULL;
	/* an entry takes more than 100 bytes: no count beyond what is left */
	if (c->bad || n == 0 || n > (size_t)(c->end - c->p) / 100)
		return -1;
	g->hist = xcalloc(n, sizeof(*g->hist));
	*needs_plain = xcalloc(n, 1);
	for (k = 0; k < n; k++) {
		entry_get(c, &g->hist[k], &np);
		if (c->bad || g->hist[k].n != (int)k) {
			release(&g->hist[k]);
			return -1;
		}
		(*needs_plain)[k] = np != 0;
		g->nhist = k + 1;
	}
	return 0;
}

/* A digest as the chain writes it: 64 lower-case hex digits. */
static int
is_digest(const char *s)
{
	size_t i;

	for (i = 0; i < 64; i++)
		if (!((s[i] >= '0' && s[i] <= '9') ||
		    (s[i] >= 'a' && s[i] <= 'f')))
			return 0;
	return s[64] == '\0';
}

int
cache_chain(struct cache *c, struct game *g)
{
	uint64_t have = get_u64(c), k;
	char state[65], digest[65];
	int run;

	if (c->bad || have > 1)
		return -1;
	if (have == 0)
		return 0;
	run = get_int(c);
	k = get_u64(c);
	get_buf(c, state, sizeof(state));
	get_buf(c, digest, sizeof(digest));
	/* what chain.c checks again before it takes the chain up */
	if (c->bad || run < 0 || k > g->nhist || (k == 0) != (state[0] ==
	    '\0') || (k > 0 && !is_digest(state)) || !is_digest(digest)) {
		c->bad = 1;
		return -1;
	}
	g->chain_have = 1;
	g->chain_run = run;
	g->chain_k = (size_t)k;
	memcpy(g->chain_state, state, sizeof(state));
	memcpy(g->chain_digest, digest, sizeof(digest));
	return 0;
}

int
cache_state(struct cache *c, const struct game_module *mod, void *st,
    const void *rs)
{
	size_t len;
	char *raw = get_mem(c, &len);

	if (raw == NULL || len != mod->state_size || c->p != c->end) {
		free(raw);
		return -1;
	}
	mod->state_unpack(st, raw, rs);
	free(raw);
	return 0;
}
