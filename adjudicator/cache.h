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
#define CACHE_FORMAT 1

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
 * Reads PATH.cache for the game file's bytes (len of them, SHA-256 sha):
 * 0 when it is theirs, with the splice facts set in g (g->file is not
 * touched); -1 when it is missing, stale or unreadable.
 */
int cache_load(struct game *g, const char *path, const char *sha,
    size_t len);

#endif
