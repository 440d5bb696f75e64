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
		[ ! -f "$out/game.xml.cache" ] ||
			cp "$out/game.xml.cache" "$out/$n/cache"
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
	if diff -r "$w/$sc-c" "$w/$sc-n" -x trace -x src -x seed -x cache \
	    -x 'game.xml.*' -x 'game.xml~' > "$w/diff" 2>&1 &&
	    [ -f "$w/$sc-c/$n/game.xml" ]; then
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

# 2. A cache that is not the one of the game file's bytes is not used,
# changes nothing, and is written anew: one cut short, one damaged, one
# of another game, one of the run before, one of another version or
# layout, and one beside a game file edited by hand.
d=$w/d
play "$top/tests/games/three-attacks" "$d" 0 30
next=$(sed -n 31p "$top/tests/games/three-attacks/runs")
# step DIR NOCACHE: the 31st run in DIR; its trace in DIR/trace31
step() {
	set -- "$1" "$2" $next
	sd=$1 nc=$2 kind=$3 time=$4
	shift 4
	[ "$kind" = resolve ] || set -- --deadline-passed
	(cd "$d/src" && AOR_NO_CACHE=$nc AOR_CACHE_TRACE=1 "$adj" resolve \
	    "$sd/game.xml" "$@" --seed-file "$d/seed" --now "$time" \
	    --report "$sd/r.txt") > /dev/null 2> "$sd/trace31"
}
# fresh NAME: a copy of the game after run 30, with its cache
fresh() {
	rm -rf "$w/$1"
	mkdir "$w/$1"
	cp -p "$d/game.xml" "$d/game.xml.cache" "$w/$1/"
}
# same_run DIR REF USE: the last run in $w/DIR gave the game file and
# report of the one in $w/REF, and its trace says "cache: USE"
same_run() {
	grep -q "cache: $3" "$w/$1/trace31" &&
	    cmp -s "$w/$1/game.xml" "$w/$2/game.xml" &&
	    cmp -s "$w/$1/r.txt" "$w/$2/r.txt"
}
fresh ref
step "$w/ref" 1
fresh good
step "$w/good" 0
if same_run good ref used; then
	ok
else
	bad "run 31 with the cache differs from run 31 without it"
fi
# status and check read the cache too, and say the same without it
for m in 0 1; do
	AOR_NO_CACHE=$m AOR_CACHE_TRACE=1 "$adj" status "$w/good/game.xml" \
	    > "$w/good/status$m" 2> "$w/good/trace-status$m"
	echo "exit $?" >> "$w/good/status$m"
	(cd "$d/src" && AOR_NO_CACHE=$m AOR_CACHE_TRACE=1 "$adj" check \
	    "$w/good/game.xml" orders/"$(ls orders | sed -n 40p)" \
	    --now 2030-01-01T00:00:00Z) \
	    > "$w/good/check$m" 2> "$w/good/trace-check$m"
	echo "exit $?" >> "$w/good/check$m"
done
if cmp -s "$w/good/status0" "$w/good/status1" &&
    cmp -s "$w/good/check0" "$w/good/check1" &&
    grep -q 'cache: used' "$w/good/trace-status0" &&
    grep -q 'cache: used' "$w/good/trace-check0"; then
	ok
else
	bad "status or check: not the same with and without the cache," \
	    "or the cache not used"
	diff "$w/good/status0" "$w/good/status1"
	diff "$w/good/check0" "$w/good/check1"
fi
# issue 20.8: 'report --run N' of the game's latest run is the game as it
# is: it reads the cache too and says the same without it; an earlier
# run reads the whole file
last=$(grep -o ' run="[0-9]*"' "$w/good/game.xml" | head -n 1 | tr -dc 0-9)
for m in 0 1; do
	AOR_NO_CACHE=$m AOR_CACHE_TRACE=1 "$adj" report "$w/good/game.xml" \
	    --run "$last" > "$w/good/report$m" 2> "$w/good/trace-report$m"
	echo "exit $?" >> "$w/good/report$m"
done
AOR_CACHE_TRACE=1 "$adj" report "$w/good/game.xml" --run $((last - 1)) \
    > "$w/good/report-past" 2> "$w/good/trace-past"
if [ "$last" -gt 1 ] && cmp -s "$w/good/report0" "$w/good/report1" &&
    grep -q 'cache: used' "$w/good/trace-report0" &&
    ! grep -q 'cache' "$w/good/trace-past" &&
    [ -s "$w/good/report-past" ] &&
    ! cmp -s "$w/good/report0" "$w/good/report-past"; then
	ok
else
	bad "report --run $last: not the same with and without the cache," \
	    "or the cache not used; or run $((last - 1)) read the cache"
	diff "$w/good/report0" "$w/good/report1"
fi
# sha FILE: the SHA-256 the cache beside FILE must name
sha() { sha256sum "$1" | cut -d' ' -f1; }
check_ignored() {	# NAME WHAT
	if same_run "$1" ref "not used"; then
		ok
	else
		bad "$2: not ignored, or the run differs:"
		cat "$w/$1/trace31"
	fi
	if head -n 1 "$w/$1/game.xml.cache" | grep -q " $(sha \
	    "$w/$1/game.xml") "; then
		ok
	else
		bad "$2: the cache was not written anew"
	fi
}
fresh cut
head -c 3000 "$d/game.xml.cache" > "$w/cut/game.xml.cache"
step "$w/cut" 0
check_ignored cut "a cache cut short"
fresh damaged
size=$(wc -c < "$d/game.xml.cache")
printf 'X' | dd of="$w/damaged/game.xml.cache" bs=1 seek=$((size / 2)) \
    conv=notrunc 2> /dev/null
cmp -s "$w/damaged/game.xml.cache" "$d/game.xml.cache" &&
	bad "the damaged cache is not damaged"
step "$w/damaged" 0
check_ignored damaged "a damaged cache"
fresh foreign
cp "$w/four-seventh-auction-c/game.xml.cache" "$w/foreign/"
step "$w/foreign" 0
check_ignored foreign "another game's cache"
fresh stale
cp "$d/29/cache" "$w/stale/game.xml.cache"
step "$w/stale" 0
check_ignored stale "the cache of the run before"
for v in version format; do
	fresh "$v"
	{ head -n 1 "$d/game.xml.cache" | if [ $v = version ]; then
		sed 's/^\(aor-game-cache [0-9]*\) [^/]*/\1 0.0-other/'
	else
		sed 's/^aor-game-cache [0-9]*/aor-game-cache 1/'
	fi; tail -n +2 "$d/game.xml.cache"; } > "$w/$v/game.xml.cache"
	cmp -s "$w/$v/game.xml.cache" "$d/game.xml.cache" &&
		bad "the cache of another $v is the same"
	step "$w/$v" 0
	check_ignored "$v" "a cache of another $v"
done
# a hand edit the loader accepts: the run is the one of the edited file
fresh edited
printf '\n' >> "$w/edited/game.xml"
fresh edited-ref
printf '\n' >> "$w/edited-ref/game.xml"
rm "$w/edited-ref/game.xml.cache"
step "$w/edited-ref" 1
step "$w/edited" 0
if same_run edited edited-ref "not used"; then
	ok
else
	bad "a game file edited by hand: its cache was used, or the run" \
	    "differs"
fi

# 3. verify never reads the cache, and says the same whatever it holds.
fresh v
AOR_CACHE_TRACE=1 "$adj" verify "$w/v/game.xml" --seed-file "$d/seed" \
    > "$w/v/out1" 2>&1
echo "exit $?" >> "$w/v/out1"
head -c 3000 "$d/game.xml.cache" > "$w/v/game.xml.cache"
AOR_CACHE_TRACE=1 "$adj" verify "$w/v/game.xml" --seed-file "$d/seed" \
    > "$w/v/out2" 2>&1
echo "exit $?" >> "$w/v/out2"
cp "$w/four-seventh-auction-c/game.xml.cache" "$w/v/"
AOR_NO_CACHE=1 "$adj" verify "$w/v/game.xml" --seed-file "$d/seed" \
    > "$w/v/out3" 2>&1
echo "exit $?" >> "$w/v/out3"
if grep -q 'exit 0' "$w/v/out1" && ! grep -q 'cache:' "$w/v/out1" &&
    cmp -s "$w/v/out1" "$w/v/out2" && cmp -s "$w/v/out1" "$w/v/out3"; then
	ok
else
	bad "verify depends on the cache:"
	cat "$w/v/out1" "$w/v/out2" "$w/v/out3"
fi

# 4. A rollback: the runs after it are the same with and without the
# cache (the rollback replays in full; its save writes a new cache).
t30=$(sed -n 30p "$top/tests/games/three-attacks/runs" | cut -d' ' -f2)
for m in 0 1; do
	fresh "rb$m"
	AOR_NO_CACHE=$m "$adj" rollback "$w/rb$m/game.xml" --to-run 27 \
	    --now "$t30" > /dev/null 2>&1
	step "$w/rb$m" "$m"
done
if same_run rb0 rb1 used; then
	ok
else
	bad "a rollback: the next run differs with and without the cache"
fi

echo "cache: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
