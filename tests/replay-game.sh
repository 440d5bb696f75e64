#!/bin/sh
# replay-game.sh - replays a scenario folder and compares it with its
# golden files, byte for byte.
#
#   tests/replay-game.sh DIR            check
#   tests/replay-game.sh DIR --update   rewrite DIR/expected/ (review the diff!)
#
# DIR holds: seed (the pinned seed), new.args (the arguments of 'new'
# after '-o GAME', with SEED for the seed file), runs (one line a run:
# "resolve TIME FILE ..." or "deadline TIME"), orders.txt (every order
# file, each after a line "==> orders/NNN-COUNTRY.txt <==", unpacked into
# orders/ for the replay by tests/tools/pack.sh; an orders/ folder is read
# as it is) and
# expected/: game.xml, the final game file (an archive: it must still load
# and verify with every later version); final.html, the final HTML report;
# private.txt, the first player's private report; and, for some
# scenarios, reports.txt, every run's report.  Each run's report must be
# the one 'adjudicator report expected/game.xml --run N' gives (the golden
# game file holds every report; every 5th run is compared, every run with
# REGEN=1).  Then 'adjudicator verify' must
# pass on the final game file, and the hand may show only in the private
# report (R39).
set -eu
dir=$1
mode=${2:-check}
top=$(cd "$(dirname "$0")/.." && pwd)
adj=${ADJUDICATOR:-$top/build/adjudicator}
work=$(mktemp -d /tmp/aor-replay.XXXXXX)
trap 'rm -rf "$work"' EXIT

src=$(cd "$dir" && pwd)
if [ -f "$dir/orders.txt" ]; then
	src=$work/src
	"$top/tests/tools/pack.sh" unpack "$dir/orders.txt" "$src"
fi
cp "$dir/seed" "$work/seed"
chmod 600 "$work/seed"
eval "set -- $(sed "s|SEED|$work/seed|" "$dir/new.args")"
"$adj" new -o "$work/game.xml" "$@" --report "$work/r.txt"
cat "$work/r.txt" > "$work/reports.txt"
mkdir "$work/saved"
cp "$work/game.xml" "$work/saved/0.xml"
n=1
r=0
# Every REGEN-th run's report (5; 1 for all, 0 for none) is compared
# with the one the golden game file gives.
regen=${REGEN:-5}
. "$top/tests/tools/runs.sh"
game=$work/game.xml seed=$work/seed report=$work/r.txt privdir=
while read -r kind time files; do
	# shellcheck disable=SC2086 # the file names are words
	(cd "$src" && run_line "$kind" "$time" $files) || {
		echo "replay-game: $dir/runs: the run \"$kind $time" \
		    "$files\" failed" >&2
		exit 1
	}
	printf '\n' >> "$work/reports.txt"
	cat "$work/r.txt" >> "$work/reports.txt"
	# every saved game file is validated below (the program does not
	# validate what it writes, issue 12)
	n=$((n + 1))
	cp "$work/game.xml" "$work/saved/$n.xml"
	r=$((r + 1))
	# the golden game file gives this run's report (issue 11, point 7)
	if [ "$mode" != --update ] && [ "$regen" -gt 0 ] &&
	    [ $((r % regen)) -eq 0 ]; then
		"$adj" report "$dir/expected/game.xml" --run "$r" \
		    -o "$work/past.txt"
		if ! cmp -s "$work/r.txt" "$work/past.txt"; then
			echo "replay-game: $dir: the report of run $r differs" \
			    "from the one expected/game.xml gives:" >&2
			diff -u "$work/past.txt" "$work/r.txt" | head -20 >&2
			exit 1
		fi
	fi
done < "$dir/runs"
(cd "$work/saved" && xmllint --noout --relaxng "$top/formats/game.rng" \
	*.xml) > "$work/xmllint" 2>&1
if [ "$(grep -c ' validates$' "$work/xmllint")" -ne "$n" ]; then
	echo "replay-game: $dir: a saved game file does not match" \
	    "formats/game.rng:" >&2
	grep -v ' validates$' "$work/xmllint" | head -5 >&2
	exit 1
fi
"$adj" verify "$work/game.xml" --seed-file "$work/seed" > /dev/null
# The final reports: public HTML, and the first player's private text.
first=$(sed -n 's/.*<player seat="1" country="\([a-z-]*\)".*/\1/p' \
	"$work/game.xml")
"$adj" report "$work/game.xml" --template "$top/templates/report-html.xsl" \
	-o "$work/final.html"
"$adj" report "$work/game.xml" --for "$first" -o "$work/private.txt"
# R39: the hand shows in its owner's report only.
grep -q "Your hand" "$work/private.txt" || {
	echo "replay-game: $dir: the private report shows no hand" >&2; exit 1; }
# Mail reports: lines of at most 78 characters, no markup.
for f in reports.txt private.txt; do
	if awk 'length > 78 { exit 1 }' "$work/$f" && ! grep -q '<[a-z]' "$work/$f"
	then :; else
		echo "replay-game: $dir: $f has a line over 78 characters or markup" >&2
		exit 1
	fi
done
# Reports never name the moderator's files (issue 11): "France's orders".
for f in reports.txt private.txt final.html; do
	if grep -E '[A-Za-z0-9_-]\.(txt|asc|eml)\b' "$work/$f" | head -3 |
	    grep . >&2; then
		echo "replay-game: $dir: $f names an order file" >&2
		exit 1
	fi
done
# Run 0's setup draws are summed up in the text report, one by one in HTML.
if grep -q '^  Setup: marker' "$work/reports.txt" ||
    ! grep -q '^  Setup (R7): 35 markers are drawn, 5 for each of the 7' \
    "$work/reports.txt"; then
	echo "replay-game: $dir: run 0's setup draws are not summed up" >&2
	exit 1
fi
for f in reports.txt final.html; do
	if grep -q "Your hand" "$work/$f"; then
		echo "replay-game: $dir: $f shows a hand" >&2
		exit 1
	fi
done

if [ "$mode" = --update ]; then
	mkdir -p "$dir/expected"
	cp "$work/game.xml" "$dir/expected/game.xml"
	[ ! -f "$dir/expected/reports.txt" ] ||
		cp "$work/reports.txt" "$dir/expected/reports.txt"
	cp "$work/final.html" "$dir/expected/final.html"
	cp "$work/private.txt" "$dir/expected/private.txt"
	exit 0
fi
status=0
for f in game.xml reports.txt final.html private.txt; do
	[ "$f" != reports.txt ] || [ -f "$dir/expected/$f" ] || continue
	if ! cmp -s "$work/$f" "$dir/expected/$f"; then
		echo "replay-game: $dir: $f differs from expected:" >&2
		diff -u "$dir/expected/$f" "$work/$f" | head -40 >&2
		status=1
	fi
done
exit $status
