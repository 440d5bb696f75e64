/*
 * module.h - the interface between the play-by-email machinery and a
 * game's rules (issue 19).
 *
 * A game module is one `const struct game_module`: its data (names,
 * files, readings, variants, sizes) and the functions through which the
 * machinery reaches the game's rules, board data, state, order lines,
 * step names, order form, defaults, secrecy, reveal rule, end and
 * winners.  The machinery (history, replay, keys, signatures, sealed
 * picks, queue, deadlines, saves, cache, reports, mail, commands) knows
 * no game; a module knows no machinery: its files include this header,
 * journal.h, orders.h, dice.h, util.h and xmlutil.h, never game.h.
 *
 * The table of modules is modules.c; a game file names its module in
 * <game module="NAME"> (absent: age-of-reason), `new --game NAME` picks
 * one.  Paths are relative to the data folder (DATADIR, or the source
 * tree).  Sides ("countries", as the files call them) are indices
 * 0 .. ncountries - 1; NO_COUNTRY is none.
 */
#ifndef MODULE_H
#define MODULE_H

#include <stddef.h>
#include <libxml/tree.h>

#include "journal.h"

struct dice;
struct order;
struct strbuf;

/* The most sides a game may have: the machinery's per-side arrays. */
#define GAME_MAX_SIDES 8

struct player {
	int country;
	char name[64];
	char email[128];
};

/*
 * The players of a game, inside the module's state (mod->seating): the
 * machinery fills them before setup and later changes names and emails
 * only; the sides and the order of play are the module's.
 */
struct seating {
	int nplayers;
	struct player players[GAME_MAX_SIDES];	/* seating order */
	int seat_of[GAME_MAX_SIDES];		/* -1: side not played */
};

/* A decision the rules wait for (R36). */
struct decision {
	char step[32];		/* the module's step id */
	int country;
	int kind;		/* index into mod->decision_kinds */
	char what[200];		/* what is expected, for people */
};

enum step_status { STEP_CURRENT, STEP_FUTURE, STEP_STALE, STEP_NOT_YOURS };

/* A rule a game may switch on when it is made (new --variant). */
struct variant_info {
	const char *name;
	unsigned flag;
	const char *ruling;
	const char *meaning;
};

/*
 * The context every rule function works in: the module's state, the
 * only dice it may draw from, and the journal its events go to.
 */
struct ctx {
	void *st;
	struct dice *dice;
	struct journal *j;
};

struct game_module {
	/* The id in <game module=""> and new --game. */
	const char *name;
	/* The game's name for people ("Age of Reason"). */
	const char *title;
	/* The default of new --ruleset, validated against ruleset_schema. */
	const char *ruleset_file;
	/* The RELAX NG schema of the module's ruleset file. */
	const char *ruleset_schema;
	/* The schema of the whole game file, ruleset copy included. */
	const char *game_schema;
	/* The default text and HTML report templates. */
	const char *report_text;
	const char *report_html;
	/*
	 * The ruling that keeps what a player's order or hand holds his own
	 * until its reveal ("R39" in Age of Reason, "RR39" in Age of
	 * Renaissance): the machinery cites it where it withholds a sealed
	 * pick, in its refusals and in the reports (the templates' parameter
	 * secrecy-ruling).
	 */
	const char *secrecy_ruling;
	/*
	 * The ruling that sets how many may play (players_range), cited when
	 * new is given too few or too many ("R1"), or NULL when the rules
	 * themselves say it.
	 */
	const char *players_ruling;
	/*
	 * The rulings the generic machinery cites in what it tells about
	 * orders and deadlines, or NULL for none: an order sent ahead waits
	 * for its step (ahead_ruling: "R36", "RR41"), a missed deadline has
	 * its default (defaults_ruling: "R37", "RR38"), only the latest order
	 * for a step counts and a signed message once (latest_ruling: "R38",
	 * "RR41").  None of these texts is recorded in a game file.
	 */
	const char *ahead_ruling;
	const char *defaults_ruling;
	const char *latest_ruling;
	/*
	 * The child of <ruleset> whose elements are committed one by one in
	 * run 0 (issue 9.5), or NULL for none.
	 */
	const char *ruleset_split;
	/*
	 * The readings of the rules (<game rules="N">, new --rules): a game
	 * keeps the reading it was made with; new games get the current.
	 */
	int reading_oldest, reading_current;
	/* The variants; their flags go to state_init. */
	const struct variant_info *variants;
	int nvariants;
	/* <decision kind="">, indexed by decision.kind. */
	const char *const *decision_kinds;
	int ndecision_kinds;
	/*
	 * A state's bytes: the machinery allocates them, copies them with
	 * memcpy (undo of a refused adjustment) and frees them.
	 */
	size_t state_size;
	/* One parsed order line (plain data), and the lines a step may hold. */
	size_t item_size;
	int max_items;

	/*
	 * Loads the ruleset of an already validated document (root
	 * <ruleset>); NULL after diagnostics naming file and line.  The
	 * module owns what it returns until ruleset_free.
	 */
	void *(*ruleset_load)(xmlNode *root, const char *file);
	/* Frees what ruleset_load returned (NULL is allowed). */
	void (*ruleset_free)(void *rs);
	/*
	 * The lean load's check of the ruleset copy's ids (the facets the
	 * lean schema leaves out); 0, or -1 after diagnostics.
	 */
	int (*ruleset_ids_ok)(xmlNode *root, const char *file);
	/*
	 * Changes a game's own ruleset (what ruleset_load returned for it)
	 * for the variants that change the board, once, after ruleset_load
	 * and before state_init with those variants: every game has its
	 * own ruleset, so games of two maps live side by side in one
	 * process.  0, or -1 with err and *line the line of the ruleset's
	 * XML the problem is at (0: none known; the file is the one
	 * ruleset_load read).  NULL: no variant changes the ruleset.
	 */
	int (*ruleset_variants)(void *rs, unsigned variants, int *line,
	    struct strbuf *err);
	/* The number of players the ruleset allows. */
	void (*players_range)(const void *rs, int *min, int *max);

	/* The number of sides the files name, played or not. */
	int (*ncountries)(const void *rs);
	/* A side from what players write; -1 with err (ambiguous, unknown). */
	int (*country_find)(const void *rs, const char *text,
	    struct strbuf *err);
	/* A side by its exact id, as the files write it; -1 when none. */
	int (*country_by_id)(const void *rs, const char *id);
	/* The id of side c, for files. */
	const char *(*country_id)(const void *rs, int c);
	/* The name of side c for people; "nobody" for NO_COUNTRY. */
	const char *(*country_name)(const void *rs, int c);

	/*
	 * Initialises a zeroed state for the ruleset, variants and reading:
	 * no seats taken.  The state holds only borrowed pointers (rs).  The
	 * machinery zeroes the bytes before each call, also when they held a
	 * game (a rollback makes the state again; game_state_init).
	 */
	void (*state_init)(void *st, const void *rs, unsigned variants,
	    int reading);
	/* The seats inside the state (struct seating). */
	struct seating *(*seating)(void *st);
	/* Copies a state into bytes for the cache, borrowed pointers cleared. */
	void (*state_pack)(const void *st, void *bytes);
	/* And back, the borrowed pointers restored. */
	void (*state_unpack)(void *st, const void *bytes, const void *rs);
	/* Appends <state> to parent: byte-stable forever (digests). */
	void (*state_xml)(const void *st, xmlNode *parent);
	/* SHA-256 (hex) of the public canonical state text. */
	void (*state_digest)(const void *st, char out[65]);
	/*
	 * Calls hide() on each element of a <state> that viewer (NO_COUNTRY:
	 * the public) may not see (R39).
	 */
	void (*state_hide)(xmlNode *state, const char *viewer,
	    void (*hide)(xmlNode *n, void *ctx), void *ctx);
	/* Where the game stands, for status (brief 0) and list (brief 1). */
	void (*describe)(const void *st, int brief, struct strbuf *out);
	/* 1 when no decision can come any more: the seed is published (R30). */
	int (*over)(const void *st);
	/* The winners of a game over, at most max; their number. */
	int (*winners)(const void *st, int *countries, int max);

	/*
	 * Entry 0, live and in every replay: deals, draws, and moves the
	 * game on to its first decisions.  Like every flow function it
	 * draws only from c->dice and tells every visible effect by ev().
	 */
	void (*setup)(struct ctx *c);
	/* The decisions due now, at most max; 0 when the game is over. */
	int (*pending)(const void *st, struct decision *out, int max);
	/* The legal answers to d, one order line each; the caller frees. */
	int (*choices)(const void *st, const struct decision *d,
	    char ***lines);
	/* 0 when o legally answers its decision, else -1 with err. */
	int (*check)(const void *st, const struct order *o,
	    struct strbuf *err);
	/* Applies a checked order and moves on; -1 with err changes nothing. */
	int (*apply)(struct ctx *c, const struct order *o, struct strbuf *err);
	/* Applies the deadline default of d (R37) and moves on. */
	void (*apply_default)(struct ctx *c, const struct decision *d);
	/* A moderator's correction ("prussia unrest 22"); 0, or -1 with err. */
	int (*adjust)(struct ctx *c, const char *text, struct strbuf *err);
	/* The correction as it is recorded; 0, or -1 with err. */
	int (*adjust_canon)(const void *st, const char *text,
	    struct strbuf *out, struct strbuf *err);

	/* The canonical step id of a STEP line's argument; 0 or -1 with err. */
	int (*parse_step)(const char *text, char *out, size_t n,
	    struct strbuf *err);
	/* 1 when a stored step id has the module's shape (the lean load). */
	int (*step_valid)(const char *step);
	/*
	 * Parses one order line of side country (comments gone) into item,
	 * item_size zeroed bytes the caller owns; 0 or -1 with err.
	 */
	int (*parse_line)(const void *rs, int country, const char *line,
	    int lineno, void *item, struct strbuf *err);
	/* Where a step stands for a side now (R36, R38); why when not current. */
	enum step_status (*step_status)(const void *st, const char *step,
	    int country, struct strbuf *why);

	/* 1 when an order's text is a secret: its sender's only, sealable. */
	int (*order_secret)(const struct order *o);
	/*
	 * Optional: order_secret for the state the order meets, for a module
	 * whose secrets depend on the game's reading of the rules; when set,
	 * the machinery asks it, not order_secret, what each order recorded
	 * shows (an order's text that names a card of its sender's hand).
	 */
	int (*order_secret_at)(const void *st, const struct order *o);
	/*
	 * After each applied entry, for each unopened sealed pick of side
	 * country at step: 1 when it is revealed now (R39).
	 */
	int (*may_reveal)(const void *st, const char *step, int country);
};

/* The modules this program knows (modules.c), NULL-ended. */
extern const struct game_module *const game_modules[];
/* The module named name, or NULL. */
const struct game_module *modules_find(const char *name);
/* The module of a game file that names none: Age of Reason. */
const struct game_module *modules_default(void);
/* "age-of-reason, ..." for messages; static storage. */
const char *modules_names(void);
/* The flag of a module's variant by its name, or 0. */
unsigned module_variant(const struct game_module *mod, const char *name);

/*
 * The citation of rulings a and b (either NULL) for a message: " (R36)",
 * " (R36, R37)", or "" for none; one of each is given once (RR41, RR41).
 */
const char *module_cite(char out[32], const char *a, const char *b);

#endif
