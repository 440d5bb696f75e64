/*
 * cache.c - GAME.xml.cache (issue 12); see cache.h.
 *
 * Layout: a text line "aor-game-cache FORMAT VERSION SHA256 LENGTH\n"
 * (the game file's SHA-256 and length), then the body: numbers as
 * decimal text lines, for a reader that checks every value it takes.
 */
#define _DEFAULT_SOURCE
#include "cache.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "diag.h"
#include "util.h"

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

void
cache_save(const struct game *g, const char *path)
{
	char *cpath, sha[65];
	struct strbuf sb;

	if (cache_disabled())
		return;
	cpath = cache_path(path);
	if (g->file == NULL || g->splice_n == 0) {
		/* nothing known for certain: no cache, not a stale one */
		if (unlink(cpath) != 0 && errno != ENOENT)
			diag_warn(cpath, 0, "cannot remove: %s",
			    strerror(errno));
		free(cpath);
		return;
	}
	sha256_hex(g->file, g->file_len, sha);
	sb_init(&sb);
	sb_addf(&sb, "aor-game-cache %d %s %s %zu\n", CACHE_FORMAT, VERSION,
	    sha, g->file_len);
	sb_addf(&sb, "%zu %zu %zu\n", g->splice_from, g->splice_to,
	    g->splice_n);
	/* holds what the game file holds: the moderator's, like it */
	if (write_file_atomic(cpath, sb.buf, sb.len, 0600) != 0) {
		diag_warn(cpath, 0, "cannot write (the next run reads the "
		    "whole game file): %s", strerror(errno));
		unlink(cpath);
	}
	sb_release(&sb);
	free(cpath);
}

int
cache_load(struct game *g, const char *path, const char *sha, size_t len)
{
	char *cpath = cache_path(path), *text, want[160], *p;
	size_t clen, from, to, n;
	int rc = -1, used;

	text = read_file(cpath, &clen);
	free(cpath);
	if (text == NULL)
		return -1;
	snprintf(want, sizeof(want), "aor-game-cache %d %s %s %zu\n",
	    CACHE_FORMAT, VERSION, sha, len);
	if (clen < strlen(want) || memcmp(text, want, strlen(want)) != 0)
		goto out;
	p = text + strlen(want);
	if (sscanf(p, "%zu %zu %zu\n%n", &from, &to, &n, &used) != 3 ||
	    p[used - 1] != '\n' || from > to || to > len || n == 0)
		goto out;
	g->splice_from = from;
	g->splice_to = to;
	g->splice_n = n;
	rc = 0;
out:
	free(text);
	return rc;
}
