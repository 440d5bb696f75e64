#!/bin/sh
# mail-e2e.sh - a game moderated by mail end to end (issue 6): a private
# Dovecot and an SMTP sink on loopback (tests/mail-servers.sh), throwaway
# keys (a moderator, two players, a stranger), a two-player signed game,
# and `adjudicator run` / `fetch` / `send` against them:
#   - orders in every MIME shape are fetched, verified and applied;
#   - a message seen twice and an order mailed twice count once;
#   - forged, unsigned, foreign, unreadable and PGP/MIME-signed mail is
#     answered with a rejection, kept in a folder, and changes nothing;
#   - answers and reports reach the sink with the right headers, private
#     reports encrypted to their player's key only;
#   - a run killed between fetch and send loses nothing and sends nothing
#     twice; an unreachable SMTP server leaves the mail for the next run;
#   - reminders once per step, a deadline's default, clear errors and
#     status 75 for a wrong password or a closed port;
#   - one mailbox for many games (run --games DIR): mail routed by its
#     GAME line, mail for no game of the folder answered, each game
#     locked on its own.
# Ports: $AOR_IMAP_PORT (10143) and $AOR_SMTP_PORT (10025); a closed port
# for the failure tests: $AOR_CLOSED_PORT (10026).  Everything started is
# stopped by PID, every gpg-agent ended, the folder removed.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/tools/common.sh"
mail_prologue mail-e2e
CLOSED_PORT=${AOR_CLOSED_PORT:-10026}
check() {	# check NAME command...: passes when the command succeeds
	name=$1
	shift
	if "$@"; then ok; else bad "$name"; fi
}
started_at=$(date +%s)

# ------------------------------------------------------------------
# Keys, servers, the game

for k in moderator prussia spain stranger; do mkkey "$k"; done
for k in prussia spain; do	# players encrypt to the moderator
	gpg --homedir "$w/$k" --batch --quiet --import "$w/moderator.asc" \
		2>/dev/null
done
if "$PY" -c 'import socket, sys
sys.exit(socket.socket().connect_ex(("127.0.0.1", int(sys.argv[1]))) != 0)' \
    "$CLOSED_PORT"; then
	echo "mail-e2e: port $CLOSED_PORT answers (set AOR_CLOSED_PORT)"
	echo "mail-e2e: 0 passed, 1 failed"
	exit 1
fi
start_servers
export GNUPGHOME=$w/moderator
unset ADJUDICATOR_MAIL_USER ADJUDICATOR_MAIL_PASSWORD \
	ADJUDICATOR_TEST_CRASH_AFTER_FETCH

new_game mailgame
run() {		# run [OPTIONS]: one cron step at time $T
	"$adj" run "$G" --imap "imap://127.0.0.1:$IMAP_PORT/INBOX" \
		--smtp "smtp://127.0.0.1:$SMTP_PORT" --from "$MOD" \
		--netrc "$srv/netrc" --insecure-plain --now "$T" "$@" \
		> "$w/out" 2> "$w/err"
}
deliver() { "$servers" deliver "$srv" < "$1"; }
pending() { pending_of "$G"; }
pending_of() {	# "STEP Country" of the game's first pending decision
	"$adj" status "$1" |
	    sed -n 's/^pending: STEP \([^ ]*\) from \([^:]*\):.*/\1 \2/p' |
	    head -1
}
addr() { echo "$1" | tr 'A-Z' 'a-z'; }	# Spain -> spain
name() { [ "$1" = Prussia ] && echo Anna || echo Bob; }
received_entries() { grep -c 'kind="received"' "$G"; }
sink_count() { ls "$srv/sink/new" | wc -l; }
in_folder() {	# how many messages the IMAP folder holds
	doveadm -c "$srv/dovecot.conf" search -u moderator mailbox "$1" \
		ALL 2>/dev/null | wc -l
}

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
attached() {	# attached FILE: "NAME TYPE" of each attachment, its text to $w/att
	"$PY" - "$srv/sink/new/$1" "$w/att" <<'EOF'
import email, email.policy, sys
with open(sys.argv[1], 'rb') as fh:
    m = email.message_from_binary_file(fh, policy=email.policy.default)
with open(sys.argv[2], 'w') as out:
    for a in m.iter_attachments():
        print(a.get_filename(), a.get_content_type())
        out.write(a.get_content())
EOF
}
# The sink lines with this subject (exactly), since mark $1.
with_subject() { tail -n +"$(($1 + 1))" "$w/sink.txt" | awk -F'|' -v s="$2" '$4 == s'; }
snap() { sink > "$w/sink.txt"; }

# ------------------------------------------------------------------
# Orders and mail in every shape

order() {	# order FILE COUNTRY STEP LINE...
	of=$1
	printf 'GAME %s\nCOUNTRY %s\nSTEP %s\n' "${GAME_ID:-mailgame}" "$2" \
		"$3" > "$of"
	shift 3
	for l in "$@"; do printf '%s\n' "$l"; done >> "$of"
}
clearsign() {	# clearsign KEY IN OUT
	gpg --homedir "$w/$1" --batch --quiet --yes --pinentry-mode loopback \
		--passphrase '' --clearsign -o "$3" "$2" 2>/dev/null
}
headers() {	# headers FROM MESSAGE-ID SUBJECT
	printf 'From: %s\nTo: %s\nSubject: %s\n' "$1" "$MOD" "$3"
	printf 'Date: Tue, 01 Dec 2026 00:30:00 +0000\nMessage-ID: %s\n' "$2"
	printf 'MIME-Version: 1.0\n'
}
plain_mail() {	# plain_mail FROM ID SUBJECT TEXTFILE [greeting]
	headers "$1" "$2" "$3"
	printf 'Content-Type: text/plain; charset=utf-8\n\n'
	[ $# -ge 5 ] && printf '%s\n\n' "$5"
	cat "$4"
}
qp_mail() {
	headers "$1" "$2" "$3"
	printf 'Content-Type: text/plain; charset=utf-8\n'
	printf 'Content-Transfer-Encoding: quoted-printable\n\n'
	"$PY" -c 'import quopri, sys
sys.stdout.buffer.write(quopri.encodestring(sys.stdin.buffer.read()))' < "$4"
}
base64_mail() {
	headers "$1" "$2" "$3"
	printf 'Content-Type: text/plain; charset=utf-8\n'
	printf 'Content-Transfer-Encoding: base64\n\n'
	base64 < "$4"
}
alternative_mail() {
	headers "$1" "$2" "$3"
	printf 'Content-Type: multipart/alternative; boundary="alt-7"\n\n'
	printf 'This is a multi-part message in MIME format.\n--alt-7\n'
	printf 'Content-Type: text/plain; charset=utf-8\n\n'
	cat "$4"
	printf '\n--alt-7\nContent-Type: text/html; charset=utf-8\n\n'
	printf '<html><body><pre>orders</pre></body></html>\n--alt-7--\n'
}
crlf_mail() { plain_mail "$@" | sed 's/$/\r/'; }
sigblock_mail() {
	plain_mail "$@"
	printf '\n-- \nBob, sent from a phone\n+34 555 0100\n'
}
pgpmime_encrypted() {	# pgpmime_encrypted FROM ID SUBJECT KEY TEXTFILE
	# padded to 512 bytes and not compressed, as adjudicator-orders(5) says
	cp "$5" "$w/padded.txt"
	n=$(wc -c < "$w/padded.txt")
	head -c $((511 - n % 512)) /dev/zero | tr '\0' '#' >> "$w/padded.txt"
	printf '\n' >> "$w/padded.txt"
	gpg --homedir "$w/$4" --batch --quiet --yes --pinentry-mode loopback \
		--passphrase '' --trust-model always --armor --sign \
		--compress-algo none --local-user "$(cat "$w/$4.fpr")" \
		--encrypt -r "$(cat "$w/moderator.fpr")" -o "$w/enc.asc" \
		"$w/padded.txt" 2>/dev/null
	headers "$1" "$2" "$3"
	printf 'Content-Type: multipart/encrypted;\n protocol="application/pgp-encrypted";\n boundary="enc-7"\n\n'
	printf 'This is an OpenPGP/MIME encrypted message (RFC 4880 and 3156)\n'
	printf -- '--enc-7\nContent-Type: application/pgp-encrypted\n\nVersion: 1\n\n'
	printf -- '--enc-7\nContent-Type: application/octet-stream; name="encrypted.asc"\n\n'
	cat "$w/enc.asc"
	printf '\n--enc-7--\n'
}
pgpmime_signed() {	# pgpmime_signed FROM ID SUBJECT KEY TEXTFILE
	{ printf 'Content-Type: text/plain; charset=utf-8\n\n'
	  cat "$5"; } | sed 's/$/\r/' > "$w/entity"
	gpg --homedir "$w/$4" --batch --quiet --yes --pinentry-mode loopback \
		--passphrase '' --armor --detach-sign -o "$w/entity.sig" \
		"$w/entity" 2>/dev/null
	headers "$1" "$2" "$3"
	printf 'Content-Type: multipart/signed; micalg=pgp-sha512;\n protocol="application/pgp-signature";\n boundary="sig-7"\n\n'
	printf 'This is an OpenPGP/MIME signed message (RFC 4880 and 3156)\n--sig-7\r\n'
	cat "$w/entity"
	printf '\r\n--sig-7\nContent-Type: application/pgp-signature; name="signature.asc"\n\n'
	cat "$w/entity.sig"
	printf '\n--sig-7--\n'
}
html_mail() {
	headers "$1" "$2" "$3"
	printf 'Content-Type: text/html; charset=utf-8\n\n<p>orders</p>\n'
}

# ------------------------------------------------------------------
# 1. Every MIME shape of a signed order, in one batch

# PGP/MIME signed orders are taken too (resolve checks the signed part
# and its signature again; tests/mail-pgpmime.sh tests what verify makes
# of them).
if "$adj" fetch --help | grep -q 'multipart/signed: accepted'; then
	hook=1
else
	hook=0
fi
set -- $(pending)
F=$2
if [ "$F" = Spain ]; then S=Prussia; else S=Spain; fi
f=$(addr "$F") s=$(addr "$S")
FA="$(name "$F") <$f@test.invalid>" SA="$(name "$S") <$s@test.invalid>"
[ "$1" = T1.A1.1 ] && ok || bad "the game does not start with T1.A1.1: $*"

order "$w/o1" "$F" T1.A1.1 "BID 0 A Russia B Netherlands"
order "$w/o2" "$S" T1.A1.2 "PASS"
order "$w/o3" "$S" T1.A2.1 "BID 0 A Austria B France"
order "$w/o4" "$F" T1.A2.2 "PASS"
order "$w/o5" "$F" T1.A3.1 "BID 0 A Great Britain B Prussia" \
	"STEP T1.A4.2" "PASS"
# auction 4 sells the seventh country, Spain (R9)
order "$w/o6" "$S" T1.A3.2 "PASS" "STEP T1.A4.1" "BID 0 A Spain"
order "$w/o8" "$S" T1.S2 "PASS"
for i in 1 4 5; do clearsign "$f" "$w/o$i" "$w/o$i.asc"; done
for i in 2 3 6; do clearsign "$s" "$w/o$i" "$w/o$i.asc"; done
plain_mail "$FA" "<m1@test.invalid>" "bid" "$w/o1.asc" \
	"Hello moderator, my bid:" > "$w/m1.eml"
qp_mail "$SA" "<m2@test.invalid>" "pass" "$w/o2.asc" > "$w/m2.eml"
base64_mail "$SA" "<m3@test.invalid>" "bid" "$w/o3.asc" > "$w/m3.eml"
alternative_mail "$FA" "<m4@test.invalid>" "pass" "$w/o4.asc" > "$w/m4.eml"
crlf_mail "$FA" "<m5@test.invalid>" "bid" "$w/o5.asc" > "$w/m5.eml"
sigblock_mail "$SA" "<m6@test.invalid>" "pass" "$w/o6.asc" > "$w/m6.eml"
pgpmime_signed "$SA" "<m8@test.invalid>" "signed" "$s" "$w/o8" > "$w/m8.eml"
grep -q '=3D' "$w/m2.eml" && ok || bad "the quoted-printable mail encodes nothing"
grep -q "$(printf '\r$')" "$w/m5.eml" && ok || bad "the CRLF mail has no CR"
for i in 1 2 3 4 5 6 8; do deliver "$w/m$i.eml"; done
deliver "$w/m1.eml"	# the very same message again (same Message-ID)

run
rc=$?
[ "$rc" -eq 0 ] && ok || { bad "run 1: exit $rc"; cat "$w/err"; }
grep -q "fetched 8 ($((6 + hook)) filed, $((1 - hook)) rejected, 1 duplicate); resolved run 1" \
	"$w/out" && ok || { bad "run 1 summary"; cat "$w/out" "$w/err"; }
[ "$(received_entries)" -eq $((6 + hook)) ] && ok ||
	bad "run 1: $(received_entries) signed orders in the history, not $((6 + hook))"
for i in 1 2 3 4 5 6; do
	grep -q "kind=\"order\".*source=\"[^\"]*g.xml.spool/00$i.txt:" "$G" &&
		ok || bad "the order of mail $i (shape $i) was not applied"
done
set -- $(pending)
[ "$1" = T1.S1 ] && ok || bad "after the auction: pending $*, not T1.S1"
xmllint --noout --relaxng "$top/formats/mailstate.rng" "$G.mail" \
	2> "$w/xmllint" && ok || { bad "the mail state is not valid"; cat "$w/xmllint"; }
# A message's attributes are an interleave in the schema (issue 18.9:
# libxml2 took 7 M instructions a message over the group of optional
# attributes), which holds the same states: what was refused still is.
first=$(grep -m1 '<message ' "$G.mail")
for edit in 's/ spool="[^"]*"//' 's/ status="filed"/ status="duplicate" of="1"/' \
    's/ status="filed" spool="[^"]*"/ status="rejected" applied-run="1"/' \
    's/ received="[^"]*"//' 's/ sha256="[^"]*"/ sha256="ABC"/' \
    's/ n="1"/ n="1" folder="x"/' 's/ n="1"/ n="1" bogus="1"/'; do
	line=$(printf '%s\n' "$first" | sed "$edit")
	awk -v f="$first" -v l="$line" '$0 == f && !d { $0 = l; d = 1 } 1' \
		"$G.mail" > "$w/edited.mail"
	[ "$line" != "$first" ] &&
		! xmllint --noout --relaxng "$top/formats/mailstate.rng" \
		"$w/edited.mail" 2> /dev/null && ok ||
		bad "a mail state with a message edited by '$edit' is valid"
done

snap
mark=0
for i in 1 2 3 4 5 6; do
	case $i in 1|4|5) to=$f@test.invalid ;; *) to=$s@test.invalid ;; esac
	step=$(sed -n 's/^STEP //p' "$w/o$i" | sed ':a;N;s/\n/, /;ba')
	line=$(with_subject $mark "[aor mailgame] $step: acknowledgement")
	if [ "$(echo "$line" | grep -c .)" -ne 1 ]; then
		bad "mail $i: not one acknowledgement: '$line'"
		continue
	fi
	echo "$line" | awk -F'|' -v to="$to" -v irt="<m$i@test.invalid>" \
	    -v mod="$MOD" '$2 == to && $3 == mod && $6 == irt &&
	    $5 ~ /^<aor\.mailgame\.[0-9]+\.[0-9a-f]+@test\.invalid>$/ &&
	    $7 == to && $8 == "auto-replied" {ok = 1} END {exit !ok}' &&
		ok || bad "mail $i: acknowledgement headers: $line"
	first=${step%%,*}
	body "$(echo "$line" | cut -d'|' -f1)" > "$w/ack-body"
	grep -q "$first $F: accepted\|$first $S: accepted" "$w/ack-body" &&
		ok || bad "mail $i: the acknowledgement has no verdict"
	# Age of Reason's rulings for orders sent ahead and the latest
	[ "$i" -ne 1 ] || { grep -qF "step waits for its step (R36).  Until" \
	    "$w/ack-body" && grep -qF "step replaces it (R38)." "$w/ack-body"; } &&
		ok || bad "mail $i: the acknowledgement does not cite R36 and R38"
done
[ "$(cut -d'|' -f5 "$w/sink.txt" | sort | uniq -d | wc -l)" -eq 0 ] && ok ||
	bad "two mails share a Message-ID"
[ "$(grep -c '<m1@test.invalid>' "$w/sink.txt")" -eq 1 ] && ok ||
	bad "the message fetched twice was answered twice"
if [ "$hook" -eq 1 ]; then
	line=$(with_subject $mark "[aor mailgame] T1.S2: acknowledgement")
	echo "$line" | awk -F'|' -v to="$s@test.invalid" \
	    '$2 == to && $6 == "<m8@test.invalid>" {ok = 1} END {exit !ok}' &&
	    body "$(echo "$line" | cut -d'|' -f1)" |
	    grep -q "T1.S2 $S: accepted, kept until its step comes" && ok ||
		bad "the PGP/MIME signed order was not accepted: $line"
else
	line=$(with_subject $mark "[aor mailgame] T1.S2: rejected")
	if [ -n "$line" ] && echo "$line" | awk -F'|' -v to="$s@test.invalid" \
	    '$2 == to && $6 == "<m8@test.invalid>" {ok = 1} END {exit !ok}' &&
	    body "$(echo "$line" | cut -d'|' -f1)" > "$w/b8" &&
	    grep -q "is good, but please" "$w/b8" &&
	    grep -q "inline clearsigned" "$w/b8"; then
		ok
	else
		bad "the PGP/MIME signed order got no rejection asking for clearsigned text: $line"
	fi
fi
[ "$(in_folder aor-rejected)" -eq $((1 - hook)) ] && ok ||
	bad "the rejected mail is not kept in aor-rejected"
[ -f "$G.received/007.eml" ] && ok || bad "the rejected mail is not saved"

# Reports: one public to both, one private each, encrypted to its key only.
line=$(with_subject $mark "[aor mailgame] run 1: report")
echo "$line" | awk -F'|' '$2 ~ /prussia@test.invalid/ && $2 ~ /spain@test.invalid/ &&
    $7 ~ /prussia@test.invalid/ && $7 ~ /spain@test.invalid/ &&
    $8 == "auto-generated" && $6 == "" {n++} END {exit n != 1}' &&
	ok || bad "the public report: $line"
body "$(echo "$line" | cut -d'|' -f1)" > "$w/pub"
"$adj" report "$G" --run 1 > "$w/pub.want"
cmp -s "$w/pub" "$w/pub.want" && ok ||
	{ bad "the public report is not that of run 1:"; diff "$w/pub.want" "$w/pub" | head; }
# ... with the HTML report of run 1 attached, the board drawn (issue 11)
[ "$(attached "$(echo "$line" | cut -d'|' -f1)")" = \
    "mailgame-run-1.html text/html" ] && ok ||
	bad "the public report has not one attachment mailgame-run-1.html"
"$adj" report "$G" --run 1 --template "$top/templates/report-html.xsl" \
    > "$w/pub.html"
cmp -s "$w/att" "$w/pub.html" && grep -q '<svg' "$w/att" && ok ||
	bad "the attachment is not the HTML report of run 1 with the board"
for c in Prussia Spain; do
	lc=$(addr "$c")
	other=prussia
	[ "$lc" = prussia ] && other=spain
	line=$(with_subject $mark "[aor mailgame] run 1: private report for $c")
	echo "$line" | awk -F'|' -v to="$(name "$c") <$lc@test.invalid>" \
	    -v rcpt="$lc@test.invalid" '$2 == to && $7 == rcpt {n++}
	    END {exit n != 1}' && ok || bad "the private report of $c: $line"
	body "$(echo "$line" | cut -d'|' -f1)" > "$w/priv"
	"$adj" report "$G" --run 1 --for "$lc" > "$w/priv.want"
	grep -q "BEGIN PGP MESSAGE" "$w/priv" &&
	    ! grep -qF "$(head -1 "$w/priv.want")" "$w/priv" &&
		ok || bad "the private report of $c is not encrypted"
	# the plaintext is padded (pgp_pad): cut the padding block off
	gpg --homedir "$w/$lc" --batch --quiet --decrypt "$w/priv" 2>/dev/null |
	    sed '/^# padding$/,$d' > "$w/priv.txt"
	cmp -s "$w/priv.txt" "$w/priv.want" && ok ||
		{ bad "$c cannot read its private report of run 1";
		  diff "$w/priv.want" "$w/priv.txt" | head; }
	gpg --homedir "$w/$other" --batch --quiet --decrypt "$w/priv" \
	    > /dev/null 2>&1 && bad "$other can read $c's private report" || ok
done
# and run 0's reports, public and private (issue 18)
[ "$(sink_count)" -eq 13 ] && ok ||
	bad "run 1 sent $(sink_count) mails, not 6 + 1 + 3 and run 0's 3"

# ------------------------------------------------------------------
# 2. PGP/MIME encrypted (signed and encrypted to the moderator)

# Private reports carry no attachment: the hand stays in the encrypted text.
for c in Prussia Spain; do
	pf=$(with_subject $mark "[aor mailgame] run 1: private report for $c" |
	    cut -d'|' -f1)
	[ -n "$pf" ] && [ -z "$(attached "$pf")" ] && ok ||
		bad "the private report of $c has an attachment"
done

set -- $(pending)
P=$2
p=$(addr "$P")
order "$w/o9" "$P" "$1" "PASS"
pgpmime_encrypted "$(name "$P") <$p@test.invalid>" "<m9@test.invalid>" \
	"secret" "$p" "$w/o9" > "$w/m9.eml"
deliver "$w/m9.eml"
T=2026-12-01T02:00:00Z
mark=$(sink_count)
# the game's setting from now on: public reports without the HTML
run --html-reports no
rc=$?
[ "$rc" -eq 0 ] && grep -q "resolved run 2" "$w/out" && ok ||
	{ bad "run 2 (PGP/MIME encrypted): exit $rc"; cat "$w/out" "$w/err"; }
grep -q 'html-reports="no"' "$G.mail" && ok ||
	bad "--html-reports no is not kept in the mail state"
snap
pf=$(with_subject "$mark" "[aor mailgame] run 2: report" | cut -d"|" -f1)
[ -n "$pf" ] && [ -z "$(attached "$pf")" ] && ok ||
	bad "run 2's report has an attachment after --html-reports no"
[ "$(received_entries)" -eq $((7 + hook)) ] && ok ||
	bad "the encrypted order is not in the history"
grep -q "kind=\"order\" .*step=\"T1.S1\".*source=\"[^\"]*spool/009.txt:" "$G" &&
	ok || bad "the encrypted order was not applied"
head -1 "$G.spool/009.txt" | grep -q "^-----BEGIN PGP MESSAGE-----" &&
	ok || bad "the encrypted order is not spooled as its armour"
snap
[ -n "$(with_subject "$mark" "[aor mailgame] T1.S1: acknowledgement" |
	awk -F'|' '$6 == "<m9@test.invalid>"')" ] && ok ||
	bad "no acknowledgement of the encrypted order"

# ------------------------------------------------------------------
# 3. Forged, unsigned, foreign, unknown-key, unreadable and repeated mail
#    changes nothing and is answered

set -- $(pending)
step=$1 P=$2 p=$(addr "$2")
PA="$(name "$P") <$p@test.invalid>"
order "$w/o10" "$P" "$step" "PASS"
clearsign "$p" "$w/o10" "$w/o10.asc"
sed 's/^PASS$/PLACE Banking/' "$w/o10.asc" > "$w/forged.asc"
plain_mail "$PA" "<forged@test.invalid>" "orders" "$w/forged.asc" > "$w/m10.eml"
plain_mail "$PA" "<unsigned@test.invalid>" "orders" "$w/o10" > "$w/m11.eml"
clearsign stranger "$w/o10" "$w/stranger.asc"
plain_mail "Mallory <stranger@test.invalid>" "<stranger@test.invalid>" \
	"orders" "$w/stranger.asc" > "$w/m12.eml"
GAME_ID=othergame order "$w/o13" "$P" "$step" "PASS"
clearsign "$p" "$w/o13" "$w/o13.asc"
plain_mail "$PA" "<other@test.invalid>" "orders" "$w/o13.asc" > "$w/m13.eml"
html_mail "$PA" "<html@test.invalid>" "orders" > "$w/m14.eml"
# the order of mail 1 again, in a new mail: it was applied already
qp_mail "$FA" "<again@test.invalid>" "bid again" "$w/o1.asc" > "$w/m15.eml"
# no answer to a robot, nor to our own mail come back: no mail loops
{ printf 'Auto-Submitted: auto-replied\n'
  headers "$PA" "<vacation@test.invalid>" "Out of office"
  printf 'Content-Type: text/plain\n\nI am away until Monday.\n'; } > "$w/m16.eml"
{ headers "$MOD" "<looped@test.invalid>" "[aor mailgame] T1.S1: acknowledgement"
  printf 'Content-Type: text/plain\n\nGame mailgame: ...\n'; } > "$w/m17.eml"
# an empty mail (only From, Content-Type and no body) is answered
{ headers "$PA" "<empty@test.invalid>" "orders"
  printf 'Content-Type: text/plain\n\n'; } > "$w/m18.eml"
for i in 10 11 12 13 14 15 16 17 18; do deliver "$w/m$i.eml"; done
cp "$G" "$w/before.xml"
T=2026-12-01T03:00:00Z
mark=$(sink_count)
run
rc=$?
[ "$rc" -eq 0 ] && ok || { bad "run 3 (bad mail): exit $rc"; cat "$w/err"; }
grep -q "fetched 9 (0 filed, 8 rejected, 1 duplicate)" "$w/out" && ok ||
	{ bad "run 3 summary"; cat "$w/out"; }
cmp -s "$G" "$w/before.xml" && ok || bad "bad mail changed the game file"
snap
answer_says() {	# answer_says NAME MSGID TO SUBJECT PATTERN
	line=$(with_subject "$mark" "$4" | awk -F'|' -v irt="$2" '$6 == irt')
	if [ "$(echo "$line" | grep -c .)" -ne 1 ]; then
		bad "$1: not one answer '$4': $line"
	elif ! echo "$line" | awk -F'|' -v to="$3" '$2 == to {ok = 1} END {exit !ok}'; then
		bad "$1: the answer goes to the wrong address: $line"
	elif ! body "$(echo "$line" | cut -d'|' -f1)" | grep -q "$5"; then
		bad "$1: the answer lacks '$5':"
		body "$(echo "$line" | cut -d'|' -f1)"
	else
		ok
	fi
}
answer_says forged "<forged@test.invalid>" "$p@test.invalid" \
	"[aor mailgame] $step: rejected" "bad signature"
answer_says unsigned "<unsigned@test.invalid>" "$p@test.invalid" \
	"[aor mailgame] $step: rejected" "not signed"
answer_says stranger "<stranger@test.invalid>" "stranger@test.invalid" \
	"[aor mailgame] $step: rejected" "unknown key"
answer_says other-game "<other@test.invalid>" "$p@test.invalid" \
	"[aor mailgame] $step: rejected" "not for this game"
answer_says unreadable "<html@test.invalid>" "$p@test.invalid" \
	"[aor mailgame] rejected" "no text part"
answer_says repeated "<again@test.invalid>" "$f@test.invalid" \
	"[aor mailgame] T1.A1.1: received already" "same orders as order 001"
answer_says empty "<empty@test.invalid>" "$p@test.invalid" \
	"[aor mailgame] rejected" "no orders found"
[ "$(in_folder aor-rejected)" -eq $((9 - hook)) ] && ok ||
	bad "aor-rejected holds $(in_folder aor-rejected) mails, not $((9 - hook))"
grep -q '<vacation@test.invalid>\|<looped@test.invalid>' "$w/sink.txt" &&
	bad "an automatic or looped mail was answered" || ok
[ "$(sink_count)" -eq $((mark + 7)) ] && ok ||
	bad "run 3 sent $(($(sink_count) - mark)) mails, not 7"
run
[ $? -eq 0 ] && [ ! -s "$w/out" ] && [ "$(sink_count)" -eq $((mark + 7)) ] &&
	cmp -s "$G" "$w/before.xml" && ok ||
	bad "a run with nothing to do did something: $(cat "$w/out")"
# The mailbox is renumbered (a new UIDVALIDITY): every message in it is
# fetched again, and each is known by its Message-ID.
sed 's/ uidvalidity="[0-9]*" last-uid/ uidvalidity="1" last-uid/' "$G.mail" \
	> "$w/state" && cp "$w/state" "$G.mail"
run
rc=$?
[ "$rc" -eq 0 ] && grep -q "UIDVALIDITY changed" "$w/err" &&
	grep -q "fetched [1-9][0-9]* (0 filed, 0 rejected, [1-9]" "$w/out" &&
	[ "$(sink_count)" -eq $((mark + 7)) ] && cmp -s "$G" "$w/before.xml" &&
	ok || { bad "a mailbox fetched twice: exit $rc"; cat "$w/out" "$w/err"; }

# ------------------------------------------------------------------
# 4. Killed between fetch and send: nothing lost, nothing sent twice

crash_round() {	# crash_round HOOK EXPECTED-STATUS ID
	set -- "$1" "$2" "$3" $(pending)
	cstep="$4 $5"
	order "$w/c$3" "$5" "$4" "PASS"
	clearsign "$(addr "$5")" "$w/c$3" "$w/c$3.asc"
	plain_mail "$(name "$5") <$(addr "$5")@test.invalid>" "<$3@test.invalid>" \
		"orders" "$w/c$3.asc" > "$w/c$3.eml"
	deliver "$w/c$3.eml"
	cp "$G" "$w/before.xml"
	mark=$(sink_count)
	ADJUDICATOR_TEST_CRASH_AFTER_FETCH=$1 run
	rc=$?
	[ "$rc" -eq "$2" ] && ok || bad "$1: the crashed run exited $rc, not $2"
	[ "$(sink_count)" -eq "$mark" ] && cmp -s "$G" "$w/before.xml" && ok ||
		bad "$1: the crashed run sent mail or changed the game"
	grep -q "message-id=\"&lt;$3@test.invalid&gt;\".*status=\"filed\"" \
		"$G.mail" && ok || bad "$1: the fetched order is not filed"
	run
	rc=$?
	[ "$rc" -eq 0 ] && grep -q "resolved run" "$w/out" && ok ||
		{ bad "$1: the next run: exit $rc"; cat "$w/out" "$w/err"; }
	snap
	[ "$(grep -c "|<$3@test.invalid>|" "$w/sink.txt")" -eq 1 ] && ok ||
		bad "$1: the acknowledgement was not sent exactly once"
	[ "$(sink_count)" -eq $((mark + 4)) ] && ok ||
		bad "$1: $(($(sink_count) - mark)) mails after the crash, not 4"
	[ "$(pending)" != "$cstep" ] && ok ||
		bad "$1: the order for $cstep was not applied: $(pending)"
	run
	[ "$(sink_count)" -eq $((mark + 4)) ] && [ ! -s "$w/out" ] && ok ||
		bad "$1: a third run sent mail again"
}
T=2026-12-01T04:00:00Z
crash_round 1 99 crash1
T=2026-12-01T05:00:00Z
crash_round kill 137 crash2
if [ "$hook" -eq 1 ]; then
	grep -q "kind=\"order\" .*step=\"T1.S2\".*source=\"[^\"]*spool/007.txt:" \
		"$G" && ok || bad "the PGP/MIME signed order was never applied"
fi

# ------------------------------------------------------------------
# 5. Reminders before a deadline; the default after it

set -- $(pending)
step=$1 P=$2
due=$("$adj" status "$G" |
	sed -n 's/^pending: .*; deadline \([0-9][0-9TZ:-]*\)$/\1/p' | head -1)
[ -n "$due" ] && ok || bad "no deadline for $step"
due_s=$(date -u -d "$due" +%s)
mark=$(sink_count)
T=$(date -u -d "@$((due_s - 13 * 3600))" +%Y-%m-%dT%H:%M:%SZ)
run
[ "$(sink_count)" -eq "$mark" ] && ok || bad "a reminder 13 hours before the deadline"
T=$(date -u -d "@$((due_s - 11 * 3600))" +%Y-%m-%dT%H:%M:%SZ)
run
snap
subject="[aor mailgame] reminder: $step due $(date -u -d "$due" '+%Y-%m-%d %H:%M') UTC"
line=$(with_subject "$mark" "$subject")
echo "$line" | awk -F'|' -v to="$(name "$P") <$(addr "$P")@test.invalid>" \
    '$2 == to {n++} END {exit n != 1}' && ok ||
	bad "no reminder '$subject' to $P: $(tail -n +$((mark + 1)) "$w/sink.txt")"
T=$(date -u -d "@$((due_s - 3600))" +%Y-%m-%dT%H:%M:%SZ)
run
[ "$(sink_count)" -eq $((mark + 1)) ] && ok || bad "a second reminder for $step"
T=$(date -u -d "@$((due_s + 60))" +%Y-%m-%dT%H:%M:%SZ)
run
rc=$?
[ "$rc" -eq 0 ] && grep -q "resolved run" "$w/out" && ok ||
	{ bad "the passed deadline was not resolved: exit $rc"; cat "$w/out" "$w/err"; }
grep -q "kind=\"default\" .*step=\"$step\"" "$G" && ok ||
	bad "no default for $step after its deadline"
[ "$(sink_count)" -eq $((mark + 4)) ] && ok ||
	bad "the default's reports: $(($(sink_count) - mark - 1)) mails, not 3"

# ------------------------------------------------------------------
# 6. Servers that fail: clear errors, status 75, mail kept for later

cp "$G" "$w/before.xml"
sed 's/password secret/password wrong/' "$srv/netrc" > "$w/badnetrc"
chmod 600 "$w/badnetrc"
"$adj" run "$G" --imap "imap://127.0.0.1:$IMAP_PORT/INBOX" \
	--smtp "smtp://127.0.0.1:$SMTP_PORT" --from "$MOD" \
	--netrc "$w/badnetrc" --insecure-plain --now "$T" > "$w/out" 2> "$w/err"
rc=$?
[ "$rc" -eq 75 ] && grep -q "login failed" "$w/err" && ok ||
	{ bad "wrong password: exit $rc"; cat "$w/err"; }
"$adj" fetch "$G" --imap "imap://127.0.0.1:$CLOSED_PORT/INBOX" \
	--netrc "$srv/netrc" --insecure-plain --now "$T" > "$w/out" 2> "$w/err"
rc=$?
[ "$rc" -eq 75 ] && grep -q "cannot connect" "$w/err" && ok ||
	{ bad "closed IMAP port: exit $rc"; cat "$w/err"; }
cmp -s "$G" "$w/before.xml" && ok || bad "a failed login changed the game"
"$adj" fetch "$G" --imap "imap://mail.example.org/INBOX" --insecure-plain \
	--netrc "$srv/netrc" > "$w/out" 2> "$w/err"
rc=$?
[ "$rc" -eq 64 ] && grep -q "only for a test server on this machine" "$w/err" &&
	ok || { bad "--insecure-plain to a remote host: exit $rc"; cat "$w/err"; }
# SMTP down: the answer waits, and goes once the server is back.
set -- $(pending)
order "$w/o20" "$2" "$1" "PASS"
clearsign "$(addr "$2")" "$w/o20" "$w/o20.asc"
plain_mail "$(name "$2") <$(addr "$2")@test.invalid>" "<smtpdown@test.invalid>" \
	"orders" "$w/o20.asc" > "$w/m20.eml"
deliver "$w/m20.eml"
mark=$(sink_count)
"$adj" run "$G" --imap "imap://127.0.0.1:$IMAP_PORT/INBOX" \
	--smtp "smtp://127.0.0.1:$CLOSED_PORT" --from "$MOD" \
	--netrc "$srv/netrc" --insecure-plain --now "$T" > "$w/out" 2> "$w/err"
rc=$?
[ "$rc" -eq 75 ] && grep -q "cannot connect" "$w/err" && ok ||
	{ bad "closed SMTP port: exit $rc"; cat "$w/err"; }
grep -q "resolved run" "$w/out" && [ "$(sink_count)" -eq "$mark" ] && ok ||
	bad "with SMTP down: $(cat "$w/out")"
"$adj" send "$G" --smtp "smtp://127.0.0.1:$SMTP_PORT" --from "$MOD" \
	--insecure-plain --now "$T" > "$w/out" 2> "$w/err"
rc=$?
snap
[ "$rc" -eq 0 ] && [ "$(grep -c "|<smtpdown@test.invalid>|" "$w/sink.txt")" -eq 1 ] &&
	[ "$(sink_count)" -eq $((mark + 4)) ] && ok ||
	{ bad "send after SMTP came back: exit $rc, $(($(sink_count) - mark)) mails"; cat "$w/err"; }
grep -q 'state="pending"' "$G.mail" && bad "mail still pending after send" || ok
# Another run holds the lock.
"$PY" -c 'import fcntl, sys, time
f = open(sys.argv[1], "a"); fcntl.flock(f, fcntl.LOCK_EX); time.sleep(3)' \
	"$G.lock" &
locker=$!
sleep 0.5
run
rc=$?
kill "$locker" 2>/dev/null
wait "$locker" 2>/dev/null
[ "$rc" -eq 75 ] && grep -q "locked by another run" "$w/err" && ok ||
	{ bad "a locked game: exit $rc"; cat "$w/err"; }

# ------------------------------------------------------------------
# 7. A game without keys, in its own mailbox, with fetch and send apart;
#    plain text orders; the reports of a run resolved by hand are mailed

PG=$w/p.xml
"$adj" new -o "$PG" --id plaingame --now 2026-12-01T00:00:00Z \
	--deadline-hours 48 --report /dev/null \
	--player prussia:Anna:prussia@test.invalid \
	--player spain:Bob:spain@test.invalid > /dev/null 2>&1 ||
	bad "new (a game without keys) failed"
doveadm -c "$srv/dovecot.conf" mailbox create -u moderator plain
set -- $(pending_of "$PG")
GAME_ID=plaingame order "$w/p1" "$2" "$1" "BID 0 A Russia B Netherlands"
pa="$(name "$2") <$(addr "$2")@test.invalid>"
sigblock_mail "$pa" "<plain1@test.invalid>" "bid" "$w/p1" |
	sed 's/^Content-Type: text\/plain; charset=utf-8$/&\nContent-Transfer-Encoding: quoted-printable/' \
	> "$w/p1.eml"
doveadm -c "$srv/dovecot.conf" save -u moderator -m plain < "$w/p1.eml"
T=2026-12-01T06:00:00Z
pimap="imap://127.0.0.1:$IMAP_PORT/plain"
"$adj" fetch "$PG" --imap "$pimap" --netrc "$srv/netrc" --insecure-plain \
	--from "$MOD" --now "$T" > "$w/out" 2> "$w/err"
rc=$?
[ "$rc" -eq 0 ] && grep -q "fetched 1 (1 filed, 0 rejected, 0 duplicate); sent 0, 4 waiting" \
	"$w/out" && ok || { bad "fetch (no keys): exit $rc"; cat "$w/out" "$w/err"; }
grep -q "^BID 0 A Russia B Netherlands$" "$PG.spool/001.txt" &&
	! grep -q "^-- $" "$PG.spool/001.txt" && ok ||
	bad "the plain order was not spooled without its signature block"
mark=$(sink_count)
"$adj" send "$PG" --smtp "smtp://127.0.0.1:$SMTP_PORT" --from "$MOD" \
	--insecure-plain --now "$T" > "$w/out" 2> "$w/err"
rc=$?
snap
[ "$rc" -eq 0 ] && [ "$(sink_count)" -eq $((mark + 4)) ] &&
	[ -n "$(with_subject "$mark" "[aor plaingame] $1: acknowledgement" |
	    awk -F'|' '$6 == "<plain1@test.invalid>"')" ] && ok ||
	{ bad "send (no keys): exit $rc"; cat "$w/err"; }
prun() {
	"$adj" run "$PG" --imap "$pimap" --smtp "smtp://127.0.0.1:$SMTP_PORT" \
		--from "$MOD" --netrc "$srv/netrc" --insecure-plain --now "$T" \
		> "$w/out" 2> "$w/err"
}
mark=$(sink_count)
prun
rc=$?
snap
[ "$rc" -eq 0 ] && grep -q "resolved run 1" "$w/out" &&
	[ "$(sink_count)" -eq $((mark + 3)) ] && ok ||
	{ bad "run (no keys): exit $rc"; cat "$w/out" "$w/err"; }
line=$(with_subject "$mark" "[aor plaingame] run 1: private report for Spain")
echo "$line" | awk -F'|' '$7 == "spain@test.invalid" {ok = 1} END {exit !ok}' &&
	body "$(echo "$line" | cut -d'|' -f1)" > "$w/priv" &&
	"$adj" report "$PG" --run 1 --for spain | cmp -s - "$w/priv" &&
	ok || bad "the plain private report of Spain: $line"
# resolved by hand: send mails that run's reports too
"$adj" resolve "$PG" --now 2026-12-05T00:00:00Z \
	--report /dev/null > /dev/null 2>&1 || bad "resolve by hand failed"
mark=$(sink_count)
"$adj" send "$PG" --smtp "smtp://127.0.0.1:$SMTP_PORT" --from "$MOD" \
	--insecure-plain --now "$T" > "$w/out" 2> "$w/err"
rc=$?
snap
[ "$rc" -eq 0 ] && [ "$(sink_count)" -eq $((mark + 3)) ] &&
	[ -n "$(with_subject "$mark" "[aor plaingame] run 2: report")" ] && ok ||
	{ bad "the reports of a run resolved by hand: exit $rc"; cat "$w/err"; }

# ------------------------------------------------------------------
# 8. Mail as players send it (issue 10): RFC 3156 entities, encrypted in
#    one step and in two, unpadded; clearsigned ISO-8859-1; an order
#    attached beside a short body; auto-replies and bounces, never
#    answered.  Its own signed game and mailbox, fetch and send apart.

HG=$w/h.xml
"$adj" new -o "$HG" --id habits --now 2026-12-01T00:00:00Z \
	--deadline-hours 48 --seed-file "$w/seed" --report /dev/null \
	--player prussia:Anna:prussia@test.invalid \
	--player spain:Bob:spain@test.invalid \
	--key prussia:"$w/prussia.asc" --key spain:"$w/spain.asc" \
	--moderator-key "$w/moderator.asc" > /dev/null 2>&1 ||
	bad "new (habits) failed"
doveadm -c "$srv/dovecot.conf" mailbox create -u moderator habits
hsave() { doveadm -c "$srv/dovecot.conf" save -u moderator -m habits < "$1"; }
set -- $(pending_of "$HG")
HF=$2
if [ "$HF" = Spain ]; then HS=Prussia; else HS=Spain; fi
hf=$(addr "$HF") hs=$(addr "$HS")
HFA="$(name "$HF") <$hf@test.invalid>" HSA="$(name "$HS") <$hs@test.invalid>"
GAME_ID=habits order "$w/h1" "$HF" T1.A1.1 "BID 0 A Russia B Netherlands"
GAME_ID=habits order "$w/h2" "$HS" T1.A1.2 "PASS"
encrypted_mail() {	# FROM ID SUBJECT ENTITY-ASC
	headers "$1" "$2" "$3"
	printf 'Content-Type: multipart/encrypted;\n protocol="application/pgp-encrypted";\n boundary="enc-8"\n\n'
	printf -- '--enc-8\nContent-Type: application/pgp-encrypted\n\nVersion: 1\n\n'
	printf -- '--enc-8\nContent-Type: application/octet-stream; name="encrypted.asc"\n\n'
	cat "$4"
	printf '\n--enc-8--\n'
}
# one step: the entity signed and encrypted, not padded
{ printf 'Content-Type: text/plain; charset=utf-8\n\n'; cat "$w/h1"; } |
	sed 's/$/\r/' > "$w/h1.entity"
gpg --homedir "$w/$hf" --batch --quiet --yes --pinentry-mode loopback \
	--passphrase '' --trust-model always --armor --sign --encrypt \
	--local-user "$(cat "$w/$hf.fpr")" -r "$(cat "$w/moderator.fpr")" \
	-o "$w/h1.asc" "$w/h1.entity" 2>/dev/null
encrypted_mail "$HFA" "<h1@test.invalid>" "orders" "$w/h1.asc" > "$w/h1.eml"
# two steps: a multipart/signed entity, encrypted
{ printf 'Content-Type: text/plain; charset=utf-8\n\n'; cat "$w/h2"; } |
	sed 's/$/\r/' > "$w/h2.part"
gpg --homedir "$w/$hs" --batch --quiet --yes --pinentry-mode loopback \
	--passphrase '' --armor --detach-sign -o "$w/h2.sig" "$w/h2.part" \
	2>/dev/null
{ printf 'Content-Type: multipart/signed; micalg=pgp-sha512;\r\n protocol="application/pgp-signature"; boundary="in-8"\r\n\r\n'
  printf -- '--in-8\r\n'; cat "$w/h2.part"
  printf '\r\n--in-8\r\nContent-Type: application/pgp-signature\r\n\r\n'
  sed 's/$/\r/' "$w/h2.sig"; printf -- '--in-8--\r\n'; } > "$w/h2.entity"
gpg --homedir "$w/$hs" --batch --quiet --yes --trust-model always --armor \
	--encrypt -r "$(cat "$w/moderator.fpr")" -o "$w/h2.asc" \
	"$w/h2.entity" 2>/dev/null
encrypted_mail "$HSA" "<h2@test.invalid>" "orders" "$w/h2.asc" > "$w/h2.eml"
# clearsigned in ISO-8859-1, quoted-printable: a good one, and one whose
# misspelt name must come back in a UTF-8 answer
latin1_mail() {	# FROM ID TEXTFILE KEY
	iconv -f UTF-8 -t ISO-8859-1 "$3" > "$3.l1"
	clearsign "$4" "$3.l1" "$3.l1.asc"
	headers "$1" "$2" "orders"
	printf 'Content-Type: text/plain; charset=iso-8859-1\n'
	printf 'Content-Transfer-Encoding: quoted-printable\n\n'
	"$PY" -c 'import quopri, sys
sys.stdout.buffer.write(quopri.encodestring(sys.stdin.buffer.read()))' < "$3.l1.asc"
}
printf 'GAME habits\nCOUNTRY Preußen   # Grüße\nSTEP T1.S6\nPASS\n' > "$w/h3"
latin1_mail "Anna <prussia@test.invalid>" "<h3@test.invalid>" "$w/h3" prussia > "$w/h3.eml"
printf 'GAME habits\nCOUNTRY Preußenland\nSTEP T1.S6\nPASS\n' > "$w/h4"
latin1_mail "Anna <prussia@test.invalid>" "<h4@test.invalid>" "$w/h4" prussia > "$w/h4.eml"
grep -q '=DF' "$w/h3.eml" && ok || bad "the Latin-1 mail has no 0xDF"
# the order attached, clearsigned, beside a short body
printf 'GAME habits\nCOUNTRY Prussia\nSTEP T1.S5\nPASS\n' > "$w/h5"
clearsign prussia "$w/h5" "$w/h5.asc"
{ headers "Anna <prussia@test.invalid>" "<h5@test.invalid>" "orders"
  printf 'Content-Type: multipart/mixed; boundary="mix-8"\n\n--mix-8\n'
  printf 'Content-Type: text/plain; charset=utf-8\n\nMy orders are attached.\n'
  printf -- '--mix-8\nContent-Type: text/plain; charset=utf-8; name="orders.txt"\n'
  printf 'Content-Disposition: attachment; filename="orders.txt"\n\n'
  cat "$w/h5.asc"; printf -- '--mix-8--\n'; } > "$w/h5.eml"
# auto-replies and bounces: none has Auto-Submitted
robot() {	# ID EXTRA-HEADER FROM SUBJECT [CONTENT-TYPE]
	{ [ -n "$2" ] && printf '%s\n' "$2"
	  headers "$3" "$1" "$4"
	  printf 'Content-Type: %s\n\nI am away until Monday.\n' \
		"${5:-text/plain}"; } > "$w/r$1.eml"
	hsave "$w/r$1.eml"
}
for i in 1 2 3 4 5; do hsave "$w/h$i.eml"; done
robot 1 'Precedence: auto_reply' "$HFA" "Re: orders"
robot 2 'X-Autoreply: yes' "$HFA" "Re: orders"
robot 3 'X-Autorespond: yes' "$HFA" "Re: orders"
robot 4 'Precedence: bulk' "$HFA" "Re: orders"
robot 5 '' "MAILER-DAEMON@test.invalid" "Undelivered Mail Returned to Sender"
robot 6 'Return-Path: <>' "$HFA" "Re: orders"
robot 7 '' "$HFA" "Delivery report" 'multipart/report; report-type=delivery-status; boundary="x"'
robot 8 '' "$HFA" "Automatic reply: orders"
T=2026-12-01T07:00:00Z
himap="imap://127.0.0.1:$IMAP_PORT/habits"
"$adj" fetch "$HG" --imap "$himap" --netrc "$srv/netrc" --insecure-plain \
	--from "$MOD" --no-move --now "$T" > "$w/out" 2> "$w/err"
rc=$?
[ "$rc" -eq 0 ] && grep -q "fetched 13 (4 filed, 9 rejected, 0 duplicate)" "$w/out" &&
	ok || { bad "fetch (habits): exit $rc"; cat "$w/out" "$w/err"; }
mark=$(sink_count)
"$adj" send "$HG" --smtp "smtp://127.0.0.1:$SMTP_PORT" --from "$MOD" \
	--insecure-plain --now "$T" > "$w/out" 2> "$w/err" ||
	{ bad "send (habits) failed"; cat "$w/err"; }
snap
habit() {	# NAME ID SUBJECT PATTERN
	line=$(with_subject "$mark" "$3" | awk -F'|' -v irt="<$2@test.invalid>" '$6 == irt')
	if [ "$(echo "$line" | grep -c .)" -ne 1 ]; then
		bad "$1: not one answer '$3': $line"
	elif ! body "$(echo "$line" | cut -d'|' -f1)" | grep -qF -- "$4"; then
		bad "$1: the answer lacks '$4':"
		body "$(echo "$line" | cut -d'|' -f1)"
	else
		ok
	fi
}
habit rfc3156-one-step h1 "[aor habits] T1.A1.1: acknowledgement" \
	"T1.A1.1 $HF: accepted, applied"
habit rfc3156-two-steps h2 "[aor habits] T1.A1.2: acknowledgement" \
	"T1.A1.2 $HS: accepted, kept until its step comes"
habit latin1 h3 "[aor habits] T1.S6: acknowledgement" \
	"T1.S6 Prussia: accepted, kept until its step comes"
habit latin1-answer-utf8 h4 "[aor habits] T1.S6: rejected" \
	"unknown country 'Preußenland'"
habit attached h5 "[aor habits] T1.S5: acknowledgement" \
	"T1.S5 Prussia: accepted, kept until its step comes"
grep -q '|<r[0-9]@test.invalid>|' "$w/sink.txt" &&
	bad "an auto-reply or a bounce was answered" || ok
[ "$(sink_count)" -eq $((mark + 8)) ] && ok ||
	bad "habits: $(($(sink_count) - mark)) mails, not 5 answers and run 0's 3 reports"

# ------------------------------------------------------------------
# 9. One mailbox for many games (issue 11): run --games DIR routes each
#    mail by its GAME line into the game's folder, answers mail for no
#    game of the folder, locks each game on its own

J=$w/judge
mkdir "$J"
for id in alpha beta; do
	"$adj" new -o "$J/$id.xml" --id "$id" --now 2026-12-01T00:00:00Z \
		--report /dev/null --player prussia:Anna:prussia@test.invalid \
		--player spain:Bob:spain@test.invalid > /dev/null 2>&1 ||
		bad "new $id in the judge's folder failed"
done
doveadm -c "$srv/dovecot.conf" mailbox create -u moderator judge
jsave() { doveadm -c "$srv/dovecot.conf" save -u moderator -m judge; }
jcount() {	# jcount FOLDER: the messages in it
	doveadm -c "$srv/dovecot.conf" search -u moderator mailbox "$1" \
		ALL 2>/dev/null | wc -l
}
jrun() {
	"$adj" run --games "$J" --imap "imap://127.0.0.1:$IMAP_PORT/judge" \
		--smtp "smtp://127.0.0.1:$SMTP_PORT" --from "$MOD" \
		--netrc "$srv/netrc" --insecure-plain --now "$T" "$@" \
		> "$w/out" 2> "$w/err"
}
for id in alpha beta; do
	set -- $(pending_of "$J/$id.xml")
	GAME_ID=$id order "$w/j-$id" "$2" "$1" "BID 0 A Russia B Netherlands"
	plain_mail "$(name "$2") <$(addr "$2")@test.invalid>" \
		"<judge-$id@test.invalid>" "my bid" "$w/j-$id" | jsave
done
GAME_ID=gamma order "$w/j-gamma" Spain T1.A1.1 "PASS"
plain_mail "Bob <spain@test.invalid>" "<judge-gamma@test.invalid>" "bid" \
	"$w/j-gamma" | jsave
printf 'Hello, when do we start?\n' > "$w/j-none"
plain_mail "Bob <spain@test.invalid>" "<judge-none@test.invalid>" "hi" \
	"$w/j-none" | jsave
# a reply to the judge's mail: no GAME line, the Subject names the game
{ headers "Anna <prussia@test.invalid>" "<judge-re@test.invalid>" \
	"Re: [aor beta] run 0: report"
  printf 'Content-Type: text/plain\n\nThanks!\n'; } | jsave
T=2026-12-01T07:00:00Z
mark=$(sink_count)
jrun
rc=$?
snap
[ "$rc" -eq 0 ] && grep -q "^judge: routed 3 mails to their games, 2 for no game here" \
	"$w/out" && ok || { bad "run --games: exit $rc"; cat "$w/out" "$w/err"; }
# (beta's own fetch then answers the reply, which holds no orders, and
# moves it to aor-rejected)
[ "$(jcount judge)" -eq 0 ] && [ "$(jcount aor-game-alpha)" -eq 1 ] &&
	[ "$(jcount aor-game-beta)" -eq 1 ] && [ "$(jcount aor-unknown)" -eq 2 ] &&
	[ -n "$(with_subject "$mark" "[aor beta] rejected" |
	    awk -F'|' '$6 == "<judge-re@test.invalid>"')" ] &&
	ok || bad "routing: judge $(jcount judge), alpha $(jcount aor-game-alpha),"\
	    "beta $(jcount aor-game-beta), unknown $(jcount aor-unknown)"
for id in alpha beta; do
	grep -q "^$id: fetched" "$w/out" && ok ||
		bad "game $id was not run: $(cat "$w/out")"
	[ -n "$(with_subject "$mark" "[aor $id] T1.A1.1: acknowledgement" |
	    awk -F'|' -v m="<judge-$id@test.invalid>" '$6 == m')" ] && ok ||
		bad "the order for $id was not acknowledged by its game"
	[ -f "$J/$id.xml.spool/001.txt" ] && grep -q "^GAME $id$" \
	    "$J/$id.xml.spool/001.txt" && ok || bad "$id's order is not filed"
done
line=$(with_subject "$mark" "[aor] unknown game" |
	awk -F'|' '$6 == "<judge-gamma@test.invalid>"')
[ -n "$line" ] && body "$(echo "$line" | cut -d'|' -f1)" > "$w/ans" &&
	grep -q "for game 'gamma', which this judge does not run" "$w/ans" &&
	grep -q "^  alpha$" "$w/ans" && grep -q "^  beta$" "$w/ans" && ok ||
	{ bad "the answer to mail for an unknown game: $line"; cat "$w/ans"; }
[ -n "$(with_subject "$mark" "[aor] unknown game" |
	awk -F'|' '$6 == "<judge-none@test.invalid>"')" ] && ok ||
	bad "mail naming no game was not answered"
# Each game has its own lock: a locked game waits, the others go on.
for id in alpha beta; do
	set -- $(pending_of "$J/$id.xml")
	GAME_ID=$id order "$w/j2-$id" "$2" "$1" "PASS"
	plain_mail "$(name "$2") <$(addr "$2")@test.invalid>" \
		"<judge2-$id@test.invalid>" "pass" "$w/j2-$id" | jsave
done
T=2026-12-01T08:00:00Z
"$PY" -c 'import fcntl, sys, time
f = open(sys.argv[1], "a"); fcntl.flock(f, fcntl.LOCK_EX)
open(sys.argv[2], "w").close(); time.sleep(30)' "$J/alpha.xml.lock" \
	"$w/locked" &
locker=$!
while [ ! -f "$w/locked" ]; do sleep 0.1; done
jrun
rc=$?
kill "$locker" 2>/dev/null
wait "$locker" 2>/dev/null
[ "$rc" -eq 75 ] && grep -q "alpha.xml: error: the game is locked" "$w/err" &&
	grep -q "^beta: fetched 1" "$w/out" && ok ||
	{ bad "a locked game among others: exit $rc"; cat "$w/out" "$w/err"; }
jrun
[ $? -eq 0 ] && grep -q "^alpha: fetched 1" "$w/out" && ok ||
	{ bad "the locked game's mail did not wait for the next run"; cat "$w/out" "$w/err"; }
"$adj" run --games "$w/nothing" --imap "imap://127.0.0.1:$IMAP_PORT/judge" \
	--smtp "smtp://127.0.0.1:$SMTP_PORT" --from "$MOD" --netrc "$srv/netrc" \
	--insecure-plain > "$w/out" 2> "$w/err"
[ $? -eq 66 ] && grep -q "nothing: error: --games: not a folder" "$w/err" && ok ||
	bad "--games with no folder: $(cat "$w/err")"

# ------------------------------------------------------------------
# Age of Renaissance: an order sent ahead is acknowledged with its own
# game's rulings, RR41 (orders sent ahead, only the latest counts), not
# Age of Reason's R36 and R38, which say other things there

RG=$w/ren.xml
"$adj" new -o "$RG" --game renaissance --id ren --now 2026-12-01T00:00:00Z \
	--seed-file "$w/seed" --report /dev/null \
	--player p1:Anna:prussia@test.invalid --player p2:Bob:spain@test.invalid \
	--player p3:Cy:cy@test.invalid > "$w/out" 2>&1 ||
	{ bad "new --game renaissance failed"; cat "$w/out"; }
doveadm -c "$srv/dovecot.conf" mailbox create -u moderator ren
GAME_ID=ren order "$w/ren-ahead" p1 T1.ORDER "TOKENS 2"
plain_mail "Anna <prussia@test.invalid>" "<ren-ahead@test.invalid>" "ahead" \
	"$w/ren-ahead" | doveadm -c "$srv/dovecot.conf" save -u moderator -m ren
T=2026-12-01T08:00:00Z
mark=$(sink_count)
"$adj" run "$RG" --imap "imap://127.0.0.1:$IMAP_PORT/ren" \
	--smtp "smtp://127.0.0.1:$SMTP_PORT" --from "$MOD" \
	--netrc "$srv/netrc" --insecure-plain --now "$T" > "$w/out" 2> "$w/err" ||
	{ bad "run of the Renaissance game: exit $?"; cat "$w/out" "$w/err"; }
snap
line=$(with_subject "$mark" "[aor ren] T1.ORDER: acknowledgement" |
	awk -F'|' '$6 == "<ren-ahead@test.invalid>"')
if [ -n "$line" ]; then
	body "$(echo "$line" | cut -d'|' -f1)" > "$w/ack-body"
	grep -qF "T1.ORDER player 1: accepted, kept until its step comes (RR41)" \
	    "$w/ack-body" && ok || { bad "ren: the verdict does not cite RR41"; cat "$w/ack-body"; }
	grep -qF "step waits for its step (RR41).  Until" "$w/ack-body" &&
	    grep -qF "step replaces it (RR41)." "$w/ack-body" && ok ||
		bad "ren: the acknowledgement does not cite RR41"
	! grep -q 'R3[678]' "$w/ack-body" && ok ||
		bad "ren: the acknowledgement cites Age of Reason's rulings"
else
	bad "ren: the order sent ahead was not acknowledged"
fi

xmllint --noout --relaxng "$top/formats/mailstate.rng" "$G.mail" "$PG.mail" "$HG.mail" \
	"$J/alpha.xml.mail" "$J/beta.xml.mail" \
	2> "$w/xmllint" && ok || { bad "the final mail state is not valid"; cat "$w/xmllint"; }
"$adj" verify "$G" --seed-file "$w/seed" > "$w/verify.out" 2>&1 && ok || { cat "$w/verify.out"; false; } ||
	bad "the game no longer verifies"

echo "mail-e2e: $((pass)) passed, $fail failed ($(($(date +%s) - started_at)) s)"
[ "$fail" -eq 0 ]
