#!/bin/sh
# archives.sh - archives replay forever: every game file kept in
# tests/archives/ (made by earlier versions: the golden scenarios and the
# example game as version 0.2 wrote them) must load and 'verify' with its
# seed under its own reading of the rules; new games record the current
# reading; a game made under an older reading keeps it while it goes on
# (issue 13; R9, R10, R37).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
adj=${ADJUDICATOR:-$top/build/adjudicator}
w=$(mktemp -d /tmp/aor-arch.XXXXXX)
trap 'rm -rf "$w"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# 1. Every archive loads, is reading 1 (no "rules" attribute), and
# verifies with its seed.
# The seeds are packed in seeds.txt, "==> NAME.seed <==" before each
# (tests/tools/pack.sh: 65-byte files take a 4 KB block each).
n=0
"$top/tests/tools/pack.sh" unpack "$top/tests/archives/seeds.txt" \
    "$w/seeds" && ok || bad "cannot unpack tests/archives/seeds.txt"
for gz in "$top"/tests/archives/*.xml.gz; do
	name=$(basename "$gz" .xml.gz)
	n=$((n + 1))
	gzip -dc "$gz" > "$w/$name.xml"
	cp "$w/seeds/$name.seed" "$w/$name.seed" ||
		bad "$name: no $name.seed in tests/archives/seeds.txt"
	chmod 600 "$w/$name.xml" "$w/$name.seed"
	if "$adj" status "$w/$name.xml" > "$w/out" 2>&1 &&
	    grep -q "^rules: reading 1 " "$w/out"; then
		ok
	else
		bad "$name: status fails or does not say reading 1:"
		cat "$w/out"
	fi
	if grep -q '<game [^>]*rules=' "$w/$name.xml"; then
		bad "$name: an archive of version 0.2 has a rules attribute"
	else
		ok
	fi
	if "$adj" verify "$w/$name.xml" --seed-file "$w/$name.seed" \
	    > "$w/out" 2>&1; then
		ok
	else
		bad "$name: verify fails:"; cat "$w/out"
	fi
done
[ "$n" -ge 7 ] && ok || bad "only $n archives in tests/archives"

# 2. new writes the current reading; --rules 1 writes none (as 0.2 did).
seed=$w/seed
printf '%064d\n' 7 > "$seed"
chmod 600 "$seed"
mk() {	# mk NAME ARGS...: a three-player game
	name=$1
	shift
	"$adj" new -o "$w/$name.xml" --seed-file "$seed" --id "$name" \
	    --now 2026-12-01T00:00:00Z --player 'prussia:P1:p1@example.org' \
	    --player 'spain:P2:p2@example.org' \
	    --player 'france:P3:p3@example.org' --report /dev/null "$@"
}
if mk r4now && grep -q '<game [^>]*rules="4"' "$w/r4now.xml"; then
	ok
else
	bad "new does not record rules=\"4\""
fi
mk r3 --rules 3 && grep -q '<game [^>]*rules="3"' "$w/r3.xml" && ok ||
	bad "new --rules 3 does not record rules=\"3\""
mk r2 --rules 2 && grep -q '<game [^>]*rules="2"' "$w/r2.xml" && ok ||
	bad "new --rules 2 does not record rules=\"2\""
if mk r1 --rules 1 && ! grep -q '<game [^>]*rules=' "$w/r1.xml"; then
	ok
else
	bad "new --rules 1 writes a rules attribute"
fi
if mk r5 --rules 5 > "$w/out" 2>&1; then
	bad "new --rules 5 accepted"
else
	grep -qF "this adjudicator knows readings 1 to 4" "$w/out" && ok ||
	    { bad "new --rules 5: unclear message"; cat "$w/out"; }
fi
sed 's/\(<game [^>]*\) rules="2"/\1 rules="9"/' "$w/r2.xml" > "$w/r9.xml"
if "$adj" status "$w/r9.xml" > "$w/out" 2>&1; then
	bad "a game of rules reading 9 loads"
else
	grep -qF "r9.xml:2: error: game played under rules reading 9; this" \
	    "$w/out" && ok || { bad "reading 9: unclear message"
		cat "$w/out"; }
fi

# 3. Each game keeps its reading while it goes on: every deadline passes.
# R37: with reading 2 the adjudicator opens at 0 as soon as the last
# player (France) has missed the opening; reading 1 asked the first
# opener again.  R9: reading 2 auctions the seventh country.
deadlines() {	# deadlines NAME COUNT
	i=0
	while [ "$i" -lt "$2" ]; do
		i=$((i + 1))
		"$adj" resolve "$w/$1.xml" --deadline-passed \
		    --seed-file "$seed" --now "2026-12-02T00:$(printf %02d "$i"):00Z" \
		    --report "$w/$1.rep" || return 1
		cat "$w/$1.rep" >> "$w/$1.all"
	done
}
opener() {	# opener NAME: who opens turn 1's first auction
	"$adj" status "$w/$1.xml" |
	    sed -n 's/^pending: STEP T1.A1.1 from \([A-Za-z]*\):.*/\1/p'
}
first1=$(opener r1)
first2=$(opener r2)
deadlines r1 3 && deadlines r2 3 || bad "resolve --deadline-passed failed"
"$adj" status "$w/r1.xml" > "$w/s1"
"$adj" status "$w/r2.xml" > "$w/s2"
grep -q "^pending: STEP T1.A1.4 from $first1: open auction 1 " "$w/s1" &&
    ok || { bad "reading 1: the opener is not asked again"; cat "$w/s1"; }
grep -q "^pending: STEP T1.A1.4 from $first2: raise .*'s bid of 0 " \
    "$w/s2" && ok || { bad "reading 2: no bid at 0 after 3 misses (R37)"
	cat "$w/s2"; }
grep -q "every player missed the opening: the adjudicator opens at 0" \
    "$w/r2.all" && ok || bad "reading 2: the report does not name R37"
grep -q '<game [^>]*rules="2"' "$w/r2.xml" && ! grep -q '<game [^>]*rules=' \
    "$w/r1.xml" && ok || bad "a resolve changed a game's reading"
# On to the segments: reading 1 places the seventh country unbid,
# reading 2 holds a fourth auction for it.
deadlines r1 40 && deadlines r2 40 || bad "resolve --deadline-passed failed"
grep -q "alone as the last country (R9)" "$w/r1.all" && ok ||
    bad "reading 1: the seventh country was not placed unbid"
grep -q "Auction 4 of turn 1, for the seventh country" "$w/r2.all" &&
    ok || bad "reading 2: no fourth auction (R9)"
grep -q "Auction 4 of turn 1" "$w/r1.all" &&
    bad "reading 1: a fourth auction" || ok
for g in r1 r2; do
	"$adj" verify "$w/$g.xml" --seed-file "$seed" > "$w/out" 2>&1 && ok ||
	    { bad "$g: verify fails"; cat "$w/out"; }
done

# 4. A game made under the current reading of an earlier release goes on
# as it was played: released/ren-reading3.xml.gz, an Age of Renaissance
# game the release of 2026-11-26 made (reading 3 current), in whose run 7
# Genoa's PLAY line was not carried out and its reason was told to all;
# reading 4 tells it to him alone (RR39).
gzip -dc "$top/tests/archives/released/ren-reading3.xml.gz" > "$w/rr3.xml"
cp "$w/seeds/ren-reading3.seed" "$w/rr3.seed" ||
	bad "no ren-reading3.seed in tests/archives/seeds.txt"
chmod 600 "$w/rr3.xml" "$w/rr3.seed"
"$adj" verify "$w/rr3.xml" --seed-file "$w/rr3.seed" > "$w/out" 2>&1 &&
    ok || { bad "ren-reading3: verify fails"; cat "$w/out"; }
grep -q "Genoa's line 1 is not carried out: Paris is not a market of area VI (RR18)." \
    "$w/rr3.xml" && ok || bad "ren-reading3: the public reason is not in the file"
"$adj" resolve "$w/rr3.xml" --deadline-passed --seed-file "$w/rr3.seed" \
    --now 2027-01-01T00:56:00Z --report /dev/null > "$w/out" 2>&1 &&
    grep -q '<game [^>]*rules="3"' "$w/rr3.xml" &&
    "$adj" verify "$w/rr3.xml" --seed-file "$w/rr3.seed" > "$w/out" 2>&1 &&
    ok || { bad "ren-reading3: a run more does not keep reading 3 or verify"
	cat "$w/out"; }

echo "archives: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
