/*
 * aor-ruleset.h - the board data of Age of Reason, loaded from a ruleset file.
 *
 * Every number of the board comes from here (formats/age-of-reason.xml and
 * formats/ruleset.rng); the C code holds only capacities.  Countries,
 * areas, markers and box kinds are referred to by their index in the
 * ruleset's lists, which is also their order in reports and draws.
 */
#ifndef AOR_RULESET_H
#define AOR_RULESET_H

#include <libxml/tree.h>

struct strbuf;

/* Capacities of this implementation, not board numbers. */
#define RS_MAX_COUNTRIES 8
#define RS_MAX_AREAS 24
#define RS_MAX_MARKERS 128
#define RS_MAX_CARDS 16
#define RS_MAX_BOXKINDS 40
#define RS_MAX_INSTANCES 8
#define RS_MAX_VP 4
#define RS_MAX_ALLIANCE_BOXES 8

struct rs_name {
	char id[32];
	char en[48];
	char de[48];
};

enum card_kind { CARD_INFLUENCE, CARD_BLANK, CARD_ALLY };

struct rs_card {
	char id[16];
	enum card_kind kind;
	int soldiers, ships, cost;
};

struct rs_country {
	struct rs_name name;
	char colour[16];
	int home_adjacent[RS_MAX_AREAS];	/* 1 where the home borders */
	int ncards;
	struct rs_card cards[RS_MAX_CARDS];
};

enum area_kind { AREA_EUROPE, AREA_COLONY };

struct rs_area {
	struct rs_name name;
	enum area_kind kind;
	int ship_required;
	int nmarkers;			/* markers of this area in the game */
	int nvp;
	int vp[RS_MAX_VP];
	int adjacent[RS_MAX_AREAS];
};

struct rs_marker {
	char id[16];
	int area;
	int action;			/* an "action" marker: converted only */
	int defence;
	int vp, gold;			/* R29: paid at once on removal */
};

enum box_group { GROUP_ADVANCEMENT, GROUP_SUPPORT, GROUP_TRADING };

enum box_effect {
	EFF_ARMY_TRAINING, EFF_NAVY_TRAINING, EFF_BANKING,
	EFF_GOVERNMENT_REFORM, EFF_MILITIA, EFF_PRESSGANGS, EFF_RESERVE,
	EFF_WAR_OFFICE, EFF_SUPPORT, EFF_TRADING
};

struct rs_boxkind {
	struct rs_name name;
	enum box_group group;
	enum box_effect effect;
	int count;		/* boxes of this kind */
	int five_plus;		/* how many of them need 5+ players (R15) */
	int cost;
	int amount;
	int areas[RS_MAX_AREAS];	/* support and trading areas */
};

struct rs_numbers {
	int start_gold, start_vp, start_unrest, max_unrest, turns;
	int markers_per_turn, setup_markers_per_country, discs;
	int min_players, max_players, segments_small, segments_large;
	int large_game_players, borrow_gold, conversion_cost, npc_defence;
	int ally_cost, ally_bonus, npc_ally_cost, npc_ally_bonus;
	int alliance_boxes, die_sides, combat_dice, trading_gold;
};

struct ruleset {
	char id[64];
	char version[16];
	struct rs_numbers num;
	int ncountries;
	struct rs_country countries[RS_MAX_COUNTRIES];
	int nareas;
	struct rs_area areas[RS_MAX_AREAS];
	int nmarkers;
	struct rs_marker markers[RS_MAX_MARKERS];
	int nboxkinds;
	struct rs_boxkind boxkinds[RS_MAX_BOXKINDS];
};

/*
 * Fills rs from a <ruleset> element that has already been validated
 * against formats/ruleset.rng; checks what a schema cannot (references,
 * duplicate ids, capacities) and reports problems as diagnostics naming
 * file and line.  Returns 0 on success.
 */
int ruleset_from_xml(struct ruleset *rs, xmlNode *root, const char *file);

/*
 * Name lookup for the order language: exact id, English or German name,
 * or an unambiguous prefix of one; case, spaces, hyphens and umlaut
 * spellings (ä, ae, a) do not matter.  Returns the index, or -1 with a
 * message in err ("unknown area 'Baltc' (did you mean 'Baltic'?)").
 */
int rs_find_country(const struct ruleset *rs, const char *text,
    struct strbuf *err);
int rs_find_area(const struct ruleset *rs, const char *text,
    struct strbuf *err);
int rs_find_boxkind(const struct ruleset *rs, const char *text,
    struct strbuf *err);
int rs_find_card(const struct ruleset *rs, int country, const char *text,
    struct strbuf *err);
int rs_find_marker(const struct ruleset *rs, const char *text,
    struct strbuf *err);

/* Index by exact id, or -1; for files written by the program. */
int rs_country_by_id(const struct ruleset *rs, const char *id);
int rs_area_by_id(const struct ruleset *rs, const char *id);
int rs_boxkind_by_id(const struct ruleset *rs, const char *id);
int rs_card_by_id(const struct ruleset *rs, int country, const char *id);
int rs_marker_by_id(const struct ruleset *rs, const char *id);

/* The card index of the blank and the ally card of a country, or -1. */
int rs_card_of_kind(const struct ruleset *rs, int country, enum card_kind k);

/*
 * The lean load's check of the ids in a game's ruleset copy (n: its
 * <ruleset>), the facets the lean schema leaves out; 0, or -1 after
 * diagnostics naming path and line.
 */
int check_ruleset_ids(xmlNode *n, const char *path);

#endif
