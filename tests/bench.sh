#!/bin/sh
# bench.sh - speed and memory figures (it prints, it never fails on time).
#
# For each complete-game scenario in tests/games: the wall time of the
# whole replay (new, every resolve, verify), the mean per resolve, the
# instruction count of one load of the final game (callgrind, repeatable),
# its peak memory (GNU time, if installed), and the game file's size.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
adj=$top/build/adjudicator
w=$(mktemp -d /tmp/aor-bench.XXXXXX)
trap 'rm -rf "$w"' EXIT
have_time=; [ -x /usr/bin/time ] && have_time=yes
have_vg=; command -v valgrind > /dev/null && have_vg=yes
printf '%-18s %5s %9s %10s %13s %9s %9s\n' scenario runs replay-s per-run-ms \
	load-Minstr load-MB file-KB
for d in "$top"/tests/games/*/; do
	name=$(basename "$d")
	runs=$(wc -l < "$d/runs")
	t0=$(date +%s.%N)
	"$top/tests/replay-game.sh" "$d" > /dev/null 2>&1 || name="$name(FAILED)"
	t1=$(date +%s.%N)
	cp "$d/expected/game.xml" "$w/g.xml"
	instr=-
	if [ -n "$have_vg" ]; then
		valgrind --tool=callgrind --callgrind-out-file="$w/cg" \
			"$adj" status "$w/g.xml" > /dev/null 2>&1
		instr=$(awk '/^summary:/ {printf "%.0f", $2 / 1e6}' "$w/cg")
	fi
	mem=-
	if [ -n "$have_time" ]; then
		mem=$(/usr/bin/time -f %M "$adj" status "$w/g.xml" 2>&1 > /dev/null |
			tail -1)
		mem=$(awk -v k="$mem" 'BEGIN {printf "%.1f", k / 1024}')
	fi
	kb=$(( $(wc -c < "$w/g.xml") / 1024 ))
	awk -v n="$name" -v r="$runs" -v a="$t0" -v b="$t1" -v i="$instr" \
	    -v m="$mem" -v k="$kb" 'BEGIN {
		printf "%-18s %5d %9.1f %10.1f %13s %9s %9d\n", n, r, b - a,
		    (b - a) * 1000 / (r + 2), i, m, k }'
done
