/*
 * dice.h - the game's one door to randomness (R30).
 *
 * Draw n (n = 0, 1, 2, ...) of a value in [0, m) computes
 * HMAC-SHA256(key, "<game-id>:<n>:<k>") for k = 0, 1, ... and reads the
 * 32-byte results as big-endian 32-bit words in order; a word w is
 * rejected while w >= floor(2^32 / m) * m, and the first accepted word
 * gives w mod m.  The key is the game's 32-byte secret seed.
 *
 * A dice object works in one of three ways, chosen by what it is given:
 * - live: a key and no script; every draw is computed;
 * - playback: a script of recorded draws; each draw returns the recorded
 *   value (after checking its number and range), and draws past the end of
 *   the script are computed from the key if there is one;
 * - verify: a script and a key; each draw is computed and compared with
 *   the recorded one.
 * Every draw made is appended to the log, which the caller takes after
 * each step to record it in the game's history.
 *
 * Players' entropy (R30, issue 4): from the first ENTROPY line accepted,
 * the key is HMAC-SHA256(seed, E) where E is every entropy text accepted so
 * far, in order of acceptance, each followed by one newline (0x0a).
 * Issue 17.10, games of dice rule 2 (adjudicator-game(5)): the texts of
 * one run join E together, sorted by their bytes, so that the order in
 * which the moderator gives the run its files chooses nothing: the game
 * holds each (dice_hold_entropy) and lets them join before the next
 * entry that is not one of the run's intake (dice_flush_entropy).
 */
#ifndef DICE_H
#define DICE_H

#include <stddef.h>

#define SEED_BYTES 32
/*
 * The dice rule new games are made under (adjudicator-game(5), the
 * attribute dice): 1 the first; 2 since issue 17 (9, 10).
 */
#define DICE_RULE_CURRENT 2

struct draw {
	unsigned n;		/* draw number */
	unsigned range;		/* m: the value is in [0, m) */
	unsigned value;
	char *purpose;		/* owned */
};

struct dice {
	char *game_id;		/* owned */
	unsigned char seed[SEED_BYTES];
	unsigned char key[SEED_BYTES];	/* the seed, or HMAC(seed, entropy) */
	int have_key;
	char *entropy;		/* owned: the entropy texts so far */
	size_t entropy_len;
	char **held;		/* owned: texts held until the run's end */
	size_t nheld;
	int held_run;		/* the run they came in */
	int verify;		/* compare computed draws with the script */
	unsigned next;		/* number of the next draw */
	const struct draw *script;	/* borrowed, may be NULL */
	size_t nscript;
	size_t script_pos;
	struct draw *log;	/* owned, draws since dice_log_clear */
	size_t nlog, alog;
	char *error;		/* owned, first problem met, or NULL */
};

void dice_init(struct dice *d, const char *game_id);
void dice_release(struct dice *d);
void dice_set_key(struct dice *d, const unsigned char key[SEED_BYTES]);
/* Appends one player's entropy text and derives the key anew. */
void dice_add_entropy(struct dice *d, const char *text);
/*
 * Dice rule 2: holds one entropy text of run; one of another run lets
 * those held join first.
 */
void dice_hold_entropy(struct dice *d, const char *text, int run);
/* The texts held join the key, sorted by their bytes (strcmp). */
void dice_flush_entropy(struct dice *d);
/* Borrows script (it must outlive the dice's use of it). */
void dice_set_script(struct dice *d, const struct draw *script, size_t n,
    int verify);

/*
 * Draws a value in [0, range).  On a problem (no key for a needed draw, a
 * recorded draw that does not fit, a verify mismatch) the first problem is
 * kept in d->error and a value in range is still returned, so that callers
 * finish their step; the caller checks d->error afterwards.
 */
unsigned dice_draw(struct dice *d, unsigned range, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* A die of sides faces: 1..sides. */
unsigned dice_roll(struct dice *d, unsigned sides, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* The pure function behind the generator, for tests and documentation. */
unsigned dice_compute(const unsigned char key[SEED_BYTES], const char *game_id,
    unsigned n, unsigned range);

void dice_log_clear(struct dice *d);
void draw_release(struct draw *dr);

/* Reads a seed file: 64 hex digits (surrounding white space allowed). */
int seed_read_file(const char *path, unsigned char seed[SEED_BYTES]);
/* Fills seed from the system's random source; 0 on success. */
int seed_generate(unsigned char seed[SEED_BYTES]);
/* SHA-256 commitment of the seed as hex. */
void seed_commitment(const unsigned char seed[SEED_BYTES], char out[65]);

#endif
