/*
 * aor-module.c - Age of Reason as a game module (module.h): the
 * machinery's untyped calls turned into the rules' own (aor.h), and what
 * the machinery asks that the rules had no function for.
 */
#include "aor.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/tree.h>

#include "util.h"
#include "xmlutil.h"

_Static_assert(RS_MAX_COUNTRIES == GAME_MAX_SIDES,
    "the machinery's per-side arrays hold every country");
_Static_assert(AOR_MAX_ITEMS * sizeof(struct item) <= ORDER_ITEMS_BYTES,
    "a step's lines fit in struct order");
#if defined(__x86_64__) && defined(__linux__)
/*
 * The state is cached as its bytes (state_pack): it must hold no pointer
 * but its ruleset, which state_unpack puts back.  Its size is in the
 * cache's key.
 */
_Static_assert(sizeof(struct aor_state) == 4624, "struct aor_state "
    "changed: it is cached as its bytes (cache.c), so it may hold no "
    "pointer but rs; then update this size");
#endif

const struct variant_info aor_variants[] = {
	{ "random-first-alliances", VAR_RANDOM_FIRST_ALLIANCES, "R12",
	  "turn 1 alliances are drawn at random instead of auctioned" },
	{ "pressgangs-any-card", VAR_PRESSGANGS_ANY_CARD, "R17",
	  "Pressgangs takes back any card (the German rules)" },
	{ "marker-fixed-defence", VAR_MARKER_FIXED_DEFENCE, "R26",
	  "an empire marker defends with its number alone, no dice" },
	{ "income-counts-boxes", VAR_INCOME_COUNTS_BOXES, "R31",
	  "income counts discs in action boxes too" },
};
const int aor_nvariants = (int)ARRAY_SIZE(aor_variants);

/* <decision kind="">, by enum decision_kind. */
static const char *const decision_kinds[] = {
	"bid", "segment", "defend", "join", "npc"
};

/* The ruleset. */

static void *
ruleset_load(xmlNode *root, const char *file)
{
	struct ruleset *rs = xcalloc(1, sizeof(*rs));

	if (ruleset_from_xml(rs, root, file) != 0) {
		free(rs);
		return NULL;
	}
	return rs;
}

static void
ruleset_free(void *rs)
{
	free(rs);
}

static void
players_range(const void *rs, int *min, int *max)
{
	const struct ruleset *r = rs;

	*min = r->num.min_players;
	*max = r->num.max_players;
}

static int
ncountries(const void *rs)
{
	return ((const struct ruleset *)rs)->ncountries;
}

static int
country_find(const void *rs, const char *text, struct strbuf *err)
{
	return rs_find_country(rs, text, err);
}

static int
country_by_id(const void *rs, const char *id)
{
	return rs_country_by_id(rs, id);
}

static const char *
country_id(const void *rs, int c)
{
	return ((const struct ruleset *)rs)->countries[c].name.id;
}

/* As cname(), from the ruleset alone. */
static const char *
country_name(const void *rs, int c)
{
	const struct ruleset *r = rs;

	if (c < 0 || c >= r->ncountries)
		return "nobody";
	return r->countries[c].name.en;
}

/* The state. */

static void
state_init(void *st, const void *rs, unsigned variants, int reading)
{
	struct aor_state *s = st;

	aor_state_init(s, rs);
	s->variants = variants;
	s->rules = reading;
}

static struct seating *
seating(void *st)
{
	return &((struct aor_state *)st)->seats;
}

static void
state_pack(const void *st, void *bytes)
{
	struct aor_state *s = bytes;

	memcpy(s, st, sizeof(*s));
	s->rs = NULL;
}

static void
state_unpack(void *st, const void *bytes, const void *rs)
{
	struct aor_state *s = st;

	memcpy(s, bytes, sizeof(*s));
	s->rs = rs;
}

static void
state_xml(const void *st, xmlNode *parent)
{
	aor_state_xml(st, parent);
}

static void
state_digest(const void *st, char out[65])
{
	aor_state_digest(st, out);
}

/* R39: hands and discard piles are their owner's. */
static void
state_hide(xmlNode *state, const char *viewer,
    void (*hide)(xmlNode *n, void *ctx), void *ctx)
{
	xmlNode *n, *m, *next;
	char id[64];

	for (n = xml_child(state, "country"); n; n = xml_next(n, "country")) {
		if (xml_attr(n, "id", id, sizeof(id)) != 0 ||
		    (viewer != NULL && strcmp(id, viewer) == 0))
			continue;
		for (m = n->children; m != NULL; m = next) {
			next = m->next;
			if (xml_is(m, "hand") || xml_is(m, "discard"))
				hide(m, ctx);
		}
	}
}

static const char *
phase_text(const struct aor_state *st)
{
	switch (st->phase) {
	case PH_AUCTION:
		return "alliance auction";
	case PH_SEGMENTS:
		return "player segments";
	case PH_OVER:
		return "game over";
	default:
		return "setup";
	}
}

/*
 * "turn 2 of 3, alliance auction 2" for status; for list the same
 * briefer ("turn 2 of 3, segment 1 of 5", "turn 3 of 3, game over").
 */
static void
describe(const void *st, int brief, struct strbuf *out)
{
	const struct aor_state *s = st;

	sb_addf(out, "turn %d of %d, ", s->turn, s->rs->num.turns);
	if (!brief) {
		sb_add(out, phase_text(s));
		if (s->phase == PH_AUCTION)
			sb_addf(out, " %d", s->auction.number);
		if (s->phase == PH_SEGMENTS)
			sb_addf(out, ", segment %d of %d", s->segment,
			    aor_segments_per_turn(s));
	} else if (s->phase == PH_OVER)
		sb_add(out, "game over");
	else if (s->phase == PH_AUCTION)
		sb_addf(out, "alliance auction %d", s->auction.number);
	else if (s->phase == PH_SEGMENTS)
		sb_addf(out, "segment %d of %d", s->segment,
		    aor_segments_per_turn(s));
	else
		sb_add(out, "setup");
}

static int
over(const void *st)
{
	return ((const struct aor_state *)st)->phase == PH_OVER;
}

static int
winners(const void *st, int *countries, int max)
{
	const struct aor_state *s = st;
	int i;

	for (i = 0; i < s->nwinners && i < max; i++)
		countries[i] = s->winners[i];
	return i;
}

/* The flow. */

static int
pending(const void *st, struct decision *out, int max)
{
	return aor_pending(st, out, max);
}

static int
choices(const void *st, const struct decision *d, char ***lines)
{
	return aor_choices(st, d, lines);
}

static int
check(const void *st, const struct order *o, struct strbuf *err)
{
	return aor_check(st, o, err);
}

static void
apply_default(struct ctx *c, const struct decision *d)
{
	aor_default(c, d);
}

static int
adjust_canon(const void *st, const char *text, struct strbuf *out,
    struct strbuf *err)
{
	return aor_adjust_canon(st, text, out, err);
}

/* Orders. */

/* formats/game.rng's game-step: T1.A2.3, T1.S4, T1.C2.DEFEND|JOIN|NPC. */
static int
step_valid(const char *step)
{
	const char *p = step;

	if (*p++ != 'T' || !skip_digits(&p) || *p++ != '.')
		return 0;
	switch (*p++) {
	case 'A':
		return skip_digits(&p) && *p++ == '.' && skip_digits(&p) &&
		    *p == '\0';
	case 'S':
		return skip_digits(&p) && *p == '\0';
	case 'C':
		return skip_digits(&p) && *p++ == '.' &&
		    (strcmp(p, "DEFEND") == 0 || strcmp(p, "JOIN") == 0 ||
		    strcmp(p, "NPC") == 0);
	default:
		return 0;
	}
}

static int
parse_line(const void *rs, int country, const char *line, int lineno,
    void *item, struct strbuf *err)
{
	struct item *it = item;

	if (aor_parse_line(rs, country, line, it, err) != 0)
		return -1;
	it->line = lineno;
	return 0;
}

static enum step_status
step_status(const void *st, const char *step, int country,
    struct strbuf *why)
{
	return aor_step_status(st, step, country, why);
}

/* R39: sealed picks are opened once no combat is under way. */
static int
may_reveal(const void *st, const char *step, int country)
{
	(void)step;
	(void)country;
	return ((const struct aor_state *)st)->combat.stage == CS_NONE;
}

const struct game_module aor_module = {
	.name = "age-of-reason",
	.title = "Age of Reason",
	.ruleset_file = "formats/age-of-reason.xml",
	.ruleset_schema = "formats/ruleset.rng",
	.game_schema = "formats/game.rng",
	.report_text = "templates/report-text.xsl",
	.report_html = "templates/report-html.xsl",
	.secrecy_ruling = "R39",
	.players_ruling = "R1",
	.ahead_ruling = "R36",
	.defaults_ruling = "R37",
	.latest_ruling = "R38",
	.ruleset_split = "countries",
	.reading_oldest = AOR_RULES_OLDEST,
	.reading_current = AOR_RULES_CURRENT,
	.variants = aor_variants,
	.nvariants = (int)ARRAY_SIZE(aor_variants),
	.decision_kinds = decision_kinds,
	.ndecision_kinds = (int)ARRAY_SIZE(decision_kinds),
	.state_size = sizeof(struct aor_state),
	.item_size = sizeof(struct item),
	.max_items = AOR_MAX_ITEMS,
	.ruleset_load = ruleset_load,
	.ruleset_free = ruleset_free,
	.ruleset_ids_ok = check_ruleset_ids,
	.players_range = players_range,
	.ncountries = ncountries,
	.country_find = country_find,
	.country_by_id = country_by_id,
	.country_id = country_id,
	.country_name = country_name,
	.state_init = state_init,
	.seating = seating,
	.state_pack = state_pack,
	.state_unpack = state_unpack,
	.state_xml = state_xml,
	.state_digest = state_digest,
	.state_hide = state_hide,
	.describe = describe,
	.over = over,
	.winners = winners,
	.setup = aor_start,
	.pending = pending,
	.choices = choices,
	.check = check,
	.apply = aor_apply,
	.apply_default = apply_default,
	.adjust = aor_adjust,
	.adjust_canon = adjust_canon,
	.parse_step = aor_parse_step,
	.step_valid = step_valid,
	.parse_line = parse_line,
	.step_status = step_status,
	.order_secret = aor_order_is_secret,
	.may_reveal = may_reveal,
};
