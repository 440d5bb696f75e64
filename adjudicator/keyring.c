/*
 * keyring.c - registered keys, revocations, GAME.xml.keys/, and the
 * verdicts verified ahead.
 */
#define _DEFAULT_SOURCE
#include "game.h"
#include "game-internal.h"

#include <errno.h>
#include <string.h>

#include "diag.h"
#include "pgp.h"
#include "util.h"

static const char *make_keyring(struct game *g, const char *const *texts,
    size_t n, struct strbuf *err);

/* Keys and signatures (issue 4). */

void
apply_key(struct game *g, const struct entry *e)
{
	if (e->country == NO_COUNTRY) {
		snprintf(g->moderator_fpr, sizeof(g->moderator_fpr), "%s",
		    e->fpr);
		g->moderator_key = e->text;
	} else {
		snprintf(g->key_fpr[e->country], sizeof(g->key_fpr[0]), "%s",
		    e->fpr);
		g->key_text[e->country] = e->text;
		g->key_revoked[e->country] = NULL;
	}
}

void
apply_revoke(struct game *g, const struct entry *e)
{
	if (e->country >= 0) {
		g->key_revoked[e->country] = e->text;
		g->key_revoked_at[e->country] = e->n;
	}
}

/*
 * Issue 17.8: a key revoked is never registered again, and a key is one
 * country's or the moderator's, ever: a player holding another's key
 * would sign for both, and the moderator's opens every sealed pick.
 * 0, or -1 with err.
 */
static int
key_taken(const struct game *g, int country, const char *fpr,
    struct strbuf *err)
{
	size_t k;

	for (k = 0; k < g->nhist; k++) {
		const struct entry *e = &g->hist[k];

		if (strcmp(e->fpr, fpr) != 0)
			continue;
		if (e->kind == EN_REVOKE) {
			sb_addf(err, "key %s is revoked (history entry %d): a "
			    "revoked key is never registered again; the "
			    "player makes a new key", fpr, e->n);
			return -1;
		}
		if (e->kind == EN_KEY && e->country != country) {
			sb_addf(err, "key %s is registered for %s already "
			    "(history entry %d): one key, one country",
			    fpr, e->country == NO_COUNTRY ? "the moderator" :
			    game_country_name(g, e->country), e->n);
			return -1;
		}
	}
	return 0;
}

/*
 * Issue 17.5: the orders of country still queued were signed with the
 * key that is replaced or revoked now, perhaps by whoever took it: each
 * is recorded as rejected, with what to do, and leaves the queue.  The
 * player sends them again, signed with the new key, and no time of the
 * old key's stands in the way (R38 compares signing times in the queue).
 */
static void
void_queued(struct game *g, int country, const char *how, const char *now)
{
	size_t i = 0;
	char *why;

	why = xasprintf("voided: signed with key %s, %s since; send it "
	    "again, signed with the new key", g->key_fpr[country], how);
	while (i < g->nqueue) {
		if (g->queue[i].o.country != country) {
			i++;
			continue;
		}
		game_reject(g, &g->queue[i].o, why, now);
		order_release(&g->queue[i].o);
		queue_remove(g, i);
	}
	free(why);
}

int
game_revoke_key(struct game *g, int country, const char *armored,
    const char *now, struct strbuf *err)
{
	struct pgp *p = NULL;
	struct entry *e;
	char fpr[PGP_FPR_LEN + 1];
	int rc = -1;

	if (country < 0 || g->key_text[country] == NULL) {
		sb_add(err, "no key is registered for this country");
		return -1;
	}
	if (g->key_revoked[country] != NULL) {
		sb_addf(err, "key %s is revoked already (history entry %d)",
		    g->key_fpr[country], g->key_revoked_at[country]);
		return -1;
	}
	if (pgp_open(&p, NULL, err) != 0)
		return -1;
	if (pgp_import(p, g->key_text[country], fpr, err) != 0 ||
	    pgp_import_revocation(p, armored, g->key_fpr[country], err) != 0)
		goto out;
	void_queued(g, country, "revoked", now);
	e = new_entry(g, EN_REVOKE, now);
	e->country = country;
	snprintf(e->fpr, sizeof(e->fpr), "%s", g->key_fpr[country]);
	e->text = xstrdup(armored);
	g->module->state_digest(g->st, e->digest);
	apply_revoke(g, e);
	/* this run's keyring must refuse the key from now on */
	drop_keyring(g);
	sb_reset(err);
	rc = 0;
out:
	pgp_close(p);
	return rc;
}

int
game_add_key(struct game *g, int country, const char *armored,
    const char *now, struct strbuf *err)
{
	struct pgp *p = NULL;
	struct entry *e;
	char fpr[PGP_FPR_LEN + 1];
	size_t k;
	char *test = NULL;
	int rc = -1, line;

	/* the armoured key is recorded in the game file, which is XML */
	if (text_check(armored, strlen(armored), &line, err) != 0) {
		sb_addf(err, " (line %d)", line);
		return -1;
	}
	if (pgp_open(&p, NULL, err) != 0)
		return -1;
	if (pgp_import(p, armored, fpr, err) != 0 ||
	    key_taken(g, country, fpr, err) != 0)
		goto out;
	if (country == NO_COUNTRY) {
		/* the moderator's key must take sealed picks */
		if (pgp_encrypt(p, fpr, "test", &test, err) != 0)
			goto out;
	} else if (pgp_key_usable(p, fpr, err) != 0) {
		goto out;
	} else {
		/*
		 * A key that signs but cannot be encrypted to is taken (the
		 * orders count), but every private report to it would be
		 * withheld: the moderator hears it now, not at the next run.
		 */
		struct strbuf why;

		sb_init(&why);
		if (pgp_encrypt(p, fpr, "test", &test, &why) ==
		    PGP_KEY_REFUSED)
			diag_warn(g->path, 0, "the key of %s cannot receive "
			    "private reports: %s; they are withheld until "
			    "'adjudicator key' registers a key with a working "
			    "encryption subkey", game_country_name(g, country),
			    why.buf);
		sb_release(&why);
	}
	/* issue 17.5: another key voids what the one before signed */
	if (country >= 0 && g->key_text[country] != NULL &&
	    strcmp(g->key_fpr[country], fpr) != 0)
		void_queued(g, country, "replaced", now);
	/*
	 * Issue 17: signed messages come from a player's first key on, and
	 * each is recorded as it was signed, so the file says so, unless it
	 * holds messages recorded before that was so (an older file).  Games
	 * without players' keys have no such messages and stay as they were.
	 */
	for (k = 0; k < g->nhist && g->hist[k].kind != EN_RECEIVED; k++)
		;
	if (country >= 0 && k == g->nhist)
		g->received_exact = 1;
	e = new_entry(g, EN_KEY, now);
	e->country = country;
	snprintf(e->fpr, sizeof(e->fpr), "%s", fpr);
	e->text = xstrdup(armored);
	g->module->state_digest(g->st, e->digest);
	apply_key(g, e);
	/* the keyring is made again with the new key when next needed */
	drop_keyring(g);
	g->mod_keys = 0;
	rc = 0;
out:
	free(test);
	pgp_close(p);
	return rc;
}

int
game_signed(const struct game *g)
{
	int c;

	for (c = 0; c < game_ncountries(g); c++)
		if (game_is_player(g, c) && g->key_fpr[c][0] != '\0')
			return 1;
	return 0;
}

/*
 * The moderator's context is the process's, shared by the games it
 * loads from one home: a cron step of a club opens the sealed seed of
 * every game, and each new context costs GPGME a gpg of its own (issue
 * 18.9).  A game opened with another GNUPGHOME gets a context of its own.
 */
static struct pgp *shared_mod;
static char *shared_mod_home;

int
game_moderator_shared(const struct pgp *p)
{
	return p != NULL && p == shared_mod;
}

char *
game_moderator_home(void)
{
	const char *home = getenv("GNUPGHOME");

	return home != NULL && *home != '\0' ? xstrdup(home) :
	    xasprintf("%s/.gnupg", getenv("HOME") ? getenv("HOME") : ".");
}

struct pgp *
game_moderator(struct game *g, struct strbuf *err)
{
	char *path;

	if (g->mod != NULL)
		return g->mod;
	path = game_moderator_home();
	if (shared_mod != NULL && strcmp(shared_mod_home, path) == 0) {
		free(path);
		g->mod = shared_mod;
		return g->mod;
	}
	if (pgp_open(&g->mod, path, err) != 0)
		g->mod = NULL;
	else if (shared_mod == NULL) {
		shared_mod = g->mod;
		shared_mod_home = path;
		path = NULL;
	}
	free(path);
	return g->mod;
}

/*
 * The armoured keys of the game's keyring: every key registered now (a
 * key replaced by cmd key is not among them), and the revocations of
 * those revoked (issue 9), so that the keyring refuses them.  Gives their
 * number; *owned (caller frees each) are the revocation texts.
 */
static size_t
keyring_texts(const struct game *g, const char *texts[2 * GAME_MAX_SIDES + 1],
    char *owned[GAME_MAX_SIDES])
{
	size_t n = 0;
	int c, k = 0;

	for (c = 0; c < game_ncountries(g) && c < GAME_MAX_SIDES; c++)
		if (g->key_text[c] != NULL)
			texts[n++] = g->key_text[c];
	for (c = 0; c < game_ncountries(g) && c < GAME_MAX_SIDES; c++)
		if (g->key_text[c] != NULL && g->key_revoked[c] != NULL) {
			owned[k] = pgp_revocation_text(g->key_revoked[c]);
			texts[n++] = owned[k++];
		}
	for (; k < GAME_MAX_SIDES; k++)
		owned[k] = NULL;
	if (g->moderator_key != NULL)
		texts[n++] = g->moderator_key;
	return n;
}

static void
free_owned(char *owned[GAME_MAX_SIDES])
{
	int k;

	for (k = 0; k < GAME_MAX_SIDES; k++)
		free(owned[k]);
}

void
game_import_keys(struct game *g, struct pgp *p)
{
	struct strbuf err;
	char fpr[PGP_FPR_LEN + 1];
	int c;

	sb_init(&err);
	for (c = 0; c < game_ncountries(g); c++) {
		if (g->key_text[c] != NULL)
			pgp_import(p, g->key_text[c], fpr, &err);
		/* issue 9: a revoked key signs nothing from then on */
		if (g->key_text[c] != NULL && g->key_revoked[c] != NULL)
			pgp_import_revocation(p, g->key_revoked[c],
			    g->key_fpr[c], &err);
	}
	if (g->moderator_key != NULL)
		pgp_import(p, g->moderator_key, fpr, &err);
	sb_release(&err);
}

/* Imports every registered key into a context once; errors are ignored. */
void
import_keys(struct game *g, struct pgp *p)
{
	if (g->mod_keys)
		return;
	game_import_keys(g, p);
	g->mod_keys = 1;
}

void
drop_keyring(struct game *g)
{
	if (g->keyring_ctx != NULL)
		pgp_close(g->keyring_ctx);
	g->keyring_ctx = NULL;
	if (g->keyring != NULL && g->keyring_temp)
		pgp_remove_home(g->keyring);
	free(g->keyring);
	g->keyring = NULL;
	g->keyring_temp = 0;
}

const char *
game_keyring(struct game *g, struct strbuf *err)
{
	const char *texts[2 * GAME_MAX_SIDES + 1];
	char *owned[GAME_MAX_SIDES];
	const char *home;
	size_t n;

	if (g->keyring != NULL)
		return g->keyring;
	n = keyring_texts(g, texts, owned);
	home = make_keyring(g, texts, n, err);
	free_owned(owned);
	return home;
}

int
game_keyring_label(const char *path, char label[65])
{
	char *mark = xasprintf("%s.keys/keys.sha256", path), *text;
	size_t len;
	int rc = -1;

	text = read_file(mark, &len);
	if (text != NULL && len >= 64) {
		memcpy(label, text, 64);
		label[64] = '\0';
		rc = 0;
	}
	free(text);
	free(mark);
	return rc;
}

/* game_keyring's work, once the key texts are known. */
static const char *
make_keyring(struct game *g, const char *const *texts, size_t n,
    struct strbuf *err)
{
	struct strbuf all;
	char label[65], *dir = NULL, *tmp, *mark, *old;
	size_t i, len;
	int owner;

	sb_init(&all);
	for (i = 0; i < n; i++) {
		sb_add(&all, texts[i]);
		sb_addc(&all, '\0');
	}
	sha256_hex(all.buf ? all.buf : "", all.len, label);
	sb_release(&all);
	if (g->path != NULL) {
		dir = xasprintf("%s.keys", g->path);
		mark = xasprintf("%s/keys.sha256", dir);
		old = read_file(mark, &len);
		free(mark);
		if (old != NULL && len >= 64 && memcmp(old, label, 64) == 0) {
			free(old);
			memcpy(g->keyring_label, label, sizeof(label));
			g->keyring = dir;
			return dir;
		}
		free(old);
	}
	tmp = NULL;
	if (dir != NULL) {
		tmp = xasprintf("%s.XXXXXX", dir);
		if (mkdtemp(tmp) == NULL) {
			free(tmp);
			free(dir);
			tmp = dir = NULL;
		}
	}
	if (tmp == NULL) {
		tmp = pgp_temp_template();
		if (mkdtemp(tmp) == NULL) {
			sb_addf(err, "cannot create a GnuPG home in '%s': "
			    "%s", pgp_temp_root(), strerror(errno));
			free(tmp);
			return NULL;
		}
	}
	owner = pgp_claim_dir(tmp);	/* a next run removes it if we die */
	mark = xasprintf("%s/keys.sha256", tmp);
	if (pgp_keyring_make(tmp, texts, n, err) != 0 ||
	    write_file_atomic(mark, label, 64, 0600) != 0) {
		if (err->len == 0)
			sb_addf(err, "cannot write '%s': %s", mark,
			    strerror(errno));
		free(mark);
		pgp_remove_home(tmp);
		pgp_unclaim_dir(NULL, owner);
		free(tmp);
		free(dir);
		return NULL;
	}
	free(mark);
	pgp_unclaim_dir(tmp, owner);
	if (dir != NULL) {
		pgp_remove_home(dir);
		if (rename(tmp, dir) == 0) {
			free(tmp);
			memcpy(g->keyring_label, label, sizeof(label));
			g->keyring = dir;
			return dir;
		}
		free(dir);	/* another run made it meanwhile: use ours */
	}
	memcpy(g->keyring_label, label, sizeof(label));
	g->keyring = tmp;
	g->keyring_temp = 1;
	return tmp;
}

/*
 * The verdicts on clearsigned messages this process has had from gpg, by
 * the label of the keyring that judged them (the SHA-256 of its keys:
 * other keys, another verdict) and the SHA-256 of the message: a
 * message is checked when it is fetched, when its order is checked, at
 * the resolve and for the reminders, and a cron step of a club does all
 * of these for many games (issue 18.9).  A verdict depends on the keys,
 * the bytes and the clock, and a process lives one step.
 */
static struct known_verdict {
	char keys[65];
	char msg[65];
	struct pgp_verdict v;
} *verdicts;
static size_t nverdicts;

static struct known_verdict *
verdict_of(const struct game *g, const char *msg, size_t len)
{
	char digest[65];
	size_t i;

	if (g->keyring == NULL)
		return NULL;
	sha256_hex(msg, len, digest);
	for (i = 0; i < nverdicts; i++)
		if (strcmp(verdicts[i].msg, digest) == 0 &&
		    strcmp(verdicts[i].keys, g->keyring_label) == 0)
			return &verdicts[i];
	return NULL;
}

/* Keeps a verdict (taken over) on msg by the keyring labelled label. */
static void
verdict_keep_as(const char *label, const char *msg, size_t len,
    struct pgp_verdict *v)
{
	struct known_verdict *k;
	char digest[65];
	size_t i;

	sha256_hex(msg, len, digest);
	for (i = 0; i < nverdicts; i++)
		if (strcmp(verdicts[i].msg, digest) == 0 &&
		    strcmp(verdicts[i].keys, label) == 0)
			break;
	if (!v->judged || i < nverdicts) {
		free(v->plain);
		free(v->err);
		return;
	}
	verdicts = xrealloc(verdicts, (nverdicts + 1) * sizeof(*verdicts));
	k = &verdicts[nverdicts++];
	snprintf(k->keys, sizeof(k->keys), "%s", label);
	memcpy(k->msg, digest, sizeof(digest));
	k->v = *v;
}

/* Keeps a verdict (taken over) on msg by g's keyring. */
static void
verdict_keep(const struct game *g, const char *msg, size_t len,
    struct pgp_verdict *v)
{
	if (g->keyring == NULL) {
		free(v->plain);
		free(v->err);
		return;
	}
	verdict_keep_as(g->keyring_label, msg, len, v);
}

void
keep_verdict(const struct game *g, const char *msg, size_t len, int rc,
    const char *plain, const char fpr[41], long long signed_at,
    const char *why)
{
	struct pgp_verdict v;

	memset(&v, 0, sizeof(v));
	v.judged = 1;
	v.rc = rc;
	if (rc == 0) {
		v.plain = xstrdup(plain);
		memcpy(v.fpr, fpr, 41);
		v.signed_at = signed_at;
	} else
		v.err = xstrdup(why != NULL ? why : "");
	verdict_keep(g, msg, len, &v);
}

void
game_keep_verdicts(const char *label, char **msgs, size_t n,
    struct pgp_verdict *v)
{
	size_t i;

	for (i = 0; i < n; i++) {
		verdict_keep_as(label, msgs[i], strlen(msgs[i]), &v[i]);
		free(msgs[i]);
	}
	free(msgs);
	free(v);
}

void
game_verify_ahead(struct game *g, char **msgs, size_t n)
{
	const char *home = NULL;
	struct pgp_verdict *v;
	struct strbuf err;
	size_t i, m = 0, *lens;

	if (n >= 2) {
		sb_init(&err);
		home = game_keyring(g, &err);	/* else verify says why */
		sb_release(&err);
	}
	/* what this process has judged already is not sent again */
	for (i = 0; home != NULL && i < n; i++) {
		if (verdict_of(g, msgs[i], strlen(msgs[i])) != NULL)
			free(msgs[i]);
		else
			msgs[m++] = msgs[i];
	}
	if (m >= 2) {
		lens = xcalloc(m, sizeof(*lens));
		v = xcalloc(m, sizeof(*v));
		for (i = 0; i < m; i++)
			lens[i] = strlen(msgs[i]);
		pgp_verify_home_all(home, (const char *const *)msgs, lens, m,
		    0, v);
		for (i = 0; i < m; i++)
			verdict_keep(g, msgs[i], lens[i], &v[i]);
		free(v);
		free(lens);
	}
	for (i = 0; i < (home != NULL ? m : n); i++)
		free(msgs[i]);
	free(msgs);
}

/*
 * A verdict this process has on msg: 1 with its outputs, 0 when it has
 * none.
 */
int
verified_ahead(struct game *g, const char *msg, size_t len, char **plain,
    char fpr[41], long long *signed_at, int *rc, struct strbuf *err)
{
	const struct known_verdict *k;
	struct strbuf ignore;

	sb_init(&ignore);
	if (game_keyring(g, &ignore) == NULL) {	/* verify says why */
		sb_release(&ignore);
		return 0;
	}
	sb_release(&ignore);
	k = verdict_of(g, msg, len);
	if (k == NULL)
		return 0;
	*rc = k->v.rc;
	if (k->v.rc != 0) {
		sb_add(err, k->v.err);
		return 1;
	}
	*plain = xstrdup(k->v.plain);
	memcpy(fpr, k->v.fpr, 41);
	if (signed_at != NULL)
		*signed_at = k->v.signed_at;
	return 1;
}
