#!/bin/sh
# run-all.sh - runs every test suite and sums their "N passed, N failed"
# lines into one; exits non-zero when anything failed.
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
		echo "$name: exited $rc"
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

suite unit ./build/unit-tests
suite bad-input tests/bad-input.sh
suite scenarios scenarios
[ -d man ] && ls man/*.[1-8] > /dev/null 2>&1 && suite man manlint
for t in tests/html-report.sh tests/mail-test.sh tests/mail-e2e.sh \
    tests/trust.sh tests/man-examples.sh tests/examples.sh; do
	[ -x "$t" ] && suite "$(basename "$t" .sh)" "$t"
done
echo
echo "all: $total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ]
