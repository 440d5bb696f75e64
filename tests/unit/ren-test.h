/*
 * ren-test.h - fixtures for the Age of Renaissance unit tests
 * (test-ren-*.c; ren-fixtures.c).
 */
#ifndef REN_TEST_H
#define REN_TEST_H

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

#endif
