#!/bin/sh
# past-reports.sh - 'adjudicator report GAME --run N' gives, from the final
# game file alone, the very report that run N gave (issue 11):
# public and private, text and HTML, in a game with deadlines (set at each
# run, R37 defaults), orders sent ahead that wait for their step (R36), a
# waiting order replaced (R38), a rejected order, a moderator's
# adjustment, and the moderator's changes of deadlines, pause, absence,
# player and deadline hours.  Also: a run that does not exist is refused
# (status 64) and the file is unchanged.  Then every run of every golden
# game and of the two examples (below).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
A=${ADJUDICATOR:-$top/build/adjudicator}
HTML=$top/templates/report-html.xsl
w=$(mktemp -d /tmp/aor-past.XXXXXX)
[ -n "${KEEP:-}" ] && echo "past-reports: work folder $w"
[ -n "${KEEP:-}" ] || trap 'rm -rf "$w"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "past-reports: FAIL: $*"; }
cd "$w" || exit 1

order() { printf 'GAME g\nCOUNTRY %s\nSTEP %s\n%s\n' "$1" "$2" "$3" >"$4"; }
n=0
# keep: the reports of the run just made, as the players got them
keep() {
	"$A" report g.xml -o "live-$n.txt" &&
	"$A" report g.xml --for prussia -o "live-$n-prussia.txt" &&
	"$A" report g.xml --template "$HTML" -o "live-$n.html" ||
		bad "the reports of run $n"
}
run() {	# run TIME FILES...: one resolve, its reports kept
	t=$1
	shift
	"$A" resolve g.xml "$@" --now "$t" > /dev/null 2>> log ||
		bad "resolve at $t"
	n=$(sed -n 's/^<game [^>]* run="\([0-9]*\)".*/\1/p' g.xml)
	keep
}
printf '%064d\n' 7 > seed
chmod 600 seed
"$A" new -o g.xml --player prussia:Anna:a@example.org \
    --player spain:Bert:b@example.org --player france:Cleo:c@example.org \
    --seed-file seed --now 2026-11-25T12:00:00Z --deadline-hours 48 \
    > /dev/null 2>> log || bad "new"
keep
# Before run 1 the moderator sets Spain's deadline, pauses and resumes
# (the deadline moves by the pause), makes Spain away (it moves past the
# absence), gives Prussia a new player and shortens the deadline hours:
# the file keeps only the latest of each, the history each change.
mod() { "$A" "$@" > /dev/null 2>> log || bad "$*"; }
mod deadline g.xml 2026-11-30T00:00:00Z --now 2026-11-25T12:05:00Z
mod pause g.xml --now 2026-11-25T12:10:00Z
mod resume g.xml --now 2026-11-25T12:40:00Z
mod absence g.xml spain 2026-11-29T00:00:00Z 2026-12-01T00:00:00Z \
    --now 2026-11-25T12:45:00Z
mod player g.xml prussia --name 'Dora Weiss' --email d@example.org \
    --now 2026-11-25T12:50:00Z
mod deadline g.xml --hours 36 --now 2026-11-25T12:55:00Z
# France's bid for the next step comes early and waits (R36)...
order France T1.A1.2 'BID 1 A Spain B Austria' a2.txt
run 2026-11-25T13:00:00Z a2.txt
grep -q 'wait for their step' live-1.txt && ok ||
	bad "run 1 has no waiting order (the test lost its point)"
grep -q 'Deadline: 2026-12-02T00:30:00Z' live-1.txt &&
    grep -q 'Prussia: Dora Weiss, d@example.org' live-1.txt &&
    grep -q 'Prussia: Anna, a@example.org' live-0.txt && ok ||
	bad "run 1 does not show the moderator's changes (the test lost its point)"
# ... is replaced by a later one (R38), still waiting ...
order France T1.A1.2 'BID 2 A Spain B Austria' a2.txt
run 2026-11-25T13:30:00Z a2.txt
# ... and applied when Spain opens; Prussia's bid is rejected.
order Spain T1.A1.1 'BID 0 A Prussia B Great Britain' a1.txt
run 2026-11-25T14:00:00Z a1.txt
grep -q 'queued="1"' g.xml && ok ||
	bad "the applied order does not say it waited since run 1"
order Prussia T1.A1.3 'BID 3 A Prussia' a3.txt
"$A" resolve g.xml a3.txt --now 2026-11-25T14:30:00Z > /dev/null 2>&1 &&
	bad "Prussia's bad bid was accepted"
"$A" adjust g.xml 'Prussia gold 15' --now 2026-11-25T15:00:00Z \
    > /dev/null 2>> log || bad "adjust"
# (the adjustment belongs to the coming run, whose report shows it)
# Deadlines pass: each run is 50 hours after the last (R37 defaults, 36
# hours since run 1).
base=$(date -u -d 2026-11-25T15:00:00Z +%s)
for i in 1 2 3 4; do
	run "$(date -u -d "@$((base + i * 180000))" +%Y-%m-%dT%H:%M:%SZ)"
done
grep -q 'Deadline: 2026-1[12]' "live-$n.txt" && ok ||
	bad "the last run shows no deadline"

cp g.xml before.xml
last=$n
i=0
while [ "$i" -le "$last" ]; do
	"$A" report g.xml --run "$i" -o past.txt 2>> log &&
	    cmp -s past.txt "live-$i.txt" && ok ||
		{ bad "the report of run $i differs:"
		  diff "live-$i.txt" past.txt | head -10; }
	"$A" report g.xml --run "$i" --for prussia -o past.txt 2>> log &&
	    cmp -s past.txt "live-$i-prussia.txt" && ok ||
		{ bad "Prussia's report of run $i differs:"
		  diff "live-$i-prussia.txt" past.txt | head -10; }
	"$A" report g.xml --run "$i" --template "$HTML" -o past.html \
	    2>> log && cmp -s past.html "live-$i.html" && ok ||
		bad "the HTML report of run $i differs"
	i=$((i + 1))
done
"$A" report g.xml --run $((last + 1)) > out 2> err
rc=$?
[ "$rc" -eq 64 ] && grep -q "no run $((last + 1)): the game's latest run is $last" err &&
    [ ! -s out ] && ok || bad "--run $((last + 1)): status $rc, $(cat err)"
"$A" report g.xml --run x > /dev/null 2>&1
[ $? -eq 64 ] && ok || bad "--run x is not refused with 64"
cmp -s g.xml before.xml && ok || bad "report changed the game file"

# Every run of every golden game (tests/games/*) and of the examples
# (examples/four-player; examples/renaissance-six, its orders and final
# file gzipped: 246 runs, about 30 s of CPU), replayed live as
# tests/replay-game.sh does: the public text report of each run, one
# player's private report (the seats in turn: run N, seat N mod the
# players) and, every 10th run, the HTML report, each as it was made
# then, must be what the golden game file gives for that run.  The moderated game changes a
# player, the deadline hours, a deadline, pauses, an absence and rolls
# back: each past run has the players, deadlines and waiting orders of
# its own time (issue 11).  After a rollback a run number comes again;
# the last report of it is the one the history keeps.
. "$top/tests/tools/runs.sh"
adj=$A
gh=$w/gnupg
mkdir -m 700 "$gh"
trap 'gpgconf --homedir "$gh" --kill gpg-agent 2>/dev/null; [ -n "${KEEP:-}" ] || rm -rf "$w"' EXIT
gpg --batch --quiet --import \
    "$top/examples/keys/secret/moderator.sec.asc" 2>/dev/null ||
	bad "cannot import the moderator's example key"
kept() {	# the reports of run $rn as they were made then
	mv "$report" "$live/$rn.txt"
	who=$(echo "$seats" | sed -n "$((rn % np + 1))p")
	echo "$who" > "$live/$rn.who"
	"$A" report "$game" --seed-file "$seed" --for "$who" \
	    -o "$live/$rn-private.txt" 2>> "$w/log" ||
		bad "$name: the private report of run $rn"
	[ $((rn % 10)) -eq 0 ] || return 0
	"$A" report "$game" --seed-file "$seed" \
	    --template "$top/templates/$html" -o "$live/$rn.html" \
	    2>> "$w/log" || bad "$name: the HTML report of run $rn"
}
every_run() {	# every_run DIR GOLDEN: DIR's runs against GOLDEN (.gz too)
	d=$1 name=$(basename "$1")
	# the game file's name as the golden one's: a rollback records its
	# backup's name, which the history digest covers
	src=$w/$name/src
	live=$w/$name/live
	mkdir -p "$live"
	ln -s "$top/examples/keys" "$w/$name/keys"
	orders=$d/orders.txt
	if [ -f "$orders.gz" ]; then
		gzip -dc "$orders.gz" > "$w/$name/orders.txt"
		orders=$w/$name/orders.txt
	fi
	"$top/tests/tools/pack.sh" unpack "$orders" "$src" ||
		{ bad "$name: cannot unpack its orders"; return; }
	case $2 in
	*.gz) gzip -dc "$2" > "$w/$name/golden.xml" ;;
	*) cp "$2" "$w/$name/golden.xml" ;;
	esac
	cp "$d/seed" "$w/$name/seed"
	chmod 600 "$w/$name/seed"
	html=report-html.xsl
	! grep -q -- '--game renaissance' "$d/new.args" ||
		html=renaissance-html.xsl
	eval "set -- $(sed "s|SEED|$w/$name/seed|" "$d/new.args")"
	game=$w/$name/game.xml seed=$w/$name/seed report=$live/r.txt privdir=
	(cd "$src" && "$A" new -o "$game" "$@" \
	    --report "$report" > /dev/null 2>> "$w/log") ||
		{ bad "$name: new"; return; }
	seats=$(sed -n 's/.*<player seat="[0-9]*" country="\([a-z0-9-]*\)".*/\1/p' \
	    "$game")
	np=$(echo "$seats" | wc -l)
	rn=0
	kept	# run 0's
	while read -r kind time files; do
		(cd "$src" && run_line "$kind" "$time" \
		    "$files") < /dev/null > /dev/null 2>> "$w/log" ||
			{ bad "$name: the run '$kind $time' failed"; return; }
		[ "$kind" != moderator ] || continue
		rn=$(last_run "$game")
		kept
	done < "$d/runs"
	for f in "$live"/*.txt; do
		rn=$(basename "$f" .txt)
		case $rn in *[!0-9]*) continue ;; esac
		"$A" report "$w/$name/golden.xml" --run "$rn" \
		    --seed-file "$seed" -o "$w/past.txt" 2>> "$w/log" &&
		    cmp -s "$f" "$w/past.txt" && ok ||
			{ bad "$name: the report of run $rn differs:"
			  diff "$f" "$w/past.txt" | head -10; }
		"$A" report "$w/$name/golden.xml" --run "$rn" \
		    --seed-file "$seed" --for "$(cat "$live/$rn.who")" \
		    -o "$w/past.txt" 2>> "$w/log" &&
		    cmp -s "$live/$rn-private.txt" "$w/past.txt" && ok ||
			{ bad "$name: $(cat "$live/$rn.who")'s report of" \
			      "run $rn differs:"
			  diff "$live/$rn-private.txt" "$w/past.txt" |
			      head -10; }
		[ $((rn % 10)) -eq 0 ] || continue
		"$A" report "$w/$name/golden.xml" --run "$rn" \
		    --seed-file "$seed" --template "$top/templates/$html" \
		    -o "$w/past.html" 2>> "$w/log" &&
		    cmp -s "$live/$rn.html" "$w/past.html" && ok ||
			bad "$name: the HTML report of run $rn differs"
	done
}
# PAST_GAMES=GLOB: only those of tests/games (while developing; an
# example then too only if it matches)
for d in "$top"/tests/games/${PAST_GAMES:-*}/ "$top/examples/four-player/" \
    "$top/examples/renaissance-six/"; do
	d=${d%/}
	case $d in */examples/*) [ -z "${PAST_GAMES:-}" ] ||
	    case ${d##*/} in $PAST_GAMES) ;; *) continue ;; esac ;;
	*/tests/games/*) [ -d "$d" ] || [ -z "${PAST_GAMES:-}" ] ||
	    continue ;;
	esac
	[ -d "$d" ] || { bad "no game $d"; continue; }
	g=$d/expected/game.xml
	[ -f "$g" ] || g=$g.gz
	[ -f "$g" ] || g=$d/final.xml
	[ -f "$g" ] || g=$g.gz
	every_run "$d" "$g"
done

echo "past-reports: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
