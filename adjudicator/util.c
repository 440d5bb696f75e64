/*
 * util.c - allocation wrappers, string buffers, hex and hashing helpers.
 */
#include "util.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <iconv.h>
#include <libgen.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gcrypt.h>

#include "diag.h"

static void
out_of_memory(size_t size)
{
	fprintf(stderr, "adjudicator: out of memory (%zu bytes)\n", size);
	abort();
}

void *
xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);

	if (p == NULL)
		out_of_memory(size);
	return p;
}

void *
xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (p == NULL)
		out_of_memory(n * size);
	return p;
}

void *
xrealloc(void *p, size_t size)
{
	void *q = realloc(p, size ? size : 1);

	if (q == NULL)
		out_of_memory(size);
	return q;
}

char *
xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;
	char *p = xmalloc(n);

	memcpy(p, s, n);
	return p;
}

char *
xstrdup_or_null(const char *s)
{
	return s != NULL ? xstrdup(s) : NULL;
}

char *
xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = xvasprintf(fmt, ap);
	va_end(ap);
	return s;
}

char *
xvasprintf(const char *fmt, va_list ap)
{
	struct strbuf sb;

	sb_init(&sb);
	sb_vaddf(&sb, fmt, ap);
	return sb_detach(&sb);
}

void
sb_init(struct strbuf *sb)
{
	sb->alloc = 64;
	sb->len = 0;
	sb->buf = xmalloc(sb->alloc);
	sb->buf[0] = '\0';
}

void
sb_release(struct strbuf *sb)
{
	free(sb->buf);
	sb->buf = NULL;
	sb->len = sb->alloc = 0;
}

void
sb_reset(struct strbuf *sb)
{
	sb->len = 0;
	sb->buf[0] = '\0';
}

static void
sb_grow(struct strbuf *sb, size_t extra)
{
	if (sb->len + extra + 1 <= sb->alloc)
		return;
	while (sb->len + extra + 1 > sb->alloc)
		sb->alloc *= 2;
	sb->buf = xrealloc(sb->buf, sb->alloc);
}

void
sb_addn(struct strbuf *sb, const char *s, size_t n)
{
	sb_grow(sb, n);
	memcpy(sb->buf + sb->len, s, n);
	sb->len += n;
	sb->buf[sb->len] = '\0';
}

void
sb_add(struct strbuf *sb, const char *s)
{
	sb_addn(sb, s, strlen(s));
}

void
sb_addc(struct strbuf *sb, char c)
{
	sb_addn(sb, &c, 1);
}

void
sb_vaddf(struct strbuf *sb, const char *fmt, va_list ap)
{
	va_list cp;
	int n;

	va_copy(cp, ap);
	n = vsnprintf(NULL, 0, fmt, cp);
	va_end(cp);
	if (n < 0)
		return;
	sb_grow(sb, (size_t)n);
	vsnprintf(sb->buf + sb->len, (size_t)n + 1, fmt, ap);
	sb->len += (size_t)n;
}

void
sb_addf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	sb_vaddf(sb, fmt, ap);
	va_end(ap);
}

char *
sb_detach(struct strbuf *sb)
{
	char *p = sb->buf;

	sb->buf = NULL;
	sb->len = sb->alloc = 0;
	return p;
}

int
write_all(int fd, const char *buf, size_t len)
{
	while (len > 0) {
		ssize_t w = write(fd, buf, len);

		if (w < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		buf += w;
		len -= (size_t)w;
	}
	return 0;
}

/*
 * A file that is not a regular one (/dev/null, a terminal) is written in
 * place: renaming over it would replace the device.
 */
static int
write_in_place(const char *path, const void *buf, size_t len)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC), e;

	if (fd < 0)
		return -1;
	if (write_all(fd, buf, len) != 0) {
		e = errno;
		close(fd);
		errno = e;
		return -2;
	}
	return close(fd) == 0 ? 0 : -2;
}

/*
 * Writes buf into a new temporary file beside path (path.tmpXXXXXX) with
 * the mode, left open in *fd; *tmp is its name, which the caller frees.
 * Returns 0, -1 when it cannot be created, -2 when writing fails (the
 * temporary file removed); errno tells why.
 */
static int
write_temp_open(const char *path, const void *buf, size_t len, unsigned mode,
    char **tmp, int *fd)
{
	int e;

	*tmp = xasprintf("%s.tmpXXXXXX", path);
	*fd = mkstemp(*tmp);
	if (*fd < 0) {
		e = errno;
		free(*tmp);
		*tmp = NULL;
		errno = e;
		return -1;
	}
	/*
	 * fchmod, not the umask, decides: private files stay private; and
	 * no gpg started while it is open (file_write_begin) inherits it
	 */
	if (fchmod(*fd, (mode_t)mode) != 0 ||
	    fcntl(*fd, F_SETFD, FD_CLOEXEC) != 0 ||
	    write_all(*fd, buf, len) != 0) {
		e = errno;
		close(*fd);
		*fd = -1;
		unlink(*tmp);
		free(*tmp);
		*tmp = NULL;
		errno = e;
		return -2;
	}
	return 0;
}

/*
 * Closes the temporary file fd of write_temp_open, first fsynced when
 * sync; 0, or -2 with it removed and errno telling why.
 */
static int
write_temp_close(int fd, char **tmp, int sync)
{
	int e;

	if (sync && fsync(fd) != 0) {
		e = errno;
		close(fd);
		errno = e;
		fd = -1;
	}
	if (fd < 0 || close(fd) != 0) {
		e = errno;
		unlink(*tmp);
		free(*tmp);
		*tmp = NULL;
		errno = e;
		return -2;
	}
	return 0;
}

/*
 * Writes buf into a new temporary file beside path (path.tmpXXXXXX) with
 * the mode, fsynced and closed; *tmp is its name, which the caller frees.
 * Returns 0, -1 when it cannot be created, -2 when writing fails (the
 * temporary file removed); errno tells why.
 */
static int write_unsynced;	/* write_file_unsynced's way */

static int
write_temp(const char *path, const void *buf, size_t len, unsigned mode,
    char **tmp)
{
	int fd, rc = write_temp_open(path, buf, len, mode, tmp, &fd);

	return rc != 0 ? rc : write_temp_close(fd, tmp, !write_unsynced);
}

/*
 * The folders whose renames wait for their fsync (dir_sync_defer): a
 * step of run writes several files into one folder before it records
 * them, and one fsync of the folder makes all its renames durable
 * (issue 18.9).
 */
static int defer_dirs;
static char **deferred;
static size_t ndeferred;

static void
defer_dir(const char *dir)
{
	size_t i;

	for (i = 0; i < ndeferred; i++)
		if (strcmp(deferred[i], dir) == 0)
			return;
	deferred = xrealloc(deferred, (ndeferred + 1) * sizeof(*deferred));
	deferred[ndeferred++] = xstrdup(dir);
}

/*
 * Renames the temporary file tmp (freed) over path, then makes the
 * rename durable: the folder fsynced, or left to dir_sync_defer(0).
 */
static int
rename_into(char *tmp, const char *path)
{
	char *dircopy;
	int fd, e;

	if (rename(tmp, path) != 0) {
		e = errno;
		unlink(tmp);
		free(tmp);
		errno = e;
		return -2;
	}
	free(tmp);
	if (write_unsynced)
		return 0;
	dircopy = xstrdup(path);
	if (defer_dirs > 0) {
		defer_dir(dirname(dircopy));
		free(dircopy);
		return 0;
	}
	fd = open(dirname(dircopy), O_RDONLY | O_DIRECTORY);
	if (fd >= 0) {
		fsync(fd);
		close(fd);
	}
	free(dircopy);
	return 0;
}

int
write_file_atomic(const char *path, const void *buf, size_t len,
    unsigned mode)
{
	struct stat sb;
	char *tmp;
	int rc;

	if (stat(path, &sb) == 0 && !S_ISREG(sb.st_mode))
		return write_in_place(path, buf, len);
	if ((rc = write_temp(path, buf, len, mode, &tmp)) != 0)
		return rc;
	return rename_into(tmp, path);
}

static void *
fsync_thread(void *arg)
{
	struct file_write *fw = arg;

	fw->rc = fsync(fw->fd) != 0 ? -2 : 0;
	fw->err = errno;
	return NULL;
}

void
file_write_begin(struct file_write *fw, const char *path, const void *buf,
    size_t len, unsigned mode)
{
	struct stat sb;

	memset(fw, 0, sizeof(*fw));
	fw->fd = -1;
	fw->buf = buf;
	fw->len = len;
	if (stat(path, &sb) == 0 && !S_ISREG(sb.st_mode)) {
		fw->in_place = 1;
		return;
	}
	fw->rc = write_temp_open(path, buf, len, mode, &fw->tmp, &fw->fd);
	fw->err = errno;
	if (fw->rc == 0)
		fw->syncing = pthread_create(&fw->thread, NULL, fsync_thread,
		    fw) == 0;
}

int
file_write_end(struct file_write *fw, const char *path, int commit)
{
	if (fw->in_place)
		return commit ? write_in_place(path, fw->buf, fw->len) : 0;
	if (fw->syncing)
		pthread_join(fw->thread, NULL);
	else if (fw->rc == 0)
		fsync_thread(fw);	/* no thread: here */
	if (fw->fd >= 0) {
		if (fw->rc == 0 && close(fw->fd) != 0) {
			fw->rc = -2;
			fw->err = errno;
		} else if (fw->rc != 0)
			close(fw->fd);
	}
	if (fw->rc != 0 || !commit) {
		if (fw->tmp != NULL)
			unlink(fw->tmp);
		free(fw->tmp);
		errno = fw->err;
		return commit ? fw->rc : 0;
	}
	return rename_into(fw->tmp, path);
}

int
write_file_unsynced(const char *path, const void *buf, size_t len,
    unsigned mode)
{
	int rc;

	write_unsynced = 1;
	rc = write_file_atomic(path, buf, len, mode);
	write_unsynced = 0;
	return rc;
}

int
write_file_over(const char *path, const void *buf, size_t len, unsigned mode)
{
	struct stat sb;
	int fd = open(path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC,
	    (mode_t)mode), e;

	/* a link, a file of several names or no file: replaced, as ever */
	if (fd < 0 || fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode) ||
	    sb.st_nlink != 1) {
		if (fd >= 0)
			close(fd);
		return write_file_unsynced(path, buf, len, mode);
	}
	if (((sb.st_mode & 07777) != (mode_t)mode && fchmod(fd,
	    (mode_t)mode) != 0) || write_all(fd, buf, len) != 0 ||
	    ftruncate(fd, (off_t)len) != 0) {
		e = errno;
		close(fd);
		errno = e;
		return -2;
	}
	return close(fd) == 0 ? 0 : -2;
}

void
dir_sync_defer(int on)
{
	size_t i;
	int fd;

	if (on) {
		defer_dirs++;
		return;
	}
	if (defer_dirs > 0 && --defer_dirs > 0)
		return;
	for (i = 0; i < ndeferred; i++) {
		fd = open(deferred[i], O_RDONLY | O_DIRECTORY);
		if (fd >= 0) {
			fsync(fd);
			close(fd);
		}
		free(deferred[i]);
	}
	free(deferred);
	deferred = NULL;
	ndeferred = 0;
}

char *
read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	struct strbuf sb;
	char chunk[8192];
	size_t n;

	if (f == NULL)
		return NULL;
	sb_init(&sb);
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
		sb_addn(&sb, chunk, n);
	if (ferror(f)) {
		int e = errno;

		fclose(f);
		sb_release(&sb);
		errno = e;
		return NULL;
	}
	fclose(f);
	if (len != NULL)
		*len = sb.len;
	return sb_detach(&sb);
}

int
str_ieq(const char *a, const char *b)
{
	while (*a && *b) {
		if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
			return 0;
		a++;
		b++;
	}
	return *a == *b;
}

int
str_iprefix(const char *prefix, const char *s)
{
	while (*prefix) {
		if (tolower((unsigned char)*prefix) != tolower((unsigned char)*s))
			return 0;
		prefix++;
		s++;
	}
	return 1;
}

void
hex_encode(const unsigned char *in, size_t n, char *out)
{
	static const char digits[] = "0123456789abcdef";
	size_t i;

	for (i = 0; i < n; i++) {
		out[2 * i] = digits[in[i] >> 4];
		out[2 * i + 1] = digits[in[i] & 15];
	}
	out[2 * n] = '\0';
}

static int
hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c = tolower(c);
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

int
hex_decode(const char *in, unsigned char *out, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		int hi = hexval((unsigned char)in[2 * i]);
		int lo = hi < 0 ? -1 : hexval((unsigned char)in[2 * i + 1]);

		if (hi < 0 || lo < 0)
			return -1;
		out[i] = (unsigned char)(hi << 4 | lo);
	}
	return in[2 * n] == '\0' ? 0 : -1;
}

static const char b64[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

char *
base64_encode(const void *in, size_t n)
{
	const unsigned char *p = in;
	struct strbuf sb;
	size_t i, col = 0;

	sb_init(&sb);
	for (i = 0; i < n; i += 3) {
		unsigned long v = (unsigned long)p[i] << 16;
		char q[4];

		if (i + 1 < n)
			v |= (unsigned long)p[i + 1] << 8;
		if (i + 2 < n)
			v |= p[i + 2];
		q[0] = b64[v >> 18 & 63];
		q[1] = b64[v >> 12 & 63];
		q[2] = i + 1 < n ? b64[v >> 6 & 63] : '=';
		q[3] = i + 2 < n ? b64[v & 63] : '=';
		sb_addn(&sb, q, 4);
		if ((col += 4) == 76) {
			sb_addc(&sb, '\n');
			col = 0;
		}
	}
	if (col > 0)
		sb_addc(&sb, '\n');
	return sb_detach(&sb);
}

char *
base64_decode(const char *in, size_t *n)
{
	size_t len = strlen(in), o = 0, pad = 0;
	unsigned long v = 0;
	int k = 0;
	char *out = xmalloc(len / 4 * 3 + 4);
	const char *p, *at;

	for (p = in; *p != '\0'; p++) {
		if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
			continue;
		if (*p == '=') {
			/* "xx==" or "xxx=", and nothing after */
			if (k < 2 || ++pad + k > 4)
				goto bad;
			if (pad + k == 4) {
				v <<= 6 * (4 - k);
				out[o++] = (char)(v >> 16);
				if (k == 3)
					out[o++] = (char)(v >> 8 & 255);
				k = 4;
			}
			continue;
		}
		if (pad > 0 || k == 4 || (at = strchr(b64, *p)) == NULL)
			goto bad;
		v = v << 6 | (unsigned long)(at - b64);
		if (++k == 4) {
			out[o++] = (char)(v >> 16);
			out[o++] = (char)(v >> 8 & 255);
			out[o++] = (char)(v & 255);
			k = 0;
			v = 0;
		}
	}
	if (k != 0 && k != 4)
		goto bad;
	out[o] = '\0';
	*n = o;
	return out;
bad:
	free(out);
	return NULL;
}

void
sha256_hex(const void *data, size_t len, char out[65])
{
	unsigned char md[32];

	gcry_md_hash_buffer(GCRY_MD_SHA256, md, data, len);
	hex_encode(md, sizeof(md), out);
}

int
parse_int(const char *s, long lo, long hi, long *out)
{
	char *end;
	long v;

	if (s == NULL || *s == '\0')
		return -1;
	errno = 0;
	v = strtol(s, &end, 10);
	if (errno != 0 || *end != '\0' || v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}

int
skip_digits(const char **p)
{
	const char *s = *p;

	while (**p >= '0' && **p <= '9')
		(*p)++;
	return *p > s;
}

char *
read_input_file(const char *path, size_t max, int flags, size_t *len)
{
	struct stat sb;
	struct strbuf buf;
	char chunk[8192];
	ssize_t n;
	int fd, e;

	/*
	 * O_NONBLOCK: opening a FIFO would otherwise wait for a writer
	 * for ever, holding the game's lock.
	 */
	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC |
	    ((flags & INPUT_NOFOLLOW) ? O_NOFOLLOW : 0));
	if (fd < 0)
		return NULL;
	if (fstat(fd, &sb) != 0) {
		e = errno;
		close(fd);
		errno = e;
		return NULL;
	}
	if (!S_ISREG(sb.st_mode) || (size_t)sb.st_size > max) {
		close(fd);
		errno = S_ISREG(sb.st_mode) ? EFBIG : EINVAL;
		return NULL;
	}
	sb_init(&buf);
	/* the file may grow while it is read: never read more than max */
	while ((n = read(fd, chunk, sizeof(chunk))) != 0) {
		if (n < 0) {
			if (errno == EINTR)
				continue;
			e = errno;
			close(fd);
			sb_release(&buf);
			errno = e;
			return NULL;
		}
		if (buf.len + (size_t)n > max) {
			close(fd);
			sb_release(&buf);
			errno = EFBIG;
			return NULL;
		}
		sb_addn(&buf, chunk, (size_t)n);
	}
	close(fd);
	if (len != NULL)
		*len = buf.len;
	return sb_detach(&buf);
}

const char *
input_error(int err)
{
	switch (err) {
	case ELOOP:
		return "it is a symbolic link (give the file it points to)";
	case EINVAL:
		return "not a regular file";
	case EFBIG:
		return "the file is too large";
	default:
		return strerror(err);
	}
}

/* The length of the UTF-8 sequence at p (at most n bytes), 0 if bad. */
static size_t
utf8_char(const unsigned char *p, size_t n, unsigned long *cp)
{
	size_t len, i;
	unsigned long c;

	if (p[0] < 0x80) {
		*cp = p[0];
		return 1;
	} else if (p[0] >= 0xc2 && p[0] <= 0xdf) {
		len = 2;
		c = p[0] & 0x1f;
	} else if (p[0] >= 0xe0 && p[0] <= 0xef) {
		len = 3;
		c = p[0] & 0x0f;
	} else if (p[0] >= 0xf0 && p[0] <= 0xf4) {
		len = 4;
		c = p[0] & 0x07;
	} else
		return 0;
	if (n < len)
		return 0;
	for (i = 1; i < len; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (p[i] & 0x3f);
	}
	/* overlong forms, surrogates and what lies beyond U+10FFFF */
	if ((len == 3 && c < 0x800) || (len == 4 && c < 0x10000) ||
	    (c >= 0xd800 && c <= 0xdfff) || c > 0x10ffff)
		return 0;
	*cp = c;
	return len;
}

int
text_check(const char *buf, size_t len, int *line, struct strbuf *why)
{
	const unsigned char *p = (const unsigned char *)buf;
	size_t i = 0, k;
	unsigned long c;

	*line = 1;
	while (i < len) {
		k = utf8_char(p + i, len - i, &c);
		if (k == 0) {
			sb_addf(why, "invalid UTF-8 (byte 0x%02x): write the "
			    "text in UTF-8", p[i]);
			return -1;
		}
		if (c == '\n')
			++*line;
		else if (c == 0) {
			sb_add(why, "a NUL byte (this is no text file)");
			return -1;
		} else if ((c < 0x20 && c != '\t' && c != '\r') ||
		    (c >= 0x7f && c <= 0x9f) || c == 0xfffe || c == 0xffff) {
			sb_addf(why, "control character U+%04lX (tab, CR and "
			    "LF are the only ones allowed)", c);
			return -1;
		}
		i += k;
	}
	return 0;
}

/* NAME.tmpXXXXXX as write_temp makes them; any NAME when base is NULL */
static int
is_temp(const char *name, const char *base)
{
	size_t len = strlen(name);
	const char *x = name + len - 6;

	if (len < 11 || strncmp(x - 4, ".tmp", 4) != 0 || (base != NULL &&
	    (len != strlen(base) + 10 || strncmp(name, base, len - 10) != 0)))
		return 0;
	while (isalnum((unsigned char)*x))
		x++;
	return *x == '\0';
}

void
remove_leftover_temps(const char *dir, const char *base, int depth,
    const char *what)
{
	struct dirent *de;
	struct stat sb;
	DIR *d = opendir(dir);

	while (d != NULL && (de = readdir(d)) != NULL) {
		const char *name = de->d_name;
		char *full;

		if (strcmp(name, ".") == 0 || strcmp(name, "..") == 0)
			continue;
		full = xasprintf("%s/%s", dir, name);
		if (is_temp(name, base) && lstat(full, &sb) == 0 &&
		    S_ISREG(sb.st_mode)) {
			if (unlink(full) == 0)
				diag_warn(full, 0, "removed: a temporary file "
				    "left by a run that was stopped while %s",
				    what);
		} else if (base == NULL && depth > 0 &&
		    lstat(full, &sb) == 0 && S_ISDIR(sb.st_mode))
			remove_leftover_temps(full, NULL, depth - 1, what);
		free(full);
	}
	if (d != NULL)
		closedir(d);
}

void
stage_init(struct stage *st)
{
	st->files = NULL;
	st->n = 0;
}

int
stage_file(struct stage *st, const char *path, const void *buf, size_t len,
    unsigned mode)
{
	struct stat sb;
	char *tmp;
	int rc;

	if (path == NULL) {
		st->files = xrealloc(st->files, (st->n + 1) *
		    sizeof(*st->files));
		st->files[st->n].tmp = st->files[st->n].path = NULL;
		st->files[st->n].data = xmalloc(len + 1);
		if (len > 0)
			memcpy(st->files[st->n].data, buf, len);
		st->files[st->n].len = len;
		st->n++;
		return 0;
	}
	if (stat(path, &sb) == 0 && !S_ISREG(sb.st_mode))
		return write_in_place(path, buf, len);
	if ((rc = write_temp(path, buf, len, mode, &tmp)) != 0)
		return rc;
	st->files = xrealloc(st->files, (st->n + 1) * sizeof(*st->files));
	st->files[st->n].tmp = tmp;
	st->files[st->n].path = xstrdup(path);
	st->files[st->n].data = NULL;
	st->n++;
	return 0;
}

int
stage_commit(struct stage *st, const char **failed)
{
	size_t i;
	int rc = 0, e = 0;

	for (i = 0; i < st->n; i++) {
		if (st->files[i].path == NULL) {
			if (rc == 0 && (fwrite(st->files[i].data, 1,
			    st->files[i].len, stdout) != st->files[i].len ||
			    fflush(stdout) != 0)) {
				e = errno;
				rc = -1;
				if (failed != NULL)
					*failed = "standard output";
			}
			continue;
		}
		if (rc == 0 && rename(st->files[i].tmp,
		    st->files[i].path) != 0) {
			e = errno;
			rc = -1;
			if (failed != NULL)
				*failed = st->files[i].path;
			continue;
		}
		if (rc == 0) {
			char *dircopy = xstrdup(st->files[i].path);
			int fd = open(dirname(dircopy), O_RDONLY | O_DIRECTORY);

			if (fd >= 0) {
				fsync(fd);
				close(fd);
			}
			free(dircopy);
			free(st->files[i].tmp);
			st->files[i].tmp = NULL;
		}
	}
	if (rc != 0) {
		/* failed is kept until the caller has used it */
		for (i = 0; i < st->n; i++)
			if (st->files[i].tmp != NULL) {
				unlink(st->files[i].tmp);
				free(st->files[i].tmp);
				st->files[i].tmp = NULL;
			}
		errno = e;
		return -1;
	}
	return 0;
}

void
stage_abort(struct stage *st)
{
	size_t i;

	for (i = 0; i < st->n; i++) {
		if (st->files[i].tmp != NULL) {
			unlink(st->files[i].tmp);
			free(st->files[i].tmp);
		}
		free(st->files[i].path);
		free(st->files[i].data);
	}
	free(st->files);
	stage_init(st);
}

/* Whether len bytes are well-formed UTF-8 (no overlong forms, no
 * surrogates, nothing above U+10FFFF, no NUL), as g_utf8_validate. */
static int
utf8_valid(const unsigned char *s, size_t len)
{
	size_t i = 0, n, k;
	unsigned long c;

	while (i < len) {
		if (s[i] == 0)
			return 0;
		if (s[i] < 0x80) {
			i++;
			continue;
		}
		if ((s[i] & 0xe0) == 0xc0) {
			n = 1;
			c = s[i] & 0x1f;
		} else if ((s[i] & 0xf0) == 0xe0) {
			n = 2;
			c = s[i] & 0x0f;
		} else if ((s[i] & 0xf8) == 0xf0) {
			n = 3;
			c = s[i] & 0x07;
		} else
			return 0;
		for (k = 1; k <= n; k++) {
			if (i + k >= len || (s[i + k] & 0xc0) != 0x80)
				return 0;
			c = c << 6 | (s[i + k] & 0x3f);
		}
		if ((n == 1 && c < 0x80) || (n == 2 && c < 0x800) ||
		    (n == 3 && c < 0x10000) || c > 0x10ffff ||
		    (c >= 0xd800 && c <= 0xdfff))
			return 0;
		i += n + 1;
	}
	return 1;
}

/* Converts with iconv; NULL when a byte has no character in from. */
static char *
convert(const char *text, size_t len, const char *from)
{
	iconv_t cd = iconv_open("UTF-8", from);
	char *in = (char *)text, *out, *o;
	size_t inleft = len, outleft = 4 * len + 1, r;

	if (cd == (iconv_t)-1)
		return NULL;
	out = o = xmalloc(outleft);
	r = iconv(cd, &in, &inleft, &o, &outleft);
	iconv_close(cd);
	if (r == (size_t)-1) {
		free(out);
		return NULL;
	}
	*o = '\0';
	return out;
}

char *
text_to_utf8(const char *text, size_t len)
{
	char *out;

	if (utf8_valid((const unsigned char *)text, len))
		return NULL;
	/* Windows-1252, the superset mail clients send as ISO-8859-1 */
	out = convert(text, len, "WINDOWS-1252");
	if (out == NULL)	/* bytes 1252 leaves undefined */
		out = convert(text, len, "ISO-8859-1");
	return out != NULL ? out : xstrdup("");
}

char *
make_temp_dir(void)
{
	static const char *const where[] = { "/dev/shm", "/tmp" };
	char *dir;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(where); i++) {
		dir = xasprintf("%s/aor.XXXXXX", where[i]);
		if (mkdtemp(dir) != NULL)
			return dir;
		free(dir);
	}
	return NULL;
}

/* Names as players write them, for every game. */

void
name_fold(const char *in, char *out, size_t outlen, int umlaut_e)
{
	const unsigned char *s = (const unsigned char *)in;
	size_t o = 0;

	while (*s && o + 3 < outlen) {
		if (s[0] == 0xc3 && s[1] != 0) {
			const char *rep = NULL;

			switch (s[1]) {
			case 0xa4: case 0x84: rep = umlaut_e ? "ae" : "a"; break;
			case 0xb6: case 0x96: rep = umlaut_e ? "oe" : "o"; break;
			case 0xbc: case 0x9c: rep = umlaut_e ? "ue" : "u"; break;
			case 0x9f: rep = "ss"; break;
			default: break;
			}
			if (rep != NULL) {
				while (*rep)
					out[o++] = *rep++;
			}
			s += 2;
			continue;
		}
		if (isalnum(*s))
			out[o++] = (char)tolower(*s);
		s++;
	}
	out[o] = '\0';
}

size_t
edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), i, j;
	size_t *row = xcalloc(lb + 1, sizeof(*row)), d;

	for (j = 0; j <= lb; j++)
		row[j] = j;
	for (i = 1; i <= la; i++) {
		size_t diag_prev = row[0];

		row[0] = i;
		for (j = 1; j <= lb; j++) {
			size_t up = row[j], best;

			best = diag_prev + (a[i - 1] != b[j - 1]);
			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			diag_prev = up;
			row[j] = best;
		}
	}
	d = row[lb];
	free(row);
	return d;
}
