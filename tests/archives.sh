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
n=0
for gz in "$top"/tests/archives/*.xml.gz; do
	name=$(basename "$gz" .xml.gz)
	n=$((n + 1))
	gzip -dc "$gz" > "$w/$name.xml"
	cp "$top/tests/archives/$name.seed" "$w/$name.seed"
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
if mk r2 && grep -q '<game [^>]*rules="2"' "$w/r2.xml"; then
	ok
else
	bad "new does not record rules=\"2\""
fi
if mk r1 --rules 1 && ! grep -q '<game [^>]*rules=' "$w/r1.xml"; then
	ok
else
	bad "new --rules 1 writes a rules attribute"
fi
if mk r3 --rules 3 > "$w/out" 2>&1; then
	bad "new --rules 3 accepted"
else
	grep -qF "this adjudicator knows readings 1 to 2" "$w/out" && ok ||
	    { bad "new --rules 3: unclear message"; cat "$w/out"; }
fi
sed 's/\(<game [^>]*\) rules="2"/\1 rules="9"/' "$w/r2.xml" > "$w/r9.xml"
if "$adj" status "$w/r9.xml" > "$w/out" 2>&1; then
	bad "a game of rules reading 9 loads"
else
	grep -qF "r9.xml:2: error: game played under rules reading 9; this" \
	    "$w/out" && ok || { bad "reading 9: unclear message"
		cat "$w/out"; }
fi

echo "archives: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
