#!/bin/sh
# order-text.sh - orders as players send them (issue 10): text around the
# orders, partial files, several files in one run, and the verdict that
# check prints for the player.  One code path reads orders for check,
# resolve and the mail commands; the mail side is in mail-test.sh and
# mail-e2e.sh.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
adj=${ADJUDICATOR:-$top/build/adjudicator}
w=$(mktemp -d /tmp/aor-ot.XXXXXX)
trap 'rm -rf "$w"' EXIT
pass=0
fail=0

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# has NAME FILE STRING: FILE holds the fixed STRING
has() {
	if grep -qF -- "$3" "$2"; then ok; else
		bad "$1: lacks '$3':"; sed 's/^/  | /' "$2"; fi
}
hasnt() {
	if grep -qF -- "$3" "$2"; then
		bad "$1: holds '$3':"; sed 's/^/  | /' "$2"; else ok; fi
}
status_is() {	# NAME WANT GOT
	[ "$3" -eq "$2" ] && ok || bad "$1: exit $3, expected $2"
}

now=2026-12-02T09:00:00Z
check() { "$adj" check "$w/game.xml" "$@" --seed-file "$w/seed" \
	--now "$now" > "$w/out" 2> "$w/err"; }
resolve() { "$adj" resolve "$w/game.xml" "$@" --seed-file "$w/seed" \
	--now "$now" --report /dev/null > "$w/out" 2> "$w/err"; }

# Seed 1 draws Austria as start player (as in adjudicator(1)).
printf '%064d\n' 1 > "$w/seed"
chmod 600 "$w/seed"
"$adj" new -o "$w/game.xml" --seed-file "$w/seed" --deadline-hours 48 \
	--now 2026-12-01T18:00:00Z --report /dev/null \
	--player prussia:Anna:anna@example.org \
	--player austria:Bernd:bernd@example.org \
	--player france:Claire:claire@example.org || { echo "new failed"; exit 1; }
"$adj" status "$w/game.xml" | grep -q "pending: STEP T1.A1.1 from Austria" &&
	ok || bad "seed 1 no longer draws Austria as start player"

# 1. A greeting, a quoted reply and a signature around the orders.
cat > "$w/mail.txt" <<'EOF'
Hi moderator,

here are my orders for this turn.

GAME game
COUNTRY Austria
STEP T1.A1.1
BID 0 A Austria B Prussia
> On Mon, 30 Nov 2026, Moderator wrote:
> STEP T1.A1.1
-- 
Bernd
Vienna
EOF
check "$w/mail.txt"
status_is greeting 0 $?
has greeting "$w/out" "mail.txt: ignored 2 lines before GAME (line 5)"
has quoted "$w/out" "mail.txt: ignored 2 quoted lines (starting with '>', from line 9)"
has signature "$w/out" "mail.txt: ignored 2 lines after the end of the orders (line 11)"
has greeting-applied "$w/out" "mail.txt:7: T1.A1.1 Austria: accepted, applied"
has greeting-summary "$w/out" "all orders accepted"

# END stops reading; so does a signature separator without its blank.
printf 'GAME game\nCOUNTRY Austria\nSTEP T1.A1.1\nPASS\nEND\nthanks, B.\n' \
	> "$w/end.txt"
check "$w/end.txt"
has end-line "$w/out" "end.txt: ignored 1 line after the end of the orders (line 5)"
printf 'GAME game\nCOUNTRY Austria\nSTEP T1.A1.1\nBID 0 A Spain B Russia\n--\nBernd\n' \
	> "$w/dashes.txt"
check "$w/dashes.txt"
status_is dashes 0 $?

# 3. What the player reads on stdout: every problem, its line, a
# suggestion, and until when.
printf 'GAME game\nCOUNTRY Austria\nSTEP T1.A1.1\nBID 1 gold A Russia B Spain\n' \
	> "$w/gold.txt"
check "$w/gold.txt"
status_is bid-gold 65 $?
has bid-gold "$w/out" "gold.txt: Nothing in this file counts yet:"
has bid-gold "$w/out" "gold.txt:4: rejected: a bid is 'BID n A country B country' with n a bare number of gold: write 'BID 1 A Russia B Spain' (without 'gold')"
has bid-gold "$w/out" "gold.txt: Send the corrected file before 2026-12-03 18:00 UTC."
has bid-gold "$w/out" "the file was refused: nothing in it counts yet"
printf 'COUNTRY Austria\nSTEP T1.A1.1\nBIDD 0 A Russia B Spain\n' > "$w/nogame.txt"
check "$w/nogame.txt"
has missing-game "$w/out" "nogame.txt:1: rejected: missing GAME line: add the line 'GAME game' above the COUNTRY line"
has unknown-order-on-stdout "$w/out" "nogame.txt:3: rejected: unknown order 'BIDD' (did you mean 'BID'?)"
# problems in the order of the lines
[ "$(grep -n 'missing GAME' "$w/out" | cut -d: -f1)" -lt \
  "$(grep -n "unknown order" "$w/out" | cut -d: -f1)" ] && ok ||
	bad "problems are not in line order"

# 2. Several files in one run: one refused file costs only itself.
cat > "$w/france.txt" <<'EOF'
GAME game
COUNTRY France
STEP T1.A1.2
PASS
STEP T1.A2.1
BID 0 A France B Russia
EOF
printf 'GAME game\nCOUNTRY Prussia\nSTEP T1.A1.3\nBIDD 1\n' > "$w/prussia.txt"
cp "$w/game.xml" "$w/before.xml"
resolve "$w/mail.txt" "$w/prussia.txt" "$w/france.txt"
status_is one-refused 65 $?
cmp -s "$w/game.xml" "$w/before.xml" && bad "the good files were not applied" || ok
has refused-listed "$w/err" "prussia.txt:4: error: unknown order 'BIDD'"
has refused-count "$w/err" "1 of 3 order files refused (the reasons are above): nothing of them counts; the rest of the run was applied"
"$adj" status "$w/game.xml" > "$w/status"
has others-applied "$w/status" "pending: STEP T1.A1.3 from Prussia"
has advance-kept "$w/status" "queued:"

# 5. The private report: no signing in a game without keys, and the
# player's own orders kept for later steps.
"$adj" report "$w/game.xml" --for france > "$w/france-report"
has kept-for-later "$w/france-report" "Kept for later (your orders in force, each used when its step comes):"
has kept-line "$w/france-report" "  T1.A2.1 BID 0 A France B Russia"
"$adj" report "$w/game.xml" --for prussia > "$w/prussia-report"
has no-keys-form "$w/prussia-report" "Fill in and send to the moderator:"
hasnt no-keys-form "$w/prussia-report" "sign with your key"
hasnt others-kept "$w/prussia-report" "Kept for later"
"$adj" report "$w/game.xml" > "$w/public-report"
hasnt public-kept "$w/public-report" "BID 0 A France B Russia"
# a player who cannot raise is offered PASS alone
"$adj" adjust "$w/game.xml" 'prussia gold 0' --now "$now" > /dev/null
"$adj" adjust "$w/game.xml" 'prussia unrest 22' --now "$now" > /dev/null
"$adj" report "$w/game.xml" --for prussia > "$w/prussia-report"
has pass-only "$w/prussia-report" "#   PASS"
hasnt pass-only "$w/prussia-report" "BID n"

# 2. The old file resent with a new block: the decided block is a
# warning, the new block counts.
cat > "$w/again.txt" <<'EOF'
GAME game
COUNTRY Austria
STEP T1.A1.1
BID 0 A Austria B Prussia
STEP T1.A1.4
PASS
EOF
check "$w/again.txt"
status_is resent 0 $?
has resent-warning "$w/out" "again.txt:3: warning: step T1.A1.1 was resolved already (R38): this block is skipped, the rest of the file counts"
has resent-new-block "$w/out" "again.txt:5: T1.A1.4 Austria: accepted, kept until its step comes (R36)"
hasnt resent "$w/out" "Nothing in this file counts"
# a file that holds only decided steps is refused
check "$w/mail.txt"
status_is only-stale 65 $?
has only-stale "$w/out" "mail.txt: rejected: nothing in this file counts: every step in it was decided already (R38)"
cp "$w/game.xml" "$w/before.xml"
resolve "$w/mail.txt"
status_is only-stale-resolve 65 $?
cmp -s "$w/game.xml" "$w/before.xml" && ok || bad "a refused file changed the game"

# 5. The README's order example is true for the README's own game.
mkdir "$w/readme"
sed -n "/^    printf '%064d/,/> report.txt\$/p" "$top/README.md" |
	sed 's/^    //' > "$w/readme/new.sh"
sed -n "/^    # Bernd's orders/,/^\$/p" "$top/README.md" | sed 's/^    //' \
	> "$w/readme/bernd.txt"
grep -q -- "--seed-file seed" "$w/readme/new.sh" && ok ||
	bad "README: the game's seed is not pinned"
(cd "$w/readme" && PATH="$(dirname "$adj"):$PATH" ADJUDICATOR_DATADIR="$top" \
	sh -e new.sh && "$adj" check game.xml bernd.txt) > "$w/out" 2>&1
status_is readme-example 0 $?
has readme-bid "$w/out" "bernd.txt:4: T1.A1.1 Austria: accepted, applied"
has readme-segment "$w/out" "bernd.txt:6: T1.S1 Austria: accepted, kept until its step comes (R36)"

# 6. adjudicator-orders(5)'s own examples and limits, on the game above
# (run 0: Austria's T1.A1.1 is due, its segment T1.S1 still to come).
seg() {	# seg NAME LINE: one Austrian segment order, checked
	printf 'GAME game\nCOUNTRY Austria\nSTEP T1.S1\n%s\n' "$2" > "$w/$1.txt"
	check "$w/$1.txt"
}
seg ost 'ATTACK Prussia IN Ost WITH 1/1/2'
has orders5-ambiguous "$w/out" "ost.txt:4: rejected: ambiguous area 'Ost' (could be 'Baltic', 'East Indies')"
seg baltc 'ATTACK Prussia IN Baltc WITH 1/1/2'
has orders5-suggestion "$w/out" "baltc.txt:4: rejected: unknown area 'Baltc' (did you mean 'Baltic'?)"
# "Baltic, Ostseeraum and Ostsee are the same area"; "Great Britain,
# Grossbritannien, great-britain and Gr are the same country"
for a in Baltic Ostseeraum Ostsee; do
	for c in 'Great Britain' Grossbritannien great-britain Gr; do
		seg name "ATTACK $c IN $a WITH 1/1/2"
		status_is "orders5-names $c $a" 0 $?
		has "orders5-names $c $a" "$w/out" "name.txt:3: T1.S1 Austria: accepted, kept until its step comes (R36)"
	done
done
# "A block ... holds at most 8" order lines; ENTROPY lines are no orders
{ printf 'GAME game\nCOUNTRY Austria\nSTEP T1.A1.1\n'
  i=0; while [ $i -lt 9 ]; do echo 'BID 0 A Austria B Prussia'; i=$((i + 1)); done
} > "$w/nine.txt"
check "$w/nine.txt"
status_is orders5-nine 65 $?
has orders5-nine "$w/out" "nine.txt:12: rejected: too many orders in step T1.A1.1"
# "ENTROPY text ... adds 1 to 200 characters"
e200=$(printf '%0200d' 0)
printf 'GAME game\nCOUNTRY Austria\nENTROPY %s\nSTEP T1.S1\nPASS\n' "$e200" \
	> "$w/e200.txt"
check "$w/e200.txt"
status_is orders5-entropy-200 0 $?
printf 'GAME game\nCOUNTRY Austria\nENTROPY %s1\nSTEP T1.S1\nPASS\n' "$e200" \
	> "$w/e201.txt"
check "$w/e201.txt"
status_is orders5-entropy-201 65 $?
has orders5-entropy-201 "$w/out" "e201.txt:3: rejected: ENTROPY takes 1 to 200 characters of your choice"

echo "order-text: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
