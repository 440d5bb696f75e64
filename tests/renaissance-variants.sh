#!/bin/sh
# renaissance-variants.sh - the variants of Age of Renaissance that change
# the map or the turn (RR42, RR4) through the CLI: a game of the revised
# map (BOARD §16: Loire, no Smolensk) beside one of the 1996 map, through
# new, status, check, resolve (tests/tools/ren-bot.py plays one to its
# end), report (the SVG map), verify, report --run, rollback and list
# with games of both maps in one process; and a game whose order-of-play
# bid ends each turn (RR4's original-turn-order).  The rules themselves
# are tested in the unit tests (test-ren-module.c, test-ren-turn.c).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
make -s all || { echo "renaissance-variants: 0 passed, 1 failed"; exit 1; }
adj=./build/adjudicator
w=$(mktemp -d /tmp/aor-renvar.XXXXXX)
trap 'rm -rf "$w"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

printf '%064d\n' 7 > "$w/seed"
mkdir "$w/games"
# mk NAME ARGS...: a four-player game in $w/games
mk() {
	name=$1
	shift
	"$adj" new -o "$w/games/$name.xml" --game renaissance \
	    --player p1:A:a@x --player p2:B:b@x --player p3:C:c@x \
	    --player p4:D:d@x --seed-file "$w/seed" \
	    --now 2026-12-01T00:00:00Z --report /dev/null "$@" \
	    > "$w/out" 2>&1
}
if mk rev --variant revised-map; then ok
else bad "new --variant revised-map: $(cat "$w/out")"; fi
if mk std; then ok; else bad "new: $(cat "$w/out")"; fi

# RR42: the game file and status name the variant; the 1996 game none
if grep -q '<variant name="revised-map" ruling="RR42"' "$w/games/rev.xml"
then ok; else bad "rev.xml does not record revised-map"; fi
"$adj" status "$w/games/rev.xml" > "$w/out" 2>&1
if grep -q '^variants: revised-map$' "$w/out"; then ok
else bad "status of rev.xml: $(cat "$w/out")"; fi
"$adj" status "$w/games/std.xml" > "$w/out" 2>&1
if grep -q '^variants: none$' "$w/out"; then ok
else bad "status of std.xml: $(cat "$w/out")"; fi

# check GAME PROVINCE: an order sent ahead (RR41) naming the province
check() {
	printf 'GAME %s\nCOUNTRY p1\nSTEP T1.EXPANSION\nPLACE 1 IN %s\n' \
	    "$1" "$2" > "$w/order"
	"$adj" check "$w/games/$1.xml" "$w/order" > "$w/out" 2>&1
}
# RR42: Smolensk is off the revised map, Loire only on it; each refusal
# names the line and says which map has the province
if check rev Smolensk; then bad "Smolensk accepted on the revised map"
elif grep -q "order:4: error: Smolensk is not on this game's map: the \
variant 'revised-map' takes it off (RR42)$" "$w/out"; then ok
else bad "Smolensk on the revised map: $(cat "$w/out")"; fi
if check std loire; then bad "Loire accepted on the 1996 map"
elif grep -q "order:4: error: Loire is not on this game's map: only the \
map of the variant 'revised-map' has it (RR42)$" "$w/out"; then ok
else bad "Loire on the 1996 map: $(cat "$w/out")"; fi
if check rev Loire; then ok; else bad "Loire on the revised map: $(cat "$w/out")"; fi
if check std Smolensk; then ok
else bad "Smolensk on the 1996 map: $(cat "$w/out")"; fi

# map GAME.xml [ARGS]: the provinces of the HTML report's SVG map
map() {
	f=$1
	shift
	"$adj" report "$f" --template templates/renaissance-html.xsl \
	    -o "$w/map.html" "$@" > "$w/out" 2>&1 &&
	    grep -o 'data-province="[a-z-]*"' "$w/map.html" | sort -u \
	    > "$w/provs"
}
if map "$w/games/rev.xml" && [ "$(wc -l < "$w/provs")" -eq 108 ] &&
    grep -q '"loire"' "$w/provs" && ! grep -q '"smolensk"' "$w/provs"
then ok; else bad "the revised map's SVG: $(cat "$w/out")"; fi
if map "$w/games/std.xml" && [ "$(wc -l < "$w/provs")" -eq 108 ] &&
    ! grep -q '"loire"' "$w/provs" && grep -q '"smolensk"' "$w/provs"
then ok; else bad "the 1996 map's SVG: $(cat "$w/out")"; fi
# BOARD §16: 147 land links less Smolensk's two and York-Portsmouth, and
# Novgorod-Kiev, London-Chester and Loire's three; the waters' 209 less
# Barca-Eastern Mediterranean and Libya-Central Mediterranean
links() {
	sed 's/<g class=/\n&/g' "$w/map.html" |
	    grep '^<g class="\(land\|water\)-links">' | grep -o '<line' | wc -l
}
map "$w/games/rev.xml"; n=$(links)
if [ "$n" -eq $((147 - 3 + 5 + 209)) ]; then ok
else bad "the revised map has $n links"; fi
map "$w/games/std.xml"; n=$(links)
if [ "$n" -eq $((147 + 209)) ]; then ok; else bad "the 1996 map has $n links"; fi
for g in rev std; do
	if "$adj" verify "$w/games/$g.xml" --seed-file "$w/seed" \
	    > "$w/out" 2>&1; then ok
	else bad "verify $g.xml: $(cat "$w/out")"; fi
done

# A game of the revised map played to its end through the CLI (check,
# resolve, deadlines, verify): tests/tools/ren-bot.py, seed 6, in which
# Paris dominates Loire in turn 4.  tmpfs where there is one.
if [ -d /dev/shm ] && [ -w /dev/shm ]; then TMPDIR=/dev/shm; export TMPDIR; fi
if python3 tests/tools/ren-bot.py "$adj" --games 1 --seed 6 --players 5 \
    --defaults 0 --variant revised-map --variant epochs-1 --out "$w/bot" \
    > "$w/out" 2>&1; then ok
else bad "ren-bot.py --seed 6 --variant revised-map: $(cat "$w/out")"; fi
g=$w/bot/work/game.xml
if grep -q 'Paris dominates Loire (RR27)' "$g"; then ok
else bad "nobody dominates Loire in the bot's game"; fi
if map "$g" && grep -q 'class="prov market dominated" fill="#[0-9a-f]*" data-province="loire"' "$w/map.html"
then ok; else bad "Loire is not dominated on the final map"; fi
run=$(sed -n 's/.*<game [^>]* run="\([0-9]*\)".*/\1/p' "$g" | head -1)
# the run in which Loire was taken, from the file (report --run)
lrun=$(grep -n 'Paris dominates Loire' "$g" | head -1 | cut -d: -f1)
lrun=$(head -n "$lrun" "$g" | grep -o '<entry [^>]*run="[0-9]*"' | tail -1 |
    sed 's/.*run="\([0-9]*\)"/\1/')
if [ -n "$lrun" ] && map "$g" --run "$lrun" &&
    grep -q '"loire"' "$w/provs" && ! grep -q '"smolensk"' "$w/provs" &&
    map "$g" --run $((lrun - 1)) && grep -q '"loire"' "$w/provs"; then ok
else bad "report --run $lrun of the revised map: $(cat "$w/out")"; fi
# rollback to before Loire was taken: the game keeps its map, verifies
if "$adj" rollback "$g" --to-run $((lrun - 1)) > "$w/out" 2>&1 &&
    "$adj" verify "$g" --seed-file "$w/bot/seed" > "$w/out" 2>&1 &&
    "$adj" status "$g" 2>&1 | grep -q '^variants: epochs-1, revised-map$'
then ok; else bad "rollback of the revised map (run $run to $((lrun - 1))): $(cat "$w/out")"; fi
printf 'GAME ren-6\nCOUNTRY p1\nSTEP T9.EXPANSION\nPLACE 1 IN Smolensk\n' \
    > "$w/order"
if "$adj" check "$g" "$w/order" > "$w/out" 2>&1; then
	bad "Smolensk accepted after the rollback"
elif grep -q "Smolensk is not on this game's map" "$w/out"; then ok
else bad "Smolensk after the rollback: $(cat "$w/out")"; fi
# list: games of both maps loaded in one process, each its own map
cp "$g" "$w/games/bot.xml"
if "$adj" list "$w/games" > "$w/out" 2>&1 &&
    [ "$(grep -c '^\(bot\|rev\|std\)\.xml: T' "$w/out")" -eq 3 ]; then ok
else bad "list of both maps: $(cat "$w/out")"; fi

# RR4's original-turn-order through the CLI: a five-player game of
# ren-bot.py to its end (seed 2), in which each turn ends with the bid
# for the next, after the income and the rolls; the next turn, with the
# held-back cards in turn 2, begins when the bids are in.
if python3 tests/tools/ren-bot.py "$adj" --games 1 --seed 2 --players 5 \
    --variant original-turn-order --variant epochs-1 --out "$w/bot2" \
    > "$w/out" 2>&1; then ok
else bad "ren-bot.py --seed 2 --variant original-turn-order: $(cat "$w/out")"; fi
g=$w/bot2/work/game.xml
if grep -q '<variant name="original-turn-order" ruling="RR4"' "$g"; then ok
else bad "the game file does not record original-turn-order"; fi
# line N of the first match of a pattern in the game file
line() { grep -n "$1" "$g" | head -1 | cut -d: -f1; }
inc=$(line "income is \$.*for [0-9]* dominance")
roll=$(line 'Roll 2: ')
ends=$(line 'Turn 1 ends with the order-of-play bid for turn 2 (original-turn-order, RR4)')
bid=$(line 'step="T2.ORDER"')
begins=$(line 'Turn 2 begins\.')
held=$(line 'The five cards held back by the Euro deal')
if [ -n "$inc" ] && [ -n "$roll" ] && [ -n "$ends" ] && [ -n "$bid" ] &&
    [ -n "$begins" ] && [ -n "$held" ] && [ "$inc" -lt "$roll" ] &&
    [ "$roll" -lt "$ends" ] && [ "$ends" -lt "$bid" ] &&
    [ "$bid" -lt "$begins" ] && [ "$begins" -lt "$held" ]; then ok
else bad "turn 1's end in the wrong order: income $inc, roll $roll, end $ends, bid $bid, turn 2 $begins, held-back $held"; fi
if ! grep -q 'The game ends after turn 3' "$g" ||
    grep -q 'bid for turn 4' "$g"; then
	bad "a bid after the last turn (seed 6.1)"
else ok; fi
# rolled back to the end of turn 1, the game waits for the bids of T2.ORDER
erun=$(head -n "$ends" "$g" | grep -o '<entry [^>]*run="[0-9]*"' | tail -1 |
    sed 's/.*run="\([0-9]*\)"/\1/')
if "$adj" rollback "$g" --to-run "$erun" > "$w/out" 2>&1 &&
    "$adj" status "$g" > "$w/out" 2>&1 &&
    [ "$(grep -c '^pending: STEP T2.ORDER from player [1-5]: token-bid' \
    "$w/out")" -eq 5 ] && grep -q '^variants: epochs-1, original-turn-order$' "$w/out" &&
    "$adj" verify "$g" --seed-file "$w/bot2/seed" > "$w/out" 2>&1; then ok
else bad "rollback to the end of turn 1 (run $erun): $(cat "$w/out")"; fi
cp "$g" "$w/games/bot2.xml"
if "$adj" list "$w/games" > "$w/out" 2>&1 &&
    grep -q '^bot2\.xml: T2\.ORDER' "$w/out"; then ok
else bad "list: $(cat "$w/out")"; fi

echo "renaissance-variants: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
