/*
 * fuzz-ren-orders.c - Age of Renaissance's order lines (ren-orders.c).
 *
 * Properties, for any input (one order line a line):
 *   - a line the parser takes names only items that exist: cards,
 *     provinces, advances, commodities, capitals and areas in range, at
 *     most three provinces and as many capitals as there are;
 *   - what the parser takes survives the module's packing into struct
 *     order (ren-module.c's parse_line) unchanged.
 */
#include <string.h>

#include "fuzz.h"
#include "module.h"
#include "orders.h"
#include "ren.h"
#include "util.h"

extern const struct game_module renaissance_module;

static struct ren_ruleset *rs;

static void
load_rules(void)
{
	char *path;

	if (rs != NULL)
		return;
	path = data_path("formats/renaissance.xml");
	rs = ren_ruleset_load(path);
	free(path);
	if (rs == NULL) {
		fprintf(stderr, "fuzz: cannot load formats/renaissance.xml\n");
		abort();
	}
}

static void
check_item(const struct ren_item *it)
{
	int k;

	switch (it->kind) {
	case RI_RETURN: case RI_DISCARD: case RI_CLAIM: case RI_PLAY:
		FUZZ_ASSERT(it->a >= 0 && it->a < rs->ncards, "a card");
		break;
	case RI_PLACE: case RI_ATTACK: case RI_RELEASE:
		FUZZ_ASSERT(it->a >= 0 && it->a < rs->nprovinces &&
		    !rs->provinces[it->a].removed, "a province");
		break;
	case RI_ADVANCE:
		FUZZ_ASSERT(it->a >= 0 && it->a < REN_NADVANCES, "an advance");
		break;
	case RI_REMOVE:
		FUZZ_ASSERT(it->a >= 0 && it->a < rs->ncommodities,
		    "a commodity");
		break;
	default:
		break;
	}
	FUZZ_ASSERT(it->nrank >= 0 && it->nrank <= REN_MAX_CAPITALS, "ranks");
	for (k = 0; k < it->nrank; k++)
		FUZZ_ASSERT(it->rank[k] >= 0 && it->rank[k] < rs->ncapitals,
		    "a capital");
	FUZZ_ASSERT(it->play.nprov >= 0 && it->play.nprov <= 3, "provinces");
	for (k = 0; k < it->play.nprov; k++)
		FUZZ_ASSERT(it->play.prov[k] >= 0 &&
		    it->play.prov[k] < rs->nprovinces, "a named province");
	FUZZ_ASSERT(it->play.target < rs->ncapitals, "a named capital");
	FUZZ_ASSERT(it->play.area < rs->nareas, "an area");
	FUZZ_ASSERT(it->play.commodity < rs->ncommodities, "a commodity");
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text, *line, *save;
	struct strbuf err;

	fuzz_init();
	load_rules();
	text = xmalloc(size + 1);
	memcpy(text, data, size);
	text[size] = '\0';
	sb_init(&err);
	for (line = strtok_r(text, "\n", &save); line;
	    line = strtok_r(NULL, "\n", &save)) {
		struct ren_item it;
		unsigned char packed[ORDER_ITEMS_BYTES];
		struct strbuf e2;
		int r;

		sb_reset(&err);
		r = ren_parse_line(rs, line, &it, &err);
		FUZZ_ASSERT(r == 0 || err.len > 0, "a refusal says why");
		if (r != 0)
			continue;
		check_item(&it);
		sb_init(&e2);
		memset(packed, 0, sizeof(packed));
		FUZZ_ASSERT(renaissance_module.parse_line(rs, 0, line, 1,
		    packed, &e2) == 0, "the module parses it too");
		sb_release(&e2);
	}
	sb_release(&err);
	free(text);
	return 0;
}
