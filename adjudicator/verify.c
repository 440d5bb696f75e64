/*
 * verify.c - verify's re-checks of signatures and orders.
 */
#define _DEFAULT_SOURCE
#include "game.h"
#include "game-internal.h"

#include <string.h>

#include "diag.h"
#include "orders.h"
#include "pgp.h"
#include "util.h"

/*
 * verify (issue 9.5): every signed message in the history is checked
 * again against the key registered for its country when it arrived, and
 * against the signing time and signed-text digest recorded with it.
 * A PGP/MIME signed message is checked by its signed part and detached
 * signature (issue 9.5), and its text read from the part again.
 * Messages the history cannot prove (encrypted to the moderator, when
 * that key is not at hand; PGP/MIME mail recorded before its part and
 * signature were kept) are counted in *unchecked.
 */
/* Imports the keys and revocations of history entries before upto. */
static void
import_history_keys(const struct game *g, struct pgp *p, size_t upto)
{
	struct strbuf err;
	char fpr[PGP_FPR_LEN + 1];
	size_t i;

	sb_init(&err);
	for (i = 0; i < upto; i++) {
		const char *text = g->hist[i].text ? g->hist[i].text : "";

		if (g->hist[i].kind == EN_KEY)
			pgp_import(p, text, fpr, &err);
		else if (g->hist[i].kind == EN_REVOKE)
			pgp_import_revocation(p, text, g->hist[i].fpr, &err);
	}
	sb_release(&err);
}

/*
 * The message of a received entry as it was signed: its exact bytes
 * when they are not its text (issue 17); its length in *len.
 */
static const char *
received_message(const struct entry *e, size_t *len)
{
	if (e->bytes != NULL) {
		*len = e->bytes_len;
		return e->bytes;
	}
	*len = e->text != NULL ? strlen(e->text) : 0;
	return e->text != NULL ? e->text : "";
}

/* Issue 17: the session key published for received entry k, or NULL. */
static const char *
published_session_key(const struct game *g, size_t k)
{
	size_t i;

	for (i = k + 1; i < g->nhist; i++)
		if (g->hist[i].kind == EN_UNSEAL && g->hist[i].of == (int)k)
			return g->hist[i].session_key;
	return NULL;
}

/*
 * Issue 17 (point 12): every clearsigned message of the history verified
 * with two gpg processes, one that makes a home of every key ever
 * registered and one that checks them all (pgp_verify_home_all), and no
 * gpg-agent; v[k] is the verdict on entry k (unjudged for the others,
 * which check_received verifies one by one).  Which key was registered
 * when is checked by the caller, as before.
 */
static void
verify_all_received(const struct game *g, struct pgp_verdict *v)
{
	char *dir = NULL;
	const char **keys = xcalloc(g->nhist + 1, sizeof(*keys));
	const char **msgs = xcalloc(g->nhist + 1, sizeof(*msgs));
	size_t *lens = xcalloc(g->nhist + 1, sizeof(*lens));
	size_t *at = xcalloc(g->nhist + 1, sizeof(*at));
	struct pgp_verdict *got;
	struct strbuf err;
	size_t k, nkeys = 0, n = 0;
	int owner;

	for (k = 0; k < g->nhist; k++) {
		const struct entry *e = &g->hist[k];
		const char *msg;

		if (e->kind == EN_KEY && e->text != NULL)
			keys[nkeys++] = e->text;
		if (e->kind != EN_RECEIVED || e->entity != NULL)
			continue;
		msg = received_message(e, &lens[n]);
		if (armor_encrypted(msg) || strstr(msg,
		    "-----BEGIN PGP SIGNED MESSAGE-----") == NULL)
			continue;
		msgs[n] = msg;
		at[n++] = k;
	}
	sb_init(&err);
	if (n > 0 && (dir = make_temp_dir()) != NULL) {
		owner = pgp_claim_dir(dir);	/* removed if we die */
		if (pgp_keyring_make(dir, keys, nkeys, &err) == 0) {
			got = xcalloc(n, sizeof(*got));
			pgp_verify_home_all(dir, msgs, lens, n, 1, got);
			for (k = 0; k < n; k++)
				v[at[k]] = got[k];
			free(got);
		}
		pgp_remove_home(dir);
		pgp_unclaim_dir(NULL, owner);
		free(dir);
	}
	sb_release(&err);
	free(keys);
	free(msgs);
	free(lens);
	free(at);
}

/*
 * plains[k] gets the signed text of each EN_RECEIVED entry k that holds
 * one which is checked here, NULL for those that cannot be opened here
 * and for PGP/MIME text recorded without its signature (an older file;
 * counted in *unchecked: check_orders counts the orders found only in
 * them as not re-checked, issue 17).
 */
int
check_received(struct game *g, const char *path, int *unchecked,
    char **plains)
{
	char pinned[GAME_MAX_SIDES][41];
	struct pgp *p = NULL, *mod = NULL;
	struct pgp_verdict *ahead = xcalloc(g->nhist + 1, sizeof(*ahead));
	char (*seen)[65] = xcalloc(g->nhist + 1, sizeof(*seen));
	struct strbuf err;
	char fpr[PGP_FPR_LEN + 1], content[65], t1[32], t2[32], cite[32];
	size_t k, i, len;
	int rc = 0, c, no_mod = 0;

	memset(pinned, 0, sizeof(pinned));
	sb_init(&err);
	verify_all_received(g, ahead);
	for (k = 0; k < g->nhist && rc == 0; k++) {
		const struct entry *e = &g->hist[k];
		const char *text = e->text ? e->text : "";
		const char *msg = received_message(e, &len);
		const char *sk = NULL;
		char *plain = NULL, *conv = NULL;
		long long when = 0;
		int v, unopened = 0;

		if (e->kind == EN_KEY && e->country >= 0) {
			snprintf(pinned[e->country], sizeof(pinned[0]), "%s",
			    e->fpr);
			if (p != NULL)
				pgp_import(p, text, fpr, &err);
		}
		if (e->kind == EN_REVOKE && e->country >= 0) {
			/* orders signed with it after this are not good */
			pinned[e->country][0] = '\0';
			if (p != NULL)
				pgp_import_revocation(p, text, e->fpr, &err);
		}
		if (e->kind != EN_RECEIVED)
			continue;
		c = e->country;
		if (e->entity == NULL && strstr(msg,
		    "-----BEGIN PGP SIGNED MESSAGE-----") == NULL &&
		    strstr(msg, "-----BEGIN PGP MESSAGE-----") == NULL) {
			if (g->received_exact) {
				/* issue 17: this file keeps them all */
				diag(EXIT_DATAERR, path, e->line, "history "
				    "entry %zu (a signed message from %s) holds "
				    "no signed bytes (no armour, no <entity>), "
				    "which every signed message of this file "
				    "must (received=\"exact\"): edited by hand?",
				    k, c >= 0 ? g->module->country_name(g->rs,
				    c) : "?");
				rc = -1;
				break;
			}
			/* PGP/MIME, recorded before its signature was kept */
			(*unchecked)++;
			continue;
		}
		if (e->bytes != NULL && ((conv = text_to_utf8(e->bytes,
		    e->bytes_len)) == NULL || strcmp(conv, text) != 0)) {
			free(conv);
			diag(EXIT_DATAERR, path, e->line, "history entry %zu: "
			    "the recorded text is not its <bytes> read as "
			    "ISO-8859-1", k);
			rc = -1;
			break;
		} else if (e->bytes != NULL)
			free(conv);
		sb_reset(&err);
		if (ahead[k].judged) {
			v = ahead[k].rc;
			if (v == 0) {
				plain = ahead[k].plain;
				ahead[k].plain = NULL;
				memcpy(fpr, ahead[k].fpr, sizeof(fpr));
				when = ahead[k].signed_at;
				/* as verify_order_message reads it */
				if ((conv = text_to_utf8(plain,
				    strlen(plain))) != NULL) {
					free(plain);
					plain = conv;
				}
			} else
				sb_add(&err, ahead[k].err);
		} else {
			if (p == NULL) {
				if (pgp_open(&p, NULL, &err) != 0) {
					diag(EXIT_SOFTWARE, path, 0, "%s",
					    err.buf);
					rc = -1;
					break;
				}
				import_history_keys(g, p, k);
			}
			sk = e->entity == NULL && armor_encrypted(msg) ?
			    published_session_key(g, k) : NULL;
			if (mod == NULL && !no_mod && sk == NULL &&
			    e->entity == NULL && armor_encrypted(msg)) {
				mod = game_moderator(g, &err);
				if (mod != NULL)
					import_history_keys(g, mod, g->nhist);
			}
			sb_reset(&err);
			if (e->entity != NULL) {
				/* PGP/MIME multipart/signed (issue 9.5) */
				v = verify_mime(p, 1, e->entity, e->entity_len,
				    e->signature, &plain, fpr, &when, &err);
				if (v == 0 && strcmp(plain, text) != 0) {
					diag(EXIT_DATAERR, path, e->line,
					    "history entry %zu: the recorded "
					    "text is not the text of its signed "
					    "PGP/MIME part", k);
					free(plain);
					rc = -1;
					break;
				}
			} else
				v = verify_order_message(g, p, sk != NULL ?
				    NULL : mod, sk, 1, msg, len, &plain, fpr,
				    &when, &unopened, &err);
		}
		no_mod |= unopened;
		/* this message's, not an earlier one's: a bad signature
		 * after an unopened message is bad all the same */
		if (v != 0 && e->entity == NULL && sk == NULL && (unopened ||
		    strstr(err.buf, "not encrypted to a key of this home") !=
		    NULL)) {
			/* encrypted to the moderator, whose key is not here */
			(*unchecked)++;
			free(plain);
			continue;
		}
		if (v != 0)
			diag(EXIT_DATAERR, path, e->line, "history entry %zu "
			    "(a signed message from %s): the signature does "
			    "not hold: %s", k, c >= 0 ? game_country_name(g,
			    c) : "?",
			    err.buf);
		else if (strcmp(fpr, e->fpr) != 0 || c < 0 ||
		    strcmp(fpr, pinned[c]) != 0)
			diag(EXIT_DATAERR, path, e->line, "history entry %zu: "
			    "signed by key %s, but the key registered for %s "
			    "then was %s", k, fpr, c >= 0 ? game_country_name(g,
			    c) :
			    "?", c >= 0 && pinned[c][0] ? pinned[c] : "none");
		else {
			sha256_hex(plain, strlen(plain), content);
			for (i = 0; i < k; i++)
				if (strcmp(seen[i], content) == 0)
					break;
			if (e->content[0] != '\0' && strcmp(content,
			    e->content) != 0)
				diag(EXIT_DATAERR, path, e->line, "history "
				    "entry %zu: the signed text does not have "
				    "the recorded SHA-256", k);
			else if (i < k)
				/* R38, issue 17: its ENTROPY would count twice */
				diag(EXIT_DATAERR, path, e->line, "history "
				    "entry %zu records again the signed message "
				    "of history entry %zu: a signed message "
				    "counts once%s", k, i, module_cite(cite,
				    g->module->latest_ruling, NULL));
			else if (e->signed_at > 0 && when != e->signed_at) {
				time_format(when, t1);
				time_format(e->signed_at, t2);
				diag(EXIT_DATAERR, path, e->line, "history "
				    "entry %zu: signed at %s, not at the "
				    "recorded %s", k, t1, t2);
			} else {
				memcpy(seen[k], content, sizeof(content));
				v = 1;
			}
		}
		if (v != 1)
			rc = -1;
		else {
			plains[k] = plain;
			plain = NULL;
		}
		free(plain);
	}
	for (k = 0; k < g->nhist; k++) {
		free(ahead[k].plain);
		free(ahead[k].err);
	}
	free(ahead);
	free(seen);
	if (p != NULL)
		pgp_close(p);
	sb_release(&err);
	return rc;
}

/*
 * verify (issue 9.5): a player's order must be one he signed.  Each
 * applied or refused order (EN_ORDER, EN_REJECTED) and each waiting one
 * of a country that had a key registered when the order came (the run
 * it came in: the entry's run, or its queued run, which an order that
 * replaces a waiting one keeps) must be, verbatim, a STEP block of a
 * signed message of that country recorded before it: a moderator who
 * edits an order's text (and the digests after it) is caught here.
 * Orders that came before the country's first key are not signed and
 * not checked.  An old PGP/MIME message's
 * signature was not kept (check_received), so its orders are found in
 * the text as recorded; those of an encrypted message that cannot be
 * opened here are counted in *unchecked.
 */
struct signed_blocks {
	int parsed;
	int n, ne;
	char **b, **e;		/* its STEP blocks, its ENTROPY texts */
};

/* The blocks and ENTROPY of received entry i's message, read once. */
static const struct signed_blocks *
blocks_of(char **plains, struct signed_blocks *sb, size_t i)
{
	if (!sb[i].parsed) {
		sb[i].n = order_blocks_entropy(plains[i], &sb[i].b, &sb[i].e,
		    &sb[i].ne);
		sb[i].parsed = 1;
	}
	return &sb[i];
}

/* 1: found; 0: not; -1: only in messages that cannot be opened here. */
static int
order_was_signed(const struct game *g, char **plains,
    struct signed_blocks *sb, int country, size_t before, const char *text)
{
	size_t i, len = strlen(text);
	int j, unopened = 0;

	/* stored texts lose their last newline */
	while (len > 0 && (text[len - 1] == '\n' || text[len - 1] == ' '))
		len--;
	for (i = 0; i < before; i++) {
		const struct entry *r = &g->hist[i];

		if (r->kind != EN_RECEIVED || r->country != country)
			continue;
		if (plains[i] == NULL) {
			unopened = 1;
			continue;
		}
		blocks_of(plains, sb, i);
		for (j = 0; j < sb[i].n; j++)
			if (strlen(sb[i].b[j]) == len &&
			    strncmp(sb[i].b[j], text, len) == 0)
				return 1;
	}
	return unopened ? -1 : 0;
}

/*
 * Whether received entry k is one a rollback carried over (cmd-rollback.c:
 * the message of an order that waits again, recorded anew just after the
 * rollback's entry and at its time, without its ENTROPY, which joined the
 * dice of the runs undone).
 */
static int
carried_over(const struct game *g, size_t k)
{
	const struct entry *e = &g->hist[k], *m;
	size_t i = k;

	while (i > 0 && g->hist[i - 1].kind == EN_RECEIVED &&
	    strcmp(g->hist[i - 1].time, e->time) == 0)
		i--;
	if (i == 0)
		return 0;
	m = &g->hist[i - 1];
	return m->kind == EN_MODERATOR && m->run == e->run && m->text != NULL &&
	    strncmp(m->text, "rollback ", 9) == 0 &&
	    strcmp(m->time, e->time) == 0;
}

/*
 * An ENTROPY entry joins the dice, and the moderator holds the seed: one
 * he may write or change at will lets him choose the draws to come, as a
 * rollback retried or files reordered did (issue 17.9, 17.10).  So in a
 * game with keys each ENTROPY entry of a country whose key was
 * registered before its run must be, in order, the ENTROPY lines of the
 * signed message of that country it follows (take_file records them just
 * after it), and a message's ENTROPY lines must all be there, but for
 * one a rollback carried over, which comes without them.  Messages
 * that cannot be opened here (plains[k] NULL) are counted by
 * check_received.
 */
static int
check_entropy(struct game *g, const char *path, char **plains,
    struct signed_blocks *sb, size_t n)
{
	int first_key[GAME_MAX_SIDES], c, m, j;
	char **vals;
	size_t k, r;

	for (c = 0; c < GAME_MAX_SIDES; c++)
		first_key[c] = -1;
	for (k = 0; k < n; k++) {
		const struct entry *e = &g->hist[k];

		c = e->country;
		if (e->kind == EN_KEY && c >= 0 && c < GAME_MAX_SIDES &&
		    first_key[c] < 0)
			first_key[c] = e->run;
		if (e->kind == EN_ENTROPY && c >= 0 && c < GAME_MAX_SIDES &&
		    first_key[c] >= 0 && first_key[c] < e->run) {
			for (r = k; r > 0 && g->hist[r - 1].kind == EN_ENTROPY;
			    r--)
				;
			if (r == 0 || g->hist[r - 1].kind != EN_RECEIVED ||
			    g->hist[r - 1].country != c ||
			    g->hist[r - 1].run != e->run) {
				diag(EXIT_DATAERR, path, e->line, "history "
				    "entry %zu (ENTROPY from %s): it does not "
				    "follow a signed message of %s, and every "
				    "ENTROPY of a country with a key comes in "
				    "one (edited by hand?)", k,
				    game_country_name(g, c),
				    game_country_name(g, c));
				return -1;
			}
		}
		if (e->kind != EN_RECEIVED || plains[k] == NULL)
			continue;
		m = blocks_of(plains, sb, k)->ne;
		vals = sb[k].e;
		for (j = 0; j <= m; j++) {
			const struct entry *x = k + 1 + (size_t)j < n ?
			    &g->hist[k + 1 + (size_t)j] : NULL;
			int is = x != NULL && x->kind == EN_ENTROPY;

			if (j < m && is && x->country == c && x->text != NULL &&
			    strcmp(x->text, vals[j]) == 0)
				continue;
			if ((j == m || (j == 0 && carried_over(g, k))) && !is)
				break;
			diag(EXIT_DATAERR, path, x != NULL && is ? x->line :
			    e->line, "history entry %zu (a signed message "
			    "from %s) has %d ENTROPY line%s, but %s: the dice "
			    "are not the ones its ENTROPY gives (edited by "
			    "hand?)", k, c >= 0 ? game_country_name(g, c) :
			    "?", m, m == 1 ? "" : "s", !is ?
			    "fewer are recorded after it" : j == m ?
			    "more are recorded after it" : "the entry after "
			    "it differs from it");
			return -1;
		}
	}
	return 0;
}

/*
 * A signed block for a step not decided yet when it came waits for it
 * (R36), and only an order (applied or rejected) of its own, or a later
 * block for the same step (R38), ends its wait: a default (R37) for that
 * step instead means the moderator took the waiting order out of the
 * file's queue, and let the deadline decide what the player had decided.
 * A block for a step decided before it came was skipped (stale).  A
 * rollback between them may have sent it back to be sent again: nothing
 * is said then; messages not opened here are not read.
 */
struct msg_steps {
	int n;
	char **s;
};

static int
has_step(const struct msg_steps *m, const char *step)
{
	int j;

	for (j = 0; j < m->n; j++)
		if (strcmp(m->s[j], step) == 0)
			return 1;
	return 0;
}

static int
check_waiting(struct game *g, const char *path, char **plains,
    struct signed_blocks *sb, size_t n)
{
	struct msg_steps *ms = xcalloc(n + 1, sizeof(*ms));
	size_t r, k;
	int j, rc = 0;
	char cite[32];

	for (r = 0; r < n; r++)
		if (g->hist[r].kind == EN_RECEIVED && plains[r] != NULL)
			ms[r].n = order_block_steps(g->module,
			    blocks_of(plains, sb, r)->b, sb[r].n, &ms[r].s);
	for (r = 0; r < n && rc == 0; r++) {
		const struct entry *e = &g->hist[r];

		for (j = 0; j < ms[r].n && rc == 0; j++) {
			const char *step = ms[r].s[j];

			for (k = 0; k < r; k++)
				if ((g->hist[k].kind == EN_ORDER ||
				    g->hist[k].kind == EN_DEFAULT) &&
				    g->hist[k].country == e->country &&
				    strcmp(g->hist[k].step, step) == 0)
					break;
			if (k < r)
				continue;	/* stale when it came */
			for (k = r + 1; k < n; k++) {
				const struct entry *x = &g->hist[k];

				if (x->kind == EN_MODERATOR && x->text != NULL &&
				    strncmp(x->text, "rollback ", 9) == 0)
					break;
				if (x->country != e->country)
					continue;
				if ((x->kind == EN_ORDER ||
				    x->kind == EN_REJECTED) &&
				    strcmp(x->step, step) == 0)
					break;
				if (x->kind == EN_RECEIVED && (plains[k] == NULL ||
				    has_step(&ms[k], step)))
					break;
				if (x->kind == EN_DEFAULT &&
				    strcmp(x->step, step) == 0) {
					diag(EXIT_DATAERR, path, x->line,
					    "history entry %zu: a default for "
					    "step %s of %s, whose order signed "
					    "in history entry %zu was waiting "
					    "for it%s: the waiting order was "
					    "taken out", k, step,
					    game_country_name(g, e->country),
					    r, module_cite(cite,
					    g->module->ahead_ruling,
					    g->module->defaults_ruling));
					rc = -1;
					break;
				}
			}
		}
	}
	for (r = 0; r < n; r++) {
		for (j = 0; j < ms[r].n; j++)
			free(ms[r].s[j]);
		free(ms[r].s);
	}
	free(ms);
	return rc;
}

int
check_orders(struct game *g, const char *path, char **plains, size_t n,
    int *unchecked)
{
	int first_key[GAME_MAX_SIDES];
	struct signed_blocks *sb = xcalloc(n + 1, sizeof(*sb));
	size_t k, i;
	int c, rc = 0, found;

	for (c = 0; c < GAME_MAX_SIDES; c++)
		first_key[c] = -1;
	for (k = 0; k < n && rc == 0; k++) {
		const struct entry *e = &g->hist[k];
		int arrived = e->queued > 0 ? e->queued : e->run;

		if (e->kind == EN_KEY && e->country >= 0 &&
		    first_key[e->country] < 0)
			first_key[e->country] = e->run;
		if ((e->kind != EN_ORDER && e->kind != EN_REJECTED) ||
		    e->country < 0 || first_key[e->country] < 0 ||
		    first_key[e->country] >= arrived)
			continue;
		found = order_was_signed(g, plains, sb, e->country, k,
		    e->text ? e->text : "");
		g->signed_orders += found == 1;
		if (found < 0)
			(*unchecked)++;
		else if (found == 0) {
			diag(EXIT_DATAERR, path, e->line, "history entry %zu "
			    "(run %d, step %s, %s): this order is not in any "
			    "signed message of %s recorded before it (edited "
			    "by hand?)", k, e->run, e->step,
			    game_country_name(g,
			    e->country), game_country_name(g, e->country));
			rc = -1;
		}
	}
	for (k = 0; k < g->nqueue && rc == 0; k++) {
		const struct queued *q = &g->queue[k];

		c = q->o.country;
		if (c < 0 || c >= GAME_MAX_SIDES || first_key[c] < 0 ||
		    first_key[c] >= q->run)
			continue;
		found = order_was_signed(g, plains, sb, c, n,
		    q->o.text ? q->o.text : "");
		g->signed_orders += found == 1;
		if (found < 0)
			(*unchecked)++;
		else if (found == 0) {
			diag(EXIT_DATAERR, path, 0, "waiting order %zu (run "
			    "%d, step %s, %s): it is not in any signed message "
			    "of %s in the history (edited by hand?)", k + 1,
			    q->run, q->o.step, game_country_name(g, c),
			    game_country_name(g, c));
			rc = -1;
		}
	}
	if (rc == 0)
		rc = check_entropy(g, path, plains, sb, n);
	if (rc == 0)
		rc = check_waiting(g, path, plains, sb, n);
	for (k = 0; k < n; k++) {
		for (i = 0; i < (size_t)sb[k].n; i++)
			free(sb[k].b[i]);
		free(sb[k].b);
		for (i = 0; i < (size_t)sb[k].ne; i++)
			free(sb[k].e[i]);
		free(sb[k].e);
	}
	free(sb);
	return rc;
}

/*
 * verify: each opened sealed pick must be what its message says, which
 * anyone can check with the session key published at the reveal.
 */
int
check_unsealed(struct game *g, const char *path)
{
	struct pgp *p = NULL;
	struct strbuf err;
	size_t k;
	int rc = 0;

	sb_init(&err);
	for (k = 0; k < g->nhist && rc == 0; k++) {
		const struct entry *u = &g->hist[k];
		const char *sealed, *a, *b;
		char *armor, *plain = NULL, *sk = NULL;

		if (u->kind != EN_UNSEAL || u->session_key == NULL ||
		    u->of < 0 || (size_t)u->of >= g->nhist ||
		    g->hist[u->of].kind == EN_RECEIVED)
			continue;	/* a received message: check_received */
		sealed = g->hist[u->of].text ? g->hist[u->of].text : "";
		a = strstr(sealed, "-----BEGIN PGP MESSAGE-----");
		b = a ? strstr(a, "-----END PGP MESSAGE-----") : NULL;
		if (b == NULL)
			continue;
		armor = xasprintf("%.*s-----END PGP MESSAGE-----\n",
		    (int)(b - a), a);
		if (p == NULL && pgp_open(&p, NULL, &err) != 0) {
			free(armor);
			rc = -1;
			break;
		}
		if (pgp_decrypt_session(p, armor, u->session_key, &plain, &sk,
		    &err) != 0) {
			diag(EXIT_DATAERR, path, u->line, "history entry %zu: "
			    "its session key does not open entry %d: %s", k,
			    u->of, err.buf);
			rc = -1;
		} else {
			pgp_unpad(plain);
			if (strcmp(plain, u->text ? u->text : "") != 0) {
				diag(EXIT_DATAERR, path, u->line, "history entry "
				    "%zu records a pick that entry %d's sealed "
				    "message does not hold", k, u->of);
				rc = -1;
			}
		}
		free(plain);
		free(sk);
		free(armor);
	}
	if (p != NULL)
		pgp_close(p);
	sb_release(&err);
	return rc;
}
