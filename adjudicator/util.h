/*
 * util.h - allocation that never fails, growable strings, small helpers.
 *
 * The x-wrappers abort with a message when memory runs out, so callers have
 * no allocation error paths (the tmux and mandoc habit).
 */
#ifndef UTIL_H
#define UTIL_H

#include <stdarg.h>
#include <stddef.h>

void *xmalloc(size_t size);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t size);
char *xstrdup(const char *s);
/* Returns a newly allocated formatted string; the caller frees it. */
char *xasprintf(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

/* A growable NUL-terminated string; buf is never NULL after sb_init. */
struct strbuf {
	char *buf;
	size_t len, alloc;
};
void sb_init(struct strbuf *sb);
void sb_release(struct strbuf *sb);	/* frees buf, sb is empty again */
void sb_reset(struct strbuf *sb);	/* keeps the memory, length 0 */
void sb_add(struct strbuf *sb, const char *s);
void sb_addn(struct strbuf *sb, const char *s, size_t n);
void sb_addc(struct strbuf *sb, char c);
void sb_addf(struct strbuf *sb, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void sb_vaddf(struct strbuf *sb, const char *fmt, va_list ap);
/* Hands the buffer to the caller, who frees it; sb is empty again. */
char *sb_detach(struct strbuf *sb);

/*
 * Writes a file atomically: a temporary file beside it with the mode,
 * written, fsynced and renamed over path, then the folder fsynced.  A
 * path that exists and is not a regular file (/dev/null, a pipe) is
 * written into as it is.  Returns 0, -1 when the temporary file cannot be
 * created, -2 when writing or renaming fails; errno tells why.
 */
int write_file_atomic(const char *path, const void *buf, size_t len,
    unsigned mode);

/* Reads a whole file; NULL with errno set on failure. Caller frees. */
char *read_file(const char *path, size_t *len);

/* Case-insensitive ASCII comparison helpers. */
int str_ieq(const char *a, const char *b);
int str_iprefix(const char *prefix, const char *s);

/* Lower-case hexadecimal of n bytes into out (2n+1 bytes). */
void hex_encode(const unsigned char *in, size_t n, char *out);
/* Parses exactly 2n hex digits; 0 on success, -1 otherwise. */
int hex_decode(const char *in, unsigned char *out, size_t n);

/* SHA-256 of data as 64 hex digits plus NUL, through libgcrypt. */
void sha256_hex(const void *data, size_t len, char out[65]);

/* Parses a decimal int in [lo, hi]; 0 on success. */
int parse_int(const char *s, long lo, long hi, long *out);

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#endif
