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
	if (g->rs_lent != NULL) {
		/* a document not given back (game_doc_free) keeps none */
		xmlUnlinkNode(g->rs_lent_node);
		xmlFreeNode(g->rs_lent_node);
	}
	if (g->rsdoc != NULL)
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
	if (g->module != NULL)
		g->module->ruleset_free(g->rs);
	free(g->st);
	orders_set_unsealer(NULL, NULL);
	memset(g, 0, sizeof(*g));
}
