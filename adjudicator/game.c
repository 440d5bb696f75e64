/*
 * game.c - struct game life: init and release.
 */
#define _DEFAULT_SOURCE
#include "game.h"
#include "game-internal.h"

#include <string.h>

#include "orders.h"
#include "pgp.h"

void
game_init(struct game *g)
{
	memset(g, 0, sizeof(*g));
	g->module = modules_default();
	aor_state_init(&g->st, &g->rs);
	orders_set_unsealer(unseal_cb, g);
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
	orders_set_unsealer(NULL, NULL);
	memset(g, 0, sizeof(*g));
}
