/*
 * cache.h - GAME.xml.cache (issue 12): what the last save knew of the
 * game file it wrote, kept beside it for the next run.
 *
 * The cache is keyed by its format number, the program's version and the
 * SHA-256 of the exact bytes of the game file it was written with: a
 * game file changed in any way (a hand edit, a rollback, the backup
 * GAME.xml~ moved back, another version's save) does not match, and the
 * run takes the full path (parse, validation, replay) and writes a new
 * cache.  AOR_NO_CACHE=1 in the environment makes every run take the
 * full path and leaves the cache alone.  It holds what the game file
 * holds, hands included: the moderator's file, mode 600.
 */
#ifndef CACHE_H
#define CACHE_H

#include <stddef.h>

#include "game.h"

/*
 * The number of the cache's layout.  Raise it whenever what the cache
 * holds changes, and whenever entry_xml writes an entry differently: the
 * splice save copies the bytes the last save wrote for old entries.
 */
#define CACHE_FORMAT 4

/* 1 when AOR_NO_CACHE asks for the full path. */
int cache_disabled(void);
/* AOR_CACHE_TRACE=1: says on stderr whether a load used the cache. */
void cache_trace(const char *path, int used);
/*
 * Writes PATH.cache (atomically, mode 600) for the file g->file just
 * written to path; removes a stale one when that cannot be done.
 */
void cache_save(const struct game *g, const char *path);
/*
 * The cache of the game file at path whose bytes are bytes (len of
 * them), when it is theirs (by their SHA-256) and whole: read with the
 * functions below, in this order, then closed.  NULL when it is missing,
 * stale, damaged or of another version or build.
 */
struct cache;
struct cache *cache_open(const char *path, const char *bytes, size_t len,
    size_t state_size);
void cache_close(struct cache *c);
/* Where history entries 0 .. *n - 1 stand in the file; 0 or -1. */
int cache_splice(struct cache *c, size_t len, size_t *from, size_t *to,
    size_t *n);
/*
 * The history into g->hist (empty before), numbered from 0; for each
 * entry, whether it is a sealed pick whose text the replay opens
 * (*needs_plain, allocated).  0, or -1 with the entries read so far in
 * g->hist (a partly read one freed with release).
 */
int cache_history(struct cache *c, struct game *g,
    void (*release)(struct entry *), char **needs_plain);
/*
 * The history's chain as far as the cache knew it into g (after the
 * history: struct game, chain_have ...); 0 or -1.
 */
int cache_chain(struct cache *c, struct game *g);
/*
 * The module's state after the last entry into st (state_size bytes),
 * its pointers to the ruleset set to rs.  0 or -1.
 */
int cache_state(struct cache *c, const struct game_module *mod, void *st,
    const void *rs);

#endif
