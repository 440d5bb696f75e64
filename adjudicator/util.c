/*
 * util.c - allocation wrappers, string buffers, hex and hashing helpers.
 */
#include "util.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gcrypt.h>

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
xasprintf(const char *fmt, ...)
{
	struct strbuf sb;
	va_list ap;

	sb_init(&sb);
	va_start(ap, fmt);
	sb_vaddf(&sb, fmt, ap);
	va_end(ap);
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

static int
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

int
write_file_atomic(const char *path, const void *buf, size_t len,
    unsigned mode)
{
	struct stat sb;
	char *tmp, *dircopy;
	int fd, e;

	if (stat(path, &sb) == 0 && !S_ISREG(sb.st_mode)) {
		fd = open(path, O_WRONLY);
		if (fd < 0)
			return -2;
		if (write_all(fd, buf, len) != 0) {
			e = errno;
			close(fd);
			errno = e;
			return -2;
		}
		return close(fd) == 0 ? 0 : -2;
	}
	tmp = xasprintf("%s.tmpXXXXXX", path);
	fd = mkstemp(tmp);
	if (fd < 0) {
		free(tmp);
		return -1;
	}
	fchmod(fd, (mode_t)mode);
	if (write_all(fd, buf, len) != 0 || fsync(fd) != 0) {
		e = errno;
		close(fd);
		unlink(tmp);
		free(tmp);
		errno = e;
		return -2;
	}
	if (close(fd) != 0 || rename(tmp, path) != 0) {
		e = errno;
		unlink(tmp);
		free(tmp);
		errno = e;
		return -2;
	}
	free(tmp);
	dircopy = xstrdup(path);
	fd = open(dirname(dircopy), O_RDONLY | O_DIRECTORY);
	if (fd >= 0) {
		fsync(fd);
		close(fd);
	}
	free(dircopy);
	return 0;
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
