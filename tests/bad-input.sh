#!/bin/sh
# bad-input.sh - bad input gets a clear message naming the file, line and
# problem, a documented exit status, and leaves the game file unchanged.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
adj=${ADJUDICATOR:-$top/build/adjudicator}
w=$(mktemp -d /tmp/aor-bad.XXXXXX)
trap 'rm -rf "$w"' EXIT
pass=0
fail=0

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# expect NAME STATUS PATTERN command...: the command must exit with
# STATUS, print PATTERN (a fixed string) on stderr, and leave game.xml
# byte-identical.
expect() {
	name=$1 status=$2 pattern=$3
	shift 3
	cp "$w/game.xml" "$w/before.xml"
	"$@" > "$w/out" 2> "$w/err"
	rc=$?
	if [ "$rc" -ne "$status" ]; then
		bad "$name: exit $rc, expected $status"; cat "$w/err"
	elif ! grep -qF -- "$pattern" "$w/err"; then
		bad "$name: stderr lacks '$pattern':"; cat "$w/err"
	elif ! cmp -s "$w/game.xml" "$w/before.xml"; then
		bad "$name: the game file changed"
	else
		ok
	fi
}

order() {	# order FILE COUNTRY STEP LINE...
	f=$w/$1 c=$2 s=$3
	shift 3
	{ printf 'GAME bad\nCOUNTRY %s\nSTEP %s\n' "$c" "$s"
	  for l in "$@"; do printf '%s\n' "$l"; done; } > "$f"
}

pending() {	# the step and the country pending first
	"$adj" status "$w/game.xml" | sed -n 's/^pending: STEP \([^ ]*\) from \([^:]*\):.*/\1 \2/p' | head -1
}

resolve() { "$adj" resolve "$w/game.xml" "$@" --now 2026-12-01T10:00:00Z \
	--report /dev/null; }

printf '%064d\n' 42 > "$w/seed"
chmod 600 "$w/seed"
"$adj" new -o "$w/game.xml" --id bad --seed-file "$w/seed" \
	--now 2026-12-01T00:00:00Z --report /dev/null \
	--player prussia:P:p@x --player austria:A:a@x \
	--player france:F:f@x --player spain:S:s@x || { echo "new failed"; exit 1; }
cp "$w/seed" "$w/game.xml.seed"

# Files that are not game files.
cp "$w/game.xml" "$w/good.xml"
printf '<game id="x">\n<players>\n</game>\n' > "$w/game.xml"
expect malformed-xml 65 "game.xml:3: error:" "$adj" status "$w/game.xml"
sed 's|<variants/>|<variants/><colour/>|' "$w/good.xml" > "$w/game.xml"
expect schema-invalid 65 "does not match the schema formats/game.rng" \
	"$adj" status "$w/game.xml"
sed 's|<state turn="1"|<state turn="2"|' "$w/good.xml" > "$w/game.xml"
expect state-edited 65 "does not match what the history produces" \
	"$adj" status "$w/game.xml"
sed 's|value="\([0-9]*\)" purpose="start player"|value="9\1" purpose="start player"|' \
	"$w/good.xml" > "$w/game.xml"
expect draw-edited 65 "history entry 0 (setup)" "$adj" status "$w/game.xml"
# Values the schema checks with patterns: the loader checks them itself
# (issue 12), verify with the whole schema.
sed '0,/ time="2026-12-01T00:00:00Z"/s// time="2026-12-01T00:00:00"/' \
	"$w/good.xml" > "$w/game.xml"
expect bad-time 65 "attribute 'time' of <entry>: '2026-12-01T00:00:00' is not a time" \
	"$adj" status "$w/game.xml"
expect bad-time-verify 65 "does not match the schema formats/game.rng" \
	"$adj" verify "$w/game.xml" --seed-file "$w/seed"
sed 's| digest="\([0-9a-f]*\)"| digest="\1a"|' "$w/good.xml" > "$w/game.xml"
expect bad-digest 65 "is not a digest" "$adj" status "$w/game.xml"
sed 's|<decision step="T1.A1.1"|<decision step="T1.A1"|' "$w/good.xml" \
	> "$w/game.xml"
expect bad-step 65 "attribute 'step' of <decision>: 'T1.A1' is not a step" \
	"$adj" status "$w/game.xml"
sed 's|<game id="bad"|<game id="-bad"|' "$w/good.xml" > "$w/game.xml"
expect bad-id 65 "'-bad' is not a game id" "$adj" status "$w/game.xml"
cp "$w/good.xml" "$w/game.xml"

# A ruleset with a broken reference.
sed 's|<border a="baltic" b="german-states"|<border a="baltic" b="german-state"|' \
	"$top/formats/age-of-reason.xml" > "$w/broken.xml"
expect broken-ruleset 65 "unknown area 'german-state' in attribute b" \
	"$adj" new -o "$w/other.xml" --ruleset "$w/broken.xml" \
	--player prussia:P:p@x --player spain:S:s@x --seed-file "$w/seed"
[ ! -e "$w/other.xml" ] && ok || bad "broken ruleset wrote a game"

# Order files.
set -- $(pending)
step=$1 who=$2
order unknown.txt "$who" "$step" "BIDD 3 A Russia B Netherlands"
expect unknown-keyword 65 "unknown.txt:4: error: unknown order 'BIDD' (did you mean 'BID'?)" \
	resolve "$w/unknown.txt"
order wrong-game.txt "$who" "$step" "BID 0 A Russia B Netherlands"
sed -i 's/GAME bad/GAME other-game/' "$w/wrong-game.txt"
expect wrong-game 65 "wrong-game.txt:1: error: orders for game 'other-game', not for this game 'bad'" \
	resolve "$w/wrong-game.txt"
order npc.txt russia "$step" "BID 0 A Spain B Netherlands"
expect wrong-country 65 "npc.txt:2: error: Russia is not led by a player in this game" \
	resolve "$w/npc.txt"
order unknown-country.txt Rusia "$step" "BID 0 A Spain B Netherlands"
expect unknown-country 65 "unknown country 'Rusia' (did you mean 'Russia'?)" \
	resolve "$w/unknown-country.txt"
order not-yours.txt "$who" T1.A1.2 "PASS"
expect not-yours 65 "not-yours.txt:3: error: step T1.A1.2: bid 2 of auction 1 is" \
	resolve "$w/not-yours.txt"
order too-much.txt "$who" "$step" "BID 51 A Russia B Netherlands"
expect bid-above-purse 65 "too-much.txt:3: error: step $step: bid 51 is more than $who can pay: 14 gold plus 36 by borrowing (R10, R5)" \
	resolve "$w/too-much.txt"
order area.txt "$who" "$step" "BID 0 A Russia B Netherlnds"
expect name-suggestion 65 "area.txt:4: error: unknown country 'Netherlnds' (did you mean 'Netherlands'?)" \
	resolve "$w/area.txt"
order good.txt "$who" "$step" "BID 0 A Russia B Netherlands"
resolve "$w/good.txt" || bad "a good bid was refused"
expect stale 65 "good.txt:3: warning: step $step was resolved already (R38): this block is skipped" \
	resolve "$w/good.txt"
expect check-stale 65 "resolved already (R38)" \
	"$adj" check "$w/game.xml" "$w/good.txt"
expect no-files-in-place 66 "cannot read" resolve "$w/missing.txt"

# On to the segments by deadline defaults.
n=0
while "$adj" status "$w/game.xml" | grep -q "alliance auction"; do
	resolve --deadline-passed > /dev/null || { bad "defaults failed"; break; }
	n=$((n + 1)); [ $n -lt 60 ] || { bad "auctions never end"; break; }
done
set -- $(pending)
step=$1 first=$2
order bank.txt "$first" "$step" "PLACE Banking"
resolve "$w/bank.txt" || bad "a good placement was refused"
set -- $(pending)
second=$2
order occupied.txt "$second" "$step" "PLACE Banking"
expect occupied 65 "occupied.txt:3: error: step $step: box 'Banking' is occupied (its other box exists only with 5 or more players, R15)" \
	resolve "$w/occupied.txt"
order army.txt "$second" "$step" "PLACE Army Training"
resolve "$w/army.txt" || bad "army training refused"
set -- $(pending)
third=$2
order army2.txt "$third" "$step" "PLACE Army Training"
expect five-plus-box 65 "exists only with 5 or more players, R15" \
	resolve "$w/army2.txt"
order ally-attack.txt "$third" "$step" "ATTACK Russia IN Baltic WITH ally"
expect ally-card-attacks 65 "ally-attack.txt:3: error: step $step: the ally card cannot be played to attack (rules 4.3.2, R23)" \
	resolve "$w/ally-attack.txt"
order no-card.txt "$third" "$step" "ATTACK Russia IN Baltic WITH 9/9/9"
expect card-not-held 65 "no-card.txt:4: error: $third has no card '9/9/9'" \
	resolve "$w/no-card.txt"
"$adj" adjust "$w/game.xml" "$third unrest 22" --now 2026-12-01T10:00:00Z
"$adj" adjust "$w/game.xml" "$third gold 0" --now 2026-12-01T10:00:00Z
order denmark.txt "$third" "$step" "PLACE Denmark"
expect unaffordable 65 "box 'Denmark' costs 1 gold, more than $third can pay with gold and borrowing (R5)" \
	resolve "$w/denmark.txt"
id=$(echo "$third" | tr 'A-Z ' 'a-z-')
supply=$(sed -n "s/.*<country id=\"$id\" player=\"yes\" supply=\"\([0-9]*\)\".*/\1/p" "$w/game.xml")
india=$(sed -n "/<area id=\"india\"/,/<\/area>/s/.*<discs country=\"$id\" count=\"\([0-9]*\)\".*/\1/p" "$w/game.xml")
"$adj" adjust "$w/game.xml" "$third discs india $((supply + ${india:-0}))" \
	--now 2026-12-01T10:00:00Z || bad "adjust discs failed"
order nodisc.txt "$third" "$step" "PLACE Saxony"
expect no-disc 65 "has no disc left in supply (R3)" resolve "$w/nodisc.txt"
expect bad-adjust 64 "bad adjustment '$third colour 3' (write COUNTRY gold|vp|unrest N" \
	"$adj" adjust "$w/game.xml" "$third colour 3"

# Report templates: a broken one is named with its line, and no report
# file is written.
printf '<xsl:stylesheet version="1.0"\n  xmlns:xsl="http://www.w3.org/1999/XSL/Transform">\n<xsl:template match="/">\n</xsl:stylesheet>\n' \
	> "$w/broken.xsl"
expect template-not-xml 65 "broken.xsl:4: error:" \
	"$adj" report "$w/game.xml" --template "$w/broken.xsl" -o "$w/out.txt"
[ ! -e "$w/out.txt" ] && ok || bad "a broken template wrote a report"
printf '<xsl:stylesheet version="1.0"\n  xmlns:xsl="http://www.w3.org/1999/XSL/Transform">\n<xsl:template match="/">\n<xsl:valueof select="1"/>\n</xsl:template>\n</xsl:stylesheet>\n' \
	> "$w/bad-xslt.xsl"
expect template-bad-xslt 65 "bad-xslt.xsl" \
	"$adj" report "$w/game.xml" --template "$w/bad-xslt.xsl" -o "$w/out.txt"
grep -q "bad-xslt.xsl:4: error:" "$w/err" && ok || { bad "the XSLT error names no line"; cat "$w/err"; }
[ ! -e "$w/out.txt" ] && ok || bad "a bad template wrote a report"

# A report named /dev/null stays a device (atomic writes go only over
# regular files), and the game file is the moderator's: mode 600.
[ -c /dev/null ] && ok || bad "/dev/null is no longer a device"
[ "$(stat -c %a "$w/game.xml")" = 600 ] && ok || bad "the game file is not mode 600"
"$adj" adjust "$w/game.xml" "$third gold 0" --now 2026-12-01T10:00:00Z
# A multi-word country in an adjustment.
"$adj" adjust "$w/game.xml" "Great Britain discs Baltic 1" \
	--now 2026-12-01T10:00:00Z > /dev/null 2>&1 && ok ||
	bad "adjust with a multi-word country failed"
# A ruleset whose marker counts do not add up.
sed 's|markers="9"|markers="8"|' "$top/formats/age-of-reason.xml" > "$w/count.xml"
expect ruleset-marker-count 65 "area 'german-states' says 8 markers but the ruleset lists 9" \
	"$adj" new -o "$w/other2.xml" --ruleset "$w/count.xml" \
	--player prussia:P:p@x --player spain:S:s@x
[ ! -e "$w/other2.xml.seed" ] && ok || bad "a failed new left its seed file"

# Locking: a second run on a locked game fails at once with status 75.
flock "$w/game.xml.lock" sleep 3 &
sleep 0.3
expect locked 75 "the game is locked by another run" \
	resolve "$w/denmark.txt"
wait

echo "bad-input: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
