#!/bin/sh
# mail-pgpmime.sh - issue 9.5: orders mailed as PGP/MIME (RFC 3156) are
# proved again by `verify`.  A private Dovecot and SMTP sink on loopback
# (tests/mail-servers.sh), throwaway keys, a two-player signed game:
#   - multipart/signed orders (in clear), one signed and encrypted in
#     one step and one signed inside the encryption (two steps) are
#     fetched and applied by `run`; the history keeps the signed part and
#     the detached signature of the multipart/signed ones
#     (formats/game.rng);
#   - `verify` re-checks all three (0 not re-checked) with the
#     moderator's key, and the multipart/signed one without it;
#   - a tampered signed part, signature, recorded text or signing time
#     makes verify exit 65 naming the history entry, also after messages
#     that cannot be opened without the moderator's key;
#   - a file without the part and signature (as made before) still
#     verifies, counting that message and its orders as not re-checked,
#     which verify --strict refuses; in a file that says it keeps every
#     signed message's bytes (received="exact") it is refused;
#   - a bad <entity> is refused on load with its line;
#   - the signer's key revoked later: the message still verifies, and the
#     player's private report is withheld with a plain notice instead of
#     being encrypted to the revoked key;
#   - a key with no encryption subkey: the run goes on, and the player's
#     private mail is a plain notice saying so.
# Ports: $AOR_IMAP_PORT (10143) and $AOR_SMTP_PORT (10025).  Everything
# started is stopped by PID, every gpg-agent ended, the folder removed.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/tools/common.sh"
mail_prologue mail-pgpmime

for k in moderator prussia spain nobody; do mkkey "$k"; done
for k in prussia spain; do	# players encrypt to the moderator
	gpg --homedir "$w/$k" --batch --quiet --import "$w/moderator.asc" \
		2>/dev/null
done
start_servers
export GNUPGHOME=$w/moderator
unset ADJUDICATOR_MAIL_USER ADJUDICATOR_MAIL_PASSWORD

new_game mime
first=$("$adj" status "$G" |
	sed -n 's/^pending: STEP \([^ ]*\) from \([^:]*\):.*/\2/p' | head -1)
if [ "$first" = Spain ]; then F=spain S=prussia; else F=prussia S=spain; fi
cap() { echo "$1" | sed 's/^./\U&/'; }
order() {	# order FILE COUNTRY STEP LINE...
	of=$1
	printf 'GAME mime\nCOUNTRY %s\nSTEP %s\n' "$(cap "$2")" "$3" > "$of"
	shift 3
	for l in "$@"; do printf '%s\n' "$l"; done >> "$of"
}
headers() {	# headers FROM MESSAGE-ID
	printf 'From: %s <%s@test.invalid>\nTo: %s\nSubject: orders\n' \
		"$1" "$1" "$MOD"
	printf 'Date: Tue, 01 Dec 2026 00:30:00 +0000\nMessage-ID: %s\n' "$2"
	printf 'MIME-Version: 1.0\n'
}
sign_entity() {	# KEY ENTITY SIG: a detached signature, as mail clients make
	gpg --homedir "$w/$1" --batch --quiet --yes --pinentry-mode loopback \
		--passphrase '' --armor --detach-sign -o "$3" "$2" 2>/dev/null
}
signed_mail() {	# KEY ID TEXTFILE: multipart/signed in clear
	{ printf 'Content-Type: text/plain; charset=utf-8\n'
	  printf 'Content-Transfer-Encoding: quoted-printable\n\n'
	  cat "$3"; } | sed 's/$/\r/' > "$w/entity"
	sign_entity "$1" "$w/entity" "$w/entity.sig"
	headers "$1" "$2"
	printf 'Content-Type: multipart/signed; micalg=pgp-sha512;\n protocol="application/pgp-signature";\n boundary="sig-9"\n\n'
	printf 'This is an OpenPGP/MIME signed message (RFC 4880 and 3156)\n--sig-9\r\n'
	cat "$w/entity"
	printf '\r\n--sig-9\nContent-Type: application/pgp-signature; name="signature.asc"\n\n'
	cat "$w/entity.sig"
	printf '\n--sig-9--\n'
}
encrypted_mail() {	# KEY ID ARMOURED
	headers "$1" "$2"
	printf 'Content-Type: multipart/encrypted;\n protocol="application/pgp-encrypted";\n boundary="enc-9"\n\n'
	printf -- '--enc-9\nContent-Type: application/pgp-encrypted\n\nVersion: 1\n\n'
	printf -- '--enc-9\nContent-Type: application/octet-stream; name="encrypted.asc"\n\n'
	cat "$3"
	printf '\n--enc-9--\n'
}
one_step_mail() {	# KEY ID TEXTFILE: the entity signed and encrypted
	{ printf 'Content-Type: text/plain; charset=utf-8\n\n'; cat "$3"; } |
		sed 's/$/\r/' > "$w/e1"
	gpg --homedir "$w/$1" --batch --quiet --yes --pinentry-mode loopback \
		--passphrase '' --trust-model always --armor --sign --encrypt \
		--local-user "$(cat "$w/$1.fpr")" -r "$(cat "$w/moderator.fpr")" \
		-o "$w/e1.asc" "$w/e1" 2>/dev/null
	encrypted_mail "$1" "$2" "$w/e1.asc"
}
two_step_mail() {	# KEY ID TEXTFILE: multipart/signed, then encrypted
	{ printf 'Content-Type: text/plain; charset=utf-8\n\n'; cat "$3"; } |
		sed 's/$/\r/' > "$w/e2.part"
	sign_entity "$1" "$w/e2.part" "$w/e2.sig"
	{ printf 'Content-Type: multipart/signed; micalg=pgp-sha512;\r\n protocol="application/pgp-signature"; boundary="in-9"\r\n\r\n'
	  printf -- '--in-9\r\n'; cat "$w/e2.part"
	  printf '\r\n--in-9\r\nContent-Type: application/pgp-signature\r\n\r\n'
	  sed 's/$/\r/' "$w/e2.sig"; printf -- '--in-9--\r\n'; } > "$w/e2"
	gpg --homedir "$w/$1" --batch --quiet --yes --trust-model always \
		--armor --encrypt -r "$(cat "$w/moderator.fpr")" -o "$w/e2.asc" \
		"$w/e2" 2>/dev/null
	encrypted_mail "$1" "$2" "$w/e2.asc"
}
run() {
	"$adj" run "$G" --imap "imap://127.0.0.1:$IMAP_PORT/INBOX" \
		--smtp "smtp://127.0.0.1:$SMTP_PORT" --from "$MOD" \
		--netrc "$srv/netrc" --insecure-plain --now "$T" \
		> "$w/out" 2> "$w/err"
}
verify() {	# verify FILE [HOME]: exit status; the output in $w/v
	GNUPGHOME=${2:-$w/moderator} "$adj" verify "$1" \
		--seed-file "$w/seed" > "$w/v" 2>&1
}

# ------------------------------------------------------------------
# 1. Three PGP/MIME shapes, fetched and applied

order "$w/o1" "$F" T1.A1.1 "BID 0 A Russia B Netherlands # für Anna"
order "$w/o2" "$S" T1.A1.2 "PASS"
order "$w/o3" "$S" T1.A2.1 "BID 0 A Austria B France"
order "$w/o4" "$F" T1.A2.2 "PASS"
# (the fourth, multipart/signed again, comes after the encrypted ones)
signed_mail "$F" "<p4@test.invalid>" "$w/o4" > "$w/m4.eml"
signed_mail "$F" "<p1@test.invalid>" "$w/o1" > "$w/m1.eml"
two_step_mail "$S" "<p2@test.invalid>" "$w/o2" > "$w/m2.eml"
one_step_mail "$S" "<p3@test.invalid>" "$w/o3" > "$w/m3.eml"
for i in 1 2 3 4; do "$servers" deliver "$srv" < "$w/m$i.eml"; done
run
rc=$?
[ "$rc" -eq 0 ] && grep -q "fetched 4 (4 filed, 0 rejected, 0 duplicate); resolved run 1" \
	"$w/out" && ok || { bad "run: exit $rc"; cat "$w/out" "$w/err"; }
for i in 1 2 3 4; do
	grep -q "kind=\"order\".*source=\"[^\"]*g.xml.spool/00$i.txt:" "$G" &&
		ok || bad "the order of mail $i was not applied"
done
[ "$(grep -c '<entity>' "$G")" -eq 2 ] && [ "$(grep -c '<signature>' "$G")" -eq 2 ] &&
	ok || bad "the multipart/signed part and signature are not in the history"
# the entry of the multipart/signed message: its number, and its time
n1=$("$PY" - "$G" <<'EOF'
import sys, xml.etree.ElementTree as ET
for e in ET.parse(sys.argv[1]).getroot().iter('entry'):
    if e.find('entity') is not None:
        print(e.get('n'), e.get('signed') or '-', e.get('kind'))
EOF
)
set -- $n1
N=$1 N1=$1 N4=$4
[ "$3" = received ] && [ "$2" != - ] && ok ||
	bad "the PGP/MIME entry is not a received message with its signing time: $n1"
xmllint --noout --relaxng "$top/formats/game.rng" "$G" 2> "$w/xmllint" &&
	ok || { bad "the game file is not valid"; cat "$w/xmllint"; }
# the part recorded is the one signed, byte for byte
"$PY" - "$G" "$w/entity" <<'EOF' && ok || bad "the recorded part is not the signed bytes"
import base64, sys, xml.etree.ElementTree as ET
e = next(ET.parse(sys.argv[1]).getroot().iter('entity'))
sys.exit(base64.b64decode(e.text) != open(sys.argv[2], 'rb').read())
EOF
"$adj" report "$G" --for "$S" > "$w/rep" 2>&1 &&
	! grep -q 'entity\|PGP SIGNATURE' "$w/rep" && ok ||
	bad "another player's report shows the signed part"

# ------------------------------------------------------------------
# 2. verify re-checks all three

verify "$G"
rc=$?
[ "$rc" -eq 0 ] && grep -q "signed messages: 4 re-checked against the keys registered when they came; 0 not re-checked$" \
	"$w/v" && ok || { bad "verify with the moderator's key: exit $rc"; cat "$w/v"; }
# without the moderator's key: the multipart/signed one still is
mkdir -m 700 "$w/empty"
homes="$homes $w/empty"
verify "$G" "$w/empty"
rc=$?
[ "$rc" -eq 0 ] && grep -q "signed messages: 2 re-checked against the keys registered when they came; 2 not re-checked: encrypted to the moderator" \
	"$w/v" && ok || { bad "verify without the moderator's key: exit $rc"; cat "$w/v"; }
# the main program hands verify to the mail helper, which reads MIME
grep -q 'mail helper' "$w/v" && bad "verify did not run in the helper: $(cat "$w/v")" || ok

# ------------------------------------------------------------------
# 3. Tampering with each recorded part

edit() {	# edit PYTHON-STATEMENTS-ON-e (the entry element): $w/t.xml
	"$PY" - "$G" "$w/t.xml" "$N" "$1" "$w" <<'EOF'
import base64, sys, xml.etree.ElementTree as ET
src, dst, n, expr, w = sys.argv[1:]
t = ET.parse(src)
for e in t.getroot().iter('entry'):
    if e.get('n') == n:
        exec(expr)
t.write(dst, encoding='utf-8', xml_declaration=True)
EOF
}
tamper() {	# tamper NAME PYTHON MESSAGE: verify exits 65 with MESSAGE
	edit "$2"
	verify "$w/t.xml"
	rc=$?
	if [ "$rc" -eq 65 ] && grep -q "$3" "$w/v" &&
	    grep -q "does NOT verify" "$w/v"; then
		ok
	else
		bad "$1: exit $rc"
		cat "$w/v"
	fi
}
# the signed part: one letter of the bid
tamper entity "x = e.find('entity'); x.text = base64.encodebytes(base64.b64decode(x.text).replace(b'Russia', b'Prussi')).decode()" \
	"history entry $N (a signed message from $(cap "$F")): the signature does not hold"
# the signature: the same key's signature over another text
tamper signature "e.find('signature').text = open(w + '/e2.sig').read()" \
	"history entry $N (a signed message from $(cap "$F")): the signature does not hold"
# the signature: made by a key that is not the country's
sign_entity nobody "$w/entity" "$w/nobody.sig"
tamper signer "e.find('signature').text = open(w + '/nobody.sig').read()" \
	"history entry $N (a signed message from $(cap "$F")): the signature does not hold"
# the recorded text, the order entries and digests left alone
tamper text "x = e.find('text'); x.text = x.text.replace('für', 'fur')" \
	"history entry $N: the recorded text is not the text of its signed PGP/MIME part"
# the signing time
tamper time "e.set('signed', '2026-11-30T00:00:00Z')" \
	"history entry $N: signed at .*, not at the recorded 2026-11-30T00:00:00Z"
# the loader refuses a part that is not base64, a part without its
# signature, and a part in an entry that is no received message
refused() {	# refused NAME PYTHON MESSAGE: status exits 65 with MESSAGE
	edit "$2"
	"$adj" status "$w/t.xml" > "$w/st" 2>&1
	rc=$?
	[ "$rc" -eq 65 ] && grep -q "t.xml:[0-9][0-9]*: error: $3" "$w/st" &&
		ok || { bad "$1: status exit $rc"; cat "$w/st"; }
}
refused base64 "e.find('entity').text = 'not*base64'" \
	"<entity>: not base64"
refused nosig "e.remove(e.find('signature'))" \
	"<entry>: missing element 'signature'"
refused kind "e.set('kind', 'entropy')" \
	"<entry>: unexpected element 'entity'"

# a bad signature after messages that cannot be opened here is bad all
# the same, not one more message "not re-checked"
N=$N4
tamper after-unopened "x = e.find('entity'); x.text = base64.encodebytes(base64.b64decode(x.text).replace(b'PASS', b'PAS ')).decode()" \
	"history entry $N4 (a signed message from $(cap "$F")): the signature does not hold"
edit "x = e.find('entity'); x.text = base64.encodebytes(base64.b64decode(x.text).replace(b'PASS', b'PAS ')).decode()"
verify "$w/t.xml" "$w/none"	# no moderator's home at all
rc=$?
[ "$rc" -eq 65 ] && grep -q "history entry $N4 (a signed message from $(cap "$F")): the signature does not hold" \
	"$w/v" && ok || { bad "a bad PGP/MIME signature after unopened messages: exit $rc"; cat "$w/v"; }
N=$N1

# ------------------------------------------------------------------
# 4. A file made before the part was kept: it verifies as then, the
#    message and its orders counted as not re-checked (issue 17), which
#    verify --strict refuses; in a file that says it keeps every signed
#    message's bytes (received="exact"), the entry is refused

edit "e.remove(e.find('signature')); e.remove(e.find('entity'))"
verify "$w/t.xml" "$w/moderator"
rc=$?
[ "$rc" -eq 65 ] && grep -q "history entry $N (a signed message from .*) holds no signed bytes" \
	"$w/v" && ok || { bad "verify of a received=\"exact\" file without the part: exit $rc"; cat "$w/v"; }
edit "e.remove(e.find('signature')); e.remove(e.find('entity')); t.getroot().attrib.pop('received')"
verify "$w/t.xml" "$w/moderator"
rc=$?
[ "$rc" -eq 0 ] && grep -q "signed messages: 3 re-checked against the keys registered when they came; 1 not re-checked: .*PGP/MIME" \
	"$w/v" && grep -q "players' orders: .*; [1-9][0-9]* not re-checked" "$w/v" &&
	ok || { bad "verify of an old-style file: exit $rc"; cat "$w/v"; }
GNUPGHOME=$w/moderator "$adj" verify "$w/t.xml" --strict > "$w/v" 2>&1
rc=$?
[ "$rc" -eq 65 ] && grep -q "not re-checked (--strict)" "$w/v" && ok ||
	{ bad "verify --strict of an old-style file: exit $rc"; cat "$w/v"; }

# ------------------------------------------------------------------
# 5. The signer's key revoked afterwards: the message was judged when it
#    came, and still verifies; the player's private report is withheld
#    with a plain notice, not encrypted to the revoked key

# revoke COUNTRY WHAT: COUNTRY's key revoked at $T (with the revocation
# certificate GnuPG made with the key); every signed message still verifies
revoke() {
	rfpr=$(cat "$w/$1.fpr")
	"$adj" key "$G" "$1" "$w/$1/openpgp-revocs.d/$rfpr.rev" --now "$T" \
		> /dev/null 2> "$w/err" && ok ||
		{ bad "$2: the revocation was refused"; cat "$w/err"; }
	verify "$G"
	rc=$?
	[ "$rc" -eq 0 ] && grep -q "signed messages: 4 re-checked" "$w/v" &&
		ok || { bad "verify after $2: exit $rc"; cat "$w/v"; }
}
# withheld WHAT COUNTRY WHY NOTICE [OTHER]: a run at $T resolves; the
# moderator is warned that COUNTRY's private report is withheld (WHY: the
# rest of the warning, a grep pattern); of the private reports the run
# mailed, COUNTRY's is one plain notice that holds NOTICE and no orders,
# and (with OTHER) OTHER's is one, encrypted
withheld() {
	mark=$(ls "$srv/sink/new" | wc -l)
	run
	rc=$?
	[ "$rc" -eq 0 ] && grep -q "resolved run [0-9]" "$w/out" && ok ||
		{ bad "run $1: exit $rc"; cat "$w/out" "$w/err"; }
	grep -q "warning: the private report of $(cap "$2") is withheld$3" \
		"$w/err" && ok || { bad "$1: the moderator was not told why" \
		"the report is withheld"; cat "$w/err"; }
	"$PY" - "$srv/sink/new" "$mark" "$2" "$4" "${5:-}" <<'EOF' \
		> "$w/priv" 2>&1
import email, email.policy, os, sys
d, mark, f, notice, s = sys.argv[1:6]
mark = int(mark)
files = sorted(os.listdir(d), key=lambda x: os.path.getmtime(os.path.join(d, x)))
got = {}
for name in files[mark:]:
    with open(os.path.join(d, name), 'rb') as fh:
        m = email.message_from_binary_file(fh, policy=email.policy.default)
    if 'private report' in str(m['Subject']):
        got[str(m['To'])] = m.get_body(preferencelist=('plain',)).get_content()
mine = [b for t, b in got.items() if f + '@' in t]
theirs = [b for t, b in got.items() if s + '@' in t]
ok = (len(mine) == 1 and 'your private report is withheld' in mine[0]
      and notice in mine[0]
      and 'BEGIN PGP' not in mine[0] and 'STEP' not in mine[0]
      and (not s or (len(theirs) == 1 and 'BEGIN PGP MESSAGE' in theirs[0])))
print(got)
sys.exit(0 if ok else 1)
EOF
	[ $? -eq 0 ] && ok || { bad "$1: the private reports"; cat "$w/priv"; }
}
revoke "$F" "the signer's key was revoked"
T=2026-12-20T00:00:00Z	# past the deadline: defaults, a run, its reports
withheld "after the revocation" "$F" "" "" "$S"
# the signer of the encrypted messages revoked too: all still verify
revoke "$S" "both keys were revoked"

# ------------------------------------------------------------------
# 6. A key that cannot be encrypted to for a reason of its own (issue 9:
#    here a key with no encryption subkey; an expired one in trust.sh):
#    the run goes on, and the player's mail is a plain notice of why

mkdir -m 700 "$w/signonly"; homes="$homes $w/signonly"
gpg --homedir "$w/signonly" --batch --quiet --pinentry-mode loopback \
	--passphrase '' --quick-generate-key "signonly <so@test.invalid>" \
	ed25519 sign never 2>/dev/null
ofpr=$(gpg --homedir "$w/signonly" --list-keys --with-colons 2>/dev/null |
	awk -F: '/^fpr/ {print $10; exit}')
gpg --homedir "$w/signonly" --armor --export "$ofpr" > "$w/signonly.asc" 2>/dev/null
"$adj" key "$G" "$S" "$w/signonly.asc" --now "$T" > /dev/null 2> "$w/err" && ok ||
	{ bad "the key without an encryption subkey was not registered"; cat "$w/err"; }
grep -q "warning: the key of $(cap "$S") cannot receive private reports: key '$ofpr' has no encryption subkey; they are withheld until 'adjudicator key' registers a key with a working encryption subkey" "$w/err" && ok ||
	{ bad "no warning that the key cannot receive private reports"; cat "$w/err"; }
T=2026-12-27T00:00:00Z	# past the next deadline: a run and its reports
withheld "with a key without an encryption subkey" "$S" \
	": key '$ofpr' has no encryption subkey; after 'adjudicator key' with a mended or new key, send it with 'adjudicator report --run [0-9]* --for $S'" \
	"key '$ofpr' has no encryption subkey."

echo "mail-pgpmime: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
