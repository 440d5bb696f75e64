/*
 * util.h - allocation that never fails, growable strings, small helpers.
 *
 * The x-wrappers abort with a message when memory runs out, so callers have
 * no allocation error paths (the tmux and mandoc habit).
 */
#ifndef UTIL_H
#define UTIL_H

#include <pthread.h>
#include <stdarg.h>
#include <stddef.h>

void *xmalloc(size_t size);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t size);
char *xstrdup(const char *s);
/* A copy of s that the caller frees, or NULL when s is NULL. */
char *xstrdup_or_null(const char *s);
/* Returns a newly allocated formatted string; the caller frees it. */
char *xasprintf(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));
/* The same with a va_list, which it uses up. */
char *xvasprintf(const char *fmt, va_list ap)
	__attribute__((format(printf, 1, 0)));

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

/* Writes all len bytes of buf to fd (again after EINTR); 0 or -1. */
int write_all(int fd, const char *buf, size_t len);

/*
 * Writes a file atomically: a temporary file beside it with the mode,
 * written, fsynced and renamed over path, then the folder fsynced.  A
 * path that exists and is not a regular file (/dev/null, a pipe) is
 * written into as it is.  Returns 0, -1 when the temporary file cannot be
 * created (or a non-regular path opened), -2 when writing or renaming
 * fails; errno tells why.
 */
int write_file_atomic(const char *path, const void *buf, size_t len,
    unsigned mode);
/*
 * write_file_atomic in two steps, so that the caller works while the
 * disk does (issue 17.12): file_write_begin writes the temporary file
 * and starts its fsync in a thread of its own; file_write_end waits for
 * it and, with commit, renames the file over path and fsyncs the folder
 * (returning as write_file_atomic does), without, removes it (0).  buf
 * must stay until file_write_end, which every file_write_begin needs.
 */
struct file_write {
	char *tmp;
	const void *buf;
	size_t len;
	int fd, rc, err;	/* rc, err: a failure so far and its errno */
	int in_place, syncing;
	pthread_t thread;
};
void file_write_begin(struct file_write *fw, const char *path,
    const void *buf, size_t len, unsigned mode);
int file_write_end(struct file_write *fw, const char *path, int commit);
/*
 * write_file_atomic without any fsync: for a file whose every reader
 * checks it (a cache that names the bytes it was made from and carries
 * a checksum), so that one lost, cut short or stale after a crash does
 * no harm (issue 18.9: two fsyncs less a save).
 */
int write_file_unsynced(const char *path, const void *buf, size_t len,
    unsigned mode);
/*
 * write_file_unsynced into the file that is there (made if missing, its
 * mode set), without a new file each time: making a file costs the file
 * system more than writing a cache (issue 17.12).  Only for such a file:
 * a reader, or a crash, finds it part written and must refuse it.  A
 * symbolic link, or a file of more than one name, is replaced instead.
 */
int write_file_over(const char *path, const void *buf, size_t len,
    unsigned mode);
/*
 * dir_sync_defer(1): until the matching dir_sync_defer(0),
 * write_file_atomic leaves the fsync of each folder it renames in to
 * dir_sync_defer(0), which does it once a folder.  Nothing may record a
 * file written in between (a state that names it) before then.
 */
void dir_sync_defer(int on);

/* Reads a whole file; NULL with errno set on failure. Caller frees. */
char *read_file(const char *path, size_t *len);

/*
 * Reads a whole input file that must be a regular file (never a FIFO or a
 * device, which could hang the run or be endless) of at most max bytes,
 * checked before reading; with INPUT_NOFOLLOW never a symbolic link
 * either.  NULL on failure with errno: ELOOP for a symbolic link, EINVAL
 * for anything else that is not a regular file, EFBIG when it is larger
 * than max.  Caller frees.
 */
enum { INPUT_NOFOLLOW = 1 };
/* An armoured public key file: keys with many signatures stay below. */
#define KEY_FILE_MAX (1024 * 1024)
char *read_input_file(const char *path, size_t max, int flags, size_t *len);
/* The reason for read_input_file's errno, for a diagnostic. */
const char *input_error(int err);

/*
 * Checks that len bytes are text the program may record: UTF-8 without
 * NUL or other control characters than tab, CR and LF (XML 1.0 cannot
 * hold the others, and a game file holding one would not load again).
 * 0, or -1 with the 1-based line of the first bad byte in *line and the
 * reason in why.
 */
int text_check(const char *buf, size_t len, int *line, struct strbuf *why);

/*
 * Staged output: files written to temporaries beside them first and
 * renamed into place only by stage_commit, so that a run which fails
 * after staging leaves every old file as it was.  A path that exists and
 * is not a regular file (/dev/null, a terminal) is written into at once;
 * a NULL path stands for standard output, written by stage_commit.
 * stage_file returns 0, -1 when the temporary cannot be created, -2 when
 * writing fails; errno tells why.  stage_abort removes the temporaries
 * that are left and frees everything (call it after stage_commit too).
 */
struct stage {
	struct staged { char *tmp, *path, *data; size_t len; } *files;
	size_t n;
};
void stage_init(struct stage *st);
int stage_file(struct stage *st, const char *path, const void *buf,
    size_t len, unsigned mode);
/*
 * Removes, with a warning naming each, the temporary files that
 * write_temp made (NAME.tmpXXXXXX, six letters or digits) and a run
 * stopped before their rename left in the folder dir: those of the file
 * base, or with base NULL all of them, also in sub-folders depth levels
 * down.  what ends the warning ("... stopped while WHAT").  Only the
 * holder of the lock of the game the files belong to may call it: no
 * other run writes them then.
 */
/*
 * Makes a private folder (mode 700) for a while: in /dev/shm where the
 * system has it, so that the many small files of a batch of gpg cost no
 * disk writes (issue 17), else in /tmp.  Its path (caller frees and
 * removes it), or NULL with errno.
 */
char *make_temp_dir(void);
void remove_leftover_temps(const char *dir, const char *base, int depth,
    const char *what);
/* Renames every staged file; -1 with errno and *failed naming it. */
int stage_commit(struct stage *st, const char **failed);
void stage_abort(struct stage *st);

/* Case-insensitive ASCII comparison helpers. */
int str_ieq(const char *a, const char *b);
int str_iprefix(const char *prefix, const char *s);

/* Lower-case hexadecimal of n bytes into out (2n+1 bytes). */
void hex_encode(const unsigned char *in, size_t n, char *out);
/* Parses exactly 2n hex digits; 0 on success, -1 otherwise. */
int hex_decode(const char *in, unsigned char *out, size_t n);

/*
 * Base64 (RFC 4648) of n bytes, in lines of 76 characters each ending in
 * a newline (the last one too): a new string, caller frees.
 */
char *base64_encode(const void *in, size_t n);
/*
 * Decodes base64, white space anywhere ignored, padding required; a new
 * buffer of *n bytes plus a NUL (caller frees), or NULL for anything
 * else (a bad character, a cut-short quantum, data after the padding).
 */
char *base64_decode(const char *in, size_t *n);

/* SHA-256 of data as 64 hex digits plus NUL, through libgcrypt. */
void sha256_hex(const void *data, size_t len, char out[65]);

/*
 * Text that is not UTF-8, read as Windows-1252 (or ISO-8859-1 where 1252
 * leaves a byte undefined), converted to UTF-8 (caller frees); NULL when
 * it is UTF-8 already.  Through iconv, so that the commands without the
 * mail libraries can do it (issue 12).
 */
char *text_to_utf8(const char *text, size_t len);

/* Parses a decimal int in [lo, hi]; 0 on success. */
int parse_int(const char *s, long lo, long hi, long *out);
/* Moves *p past the ASCII digits there; returns whether there was one. */
int skip_digits(const char **p);

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/*
 * Lower-cases a name and keeps its letters and digits only, folding
 * UTF-8 umlauts to "ae"/"oe"/"ue" (umlaut_e) or to the bare vowel, and
 * "ß" to "ss", for matching what players write; out holds at least
 * 2*strlen(in)+1 bytes.
 */
void name_fold(const char *in, char *out, size_t outlen, int umlaut_e);

/* The Levenshtein distance of a and b, for "did you mean" suggestions. */
size_t edit_distance(const char *a, const char *b);

#endif
