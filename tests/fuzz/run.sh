#!/bin/sh
# run.sh - runs each libFuzzer target of build-fuzz/ (make fuzz builds
# them with ASan and UBSan) for FUZZ_SECONDS (15) on a corpus seeded from
# the tests, and prints "fuzz: N passed, N failed".  A target that finds
# a crash, a sanitizer error, a leak or a broken property fails; its input
# is kept in tests/fuzz/crashes/ to replay:
#   build-fuzz/fuzz-orders tests/fuzz/crashes/orders-crash-...
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
bin=${FUZZ_BIN:-$top/build-fuzz}
adj=${ADJUDICATOR:-$top/build/adjudicator}
secs=${FUZZ_SECONDS:-15}
# A pinned seed: a run of the test suite is repeatable; FUZZ_SEED=0 lets
# libFuzzer draw one, for longer runs.
seed=${FUZZ_SEED:-1}
w=$(mktemp -d /tmp/aor-fuzz.XXXXXX)
trap 'rm -rf "$w"' EXIT
pass=0
fail=0
export ADJUDICATOR_DATADIR="$top"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1

# The seeds: what the tests feed the program.
for t in orders game ruleset mime ren-orders; do mkdir -p "$w/seed-$t" "$w/corpus-$t"; done
n=0
# (one in eight of the scenarios' order files: they are much alike; each
# scenario packs them in orders.txt, tests/tools/pack.sh)
for g in "$top"/tests/games/*/orders.txt; do
	d=$w/games/$(basename "$(dirname "$g")")
	"$top/tests/tools/pack.sh" unpack "$g" "$d" ||
		{ echo "fuzz: FAIL: cannot unpack $g"; \
		  echo "fuzz: 0 passed, 1 failed"; exit 1; }
done
for f in "$w"/games/*/orders/*.txt; do
	n=$((n + 1))
	[ $((n % 8)) -eq 0 ] && cp "$f" "$w/seed-orders/$n.txt"
done
# Age of Renaissance's order lines: every order of its golden games, the
# lines after the STEP line (fuzz-ren-orders takes one line a line)
for g in "$top"/tests/games/*/new.args; do
	grep -q -- '--game renaissance' "$g" || continue
	for f in "$w/games/$(basename "$(dirname "$g")")"/orders/*.txt; do
		n=$((n + 1))
		sed '1,/^STEP /d' "$f" > "$w/seed-ren-orders/$n.txt"
	done
done
[ "$n" -ge 100 ] ||
	{ echo "fuzz: FAIL: only $n order files in tests/games/*/orders.txt"; \
	  echo "fuzz: 0 passed, 1 failed"; exit 1; }
for f in "$top"/tests/games/*/expected/game.xml \
    "$top"/examples/four-player/final.xml; do
	n=$((n + 1)); cp "$f" "$w/seed-game/$n.xml"
done
cp "$top/formats/age-of-reason.xml" "$w/seed-ruleset/"
# and the inputs of bugs found before, which must stay fixed
for t in orders game ruleset mime ren-orders; do
	cp "$top/tests/fuzz/seeds/$t"/* "$w/seed-$t/"
done
"$top/tests/tools/pack.sh" unpack "$top/tests/mail/samples.txt" "$w/mail" ||
	{ echo "fuzz: FAIL: cannot unpack tests/mail/samples.txt"; \
	  echo "fuzz: 0 passed, 1 failed"; exit 1; }
cp "$w"/mail/*.eml "$w/seed-mime/"
# A game in its first auction for the intake of the order target.
printf '%064d\n' 42 > "$w/fuzz.xml.seed"
chmod 600 "$w/fuzz.xml.seed"
"$adj" new -o "$w/fuzz.xml" --id fuzz --seed-file "$w/fuzz.xml.seed" \
	--now 2026-12-01T00:00:00Z --report /dev/null \
	--player prussia:P:p@x --player austria:A:a@x \
	--player france:F:f@x --player spain:S:s@x 2> /dev/null ||
	{ echo "fuzz: FAIL: cannot make the game (build/adjudicator)"; \
	  echo "fuzz: 0 passed, 1 failed"; exit 1; }
cp "$w/fuzz.xml" "$w/seed-game/fresh.xml"
printf 'GAME fuzz\nCOUNTRY France\nSTEP T1.A1.1\nBID 0 A Russia B Netherlands\n' \
	> "$w/seed-orders/bid.txt"
printf 'GAME fuzz\nCOUNTRY Spain\nENTROPY dice\nSTEP T1.A1.2\nBID 3 A Prussia\nSTEP T1.S1 # later\nPLACE Banking\nSTEP T1.S2\nATTACK Austria IN German States WITH 3/0/2\n' \
	> "$w/seed-orders/future.txt"
export AOR_FUZZ_GAME="$w/fuzz.xml"
mkdir -p "$top/tests/fuzz/crashes"

for t in orders game ruleset mime ren-orders; do
	if [ ! -x "$bin/fuzz-$t" ]; then
		echo "FAIL: $bin/fuzz-$t is missing (make fuzz builds it)"
		fail=$((fail + 1))
		continue
	fi
	(cd "$w" && "$bin/fuzz-$t" -max_total_time="$secs" -seed="$seed" -timeout=20 \
	    -rss_limit_mb=2048 -max_len=400000 -print_final_stats=1 \
	    -artifact_prefix="$top/tests/fuzz/crashes/$t-" \
	    "$w/corpus-$t" "$w/seed-$t") > "$w/log-$t" 2>&1
	rc=$?
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$w/log-$t")
	if [ "$rc" -eq 0 ] && [ -n "$runs" ]; then
		echo "fuzz-$t: $runs inputs in ${secs}s, no crash"
		pass=$((pass + 1))
	else
		echo "FAIL: fuzz-$t exited $rc:"
		grep -v '^#\|^INFO\|^	NEW\|^	REDUCE\|^	pulse' "$w/log-$t" |
		    tail -40
		fail=$((fail + 1))
	fi
	# the one file every target leaves in the GAME folder: none
	[ -e "$w/fuzz.xml" ] || { echo "FAIL: the game went away"; fail=$((fail + 1)); }
done
echo "fuzz: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
