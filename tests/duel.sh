#!/bin/sh
# duel.sh - the test-only game module "duel" (tests/modules/duel/, issue
# 19 point 5): its ruleset matches its schema, a ruleset that does not is
# refused, and build/duel-test drives the module through the interface
# alone (setup, simultaneous secret picks revealed when both are in, a
# tie broken by dice, the deadline default, an adjustment, hidden hands,
# the cache, the end, the variant); and build/adjudicator-test (the
# program with the duel in its table) plays it through the CLI: new
# --game duel, a tie broken by dice, a deadline default, public and
# private reports (a hand in its owner's only), status, list beside an
# Age of Reason game, a pick sealed to the moderator's example key and
# opened when both are in, verify and rollback.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
d=$top/tests/modules/duel
w=$(mktemp -d /tmp/aor-duel.XXXXXX)
trap 'rm -rf "$w"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

make -s -C "$top" build/duel-test > "$w/make" 2>&1 && ok ||
	{ bad "cannot build build/duel-test"; cat "$w/make"; }
xmllint --noout --relaxng "$d/duel-ruleset.rng" "$d/duel.xml" \
    > /dev/null 2>&1 && ok || bad "duel.xml does not match its schema"
sed 's/id="south"/id="east"/' "$d/duel.xml" > "$w/bad.xml"
xmllint --noout --relaxng "$d/duel-ruleset.rng" "$w/bad.xml" \
    > /dev/null 2>&1 && bad "a duel ruleset with a side 'east' validates" ||
	ok
sed '/<side id="south"/d' "$d/duel.xml" > "$w/one.xml"
"$top/build/duel-test" "$w/one.xml" > "$w/out" 2>&1
[ $? -ne 0 ] && grep -q "one.xml:3: a duel ruleset names 2 sides" "$w/out" &&
	ok || { bad "a ruleset with one side loads"; cat "$w/out"; }
"$top/build/duel-test" "$d/duel.xml" "$w/state.xml" > "$w/out" 2>&1
rc=$?
# The duel's game.rng (which includes formats/game-core.rng) compiles, and
# the <state> the module writes is its game-state.
cat > "$w/state.rng" <<RNG
<grammar xmlns="http://relaxng.org/ns/structure/1.0">
  <include href="$d/game.rng"><start><ref name="game-state"/></start></include>
</grammar>
RNG
sed -i 's|^<game>||; s|</game>$||' "$w/state.xml"
xmllint --noout --relaxng "$w/state.rng" "$w/state.xml" > "$w/xmllint" 2>&1 &&
	ok || { bad "the duel's state does not match its game.rng"
		cat "$w/xmllint"; }
sed 's/<hand>/<hand>9 /' "$w/state.xml" > "$w/badstate.xml"
xmllint --noout --relaxng "$w/state.rng" "$w/badstate.xml" > /dev/null 2>&1 &&
	bad "a state with a card 9 matches the duel's game.rng" || ok
cat "$w/out"
p=$(sed -n 's/^duel: \([0-9]*\) passed, \([0-9]*\) failed$/\1/p' "$w/out")
f=$(sed -n 's/^duel: \([0-9]*\) passed, \([0-9]*\) failed$/\2/p' "$w/out")
if [ "$rc" -eq 0 ] && [ -n "$p" ] && [ "$f" = 0 ]; then
	pass=$((pass + p))
else
	bad "build/duel-test failed (exit $rc)"
	fail=$((fail + ${f:-0}))
fi
# Through the CLI.
gh=$w/gnupg
mkdir -m 700 "$gh"
export GNUPGHOME="$gh"
trap 'gpgconf --homedir "$gh" --kill gpg-agent 2>/dev/null; rm -rf "$w"' EXIT
gpg --batch --quiet --import "$top/examples/keys/secret/moderator.sec.asc" \
    2>/dev/null
make -s -C "$top" adjudicator-test > "$w/make" 2>&1 && ok ||
	{ bad "cannot build build/test/adjudicator"; cat "$w/make"; }
a=$top/build/test/adjudicator
export ADJUDICATOR_DATADIR="$top"
mkdir "$w/g"
cd "$w/g" || exit 1
printf '%064d\n' 5 > seed
chmod 600 seed
order() {	# order FILE COUNTRY ROUND CARD
	printf 'GAME d1\nCOUNTRY %s\nSTEP R%s.PLAY\nPLAY %s\n' "$2" "$3" "$4" \
	    > "$1"
}
"$a" new -o g.xml --game nope --player north:N:n@x.org \
    --player south:S:s@x.org > out 2>&1
[ $? -eq 64 ] && grep -q "knows age-of-reason, renaissance, duel" out && ok ||
	{ bad "new --game nope"; cat out; }
"$a" new -o g.xml --game duel --seed-file seed --id d1 \
    --now 2026-12-01T00:00:00Z --player 'north:Nora:n@x.org' \
    --player 'south:Sam:s@x.org' --report r0.txt --private-dir priv \
    > out 2>&1 && grep -q '<game [^>]*module="duel"' g.xml && ok ||
	{ bad "new --game duel"; cat out; }
grep -q "^Your hand: 1 2 3 4 5" priv/north.txt &&
    [ "$(grep -c '^Your hand' priv/north.txt)" -eq 1 ] &&
    ! grep -q "Your hand" r0.txt && ok ||
	bad "a hand shows outside its owner's report (R39)"
order n1 north 1 3
order s1 south 1 3
"$a" resolve g.xml n1 s1 --seed-file seed --now 2026-12-01T01:00:00Z \
    --report r1.txt --private-dir priv > out 2>&1 &&
    grep -q "Round 1: North plays 3, South plays 3" r1.txt &&
    grep -q "A tie: North rolls" r1.txt && grep -q "wins round 1" r1.txt &&
    ok || { bad "a tie broken by dice"; cat out r1.txt; }
"$a" resolve g.xml --deadline-passed --seed-file seed \
    --now 2026-12-01T02:00:00Z --report r2.txt > out 2>&1 &&
    grep -q "no order by the deadline (R37)" r2.txt &&
    grep -q "Round 2: North plays 1, South plays 1" r2.txt && ok ||
	{ bad "the deadline default (the lowest card)"; cat out r2.txt; }
"$a" status g.xml > out 2>&1 &&
    grep -q "^game d1: round 3 of 3, North [0-9], South [0-9]" out &&
    grep -q "^pending: STEP R3.PLAY from North" out && ok ||
	{ bad "status"; cat out; }
mkdir club
cp g.xml club/duel.xml
cp "$top/tests/games/three-attacks/expected/game.xml" club/aor.xml
"$a" list club > out 2>&1 && grep -q "^duel.xml: round 3 of 3" out &&
    grep -q "^aor.xml: turn 3 of 3, game over" out && ok || { bad "list of two games"; cat out; }
# a pick sealed to the moderator's key stays sealed while south's is due
"$a" key g.xml moderator "$top/examples/keys/moderator.asc" \
    --now 2026-12-01T02:30:00Z > out 2>&1 && ok || { bad "key"; cat out; }
printf 'PLAY 5\n' | "$a" seal g.xml --country north --step R3.PLAY \
    > pick.asc 2> out && ok || { bad "seal"; cat out; }
{ printf 'GAME d1\nCOUNTRY north\nSTEP R3.PLAY\n'; cat pick.asc; } > n3
"$a" resolve g.xml n3 --seed-file seed --now 2026-12-01T03:00:00Z \
    --report r3.txt > out 2>&1 && ! grep -q "PLAY 5" g.xml &&
    ! grep -q 'kind="unseal"' g.xml && ok ||
	{ bad "a sealed pick opened before both are in"; cat out; }
order s3 south 3 4
"$a" resolve g.xml s3 --seed-file seed --now 2026-12-01T04:00:00Z \
    --report r4.txt > out 2>&1 && grep -q 'kind="unseal"' g.xml &&
    grep -q "Round 3: North plays 5, South plays 4" r4.txt &&
    grep -q "The duel is over" r4.txt && ok ||
	{ bad "the sealed pick opened when both are in"; cat out r4.txt; }
"$a" verify g.xml --seed-file seed > out 2>&1 &&
    grep -q "every draw, event and state matches" out && ok ||
	{ bad "verify"; cat out; }
"$a" rollback g.xml --to-run 2 --now 2026-12-01T05:00:00Z > out 2>&1 &&
    "$a" status g.xml | grep -q "round 3 of 3" &&
    "$a" verify g.xml --seed-file seed > out 2>&1 && ok ||
	{ bad "rollback"; cat out; }
cd "$top" || exit 1

echo "duel: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
