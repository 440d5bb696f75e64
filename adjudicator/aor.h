/*
 * aor.h - the rules of Age of Reason: state, decisions, orders, engine.
 *
 * The engine is pure: it changes a state in answer to one action (a
 * player's order, a deadline default or a moderator's adjustment), draws
 * only from the dice object it is given, and explains every visible effect
 * as an event in the journal.  Live play, loading a game file (a replay of
 * its history) and verify all go through aor_apply().
 *
 * The rules live in files named by the phase of the turn:
 *   aor-setup.c    setup and the markers of each turn (R7, R8)
 *   aor-auction.c  the alliance auction (R9-R12)
 *   aor-segment.c  player segments and the 26 action boxes (R13-R17)
 *   aor-combat.c   conversions and attacks, secret picks, allies, reserves
 *                  and War Office (R14, R18-R29)
 *   aor-scoring.c  income, area scoring, unrest losses, winner (R31-R35)
 *   aor-turn.c     the flow from one decision to the next, end of turn (R34)
 *   aor-orders.c   the order lines of Age of Reason
 *   aor-choices.c  the legal choices of a decision, for order forms
 *   aor-state.c    the state, its XML form and the journal
 */
#ifndef AOR_H
#define AOR_H

#include "journal.h"
#include "module.h"
#include "orders.h"
#include "aor-ruleset.h"

struct dice;
struct strbuf;

enum variant {
	VAR_RANDOM_FIRST_ALLIANCES = 1 << 0,	/* R12 */
	VAR_PRESSGANGS_ANY_CARD = 1 << 1,	/* R17 */
	VAR_MARKER_FIXED_DEFENCE = 1 << 2,	/* R26 */
	VAR_INCOME_COUNTS_BOXES = 1 << 3	/* R31 */
};

/* The module (aor-module.c): the machinery reaches the rules through it. */
extern const struct game_module aor_module;

extern const struct variant_info aor_variants[];
extern const int aor_nvariants;
int aor_variant_by_name(const char *name);	/* flag, or 0 */

/*
 * Readings of the rules a game can be played under.  The game file records
 * its reading (the "rules" attribute of <game>; a file without it was made
 * under reading 1), and a game keeps the reading it was created with, so
 * every archive replays exactly as it was played.  New games use the
 * current reading.
 *   1  version 0.2: the seventh country goes unbid into box 7; a War
 *      Office segment's two attacks are checked against the state before
 *      the segment; an auction's opening missed by every player goes round
 *      once more before the adjudicator opens it.
 *   2  2026-11-26: the seventh country is auctioned (R9, R10); a War
 *      Office holder's second attack is checked against the state after
 *      the first (R14); the adjudicator opens at 0 as soon as the last
 *      player has missed the opening (R37).
 *   3  2026-11-26, the wording of issue 11 (the rules as in 2): "(box 4,
 *      bottom row, proposal B)" without doubled parentheses; "dice 6 and
 *      3: difference 3"; a Reserve's re-roll shows each side's dice
 *      before and after.
 *   4  2026-11-26, the rules audit: the attacker's NPC allies are told
 *      (and fixed) as soon as he has chosen them, before the defender
 *      chooses his (rules 4.3.2 II, R25); reading 3 told them only at
 *      the reveal.  A War Office holder's segment decision names the
 *      two attacks R14 lets him make instead of a placement.
 */
#define AOR_RULES_OLDEST 1
#define AOR_RULES_CURRENT 4

enum phase { PH_SETUP, PH_AUCTION, PH_SEGMENTS, PH_OVER };

enum marker_place { MK_BAG, MK_BOARD, MK_OUT };

struct auction {
	int number;		/* 1.. within the turn */
	int opener;		/* seat that opens (R11) */
	int action;		/* number of the next action, 1.. */
	int high_bid;		/* -1: nobody has bid yet */
	int high_seat;
	int a, b;		/* proposals A and B (countries); in the
				   seventh country's auction (R9) one is -1 */
	int passes;		/* passes in succession since the latest bid */
};

/* One attack as ordered (R20-R21). */
enum attack_kind { ATK_DISC, ATK_MARKER, ATK_CONVERT };
enum reserve_policy { RES_IF_LOSING, RES_NEVER, RES_ALWAYS };	/* R19 */
#define NPC_UNSET (-1)		/* no NPC-ally choice given yet */
#define NPC_ALL (1 << 30)	/* every eligible NPC ally */

struct attack {
	enum attack_kind kind;
	int area;
	int target;		/* country whose disc is attacked (ATK_DISC) */
	int marker;		/* ATK_MARKER, ATK_CONVERT */
	int card;
	enum reserve_policy reserve;
	int npc;		/* NPC_UNSET, or a country bit set | NPC_ALL */
};

/* Secret choices of other players in a combat (R24). */
enum join_choice { JN_NOT_ELIGIBLE, JN_PENDING, JN_OUT, JN_ALLY, JN_BLUFF };
enum combat_stage { CS_NONE, CS_PICKS, CS_NPC_ATTACKER, CS_NPC_DEFENDER };

struct combat {
	enum combat_stage stage;
	int number;		/* 1.. within the turn */
	int attacker;
	struct attack att;
	int defender;		/* player or NPC country; -1 for a marker */
	int def_card;		/* -1 until picked (R23) */
	enum reserve_policy def_reserve;
	int def_npc;		/* NPC_UNSET or a set */
	int join[RS_MAX_COUNTRIES];	/* enum join_choice */
	int side[RS_MAX_COUNTRIES];	/* 0 attacker's side, 1 defender's */
	int has_next;		/* War Office: a second attack follows */
	struct attack next;
};

struct aor_state {
	const struct ruleset *rs;	/* borrowed */
	unsigned variants;
	int rules;			/* AOR_RULES_OLDEST..CURRENT */
	struct seating seats;		/* seating order (R1) */

	enum phase phase;
	int turn;
	int start_seat;			/* drawn at setup (R7) */
	int first_opener;		/* opener of the turn's first auction */
	int gold[RS_MAX_COUNTRIES];
	int vp[RS_MAX_COUNTRIES];
	int unrest[RS_MAX_COUNTRIES];	/* level 0..max (R4) */
	int discs[RS_MAX_AREAS][RS_MAX_COUNTRIES];
	enum marker_place marker[RS_MAX_MARKERS];
	int box[RS_MAX_BOXKINDS][RS_MAX_INSTANCES];	/* country or -1 */
	unsigned hand[RS_MAX_COUNTRIES];	/* bit i: card i */
	unsigned discard[RS_MAX_COUNTRIES];
	int alliance[RS_MAX_ALLIANCE_BOXES];	/* box 1 is index 0 */

	struct auction auction;
	int segment;			/* 1.. */
	int actor;			/* position in the segment order */
	int ncombats;			/* combats begun this turn */
	struct combat combat;		/* the combat under way, if any */
	int nwinners;
	int winners[RS_MAX_COUNTRIES];
};

/* The Age of Reason state a rule function works on (struct ctx). */
#define AOR_ST(c) ((struct aor_state *)(c)->st)

/* Decisions the rules give a player (R36). */
enum decision_kind { DEC_BID, DEC_SEGMENT, DEC_DEFEND, DEC_JOIN, DEC_NPC };

/* Lists the pending decisions; returns how many (0 when game over). */
int aor_pending(const struct aor_state *st, struct decision *out, int max);

/* An order: one step's lines from one country, parsed. */
enum item_kind {
	IT_BID, IT_PASS, IT_PLACE, IT_ATTACK, IT_DEFEND, IT_JOIN, IT_NPC
};

struct item {
	enum item_kind kind;
	int line;		/* in the order file */
	int amount;		/* bid */
	int a, b;		/* bid proposals (either may be -1) */
	int box;		/* placement: box kind */
	int card;		/* placement: card to take back, or -1 */
	struct attack atk;	/* IT_ATTACK (also conversions), IT_DEFEND */
	enum join_choice join;	/* IT_JOIN */
	int npc;		/* IT_NPC, and advance choices */
};

/* The lines of one step (orders.h's ORDER_ITEMS_BYTES hold them). */
#define AOR_MAX_ITEMS 8
#define AOR_ITEMS(o) ((struct item *)(void *)(o)->items)
#define AOR_CITEMS(o) ((const struct item *)(const void *)(o)->items)

/*
 * Parses one order line (keyword and arguments, comments already gone)
 * into an item.  Returns 0, or -1 with a message in err.
 */
int aor_parse_line(const struct ruleset *rs, int country, const char *line,
    struct item *it, struct strbuf *err);

/* Canonical step id from a STEP argument ("T1.S4", "turn 1 segment 4"). */
int aor_parse_step(const char *text, char *out, size_t outlen,
    struct strbuf *err);

/* Where a step stands for a country in the current state (R36, R38). */
enum step_status aor_step_status(const struct aor_state *st,
    const char *step, int country, struct strbuf *why);

/*
 * Checks whether an order answers the country's current decision legally;
 * 0 when it does, else -1 with the reason in err.  Changes nothing.
 */
int aor_check(const struct aor_state *st, const struct order *o,
    struct strbuf *err);

/*
 * Applies an order to the current decision and advances the game until the
 * next decision is missing.  The order must have passed aor_check; returns
 * 0, or -1 with the reason when it turns out illegal (nothing changed).
 */
int aor_apply(struct ctx *c, const struct order *o, struct strbuf *err);

/* Applies the deadline default (R37) of a pending decision and advances. */
int aor_default(struct ctx *c, const struct decision *d);

/* A moderator's adjustment ("prussia unrest 22"); 0 or -1 with err. */
int aor_adjust(struct ctx *c, const char *text, struct strbuf *err);
/*
 * The adjustment as it is recorded: a change (+N, -N) made the value it
 * gives, words separated by single spaces.  0, or -1 with err.
 */
int aor_adjust_canon(const struct aor_state *st, const char *text,
    struct strbuf *out, struct strbuf *err);

/*
 * Starts a new game for the players in st (countries and seats filled in):
 * sets it up (aor_setup) and advances to the first decision.
 */
void aor_start(struct ctx *c);
/* Sets up a new game (R7): the phase code, which never advances. */
void aor_setup(struct ctx *c);

/* The state as canonical XML under parent (<state>). */
void aor_state_xml(const struct aor_state *st, xmlNode *parent);
/* SHA-256 of the canonical XML text of the state. */
void aor_state_digest(const struct aor_state *st, char out[65]);

/* Initialises st for the ruleset: all counters zero, no players. */
void aor_state_init(struct aor_state *st, const struct ruleset *rs);

/* Helpers shared by the rule files. */
int aor_supply(const struct aor_state *st, int country);	/* R3 */
int aor_can_pay(const struct aor_state *st, int country, int cost); /* R5 */
void aor_pay(struct ctx *c, int country, int cost, const char *what); /* R5 */
void aor_gain_unrest(struct ctx *c, int country, int n, const char *why);
int aor_is_player(const struct aor_state *st, int country);
const char *cname(const struct aor_state *st, int country);
int aor_segments_per_turn(const struct aor_state *st);	/* R13 */
int aor_segment_order(const struct aor_state *st, int *order);
int aor_discs_in_areas(const struct aor_state *st, int country);
int aor_discs_in_boxes(const struct aor_state *st, int country);
/* Boxes of one effect a country holds; *amount sums their amounts (R18). */
int aor_boxes_held(const struct aor_state *st, int country,
    enum box_effect eff, int *amount);
int aor_max_bid(const struct aor_state *st, int country);	/* R10 */
int aor_alliance_of(const struct aor_state *st, int country); /* 0,1,-1 */

/* Combat (aor-combat.c). */
int aor_attack_check(const struct aor_state *st, int country,
    const struct attack *a, struct strbuf *err);
void aor_attack_settle(struct aor_state *st, int country,
    const struct attack *a);
void aor_attack_begin(struct ctx *c, int country, const struct attack *a,
    const struct attack *next);
int aor_combat_pending(const struct aor_state *st, struct decision *out,
    int max);
int aor_combat_check(const struct aor_state *st, const struct order *o,
    struct strbuf *err);
void aor_combat_apply(struct ctx *c, const struct order *o);
void aor_combat_default(struct ctx *c, const struct decision *d);
/* Moves a combat on while it needs no decision; resolves it (R26-R28). */
void aor_combat_progress(struct ctx *c);
int aor_ship_card(const struct ruleset *rs, int country, int card);
int aor_ships_count(const struct ruleset *rs, int area);
/* 1 when an order's text holds a secret (a card pick or choice). */
int aor_order_is_secret(const struct order *o);
void aor_segment_next(struct ctx *c);

/*
 * The legal choices of a pending decision, one order line each (for the
 * order form); *lines and each line are the caller's to free.
 */
int aor_choices(const struct aor_state *st, const struct decision *d,
    char ***lines);

/* Phase entry points, used by aor-turn.c. */
void aor_draw_markers(struct ctx *c);				/* R8 */
void aor_auction_start_turn(struct ctx *c);			/* R11 */
/* 1 when the auction is for the seventh country alone (R9, reading 2). */
int aor_auction_seventh(const struct aor_state *st);
int aor_auction_check(const struct aor_state *st, const struct order *o,
    struct strbuf *err);
void aor_auction_apply(struct ctx *c, const struct order *o);
void aor_auction_default(struct ctx *c);
int aor_segment_check(const struct aor_state *st, const struct order *o,
    struct strbuf *err);
void aor_segment_apply(struct ctx *c, const struct order *o);
void aor_segment_default(struct ctx *c);
void aor_income(struct ctx *c);					/* R31 */
void aor_score_areas(struct ctx *c);				/* R32 */
void aor_unrest_losses(struct ctx *c);				/* R33 */
void aor_determine_winner(struct ctx *c);			/* R35 */
void aor_end_turn(struct ctx *c);				/* R34 */
void aor_advance(struct ctx *c);

/* Dense-rank scoring of one area (R32), exposed for tests. */
void aor_area_scores(const struct aor_state *st, int area,
    int score[RS_MAX_COUNTRIES]);
/* Unrest loss (R33) for a level, drawing dice; returns the rolls. */
int aor_unrest_rolls(struct ctx *c, int country, int level);

#endif
