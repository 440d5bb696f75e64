#!/bin/sh
# past-reports.sh - 'adjudicator report GAME --run N' gives, from the final
# game file alone, the very report that run N gave (issue 11):
# public and private, text and HTML, in a game with deadlines (set at each
# run, R37 defaults), orders sent ahead that wait for their step (R36), a
# waiting order replaced (R38), a rejected order and a moderator's
# adjustment.  Also: a run that does not exist is refused (status 64) and
# the file is unchanged.
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
# France's bid for the next step comes early and waits (R36)...
order France T1.A1.2 'BID 1 A Spain B Austria' a2.txt
run 2026-11-25T13:00:00Z a2.txt
grep -q 'wait for their step' live-1.txt && ok ||
	bad "run 1 has no waiting order (the test lost its point)"
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
# Deadlines pass: each run is 50 hours after the last (R37 defaults).
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

echo "past-reports: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
