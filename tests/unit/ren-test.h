/*
 * ren-test.h - fixtures for the Age of Renaissance unit tests
 * (test-ren-*.c; ren-fixtures.c).
 */
#ifndef REN_TEST_H
#define REN_TEST_H

#include "ren.h"
#include "ren-ruleset.h"
#include "test.h"

/* formats/renaissance.xml, loaded once. */
const struct ren_ruleset *ren_test_ruleset(void);
/* Indices by id; a test that names an unknown id fails and exits. */
int RP(const char *id);		/* province */
int RW(const char *id);		/* water */
int RCOM(const char *id);	/* commodity */
int RCARD(const char *id);	/* card */
#define ADV(letter) ((letter) - 'A')

/*
 * Loads formats/renaissance.xml with every occurrence of from replaced by
 * to (the first n occurrences; 0: all), as the file "bad.xml", and
 * collects every diagnostic, one a line, in *diags (caller frees).
 * Returns what ren_ruleset_from_xml returned, or -2 when the schema
 * refused the text; -3 when from does not occur.
 */
int ren_test_load_edited(const char *from, const char *to, char **diags);

/*
 * A game of n players after the capital bids: seat i holds capital i
 * (Venice, Genoa, Barcelona, Paris, London, Hamburg) with its dominance
 * marker, $40, allotted in seat order and each his first choice; turn 1,
 * the order of play the seats' order in their display boxes, no cards.
 */
struct ren_test_game {
	struct ren_state st;
	struct dice dice;
	struct journal j;
	struct ren_ctx c;
	struct draw script[64];
};
void ren_test_game_init(struct ren_test_game *t, int n);
void ren_test_game_release(struct ren_test_game *t);
/* The next draws give these values (a die: its face minus 1). */
void ren_test_dice(struct ren_test_game *t, const unsigned *values, int n);
#define FACE(x) ((unsigned)(x) - 1)
/* The journal's texts, one a line. */
const char *ren_test_events(struct ren_test_game *t);
/* Puts a dominance marker of player p in province id (colored). */
void ren_test_dom(struct ren_test_game *t, int p, const char *id);
/* Gives player p an advance / n colored tokens in a province / a card. */
void ren_test_adv(struct ren_test_game *t, int p, char letter);
void ren_test_tok(struct ren_test_game *t, int p, const char *id, int n);
void ren_test_card(struct ren_test_game *t, int p, const char *id);

#endif
