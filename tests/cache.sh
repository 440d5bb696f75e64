#!/bin/sh
# cache.sh - GAME.xml.cache and the splice save (issue 12) change nothing
# but the cost: scenarios replayed with the cache and without it
# (AOR_NO_CACHE=1) give byte-identical game files, reports and private
# reports at every run; a cache that is stale, corrupt, foreign,
# truncated or of another version is ignored and written anew; verify
# says the same with any cache; the cache is mode 600.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
adj=${ADJUDICATOR:-$top/build/adjudicator}
w=$(mktemp -d /tmp/aor-cache.XXXXXX)
trap 'rm -rf "$w"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# play SCENARIO OUT NOCACHE [RUNS]: replays the scenario (its first RUNS
# runs), with AOR_NO_CACHE=NOCACHE, keeping every run's game file, report
# and private reports in OUT/N/; the AOR_CACHE_TRACE lines go to
# OUT/trace.
play() {
	p_sc=$1 out=$2 nc=$3 max=${4:-0}
	# (a pack that does not unpack fails every run below)
	"$top/tests/tools/pack.sh" unpack "$p_sc/orders.txt" "$out/src"
	cp "$p_sc/seed" "$out/seed"
	chmod 600 "$out/seed"
	eval "set -- $(sed "s|SEED|$out/seed|" "$p_sc/new.args")"
	AOR_NO_CACHE=$nc "$adj" new -o "$out/game.xml" "$@" > /dev/null
	n=0
	: > "$out/trace"
	while read -r kind time files; do
		n=$((n + 1))
		if [ "$kind" = resolve ]; then
			set -- $files
		else
			set -- --deadline-passed
		fi
		(cd "$out/src" && AOR_NO_CACHE=$nc AOR_CACHE_TRACE=1 \
		    "$adj" resolve "$out/game.xml" "$@" --seed-file \
		    "$out/seed" --now "$time" --report "$out/r.txt" \
		    --private-dir "$out/p") > /dev/null 2>> "$out/trace" ||
			echo "run $n failed" >> "$out/trace"
		mkdir "$out/$n"
		cp -r "$out/game.xml" "$out/r.txt" "$out/p" "$out/$n/"
		[ "$max" -eq 0 ] || [ "$n" -lt "$max" ] || break
	done < "$p_sc/runs"
	echo "$n" > "$out/runs"
}

# 1. Two scenarios (one with more than 200 runs), with and without the
# cache: every run's files are the same bytes, and the cached replay did
# use the cache.
for sc in three-attacks four-seventh-auction; do
	play "$top/tests/games/$sc" "$w/$sc-c" 0
	play "$top/tests/games/$sc" "$w/$sc-n" 1
	n=$(cat "$w/$sc-c/runs")
	if [ "$n" -gt 10 ] && [ "$n" = "$(cat "$w/$sc-n/runs")" ] &&
	    ! grep -q failed "$w/$sc-c/trace" "$w/$sc-n/trace"; then
		ok
	else
		bad "$sc: the replays did not run through"
	fi
	if diff -r "$w/$sc-c" "$w/$sc-n" -x trace -x src -x seed \
	    -x 'game.xml*' > "$w/diff" 2>&1; then
		ok
	else
		bad "$sc: files differ with and without the cache:"
		head -20 "$w/diff"
	fi
	used=$(grep -c 'cache: used' "$w/$sc-c/trace")
	if [ "$used" -eq "$n" ] && ! grep -q 'cache: used' "$w/$sc-n/trace"
	then
		ok
	else
		bad "$sc: the cache was used in $used of $n runs" \
		    "(and $(grep -c 'cache: used' "$w/$sc-n/trace") without it)"
	fi
	if [ -f "$w/$sc-n/game.xml.cache" ]; then
		bad "$sc: AOR_NO_CACHE=1 wrote a cache"
	else
		ok
	fi
done
c=$w/three-attacks-c
if [ "$(stat -c %a "$c/game.xml.cache")" = 600 ]; then
	ok
else
	bad "the cache is mode $(stat -c %a "$c/game.xml.cache"), not 600"
fi

echo "cache: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
