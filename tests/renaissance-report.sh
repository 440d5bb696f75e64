#!/bin/bash
# shellcheck disable=SC2317  # helpers run through check()
# renaissance-report.sh - Age of Renaissance's text and HTML reports
# (templates/renaissance-text.xsl, renaissance-html.xsl; issue 20.5).
#
# Plays a 4-player game with a pinned seed and clock: two capital bids,
# token bids every turn, ship upgrades, an advance, expansions that
# dominate Milan, Valencia and Basque, a Stone card played; every other
# decision takes its deadline default (RR38).  Then checks, against the
# numbers of the game file's <state>:
#   - the text report: each player's row (cash, misery, stock, expansion,
#     tokens on the map, markers, cards, ships, score) in the order of
#     play, the advances, the ships, the commodities with shortages and
#     surpluses and who dominates their provinces, the board by area;
#   - hand secrecy (RR39): each player's report names every card of his
#     hand; no other player's report, text or HTML, and no public report
#     names any of them;
#   - the order form's COUNTRY line is a seat the parser reads: the form
#     filled in is accepted;
#   - the HTML page: 108 province shapes, a dominated market filled with
#     its owner's colour, an empty one not, capitals ringed, token counts,
#     nothing fetched; headless Chromium renders it without a console
#     message and the screenshot is not blank;
#   - report --run N of a past run (the capital bid) names the players
#     before they have capitals and keeps the sealed bids sealed, its
#     sealed note citing RR39 (Age of Reason's is R39).
# Prints "renaissance-report: N passed, M failed".
#
# Environment: ADJUDICATOR (default build/adjudicator), CHROMIUM, KEEP=1.

ROOT=$(cd "$(dirname "$0")/.." && pwd)
A=${ADJUDICATOR:-$ROOT/build/adjudicator}
export ADJUDICATOR_DATADIR=$ROOT

pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "renaissance-report: FAIL: $*" >&2; }
check() {
	local what=$1
	shift
	if "$@"; then ok; else bad "$what"; fi
}
has() { grep -qF -- "$2" "$1"; }
lacks() { ! grep -qF -- "$2" "$1"; }
finish() {
	echo "renaissance-report: $pass passed, $fail failed"
	[ "$fail" -eq 0 ]
	exit $?
}

if [ ! -x "$A" ]; then
	make -C "$ROOT" >/dev/null || { bad "cannot build $A"; finish; }
fi
T=$(mktemp -d /tmp/ren-report.XXXXXX)
if [ "${KEEP:-}" = 1 ]; then
	echo "renaissance-report: work folder $T"
else
	trap 'rm -rf "$T"' EXIT
fi
cd "$T" || exit 1
printf '%064d\n' 7 > seed

# o COUNTRY STEP LINE...: an order file, sent when its step is due
o() {
	local f=o-$1-$2.txt
	printf 'GAME g\nCOUNTRY %s\nSTEP %s\n' "$1" "$2" > "$f"
	shift 2
	printf '%s\n' "$@" >> "$f"
}
# drive RUNS: each run sends the order files of the decisions due now, or,
# when there are none, lets the deadline pass (RR38's defaults).  Orders
# are sent when due, not ahead, so that each is checked at its part.
drive() {
	local i=0 files d now
	while [ "$i" -lt "$1" ]; do
		i=$((i + 1))
		files=
		for d in $(sed -n 's/.*<decision step="\([^"]*\)" country="\([^"]*\)".*/\2-\1/p' g.xml); do
			if [ -f "o-$d.txt" ] && [ ! -f "sent-$d" ]; then
				files="$files o-$d.txt"
				: > "sent-$d"
			fi
		done
		now=$(printf '2026-02-%02dT%02d:00:00Z' $((1 + i / 24)) $((i % 24)))
		if [ -n "$files" ]; then
			# shellcheck disable=SC2086
			"$A" resolve g.xml $files --seed-file seed --now "$now" \
			    >/dev/null 2>>drive.err || return 1
		else
			"$A" resolve g.xml --deadline-passed --seed-file seed \
			    --now "$now" >/dev/null 2>>drive.err || return 1
		fi
	done
}

"$A" new --game renaissance -o g.xml --player p1:Ann:ann@example.org \
    --player p2:Bob:bob@example.org --player p3:Cy:cy@example.org \
    --player p4:Di:di@example.org --now 2026-01-01T00:00:00Z \
    --seed-file seed --report r0.txt >/dev/null 2>new.err
check "new --game renaissance makes a game" test -s g.xml
check "run 0's report names the players before the capital bid" \
    grep -q '^STEP T0.CAPITAL from Ann: ' r0.txt
# adjudicator-renaissance(7), Readings: a new game is made under reading 4;
# --rules 1 keeps the first reading and writes no attribute
check "a new game records rules reading 4" \
    grep -q '<game [^>]*rules="4"' g.xml
"$A" new --game renaissance -o g1.xml --player p1:Ann:ann@example.org \
    --player p2:Bob:bob@example.org --player p3:Cy:cy@example.org \
    --now 2026-01-01T00:00:00Z --seed-file seed --rules 1 >/dev/null 2>&1
check "new --rules 1 makes a reading-1 game without the attribute" \
    sh -c 'test -s g1.xml && ! grep -q "<game [^>]*rules=" g1.xml'
check "new --rules 5 is refused for Age of Renaissance" \
    sh -c '! "$1" new --game renaissance -o g3.xml --player p1:A:a@x.org \
    --player p2:B:b@x.org --player p3:C:c@x.org --rules 5 \
    --now 2026-01-01T00:00:00Z --seed-file seed 2>g3.err &&
    grep -q "readings 1 to 4" g3.err && test ! -e g3.xml' sh "$A"

# An order sent ahead is kept citing this game's ruling, RR41, not Age
# of Reason's R36 (whose number means another rule here); check changes
# nothing
printf 'GAME g\nCOUNTRY p1\nSTEP T1.ORDER\nTOKENS 2\n' > ahead.txt
"$A" check g.xml ahead.txt --now 2026-01-01T00:30:00Z > ahead.out 2>&1
check "an order sent ahead is kept citing RR41" grep -qxF \
    "ahead.txt:3: T1.ORDER player 1: accepted, kept until its step comes (RR41)" \
    ahead.out
o p1 T0.CAPITAL "BID 5" "RANK venice, genoa, barcelona, paris"
o p2 T0.CAPITAL "BID 3" "RANK paris, genoa, venice, barcelona"
for t in 1 2 3 4; do
	for p in p1 p2 p3 p4; do o $p T$t.ORDER "TOKENS $((t + 1))"; done
done
o p1 T1.PURCHASE "UPGRADE"
o p2 T1.PURCHASE "UPGRADE"
o p3 T2.PURCHASE "ADVANCE caravan"
o p1 T1.EXPANSION "PLACE 1 IN milan" "PLACE 1 IN florence"
o p2 T1.EXPANSION "PLACE 1 IN bordeaux" "PLACE 1 IN dijon"
o p3 T1.EXPANSION "PLACE 1 IN rome" "PLACE 1 IN lyons"
o p4 T1.EXPANSION "PLACE 2 IN valencia"
o p1 T2.EXPANSION "PLACE 2 IN milan" "PLACE 1 IN salzburg"
o p2 T2.EXPANSION "PLACE 1 IN bruges" "PLACE 1 IN st-malo" \
    "PLACE 1 IN strassburg"
o p3 T2.EXPANSION "PLACE 1 IN marseilles" "PLACE 1 IN rome"
o p4 T2.EXPANSION "PLACE 2 IN basque" "PLACE 1 IN toledo"
o p1 T3.PLAY "PLAY stone-1a"
drive 45
check "45 runs play without an error" test ! -s drive.err
[ -s drive.err ] && head -5 drive.err >&2
check "the game stands at T4.DRAW" \
    grep -q '<decision step="T4.DRAW" country="p4"' g.xml
check "no scripted order was rejected" lacks g.xml 'kind="rejected"'
check "the game verifies" bash -c "\"$A\" verify g.xml --seed-file seed >verify.out 2>&1"
check "Venice played Stone and was paid for Milan" \
    has g.xml 'Venice is paid $1 for 1 province of Stone (RR34).'

"$A" report g.xml --seed-file seed -o public.txt 2>>rep.err
"$A" report g.xml --seed-file seed \
    --template "$ROOT/templates/renaissance-html.xsl" -o public.html 2>>rep.err
for p in p1 p2 p3 p4; do
	"$A" report g.xml --for $p --seed-file seed -o $p.txt 2>>rep.err
	"$A" report g.xml --for $p --seed-file seed \
	    --template "$ROOT/templates/renaissance-html.xsl" -o $p.html \
	    2>>rep.err
done
check "every report renders without a message" test ! -s rep.err
check "the module's default text template is renaissance-text.xsl" \
    has public.txt 'Age of Renaissance, game g: report of run 45.'

# ------------------------------------------------------------ text report
state=$(sed -n '/<state /,/<\/state>/p' g.xml)
province_name() {
	sed -n "s/.*<province id=\"$1\" name=\"\([^\"]*\)\".*/\1/p" g.xml | head -1
}
# the expected row of one player, from the state's numbers
row() {	# row SEAT
	local line cap name cash misery stock exp markers cards score ships lvl onmap
	line=$(echo "$state" | grep "<player id=\"$1\"")
	attr() { echo "$line" | sed -n "s/.* $1=\"\([^\"]*\)\".*/\1/p"; }
	cap=$(attr capital); name=$(province_name "$cap")
	cash=$(attr cash); misery=$(attr misery); stock=$(attr stock)
	exp=$(attr expansion); markers=$(attr markers); cards=$(attr cards)
	score=$(attr score); ships=$(attr ships); lvl=$(attr ship-level)
	onmap=$(echo "$state" | grep -o "<tokens player=\"$1\" count=\"[0-9]*\"" |
	    sed 's/.*count="\([0-9]*\)"/\1/' | awk '{s += $1} END {print s + 0}')
	if [ -n "$ships" ]; then ships="$ships $lvl"; else ships=none; fi
	printf '%-12s%5s%7s%6s%4s%4s%8s%6s %-13s%6s\n' "$name" "$cash" \
	    "$misery" "$stock" "$exp" "$onmap" "$markers" "$cards" "$ships" \
	    "$score"
}
order=$(echo "$state" | sed -n 's/.*<player id="\(p[1-6]\)".*/\1/p')
expected=$(for p in $order; do row "$p"; done)
actual=$(grep -A4 '^Player       Cash Misery' public.txt | tail -4)
check "the standings rows are the state's numbers, in the order of play" \
    test "$expected" = "$actual"
[ "$expected" = "$actual" ] || printf 'expected:\n%s\nactual:\n%s\n' \
    "$expected" "$actual" >&2
check "the order of play names all four in their boxes" grep -q \
    '^Order of play (RR6): 1. Barcelona (box 1), 2. Genoa (box 3), 3. Paris (box 5),' \
    public.txt
check "Venice's row shows its cash, 2 markers and galleys 2" \
    grep -Eq '^Venice +[0-9]+ +0 +[0-9]+ +[0-9]+ +[0-9]+ +2 +[0-9]+ galleys 2 ' \
    public.txt
check "Barcelona dominates its capital, Valencia and Basque: 3 markers" \
    grep -Eq '^Barcelona +[0-9]+( +[0-9]+){4} +3 ' public.txt
check "Genoa's advance is told by name and letter" \
    has public.txt 'Advances of Genoa: Caravan (I).'
check "the ships of Paris are told with their reach" \
    has public.txt 'Ships of Paris: galleys 2, level n: range n coastal-water steps'
# RR26's reach of the ships, as the module gives it in <state>
reach_of() {	# the province ids a seat's ships reach, one a line
	echo "$state" | grep "<player id=\"$1\"" |
	    sed -n 's/.* ship-reach="\([^"]*\)".*/\1/p' | tr ' ' '\n'
}
check "the state gives Venice's ships a reach" test -n "$(reach_of p1)"
names=$(for id in $(reach_of p1); do province_name "$id"; done |
    paste -sd, - | sed 's/,/, /g')
check "the text tells where Venice's ships reach ($names)" \
    bash -c "tr '\n' ' ' < public.txt | sed 's/  */ /g' |
    grep -qF 'do not (RR26): $names.'"
for c in $(echo "$state" | sed -n 's/.*<market commodity="\([a-z]*\)" shortage="\([0-9]*\)" surplus="\([0-9]*\)".*/\1:\2:\3/p'); do
	id=${c%%:*}; rest=${c#*:}; sh=${rest%%:*}; su=${rest#*:}
	cname=$(sed -n "s/.*<commodity id=\"$id\" name=\"\([^\"]*\)\".*/\1/p" g.xml)
	if [ "$sh" -gt 0 ]; then want=yes; else want=-; fi
	if [ "$su" -gt 0 ]; then want2=yes; else want2=-; fi
	check "commodity $cname: shortage $want, surplus $want2" grep -Eq \
	    "^$cname +[0-9]+ +$want +$want2 " public.txt
done
check "Stone is dominated by Paris (its capital) and Venice (Milan)" \
    grep -Eq '^Stone +1 +- +- +8 in all: Paris 1; Venice 1$' public.txt
# Five or six holders do not fit after a commodity's row: the rest go on
# lines indented under the column, a holder never split from his count.
# The eight Stone provinces dominated two by each player (a state made up
# for the template alone: the game would refuse it).
cat > stone.xsl <<'EOF'
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
  <xsl:variable name="stone" select="/game/ruleset/provinces/province[commodity/@ref = 'stone']"/>
  <xsl:template match="@*|node()"><xsl:copy><xsl:apply-templates select="@*|node()"/></xsl:copy></xsl:template>
  <xsl:template match="state/province[@id = /game/ruleset/provinces/province[commodity/@ref = 'stone']/@id]"/>
  <xsl:template match="state">
    <xsl:copy>
      <xsl:apply-templates select="@*|node()"/>
      <xsl:for-each select="$stone">
        <province id="{@id}" marker="p{position() mod 4 + 1}"/>
      </xsl:for-each>
    </xsl:copy>
  </xsl:template>
</xsl:stylesheet>
EOF
xsltproc stone.xsl g.xml > stone.xml 2>>rep.err &&
    xsltproc "$ROOT/templates/renaissance-text.xsl" stone.xml > stone.txt \
    2>>rep.err
stone=$(grep -A1 '^Stone ' stone.txt)
check "the Stone row wraps after a holder, under its column: $stone" \
    test "$(echo "$stone" | sed -n 1p | sed 's/  */ /g')" = \
    "Stone 1 - - 8 in all: Barcelona 2; Genoa 2; Paris 2;" -a \
    "$(echo "$stone" | sed -n 2p)" = \
    "                                     Venice 2"
check "every line of the made-up report fits in 78 columns" \
    awk 'length > 78 { exit 1 }' stone.txt
check "the board shows Milan dominated by Venice" \
    has public.txt 'Milan (3) *Venice;'
check "the board shows Genoa's two tokens in Rome" \
    has public.txt 'Rome (4) Genoa 2;'
check "the board marks the capitals" \
    has public.txt 'Venice (5) *Venice (capital).'
check "the public report has no hand" lacks public.txt 'Your hand'

# ------------------------------------------------- hand secrecy (RR39)
hand_of() {	# the card ids of a seat's hand in the game file
	echo "$state" | sed -n "/<player id=\"$1\"/,/<\/player>/p" |
	    sed -n 's/.*<card id="\([^"]*\)".*/\1/p'
}
for p in p1 p2 p3 p4; do
	cards=$(hand_of $p)
	n=$(echo "$cards" | grep -c .)
	check "$p holds cards to hide ($n)" test "$n" -ge 3
	own=0 leak=0
	for c in $cards; do
		has $p.txt "[$c]" && has $p.html "[$c]" && own=$((own + 1))
		for q in p1 p2 p3 p4 public; do
			[ $q = $p ] && continue
			if grep -qF "[$c]" $q.txt $q.html; then
				leak=$((leak + 1))
				echo "renaissance-report: $p's $c in $q's report" >&2
			fi
		done
	done
	check "$p's report shows all $n cards of the hand" test "$own" -eq "$n"
	check "no other report names a card of $p's hand" test "$leak" -eq 0
	check "$p's text report counts the hand" \
	    grep -q "^Your hand ($n cards): " $p.txt
done

# the document every template gets (a moderator's own too) holds no hand
# but the viewer's: the module's state_hide, called by view.c (RR39)
cat > hands.xsl <<'EOF'
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
  <xsl:output method="text"/>
  <xsl:template match="/">
    <xsl:for-each select="/game/state/player[hand]">
      <xsl:value-of select="concat(@id, ' ')"/>
    </xsl:for-each>
  </xsl:template>
</xsl:stylesheet>
EOF
check "the public document holds no hand" test -z \
    "$("$A" report g.xml --seed-file seed --template hands.xsl 2>&1)"
for p in p1 p2 p3 p4; do
	check "$p's document holds his hand only" test "$p " = \
	    "$("$A" report g.xml --for $p --seed-file seed --template hands.xsl 2>&1)"
done

# ------------------------------------------------------------ order form
check "the form's COUNTRY line is the seat" has p4.txt 'COUNTRY p4'
sed -n '/^GAME g$/,/^STEP /p' p4.txt > form.txt
echo NONE >> form.txt
"$A" resolve g.xml form.txt --seed-file seed --now 2026-03-01T00:00:00Z \
    >/dev/null 2>form.err
check "the filled-in form is accepted" \
    test "$(grep -c 'kind="order" [^>]*step="T4.DRAW" country="p4" source="form.txt' g.xml)" -eq 1

# ------------------------------------------------------------ HTML report
check "the map has 108 province shapes" \
    test "$(grep -o 'class="prov [a-z ]*"' public.html | wc -l)" -eq 108
check "the map has 108 province names" \
    test "$(grep -o 'class="name"' public.html | wc -l)" -eq 108
check "Milan, dominated by Venice (p1), has p1's colour" \
    grep -q 'class="prov market dominated" fill="#c0392b" data-province="milan"' public.html
check "Valencia, dominated by Barcelona (p4), has p4's colour" \
    grep -q 'class="prov market dominated" fill="#27a05a" data-province="valencia"' public.html
check "Rome, with tokens only, is not filled" \
    grep -q 'class="prov market" fill="#fffdf5" data-province="rome"' public.html
check "the six capitals are ringed" \
    test "$(grep -o 'class="capital-ring"' public.html | wc -l)" -eq 6
check "Rome's two tokens of Genoa (p3) are drawn" \
    grep -q 'fill="#e0a800"></circle><text [^>]*class="token-count">2<' public.html
check "the standings table has the order of play" \
    test "$(grep -o 'class="seat-p[1-6]' public.html | tr '\n' ' ')" = \
    "$(for p in $order; do printf 'class="seat-%s ' $p; done)"
colour_of() {	# the seat colours of renaissance-html.xsl
	echo '#c0392b #2e6fd8 #e0a800 #27a05a' | cut -d' ' -f"${1#p}"
}
rings=0
for p in p1 p2 p3 p4; do
	for id in $(reach_of $p); do
		grep -q "<circle [^>]*stroke=\"$(colour_of $p)\" data-reach=\"$id\"" \
		    public.html && rings=$((rings + 1))
	done
done
want=$(for p in p1 p2 p3 p4; do reach_of $p; done | grep -c .)
check "each province a ship reaches has a ring in its player's colour ($want)" \
    test "$rings" -eq "$want" -a "$want" -gt 0
check "and no other ring" \
    test "$(grep -o 'data-reach=' public.html | wc -l)" -eq "$want"
check "the HTML commodity log underlines Milan in Venice's colour" \
    has public.html '<span class="held" style="border-color:#c0392b">Milan</span>'
check "the HTML tells the advance" has public.html 'title="Caravan">I</abbr>'
check "the HTML tells the shortage or surplus" has public.html '>surplus<'
check "the public page has no hand section" lacks public.html 'id="private"'
check "a private page has its hand section" has p2.html 'id="private"'
check "the page fetches nothing" bash -c "! grep -Eiq '(src|href)=\"(https?:|//|file:)|<script|url\\(|@import' public.html"

CHROMIUM=${CHROMIUM:-$(command -v chromium || command -v chromium-browser)}
if [ -z "$CHROMIUM" ]; then
	bad "no chromium to render the page (tests/deps.sh test installs it)"
else
	profile=$(mktemp -d)
	timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu \
	    --disable-quic --no-first-run --disable-background-networking \
	    --disable-component-update --disable-sync \
	    --user-data-dir="$profile" --enable-logging=stderr --v=0 \
	    --window-size=1280,2600 --screenshot="$T/public.png" \
	    --dump-dom "file://$T/public.html" >dom.html 2>chromium.log
	rm -rf "$profile"
	check "chromium renders the page" test -s public.png
	check "the page logs nothing to the console" \
	    bash -c "! grep -E ':CONSOLE|Uncaught' chromium.log >&2"
	colours=$(python3 "$ROOT/tests/html/png-colours.py" public.png 20)
	check "the screenshot is not blank ($colours colours)" \
	    test "${colours:-0}" -gt 20
	check "the DOM has the map and the footer" \
	    bash -c "grep -q '<svg' dom.html && grep -q '</footer>' dom.html"
	[ "${KEEP:-}" = 1 ] && echo "renaissance-report: screenshot $T/public.png"
fi

# ------------------------------------------------------------ past runs
prun=$(awk '/<entry /{match($0, /run="[0-9]+"/); r = substr($0, RSTART + 5, RLENGTH - 6)}
    /type="commodity"/{print r; exit}' g.xml)
"$A" report g.xml --run "$prun" --seed-file seed -o paid.txt 2>>rep.err
"$A" report g.xml --run "$prun" --seed-file seed \
    --template "$ROOT/templates/renaissance-html.xsl" -o paid.html 2>>rep.err
check "report --run $prun lists the Stone payments after the commodities" \
    bash -c "sed -n '/^== Commodities/,/^== Board/p' paid.txt |
    grep -A2 '^Commodity payments in this run:' |
    grep -qF '  Venice is paid \$1 for 1 province of Stone (RR34).'"
check "and so does its HTML page" \
    has paid.html '<li>Venice is paid $1 for 1 province of Stone (RR34).</li>'
"$A" report g.xml --run 1 --seed-file seed -o run1.txt 2>>rep.err
"$A" report g.xml --run 2 --seed-file seed -o run2.txt 2>>rep.err
check "report --run 2 tells the capital bid" \
    has run2.txt 'Player 1 bid $5 and receives Venice, his choice #1 (RR3)'
check "report --run 1 names the players, who have no capital yet" \
    grep -q '^STEP T0.CAPITAL from Cy: ' run1.txt
check "report --run 1 keeps the bids sealed" \
    has run1.txt "* Ann's orders, step T0.CAPITAL:"
check "report --run 1 shows no bid" lacks run1.txt 'BID 5'
# the sealed note cites Age of Renaissance's ruling on secrets, not Age
# of Reason's R39 (module.h secrecy_ruling)
check "report --run 1's sealed note cites RR39" \
    has run1.txt '    (sealed: the order holds a secret pick, RR39)'
check "and no report cites R39" bash -c "! grep -qw R39 run1.txt run2.txt \
    paid.txt"
finish
