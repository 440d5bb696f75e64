#!/bin/sh
# keys-dice.sh - issue 17: what a moderator cannot do unseen.  Keys and
# signing times (points 5, 6, 8): a signature dated after the run, a key
# change that voids the orders queued under the old key, a rollback past
# a key's registration, a revoked key registered again, one key for two
# countries (point 7, expiry, is in trust.sh).  Dice the moderator
# cannot choose (9, 10): a retried rollback, the order of a run's files.
# The history's chained digest in every report and 'verify --report'
# (11).  Throwaway keys in short-lived GnuPG homes (every gpg-agent is
# ended).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
adj=${ADJUDICATOR:-$top/build/adjudicator}
. "$top/tests/tools/common.sh"	# ok, bad, expect, mkkey NAME [EXPIRE]
w=$(mktemp -d /tmp/aor.XXXXXX)
homes=
cleanup() {
	for h in $homes; do gpgconf --homedir "$h" --kill all 2>/dev/null; done
	rm -rf "$w"
}
trap cleanup EXIT
pass=0
fail=0

sign() {	# sign NAME IN OUT [gpg options]
	k=$1 in=$2 out=$3
	shift 3
	gpg --homedir "$w/$k" --batch --quiet --yes --pinentry-mode loopback \
		--passphrase '' "$@" --clearsign -o "$out" "$in" 2>/dev/null
}
order() {	# order FILE GAME COUNTRY STEP LINE...
	f=$w/$1 gid=$2 c=$3 s=$4
	shift 4
	{ printf 'GAME %s\nCOUNTRY %s\nSTEP %s\n' "$gid" "$c" "$s"
	  for l in "$@"; do printf '%s\n' "$l"; done; } > "$f"
}
has() {		# has NAME FILE TEXT
	grep -qF -- "$3" "$2" && ok || { bad "$1: '$3' not in $2:"; cat "$2"; }
}
hasnt() {	# hasnt NAME FILE TEXT
	grep -qF -- "$3" "$2" && { bad "$1: '$3' in $2"; cat "$2"; } || ok
}
runs() { sed -n 's/^<game [^>]* run="\([0-9]*\)".*/\1/p' "$1"; }
T=2026-12-01T10:00:00Z

for k in moderator prussia spain prussia2 prussia3; do mkkey $k; done
export GNUPGHOME=$w/moderator
printf '%064d\n' 2 > "$w/seed"
chmod 600 "$w/seed"
newgame() {	# newgame FILE ID KEYS...
	f=$1 id=$2
	shift 2
	"$adj" new -o "$f" --id "$id" --now 2026-12-01T00:00:00Z \
		--seed-file "$w/seed" --report /dev/null \
		--player prussia:P:p@x --player spain:S:s@x "$@"
}
g=$w/game.xml
newgame "$g" kd --deadline-hours 48 --key prussia:"$w/prussia.asc" \
	--key spain:"$w/spain.asc" --moderator-key "$w/moderator.asc" \
	> /dev/null 2>&1 || { echo "new failed"; exit 1; }
resolve() { "$adj" resolve "$g" "$@" --now "$T" --report "$w/report.txt"; }
"$adj" status "$g" | grep -q "^pending: STEP T1.A1.1 from Spain:" && ok ||
	bad "the pinned seed does not make Spain open"

# Point 8: one key, one country, in new, key and player.
expect new-same-key 65 "is registered for Prussia already" \
	newgame "$w/two.xml" kd --key prussia:"$w/prussia.asc" \
	--key spain:"$w/prussia.asc"
[ ! -e "$w/two.xml" ] && ok || bad "new made a game with one key for two"
expect key-same-key 65 "is registered for Prussia already" \
	"$adj" key "$g" spain "$w/prussia.asc" --now "$T"
expect player-same-key 65 "is registered for Prussia already" \
	"$adj" player "$g" spain --name Carl --email c@x \
	--key "$w/prussia.asc" --now "$T"
expect key-moderator-key 65 "is registered for the moderator already" \
	"$adj" key "$g" spain "$w/moderator.asc" --now "$T"

# Point 5: a signature dated after the run is refused.
order open.txt kd Spain T1.A1.1 "BID 0 A Russia B Netherlands"
sign spain "$w/open.txt" "$w/future.asc" --faked-system-time 20900101T000000
expect forward-dated 65 "after the time of this run" resolve "$w/future.asc"
sign spain "$w/open.txt" "$w/open.asc"
resolve "$w/open.asc" > /dev/null 2>&1 && ok || bad "Spain's opening was refused"
# Prussia answers and sends her bid for auction 2 ahead (it waits, R36).
order ahead.txt kd Prussia T1.A2.1 "BID 0 A Austria B France"
# signed five minutes ahead of the clock, as a clock may be (the skew
# allowed is 15 minutes)
sign prussia "$w/ahead.txt" "$w/ahead.asc" --faked-system-time "$(($(date +%s) + 300))"
resolve "$w/ahead.asc" > /dev/null 2>&1 && ok || bad "Prussia's bid ahead was refused"
"$adj" status "$g" > "$w/st"
has queued "$w/st" "queued: STEP T1.A2.1 from Prussia"
# A new key voids the orders queued under the old one, and says so.
"$adj" key "$g" prussia "$w/prussia2.asc" --now "$T" > "$w/out" 2> "$w/err" ||
	{ bad "key prussia2"; cat "$w/err"; }
has key-voids "$w/out" "voided: STEP T1.A2.1 from Prussia (signed with the key replaced): Prussia sends it again, signed with the new key"
"$adj" status "$g" > "$w/st"
hasnt key-voids-queue "$w/st" "queued: STEP T1.A2.1 from Prussia"
"$adj" report "$g" --for prussia > "$w/r.txt"
has key-voids-report "$w/r.txt" "send it again"
# The order sent again under the new key counts, though signed before
# the voided one.
echo "# again" >> "$w/ahead.txt"
sign prussia2 "$w/ahead.txt" "$w/ahead2.asc"
resolve "$w/ahead2.asc" > /dev/null 2> "$w/err" && ok ||
	{ bad "the order sent again under the new key"; cat "$w/err"; }
"$adj" status "$g" > "$w/st"
has requeued "$w/st" "queued: STEP T1.A2.1 from Prussia"
# A revocation voids them too.
rev=$w/prussia2/openpgp-revocs.d/$(cat "$w/prussia2.fpr").rev
"$adj" key "$g" prussia "$rev" --now "$T" > "$w/out" 2> "$w/err" ||
	{ bad "revoke prussia2"; cat "$w/err"; }
has revoke-voids "$w/out" "voided: STEP T1.A2.1 from Prussia"
# Point 8: a revoked key stays revoked.
expect revoked-again 65 "is revoked (history entry" \
	"$adj" key "$g" prussia "$w/prussia2.asc" --now "$T"
expect revoked-again-player 65 "is revoked (history entry" \
	"$adj" player "$g" prussia --name Paula --email pp@x \
	--key "$w/prussia2.asc" --now "$T"
"$adj" key "$g" prussia "$w/prussia.asc" --now "$T" > /dev/null 2>&1 && ok ||
	bad "a key replaced but never revoked could not come back"
"$adj" verify "$g" > "$w/out" 2>&1 && ok || { bad "verify after the key changes"; cat "$w/out"; }

# Point 6: a rollback past a key's registration sends the orders signed
# with that key back to their player, and the game still verifies.
before=$(runs "$g")
"$adj" key "$g" prussia "$w/prussia3.asc" --now "$T" > /dev/null 2>&1 ||
	bad "key prussia3"
echo "# third" >> "$w/ahead.txt"
sign prussia3 "$w/ahead.txt" "$w/ahead3.asc"
resolve "$w/ahead3.asc" > /dev/null 2> "$w/err" || { bad "ahead3"; cat "$w/err"; }
"$adj" rollback "$g" --to-run "$before" --now "$T" > "$w/out" 2> "$w/err" ||
	{ bad "rollback past the key"; cat "$w/err"; }
has rollback-resend "$w/out" "resend: STEP T1.A2.1 from Prussia"
"$adj" status "$g" > "$w/st"
hasnt rollback-not-queued "$w/st" "queued: STEP T1.A2.1 from Prussia"
"$adj" verify "$g" > "$w/out" 2>&1 && ok || { bad "verify after the rollback"; cat "$w/out"; }
# The orders a key change voided wait again when a rollback undoes the
# change: they were signed with the key registered again.
echo "# fourth" >> "$w/ahead.txt"
sign prussia "$w/ahead.txt" "$w/ahead4.asc"
resolve "$w/ahead4.asc" > /dev/null 2> "$w/err" || { bad "ahead4"; cat "$w/err"; }
before=$(runs "$g")
"$adj" key "$g" prussia "$w/prussia3.asc" --now "$T" > "$w/out" 2>&1 ||
	{ bad "key prussia3 again"; cat "$w/out"; }
has voided-again "$w/out" "voided: STEP T1.A2.1 from Prussia"
"$adj" rollback "$g" --to-run "$before" --now "$T" > "$w/out" 2> "$w/err" ||
	{ bad "rollback past the voiding key"; cat "$w/err"; }
has rollback-unvoided "$w/out" "waiting: STEP T1.A2.1 from Prussia"
"$adj" status "$g" > "$w/st"
has rollback-unvoided-queue "$w/st" "queued: STEP T1.A2.1 from Prussia"
"$adj" verify "$g" > "$w/out" 2>&1 && ok || { bad "verify after the rollback of the voiding key"; cat "$w/out"; }
order answer.txt kd Prussia T1.A1.2 "PASS"
sign prussia "$w/answer.txt" "$w/answer.asc"
resolve "$w/answer.asc" > /dev/null 2> "$w/err" || { bad "answer"; cat "$w/err"; }
for i in 1 2 3; do
	"$adj" resolve "$g" --deadline-passed --now "2026-12-0$((i + 3))T10:00:00Z" \
		--report /dev/null > /dev/null 2>&1
done
"$adj" verify "$g" > "$w/out" 2>&1 && ok || { bad "verify after playing on"; cat "$w/out"; }
grep -q 'kind="order" [^>]*step="T1.A2.1" country="prussia"' "$g" && ok ||
	bad "the order that waited again was not applied at its step"

# Point 10: the order of a run's files does not choose the dice.  Two
# games from the same seed take the same two files in either order; the
# draws that follow are the same.
order p.txt dice Prussia T1.A1.2 "BID 1 A Russia B Netherlands" "ENTROPY p-one"
order s.txt dice Spain T1.A1.1 "BID 0 A Russia B Netherlands" "ENTROPY s-one"
for v in a b; do
	newgame "$w/$v.xml" dice > /dev/null 2>&1 || bad "new $v"
done
(cd "$w" && "$adj" resolve a.xml p.txt s.txt --seed-file seed --now "$T" \
	--deadline-passed --report /dev/null) > /dev/null 2>&1 || bad "resolve a"
(cd "$w" && "$adj" resolve b.xml s.txt p.txt --seed-file seed --now "$T" \
	--deadline-passed --report /dev/null) > /dev/null 2>&1 || bad "resolve b"
for v in a b; do
	for i in 2 3 4; do
		"$adj" resolve "$w/$v.xml" --deadline-passed --seed-file "$w/seed" \
			--now "2026-12-0${i}T10:00:00Z" --report "$w/$v-$i.txt" \
			> /dev/null 2>&1 || bad "resolve $v $i"
	done
	grep '<draw ' "$w/$v.xml" > "$w/$v.draws"
done
[ "$(wc -l < "$w/a.draws")" -gt 46 ] && ok || bad "no draws after the entropy"
cmp -s "$w/a.draws" "$w/b.draws" && ok ||
	{ bad "the order of the files changed the dice"; diff "$w/a.draws" "$w/b.draws"; }
# the reports differ in the history's digest only: the two histories
# hold the same entries in another order
for v in a b; do
	sed '/^History digest/,/^Rollbacks/d' "$w/$v-4.txt" > "$w/$v-4.cut"
done
cmp -s "$w/a-4.cut" "$w/b-4.cut" && ok ||
	{ bad "the order of the files changed the report"; diff "$w/a-4.cut" "$w/b-4.cut"; }
"$adj" verify "$w/b.xml" --seed-file "$w/seed" > "$w/out" 2>&1 && ok ||
	{ bad "verify of a game with ENTROPY in two files"; cat "$w/out"; }
grep -q '^<game [^>]* dice="2"' "$w/a.xml" && ok || bad "a new game does not record its dice rule"
# A game of rule 1 (no dice attribute: every file made before) keeps the
# rule it was played under: its ENTROPY joins in the order taken.
for v in c d; do
	newgame "$w/$v.xml" dice > /dev/null 2>&1 || bad "new $v"
	sed -i 's/ dice="2"//' "$w/$v.xml"
	rm -f "$w/$v.xml.cache"
done
(cd "$w" && "$adj" resolve c.xml p.txt s.txt --seed-file seed --now "$T" \
	--deadline-passed --report /dev/null) > /dev/null 2>&1 || bad "resolve c"
(cd "$w" && "$adj" resolve d.xml s.txt p.txt --seed-file seed --now "$T" \
	--deadline-passed --report /dev/null) > /dev/null 2>&1 || bad "resolve d"
for v in c d; do
	for i in 2 3 4; do
		"$adj" resolve "$w/$v.xml" --deadline-passed --seed-file "$w/seed" \
			--now "2026-12-0${i}T10:00:00Z" --report /dev/null \
			> /dev/null 2>&1 || bad "resolve $v $i"
	done
	grep '<draw ' "$w/$v.xml" > "$w/$v.draws"
	"$adj" verify "$w/$v.xml" --seed-file "$w/seed" > "$w/out" 2>&1 && ok ||
		{ bad "verify of the rule 1 game $v"; cat "$w/out"; }
done
grep -q ' dice=' "$w/c.xml" && bad "a rule 1 game was given a dice rule" || ok
cmp -s "$w/c.draws" "$w/a.draws" && ok || bad "rule 1 changed the dice of the files in one order"
cmp -s "$w/c.draws" "$w/d.draws" && bad "rule 1 no longer takes ENTROPY in the order accepted" || ok

# Point 9: the dice after a rollback depend on the seed, the run and the
# number of rollbacks only: the same rollback tried again from the file
# as it was gives the same dice, and every report counts the rollbacks.
cp "$w/a.xml" "$w/a3.xml"
try() {	# try N: roll a.xml back to run 2, play run 3, keep its draws
	"$adj" rollback "$w/a.xml" --to-run 2 --now "$T" > /dev/null 2>&1 ||
		bad "rollback $1"
	"$adj" resolve "$w/a.xml" --deadline-passed --seed-file "$w/seed" \
		--now 2026-12-05T10:00:00Z --report "$w/try$1.txt" \
		> /dev/null 2>&1 || bad "resolve after rollback $1"
	grep '<draw ' "$w/a.xml" > "$w/try$1.draws"
}
try 1
cp "$w/a3.xml" "$w/a.xml"
try 2
cmp -s "$w/try1.draws" "$w/try2.draws" && ok ||
	{ bad "a retried rollback gave other dice"; diff "$w/try1.draws" "$w/try2.draws"; }
has rollbacks-1 "$w/try1.txt" "Rollbacks: 1"
try 3
grep -q "^rollbacks 2\$" "$w/a.xml" && ok || bad "the second rollback does not count 2"
has rollbacks-2 "$w/try3.txt" "Rollbacks: 2"
"$adj" report "$w/a.xml" --seed-file "$w/seed" \
	--template "$top/templates/report-html.xsl" > "$w/a.html"
has rollbacks-html "$w/a.html" "Rollbacks: 2"
"$adj" verify "$w/a.xml" --seed-file "$w/seed" > "$w/out" 2>&1 && ok ||
	{ bad "verify after the rollbacks"; cat "$w/out"; }

# Point 11: a digest of the history through its run, chained, in every
# report; verify prints the chain and knows a report of this archive.
digest() {	# digest REPORT: its run and history digest
	awk '/^History digest through run [0-9]+ / { r = $5; getline
		sub(/^  /, ""); print r, $0 }' "$1"
}
set -- $(digest "$w/b-4.txt")
[ "${1:-}" = 4 ] && [ -n "${2:-}" ] && ok || bad "no history digest in the report of run 4"
d4=${2:-none}
"$adj" report "$w/b.xml" --seed-file "$w/seed" --for prussia > "$w/priv.txt"
set -- $(digest "$w/priv.txt")
[ "${1:-}" = 4 ] && [ "${2:-}" = "$d4" ] && ok ||
	{ bad "the private report has another history digest"; cat "$w/priv.txt"; }
"$adj" report "$w/b.xml" --seed-file "$w/seed" \
	--template "$top/templates/report-html.xsl" > "$w/b.html"
has digest-html "$w/b.html" "$d4"
"$adj" verify "$w/b.xml" --seed-file "$w/seed" > "$w/out" 2>&1 || bad "verify b"
has verify-chain "$w/out" "history digest, run 4: $d4"
"$adj" verify "$w/b.xml" --seed-file "$w/seed" --report "$w/b-4.txt" > "$w/out" 2>&1 && ok ||
	{ bad "verify --report of a report of this game"; cat "$w/out"; }
has verify-report "$w/out" "is a report of run 4 of this game"
# The same game played on differently from run 3: its report of run 4
# is not one of b.xml's.
cp "$w/b.xml~" "$w/c.xml"
"$adj" resolve "$w/c.xml" --deadline-passed --seed-file "$w/seed" \
	--now 2026-12-04T11:00:00Z --report "$w/c-4.txt" > /dev/null 2>&1 ||
	bad "resolve c"
"$adj" verify "$w/b.xml" --seed-file "$w/seed" --report "$w/c-4.txt" > "$w/out" 2>&1 &&
	bad "a report of another history passed" || ok
has verify-report-other "$w/out" "is not a report of this game: its history digest of run 4"

echo "keys-dice: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
