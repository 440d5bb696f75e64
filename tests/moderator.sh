#!/bin/sh
# moderator.sh - the moderator's toolbox (issue 11): player, pause, resume,
# absence, deadline, adjust, rollback, status of several games and list.
# Each command is checked for its exact outcome, its record in the
# history (verify replays it), its line in the next public report, and
# its refusal of bad input with the game file byte-identical.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
adj=${ADJUDICATOR:-$top/build/adjudicator}
. "$top/tests/tools/common.sh"	# ok, bad, expect
w=$(mktemp -d /tmp/aor-mod.XXXXXX)
trap '[ -n "${KEEP:-}" ] || rm -rf "$w"' EXIT
pass=0
fail=0
g=$w/game.xml

# same NAME EXPECTED ACTUAL: exact text.
same() {
	if [ "$2" = "$3" ]; then ok; else
		bad "$1: expected"; printf '%s\n' "$2" | sed 's/^/  < /'
		printf '%s\n' "$3" | sed 's/^/  > /'
	fi
}

has() {	# has NAME FILE FIXED-STRING
	grep -qF -- "$3" "$2" && ok || { bad "$1: '$3' not in $2"; }
}

hasnt() {
	grep -qF -- "$3" "$2" && bad "$1: '$3' in $2" || ok
}

state() {	# state ATTR COUNTRY: a country's attribute in <state>
	sed -n "s/.*<country id=\"$2\" player=\"yes\".* $1=\"\([0-9]*\)\".*/\1/p" "$g"
}

deadline_of() {	# deadline_of STEP
	"$adj" status "$g" | sed -n "s/^pending: STEP $1 from .*; deadline \(.*\)$/\1/p"
}

verify() {
	"$adj" verify "$g" --seed-file "$w/seed" > /dev/null 2> "$w/verr" &&
	    ok || { bad "verify after $1 failed"; cat "$w/verr"; }
}

printf '%064d\n' 1 > "$w/seed"
chmod 600 "$w/seed"
"$adj" new -o "$g" --seed-file "$w/seed" --deadline-hours 48 \
	--now 2026-12-01T18:00:00Z --report /dev/null \
	--player prussia:Anna:anna@example.org \
	--player austria:Bernd:bernd@example.org \
	--player france:Claire:claire@example.org || { echo "new failed"; exit 1; }

# Every new command answers --help on stdout with status 0.
for c in player pause resume absence rollback list deadline adjust status; do
	"$adj" $c --help > "$w/out" 2>&1 && grep -q "^usage: adjudicator $c" \
	    "$w/out" && ok || bad "$c --help"
done

# 2. People.
"$adj" player "$g" prussia --name 'Dora Weiss' --email dora@example.org \
	--now 2026-12-01T19:00:00Z > "$w/out" || bad "player failed"
same player-out "$g: Prussia is played by Dora Weiss <dora@example.org>" \
	"$(cat "$w/out")"
"$adj" status "$g" | grep -q "^players: Prussia (Dora Weiss), Austria" &&
	ok || bad "status does not show the new player"
# The history says who plays: a <players> edited by hand does not load.
sed 's/name="Dora Weiss"/name="Eve"/' "$g" > "$w/tampered.xml"
"$adj" status "$w/tampered.xml" > /dev/null 2> "$w/err"
[ $? -eq 65 ] && grep -q "tampered.xml:$(grep -n '<players>' "$w/tampered.xml" | cut -d: -f1): error: the <players> element does not match the players' changes in the history (prussia" "$w/err" &&
	ok || { bad "a hand-edited player loads"; cat "$w/err"; }
expect player-same 64 "Prussia is played by Dora Weiss <dora@example.org> already: nothing to change" \
	"$adj" player "$g" prussia --name 'Dora Weiss'
expect player-npc 64 "not a player's country" \
	"$adj" player "$g" russia --name X --email x@example.org
expect player-unknown 64 "unknown country 'atlantis'" \
	"$adj" player "$g" atlantis --name X
expect player-email 64 "--email 'dora': not a mail address" \
	"$adj" player "$g" prussia --email dora
expect player-name 64 "--name '': write 1 to 63 characters" \
	"$adj" player "$g" prussia --name ''
expect player-utf8 64 "--name: invalid UTF-8 (byte 0xff)" \
	"$adj" player "$g" prussia --name "$(printf 'Dora\377')"
expect player-nothing 64 "usage: adjudicator player" \
	"$adj" player "$g" prussia

# 4. Corrections: +N and -N change, N sets, the rest is refused.
"$adj" adjust "$g" 'prussia gold +2' --now 2026-12-01T19:00:00Z > "$w/out"
same adjust-plus "$g: The moderator sets Prussia's gold from 14 to 16." \
	"$(cat "$w/out")"
"$adj" adjust "$g" 'Prussia gold -3' --now 2026-12-01T19:00:00Z > /dev/null
same adjust-minus 13 "$(state gold prussia)"
"$adj" adjust "$g" 'prussia vp 5' --now 2026-12-01T19:00:00Z > /dev/null
same adjust-value 5 "$(state vp prussia)"
expect adjust-noop 64 "changes nothing (it is so already)" \
	"$adj" adjust "$g" 'prussia vp 5'
expect adjust-noop-change 64 "changes nothing" \
	"$adj" adjust "$g" 'prussia vp +0'
expect adjust-junk 64 "bad number '+2x' in 'prussia gold +2x' (write N to set, +N or -N to change)" \
	"$adj" adjust "$g" 'prussia gold +2x'
expect adjust-word 64 "bad number 'two'" "$adj" adjust "$g" 'prussia gold two'
expect adjust-below 64 "Prussia has 13, which cannot go below 0" \
	"$adj" adjust "$g" 'prussia gold -14'
expect adjust-unrest 64 "unrest goes up to 22 (R4)" \
	"$adj" adjust "$g" 'prussia unrest +30'
"$adj" adjust "$g" 'austria discs india +1' --now 2026-12-01T19:00:00Z \
	> "$w/out" || bad "adjust discs +1"
same adjust-discs "$g: The moderator sets Austria's discs in India from 0 to 1." \
	"$(cat "$w/out")"
# Hands and discard piles: the card shows only in its owner's report.
"$adj" adjust "$g" 'prussia hand -2/0/1' --now 2026-12-01T19:00:00Z \
	> "$w/out" || bad "adjust hand"
same adjust-hand "$g: The moderator takes card 2/0/1 out of Prussia's hand.
$g: The moderator corrects Prussia's cards: 10 in the hand, 0 on the discard pile." \
	"$(cat "$w/out")"
"$adj" adjust "$g" 'prussia discard +2/0/1' --now 2026-12-01T19:00:00Z \
	> /dev/null || bad "adjust discard"
same adjust-discard "10 1" "$(state hand-count prussia) $(state discard-count prussia)"
"$adj" adjust "$g" 'prussia hand +2/0/1' --now 2026-12-01T19:00:00Z \
	> "$w/out" || bad "adjust hand back"
has adjust-hand-from "$w/out" "puts card 2/0/1 into Prussia's hand (from the discard pile)."
same adjust-hand-back "11 0" "$(state hand-count prussia) $(state discard-count prussia)"
expect adjust-hand-twice 64 "card 2/0/1 is in Prussia's hand already" \
	"$adj" adjust "$g" 'prussia hand +2/0/1'
expect adjust-hand-sign 64 "write COUNTRY hand +CARD or -CARD" \
	"$adj" adjust "$g" 'prussia hand 2/0/1'
# Action boxes, markers on the board and in the bag, the alliance display.
"$adj" adjust "$g" 'box Army Training 1 prussia' --now 2026-12-01T19:00:00Z \
	> "$w/out" || bad "adjust box"
same adjust-box "$g: The moderator sets Army Training box 1 to Prussia (until now empty)." \
	"$(cat "$w/out")"
grep -q '<box kind="army-training" instance="1" country="prussia"/>' "$g" &&
	ok || bad "the box is not in the state"
expect adjust-box-range 64 "Army Training has 2 boxes" \
	"$adj" adjust "$g" 'box Army Training 3 prussia'
"$adj" adjust "$g" 'marker gs3 board' --now 2026-12-01T19:00:00Z > "$w/out" ||
	bad "adjust marker"
same adjust-marker "$g: The moderator moves marker gs3 (German States) from the bag to the board." \
	"$(cat "$w/out")"
expect adjust-marker-place 64 "a marker goes to the board, the bag or out, not 'sea'" \
	"$adj" adjust "$g" 'marker gs3 sea'
"$adj" adjust "$g" 'alliance 1 France' --now 2026-12-01T19:00:00Z > "$w/out" ||
	bad "adjust alliance"
same adjust-alliance "$g: The moderator sets alliance box 1 to France (until now empty)." \
	"$(cat "$w/out")"
expect adjust-alliance-twice 64 "France is in alliance box 1 already: empty it first" \
	"$adj" adjust "$g" 'alliance 3 france'
"$adj" adjust "$g" 'alliance 1 empty' --now 2026-12-01T19:00:00Z > /dev/null ||
	bad "adjust alliance empty"
expect adjust-colour 64 "bad adjustment 'prussia colour 3' (write COUNTRY gold|vp|unrest N" \
	"$adj" adjust "$g" 'prussia colour 3'
verify adjust

# 3. Time: deadlines.
same deadline-first "2026-12-03T18:00:00Z" "$(deadline_of T1.A1.1)"
expect deadline-past 64 "the deadline 2025-12-05T18:00:00Z has passed already (now is 2026-12-02T00:00:00Z): every decision it covers would default at the next run; give --force to mean it" \
	"$adj" deadline "$g" 2025-12-05T18:00:00Z --now 2026-12-02T00:00:00Z
expect deadline-same 64 "every matching decision has that deadline already" \
	"$adj" deadline "$g" 2026-12-03T18:00:00Z --now 2026-12-02T00:00:00Z
expect deadline-hours-bad 64 "--hours 'x': write a number of hours" \
	"$adj" deadline "$g" --hours x
"$adj" deadline "$g" 2026-12-04T18:00:00Z --now 2026-12-02T00:00:00Z \
	> "$w/out" || bad "deadline"
same deadline-out "STEP T1.A1.1 from Austria: deadline 2026-12-04T18:00:00Z" \
	"$(cat "$w/out")"
"$adj" deadline "$g" none --now 2026-12-02T00:00:00Z > "$w/out" ||
	bad "deadline none"
same deadline-none "none set" "$(deadline_of T1.A1.1)"
grep -q 'no-deadline="yes"' "$g" && ok || bad "the removed deadline is not kept"
"$adj" deadline "$g" 2026-12-01T00:00:00Z --force \
	--now 2026-12-02T00:00:00Z > /dev/null || bad "deadline --force"
same deadline-force "2026-12-01T00:00:00Z" "$(deadline_of T1.A1.1)"
"$adj" deadline "$g" 2026-12-04T18:00:00Z --now 2026-12-02T00:00:00Z \
	> /dev/null || bad "deadline again"
"$adj" deadline "$g" --hours 72 --now 2026-12-02T00:00:00Z > "$w/out" ||
	bad "deadline --hours"
same deadline-hours "deadline hours: 72" "$(cat "$w/out")"
grep -q '<settings deadline-hours="72"/>' "$g" && ok ||
	bad "the deadline hours are not in the settings"
verify deadline

# pause / resume: nothing passes while paused; deadlines shift by the pause.
"$adj" pause "$g" --now 2026-12-02T00:00:00Z > /dev/null || bad "pause"
expect pause-twice 64 "the game is paused already (since 2026-12-02T00:00:00Z)" \
	"$adj" pause "$g" --now 2026-12-02T01:00:00Z
cp "$g" "$w/paused.xml"
"$adj" resolve "$g" --seed-file "$w/seed" --now 2026-12-09T00:00:00Z \
	--report /dev/null 2> "$w/err"
cmp -s "$g" "$w/paused.xml" && ok || bad "a paused game defaulted a decision"
has pause-resolve "$w/err" "the game is paused since 2026-12-02T00:00:00Z"
"$adj" status "$g" | grep -q "^paused: since 2026-12-02T00:00:00Z" && ok ||
	bad "status does not say paused"
expect resume-early 64 "--now 2026-12-01T00:00:00Z is before the pause" \
	"$adj" resume "$g" --now 2026-12-01T00:00:00Z
"$adj" resume "$g" --now 2026-12-05T12:00:00Z > "$w/out" || bad "resume"
same resume-out "$g: resumed after 3 days 12 hours; 1 deadline moved" \
	"$(cat "$w/out")"
same resume-shift "2026-12-08T06:00:00Z" "$(deadline_of T1.A1.1)"
expect resume-twice 64 "the game is not paused" "$adj" resume "$g"

# absence: Austria away from the 7th to the 20th; the deadline of the 8th
# moves by the 13 days of the absence.
expect absence-order 64 "the absence ends (2026-12-06T00:00:00Z) before it begins" \
	"$adj" absence "$g" austria 2026-12-07T00:00:00Z 2026-12-06T00:00:00Z
expect absence-over 64 "the absence is over already" \
	"$adj" absence "$g" austria 2026-11-07T00:00:00Z 2026-11-09T00:00:00Z \
	--now 2026-12-05T12:00:00Z
expect absence-npc 64 "not a player's country" \
	"$adj" absence "$g" russia 2026-12-07T00:00:00Z 2026-12-20T00:00:00Z \
	--now 2026-12-05T12:00:00Z
"$adj" absence "$g" austria 2026-12-07T00:00:00Z 2026-12-20T00:00:00Z \
	--now 2026-12-05T12:00:00Z > "$w/out" || bad "absence"
same absence-out "$g: Austria away from 2026-12-07T00:00:00Z to 2026-12-20T00:00:00Z
STEP T1.A1.1 from Austria: deadline 2026-12-21T06:00:00Z" "$(cat "$w/out")"
verify "pause, resume and absence"

# The next public report shows every correction and deadline change.
cat > "$w/austria.txt" <<EOF
GAME game
COUNTRY Austria
STEP T1.A1.1
BID 0 A Austria B Prussia
EOF
cp "$g" "$w/run0.xml"
"$adj" resolve "$g" "$w/austria.txt" --seed-file "$w/seed" \
	--now 2026-12-06T09:00:00Z --report "$w/r1.txt" || bad "resolve 1"
cmp -s "$g~" "$w/run0.xml" && ok || bad "GAME.xml~ is not the previous file"
has report-player "$w/r1.txt" "* The moderator: Prussia is now played by Dora Weiss (dora@example.org)"
has report-players "$w/r1.txt" "  Prussia: Dora Weiss, dora@example.org"
has report-adjust "$w/r1.txt" "The moderator sets Prussia's gold from 14 to 16."
has report-cards "$w/r1.txt" "* Moderator correction of Prussia's cards (the cards are in that player's"
hasnt report-card-secret "$w/r1.txt" "2/0/1"
"$adj" report "$g" --for prussia -o "$w/p1.txt"
has private-card "$w/p1.txt" "The moderator takes card 2/0/1 out of Prussia's hand."
has report-box "$w/r1.txt" "The moderator sets Army Training box 1 to Prussia"
has report-marker "$w/r1.txt" "The moderator moves marker gs3 (German States)"
has report-alliance "$w/r1.txt" "The moderator sets alliance box 1 to France"
has report-deadline "$w/r1.txt" "* The moderator sets the deadline of STEP T1.A1.1 (Austria) to"
has report-deadline-none "$w/r1.txt" "* The moderator removes the deadline of STEP T1.A1.1 (Austria)."
has report-hours "$w/r1.txt" "* The moderator sets the deadline of decisions to come to 72 hours after they"
has report-pause "$w/r1.txt" "* The moderator pauses the game"
has report-resume "$w/r1.txt" "* The moderator resumes the game, paused since 2026-12-02T00:00:00Z for 3"
has report-absence "$w/r1.txt" "* The moderator: Austria's player is away from 2026-12-07T00:00:00Z to"
same run-1 'run="1"' "$(grep -o '<game [^>]*' "$g" | grep -o 'run="[0-9]*"')"
# France's decision arose during Austria's absence, not France's: 72 hours.
same new-deadline "2026-12-09T09:00:00Z" "$(deadline_of T1.A1.2)"
verify "run 1"

# 1. Undo.  Run 2 defaults France's decision; rolled back to run 1 the
# game is as it was, the file kept beside it.
"$adj" resolve "$g" --seed-file "$w/seed" --now 2026-12-10T09:00:00Z \
	--report /dev/null || bad "resolve 2"
cp "$g" "$w/run2.xml"
expect rollback-future 64 "--to-run 2: the game's latest run is 2" \
	"$adj" rollback "$g" --to-run 2
expect rollback-usage 64 "usage: adjudicator rollback" "$adj" rollback "$g"
"$adj" rollback "$g" --to-run 1 --now 2026-12-10T10:00:00Z > "$w/out" ||
	bad "rollback"
same rollback-out "$g: back to the state after run 1 (was run 2); the file as it was is $g.run-2
0 orders wait again, 0 to send again" "$(cat "$w/out")"
cmp -s "$g.run-2" "$w/run2.xml" && ok || bad "the backup is not the file as it was"
# fresh deadlines: the players lost time to the runs undone
same rollback-pending "2026-12-13T10:00:00Z" "$(deadline_of T1.A1.2)"
verify rollback
# Back to run 0: Austria's order waits again, the corrections are listed.
"$adj" rollback "$g" --to-run 0 --now 2026-12-10T11:00:00Z > "$w/out" ||
	bad "rollback 0"
has rollback-waiting "$w/out" "waiting: STEP T1.A1.1 from Austria ($w/austria.txt:3)"
has rollback-redo "$w/out" "undone, redo if still meant: player prussia"
has rollback-redo-adjust "$w/out" "undone, redo if still meant: adjust prussia gold 16"
[ -f "$g.run-1" ] && ok || bad "no backup of run 1"
"$adj" status "$g" > "$w/st"
has rollback-queued "$w/st" "queued: STEP T1.A1.1 from Austria ($w/austria.txt:3)"
has rollback-player "$w/st" "players: Prussia (Anna), Austria (Bernd)"
hasnt rollback-paused "$w/st" "paused"
same rollback-gold 14 "$(state gold prussia)"
grep -q '<settings deadline-hours="48"/>' "$g" && ok ||
	bad "the deadline hours are not back to 48"
# The rollback to run 1, undone too, stays in the history: a moderator
# cannot roll back again and again for other dice unseen.
has rollback-chain "$g" "earlier-rollback 1 from-run 2 backup-sha256 "
verify "rollback to 0"
"$adj" resolve "$g" --seed-file "$w/seed" --now 2026-12-10T12:00:00Z \
	--report "$w/r1b.txt" || bad "resolve after rollback"
tr -s '\n ' '  ' < "$w/r1b.txt" > "$w/r1b.flat"
has rollback-chain-report "$w/r1b.flat" "The runs undone held 1 earlier rollback; the history keeps it."
has rollback-report "$w/r1b.txt" "* The moderator rolls the game back to its state after run 0: run 1 undone."
has rollback-report-order "$w/r1b.txt" "Austria's order for STEP T1.A1.1 waits again for its step."
has rollback-applied "$w/r1b.txt" "Austria bids 0: A Austria, B Prussia."
verify "resolve after the rollback"

# 5. Several games: status and list.
mkdir "$w/games"
cp "$g" "$w/games/alpha.xml"
cp "$top/tests/games/three-attacks/expected/game.xml" "$w/games/beta.xml"
printf 'not a game\n' > "$w/games/notes.txt"
"$adj" list "$w/games" > "$w/out" || bad "list"
same list-out "alpha.xml: turn 1 of 3, alliance auction 1; waiting for France (T1.A1.2); next deadline 2026-12-12T12:00:00Z
beta.xml: turn 3 of 3, game over, won by Great Britain" "$(cat "$w/out")"
"$adj" status "$w/games/alpha.xml" "$w/games/beta.xml" > "$w/out" ||
	bad "status of two games"
same status-two "2" "$(grep -c '^==> ' "$w/out")"
has status-second "$w/out" "==> $w/games/beta.xml <=="
printf '<game id="broken">\n' > "$w/games/broken.xml"
"$adj" list "$w/games" > "$w/out" 2> "$w/err"
[ $? -eq 65 ] && ok || bad "list with a broken game file does not exit 65"
same list-broken 2 "$(wc -l < "$w/out")"
expect list-nodir 66 "cannot read the folder" "$adj" list "$w/nowhere"

# With a mail state, an undone order from the mail spool waits there: the
# next run files it again, so the game does not queue it twice (nor
# refuse it then as a replayed message).
mkdir -p "$g.spool"
printf 'GAME game\nCOUNTRY France\nSTEP T1.A1.2\nPASS\nSTEP T1.A2.1\nBID 0 A Russia B Spain\n' > "$g.spool/001.txt"
"$adj" resolve "$g" "$g.spool/001.txt" --seed-file "$w/seed" \
	--now 2026-12-10T13:00:00Z --report /dev/null || bad "resolve from the spool"
touch "$g.mail"
"$adj" rollback "$g" --to-run 1 --now 2026-12-10T14:00:00Z > "$w/out" ||
	bad "rollback with a mail state"
has rollback-spool "$w/out" "waiting in the mail spool: STEP T1.A1.2 from France ($g.spool/001.txt:3); the next run takes it again"
# the order of the same message still waiting goes back to the spool too
has rollback-spool-waiting "$w/out" "waiting in the mail spool: STEP T1.A2.1 from France ($g.spool/001.txt:5); the next run takes it again"
"$adj" status "$g" > "$w/st"
hasnt rollback-spool-queue "$w/st" "queued:"
has rollback-spool-pending "$w/st" "pending: STEP T1.A1.2 from France"
verify "rollback with a mail state"

# An order still waiting that came in a run undone waits again like the
# orders applied in those runs: from the run the game is back at, so that
# the report of a run played again, made later with report --run, is the
# one its resolve made.  One that replaced, in a run undone, an order
# waiting before keeps its slot's run: it waited then.
g=$w/wait.xml
"$adj" new -o "$g" --seed-file "$w/seed" --deadline-hours 48 \
	--now 2026-12-01T18:00:00Z --report /dev/null \
	--player prussia:Anna:anna@example.org \
	--player austria:Bernd:bernd@example.org \
	--player france:Claire:claire@example.org || bad "new wait.xml"
cd "$w"
sed 's/^GAME game/GAME wait/' austria.txt > austria-wait.txt
printf 'GAME wait\nCOUNTRY France\nSTEP T1.A1.2\nPASS\n' > france.txt
printf 'GAME wait\nCOUNTRY Prussia\nSTEP T1.A1.3\nPASS\n' > prussia.txt
printf 'GAME wait\nCOUNTRY Prussia\nSTEP T1.A2.2\nPASS\n' > ahead-a.txt
printf 'GAME wait\nCOUNTRY Prussia\nSTEP T1.A2.2\nPASS\n# B\n' > ahead-b.txt
printf 'GAME wait\nCOUNTRY Austria\nSTEP T1.A2.3\nPASS\n' > ahead-c.txt
printf 'GAME wait\nCOUNTRY France\nSTEP T1.A2.1\nBID 0 A Russia B Spain\n' \
	> open.txt
wres() {	# wres HOUR REPORT FILE...
	h=$1 r=$2; shift 2
	"$adj" resolve "$g" "$@" --seed-file "$w/seed" \
	    --now "2026-12-02T0$h:00:00Z" --report "$r" || bad "resolve at $h"
}
wres 0 wr1.txt austria-wait.txt ahead-a.txt
wres 1 wr2.txt france.txt
wres 2 /dev/null prussia.txt ahead-b.txt ahead-c.txt
"$adj" rollback "$g" --to-run 1 --now 2026-12-02T03:00:00Z > "$w/out" ||
	bad "rollback of waiting orders"
same rollback-still-waiting "$g: back to the state after run 1 (was run 3); the file as it was is $g.run-3
waiting: STEP T1.A1.2 from France (france.txt:3)
waiting: STEP T1.A1.3 from Prussia (prussia.txt:3)
waiting: STEP T1.A2.2 from Prussia (ahead-b.txt:3)
waiting: STEP T1.A2.3 from Austria (ahead-c.txt:3)
4 orders wait again, 0 to send again" "$(cat "$w/out")"
has rollback-still-waiting-run "$g" '<order step="T1.A2.3" country="austria" source="ahead-c.txt:3" run="1">'
has rollback-replaced-run "$g" '<order step="T1.A2.2" country="prussia" source="ahead-b.txt:3" run="1">'
wres 4 wr2b.txt
has rollback-still-waiting-note "$w/wr2b.txt" "Austria's order for STEP T1.A2.3 waits again for its step."
tr -s '\n ' '  ' < "$w/wr2b.txt" > "$w/wr2b.flat"
has rollback-replaced-note "$w/wr2b.flat" "Prussia's order for STEP T1.A2.2, sent in a run undone, still waits for its step."
has rollback-still-waiting-count "$w/wr2b.txt" "2 order(s) wait for their step."
wres 5 /dev/null open.txt
"$adj" report "$g" --run 2 --seed-file "$w/seed" > "$w/wr2c.txt"
cmp -s "$w/wr2b.txt" "$w/wr2c.txt" && ok ||
	{ bad "report --run 2 after the rollback"; diff "$w/wr2b.txt" "$w/wr2c.txt"; }
"$adj" report "$g" --run 1 --seed-file "$w/seed" > "$w/wr1c.txt"
cmp -s "$w/wr1.txt" "$w/wr1c.txt" && ok ||
	{ bad "report --run 1 after the rollback"; diff "$w/wr1.txt" "$w/wr1c.txt"; }
verify "a rollback of waiting orders"
cd "$top"

# Archives replay forever: every golden game file made by version 0.2
# still loads and verifies.
for d in "$top"/tests/games/*/; do
	golden=$d/expected/game.xml
	# a scenario made since issue 19 keeps it gzipped
	if [ -f "$golden.gz" ]; then
		gzip -dc "$golden.gz" > "$w/golden.xml"
		golden=$w/golden.xml
	fi
	"$adj" verify "$golden" --seed-file "$d/seed" > /dev/null &&
	    ok || bad "verify $d"
done

echo "moderator: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
