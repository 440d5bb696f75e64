#!/bin/sh
# run-all.sh - runs every test suite and sums their "N passed, N failed"
# lines into one; exits non-zero when anything failed.  A suite that cannot
# run counts as failed, never as skipped: one that is missing or not
# executable, one that exits non-zero, one that ends without its summary
# line, and one whose output says a check was skipped.
#
# AOR_SUITES="tests/a.sh tests/b.sh" runs only those scripts (tests/skips.sh
# uses it to test these rules).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
log=$(mktemp /tmp/aor-tests.XXXXXX)
trap 'rm -f "$log"' EXIT
total_pass=0
total_fail=0

suite() {	# suite NAME command...
	name=$1
	shift
	echo "== $name"
	"$@" > "$log" 2>&1
	rc=$?
	cat "$log"
	line=$(grep -E '[0-9]+ passed, [0-9]+ failed' "$log" | tail -1)
	p=$(echo "$line" | sed -n 's/.*\b\([0-9][0-9]*\) passed.*/\1/p')
	f=$(echo "$line" | sed -n 's/.* \([0-9][0-9]*\) failed.*/\1/p')
	p=${p:-0}
	f=${f:-0}
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
		f=1	# a suite that failed without saying so
		echo "$name: FAIL: exited $rc"
	fi
	if [ -z "$line" ]; then
		f=$((f + 1))
		echo "$name: FAIL: no 'N passed, N failed' line"
	fi
	if grep -qiw -E 'skip(ped|ping)?' "$log"; then
		f=$((f + 1))
		echo "$name: FAIL: a check was skipped (a test that cannot" \
		    "run is a failure: tests/deps.sh test installs what" \
		    "the suites need)"
	fi
	total_pass=$((total_pass + p))
	total_fail=$((total_fail + f))
}

scenarios() {
	pass=0 fail=0
	for d in tests/games/*/; do
		if tests/replay-game.sh "$d"; then
			pass=$((pass + 1))
		else
			fail=$((fail + 1))
			echo "FAIL: scenario $d"
		fi
	done
	echo "scenarios: $pass passed, $fail failed"
	[ "$fail" -eq 0 ]
}

manlint() {
	pass=0 fail=0
	for m in man/*.[1-8]; do
		if mandoc -T lint -W warning "$m"; then
			pass=$((pass + 1))
		else
			fail=$((fail + 1))
			echo "FAIL: mandoc -T lint $m"
		fi
	done
	echo "man: $pass passed, $fail failed"
	[ "$fail" -eq 0 ]
}

missing() {	# missing SCRIPT: a suite that cannot run
	echo "$1: FAIL: missing or not executable"
	echo "0 passed, 1 failed"
	return 1
}

scripts="tests/archives.sh tests/html-report.sh tests/mail-test.sh
tests/mail-e2e.sh tests/mail-pgpmime.sh tests/mail-reuse.sh tests/trust.sh
tests/man-examples.sh tests/examples.sh
tests/skips.sh tests/order-text.sh tests/moderator.sh tests/past-reports.sh
tests/cache.sh tests/renaissance-data.sh tests/club.sh tests/keys-dice.sh
tests/equiv.sh tests/layering.sh tests/renaissance-random.sh
tests/duel.sh tests/archive-proof.sh tests/renaissance-report.sh
tests/renaissance-variants.sh"
if [ -z "${AOR_SUITES:-}" ]; then
	suite unit ./build/unit-tests
	suite bad-input tests/bad-input.sh
	suite scenarios scenarios
	suite man manlint
	# the libFuzzer targets, each for a short fixed time (make fuzz)
	suite fuzz make -s fuzz FUZZ_SECONDS=15
else
	scripts=$AOR_SUITES
fi
for t in $scripts; do
	if [ -f "$t" ] && [ -x "$t" ]; then
		suite "$(basename "$t" .sh)" "$t"
	else
		suite "$(basename "$t" .sh)" missing "$t"
	fi
done
echo
echo "all: $total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ]
