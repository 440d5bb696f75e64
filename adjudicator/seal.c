/*
 * seal.c - sealed picks and the sealed seed; their reveal (R39).
 */
#define _DEFAULT_SOURCE
#include "game.h"
#include "game-internal.h"

#include <string.h>

#include "diag.h"
#include "pgp.h"
#include "util.h"

/*
 * Every sealed pick applied so far that the rules reveal now (the
 * module's may_reveal; Age of Reason: once no combat is under way, R39)
 * has its opened text recorded, so that replays need the moderator's
 * key no more.
 */
void
open_sealed(struct game *g, const char *now)
{
	size_t k, i, n = g->nhist;
	struct entry *e;

	for (k = 0; k < n; k++) {
		if (g->hist[k].kind != EN_ORDER || g->hist[k].plain == NULL ||
		    g->hist[k].opened || !g->module->may_reveal(g->st,
		    g->hist[k].step, g->hist[k].country))
			continue;
		g->hist[k].opened = 1;
		e = new_entry(g, EN_UNSEAL, now);
		e->of = (int)k;
		e->country = g->hist[k].country;
		snprintf(e->step, sizeof(e->step), "%s", g->hist[k].step);
		e->text = xstrdup(g->hist[k].plain);
		for (i = 0; i < g->nopened; i++)
			if (strstr(g->hist[k].text, g->opened[i].armor) != NULL)
				e->session_key =
				    xstrdup(g->opened[i].session_key);
		g->module->state_digest(g->st, e->digest);
	}
}

void
game_publish_session_keys(struct game *g, const char *now)
{
	struct pgp *p = NULL;
	struct strbuf err;
	char *plain, *sk;
	size_t k, i, n = g->nhist, missing = 0;
	struct entry *e;

	if (!g->module->over(g->st) || !g->dice.have_key)
		return;
	sb_init(&err);
	for (k = 0; k < n; k++) {
		const struct entry *r = &g->hist[k];

		if (r->kind != EN_RECEIVED || r->entity != NULL ||
		    r->text == NULL || !armor_encrypted(r->text))
			continue;
		for (i = k + 1; i < g->nhist; i++)
			if (g->hist[i].kind == EN_UNSEAL &&
			    g->hist[i].of == (int)k)
				break;
		if (i < g->nhist)
			continue;	/* published already */
		sb_reset(&err);
		plain = sk = NULL;
		if ((p == NULL && (p = game_moderator(g, &err)) == NULL) ||
		    pgp_decrypt_session(p, r->text, NULL, &plain, &sk,
		    &err) != 0) {
			missing++;
			free(plain);
			continue;
		}
		free(plain);
		e = new_entry(g, EN_UNSEAL, now);
		e->of = (int)k;
		e->country = g->hist[k].country;
		e->session_key = sk;
		g->module->state_digest(g->st, e->digest);
	}
	if (missing > 0)
		diag_warn(g->path, 0, "the session keys of %zu order messages "
		    "encrypted to the moderator were not published (%s): "
		    "verify cannot check their signatures without the "
		    "moderator's key; run again with it in GNUPGHOME",
		    missing, err.buf);
	sb_release(&err);
}


/* The armoured PGP message in a text, or NULL. */
char *
pgp_armor_in(const char *text)
{
	const char *a = strstr(text, "-----BEGIN PGP MESSAGE-----"), *b;

	b = a ? strstr(a, "-----END PGP MESSAGE-----") : NULL;
	return b ? xasprintf("%.*s", (int)(b - a) + 25, a) : NULL;
}

int
game_encrypt_to(const char *key, const char *text, char **armored,
    struct strbuf *err)
{
	struct pgp *p = NULL;
	char fpr[PGP_FPR_LEN + 1];
	int rc = -1;

	if (pgp_open(&p, NULL, err) != 0)
		return -1;
	if (pgp_import(p, key, fpr, err) == 0)
		rc = pgp_encrypt(p, fpr, text, armored, err);
	pgp_close(p);
	return rc;
}

int
game_encrypt_for(struct game *g, int country, const char *text,
    char **armored, struct strbuf *err)
{
	struct strbuf ignore;
	const char *home;

	sb_init(&ignore);
	home = game_keyring(g, &ignore);
	sb_release(&ignore);
	if (home != NULL && pgp_encrypt_home(home, g->key_fpr[country], text,
	    armored) == 0)
		return 0;
	return game_encrypt_to(g->key_text[country], text, armored, err);
}

int
game_seal_text(struct game *g, const char *text, char **armored,
    struct strbuf *err)
{
	if (g->moderator_key == NULL) {
		sb_add(err, "the game has no moderator's key to seal to");
		return -1;
	}
	return game_encrypt_to(g->moderator_key, text, armored, err);
}

/*
 * Issue 9: a sealed text names, on its first lines, the game, country and
 * step it was sealed for ("GAME id", "COUNTRY name", "STEP step", as an
 * order file starts), so that a ciphertext copied under another player's
 * or another step's STEP line is refused.  Returns 1 when the lines are
 * there and match, 0 when the text has no such lines (sealed before they
 * were written), -1 with err when they name anything else.  The reason
 * never tells what they name (R39).
 */
int
game_sealed_binding(const struct game *g, const char *plain, int country,
    const char *step, struct strbuf *err)
{
	char *copy = xstrdup(plain), *p, *next, *line, *e;
	char canon[32];
	const char *want[3] = { "GAME", "COUNTRY", "STEP" };
	struct strbuf ignore;
	int i = 0, ok = 1;

	sb_init(&ignore);
	for (p = copy; p != NULL && i < 3; p = next) {
		next = strchr(p, '\n');
		if (next != NULL)
			*next++ = '\0';
		if ((e = strchr(p, '#')) != NULL)
			*e = '\0';
		for (line = p; *line == ' ' || *line == '\t' || *line == '\r';
		    line++)
			;
		e = line + strlen(line);
		while (e > line && (e[-1] == ' ' || e[-1] == '\t' ||
		    e[-1] == '\r'))
			*--e = '\0';
		if (*line == '\0')
			continue;
		if (strlen(line) <= strlen(want[i]) ||
		    !str_iprefix(want[i], line) ||
		    (line[strlen(want[i])] != ' ' &&
		    line[strlen(want[i])] != '\t'))
			break;
		for (line += strlen(want[i]); *line == ' ' || *line == '\t';
		    line++)
			;
		if (i == 0)
			ok &= strcmp(line, g->id) == 0;
		else if (i == 1)
			ok &= g->module->country_find(g->rs, line, &ignore) ==
			    country;
		else
			ok &= g->module->parse_step(line, canon, sizeof(canon),
			    &ignore) == 0 && strcmp(canon, step) == 0;
		i++;
	}
	free(copy);
	sb_release(&ignore);
	if (i == 0)
		return 0;
	if (i == 3 && ok)
		return 1;
	sb_add(err, i < 3 ? "its first lines must name its GAME, COUNTRY "
	    "and STEP, in this order (see adjudicator-orders(5))" :
	    "it was sealed for another game, country or step: a sealed "
	    "pick counts only under the STEP line it was sealed for");
	return -1;
}

/*
 * The base64 body of the first armoured PGP message in text, without its
 * header lines, checksum and line ends (caller frees), or NULL: two
 * copies of one ciphertext compare equal however they were re-wrapped.
 */
static char *
armor_body(const char *text)
{
	const char *p = strstr(text, "-----BEGIN PGP MESSAGE-----"), *nl;
	struct strbuf sb;
	int in_body = 0;

	if (p == NULL)
		return NULL;
	sb_init(&sb);
	for (p = strchr(p, '\n'); p != NULL && *p != '\0'; p = nl) {
		const char *s = p + 1, *q;

		nl = strchr(s, '\n');
		if (nl == NULL)
			nl = s + strlen(s);
		if (strncmp(s, "-----END PGP MESSAGE-----", 25) == 0)
			break;
		q = s;
		while (q < nl && (*q == ' ' || *q == '\t' || *q == '\r'))
			q++;
		if (!in_body) {
			/* headers ("Version: ...") end at a blank line */
			if (q == nl)
				in_body = 1;
			continue;
		}
		if (*s == '=')
			continue;	/* the checksum */
		for (; s < nl; s++)
			if (*s != ' ' && *s != '\t' && *s != '\r')
				sb_addc(&sb, *s);
		if (*nl == '\0')
			break;
	}
	if (sb.len == 0) {
		sb_release(&sb);
		return NULL;
	}
	return sb_detach(&sb);
}

int
game_holds_sealed(const struct game *g, const char *text)
{
	char *body = armor_body(text), *other;
	size_t k;
	int found = -1;

	if (body == NULL)
		return -1;
	for (k = 0; k < g->nhist && found == -1; k++) {
		const struct entry *e = &g->hist[k];

		if ((e->kind != EN_ORDER && e->kind != EN_REJECTED) ||
		    e->text == NULL ||
		    (other = armor_body(e->text)) == NULL)
			continue;
		if (strcmp(body, other) == 0)
			found = (int)k;
		free(other);
	}
	for (k = 0; k < g->nqueue && found == -1; k++) {
		if (g->queue[k].o.text == NULL ||
		    (other = armor_body(g->queue[k].o.text)) == NULL)
			continue;
		if (strcmp(body, other) == 0)
			found = (int)g->nhist;
		free(other);
	}
	free(body);
	return found;
}

/* Opens a sealed pick: from its EN_UNSEAL record, or with the key. */
int
unseal_cb(void *ctx, const char *armor, int country, const char *step,
    char **plain, struct strbuf *err)
{
	struct game *g = ctx;
	struct pgp *p;
	size_t k, len;
	char *trimmed = xstrdup(armor), *sk = NULL;
	int bound;

	/* stored texts lose their last newline */
	len = strlen(trimmed);
	while (len > 0 && (trimmed[len - 1] == '\n' || trimmed[len - 1] == ' '))
		trimmed[--len] = '\0';
	for (k = 0; k < g->nhist; k++) {
		const struct entry *u = &g->hist[k];

		if (u->kind == EN_UNSEAL && u->of >= 0 &&
		    (size_t)u->of < g->nhist && g->hist[u->of].text != NULL &&
		    strstr(g->hist[u->of].text, trimmed) != NULL) {
			*plain = xstrdup(u->text ? u->text : "");
			free(trimmed);
			return 0;
		}
	}
	p = game_moderator(g, err);
	if (p == NULL || pgp_decrypt_session(p, armor, NULL, plain, &sk,
	    err) != 0) {
		sb_add(err, " (opening a sealed pick needs the moderator's "
		    "secret key in GNUPGHOME)");
		free(trimmed);
		return -1;
	}
	/* kept so that the reveal can publish it (verify checks it) */
	g->opened = xrealloc(g->opened, (g->nopened + 1) * sizeof(*g->opened));
	g->opened[g->nopened].armor = trimmed;
	g->opened[g->nopened].session_key = sk;
	g->nopened++;
	len = strlen(*plain);
	if (len == 0 || len % PGP_PAD_BLOCK != 0) {
		sb_addf(err, "a sealed pick must be padded to a multiple of %d "
		    "bytes, so that its size cannot betray it (see "
		    "adjudicator-orders(5))", PGP_PAD_BLOCK);
		free(*plain);
		*plain = NULL;
		return -1;
	}
	pgp_unpad(*plain);
	/*
	 * Orders arriving now must be bound to their place; texts already
	 * in a game made before the binding existed are not (issue 9).
	 */
	bound = game_sealed_binding(g, *plain, country, step, err);
	if (bound < 0 || (bound == 0 && (g->sealing_bound || g->intake))) {
		if (bound == 0)
			sb_add(err, "it does not name its GAME, COUNTRY and "
			    "STEP on its first lines, which adjudicator seal "
			    "writes (see adjudicator-orders(5))");
		free(*plain);
		*plain = NULL;
		return -1;
	}
	return 0;
}

/*
 * The seeds this process has opened, by the SHA-256 of their sealed
 * text: a cron step of a club loads each game several times (issue
 * 18.9), and each load would start a gpg to open the same seed again.
 * They stay in this process's memory, where the dice hold them anyway.
 */
static struct opened_seed {
	char sealed[65];
	unsigned char seed[SEED_BYTES];
} *opened_seeds;
static size_t nopened_seeds;

/* The seed in an opened sealed seed's text (padded hex); 0 or -1. */
static int
seed_of_plain(char *plain, unsigned char seed[SEED_BYTES])
{
	char *s, *e;

	pgp_unpad(plain);
	for (s = plain; *s == ' ' || *s == '\n'; s++)
		;
	for (e = s; (*e >= '0' && *e <= '9') || (*e >= 'a' && *e <= 'f');
	    e++)
		;
	*e = '\0';
	return hex_decode(s, seed, SEED_BYTES);
}

static const struct opened_seed *
opened_seed(const char sealed[65])
{
	size_t i;

	for (i = 0; i < nopened_seeds; i++)
		if (strcmp(opened_seeds[i].sealed, sealed) == 0)
			return &opened_seeds[i];
	return NULL;
}

static void
keep_seed(const char sealed[65], const unsigned char seed[SEED_BYTES])
{
	opened_seeds = xrealloc(opened_seeds, (nopened_seeds + 1) *
	    sizeof(*opened_seeds));
	memcpy(opened_seeds[nopened_seeds].sealed, sealed, 65);
	memcpy(opened_seeds[nopened_seeds].seed, seed, SEED_BYTES);
	nopened_seeds++;
}

void
game_open_seeds(const char *const *sealed, size_t n)
{
	const char **todo = xcalloc(n + 1, sizeof(*todo));
	char (*digest)[65] = xcalloc(n + 1, sizeof(*digest));
	char **plains, *path;
	unsigned char seed[SEED_BYTES];
	size_t i, m = 0;

	for (i = 0; i < n; i++) {
		sha256_hex(sealed[i], strlen(sealed[i]), digest[m]);
		if (opened_seed(digest[m]) == NULL)
			todo[m++] = sealed[i];
	}
	if (m > 0) {
		path = game_moderator_home();
		plains = xcalloc(m, sizeof(*plains));
		pgp_decrypt_home_all(path, todo, m, plains);
		/*
		 * Kept by what was sealed, whatever its game: game_find_seed
		 * takes a seed only where the game's commitment says it is
		 * the game's (R30).
		 */
		for (i = 0; i < m; i++) {
			if (plains[i] != NULL && opened_seed(digest[i]) ==
			    NULL && seed_of_plain(plains[i], seed) == 0)
				keep_seed(digest[i], seed);
			free(plains[i]);
		}
		free(plains);
		free(path);
	}
	free(todo);
	free(digest);
}

int
game_find_seed(struct game *g)
{
	const struct opened_seed *o;
	struct strbuf err;
	struct pgp *p;
	unsigned char seed[SEED_BYTES];
	char *plain = NULL, commit[65], sealed[65];

	if (g->dice.have_key)
		return 1;
	if (g->sealed_seed == NULL)
		return 0;
	sha256_hex(g->sealed_seed, strlen(g->sealed_seed), sealed);
	/*
	 * One gpg, as for the seeds of many games: a GPGME context would
	 * first start six GnuPG programs of its own (gpgconf three times,
	 * gpg and gpgsm --version: its version checks), and a run with no
	 * sealed pick to open needs no other secret-key work.  The context
	 * below is tried when gpg did not open it.
	 */
	if (opened_seed(sealed) == NULL)
		game_open_seeds((const char *const *)&g->sealed_seed, 1);
	if ((o = opened_seed(sealed)) != NULL) {
		seed_commitment(o->seed, commit);
		if (strcmp(commit, g->commitment) == 0)
			dice_set_key(&g->dice, o->seed);
		return g->dice.have_key;
	}
	sb_init(&err);
	p = game_moderator(g, &err);
	if (p != NULL && pgp_decrypt(p, g->sealed_seed, &plain, &err) == 0 &&
	    seed_of_plain(plain, seed) == 0) {
		seed_commitment(seed, commit);
		if (strcmp(commit, g->commitment) == 0) {
			dice_set_key(&g->dice, seed);
			keep_seed(sealed, seed);
		}
	}
	free(plain);
	sb_release(&err);
	return g->dice.have_key;
}
