/*
 * ren-ruleset.h - the data of Age of Renaissance, loaded from a ruleset
 * file (formats/renaissance.xml, schema formats/renaissance-ruleset.rng).
 *
 * Every number of the game comes from here: provinces, waters, links,
 * satellite arrows, commodities, cards, advances and the tables.  The C
 * code holds only capacities.  Items are referred to by their index in
 * the file's lists, which is also their order in reports; advances by
 * their index 0..25, which is their letter A..Z.
 */
#ifndef REN_RULESET_H
#define REN_RULESET_H

#include <stdint.h>
#include <libxml/tree.h>

struct strbuf;

/* Capacities of this implementation, not board numbers. */
#define REN_MAX_AREAS 12
#define REN_MAX_CAPITALS 6
#define REN_MAX_PROVINCES 128
#define REN_MAX_WATERS 128
#define REN_MAX_ADJ 12		/* land neighbours of one province */
#define REN_MAX_WADJ 20		/* waters touching one water */
#define REN_MAX_COASTS 2
#define REN_MAX_ARROWS 6	/* support arrows from or to a province */
#define REN_MAX_COMMODITIES 16
#define REN_MAX_CARDS 64	/* a card set is a uint64_t */
#define REN_NADVANCES 26	/* A..Z, an advance set is a uint32_t */
#define REN_MAX_PREREQ 3
#define REN_MAX_TABLE 32	/* misery boxes, stabilization, income */
#define REN_MIN_PLAYERS 3
#define REN_MAX_PLAYERS 6
#define REN_MAX_VARIANTS 4
#define REN_MAX_VARIANT_OPS 16

enum ren_mark { REN_MARK_R, REN_MARK_S, REN_MARK_P };

enum ren_ptype { RP_CAPITAL, RP_MARKET, RP_SATELLITE, RP_OVERSEAS };
enum ren_wtype { RW_COASTAL, RW_SEA, RW_OCEAN };
enum ren_category {
	CAT_SCIENCE, CAT_RELIGION, CAT_COMMERCE, CAT_COMMUNICATION,
	CAT_EXPLORATION, CAT_CIVICS, REN_NCATEGORIES
};
enum ren_card_kind { RC_COMMODITY, RC_EVENT, RC_MILITARY, RC_LEADER };
enum ren_euro { EURO_NONE, EURO_HELD_BACK, EURO_MOVED };
enum ren_ship_row { SHIP_NONE, SHIP_GALLEYS, SHIP_SEAWORTHY, SHIP_OCEAN };

struct ren_area {
	char id[8];
	char name[24];			/* "Far East"; else "area I" */
	int overseas;
	int from_players;		/* seed 4.3 */
	int requires;			/* advance to enter, or -1 (RR2) */
	int nprovinces;
	enum ren_mark mark;
};

struct ren_capital {
	int province;
	int area;
	int players_min;
};

struct ren_province {
	char id[32];
	char name[40];
	int naliases;
	char aliases[2][40];
	int area;
	enum ren_ptype type;
	int market;			/* market number; 1 for satellites */
	int box;			/* a box at the map edge */
	enum ren_mark mark;
	int ncommodities;
	int commodities[3];
	int nadj;
	int adj[REN_MAX_ADJ];		/* land neighbours */
	int ncoasts;
	int coasts[REN_MAX_COASTS];	/* its coastal waters */
	int nsupports;
	int supports[REN_MAX_ARROWS];	/* arrows from this satellite */
	int nsupported_by;
	int supported_by[REN_MAX_ARROWS];
	int capital;			/* index in capitals, or -1 */
	int removed;			/* taken out by a variant */
	int x, y;
};

struct ren_water {
	char id[40];
	char name[48];
	enum ren_wtype type;
	int coast_of;			/* province, or -1 */
	int nadj;
	int adj[REN_MAX_WADJ];
	enum ren_mark mark;
	int x, y;
};

struct ren_commodity {
	char id[16];
	char name[16];
	int roll;			/* black + white (seed 5.7.5) */
	int value;			/* box k pays value x k x k (RR34) */
	int boxes;
	enum ren_mark mark;
};

struct ren_advance {
	char letter;
	char id[32];
	char name[32];
	enum ren_category category;
	int cost;
	int misery;			/* boxes gained on purchase */
	int credit;
	enum ren_category credit_category;
	int special_credit;		/* Institutional Research */
	unsigned special_categories;	/* bit per category */
	int relief;			/* misery relief (MR) */
	int nprereq;
	int prereq[REN_MAX_PREREQ];
	enum ren_mark mark;
};

struct ren_card {
	char id[32];
	char name[32];
	int epoch;
	enum ren_card_kind kind;
	int recycle;			/* circled epoch: back to the discard */
	int choice;			/* dual commodity card */
	int enlightened_ruler;		/* protected by Enlightened Ruler */
	enum ren_euro euro;
	enum ren_mark mark;
	int ncommodities;
	int commodities[2];
	int discount;			/* leader */
	uint32_t discounts;		/* leader: advances discounted */
	int cond_amount;		/* leader's discount when cond_card */
	int cond_card;			/* or -1 */
	uint64_t voids;			/* cards it makes unplayable */
	uint64_t voided_by_cards;
	uint32_t voided_by_advances;
};

enum ren_variant_op {
	VOP_REMOVE_PROVINCE, VOP_ADD_LAND, VOP_REMOVE_LAND, VOP_ADD_WATER,
	VOP_REMOVE_WATER
};

struct ren_variant {
	char id[32];
	int nops;
	struct { enum ren_variant_op op; int a, b; } ops[REN_MAX_VARIANT_OPS];
	int nadd;			/* provinces it adds, stored removed */
	int add[4];
	int line;			/* of its <variant>, for messages */
};

struct ren_ruleset {
	char id[64];
	char version[16];
	char name[96];

	int purse;			/* cash before the capital bid */
	int bid_max;
	int tokens, markers;		/* per player (RR1) */
	int start_misery;

	int nareas;
	struct ren_area areas[REN_MAX_AREAS];
	int ncapitals;
	struct ren_capital capitals[REN_MAX_CAPITALS];
	int nprovinces;
	struct ren_province provinces[REN_MAX_PROVINCES];
	int nwaters;
	struct ren_water waters[REN_MAX_WATERS];
	int ncommodities;
	struct ren_commodity commodities[REN_MAX_COMMODITIES];
	struct ren_advance advances[REN_NADVANCES];
	int ncards;
	struct ren_card cards[REN_MAX_CARDS];

	int nmisery;
	int misery[REN_MAX_TABLE];	/* the boxes, 0 first */
	int nstab;
	int stab[REN_MAX_TABLE];	/* cost by cards in hand */
	int upgrade_cost, upgrades_per_turn;
	int ship_levels[4][4];		/* by enum ren_ship_row, levels */
	int ship_nlevels[4];
	int order_boxes[REN_MAX_PLAYERS + 1][REN_MAX_PLAYERS];
	int nincome[REN_MAX_PLAYERS + 1];
	int income[REN_MAX_PLAYERS + 1][REN_MAX_TABLE];
	int middle_class_bonus;
	int card_price_step, card_per_player;
	int euro_deal, euro_return;
	int euro_return_turn[REN_MAX_PLAYERS + 1];
	int nvariants;
	struct ren_variant variants[REN_MAX_VARIANTS];
	int variants_line;		/* of <variants>, else of the root */
	unsigned applied;		/* bit per variants[]: this map's */
};

/*
 * Fills rs from a <ruleset> element already validated against
 * formats/renaissance-ruleset.rng; checks what the schema cannot
 * (references, duplicate ids, capacities, the tables' lengths) and
 * reports each problem as a diagnostic naming file and line.  Returns 0,
 * or -1 after at least one diagnostic.
 */
int ren_ruleset_from_xml(struct ren_ruleset *rs, xmlNode *root,
    const char *file);
/*
 * Loads and checks the ruleset file at path: a new ruleset (free with
 * free()), or NULL after diagnostics.
 */
struct ren_ruleset *ren_ruleset_load(const char *path);
/*
 * Applies the named map variant (RR42) to rs: provinces removed or added,
 * links changed; a variant applied already is left as it is.  0, or -1
 * with a message in err ("unknown variant 'x'").
 */
int ren_ruleset_apply_variant(struct ren_ruleset *rs, const char *id,
    struct strbuf *err);

/*
 * Name lookup for the order language: an id, a name or an alias, or an
 * unambiguous prefix of one; case, spaces and punctuation do not matter
 * ("st malo", "St. Malo", "ST-MALO").  Advances also by their letter,
 * cards also by name when only one card has it.  Returns the index, or -1
 * with a message in err ("unknown province 'Bordeux' (did you mean
 * 'Bordeaux'?)").
 */
int ren_find_province(const struct ren_ruleset *rs, const char *text,
    struct strbuf *err);
int ren_find_water(const struct ren_ruleset *rs, const char *text,
    struct strbuf *err);
int ren_find_area(const struct ren_ruleset *rs, const char *text,
    struct strbuf *err);
int ren_find_commodity(const struct ren_ruleset *rs, const char *text,
    struct strbuf *err);
int ren_find_advance(const struct ren_ruleset *rs, const char *text,
    struct strbuf *err);
int ren_find_card(const struct ren_ruleset *rs, const char *text,
    struct strbuf *err);
int ren_find_capital(const struct ren_ruleset *rs, const char *text,
    struct strbuf *err);

/* Index by exact id, or -1; for files written by the program. */
int ren_province_by_id(const struct ren_ruleset *rs, const char *id);
int ren_water_by_id(const struct ren_ruleset *rs, const char *id);
int ren_area_by_id(const struct ren_ruleset *rs, const char *id);
int ren_commodity_by_id(const struct ren_ruleset *rs, const char *id);
int ren_advance_by_letter(const struct ren_ruleset *rs, char letter);
int ren_card_by_id(const struct ren_ruleset *rs, const char *id);

/* Table reads, bounds checked. */
int ren_land_adjacent(const struct ren_ruleset *rs, int a, int b);
/* 1 when an arrow points from satellite s to province p (seed 5.6.3.3). */
int ren_supports(const struct ren_ruleset *rs, int s, int p);
/* Whether area is used in a game of n players (RR2, seed 4.3). */
int ren_area_in_play(const struct ren_ruleset *rs, int area, int n);
/* The box number of the k-th place (0-based) in the order of play (RR6). */
int ren_order_box(const struct ren_ruleset *rs, int nplayers, int k);
/* Income for markers dominance markers on the map (RR33 step 4). */
int ren_income(const struct ren_ruleset *rs, int nplayers, int markers);
/* Stabilization cost for n cards (RR21): n(n+1)/2 beyond the table. */
int ren_stabilization(const struct ren_ruleset *rs, int ncards);
/* Payment for box b of a commodity (RR34): value x b x b; 0 if b < 1. */
int ren_commodity_pay(const struct ren_ruleset *rs, int commodity, int b);

const char *ren_category_name(enum ren_category c);

#endif
