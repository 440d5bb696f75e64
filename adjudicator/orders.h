/*
 * orders.h - order files: the header lines and the steps they hold.
 *
 * An order file is plain text.  '#' starts a comment, blank lines are
 * ignored, keywords are case-insensitive.  GAME and COUNTRY come first;
 * each STEP line opens the orders for one decision, and the lines up to
 * the next STEP belong to it (parsed by the module, mod->parse_line).
 * The syntax is documented in man/adjudicator-orders.5.
 *
 * Orders come as mail, so the text around them is a mail's: a greeting
 * before the GAME line, quoted lines ('>') of a reply, a signature after
 * a "-- " line.  As the established judges do (Njudge reads up to
 * SIGNOFF, Eressea up to NAECHSTER), such text is ignored, and counted so
 * that the verdict can say what was left out.
 */
#ifndef ORDERS_H
#define ORDERS_H

#include <stddef.h>

#include "module.h"

/*
 * Limits, documented in adjudicator-orders(5): an order file's size
 * (checked before it is read), the steps one file may hold, and the
 * orders a player may have waiting for later steps.
 */
#define ORDER_FILE_MAX (256 * 1024)
#define ORDER_MAX_STEPS 100
#define QUEUE_MAX_PER_PLAYER 100
/*
 * Issue 9.5: a PGP/MIME signed order keeps its signed part (the order
 * file's text with MIME headers, perhaps base64: twice the file) and its
 * detached signature in the history.
 */
#define SIGNED_ENTITY_MAX (2 * ORDER_FILE_MAX)
#define SIGNATURE_MAX (16 * 1024)

/*
 * The bytes of a step's parsed lines: nitems items of the module's
 * item_size each (mod->max_items at most), plain data, so that an order
 * is copied by value (the queue, the cache).
 */
#define ORDER_ITEMS_BYTES 512

/*
 * An order: one step's lines from one country, the envelope parsed here
 * (GAME, COUNTRY, STEP, sealing), the lines by the module.
 */
struct order {
	char step[32];
	int country;
	int nitems;
	_Alignas(max_align_t) unsigned char items[ORDER_ITEMS_BYTES];
	char *text;		/* owned: the step's lines, verbatim */
	char *source;		/* owned: "file:line" of the STEP line */
	int sealed;		/* the lines came encrypted (R39) */
	char *plain;		/* owned: a sealed step's opened lines */
	int queued_run;		/* the run its slot in the queue was first
				   filled (R36, R38), 0 when never queued */
};

void order_release(struct order *o);

struct order_file {
	char *path;		/* owned */
	char **entropy;		/* owned: ENTROPY texts, in file order */
	int nentropy;
	char game[64];
	int game_line;
	int country;		/* -1 when missing or unknown */
	int country_line;
	int ignored_before;	/* non-blank lines before the GAME line */
	int game_at;		/* the GAME line those lines precede */
	int ignored_quoted;	/* lines starting with '>' */
	int first_quoted;
	int end_line;		/* the "-- " or END line, or 0 */
	int ignored_after;	/* non-blank lines after it */
	int norders;
	struct order *orders;	/* owned */
};

/*
 * Parses text (the file's contents) into of.  Every problem becomes a
 * diagnostic "path:line: error: ..." and is counted; returns the count.
 * Steps with errors are left out of of->orders.
 */
int orders_parse(const struct game_module *mod, const void *rs,
    const char *path, const char *text, struct order_file *of);
/* The same for text that starts at line first_line + 1 of the file. */
int orders_parse_at(const struct game_module *mod, const void *rs,
    const char *path, const char *text, int first_line,
    struct order_file *of);
/* The same for a game whose id is known (NULL: not), which a missing
 * GAME line's message then names. */
int orders_parse_for(const struct game_module *mod, const void *rs,
    const char *game_id,
    const char *path, const char *text, int first_line,
    struct order_file *of);
void order_file_release(struct order_file *of);

/*
 * Sealed picks: a step's orders may be one ASCII-armoured PGP message
 * (encrypted to the moderator) instead of plain lines.  The game layer
 * sets the unsealer, which turns the armour into the order lines (caller
 * frees *plain) or fails with a reason; without one, sealed steps are
 * rejected.  The unsealer is told the country and step the armour stands
 * under, so that it can check the lines the sealed text starts with
 * (GAME, COUNTRY, STEP: issue 9), which the parser then skips.  The
 * order keeps the armour as its text and sets o->sealed.  Errors about a
 * sealed step never quote its opened lines (R39).
 */
typedef int (*unseal_fn)(void *ctx, const char *armor, int country,
    const char *step, char **plain, struct strbuf *err);
void orders_set_unsealer(unseal_fn fn, void *ctx);
/* The ctx of the unsealer set last, or NULL. */
void *orders_unsealer_ctx(void);

/*
 * Parses one stored step (a STEP line and its order lines, as kept in the
 * history) for a country; 0 or -1 with the reason in err.
 */
int order_parse_block(const struct game_module *mod, const void *rs,
    int country,
    const char *text, const char *source, struct order *o,
    struct strbuf *err);

/*
 * The verbatim texts of the STEP blocks of an order file's text, as
 * orders_parse_for records them in the history, valid or not (verify
 * finds each recorded order in the signed message it came from).
 * Returns their number; the caller frees each and *blocks.
 */
int order_blocks(const char *text, char ***blocks);
/*
 * order_blocks, and the ENTROPY texts of the same text in order, as
 * orders_parse_for takes them (verify checks each recorded ENTROPY entry
 * against the signed message it came in): one walk of the text.  The
 * caller frees each of *entropy and *entropy.
 */
int order_blocks_entropy(const char *text, char ***blocks, char ***entropy,
    int *nentropy);
/*
 * The steps of n blocks of order_blocks, as the module reads their STEP
 * lines (those that do not read as a step left out); their number.  The
 * caller frees each and *steps.
 */
int order_block_steps(const struct game_module *mod, char *const *blocks,
    int n, char ***steps);

#endif
