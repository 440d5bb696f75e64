#!/bin/sh
# sanitize.sh - the unit tests and the command-level suites against the
# AddressSanitizer/UndefinedBehaviorSanitizer build in build-asan/ (make
# sanitize builds it); leaks count as errors.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
export ASAN_OPTIONS=detect_leaks=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export ADJUDICATOR=$top/build-asan/adjudicator
log=$(mktemp /tmp/aor-san.XXXXXX)
trap 'rm -f "$log"' EXIT
status=0
run() {
	"$@" > "$log" 2>&1 || { status=1; cat "$log"; }
	tail -1 "$log"
}
run "$top/build-asan/unit-tests"
run "$top/tests/bad-input.sh"
run "$top/tests/trust.sh"
run "$top/tests/mail-e2e.sh"
run "$top/tests/replay-game.sh" "$top/tests/games/three-attacks"
# the cache read back whole, cut short and damaged (issue 12)
run "$top/tests/cache.sh"
run "$top/tests/club.sh"
[ $status -eq 0 ] && echo "sanitize: clean" || echo "sanitize: errors"
exit $status
