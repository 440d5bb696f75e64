#!/bin/sh
# keys-dice.sh - issue 17: what a moderator cannot do unseen.  Keys and
# signing times (points 5, 6, 8): a signature dated after the run, a key
# change that voids the orders queued under the old key, a rollback past
# a key's registration, a revoked key registered again, one key for two
# countries (point 7, expiry, is in trust.sh).  Throwaway keys in
# short-lived GnuPG homes (every gpg-agent is ended).
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
order answer.txt kd Prussia T1.A1.2 "PASS"
sign prussia "$w/answer.txt" "$w/answer.asc"
resolve "$w/answer.asc" > /dev/null 2> "$w/err" || { bad "answer"; cat "$w/err"; }
for i in 1 2 3; do
	"$adj" resolve "$g" --deadline-passed --now "2026-12-0$((i + 3))T10:00:00Z" \
		--report /dev/null > /dev/null 2>&1
done
"$adj" verify "$g" > "$w/out" 2>&1 && ok || { bad "verify after playing on"; cat "$w/out"; }

echo "keys-dice: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
