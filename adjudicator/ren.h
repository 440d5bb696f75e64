/*
 * ren.h - the rules of Age of Renaissance (issue 20): state and engine.
 *
 * As with Age of Reason (aor.h), the engine is pure: each function takes
 * the state, the arguments of one decision and the dice, changes the
 * state, draws only from the dice object (every draw with its purpose,
 * RR40) and tells every visible effect as an event.  The state is plain
 * bytes: its only pointer is the borrowed ruleset, so a copy is a memcpy
 * and the cache may store it as it is.
 *
 * Players are seats 0..nplayers-1; a seat's capital is decided by the
 * capital bid (RR3).  The rules live in files named by the phase:
 *   ren-state.c     the state, pieces, cash, misery (RR1, RR35), events
 *   ren-setup.c     capital bids (RR3) and the Euro deal (RR4)
 *   ren-order.c     the order of play by token bids (RR5-RR8)
 *   ren-cards.c     the deck and epochs (RR10), draw, buy and discard
 *                   (RR9, RR11), playing cards (RR12-RR18, RR34)
 *   ren-purchase.c  ships, advances, stabilization, relief (RR19-RR23)
 *   ren-expansion.c reach, placing tokens, competition (RR24-RR32)
 *   ren-endturn.c   the end of the turn (RR33), the end of the game and
 *                   the score (RR36, RR37)
 * A rule these files do not implement yet returns REN_NOT_IMPLEMENTED
 * with a message that names it; nothing is skipped silently.
 */
#ifndef REN_H
#define REN_H

#include <stdint.h>

#include "ren-ruleset.h"

struct dice;
struct journal;
struct strbuf;

#define REN_NOBODY (-1)
/* Returned (with a message in err) by a rule not implemented yet. */
#define REN_NOT_IMPLEMENTED (-2)

enum ren_variant_flag {
	REN_VAR_REVISED_MAP = 1 << 0,		/* RR42, BOARD §16 */
	REN_VAR_EURO_SKIP_FIRST_DRAW = 1 << 1,	/* RR4 */
	REN_VAR_ORIGINAL_SETUP = 1 << 2,	/* RR4 */
	REN_VAR_ORIGINAL_TURN_ORDER = 1 << 3	/* RR4 */
};

enum ren_phase {
	RPH_CAPITAL_BID,	/* RR3 */
	RPH_EURO_RETURN,	/* RR4 */
	RPH_TOKEN_BID,		/* RR5 */
	RPH_DRAW,		/* RR9, RR10 */
	RPH_BUY,		/* RR11 */
	RPH_PLAY,		/* RR12 */
	RPH_PURCHASE,		/* RR19 */
	RPH_EXPANSION,		/* RR24, RR25 */
	RPH_END_TURN,		/* RR33 */
	RPH_FINAL_PLAY,		/* RR36 */
	RPH_OVER
};

/* Military advantage cards a player played this turn (RR17). */
enum ren_military {
	MIL_ARMOR = 1 << 0, MIL_STIRRUPS = 1 << 1, MIL_LONG_BOW = 1 << 2,
	MIL_GUNPOWDER = 1 << 3
};

struct ren_player {
	/* the capital bid (RR3) */
	int capital;			/* index in rs->capitals, or -1 */
	int bid;			/* -1 until made */
	int ranking[REN_MAX_CAPITALS];	/* capitals, best first */
	int allot;			/* place in the allotment, 0 first */
	int rank_got;			/* which choice he got, 0: his first */
	/* money and pieces */
	int cash;
	int written_cash;		/* RR5, public after the bids */
	int token_bid;			/* T of RR5 */
	int last;			/* LAST added to the token bid (RR7) */
	int stock;			/* tokens in stock */
	int expansion;			/* tokens in the expansion area */
	int mat;			/* dominance markers on his mat */
	int misery;			/* index in rs->misery */
	int out;			/* moved past the last box (RR35) */
	/* cards and advances */
	uint64_t hand;
	uint32_t advances;
	uint32_t bought_now;		/* advances bought this purchase */
	int relief_mr;			/* MR bought this purchase (RR22) */
	int ship_row;			/* enum ren_ship_row */
	int ship_level;			/* index in that row's levels */
	int upgraded;			/* a ship upgrade this turn (RR23) */
	int box;			/* order-of-play display box (RR6) */
	unsigned military;		/* enum ren_military, this turn */
	int cathedral_used;		/* bit per player, this turn (RR30) */
	int windmill_tried;		/* this turn (RR31) */
	int bought_card;		/* with tokens this expansion (RR32) */
	int released;			/* markers freed by RELEASE (RR29) */
	int swapped;			/* Renaissance, this turn (RR8) */
	int relief_used;		/* boxes bought back this turn (RR22) */
	int enlightened;		/* Enlightened Ruler this turn (RR18) */
	int cathedral_policy;		/* RR30: 0 NEVER, 1 MARKER, 2 ALWAYS */
	int dealt[3];			/* the Euro deal, in order (RR4, RR38) */
	/* standing choices of a card's victim (RR14) */
	int civil_war_choice;		/* 0 default, 1 cash, 2 tokens */
	int elimination_empty;		/* ELIMINATION EMPTY */
	int ncede;
	unsigned char cede[REN_MAX_CAPITALS + 2];	/* CEDE p1 p2 ... */
	int euro_returned;		/* the card returned, or -1 */
	int submitted;			/* his sealed bid of this step is in */
	int swap_dir;			/* RR8's standing SWAP: -1 up, +1 down */
	int swap_phase;			/* at the start of this enum ren_phase */
	int swap_every;			/* EVERY TURN, else this turn only */
};

/* A leader card played this turn (RR15). */
struct ren_leader {
	int card;
	int owner;
	int protection;			/* money on the card */
	int first;			/* the turn's first leader: no claims */
};

/*
 * Readings of the rules a game can be played under (module.h): the game
 * file records its reading (<game rules="N">; none: reading 1) and keeps
 * it, so that every game replays as it was played.  New games use the
 * current reading.
 *   1  2026-11-26, as first written: ELIMINATION EMPTY left a province
 *      empty even with tokens in stock; the final card play's default
 *      target or province could be one the card may not name (Rebellion
 *      on another player's capital), which discarded the card; an open War was not
 *      rolled in the final card play; a player listing CLAIM twice paid
 *      the protection twice; Printed Word paid a conditional leader's
 *      plain discount; Mysticism Abounds stayed playable when every
 *      player held all four Science advances.
 *   2  2026-11-26, the rules audit: the token comes from stock first
 *      (seed 5.4.2.1, RR14); the final card play's default target is the
 *      leading other player the card may be aimed at, its default
 *      province the first the card may name (RR36); the War is rolled at each part of the final card
 *      play (RR16, RR36); one claim per card (RR20); the rebate is the
 *      leader's discount at that moment (RR15); Mysticism Abounds is a
 *      misery burden then (RR18, the card).
 *   3  2026-11-26, the second audit: see adjudicator-renaissance(7),
 *      Readings of the rules; each change is tested under 2 and 3.
 *      The purchase form prices advances with the Patronage claims that
 *      lower them (RR15, RR20).
 *      Rebellion may strike the capital of a player in Chaos, who is
 *      out of the game (RR18, RR35).
 *      An open War ends when one side falls into Chaos (RR16, RR35).
 *      Pirates/Vikings' form in epochs 2 and 3 has a line for each set
 *      of provinces (RR18).
 *      REMOVE is offered only when the cash pays it (RR9), RELIEF
 *      priced after the default stabilization (RR19); RELEASE lines
 *      with no marker on the mat (RR29); an advance after its missing
 *      prerequisites (RR20); ATTACK ... CATHEDRAL for its holder (RR30)
 *      and ATTACK ... TRADE card for Wind/Watermill's (RR31).
 *      The final card play's default province is looked for among the
 *      markers of each other player in turn, leading first (RR36).
 *      A caravan passes only through a province the player could enter
 *      (RR2, RR26).
 *      A defender in Chaos keeps only his Nationalism: no military cards,
 *      no Cathedral (RR35).
 *      A claim on the leader of a player in Chaos is paid to the bank
 *      (RR20, RR35).
 *   4  2026-11-26, the trust audit (RR39): an order with a PLAY or
 *      DISCARD line is its sender's, and such a line not carried out is
 *      told to the others without its reason, which may name the card.
 *      Reading 3 was the current reading of a release: its games keep
 *      showing both, as they were played.
 */
#define REN_READING_OLDEST 1
#define REN_READING_CURRENT 4

struct ren_state {
	const struct ren_ruleset *rs;	/* borrowed */
	unsigned variants;
	int reading;			/* REN_READING_OLDEST..CURRENT */
	int nplayers;			/* at the start of the game (RR33) */
	int epochs;			/* epochs to play, 1-3 (RR36) */
	int last_turn;			/* 0: none (RR36 c) */
	struct ren_player p[REN_MAX_PLAYERS];

	enum ren_phase phase;
	int turn;			/* 1.. */
	int order[REN_MAX_PLAYERS];	/* seat at each place of play */
	int allotted;			/* capitals given out (RR3) */

	/* the board: per province, pieces of each seat */
	signed char dom[REN_MAX_PROVINCES];	/* marker owner or -1 */
	unsigned char dom_new[REN_MAX_PROVINCES];	/* ○ placed this turn */
	unsigned char tok[REN_MAX_PROVINCES][REN_MAX_PLAYERS];	/* ■ */
	unsigned char tok_new[REN_MAX_PROVINCES][REN_MAX_PLAYERS]; /* □ */
	/* tokens landed by ship this turn (RR26) */
	unsigned char shipped[REN_MAX_PROVINCES][REN_MAX_PLAYERS];

	/* the deck (RR10): the draw pile, top last */
	int ndraw;
	unsigned char draw[REN_MAX_CARDS];
	uint64_t discard;		/* circled cards waiting for an epoch */
	uint64_t removed;		/* out of the game */
	uint64_t held_back;		/* the Euro deal's five (RR4) */
	int epoch;			/* of the current draw pile */
	int deck_out;			/* the last epoch's pile ran out */

	/* shortage and surplus markers (RR33 step 6); a 12's marker lies on
	   the two commodities of roll 12 at once, kept apart as joint */
	unsigned char shortage[REN_MAX_COMMODITIES];
	unsigned char surplus[REN_MAX_COMMODITIES];
	int joint_shortage, joint_surplus;

	/* this turn's cards */
	int cards_bought;		/* with tokens, this expansion (RR32) */
	int nleaders;
	struct ren_leader leaders[REN_MAX_CARDS];
	uint64_t leader_cond;		/* leaders whose condition held when
					   played (RR15) */
	int papal_ban;			/* category or -1 */
	int strife_epoch3;		/* Religious Strife played in epoch 3 */
	int war_a, war_b;		/* an open War (RR16), or -1 */
	int beaten;			/* the last attack's beaten marker
					   owner, or -1 (RR31) */
	int ncivil;			/* Civil War victims, in order (RR8) */
	int civil[REN_MAX_PLAYERS];
	uint64_t played_ever;		/* cards played in the game */
	uint64_t played_turn;		/* cards played this turn */
	int actor;			/* place in the order whose part it is */
	int swaps_done;			/* the phase whose swaps are made, + 1 */
	int part_begun;			/* the actor whose part has begun
					   (RR12: an open War rolls then) */
	int nwinners;
	int winners[REN_MAX_PLAYERS];
};

/* The context every rule function works in. */
struct ren_ctx {
	struct ren_state *st;
	struct dice *dice;
	struct journal *j;
};

/* ren-state.c */

/*
 * Initialises st for rs and n players (3-6): empty board, no capitals,
 * every player with his tokens and markers and misery 0.  epochs 1-3.
 */
void ren_state_init(struct ren_state *st, const struct ren_ruleset *rs,
    int nplayers, unsigned variants, int epochs);
/* A public event, or one only player to sees (RR39). */
void ren_ev(struct ren_ctx *c, const char *type, int player,
    const char *fmt, ...) __attribute__((format(printf, 4, 5)));
void ren_ev_private(struct ren_ctx *c, const char *type, int to,
    const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* "Venice" once capitals are given out, "player 2" before. */
const char *ren_pname(const struct ren_state *st, int player);
int ren_capital_province(const struct ren_state *st, int player);
/* Cards in a player's hand. */
int ren_hand_size(const struct ren_state *st, int player);
/* Dominance markers on the map; tokens on the map (■ and □). */
int ren_markers_on_map(const struct ren_state *st, int player);
int ren_tokens_on_map(const struct ren_state *st, int player);
/* Whether a province holds any piece of a player. */
int ren_has_piece(const struct ren_state *st, int prov, int player);
/* Moves misery n boxes up (n > 0) or down, with Chaos past the last box
   (RR35); why is for the event. */
void ren_misery(struct ren_ctx *c, int player, int n, const char *why);
/* The value of a player's misery box. */
int ren_misery_value(const struct ren_state *st, int player);
/* Removes a dominance marker (to the mat) or all tokens of a player in a
   province (to stock). */
void ren_clear_province(struct ren_state *st, int prov);
/* Replaces a dominance marker by one token of its owner (RR14): from
   stock, else from the expansion area, else the province is left empty;
   with empty_choice the owner's ELIMINATION EMPTY leaves it empty. */
void ren_eliminate(struct ren_ctx *c, int prov, int empty_choice);
int ren_has(const struct ren_state *st, int player, char letter);
/* Number of advances of one category a player holds. */
int ren_category_count(const struct ren_state *st, int player, int cat);

/* ren-setup.c */

/*
 * RR3: the capital bids, all in: ranking[p] lists capital indices best
 * first (every capital in play once), bid[p] 0..bid_max.  Allots the
 * capitals highest bid first, equal bids ordered by dice, rerolled among
 * those still equal; each pays his bid and gets his best free capital
 * and a dominance marker on it.  0, or -1 with err and nothing changed.
 */
int ren_capital_bids(struct ren_ctx *c, const int bid[],
    const int ranking[][REN_MAX_CAPITALS], struct strbuf *err);
/* The capitals in play for n players, in ruleset order (RR38). */
int ren_capitals_in_play(const struct ren_ruleset *rs, int n, int *out);
/* RR4: prepares the epoch-1 deck and deals Euro cards to every player. */
void ren_euro_deal(struct ren_ctx *c);
/* RR4: a player returns one of his dealt cards; when all have, the
   returned cards are shuffled into the deck and turn 1 begins. */
int ren_euro_return(struct ren_ctx *c, int player, int card,
    struct strbuf *err);

/* Shuffles the draw pile with the game's dice (RR40). */
void ren_shuffle(struct ren_ctx *c, const char *why);

/* ren-order.c */

/*
 * The order-of-play bid for st->turn is due: with the seed's order of
 * play the turn begins first (its counters cleared, the Euro deal's
 * held-back cards shuffled in when their turn has come, RR4), with
 * original-turn-order once the bid is made (ren_token_bids).
 */
void ren_turn_start(struct ren_ctx *c);

/*
 * RR5-RR7: the sealed token bids, all in: T[p] with |T| <= cash, last[p]
 * the LAST flag.  Pays, gives tokens, orders the players and places them
 * in the display boxes.  0, or -1 with err and nothing changed.
 */
int ren_token_bids(struct ren_ctx *c, const int T[], const int last[],
    struct strbuf *err);
/* RR8: a Renaissance swap up (-1) or down (+1); 0 or -1 with err. */
int ren_swap(struct ren_ctx *c, int player, int dir, struct strbuf *err);
/* The place (0 first) of a player in the order of play. */
int ren_place_of(const struct ren_state *st, int player);

/* ren-cards.c */

/* RR10: draws the top card for a player; -1 when none can be drawn. */
int ren_draw_card(struct ren_ctx *c, int player, const char *why);
/* Whether a card can be drawn now (RR10, RR32). */
int ren_can_draw(const struct ren_state *st);
/* RR9: the first player removes a shortage (short) or surplus marker. */
int ren_remove_marker(struct ren_ctx *c, int player, int commodity,
    int is_shortage, struct strbuf *err);
/* RR11: Urban Ascendancy's card for $10; Master Art's discard. */
int ren_buy_card(struct ren_ctx *c, int player, struct strbuf *err);
int ren_discard(struct ren_ctx *c, int player, int card, struct strbuf *err);
/* Puts a card that leaves a hand where it belongs (RR11). */
void ren_card_away(struct ren_state *st, int card);
/* RR34: what a player is paid for a commodity now; 0 without provinces. */
int ren_commodity_payment(const struct ren_state *st, int player,
    int commodity);
/* Provinces of a commodity a player dominates (boxes count for each). */
int ren_commodity_count(const struct ren_state *st, int player,
    int commodity);
/*
 * RR12-RR18: a player plays a card.  commodity: the choice of a dual
 * card (or -1); target: a player, or -1; protection: a leader's money.
 * 0; -1 with err when the card cannot be played (it stays in hand);
 * REN_NOT_IMPLEMENTED for an event whose effect is not written yet.
 */
int ren_play_card(struct ren_ctx *c, int player, int card, int commodity,
    int target, int protection, struct strbuf *err);
/* The choices a card needs (RR13); -1 or 0 where it needs none. */
struct ren_play {
	int commodity;			/* of a dual card */
	int target;			/* a player */
	int category;			/* Papal Decree */
	int area;			/* Black Death */
	int nprov;
	int prov[3];			/* Pirates/Vikings, Rebellion, Crusades */
	int protection;			/* money on a leader (RR15) */
};
/* The same as ren_play_card, with every choice a card may need. */
int ren_play_card_with(struct ren_ctx *c, int player, int card,
    const struct ren_play *a, struct strbuf *err);
/* ren-events.c: whether an event of that file can be played with these
   choices (0, -1 with err, REN_NOT_IMPLEMENTED), and its effect. */
int ren_event_check(const struct ren_state *st, int player, int card,
    const struct ren_play *a, struct strbuf *err);
void ren_event_apply(struct ren_ctx *c, int player, int card,
    const struct ren_play *a);
/*
 * The order form's lines for an event of that file (issue 20 point 3):
 * one PLAY line per legal choice now (a victim, an area, a province), each
 * checked by ren_event_check; for Pirates/Vikings in epochs 2 and 3 a
 * line for each set of provinces it may name (reading 2: one legal line
 * and the provinces).  0 when the card is not one
 * of that file's or needs no choice, else 1 (a comment when no choice is
 * legal now).
 */
int ren_event_form(const struct ren_state *st, int player, int card,
    struct strbuf *out);
/* RR16: rolls an open War again (the start of a player's part). */
void ren_war_roll(struct ren_ctx *c);
/* RR8, RR18: at the start of the expansion phase Civil War's victims
   move to the end of the order of play, in the order of the cards. */
void ren_civil_war_moves(struct ren_ctx *c);
/* RR15: a leader card's discount per advance now. */
int ren_leader_amount(const struct ren_state *st, int card);
/* RR17: the steps of military advantage a's cards give against b. */
int ren_military_steps(const struct ren_state *st, int a, int b);
/* Whether a card is a misery burden now (voided, RR18). */
int ren_card_voided(const struct ren_state *st, int player, int card);

/* ren-purchase.c */

/* RR20: the price of an advance for a player now, with the leader
   discounts he may use (claimed: leaders he has claimed by Patronage). */
int ren_advance_price(const struct ren_state *st, int player, int adv,
    uint64_t claimed);
/* RR20: whether a player may buy an advance now (not held, its
   prerequisites held, not banned): 0, or -1 with err. */
int ren_advance_allowed(const struct ren_state *st, int player, int adv,
    struct strbuf *err);
/* RR15, RR19, RR20: the least a player can pay for an advance as the
   first of his purchase order: its price after the Patronage claims in
   *claims (a bit per leader index; 0 when none helps), whose protection
   money, *protection, is paid first; both by ren_advance_price. */
int ren_advance_best(const struct ren_state *st, int player, int adv,
    uint64_t *claims, int *protection);
/* RR20: buys an advance; 0 or -1 with err. */
int ren_buy_advance(struct ren_ctx *c, int player, int adv, uint64_t claimed,
    struct strbuf *err);
/* RR23: one ship upgrade. */
int ren_ship_upgrade(struct ren_ctx *c, int player, struct strbuf *err);
/* RR21: the stabilization cost now; pay (1) or refuse (0). */
int ren_stabilization_cost(const struct ren_state *st, int player);
void ren_stabilize(struct ren_ctx *c, int player, int pay);
/* RR22: misery relief of n boxes; its price, or -1 with err. */
int ren_relief_price(const struct ren_state *st, int player, int n,
    struct strbuf *err);
int ren_relief(struct ren_ctx *c, int player, int n, struct strbuf *err);
/* The number of tiers a player holds (RR22). */
int ren_tiers(const struct ren_state *st, int player);
/* Ends a player's purchase: MR lapses (RR22). */
void ren_purchase_done(struct ren_state *st, int player);
/* RR15, RR20: whether a player may claim leader index l by Patronage
   now, his cash aside: 0, or -1 with err. */
int ren_claimable(const struct ren_state *st, int player, int l,
    struct strbuf *err);
/* RR15, RR20: a Patronage claim on a leader of this turn. */
int ren_claim(struct ren_ctx *c, int player, int leader_index,
    struct strbuf *err);

/* ren-expansion.c */

/* RR24: Holy Indulgence at the start of the expansion phase. */
void ren_holy_indulgence(struct ren_ctx *c);
/* RR26: how a player reaches a province now. */
enum ren_reach {
	REACH_NONE, REACH_LAND, REACH_CARAVAN, REACH_SHIP
};
enum ren_reach ren_reach(const struct ren_state *st, int player, int prov,
    struct strbuf *why);
/* RR26: tokens a player may still land in prov by ship this turn
   (INT_MAX without limit). */
int ren_ship_capacity(const struct ren_state *st, int player, int prov);
/* RR27: places n tokens from the expansion area; 0 or -1 with err. */
int ren_place(struct ren_ctx *c, int player, int prov, int n,
    struct strbuf *err);
/* Whether ren_place would place them now (the order form's check): 0, or
   -1 with err. */
int ren_place_check(const struct ren_state *st, int player, int prov,
    int n, struct strbuf *err);
/* RR28: tokens attacker a needs for a competition in prov now (steps 1-4);
   -1 with err when no competition is possible there. */
int ren_attack_need(const struct ren_state *st, int a, int prov,
    struct strbuf *err);
/* RR28 step 5-6, RR29, RR30: one competition attempt; with n tokens
   (0: the minimum).  Returns 1 won, 0 lost, -1 with err not made. */
int ren_attack(struct ren_ctx *c, int a, int prov, int n, int cathedral,
    struct strbuf *err);
/* Whether ren_attack would make the attempt now, before any dice (the
   order form's check): the tokens it commits, or -1 with err. */
int ren_attack_check(const struct ren_state *st, int a, int prov, int n,
    struct strbuf *err);
/*
 * RR31: Wind/Watermill right after a won attack on prov whose beaten
 * defender held it with a marker: MN expansion tokens to stock, a die at
 * most MN trades give (from the attacker's hand) for a random card of
 * the defender's.  0 tried (won or not), -1 with err not tried.
 */
int ren_windmill(struct ren_ctx *c, int a, int prov, int give,
    struct strbuf *err);
/* RR29: RELEASE: a ● is replaced by one colored token. */
int ren_release(struct ren_ctx *c, int player, int prov, struct strbuf *err);
/* RR32: a card bought with tokens. */
int ren_buy_card_tokens(struct ren_ctx *c, int player, struct strbuf *err);
/* RR25: tokens left in the expansion area go back to stock. */
void ren_expansion_done(struct ren_ctx *c, int player);
/* Overseas boxes (Far East, New World) in which a player has pieces. */
int ren_overseas_held(const struct ren_state *st, int player);

/* ren-endturn.c */

/* RR33: the end of the turn, steps 1-7; then RR36's end check. */
void ren_end_turn(struct ren_ctx *c);
/* RR33 step 4: a player's income now. */
int ren_player_income(const struct ren_state *st, int player);
/* RR33 steps 6-7 with given rolls (black, white, colored) x 2. */
void ren_shortage_surplus(struct ren_ctx *c);
/* RR36: whether the game ends after this turn. */
int ren_game_ends(const struct ren_state *st);
/* RR37: a player's score; the winners, best first. */
int ren_score(const struct ren_state *st, int player);
int ren_rank(const struct ren_state *st, int *players);

/* ren-orders.c: the order lines of Age of Renaissance */

enum ren_item_kind {
	RI_BID, RI_RANK, RI_RETURN, RI_TOKENS, RI_REMOVE, RI_NONE,
	RI_BUY_CARD, RI_DISCARD, RI_PLAY, RI_UPGRADE, RI_CLAIM, RI_ADVANCE,
	RI_PAY, RI_REFUSE, RI_RELIEF, RI_PLACE, RI_ATTACK, RI_RELEASE,
	RI_STOP, RI_CATHEDRAL_DEFEND, RI_CIVIL_WAR, RI_ELIMINATION, RI_SWAP
};

/* One order line, parsed; players are named by their capital (index in
   rs->capitals) and turned into seats when the line is applied. */
struct ren_item {
	enum ren_item_kind kind;
	int line;
	int n;				/* BID, TOKENS, PLACE, WITH, RELIEF */
	int a;				/* card, province, advance, capital */
	int flag;			/* LAST, SHORTAGE, CATHEDRAL, choices */
	int rank[REN_MAX_CAPITALS];	/* RANK */
	int nrank;
	struct ren_play play;		/* PLAY: target is a capital index */
	int trade;			/* ATTACK ... TRADE card: card + 1 */
	int retry;			/* ATTACK ... RETRY k (RR25) */
	int label;			/* "A1:" (ren_label_code), 0: none */
	int iflabel, ifwon;		/* IF A1 WON (1) | LOST (0) */
};
/* RR25's RETRY k is at most this. */
#define REN_MAX_RETRY 20
/* A label of one to three letters or digits as a number above 0, or -1;
   and back to its text (out holds 4 bytes), upper case. */
int ren_label_code(const char *w, size_t len);
void ren_label_text(int code, char *out);

/*
 * Parses one order line ("PLACE 3 IN St. Malo", "play war on genoa");
 * keywords and names are case-insensitive.  0, or -1 with err.
 */
int ren_parse_line(const struct ren_ruleset *rs, const char *line,
    struct ren_item *it, struct strbuf *err);

/* ren-turn.c: the flow from one decision to the next */

enum ren_decision_kind {
	RD_CAPITAL_BID, RD_EURO_RETURN, RD_TOKEN_BID, RD_REMOVE, RD_BUY,
	RD_PLAY, RD_PURCHASE, RD_EXPANSION, RD_FINAL_PLAY
};

struct ren_decision {
	enum ren_decision_kind kind;
	int player;
	char step[32];			/* "T0.CAPITAL", "T3.EXPANSION" */
};

/* The decisions due now; their number, 0 when the game is over. */
int ren_pending(const struct ren_state *st, struct ren_decision *out,
    int max);
/*
 * Applies a player's lines to his pending decision and moves the game on
 * until a decision is missing.  Lines that are illegal when reached are
 * skipped and reported as events (RR13, RR19, RR25); -1 with err only
 * when the player has no decision now or a line does not belong to it.
 */
int ren_apply(struct ren_ctx *c, int player, const struct ren_item *items,
    int n, struct strbuf *err);
/* The deadline's default (RR38) for a player's pending decision. */
int ren_apply_default(struct ren_ctx *c, int player);
/*
 * ren-choices.c: the order form of decision d, its legal choices now, one
 * order line a line (with a comment after '#'), appended to out.
 */
int ren_choices(const struct ren_state *st, const struct ren_decision *d,
    struct strbuf *out);
/* The setup after the state's players are seated: to the capital bid. */
void ren_start(struct ren_ctx *c);

#endif
