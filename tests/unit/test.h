/*
 * test.h - a small unit-test harness: tests register themselves, the
 * runner prints one line per failure and "N passed, N failed" at the end.
 */
#ifndef TEST_H
#define TEST_H

#include <stdio.h>
#include <string.h>

#include "aor.h"
#include "dice.h"
#include "aor-ruleset.h"

typedef void (*test_fn)(void);
void test_register(const char *name, test_fn fn);
void test_fail(const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#define TEST(name) \
	static void name(void); \
	__attribute__((constructor)) static void reg_##name(void) \
	{ test_register(#name, name); } \
	static void name(void)

#define CHECK(cond) do { if (!(cond)) \
	test_fail(__FILE__, __LINE__, "%s", #cond); } while (0)
#define CHECK_INT(a, b) do { long a_ = (long)(a), b_ = (long)(b); \
	if (a_ != b_) test_fail(__FILE__, __LINE__, "%s is %ld, expected " \
	"%ld", #a, a_, b_); } while (0)
#define CHECK_STR(a, b) do { const char *a_ = (a), *b_ = (b); \
	if (a_ == NULL || strcmp(a_, b_) != 0) test_fail(__FILE__, __LINE__, \
	"%s is '%s', expected '%s'", #a, a_ ? a_ : "(null)", b_); } while (0)
#define CHECK_CONTAINS(hay, needle) do { const char *h_ = (hay); \
	if (h_ == NULL || strstr(h_, (needle)) == NULL) \
	test_fail(__FILE__, __LINE__, "'%s' does not contain '%s'", \
	h_ ? h_ : "(null)", (needle)); } while (0)

/* Fixtures (fixtures.c). */

/* The standard ruleset, loaded once. */
const struct ruleset *test_ruleset(void);

/*
 * A game in segment 1 of turn 1 with the given players in seating order
 * (countries by id, e.g. "prussia"), empty board, full hands, start values,
 * and an alliance display filled in the order given by alliance (ids, box
 * 1 first; NULL for the players' order then the NPCs).
 */
struct test_game {
	struct aor_state st;
	struct dice dice;
	struct journal j;
	struct ctx c;
	struct draw script[64];
	char *purposes[64];
};
void test_game_init(struct test_game *t, const char *const *players,
    const char *const *alliance);
void test_game_release(struct test_game *t);
/* Makes the next draws return these values (in [0, range)), in order. */
void test_script(struct test_game *t, const unsigned *values, int n);
int C(const char *id);		/* country index by id */
int A(const char *id);		/* area index by id */
int BOX(const char *id);	/* box kind index by id */
int CARD(int country, const char *id);
/* Concatenation of the journal's event texts, one per line. */
const char *test_events(struct test_game *t);
/*
 * Applies "STEP step\nlines" as country's order (Age of Reason's parser
 * and aor_apply); 0, or -1 with the reason in err.
 */
struct strbuf;
int test_order(struct test_game *t, const char *country, const char *step,
    const char *lines, struct strbuf *err);
/* Makes country the segment's actor (R13's order of the boxes). */
void test_set_actor(struct test_game *t, const char *country);

#endif
