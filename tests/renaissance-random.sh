#!/bin/sh
# renaissance-random.sh - Age of Renaissance's random player (issue 20
# point 7, tests/ren-random.c) on pinned seeds: complete games with random
# legal orders from the order forms and deadline defaults, each replayed
# from its seed and compared decision by decision.  A refused legal order,
# a form line sent alone and not carried out, a game that does not end, one without a winner or a replay that differs
# fails and names its seed; so does a game through the CLI that does not
# verify.  'make random-games' plays 200 more and 10 through the CLI.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
make -s all build/ren-random || { echo "0 passed, 1 failed"; exit 1; }
bot=./build/ren-random
out=$(mktemp /tmp/aor-renrandom.XXXXXX)
trap 'rm -f "$out" "$out.2"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# play ARGS...: one batch; every game of it must pass
play() {
	if "$bot" "$@" > "$out" 2>&1; then
		ok
	else
		bad "ren-random $*"
	fi
	cat "$out"
}
play -n 24 -s 1			# 3-6 players, a fifth of them defaults
play -n 6 -s 101 -p 6 -d 0	# six players, every decision an order
play -n 6 -s 201 -p 3 -d 100	# three players, every decision a default
play -n 6 -s 301 -p 4 -d 50 -e 1	# RR36: the game ends with epoch 1
play -n 6 -s 401 -p 5 -d 10 -e 2	# and with epoch 2
play -n 12 -s 501 -V revised-map	# RR42: the 1999 map
play -n 12 -s 601 -V original-turn-order	# RR4: the bid ends the turn
play -n 6 -s 701 -V revised-map -V original-turn-order -d 0
# issue 20 point 3: every line of every form, sent alone on a copy of
# the state, is accepted and carried out (no "skipped" event)
play -n 12 -s 801 -a -d 5
play -n 6 -s 901 -a -p 6 -d 0 -V original-turn-order

# the same seeds give the same games, other seeds other games
# (the games' ends; the summary line has the time)
"$bot" -n 6 -s 1 -v 2>&1 | sed -n 's/^seed [0-9]*, //p' > "$out"
"$bot" -n 6 -s 1 -v 2>&1 | sed -n 's/^seed [0-9]*, //p' > "$out.2"
if cmp -s "$out" "$out.2"; then ok; else bad "seeds 1-6 played twice differ"; fi
"$bot" -n 6 -s 7 -v 2>&1 | sed -n 's/^seed [0-9]*, //p' > "$out.2"
if ! cmp -s "$out" "$out.2"; then ok; else bad "seeds 7-12 play as 1-6"; fi
# every game reaches the end of its last epoch
if [ "$(grep -c 'game over$' "$out")" -eq 6 ]; then ok
else bad "not 6 games over: $(cat "$out")"; fi

# Through the CLI (modules.c's table): 'new --game renaissance' makes a
# game whose capital bids are pending.
make -s build/adjudicator || bad "build/adjudicator"
adj=./build/adjudicator
w=$(mktemp -d /tmp/aor-rencli.XXXXXX)
printf '%064d\n' 7 > "$w/seed"
if "$adj" new -o "$w/g.xml" --game renaissance --player p1:A:a@x \
    --player p2:B:b@x --player p3:C:c@x --seed-file "$w/seed" \
    --now 2026-12-01T00:00:00Z --report /dev/null > "$w/out" 2>&1; then ok
else bad "new --game renaissance: $(cat "$w/out")"; fi
"$adj" status "$w/g.xml" > "$w/out" 2>&1
if [ "$(grep -c '^pending: STEP T0.CAPITAL from player [123]: capital-bid' \
    "$w/out")" -eq 3 ]; then ok
else bad "status of a new renaissance game: $(cat "$w/out")"; fi
if "$adj" verify "$w/g.xml" --seed-file "$w/seed" > "$w/out" 2>&1; then ok
else bad "verify of a new renaissance game: $(cat "$w/out")"; fi
# an unknown variant is refused with the list of all, and no file made
if "$adj" new -o "$w/x.xml" --game renaissance --variant flat-earth \
    --player p1:A:a@x --player p2:B:b@x --player p3:C:c@x \
    --seed-file "$w/seed" > "$w/out" 2>&1; then
	bad "new --variant flat-earth was accepted"
elif grep -q "unknown variant 'flat-earth'" "$w/out" &&
    [ "$(grep -c '^  [a-z0-9-]* (RR[0-9]*): ' "$w/out")" -eq 6 ] &&
    ! grep -q 'not implemented' "$w/out" && [ ! -e "$w/x.xml" ]; then ok
else bad "new --variant flat-earth: $(cat "$w/out")"; fi
rm -rf "$w"
# Through the CLI (tests/tools/ren-bot.py): the order forms of the
# private reports, 'check', 'resolve', deadlines, and 'verify' at the end.
# tmpfs where there is one: a run fsyncs the game file.
if [ -d /dev/shm ] && [ -w /dev/shm ]; then TMPDIR=/dev/shm; export TMPDIR; fi
if python3 tests/tools/ren-bot.py ./build/adjudicator --games 2 --seed 1 \
    --players 4 --variant epochs-1 > "$out" 2>&1; then ok
else bad "ren-bot.py --seed 1 --players 4 --variant epochs-1"; fi
cat "$out"
if python3 tests/tools/ren-bot.py ./build/adjudicator --games 1 --seed 7 \
    --players 3 --defaults 60 > "$out" 2>&1; then ok
else bad "ren-bot.py --seed 7 --players 3 --defaults 60"; fi
cat "$out"
# issue 20 point 3: the golden games replayed under the current reading;
# at every 10th run each line of each form, sent alone, is accepted and
# carried out (tests/tools/ren-golden-forms.py)
for g in tests/games/ren-*/; do
	if python3 tests/tools/ren-golden-forms.py ./build/adjudicator "$g" \
	    10 > "$out" 2>&1; then ok
	else bad "ren-golden-forms.py $g"; fi
	cat "$out"
done

echo "renaissance-random: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
