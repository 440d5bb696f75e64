#!/bin/sh
# club.sh - a club's judge on one cron line (issue 18): a folder of games
# behind one IMAP mailbox, `adjudicator run --games DIR` against a private
# Dovecot and an SMTP sink on loopback (tests/mail-servers.sh):
#   1. mail encrypted to the moderator reaches its game by the GAME line
#      inside, PGP/MIME and inline, with no game in the Subject;
#   2. a game that has had no mail (no folder of its own) runs: reminders
#      and the defaults of R37;
#   3. automatic mail naming no game (every sign adjudicator(1) lists) is
#      never answered;
#   4. mail for an unknown game is answered once, also when the folder
#      aor-unknown cannot take it and the mail stays in the inbox;
#   5. dotted game ids (spring and spring.b) get folders that do not
#      collide on a server whose hierarchy separator is ".";
#   6. a file that is not a game (house-rules.xml) is skipped with one
#      notice and never offered as a game;
#   7. a new game's run 0 reports are mailed, and a replacement player
#      gets the current private report with its order form;
#   8. a run killed during GnuPG work leaves a temporary GnuPG home and
#      its gpg-agent, which the next run removes;
#   and a step of three games killed at six fixed moments loses nothing
#   and applies nothing twice;
#   and real clients' shapes: mutt's inline PGP (signed and encrypted),
#   PGP/MIME encrypted, Thunderbird's format=flowed and its PGP/MIME
#   signed mail with protected headers, Python's quoted-printable (an
#   order attached: tests/mail-e2e.sh).
# Ports: $AOR_IMAP_PORT (10143) and $AOR_SMTP_PORT (10025).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/tools/common.sh"
mail_prologue club
unset ADJUDICATOR_MAIL_USER ADJUDICATOR_MAIL_PASSWORD \
	ADJUDICATOR_TEST_CRASH_AFTER_FETCH ADJUDICATOR_TEST_CRASH_IN_GNUPG

for k in moderator prussia spain carol; do mkkey "$k"; done
for k in prussia spain; do
	gpg --homedir "$w/$k" --batch --quiet --import "$w/moderator.asc" \
		2>/dev/null
done
start_servers
export GNUPGHOME=$w/moderator
MOD='Moderator <mod@test.invalid>'
D="doveadm -c $srv/dovecot.conf"
J=$w/club
mkdir "$J"
$D mailbox create -u moderator judge
jsave() { $D save -u moderator -m judge; }
jcount() { $D search -u moderator mailbox "$1" ALL 2>/dev/null | wc -l; }
T=2026-12-01T01:00:00Z
jrun() {
	"$adj" run --games "$J" --imap "imap://127.0.0.1:$IMAP_PORT/judge" \
		--smtp "smtp://127.0.0.1:${SMTP_TO:-$SMTP_PORT}" --from "$MOD" \
		--netrc "$srv/netrc" --insecure-plain --now "$T" "$@" \
		> "$w/out" 2> "$w/err"
}
newgame() {	# newgame ID [new's options]
	id=$1
	shift
	"$adj" new -o "$J/$id.xml" --id "$id" --now 2026-12-01T00:00:00Z \
		--deadline-hours 48 --report /dev/null \
		--player prussia:Anna:prussia@test.invalid \
		--player spain:Bob:spain@test.invalid "$@" > /dev/null 2>&1 ||
		bad "new $id failed"
}
signed() {
	printf '%064d\n' 7 > "$w/seed.$1"
	newgame "$1" --seed-file "$w/seed.$1" --key prussia:"$w/prussia.asc" \
		--key spain:"$w/spain.asc" --moderator-key "$w/moderator.asc"
}
pending_of() {	# "STEP Country" of the game's first pending decision
	"$adj" status "$1" |
	    sed -n 's/^pending: STEP \([^ ]*\) from \([^:]*\):.*/\1 \2/p' |
	    head -1
}
lc() { echo "$1" | tr 'A-Z' 'a-z'; }
nm() { [ "$1" = Prussia ] && echo Anna || echo Bob; }
other() { [ "$1" = Prussia ] && echo Spain || echo Prussia; }
order() {	# order FILE GAME COUNTRY STEP LINE...
	of=$1
	printf 'GAME %s\nCOUNTRY %s\nSTEP %s\n' "$2" "$3" "$4" > "$of"
	shift 4
	for l in "$@"; do printf '%s\n' "$l"; done >> "$of"
}
headers() {	# headers FROM MESSAGE-ID SUBJECT
	printf 'From: %s\nTo: %s\nSubject: %s\n' "$1" "$MOD" "$3"
	printf 'Date: Tue, 01 Dec 2026 00:30:00 +0000\nMessage-ID: %s\n' "$2"
	printf 'MIME-Version: 1.0\n'
}
plain_mail() {	# plain_mail FROM ID SUBJECT TEXTFILE
	headers "$1" "$2" "$3"
	printf 'Content-Type: text/plain; charset=utf-8\n\n'
	cat "$4"
}
sink_count() { ls "$srv/sink/new" | wc -l; }
# The sink as lines "file|to|from|subject|message-id|in-reply-to|rcpt|auto"
sink() {
	"$PY" - "$srv/sink/new" <<'EOF'
import email, email.policy, os, sys
d = sys.argv[1]
for f in sorted(os.listdir(d), key=lambda f: os.path.getmtime(os.path.join(d, f))):
    with open(os.path.join(d, f), 'rb') as fh:
        m = email.message_from_binary_file(fh, policy=email.policy.default)
    h = lambda k: ' '.join(str(m.get(k, '')).split())
    print('|'.join([f, h('To'), h('From'), h('Subject'), h('Message-ID'),
                    h('In-Reply-To'), h('X-RcptTo'), h('Auto-Submitted')]))
EOF
}
body() {	# body FILE: the decoded text of a sink message
	"$PY" - "$srv/sink/new/$1" <<'EOF'
import email, email.policy, sys
with open(sys.argv[1], 'rb') as fh:
    m = email.message_from_binary_file(fh, policy=email.policy.default)
sys.stdout.write(m.get_body(preferencelist=('plain',)).get_content())
EOF
}
snap() { sink > "$w/sink.txt"; }
answers_to() { awk -F'|' -v m="$1" '$6 == m' "$w/sink.txt" | wc -l; }
with_subject() { awk -F'|' -v s="$1" '$4 == s' "$w/sink.txt"; }

# ------------------------------------------------------------------
# The club: a signed game, a quiet one, spring and spring.b, a ruleset

signed enc
newgame quiet
newgame spring
newgame spring.b
# an older judge's folder of spring.b: on a server whose separator is
# ".", it makes "aor-game-spring" a parent that holds no mail
$D mailbox create -u moderator aor-game-spring.b
cp "$top/formats/age-of-reason.xml" "$J/house-rules.xml"

# 1. Encrypted to the moderator, the Subject naming no game
set -- $(pending_of "$J/enc.xml")
EP=$1 EC=$2 ES=$(other "$2")
order "$w/e1" enc "$EC" "$EP" "BID 0 A Russia B Netherlands"
order "$w/e2" enc "$ES" T1.A1.2 "PASS"
{ printf 'Content-Type: text/plain; charset=utf-8\n\n'; cat "$w/e1"; } |
	sed 's/$/\r/' > "$w/e1.entity"
gpg --homedir "$w/$(lc "$EC")" --batch --quiet --yes --pinentry-mode loopback \
	--passphrase '' --trust-model always --armor --sign --encrypt \
	-r "$(cat "$w/moderator.fpr")" -o "$w/e1.asc" "$w/e1.entity" 2>/dev/null
{ headers "$(nm "$EC") <$(lc "$EC")@test.invalid>" "<enc-1@test.invalid>" \
	"my orders"
  printf 'Content-Type: multipart/encrypted;\n protocol="application/pgp-encrypted";\n boundary="enc-1"\n\n'
  printf -- '--enc-1\nContent-Type: application/pgp-encrypted\n\nVersion: 1\n\n'
  printf -- '--enc-1\nContent-Type: application/octet-stream; name="encrypted.asc"\n\n'
  cat "$w/e1.asc"; printf '\n--enc-1--\n'; } | jsave
# mutt's inline ("traditional") PGP: signed and encrypted armour in the body
gpg --homedir "$w/$(lc "$ES")" --batch --quiet --yes --pinentry-mode loopback \
	--passphrase '' --trust-model always --armor --sign --encrypt \
	-r "$(cat "$w/moderator.fpr")" -o "$w/e2.asc" "$w/e2" 2>/dev/null
{ headers "$(nm "$ES") <$(lc "$ES")@test.invalid>" "<enc-2@test.invalid>" \
	"Re: hello"
  printf 'Content-Type: text/plain; charset=us-ascii\n'
  printf 'Content-Disposition: inline\nX-Mailer: Mutt\n\n'
  cat "$w/e2.asc"; } | jsave

# 5. Dotted ids: a Python email mail (quoted-printable) for spring.b, then
#    a Thunderbird-shaped one (format=flowed) for spring, whose folder's
#    name is a parent that holds no mail (above)
set -- $(pending_of "$J/spring.b.xml")
order "$w/s2" spring.b "$2" "$1" "BID 0 A Russia B Netherlands  # a long comment that makes this line longer than seventy-six characters"
"$PY" - "$(nm "$2") <$(lc "$2")@test.invalid>" "$MOD" "$w/s2" <<'EOF' | jsave
import email.message, email.policy, sys
m = email.message.EmailMessage(policy=email.policy.SMTP)
m['From'], m['To'], m['Subject'] = sys.argv[1], sys.argv[2], 'Zug für spring.b'
m['Message-ID'] = '<spring-2@test.invalid>'
m['Date'] = 'Tue, 01 Dec 2026 00:30:00 +0000'
m.set_content(open(sys.argv[3]).read() + '# Grüße\n', cte='quoted-printable')
sys.stdout.buffer.write(m.as_bytes())
EOF
set -- $(pending_of "$J/spring.xml")
order "$w/s1" spring "$2" "$1" "BID 0 A Russia B Netherlands"
{ headers "$(nm "$2") <$(lc "$2")@test.invalid>" "<spring-1@test.invalid>" \
	"bid"
  printf 'User-Agent: Mozilla/5.0 Thunderbird/115.5.0\n'
  printf 'Content-Type: text/plain; charset=UTF-8; format=flowed\n'
  printf 'Content-Transfer-Encoding: 7bit\n\nHello,\n\n'
  cat "$w/s1"; printf '\n-- \nAnna\n'; } | jsave

# 3. Automatic mail naming no game
robot() {	# N EXTRA-HEADER FROM SUBJECT [CONTENT-TYPE]
	{ [ -n "$2" ] && printf '%s\n' "$2"
	  headers "$3" "<auto-$1@test.invalid>" "$4"
	  printf 'Content-Type: %s\n\nI am away until Monday.\n' \
		"${5:-text/plain}"; } | jsave
}
B="Bob <spain@test.invalid>"
robot 1 'Precedence: bulk' "$B" "news"
robot 2 'Precedence: junk' "$B" "news"
robot 3 'Precedence: list' "$B" "news"
robot 4 'Precedence: auto_reply' "$B" "hello"
robot 5 'X-Autoreply: yes' "$B" "hello"
robot 6 'X-Autorespond: yes' "$B" "hello"
robot 7 'X-Auto-Response-Suppress: All' "$B" "hello"
robot 8 'Auto-Submitted: auto-replied' "$B" "hello"
robot 9 '' "$B" "Automatic reply: your mail"
robot 10 '' "$B" "Out of Office: back on Monday"
robot 11 '' "$B" "Abwesenheitsnotiz: Urlaub"
robot 12 '' "$B" "Delivery report" 'multipart/report; report-type=delivery-status; boundary="x"'
robot 13 'Return-Path: <>' "$B" "hello"
robot 14 '' "MAILER-DAEMON@test.invalid" "Undelivered Mail Returned to Sender"
robot 15 '' "postmaster@test.invalid" "failure notice"
robot 16 '' "$B" "Auto: away"
# a person's mail for a game of no one's: answered once, listing the games
order "$w/x1" nosuch Spain T1.A1.1 "PASS"
plain_mail "$B" "<stranger-1@test.invalid>" "orders" "$w/x1" | jsave

jrun
rc=$?
snap
cp "$w/err" "$w/err1"
[ "$rc" -eq 0 ] && ok || { bad "step 1: exit $rc"; cat "$w/out" "$w/err"; }
# 1.
for i in 1 2; do
	[ -f "$J/enc.xml.spool/00$i.txt" ] && [ "$(answers_to "<enc-$i@test.invalid>")" -eq 1 ] &&
	    [ -n "$(awk -F'|' -v m="<enc-$i@test.invalid>" '$6 == m && $4 ~ /^\[aor enc\] .*acknowledgement$/' "$w/sink.txt")" ] &&
	    ok || bad "1: the encrypted mail enc-$i did not reach game enc"
done
# 5.
for id in spring spring.b; do
	[ -f "$J/$id.xml.spool/001.txt" ] && grep -q "^GAME $id$" "$J/$id.xml.spool/001.txt" &&
	    ok || bad "5: the order for $id was not filed in $id"
done
[ "$(jcount judge)" -eq 0 ] && ok || bad "5: $(jcount judge) mails stay in the inbox"
for id in spring spring.b; do
	"$adj" status "$J/$id.xml" | grep -q "^pending: STEP T1.A1.2" && ok ||
	    bad "5: $id's order (flowed, quoted-printable) was not applied"
done
# 3.
n=0
for i in $(seq 1 16); do
	[ "$(answers_to "<auto-$i@test.invalid>")" -eq 0 ] || { n=$((n + 1)); echo "answered: auto-$i"; }
done
[ "$n" -eq 0 ] && ok || bad "3: $n automatic mails were answered"
[ "$(jcount aor-unknown)" -eq 17 ] && ok || bad "3: aor-unknown holds $(jcount aor-unknown), not 17"
grep -q "^judge: routed 4 mails to their games, 17 for no game here (1 answered)$" \
	"$w/out" && ok || { bad "3: the judge's summary"; cat "$w/out"; }
# 6.
line=$(awk -F'|' '$6 == "<stranger-1@test.invalid>"' "$w/sink.txt")
body "$(echo "$line" | cut -d'|' -f1)" > "$w/ans" 2>/dev/null
grep -q "^  spring.b$" "$w/ans" && grep -q "^  quiet$" "$w/ans" &&
	! grep -q "house-rules" "$w/ans" && ok ||
	{ bad "6: the answer offers these games:"; cat "$w/ans"; }
[ "$(grep -c "house-rules.xml" "$w/err1")" -eq 1 ] &&
	grep -q "house-rules.xml: .*not a game" "$w/err1" && ok ||
	{ bad "6: not one notice of house-rules.xml"; cat "$w/err1"; }
# 7. run 0's reports of every game, public and private
for id in enc quiet spring spring.b; do
	[ "$(with_subject "[aor $id] run 0: report" | wc -l)" -eq 1 ] &&
	    [ "$(with_subject "[aor $id] run 0: private report for Prussia" | wc -l)" -eq 1 ] &&
	    ok || bad "7: run 0's reports of $id were not mailed"
done

# 6. The notice once; 2. the quiet game has no folder and runs; a
#    Thunderbird-shaped PGP/MIME signed order (protected headers, flowed,
#    quoted-printable) whose Subject names no game
set -- $(pending_of "$J/enc.xml")
order "$w/e3" enc "$2" "$1" "BID 0 A Austria B France  # Thunderbird wraps this comment because the line is long"
{ printf 'Content-Type: multipart/mixed; boundary="------------tbMIX";\r\n'
  printf ' protected-headers="v1"\r\nSubject: ...\r\n\r\n'
  printf -- '--------------tbMIX\r\n'
  printf 'Content-Type: text/plain; charset=UTF-8; format=flowed\r\n'
  printf 'Content-Transfer-Encoding: quoted-printable\r\n\r\n'
  sed 's/ because/ =20\nbecause/' "$w/e3" | sed 's/$/\r/'
  printf '\r\n# Gr=C3=BC=C3=9Fe\r\n\r\n--------------tbMIX--\r\n'; } > "$w/e3.entity"
gpg --homedir "$w/$(lc "$2")" --batch --quiet --yes --pinentry-mode loopback \
	--passphrase '' --armor --detach-sign -o "$w/e3.sig" "$w/e3.entity" 2>/dev/null
{ headers "$(nm "$2") <$(lc "$2")@test.invalid>" "<enc-3@test.invalid>" "..."
  printf 'User-Agent: Mozilla Thunderbird\n'
  printf 'Content-Type: multipart/signed; micalg=pgp-sha256;\n protocol="application/pgp-signature";\n boundary="------------tbSIG"\n\n'
  printf 'This is an OpenPGP/MIME signed message (RFC 4880 and 3156)\n--------------tbSIG\r\n'
  cat "$w/e3.entity"
  printf '\r\n--------------tbSIG\nContent-Type: application/pgp-signature; name="OpenPGP_signature.asc"\n'
  printf 'Content-Disposition: attachment; filename="OpenPGP_signature.asc"\n\n'
  cat "$w/e3.sig"; printf '\n--------------tbSIG--\n'; } | jsave
$D mailbox list -u moderator | grep -q "quiet" && bad "2: quiet has a folder"
jrun
rc=$?
snap
[ "$rc" -eq 0 ] && ! grep -q "house-rules" "$w/err" && ok ||
	{ bad "6: step 2: exit $rc, or house-rules.xml again"; cat "$w/err"; }
[ -n "$(awk -F'|' '$6 == "<enc-3@test.invalid>" && $4 ~ /^\[aor enc\] .*: acknowledgement$/' "$w/sink.txt")" ] &&
	grep -q "kind=\"order\".*step=\"$1\".*spool/003.txt" "$J/enc.xml" && ok ||
	{ bad "the Thunderbird-shaped signed order was not applied"; cat "$w/out" "$w/err"; }

# The judge's state, damaged: a clear error naming file and line, and
# nothing routed
cp "$J/.judge.mail" "$w/judge.mail"
printf 'answer maybe 2026-12-01T01:00:00Z <x@y>\n' >> "$J/.judge.mail"
jrun
rc=$?
[ "$rc" -eq 65 ] && grep -q "club/.judge.mail:$(wc -l < "$J/.judge.mail"): error: not a line of the judge's state" "$w/err" &&
	! grep -q "^judge:" "$w/out" && ok ||
	{ bad "a damaged .judge.mail: exit $rc"; cat "$w/err"; }
cp "$w/judge.mail" "$J/.judge.mail"

# 4. Unknown-game mail that cannot be moved: answered once only
chmod 555 "$srv/home/moderator/Maildir/.aor-unknown/cur" \
	"$srv/home/moderator/Maildir/.aor-unknown/new" \
	"$srv/home/moderator/Maildir/.aor-unknown/tmp"
plain_mail "$B" "<stranger-2@test.invalid>" "orders" "$w/x1" | jsave
jrun
jrun
snap
[ "$(answers_to "<stranger-2@test.invalid>")" -eq 1 ] && ok ||
	bad "4: answered $(answers_to "<stranger-2@test.invalid>") times while it could not be moved"
[ "$(jcount judge)" -eq 1 ] && ok || bad "4: the mail did not stay in the inbox"
chmod 700 "$srv/home/moderator/Maildir/.aor-unknown/cur" \
	"$srv/home/moderator/Maildir/.aor-unknown/new" \
	"$srv/home/moderator/Maildir/.aor-unknown/tmp"
jrun
rc=$?
snap
[ "$rc" -eq 0 ] && [ "$(jcount judge)" -eq 0 ] &&
	[ "$(answers_to "<stranger-2@test.invalid>")" -eq 1 ] && ok ||
	bad "4: once movable: exit $rc, inbox $(jcount judge), answers $(answers_to "<stranger-2@test.invalid>")"
# An answer recorded as being sent when a run was killed is not sent
# again; one that met a closed SMTP port waits in the inbox and is sent by
# the next run, once
plain_mail "$B" "<stranger-3@test.invalid>" "orders" "$w/x1" | jsave
plain_mail "$B" "<stranger-4@test.invalid>" "orders" "$w/x1" | jsave
printf 'answer sending %s <stranger-3@test.invalid>\n' "$T" >> "$J/.judge.mail"
SMTP_TO=$("$PY" -c 'import socket; s = socket.socket()
s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])') jrun
rc=$?
[ "$rc" -eq 75 ] && [ "$(jcount judge)" -eq 1 ] &&
	grep -q "^answer queued .* <stranger-4@test.invalid>$" "$J/.judge.mail" &&
	ok || { bad "4: SMTP closed: exit $rc, inbox $(jcount judge)"; cat "$w/err"; }
jrun
rc=$?
snap
[ "$rc" -eq 0 ] && [ "$(jcount judge)" -eq 0 ] &&
	[ "$(answers_to "<stranger-3@test.invalid>")" -eq 0 ] &&
	[ "$(answers_to "<stranger-4@test.invalid>")" -eq 1 ] &&
	grep -q "^answer sent .* <stranger-4@test.invalid>$" "$J/.judge.mail" && ok ||
	bad "4: after the kill and the closed port: exit $rc, inbox $(jcount judge), answers $(answers_to "<stranger-3@test.invalid>") and $(answers_to "<stranger-4@test.invalid>")"

# 2. A reminder 11 hours before the deadline, the default after it
T=2026-12-02T13:00:00Z
jrun
snap
[ "$(with_subject "[aor quiet] reminder: T1.A1.1 due 2026-12-03 00:00 UTC" | wc -l)" -eq 1 ] &&
	ok || { bad "2: the quiet game got no reminder"; cat "$w/out" "$w/err"; }
T=2026-12-03T01:00:00Z
jrun
rc=$?
[ "$rc" -eq 0 ] && grep -q "^quiet: .*resolved run 1" "$w/out" &&
	grep -q 'kind="default"' "$J/quiet.xml" && ok ||
	{ bad "2: the quiet game's deadline default: exit $rc"; cat "$w/out" "$w/err"; }

# 7. A replacement player, with a key, while the decision is pending
set -- $(pending_of "$J/enc.xml")
"$adj" player "$J/enc.xml" "$(lc "$2")" --name Carol \
	--email carol@test.invalid --key "$w/carol.asc" > /dev/null 2>&1 ||
	bad "7: player failed"
mark=$(sink_count)
T=2026-12-03T02:00:00Z
jrun
snap
f=$(tail -n +"$((mark + 1))" "$w/sink.txt" | awk -F'|' -v c="$2" \
	'$7 == "carol@test.invalid" && $4 ~ ("private report for " c "$")' |
	cut -d'|' -f1)
[ -n "$f" ] && body "$f" > "$w/carol.asc.txt" &&
	gpg --homedir "$w/carol" --batch --quiet --decrypt "$w/carol.asc.txt" \
	    > "$w/carol.txt" 2>/dev/null &&
	grep -q "^== Your order form" "$w/carol.txt" &&
	grep -q "^STEP $1$" "$w/carol.txt" && ok ||
	{ bad "7: the new player got no order form for $1 ($f)"; cat "$w/out" "$w/err"; }

# 8. Killed during GnuPG work: the next run removes the home and its agent.
#    A step does its GnuPG work in the game's keyring and the moderator's
#    home (issue 18.9); a temporary home only where gpg refuses a key and
#    GPGME says why: Spain's key in "late" cannot be encrypted to.
h=$w/signonly
mkdir -m 700 "$h"
homes="$homes $h"
gpg --homedir "$h" --batch --quiet --pinentry-mode loopback --passphrase '' \
	--quick-generate-key "signonly <spain@test.invalid>" ed25519 sign never \
	2> /dev/null
gpg --homedir "$h" --armor --export > "$w/signonly.asc" 2> /dev/null
printf '%064d\n' 7 > "$w/seed.late"
newgame late --seed-file "$w/seed.late" --key prussia:"$w/prussia.asc" \
	--key spain:"$w/signonly.asc" --moderator-key "$w/moderator.asc"
# a temporary folder of this suite's own: a run of another suite that
# sweeps /tmp meanwhile must not take the leftovers before the next run
mkdir -m 700 "$w/t"
TMPDIR=$w/t ADJUDICATOR_TEST_CRASH_IN_GNUPG=kill "$adj" run --games "$J" \
	--imap "imap://127.0.0.1:$IMAP_PORT/judge" \
	--smtp "smtp://127.0.0.1:$SMTP_PORT" --from "$MOD" \
	--netrc "$srv/netrc" --insecure-plain --now "$T" > "$w/out" 2> "$w/err" &
pid=$!
{ wait "$pid"; } 2> /dev/null	# no "Killed" from the shell
rc=$?
left=
for d in "$w"/t/aor.*; do
	[ -f "$d/owner" ] && [ "$(cat "$d/owner" 2>/dev/null)" = "$pid" ] &&
		left="$left $d"
done
[ "$rc" -eq 137 ] && [ -n "$left" ] && ok ||
	bad "8: the hook did not kill a run in GnuPG work (exit $rc, left '$left')"
agents=0
for d in $left; do
	pgrep -f "gpg-agent --homedir $d" > /dev/null && agents=$((agents + 1))
done
[ "$agents" -gt 0 ] && ok || bad "8: no gpg-agent was left to remove"
TMPDIR=$w/t jrun
rc=$?
snap
still=0
for d in $left; do
	[ -e "$d" ] && still=$((still + 1))
	pgrep -f "gpg-agent --homedir $d" > /dev/null && still=$((still + 1))
done
[ "$still" -eq 0 ] && grep -q "removed: a temporary GnuPG home" "$w/err" && ok ||
	{ bad "8: $still leftovers after the next run (exit $rc)"; cat "$w/err"; }
for d in $left; do	# what a failure above left
	[ -e "$d" ] && gpgconf --homedir "$d" --kill all 2>/dev/null && rm -rf "$d"
done
# ... and a game keyring being made beside the game when a run was killed
k=$J/enc.xml.keys.Ab12Cd
mkdir -m 700 "$k"
homes="$homes $k"
echo 999999999 > "$k/owner"
gpg-connect-agent --homedir "$k" /bye > /dev/null 2>&1
pgrep -f "gpg-agent --homedir $k" > /dev/null && ok || bad "8: no agent in $k"
jrun
[ ! -e "$k" ] && ! pgrep -f "gpg-agent --homedir $k" > /dev/null &&
	grep -q "enc.xml.keys.Ab12Cd: warning: removed: a temporary GnuPG home" "$w/err" &&
	ok || { bad "8: the keyring left beside enc.xml is still there"; cat "$w/err"; }
[ "$(with_subject "[aor late] run 0: private report for Spain" | wc -l)" -eq 1 ] && ok ||
	bad "8: the report of the killed run was not sent once"

# Killed at fixed moments of a step of three games (in the routing, a
# fetch, a resolve, a send): the next steps lose nothing and apply nothing
# twice.  Where each kill lands depends on the machine's speed; what is
# checked holds wherever it lands.
J2=$w/club2
mkdir "$J2"
$D mailbox create -u moderator judge2
for id in k1 k2 k3; do
	"$adj" new -o "$J2/$id.xml" --id "$id" --now 2026-12-03T01:00:00Z \
		--deadline-hours 48 --report /dev/null \
		--player prussia:Anna:prussia@test.invalid \
		--player spain:Bob:spain@test.invalid > /dev/null 2>&1 ||
		bad "new $id failed"
	set -- $(pending_of "$J2/$id.xml")
	order "$w/$id-1" "$id" "$2" "$1" "BID 0 A Russia B Netherlands"
	order "$w/$id-2" "$id" "$(other "$2")" T1.A1.2 "PASS"
	for n in 1 2; do
		who=$2
		[ "$n" -eq 2 ] && who=$(other "$2")
		plain_mail "$(nm "$who") <$(lc "$who")@test.invalid>" \
		    "<$id-$n@test.invalid>" "orders" "$w/$id-$n" |
		    $D save -u moderator -m judge2
	done
done
# krun exec, in a subshell in the background, makes the step the job
# itself, so that kill -9 hits the judge, not a subshell that would leave
# it running, holding the games' locks.
krun() {
	${1:-} "$adj" run --games "$J2" --imap "imap://127.0.0.1:$IMAP_PORT/judge2" \
		--smtp "smtp://127.0.0.1:$SMTP_PORT" --from "$MOD" \
		--netrc "$srv/netrc" --insecure-plain --now "$T" \
		> "$w/kout" 2> "$w/kerr"
}
for delay in 0.05 0.1 0.2 0.3 0.5 0.8; do
	(krun exec) &
	kpid=$!
	sleep "$delay"
	kill -9 "$kpid" 2> /dev/null
	{ wait "$kpid"; } 2> /dev/null
done
krun
krun
rc=$?
[ "$rc" -eq 0 ] && [ "$(jcount judge2)" -eq 0 ] && ok ||
	{ bad "after the kills: exit $rc, $(jcount judge2) mails in the inbox"; cat "$w/kerr"; }
for id in k1 k2 k3; do
	filed=$(grep -c 'status="filed"' "$J2/$id.xml.mail")
	applied=$(grep -c 'kind="order".*source="[^"]*spool/' "$J2/$id.xml")
	ids=$(grep -o 'message-id="&lt;[^&]*&gt;" [^>]*status="filed"' \
	    "$J2/$id.xml.mail" | cut -d'"' -f2 | sort | uniq -d | wc -l)
	[ "$filed" -eq 2 ] && [ "$applied" -eq 2 ] && [ "$ids" -eq 0 ] &&
	    "$adj" status "$J2/$id.xml" | grep -q "^pending: STEP T1.A2.1" &&
	    "$adj" verify "$J2/$id.xml" > /dev/null 2>&1 && ok ||
	    bad "killed steps: $id has $filed filed, $applied applied, $ids taken twice"
done

for id in enc quiet spring spring.b late; do
	"$adj" verify "$J/$id.xml" --seed-file "$w/seed.$id" > /dev/null 2>&1 ||
	    "$adj" verify "$J/$id.xml" > /dev/null 2>&1 && ok || bad "verify $id"
done
echo "club: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
