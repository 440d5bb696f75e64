/*
 * game.c - struct game life: init and release.
 */
#define _DEFAULT_SOURCE
#include "game.h"
#include "game-internal.h"

#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "orders.h"
#include "pgp.h"
#include "util.h"

void
game_init(struct game *g)
{
	/*
	 * Nothing is allocated here: load inits again whatever the caller
	 * did; game_set_module allocates the state.
	 */
	memset(g, 0, sizeof(*g));
	g->module = modules_default();
	orders_set_unsealer(unseal_cb, g);
}

void
game_set_module(struct game *g, const struct game_module *mod)
{
	if (g->module != NULL && g->module->ruleset_free != NULL)
		g->module->ruleset_free(g->rs);
	free(g->st);
	g->rs = NULL;
	g->module = mod;
	g->st = xcalloc(1, mod->state_size);
	g->reading = mod->reading_current;
	game_state_init(g, 0, g->reading);
}

void
game_state_init(struct game *g, unsigned variants, int reading)
{
	/* module.h: state_init gets zeroed bytes, whatever they held */
	memset(g->st, 0, g->module->state_size);
	g->module->state_init(g->st, g->rs, variants, reading);
}

int
game_ruleset_variants(struct game *g, const char *path)
{
	struct strbuf err;
	int rc = 0, line = 0;

	if (g->module->ruleset_variants == NULL || g->rs == NULL)
		return 0;
	sb_init(&err);
	if (g->module->ruleset_variants(g->rs, g->variants, &line,
	    &err) != 0) {
		diag(EXIT_DATAERR, path, line, "%s", err.buf);
		rc = -1;
	}
	sb_release(&err);
	return rc;
}

void
game_drop_file(struct game *g)
{
	free(g->file);
	g->file = NULL;
	g->file_len = 0;
	g->splice_n = 0;
}

void
game_release(struct game *g)
{
	size_t i;

	for (i = 0; i < g->nhist; i++)
		entry_release(&g->hist[i]);
	free(g->hist);
	for (i = 0; i < g->nqueue; i++)
		order_release(&g->queue[i].o);
	free(g->queue);
	free(g->deadlines);
	free(g->rs_parts);
	if (g->rs_lent != NULL && g->origin != NULL) {
		/* the ruleset is the origin's: it goes back */
		xmlUnlinkNode(g->rs_lent_node);
		xmlDocSetRootElement(g->rsdoc, g->rs_lent_node);
	} else if (g->rs_lent != NULL) {
		/* a document not given back (game_doc_free) keeps none */
		xmlUnlinkNode(g->rs_lent_node);
		xmlFreeNode(g->rs_lent_node);
	}
	if (g->rsdoc != NULL && g->origin == NULL)
		xmlFreeDoc(g->rsdoc);
	dice_release(&g->dice);
	free(g->sealed_seed);
	if (g->mod != NULL && !game_moderator_shared(g->mod))
		pgp_close(g->mod);
	drop_keyring(g);
	free(g->path);
	for (i = 0; i < g->nopened; i++) {
		free(g->opened[i].armor);
		free(g->opened[i].session_key);
	}
	free(g->opened);
	free(g->absences);
	free(g->file);
	if (g->module != NULL && g->origin == NULL)
		g->module->ruleset_free(g->rs);
	free(g->st);
	/* a copy hands the unsealer back to its origin */
	if (orders_unsealer_ctx() == g)
		orders_set_unsealer(g->origin != NULL ? unseal_cb : NULL,
		    (void *)g->origin);
	memset(g, 0, sizeof(*g));
}

static void *
dup_bytes(const void *p, size_t n)
{
	void *q;

	if (p == NULL)
		return NULL;
	q = xmalloc(n + 1);
	memcpy(q, p, n);
	((char *)q)[n] = '\0';
	return q;
}

static struct draw *
draws_copy(const struct draw *d, size_t n)
{
	struct draw *c = n > 0 ? xcalloc(n, sizeof(*c)) : NULL;
	size_t i;

	for (i = 0; i < n; i++) {
		c[i] = d[i];
		c[i].purpose = xstrdup_or_null(d[i].purpose);
	}
	return c;
}

static void
entry_copy(struct entry *dst, const struct entry *src)
{
	size_t i;

	*dst = *src;
	dst->source = xstrdup_or_null(src->source);
	dst->text = xstrdup_or_null(src->text);
	dst->reason = xstrdup_or_null(src->reason);
	dst->plain = xstrdup_or_null(src->plain);
	dst->session_key = xstrdup_or_null(src->session_key);
	dst->signature = xstrdup_or_null(src->signature);
	dst->entity = dup_bytes(src->entity, src->entity_len);
	dst->bytes = dup_bytes(src->bytes, src->bytes_len);
	dst->draws = draws_copy(src->draws, src->ndraws);
	journal_init(&dst->j);
	if (src->j.n > 0) {
		dst->j.ev = xcalloc(src->j.n, sizeof(*dst->j.ev));
		dst->j.n = dst->j.alloc = src->j.n;
		for (i = 0; i < src->j.n; i++) {
			dst->j.ev[i] = src->j.ev[i];
			dst->j.ev[i].text = xstrdup_or_null(src->j.ev[i].text);
		}
	}
}

/* The copy's own of a pointer into src's history texts (key_text). */
static const char *
hist_text(const struct game *dst, const struct game *src, const char *p)
{
	size_t k;

	for (k = 0; p != NULL && k < src->nhist; k++)
		if (src->hist[k].text == p)
			return dst->hist[k].text;
	return NULL;
}

static void
dice_copy(struct dice *dst, const struct dice *src)
{
	size_t i;

	*dst = *src;
	dst->game_id = xstrdup_or_null(src->game_id);
	dst->entropy = dup_bytes(src->entropy, src->entropy_len);
	dst->held = src->nheld > 0 ? xcalloc(src->nheld,
	    sizeof(*dst->held)) : NULL;
	for (i = 0; i < src->nheld; i++)
		dst->held[i] = xstrdup_or_null(src->held[i]);
	dst->script = NULL;	/* a replay's, borrowed: none between */
	dst->nscript = dst->script_pos = 0;
	dst->log = draws_copy(src->log, src->nlog);
	dst->alog = src->nlog;
	dst->error = xstrdup_or_null(src->error);
}

void
game_copy(struct game *dst, const struct game *src)
{
	size_t i;
	int c;

	*dst = *src;
	dst->origin = src;
	dst->rs_lent = NULL;
	dst->rs_lent_node = NULL;
	dst->st = xmalloc(src->module->state_size);
	memcpy(dst->st, src->st, src->module->state_size);
	dst->rs_parts = dup_bytes(src->rs_parts,
	    src->nrs_parts * sizeof(*src->rs_parts));
	dst->hist = xcalloc(src->nhist + 1, sizeof(*dst->hist));
	for (i = 0; i < src->nhist; i++)
		entry_copy(&dst->hist[i], &src->hist[i]);
	dst->queue = xcalloc(src->nqueue + 1, sizeof(*dst->queue));
	for (i = 0; i < src->nqueue; i++) {
		dst->queue[i] = src->queue[i];
		dst->queue[i].o.text = xstrdup_or_null(src->queue[i].o.text);
		dst->queue[i].o.source = xstrdup_or_null(src->queue[i].o.source);
		dst->queue[i].o.plain = xstrdup_or_null(src->queue[i].o.plain);
	}
	dst->deadlines = dup_bytes(src->deadlines,
	    src->ndeadlines * sizeof(*src->deadlines));
	dice_copy(&dst->dice, &src->dice);
	for (c = 0; c < GAME_MAX_SIDES; c++) {
		dst->key_text[c] = hist_text(dst, src, src->key_text[c]);
		dst->key_revoked[c] = hist_text(dst, src,
		    src->key_revoked[c]);
	}
	dst->moderator_key = hist_text(dst, src, src->moderator_key);
	dst->sealed_seed = xstrdup_or_null(src->sealed_seed);
	if (!game_moderator_shared(src->mod)) {
		dst->mod = NULL;
		dst->mod_keys = 0;
	}
	dst->path = xstrdup_or_null(src->path);
	/* a temporary keyring is its game's to remove: made again */
	dst->keyring = src->keyring_temp ? NULL : xstrdup_or_null(src->keyring);
	dst->keyring_temp = 0;
	dst->keyring_ctx = NULL;
	dst->opened = xcalloc(src->nopened + 1, sizeof(*dst->opened));
	for (i = 0; i < src->nopened; i++) {
		dst->opened[i].armor = xstrdup_or_null(src->opened[i].armor);
		dst->opened[i].session_key =
		    xstrdup_or_null(src->opened[i].session_key);
	}
	dst->absences = dup_bytes(src->absences,
	    src->nabsences * sizeof(*src->absences));
	dst->file = dup_bytes(src->file, src->file_len);
	orders_set_unsealer(unseal_cb, dst);
}

void
game_adopt(struct game *g, struct game *copy)
{
	/* the ruleset is g's: it stays, the rest of g goes */
	copy->origin = NULL;
	g->rs = NULL;
	g->rsdoc = NULL;
	game_release(g);
	*g = *copy;
	memset(copy, 0, sizeof(*copy));
	orders_set_unsealer(unseal_cb, g);
}
