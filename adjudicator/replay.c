/*
 * replay.c - the history replayed; rollback.
 */
#define _DEFAULT_SOURCE
#include "game.h"
#include "game-internal.h"

#include <string.h>

#include "diag.h"
#include "orders.h"
#include "util.h"

int
game_truncate(struct game *g, size_t n, const char *path,
    struct strbuf *err)
{
	struct player players[GAME_MAX_SIDES];
	int seat_of[GAME_MAX_SIDES], np = game_seats(g)->nplayers, rc = 0;
	unsigned variants = g->variants;
	int rules = g->reading;
	unsigned char seed[SEED_BYTES];
	int have_key = g->dice.have_key;
	char digest[65], *old;
	size_t k;

	if (n == 0 || n > g->nhist) {
		sb_add(err, "nothing to keep");
		return -1;
	}
	/* the next save writes every entry (see game_save_doc) */
	if (n < g->splice_n)
		g->splice_n = 0;
	/* the chain is made anew from the entries kept (chain.c) */
	g->chain_have = 0;
	/* undo, latest first, what dropped entries changed outside it */
	moderator_undo(g, n);
	/*
	 * A sealed pick kept whose reveal is dropped is revealed again when
	 * its combat ends, with the same session key.
	 */
	for (k = n; k < g->nhist; k++) {
		const struct entry *u = &g->hist[k];
		struct entry *o;

		if (u->kind != EN_UNSEAL || u->of < 0 || (size_t)u->of >= n ||
		    g->hist[u->of].kind == EN_RECEIVED)
			continue;
		o = &g->hist[u->of];
		o->opened = 0;
		free(o->plain);
		o->plain = xstrdup(u->text ? u->text : "");
		if (u->session_key != NULL && o->text != NULL &&
		    (old = pgp_armor_in(o->text)) != NULL) {
			g->opened = xrealloc(g->opened, (g->nopened + 1) *
			    sizeof(*g->opened));
			g->opened[g->nopened].armor = old;
			g->opened[g->nopened].session_key =
			    xstrdup(u->session_key);
			g->nopened++;
		}
	}
	memcpy(players, game_seats(g)->players, sizeof(players));
	memcpy(seat_of, game_seats(g)->seat_of, sizeof(seat_of));
	memcpy(seed, g->dice.seed, sizeof(seed));
	game_state_init(g, variants, rules);
	memcpy(game_seats(g)->players, players, sizeof(players));
	memcpy(game_seats(g)->seat_of, seat_of, sizeof(seat_of));
	game_seats(g)->nplayers = np;
	g->variants = variants;
	g->reading = rules;	/* the reading the game is played under */
	dice_release(&g->dice);
	dice_init(&g->dice, g->id);
	if (have_key)
		dice_set_key(&g->dice, seed);
	memset(g->key_fpr, 0, sizeof(g->key_fpr));
	memset(g->key_text, 0, sizeof(g->key_text));
	/* a revocation undone is no more (its text is freed below) */
	memset(g->key_revoked, 0, sizeof(g->key_revoked));
	g->moderator_fpr[0] = '\0';
	g->moderator_key = NULL;
	/* the keyring is made again from the keys kept when next needed */
	drop_keyring(g);
	g->mod_keys = 0;
	g->paused[0] = '\0';
	free(g->absences);
	g->absences = NULL;
	g->nabsences = 0;
	/* the dropped entries stay until the replay: they open seals */
	for (k = 0; k < n && rc == 0; k++)
		rc = replay_entry(g, &g->hist[k], 0, 0, path);
	for (k = n; k < g->nhist; k++)
		entry_release(&g->hist[k]);
	g->nhist = n;
	if (rc != 0) {
		sb_add(err, "the history does not replay");
		return -1;
	}
	g->module->state_digest(g->st, digest);
	if (strcmp(digest, g->hist[n - 1].digest) != 0) {
		sb_add(err, "the state replayed differs from the recorded "
		    "digest");
		return -1;
	}
	return 0;
}

/*
 * verify: a rejection recorded must be true.  An order of a player's
 * recorded as rejected, though it was legal when its step came, lets the
 * moderator have the default (R37), or nothing, take its place, and the
 * order was in the history all the same, signed.  So the order is read
 * again and checked on the state where it was rejected: legal there, the
 * rejection is false.  A "voided" one must come just before the key
 * change of its country that voided it (keyring.c); a sealed pick's lines
 * are not in its entry, and it is not checked here.  0, or -1 with err.
 */
static int
false_rejection(struct game *g, const struct entry *e, struct strbuf *err)
{
	struct order o;
	struct strbuf why;
	size_t k;
	int rc = 0;

	if (e->country < 0 || e->text == NULL ||
	    strstr(e->text, "-----BEGIN PGP MESSAGE-----") != NULL)
		return 0;
	if (e->reason != NULL && strncmp(e->reason, "voided: ", 8) == 0) {
		for (k = (size_t)(e - g->hist) + 1; k < g->nhist &&
		    g->hist[k].kind == EN_REJECTED; k++)
			;
		if (k < g->nhist && (g->hist[k].kind == EN_KEY ||
		    g->hist[k].kind == EN_REVOKE) &&
		    g->hist[k].country == e->country)
			return 0;
		sb_addf(err, "the order is recorded as voided by a key "
		    "change, but no key of %s changes here",
		    game_country_name(g, e->country));
		return -1;
	}
	sb_init(&why);
	/* an order that no longer reads as one says nothing either way */
	if (order_parse_block(g->module, g->rs, e->country, e->text,
	    e->source, &o, &why) != 0) {
		sb_release(&why);
		return 0;
	}
	if (g->module->step_status(g->st, o.step, o.country, &why) ==
	    STEP_CURRENT && g->module->check(g->st, &o, &why) == 0) {
		sb_addf(err, "the order is recorded as rejected (\"%s\"), but "
		    "it is legal here and should have been carried out",
		    e->reason != NULL ? e->reason : "");
		rc = -1;
	}
	order_release(&o);
	sb_release(&why);
	return rc;
}

/* Replays one entry; reports the first difference from the record. */
int
replay_entry(struct game *g, struct entry *e, int verify, int digest_too,
    const char *path)
{
	struct journal j;
	struct ctx c;
	struct strbuf err;
	struct decision d[GAME_MAX_SIDES];
	struct order o;
	char digest[65];
	int rc = 0, np, i;
	size_t k;

	entropy_entry(g, e->kind, e->run, e->text ? e->text : "");
	if (e->kind == EN_KEY)
		apply_key(g, e);
	if (e->kind == EN_REVOKE)
		apply_revoke(g, e);
	if (e->kind == EN_MODERATOR) {
		sb_init(&err);
		if (moderator_apply(g, e, &err) != 0) {
			diag(EXIT_DATAERR, path, e->line, "history entry %d "
			    "(moderator): %s", e->n, err.buf);
			rc = -1;
		}
		sb_release(&err);
		return rc;
	}
	if (e->kind == EN_REJECTED && verify) {
		sb_init(&err);
		if (false_rejection(g, e, &err) != 0) {
			diag(EXIT_DATAERR, path, e->line, "history entry %d "
			    "(rejected %s): %s", e->n, e->step, err.buf);
			rc = -1;
		}
		sb_release(&err);
		return rc;
	}
	if (e->kind == EN_REJECTED || e->kind >= EN_KEY)
		return 0;
	journal_init(&j);
	sb_init(&err);
	c = ctx_for(g, &j);
	dice_log_clear(&g->dice);
	dice_set_script(&g->dice, e->draws, e->ndraws, verify);
	switch (e->kind) {
	case EN_SETUP:
		if (e->n != 0) {
			sb_add(&err, "setup entry not first");
			rc = -1;
		} else
			g->module->setup(&c);
		break;
	case EN_ORDER:
		if (e->country < 0 || order_parse_block(g->module, g->rs,
		    e->country,
		    e->text ? e->text : "", e->source, &o, &err) != 0) {
			rc = -1;
			break;
		}
		rc = g->module->apply(&c, &o, &err);
		if (o.sealed && o.plain != NULL && e->plain == NULL &&
		    !e->opened)
			e->plain = xstrdup(o.plain);
		order_release(&o);
		break;
	case EN_DEFAULT:
		np = g->module->pending(g->st, d, GAME_MAX_SIDES);
		for (i = 0; i < np; i++)
			if (d[i].country == e->country &&
			    strcmp(d[i].step, e->step) == 0)
				break;
		if (i == np) {
			sb_addf(&err, "no pending decision %s for %s",
			    e->step, game_country_name(g, e->country));
			rc = -1;
		} else
			g->module->apply_default(&c, &d[i]);
		break;
	case EN_ADJUST:
		rc = g->module->adjust(&c, e->text ? e->text : "", &err);
		break;
	default:
		break;
	}
	if (rc == 0 && g->dice.error != NULL) {
		sb_add(&err, g->dice.error);
		rc = -1;
	}
	if (rc == 0 && g->dice.script_pos != e->ndraws) {
		sb_addf(&err, "the entry records %zu draws, the replay makes "
		    "%zu", e->ndraws, g->dice.script_pos);
		rc = -1;
	}
	if (rc == 0 && digest_too) {
		g->module->state_digest(g->st, digest);
		if (strcmp(digest, e->digest) != 0) {
			sb_add(&err, "the state after it differs from the "
			    "recorded digest");
			rc = -1;
		}
	}
	for (k = 0; rc == 0 && k < e->j.n; k++)
		if (k >= j.n || strcmp(j.ev[k].text, e->j.ev[k].text) != 0) {
			sb_addf(&err, "event %zu differs: the file says '%s', "
			    "the replay '%s'", k + 1, e->j.ev[k].text,
			    k < j.n ? j.ev[k].text : "(nothing)");
			rc = -1;
		}
	if (rc == 0 && j.n != e->j.n) {
		sb_addf(&err, "the replay makes %zu events, the file "
		    "records %zu", j.n, e->j.n);
		rc = -1;
	}
	if (rc != 0) {
		diag(EXIT_DATAERR, path, e->line, "history entry %d (%s%s%s): "
		    "%s", e->n, kind_names[e->kind], e->step[0] ? " " : "",
		    e->step, err.buf);
		free(g->dice.error);
		g->dice.error = NULL;
	}
	journal_release(&j);
	sb_release(&err);
	dice_log_clear(&g->dice);
	dice_set_script(&g->dice, NULL, 0, 0);
	return rc;
}

/*
 * What replay_entry does outside the rules' state, for the cached
 * entries: the entropy, keys and revocations, the moderator's commands,
 * the count of draws made, and the sealed picks it opens (needs_plain:
 * those it opened for the save that wrote the cache; their texts are
 * opened again, as the replay does, never kept in the cache).
 */
int
replay_cached(struct game *g, const char *needs_plain)
{
	struct strbuf err;
	struct order o;
	size_t k;
	int rc = 0;

	sb_init(&err);
	for (k = 0; k < g->nhist && rc == 0; k++) {
		struct entry *e = &g->hist[k];

		entropy_entry(g, e->kind, e->run, e->text ? e->text : "");
		switch (e->kind) {
		case EN_KEY:
			apply_key(g, e);
			break;
		case EN_REVOKE:
			apply_revoke(g, e);
			break;
		case EN_MODERATOR:
			rc = moderator_apply(g, e, &err);
			break;
		case EN_SETUP:
		case EN_ORDER:
		case EN_DEFAULT:
		case EN_ADJUST:
			/* the replay draws each recorded draw, no other */
			g->dice.next += (unsigned)e->ndraws;
			break;
		default:
			break;
		}
		if (rc != 0 || !needs_plain[k] || e->kind != EN_ORDER ||
		    e->opened || e->country < 0)
			continue;
		if (order_parse_block(g->module, g->rs, e->country,
		    e->text ? e->text :
		    "", e->source, &o, &err) != 0)
			rc = -1;
		else if (o.sealed && o.plain != NULL)
			e->plain = xstrdup(o.plain);
		else
			rc = -1;
		order_release(&o);
	}
	sb_release(&err);
	return rc;
}
