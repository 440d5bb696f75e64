#!/bin/sh
# renaissance-data.sh - the Age of Renaissance data file (issue 20):
# formats/renaissance.xml validates against formats/renaissance-ruleset.rng,
# and the facts check.py checks hold for it.  The XML is turned back into
# board.json's shape (formats/tools/renaissance-board.py json) and
# tests/tools/renaissance-check.py, an unchanged copy of the check.py that
# came with board.json, runs on it: its checks count here.  Then the
# pipeline must refuse what it should: a file the schema refuses, a fact
# broken, and a (P) value corrected in the XML still passes.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
xml=$top/formats/renaissance.xml
rng=$top/formats/renaissance-ruleset.rng
tool=$top/formats/tools/renaissance-board.py
check=$top/tests/tools/renaissance-check.py
w=$(mktemp -d /tmp/aor-rd.XXXXXX)
trap 'rm -rf "$w"' EXIT
pass=0
fail=0

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# facts FILE: check.py on FILE's data; adds its counts, 0 when all pass
facts() {
	python3 "$tool" json "$1" > "$w/board.json" 2> "$w/err" || {
		bad "renaissance-board.py json $1: $(cat "$w/err")"
		return 1
	}
	python3 "$check" "$w/board.json" > "$w/check.out" 2>&1
	rc=$?
	line=$(tail -1 "$w/check.out")
	p=$(echo "$line" | sed -n 's/^\([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed$/\1/p')
	f=$(echo "$line" | sed -n 's/^\([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed$/\2/p')
	if [ -z "$p" ]; then
		bad "check.py on $1 printed no summary:"
		sed 's/^/  | /' "$w/check.out"
		return 1
	fi
	return "$rc"
}

# The file as shipped.
if xmllint --noout --relaxng "$rng" "$xml" > "$w/lint" 2>&1; then ok; else
	bad "renaissance.xml does not validate:"; sed 's/^/  | /' "$w/lint"
fi
if facts "$xml"; then
	# one check here, not check.py's thousands of facts, so that the
	# suite's total counts what this suite checks
	echo "check.py: $p facts hold on renaissance.xml"
	[ "$f" -eq 0 ] && [ "$p" -gt 9000 ] && ok ||
	    bad "check.py ran only $p checks"
else
	bad "check.py fails on renaissance.xml:"; sed 's/^/  | /' "$w/check.out"
fi
# The counts the seed and BOARD.md give, as the XML has them.
count() {	# NAME XPATH WANT
	got=$(xmllint --xpath "$2" "$xml" 2> /dev/null)
	[ "$got" = "$3" ] && ok || bad "$1: $got, expected $3"
}
count provinces 'count(/ruleset/provinces/province)' 108
count waters 'count(/ruleset/waters/water)' 101
count cards 'count(/ruleset/cards/card)' 64
count advances 'count(/ruleset/advances/advance)' 26
count commodities 'count(/ruleset/commodities/commodity)' 12
count satellites "count(//province[@type='satellite'])" 35
count arrows 'count(/ruleset/supports/support)' 80
count venice "string(//province[@id='venice']/@market)" 5
# Every (P) mark of board.json survives (103 of them: items, links
# and positions), as read back from the XML.
python3 "$tool" json "$xml" > "$w/board.json"
nP=$(python3 -c '
import json, sys
def walk(o):
    if isinstance(o, dict):
        return sum((k in ("mark", "position") and v == "P") + walk(v)
                   for k, v in o.items())
    if isinstance(o, list):
        return sum(walk(v) for v in o)
    return 0
print(walk(json.load(open(sys.argv[1]))))' "$w/board.json")
[ "$nP" = 103 ] && ok || bad "$nP (P) marks, board.json has 103"

# A (P) item corrected in the data file: Smolensk's provisional link to
# Kiev removed, as a moderator with the 1996 board might; still valid and
# every fact still holds (the link note and the arrow go with it).
sed -e '/<link a="kiev" b="smolensk" mark="P"/d' \
    -e '/<link a="smolensk" b="kiev" mark="P"/d' \
    -e '/<support from="smolensk" to="kiev" mark="P"/d' \
    -e '/<link-note kind="land" a="kiev" b="smolensk"/d' \
    -e '/<link-note kind="support" a="smolensk" b="kiev"/d' \
    "$xml" > "$w/edited.xml"
if cmp -s "$xml" "$w/edited.xml"; then
	bad "the Smolensk-Kiev edit changed nothing"
elif xmllint --noout --relaxng "$rng" "$w/edited.xml" 2> /dev/null &&
    facts "$w/edited.xml"; then
	ok
else
	bad "a corrected (P) link breaks the data:"
	sed 's/^/  | /' "$w/check.out"
fi

# A fact broken: Venice's market number, which the seed's example fixes.
sed 's/\(<province id="venice" name="Venice" area="VII" type="capital" market="\)5"/\14"/' \
    "$xml" > "$w/venice.xml"
if cmp -s "$xml" "$w/venice.xml"; then
	bad "the Venice edit changed nothing"
elif facts "$w/venice.xml"; then
	bad "check.py accepts Venice with market number 4"
elif grep -q 'seed: Venice market number 5' "$w/check.out"; then
	ok
else
	bad "Venice 4 refused for another reason:"; sed 's/^/  | /' "$w/check.out"
fi

# What the schema refuses, each with the place named.
refuse() {	# NAME SED-EXPRESSION TEXT
	sed "$2" "$xml" > "$w/bad.xml"
	if cmp -s "$xml" "$w/bad.xml"; then
		bad "$1: the edit changed nothing"
	elif xmllint --noout --relaxng "$rng" "$w/bad.xml" > "$w/lint" 2>&1
	then
		bad "$1: the schema accepts it"
	elif grep -q "$3" "$w/lint"; then
		ok
	else
		bad "$1: not '$3':"; sed 's/^/  | /' "$w/lint"
	fi
}
refuse 'bad mark' 's/<province id="kiev" \(.*\) mark="S"/<province id="kiev" \1 mark="Q"/' 'bad.xml:[0-9]*:'
refuse 'unknown element' 's/<misery-index /<misery-indices /' 'misery-indices'
refuse 'no market number' 's/<province id="lyons" \(.*\) market="4" /<province id="lyons" \1 /' 'bad.xml:[0-9]*:'
refuse 'bad category' 's/category="civics" cost="170"/category="politics" cost="170"/' 'bad.xml:[0-9]*:'

echo "renaissance-data: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
