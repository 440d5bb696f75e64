#!/bin/sh
# make-sealed.sh - (re)makes the golden scenario tests/games/
# three-attacks-sealed from tests/games/three-attacks (issue 19, point 4).
# A developer tool, run once: sealing encrypts with a random session key,
# so the sealed picks are made here and stored, and every replay reads
# the same bytes.
#
#   tests/tools/make-sealed.sh
#
# The same id, players, seed, times and orders as three-attacks (the dice
# are keyed by the id and the seed); after 'new --seed-file' (so the seed
# stays in the seed file, not sealed) the moderator's example key
# is registered
# ('moderator TIME key moderator ../keys/moderator.asc', a run of its
# own), and each of the 16 combat picks (STEP T*.C*.DEFEND, JOIN, NPC) is
# sealed to it with 'adjudicator seal'.  The replay opens them with the
# example secret key (tests/replay-game.sh) when the combat is revealed,
# and never before: a pick shown early changes the game file.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
adj=${ADJUDICATOR:-$top/build/adjudicator}
from=$top/tests/games/three-attacks
out=$top/tests/games/three-attacks-sealed
id=three-attacks
w=$(mktemp -d /tmp/aor-sealed.XXXXXX)
trap 'rm -rf "$w"' EXIT

"$top/tests/tools/pack.sh" unpack "$from/orders.txt" "$w/o"
cp "$from/new.args" "$w/new.args"
grep -q -- "--id $id " "$w/new.args"
# a game of the same id with the moderator's key, to seal to
cp "$from/seed" "$w/seed"
eval "set -- $(sed "s|SEED|$w/seed|" "$w/new.args")"
"$adj" new -o "$w/g.xml" "$@" --report /dev/null
"$adj" key "$w/g.xml" moderator "$top/examples/keys/moderator.asc" \
    --now 2026-12-01T00:00:00Z > /dev/null
n=0
for f in "$w"/o/orders/*; do
	sed -i "s/^GAME three-attacks\$/GAME $id/" "$f"
	step=$(sed -n 's/^STEP //p' "$f")
	case $step in
	T*.C*.DEFEND|T*.C*.JOIN|T*.C*.NPC) ;;
	*) continue ;;
	esac
	country=$(sed -n 's/^COUNTRY //p' "$f")
	sed '1,/^STEP /d' "$f" |
	    "$adj" seal "$w/g.xml" --country "$country" --step "$step" \
	    > "$w/pick.asc"
	sed '/^STEP /q' "$f" > "$w/head"
	cat "$w/head" "$w/pick.asc" > "$f"
	n=$((n + 1))
done
[ "$n" -eq 16 ] || { echo "make-sealed: $n picks sealed, not 16" >&2; exit 1; }
mkdir -p "$out"
cp "$from/seed" "$out/seed"
cp "$w/new.args" "$out/new.args"
{ echo "moderator 2026-12-01T00:00:00Z key moderator ../keys/moderator.asc"
  cat "$from/runs"; } > "$out/runs"
(cd "$w/o" && "$top/tests/tools/pack.sh" pack orders/*) > "$out/orders.txt"
rm -rf "$out/expected"
"$top/tests/replay-game.sh" "$out" --update
echo "make-sealed: $out: $n picks sealed; review, then commit"
