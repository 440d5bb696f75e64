#!/bin/bash
# shellcheck disable=SC2317  # helpers such as has() run through check()
# html-report.sh - the HTML report and the SVG board, end to end.
#
# Plays a small game (pinned seed, pinned clock) in a temporary folder,
# renders templates/report-html.xsl public and for Prussia and
# templates/board-svg.xsl alone, and checks:
#   - the SVG is well-formed XML in the SVG namespace, version 1.1, and
#     names every area and home country of the ruleset;
#   - both pages have every section, fetch nothing (no src, no external
#     href, no url(), no @import, no script);
#   - the public page shows no hand and no private section, the private
#     page does; rejected orders show their reason, sealed ones only to
#     their sender;
#   - secrets (sealed entries, events with a to attribute, combat and
#     new event types) show only where they may and always where they may,
#     on a copy of the game made by tests/html/add-secrets.xsl and
#     rendered with xsltproc (a failure when xsltproc is missing:
#     tests/deps.sh test installs it);
#   - headless Chromium renders the public page with no console message,
#     the screenshot is not blank (more than 10 colours, counted by
#     tests/html/png-colours.py) and the DOM is complete.
# Prints "html: N passed, M failed" and exits 1 when anything failed.
#
# Environment: ADJUDICATOR (default build/adjudicator), CHROMIUM (default
# chromium on PATH, installed with apt-get when missing and run as root),
# KEEP=1 keeps the work folder and prints its name.

ROOT=$(cd "$(dirname "$0")/.." && pwd)
A=${ADJUDICATOR:-$ROOT/build/adjudicator}
HTML_XSL=$ROOT/templates/report-html.xsl
SVG_XSL=$ROOT/templates/board-svg.xsl
HERE=$ROOT/tests/html

pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "html: FAIL: $*" >&2; }
# check DESCRIPTION COMMAND...: counts the command's success or failure.
check() {
	local what=$1
	shift
	if "$@"; then ok; else bad "$what"; fi
}
has() { grep -qF -- "$2" "$1"; }
lacks() { ! grep -qF -- "$2" "$1"; }
# Nothing that makes a browser fetch: the page must stand alone.
not_external() {
	! grep -Eiq '(src|href)="(https?:|//|file:)|[[:space:]]src=|url\(|@import|<script|<iframe|<img|<object|<embed' "$1"
}
no_console() { ! grep -E ':CONSOLE|Uncaught' chromium.log >&2; }
finish() {
	echo "html: $pass passed, $fail failed"
	[ "$fail" -eq 0 ]
	exit $?
}

if [ ! -x "$A" ]; then
	make -C "$ROOT" >/dev/null || { bad "cannot build $A"; finish; }
fi

T=$(mktemp -d)
if [ "${KEEP:-}" = 1 ]; then
	echo "html: work folder $T"
else
	trap 'rm -rf "$T"' EXIT
fi
cd "$T" || exit 1

# ---------------------------------------------------------------- the game
order() { printf 'GAME g\nCOUNTRY %s\nSTEP %s\n%s\n' "$1" "$2" "$3" >"$4"; }
printf '%064d\n' 7 >seed
chmod 600 seed
"$A" new -o g.xml --player prussia:Anna:a@example.org \
    --player spain:Bert:b@example.org --player france:Cleo:c@example.org \
    --seed-file seed --now 2026-11-25T12:00:00Z --deadline-hours 48 \
    --variant pressgangs-any-card >/dev/null 2>log || bad "new failed"
order Spain T1.A1.1 'BID 0 A Prussia B Great Britain' a1.txt
"$A" resolve g.xml a1.txt --now 2026-11-25T13:00:00Z >/dev/null 2>>log
# France bids; Prussia's bid lacks proposal B (rejected); Spain's waits.
order France T1.A1.2 'BID 2 A Spain B Austria' a2.txt
order Prussia T1.A1.3 'BID 3 A Prussia' a3.txt
order Spain T1.A1.4 'PASS' a4.txt
"$A" resolve g.xml a2.txt a3.txt a4.txt --now 2026-11-25T14:00:00Z \
    >/dev/null 2>>log
"$A" adjust g.xml 'Prussia gold 15' --now 2026-11-25T15:00:00Z \
    >/dev/null 2>>log
# Deadline defaults to the end of the auctions: each run is 50 hours
# after the last, past the 48-hour deadline of what it defaults.
base=$(date -u -d 2026-11-25T15:00:00Z +%s)
for i in $(seq 1 40); do
	"$A" status g.xml 2>>log | grep -q 'STEP T1\.S1 ' && break
	"$A" resolve g.xml --seed-file seed --now "$(date -u -d \
	    "@$((base + i * 180000))" +%Y-%m-%dT%H:%M:%SZ)" >/dev/null 2>>log
done
order Spain T1.S1 'PLACE Banking' s1.txt
order Prussia T1.S1 'PLACE Bavaria' s2.txt
order France T1.S1 'PLACE Tobacco' s3.txt
"$A" resolve g.xml s1.txt s2.txt s3.txt --now 2027-02-27T14:00:00Z \
    >/dev/null 2>>log
# The last run: an order, a rejected order, a queued order.
order Spain T1.S2 'PLACE Government Reform' s1.txt
order Prussia T1.S2 'PLACE Pressgangs TAKE 1/1/2' s2.txt
order France T1.S2 'PLACE Levant Company' s3.txt
"$A" resolve g.xml s1.txt s2.txt s3.txt --now 2027-02-27T15:00:00Z \
    >/dev/null 2>>log
"$A" status g.xml >status.txt 2>>log
check "the game reached segment 2 (KEEP=1 keeps the log)" \
    grep -q 'STEP T1\.S2 from Prussia' status.txt
last='/game/history/entry[@run = /game/@run]'
check "the last run has an order and a rejected order" test \
    "$(xmllint --xpath "count(${last}[@kind='order']) > 0 and count(${last}[@kind='rejected']) > 0" g.xml 2>/dev/null)" = true

# ------------------------------------------------------------- rendering
check "report-html.xsl renders the public report" \
    "$A" report g.xml --template "$HTML_XSL" -o public.html
check "report-html.xsl renders the report for Prussia" \
    "$A" report g.xml --template "$HTML_XSL" --for prussia -o prussia.html
check "board-svg.xsl renders alone" \
    "$A" report g.xml --template "$SVG_XSL" -o board.svg
touch public.html prussia.html board.svg

# ------------------------------------------------------------------ SVG
check "board.svg is well-formed" xmllint --noout board.svg
check "board.svg is in the SVG namespace" test \
    "$(xmllint --xpath 'namespace-uri(/*)' board.svg 2>/dev/null)" = \
    http://www.w3.org/2000/svg
check "board.svg says version 1.1" test \
    "$(xmllint --xpath 'string(/*/@version)' board.svg 2>/dev/null)" = 1.1
names=$(xmllint --xpath '/game/ruleset/areas/area/@name | /game/ruleset/countries/country/@name' \
    g.xml 2>/dev/null | sed 's/^ *name="\(.*\)"$/\1/')
missing=
while IFS= read -r n; do
	[ -n "$n" ] && ! grep -qF ">$n</text>" board.svg && missing="$missing '$n'"
done <<EOF
$names
EOF
check "board.svg names every area and home country (missing:$missing)" \
    test -z "$missing" -a -n "$names"
check "board.svg shows discs and markers" \
    grep -q '<circle[^>]*r="12"' board.svg
check "board.svg shows an occupied action box (Banking 1: Spain)" \
    has board.svg 'Banking 1: Spain'
# Issue 11: the marker ids orders need, each country's alliance, and a
# white disc in a box (Austria's) that no empty box looks like.
xp() { xmllint --xpath "$1" board.svg 2>/dev/null; }
ids=$(xmllint --xpath '/game/state/area/marker/@id' g.xml 2>/dev/null |
    sed 's/^ *id="\(.*\)"$/\1/')
nomark=
for m in $ids; do
	grep -q ">$m</text>" board.svg || nomark="$nomark $m"
done
check "board.svg writes every marker's id (missing:$nomark)" \
    test -n "$ids" -a -z "$nomark"
slots=$(xmllint --xpath 'count(/game/state/alliances/slot)' g.xml 2>/dev/null)
badges=$(grep -c '<title>[A-Za-z ]*: alliance box [0-9], \(top\|bottom\) row</title>' board.svg)
check "board.svg shows the alliance of each of the $slots countries" \
    test "${slots:-0}" -gt 0 -a "$badges" = "${slots:-x}"
check "an occupied box shows its country's initial (Banking 1: S)" \
    grep -q '>S</text>' board.svg
check "a free box is dashed and empty, unlike an occupied one" \
    test "$(grep -c 'fill="none" stroke="#9c8f76" stroke-dasharray' board.svg)" -gt 0

# ----------------------------------------------------------------- HTML
for f in public.html prussia.html; do
	check "$f is HTML5" has $f '<!DOCTYPE html>'
	for s in happened standings alliances board boxes pending variants; do
		check "$f has section $s" has $f "<section id=\"$s\""
	done
	check "$f shows the order text" has $f 'PLACE Government Reform'
	check "$f shows the queued orders count" has $f '1 order waits'
	check "$f shows the deadline" has $f '2027-03-01 15:00 UTC'
	check "$f shows the variant" has $f 'pressgangs-any-card'
	check "$f inlines the SVG" grep -q '<svg xmlns="http://www.w3.org/2000/svg"' $f
	check "$f fetches nothing" not_external $f
done

# Run 2's rejected bid is public; the last run's rejected TAKE may be
# sealed (a secret pick), then only Prussia sees its text and reason.
check "report-html.xsl renders run 2" \
    "$A" report g.xml --template "$HTML_XSL" --run 2 -o run2.html
check "a rejected order shows its reason" has run2.html 'proposal B is missing'
check "a rejected order shows its text" has run2.html 'BID 3 A Prussia'
check "Prussia sees her rejected order's reason" \
    has prussia.html 'is not in Prussia'"'"'s discard pile'
check "Prussia sees her rejected order" has prussia.html 'TAKE 1/1/2'
if grep -q 'kind="rejected".*sealed="yes"' g.xml; then
	check "the public report hides a sealed order's reason" \
	    lacks public.html 'is not in Prussia'"'"'s discard pile'
	check "the public report hides a sealed order's text" \
	    lacks public.html 'TAKE 1/1/2'
	check "the public report says the order is sealed" \
	    has public.html '(sealed until the combat is revealed)'
else
	check "the public report shows the rejected order's reason" \
	    has public.html 'is not in Prussia'"'"'s discard pile'
fi

check "the public report has no hand" lacks public.html 'Your hand'
check "the public report has no private section" \
    lacks public.html 'id="private"'
check "the public report shows no cards" lacks public.html 'class="card"'
check "the report for Prussia has the hand" has prussia.html 'Your hand'
check "the report for Prussia has the private section" \
    has prussia.html '<section id="private"'
check "the report for Prussia shows the card 6/0/8" \
    grep -q '<span class="cid">6/0/8</span>' prussia.html

# ------------------------------------------- secrets the program adds later
if command -v xsltproc >/dev/null; then
	xsltproc -o secret.xml "$HERE/add-secrets.xsl" g.xml 2>>log
	run=$(xmllint --xpath 'string(/game/@run)' g.xml)
	for who in '' prussia spain; do
		xsltproc --stringparam run "$run" --stringparam viewer "$who" \
		    -o "secret-${who:-public}.html" "$HTML_XSL" secret.xml \
		    2>>log || bad "xsltproc failed for viewer '$who'"
	done
	# The sealed order is the run's first order: Spain's (the test game's
	# last run starts with Spain's PLACE); the sealed rejected one is Spain's.
	sender=$(xmllint --xpath 'string(/game/history/entry[@run=/game/@run][@sealed="yes"][@kind="order"]/@country)' secret.xml)
	check "the fixture seals Spain's order" test "$sender" = spain
	for who in public prussia spain; do
		f=secret-$who.html
		check "$f shows a combat event" has $f PUBLIC-COMBAT-EVENT
		check "$f shows an event of a new type" \
		    has $f PUBLIC-NEW-TYPE-EVENT
	done
	for who in public prussia; do
		f=secret-$who.html
		check "$f shows the sealed placeholder" \
		    has $f '(sealed until the combat is revealed)'
		check "$f hides Spain's sealed order" lacks $f SEALED-ORDER-TEXT
		check "$f hides Spain's sealed rejected order" \
		    lacks $f SEALED-REJECTED-TEXT
		check "$f hides Spain's sealed reason" lacks $f SEALED-REASON
		check "$f hides Spain's private event" lacks $f SECRET-FOR-SPAIN
	done
	check "public: no private event" lacks secret-public.html SECRET-FOR-
	check "Prussia: her private event" \
	    has secret-prussia.html SECRET-FOR-PRUSSIA
	check "Spain: his private event" has secret-spain.html SECRET-FOR-SPAIN
	check "Spain: not Prussia's event" \
	    lacks secret-spain.html SECRET-FOR-PRUSSIA
	check "Spain: his own sealed order" has secret-spain.html SEALED-ORDER-TEXT
	check "Spain: his own sealed rejected order" \
	    has secret-spain.html SEALED-REJECTED-TEXT
	check "Spain: his own sealed reason" has secret-spain.html SEALED-REASON
else
	bad "xsltproc not found: the sealed and private event checks cannot" \
	    "run (tests/deps.sh test installs it)"
fi

# -------------------------------------------------------------- Chromium
CHROMIUM=${CHROMIUM:-$(command -v chromium || command -v chromium-browser)}
if [ -z "$CHROMIUM" ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null
then
	echo "html: installing chromium with apt-get"
	DEBIAN_FRONTEND=noninteractive apt-get install -y chromium \
	    >>log 2>&1 || { apt-get update >>log 2>&1 &&
	    DEBIAN_FRONTEND=noninteractive apt-get install -y chromium \
	    >>log 2>&1; }
	CHROMIUM=$(command -v chromium)
fi
if [ -z "$CHROMIUM" ]; then
	bad "no chromium to render the page (install the chromium package)"
	finish
fi
profile=$(mktemp -d)
timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu \
    --disable-quic --no-first-run --disable-background-networking \
    --disable-component-update --disable-sync --user-data-dir="$profile" \
    --enable-logging=stderr --v=0 --window-size=1280,2000 \
    --screenshot="$T/public.png" --dump-dom "file://$T/public.html" \
    >dom.html 2>chromium.log
rm -rf "$profile"
check "chromium wrote a screenshot" test -s public.png
check "the page logs nothing to the console" no_console
colours=$(python3 "$HERE/png-colours.py" public.png 10 2>>log)
check "the screenshot is not blank ($colours colours)" \
    test "${colours:-0}" -gt 10
check "the DOM has the footer" grep -q '</footer>' dom.html
check "the DOM has the three board pictures" \
    test "$(grep -o '<svg' dom.html | wc -l)" -eq 3
check "the DOM has the variants section" grep -q 'id="variants"' dom.html
[ "${KEEP:-}" = 1 ] && echo "html: screenshot $T/public.png"
finish
