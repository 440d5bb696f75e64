/*
 * dice.c - the HMAC-SHA256 draw generator (R30) and seed files.
 */
#include "dice.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include <gcrypt.h>

#include "util.h"

void
dice_init(struct dice *d, const char *game_id)
{
	memset(d, 0, sizeof(*d));
	d->game_id = xstrdup(game_id);
}

void
draw_release(struct draw *dr)
{
	free(dr->purpose);
	dr->purpose = NULL;
}

void
dice_log_clear(struct dice *d)
{
	size_t i;

	for (i = 0; i < d->nlog; i++)
		draw_release(&d->log[i]);
	d->nlog = 0;
}

static void
held_clear(struct dice *d)
{
	size_t i;

	for (i = 0; i < d->nheld; i++)
		free(d->held[i]);
	free(d->held);
	d->held = NULL;
	d->nheld = 0;
}

void
dice_release(struct dice *d)
{
	held_clear(d);
	dice_log_clear(d);
	free(d->log);
	free(d->game_id);
	free(d->entropy);
	free(d->error);
	memset(d, 0, sizeof(*d));
}

static void
hmac_bytes(const unsigned char key[SEED_BYTES], const void *msg, size_t len,
    unsigned char out[32])
{
	gcry_mac_hd_t h;
	size_t olen = 32;

	if (gcry_mac_open(&h, GCRY_MAC_HMAC_SHA256, 0, NULL) != 0 ||
	    gcry_mac_setkey(h, key, SEED_BYTES) != 0 ||
	    gcry_mac_write(h, msg, len) != 0 ||
	    gcry_mac_read(h, out, &olen) != 0) {
		fprintf(stderr, "adjudicator: libgcrypt HMAC failed\n");
		abort();
	}
	gcry_mac_close(h);
}

static void
derive_key(struct dice *d)
{
	if (d->entropy_len == 0)
		memcpy(d->key, d->seed, SEED_BYTES);
	else
		hmac_bytes(d->seed, d->entropy, d->entropy_len, d->key);
}

void
dice_set_key(struct dice *d, const unsigned char seed[SEED_BYTES])
{
	memcpy(d->seed, seed, SEED_BYTES);
	d->have_key = 1;
	derive_key(d);
}

void
dice_add_entropy(struct dice *d, const char *text)
{
	size_t n = strlen(text);

	d->entropy = xrealloc(d->entropy, d->entropy_len + n + 2);
	memcpy(d->entropy + d->entropy_len, text, n);
	d->entropy[d->entropy_len + n] = '\n';
	d->entropy_len += n + 1;
	d->entropy[d->entropy_len] = '\0';
	derive_key(d);
}

void
dice_hold_entropy(struct dice *d, const char *text, int run)
{
	if (d->nheld > 0 && d->held_run != run)
		dice_flush_entropy(d);
	d->held = xrealloc(d->held, (d->nheld + 1) * sizeof(*d->held));
	d->held[d->nheld++] = xstrdup(text);
	d->held_run = run;
}

static int
by_bytes(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void
dice_flush_entropy(struct dice *d)
{
	size_t i;

	if (d->nheld == 0)
		return;
	qsort(d->held, d->nheld, sizeof(*d->held), by_bytes);
	for (i = 0; i < d->nheld; i++)
		dice_add_entropy(d, d->held[i]);
	held_clear(d);
}

void
dice_set_script(struct dice *d, const struct draw *script, size_t n,
    int verify)
{
	d->script = script;
	d->nscript = n;
	d->script_pos = 0;
	d->verify = verify;
}


unsigned
dice_compute(const unsigned char key[SEED_BYTES], const char *game_id,
    unsigned n, unsigned range)
{
	uint64_t limit = ((uint64_t)1 << 32) / range * range;
	unsigned k;

	for (k = 0;; k++) {
		unsigned char block[32];
		char msg[256];
		int i;

		snprintf(msg, sizeof(msg), "%s:%u:%u", game_id, n, k);
		hmac_bytes(key, msg, strlen(msg), block);
		for (i = 0; i < 32; i += 4) {
			uint32_t w = (uint32_t)block[i] << 24 |
			    (uint32_t)block[i + 1] << 16 |
			    (uint32_t)block[i + 2] << 8 | block[i + 3];

			if (w < limit)
				return (unsigned)(w % range);
		}
	}
}

static void
set_error(struct dice *d, char *msg)
{
	if (d->error == NULL)
		d->error = msg;
	else
		free(msg);
}

static unsigned
draw_va(struct dice *d, unsigned range, const char *fmt, va_list ap)
{
	struct strbuf purpose;
	struct draw *dr;
	unsigned n = d->next++, value = 0;
	int have_value = 0;

	sb_init(&purpose);
	sb_vaddf(&purpose, fmt, ap);
	if (d->script != NULL && d->script_pos < d->nscript) {
		const struct draw *rec = &d->script[d->script_pos++];

		if (rec->range != 0 && (rec->n != n || rec->range != range))
			set_error(d, xasprintf("recorded draw %u (range %u, "
			    "%s) does not fit draw %u (range %u, %s)", rec->n,
			    rec->range, rec->purpose ? rec->purpose : "?", n,
			    range, purpose.buf));
		else if (rec->value >= range)
			set_error(d, xasprintf("recorded draw %u has value "
			    "%u outside [0, %u)", n, rec->value, range));
		else {
			value = rec->value;
			have_value = 1;
		}
		if (d->verify && d->have_key) {
			unsigned v = dice_compute(d->key, d->game_id, n, range);

			if (have_value && v != value)
				set_error(d, xasprintf("draw %u (%s): the game "
				    "file records %u, the seed gives %u", n,
				    purpose.buf, value, v));
			value = v;
			have_value = 1;
		}
	}
	if (!have_value) {
		if (d->have_key)
			value = dice_compute(d->key, d->game_id, n, range);
		else
			set_error(d, xasprintf("draw %u (%s) needs the game's "
			    "seed (give --seed-file)", n, purpose.buf));
	}
	if (d->nlog == d->alog) {
		d->alog = d->alog ? 2 * d->alog : 16;
		d->log = xrealloc(d->log, d->alog * sizeof(*d->log));
	}
	dr = &d->log[d->nlog++];
	dr->n = n;
	dr->range = range;
	dr->value = value;
	dr->purpose = sb_detach(&purpose);
	return value;
}

unsigned
dice_draw(struct dice *d, unsigned range, const char *fmt, ...)
{
	va_list ap;
	unsigned v;

	va_start(ap, fmt);
	v = draw_va(d, range, fmt, ap);
	va_end(ap);
	return v;
}

unsigned
dice_roll(struct dice *d, unsigned sides, const char *fmt, ...)
{
	va_list ap;
	unsigned v;

	va_start(ap, fmt);
	v = draw_va(d, sides, fmt, ap);
	va_end(ap);
	return v + 1;
}

int
seed_read_file(const char *path, unsigned char seed[SEED_BYTES])
{
	/* a regular file of a few bytes: a FIFO would hang the locked run */
	char *text = read_input_file(path, 4096, 0, NULL);
	char *s, *e;
	int rc;

	if (text == NULL)
		return -1;
	s = text;
	while (isspace((unsigned char)*s))
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = '\0';
	rc = hex_decode(s, seed, SEED_BYTES);
	free(text);
	if (rc != 0)
		errno = EINVAL;
	return rc;
}

int
seed_generate(unsigned char seed[SEED_BYTES])
{
	size_t got = 0;

	while (got < SEED_BYTES) {
		ssize_t n = getrandom(seed + got, SEED_BYTES - got, 0);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		got += (size_t)n;
	}
	return 0;
}

void
seed_commitment(const unsigned char seed[SEED_BYTES], char out[65])
{
	sha256_hex(seed, SEED_BYTES, out);
}
