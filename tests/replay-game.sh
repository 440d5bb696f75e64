#!/bin/sh
# replay-game.sh - replays a scenario folder and compares it with its
# golden files, byte for byte.
#
#   tests/replay-game.sh DIR            check
#   tests/replay-game.sh DIR --update   rewrite DIR/expected/ (review the diff!)
#
# DIR holds: seed (the pinned seed), new.args (the arguments of 'new'
# after '-o GAME', with SEED for the seed file), runs (one line a run or
# a moderator's command, as tests/tools/runs.sh plays them: "resolve TIME
# FILE ...", "deadline TIME", "moderator TIME VERB ARG ..."; the example
# keys are ../keys/FILE, and a "moderator TIME key moderator ..." line
# makes the replay open sealed picks with the moderator's example secret
# key), orders.txt (every order file, each after a line
# "==> orders/NNN-COUNTRY.txt <==", unpacked into orders/ for the replay
# by tests/tools/pack.sh; an orders/ folder is read as it is) and
# expected/: game.xml, the final game file (an archive: it must still load
# and verify with every later version); final.html, the final HTML report;
# private.txt, the first player's private report; and, for some
# scenarios, reports.txt, every run's report.  A new.args with "--game
# renaissance" is an Age of Renaissance game: its files are checked
# against formats/renaissance-game.rng, and Age of Reason's setup draws
# (R7) are not looked for; its HTML report is templates/renaissance-html.xsl.
# A scenario made since
# issue 19 keeps only expected/game.xml.gz (the reports come from it).
# Each run's report must be the one 'adjudicator report expected/game.xml
# --run N' gives (the golden game file holds every report; every 5th run
# is compared, every run with REGEN=1).  Then 'adjudicator verify' must
# pass on the final game file, and the hand may show only in the private
# report (R39).
set -eu
dir=$1
mode=${2:-check}
top=$(cd "$(dirname "$0")/.." && pwd)
adj=${ADJUDICATOR:-$top/build/adjudicator}
work=$(mktemp -d /tmp/aor-replay.XXXXXX)
# Scenarios with the moderator's key (a "moderator TIME key moderator
# ../keys/moderator.asc" run) open sealed picks with the example secret
# key: a GnuPG home of this replay's own, its gpg-agent ended at the end.
gh=$work/gnupg
mkdir -m 700 "$gh"
export GNUPGHOME="$gh"
trap 'gpgconf --homedir "$gh" --kill gpg-agent 2>/dev/null; rm -rf "$work"' EXIT
if grep -q '^moderator [^ ]* key moderator ' "$dir/runs"; then
	gpg --batch --quiet --import \
	    "$top/examples/keys/secret/moderator.sec.asc" 2>/dev/null || {
		echo "replay-game: cannot import the moderator's example key" >&2
		exit 1; }
fi
# the golden game file, stored as it is or gzipped (a new scenario)
golden=$dir/expected/game.xml
if [ -f "$golden.gz" ]; then
	gzip -dc "$golden.gz" > "$work/golden.xml"
	golden=$work/golden.xml
	# the seed beside it: a game not over gives its reports' history
	# digests with the seed only
	cp "$dir/seed" "$work/golden.xml.seed"
	chmod 600 "$work/golden.xml.seed"
fi

src=$(cd "$dir" && pwd)
if [ -f "$dir/orders.txt" ]; then
	src=$work/src
	"$top/tests/tools/pack.sh" unpack "$dir/orders.txt" "$src"
fi
# runs name the example keys as ../keys/FILE, as examples/four-player does
ln -s "$top/examples/keys" "$work/keys"
cp "$dir/seed" "$work/seed"
chmod 600 "$work/seed"
eval "set -- $(sed "s|SEED|$work/seed|" "$dir/new.args")"
schema=formats/game.rng module=age-of-reason html=report-html.xsl
if grep -q -- '--game renaissance' "$dir/new.args"; then
	schema=formats/renaissance-game.rng module=renaissance
	html=renaissance-html.xsl
fi
"$adj" new -o "$work/game.xml" "$@" --report "$work/r.txt"
cat "$work/r.txt" > "$work/reports.txt"
mkdir "$work/saved" "$work/runrep"
cp "$work/game.xml" "$work/saved/0.xml"
n=1
regen=${REGEN:-5}
. "$top/tests/tools/runs.sh"
game=$work/game.xml seed=$work/seed report=$work/r.txt privdir=
while read -r kind time files; do
	(cd "$src" && run_line "$kind" "$time" "$files") > /dev/null || {
		echo "replay-game: $dir/runs: the run \"$kind $time" \
		    "$files\" failed" >&2
		exit 1
	}
	# every saved game file is validated below (the program does not
	# validate what it writes, issue 12)
	n=$((n + 1))
	cp "$work/game.xml" "$work/saved/$n.xml"
	[ "$kind" != moderator ] || continue
	printf '\n' >> "$work/reports.txt"
	cat "$work/r.txt" >> "$work/reports.txt"
	# this run's report, by the game's run number (a moderator's key
	# is a run of its own; after a rollback a number comes again, and
	# the last report of it is the one the golden file keeps)
	rn=$(last_run "$work/game.xml")
	if [ "$regen" -gt 0 ] && [ $((rn % regen)) -eq 0 ]; then
		cp "$work/r.txt" "$work/runrep/$rn"
	fi
done < "$dir/runs"
# The golden game file gives each run's report (issue 11, point 7): every
# REGEN-th run's (5; 1 for all, 0 for none) is compared.
if [ "$mode" != --update ]; then
	for f in "$work"/runrep/*; do
		[ -f "$f" ] || continue
		rn=$(basename "$f")
		"$adj" report "$golden" --run "$rn" -o "$work/past.txt"
		if ! cmp -s "$f" "$work/past.txt"; then
			echo "replay-game: $dir: the report of run $rn differs" \
			    "from the one expected/game.xml gives:" >&2
			diff -u "$work/past.txt" "$f" | head -20 >&2
			exit 1
		fi
	done
fi
(cd "$work/saved" && xmllint --noout --relaxng "$top/$schema" \
	*.xml) > "$work/xmllint" 2>&1
if [ "$(grep -c ' validates$' "$work/xmllint")" -ne "$n" ]; then
	echo "replay-game: $dir: a saved game file does not match" \
	    "$schema:" >&2
	grep -v ' validates$' "$work/xmllint" | head -5 >&2
	exit 1
fi
"$adj" verify "$work/game.xml" --seed-file "$work/seed" > /dev/null
# The final reports: public HTML, and the first player's private text.
first=$(sed -n 's/.*<player seat="1" country="\([a-z0-9-]*\)".*/\1/p' \
	"$work/game.xml")
"$adj" report "$work/game.xml" --template "$top/templates/$html" \
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
		{ awk 'length > 78' "$work/$f"; grep '<[a-z]' "$work/$f"; } |
		    head -3 >&2
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
if [ "$module" = age-of-reason ] && { grep -q '^  Setup: marker' "$work/reports.txt" ||
    ! grep -q '^  Setup (R7): 35 markers are drawn, 5 for each of the 7' \
    "$work/reports.txt"; }; then
	echo "replay-game: $dir: run 0's setup draws are not summed up" >&2
	exit 1
fi
for f in reports.txt final.html; do
	if grep -q "Your hand" "$work/$f"; then
		echo "replay-game: $dir: $f shows a hand" >&2
		exit 1
	fi
done

# A scenario made since issue 19 keeps its golden game file gzipped and
# no reports (report --run N gives them, and tests/equiv.sh hashes them):
# expected/game.xml.gz alone.
if [ "$mode" = --update ]; then
	mkdir -p "$dir/expected"
	if [ -f "$dir/expected/game.xml.gz" ] || [ ! -f "$dir/expected/game.xml" ]
	then
		gzip -9n < "$work/game.xml" > "$dir/expected/game.xml.gz"
		exit 0
	fi
	cp "$work/game.xml" "$dir/expected/game.xml"
	[ ! -f "$dir/expected/reports.txt" ] ||
		cp "$work/reports.txt" "$dir/expected/reports.txt"
	cp "$work/final.html" "$dir/expected/final.html"
	cp "$work/private.txt" "$dir/expected/private.txt"
	exit 0
fi
status=0
if ! cmp -s "$work/game.xml" "$golden"; then
	echo "replay-game: $dir: game.xml differs from expected:" >&2
	diff -u "$golden" "$work/game.xml" | head -40 >&2
	status=1
fi
for f in reports.txt final.html private.txt; do
	[ -f "$dir/expected/$f" ] || [ "$f" = reports.txt ] ||
	    [ -f "$dir/expected/game.xml.gz" ] || {
		echo "replay-game: $dir: no expected/$f" >&2; status=1; }
	[ -f "$dir/expected/$f" ] || continue
	if ! cmp -s "$work/$f" "$dir/expected/$f"; then
		echo "replay-game: $dir: $f differs from expected:" >&2
		diff -u "$dir/expected/$f" "$work/$f" | head -40 >&2
		status=1
	fi
done
exit $status
