/*
 * aor-setup.c - setting up a game (R7) and each turn's markers (R8).
 */
#include "aor.h"

#include "dice.h"

/* Draws one marker from the bag, uniformly among those left; -1 if empty. */
static int
draw_marker(struct ctx *c, const char *purpose, const char *who)
{
	const struct ruleset *rs = AOR_ST(c)->rs;
	int left = 0, i, k;

	for (i = 0; i < rs->nmarkers; i++)
		left += AOR_ST(c)->marker[i] == MK_BAG;
	if (left == 0)
		return -1;
	k = (int)dice_draw(c->dice, (unsigned)left, "%s%s", purpose, who);
	for (i = 0; i < rs->nmarkers; i++)
		if (AOR_ST(c)->marker[i] == MK_BAG && k-- == 0)
			return i;
	return -1;
}

/*
 * R7: five markers per country, in the ruleset's country order, each
 * replaced by a disc of that country and then out of the game; players get
 * their start values and cards; the start player is drawn.
 */
void
aor_setup(struct ctx *c)
{
	struct aor_state *st = c->st;
	const struct ruleset *rs = st->rs;
	int co, i, m;

	for (i = 0; i < rs->nmarkers; i++)
		st->marker[i] = MK_BAG;
	for (co = 0; co < rs->ncountries; co++) {
		if (!aor_is_player(st, co))
			continue;
		st->gold[co] = rs->num.start_gold;
		st->vp[co] = rs->num.start_vp;
		st->unrest[co] = rs->num.start_unrest;
		st->hand[co] = (1u << rs->countries[co].ncards) - 1;
	}
	for (co = 0; co < rs->ncountries; co++) {
		for (i = 0; i < rs->num.setup_markers_per_country; i++) {
			m = draw_marker(c, "setup marker for ", cname(st, co));
			if (m < 0)
				break;
			st->marker[m] = MK_OUT;
			st->discs[rs->markers[m].area][co]++;
			ev(c, "setup-disc", co, "Setup: marker %s is drawn for "
			    "%s, who places a disc in %s.", rs->markers[m].id,
			    cname(st, co),
			    rs->areas[rs->markers[m].area].name.en);
		}
	}
	st->start_seat = (int)dice_draw(c->dice, (unsigned)st->seats.nplayers,
	    "start player");
	ev(c, "start-player", st->seats.players[st->start_seat].country,
	    "%s is drawn as the start player.",
	    cname(st, st->seats.players[st->start_seat].country));
}

/* R8: the turn's markers come out of the bag onto their areas. */
void
aor_draw_markers(struct ctx *c)
{
	struct aor_state *st = c->st;
	const struct ruleset *rs = st->rs;
	int i, m;

	for (i = 0; i < rs->num.markers_per_turn; i++) {
		m = draw_marker(c, "turn marker", "");
		if (m < 0) {
			ev(c, "bag-empty", NO_COUNTRY, "The bag is empty after "
			    "%d markers.", i);
			return;
		}
		st->marker[m] = MK_BOARD;
		if (rs->markers[m].action)
			ev(c, "marker", NO_COUNTRY, "Marker %s (action) comes "
			    "out in %s.", rs->markers[m].id,
			    rs->areas[rs->markers[m].area].name.en);
		else
			ev(c, "marker", NO_COUNTRY, "Marker %s (defence %d) "
			    "comes out in %s.", rs->markers[m].id,
			    rs->markers[m].defence,
			    rs->areas[rs->markers[m].area].name.en);
	}
}
