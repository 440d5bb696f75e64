/*
 * fuzz-ruleset.c - the ruleset loader (new --ruleset, the game's copy):
 * any bytes are refused or give a ruleset, never a crash, and a DOCTYPE
 * never expands (the parse stops at it).
 */
#include <string.h>

#include <libxml/parser.h>

#include "fuzz.h"
#include "aor-ruleset.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ruleset rs;
	xmlDoc *doc;

	fuzz_init();
	doc = xml_parse_valid((const char *)data, size, "fuzz-ruleset.xml",
	    "formats/ruleset.rng");
	if (doc != NULL) {
		FUZZ_ASSERT(doc->intSubset == NULL, "a DOCTYPE was accepted");
		memset(&rs, 0, sizeof(rs));
		(void)ruleset_from_xml(&rs, xmlDocGetRootElement(doc),
		    "fuzz-ruleset.xml");
		xmlFreeDoc(doc);
	}
	diag_reset();
	return 0;
}
