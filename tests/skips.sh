#!/bin/sh
# skips.sh - a test that cannot run is a failure, never a silent skip
# (issue 11, point 8):
#   - tests/run-all.sh counts as failed a suite that is missing or not
#     executable, exits non-zero, ends without its "N passed, N failed"
#     line, or says a check was skipped;
#   - no suite of tests/ prints "skipped" for a check it did not run;
#   - every command the suites need is installed (tests/deps.sh test).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
w=$(mktemp -d /tmp/aor-skips.XXXXXX)
trap 'rm -rf "$w"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "skips: FAIL: $*"; }

suite() {	# suite NAME BODY [mode]: a fake suite script
	printf '#!/bin/sh\n%s\n' "$2" > "$w/$1.sh"
	chmod "${3:-755}" "$w/$1.sh"
}
suite good 'echo "good: 3 passed, 0 failed"'
suite skipper 'echo "x: xsltproc not found, checks skipped"
echo "x: 2 passed, 0 failed"'
suite silent 'echo "nothing to say"'
suite crash 'echo "c: 1 passed, 0 failed"; exit 3'
suite noexec 'echo "n: 1 passed, 0 failed"' 644

# expect SUITE PASSED FAILED: run-all on that suite alone sums to this.
expect() {
	AOR_SUITES="$w/$1.sh" sh "$top/tests/run-all.sh" > "$w/out" 2>&1
	rc=$?
	line=$(tail -1 "$w/out")
	if [ "$line" = "all: $2 passed, $3 failed" ]; then ok; else
		bad "$1: run-all says '$line', not 'all: $2 passed, $3 failed'"
	fi
	if [ "$3" -gt 0 ]; then
		[ "$rc" -ne 0 ] && ok || bad "$1: run-all exits 0"
	else
		[ "$rc" -eq 0 ] && ok || bad "$1: run-all exits $rc"
	fi
}
expect good 3 0
expect skipper 2 1
expect silent 0 1
expect crash 1 1
expect noexec 0 1
AOR_SUITES="$w/absent.sh" sh "$top/tests/run-all.sh" > "$w/out" 2>&1
[ "$(tail -1 "$w/out")" = "all: 0 passed, 1 failed" ] && ok ||
	bad "a missing suite: run-all says '$(tail -1 "$w/out")'"

# No suite announces a skipped check: each counts it as failed instead.
if grep -n -i -E 'echo .*skip' "$top"/tests/*.sh "$top"/tests/tools/*.sh \
    "$top"/examples/*.sh 2>/dev/null | grep -v -E '/(run-all|skips)\.sh:' \
    > "$w/grep"; then
	bad "a suite prints 'skipped': $(head -3 "$w/grep")"
else
	ok
fi
# What the suites need is installed.
if sh "$top/tests/deps.sh" test > "$w/deps" 2>&1; then ok; else
	bad "tests/deps.sh test failed: $(cat "$w/deps")"
fi
for c in xsltproc xmllint mandoc gpg gpgconf dovecot python3 chromium \
    valgrind; do
	command -v "$c" > /dev/null && ok || bad "'$c' is not installed"
done
/usr/bin/python3 -c 'import aiosmtpd' 2>/dev/null && ok ||
	bad "python3-aiosmtpd is not installed"

echo "skips: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
