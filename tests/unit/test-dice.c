/*
 * test-dice.c - the draw construction (R30), checked against values an
 * independent implementation (Python's hmac module) computed.
 */
#include "test.h"

static const unsigned char seed1[SEED_BYTES] = {
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1
};

TEST(dice_known_answers)
{
	static const unsigned g[] = { 15, 45, 41, 55, 44 };
	static const unsigned u[] = { 0, 5, 4, 1, 5, 0, 4, 5 };
	unsigned n;

	for (n = 0; n < 5; n++)
		CHECK_INT(dice_compute(seed1, "g", n, 65 - n), g[n]);
	for (n = 0; n < 8; n++)
		CHECK_INT(dice_compute(seed1, "unit-test", n, 6), u[n]);
	CHECK_INT(dice_compute(seed1, "g", 0, 3), 1);
}

TEST(dice_values_stay_in_range)
{
	unsigned n, m;

	for (m = 1; m < 70; m += 7)
		for (n = 0; n < 50; n++)
			CHECK(dice_compute(seed1, "range", n, m) < m);
}

TEST(dice_playback_and_verify_detect_a_changed_draw)
{
	struct dice d;
	struct draw rec[2] = { { 0, 65, 15, NULL }, { 1, 64, 44, NULL } };

	dice_init(&d, "g");
	dice_set_key(&d, seed1);
	dice_set_script(&d, rec, 2, 1);
	CHECK_INT(dice_draw(&d, 65, "first"), 15);
	CHECK(d.error == NULL);
	dice_draw(&d, 64, "second");	/* the seed gives 45, not 44 */
	CHECK(d.error != NULL);
	CHECK_CONTAINS(d.error, "records 44, the seed gives 45");
	dice_release(&d);
}

TEST(dice_without_seed_reports_the_missing_seed)
{
	struct dice d;

	dice_init(&d, "g");
	dice_draw(&d, 6, "a die");
	CHECK(d.error != NULL);
	CHECK_CONTAINS(d.error, "needs the game's seed");
	dice_release(&d);
}

TEST(dice_seed_commitment_is_sha256_of_the_seed)
{
	char out[65];

	seed_commitment(seed1, out);
	/* sha256 of 31 zero bytes and 0x01, computed independently */
	CHECK_STR(out, "ec4916dd28fc4c10d78e287ca5d9cc51ee1ae73cbfde08c6b3732"
	    "4cbfaac8bc5");
}

/* Players' entropy: the key becomes HMAC-SHA256(seed, "abc\nxyz\n"). */
TEST(dice_entropy_changes_the_key_as_documented)
{
	static const unsigned want[] = { 4, 3, 4, 5, 5, 2 };
	struct dice d;
	unsigned n;

	dice_init(&d, "g");
	dice_set_key(&d, seed1);
	dice_add_entropy(&d, "abc");
	dice_add_entropy(&d, "xyz");
	for (n = 0; n < 6; n++)
		CHECK_INT(dice_draw(&d, 6, "entropy"), want[n]);
	dice_release(&d);
}
