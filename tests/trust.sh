#!/bin/sh
# trust.sh - play-by-email trust (issue 4): signed orders, sealed picks,
# the sealed seed, entropy, verifiable dice and deadlines, with throwaway
# keys made now in short-lived GnuPG homes (every gpg-agent is ended).
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
G="gpg --batch --quiet --pinentry-mode loopback --passphrase ''"

sign() {	# sign NAME IN OUT
	gpg --homedir "$w/$1" --batch --quiet --yes --pinentry-mode loopback \
		--passphrase '' --clearsign -o "$3" "$2" 2>/dev/null
}
order() {	# order FILE COUNTRY STEP LINE...
	f=$w/$1 c=$2 s=$3
	shift 3
	{ printf 'GAME trust\nCOUNTRY %s\nSTEP %s\n' "$c" "$s"
	  for l in "$@"; do printf '%s\n' "$l"; done; } > "$f"
}
pending() {
	"$adj" status "$w/game.xml" |
	    sed -n 's/^pending: STEP \([^ ]*\) from \([^:]*\):.*/\1 \2/p'
}
T=2026-12-01T10:00:00Z
resolve() { "$adj" resolve "$w/game.xml" "$@" --now "$T" --report "$w/report.txt"; }

for k in moderator prussia spain stranger; do mkkey $k; done
export GNUPGHOME=$w/moderator

# The seed is pinned: Prussia bids first, Spain after.  Spain's key
# expires $life seconds after it was made: it is registered while it
# lives (a machine too slow for that tries again with a longer life) and
# waited out further on, where the orders it signed are judged.
printf '%064d\n' 2 > "$w/trust.seed"
life=10
while :; do
	mkkey shortlived seconds=$life
	"$adj" new -o "$w/game.xml" --id trust --now 2026-12-01T00:00:00Z \
		--seed-file "$w/trust.seed" --deadline-hours 48 --report /dev/null \
		--player prussia:P:p@x --player spain:S:s@x \
		--key prussia:"$w/prussia.asc" --key spain:"$w/shortlived.asc" \
		--moderator-key "$w/moderator.asc" --private-dir "$w/priv" \
		> /dev/null 2> "$w/err" && break
	grep -q "has expired" "$w/err" && [ "$life" -lt 300 ] ||
		{ cat "$w/err"; echo "new failed"; exit 1; }
	gpgconf --homedir "$w/shortlived" --kill all 2>/dev/null
	rm -rf "$w/shortlived"
	life=$((life * 3))
done
# Issue 9.4 (R30): the seed's commitment reaches the players from run 0,
# in every text and HTML report and in status.
commit=$(sed -n 's/.*<seed commitment="\([0-9a-f]\{64\}\)".*/\1/p' "$w/game.xml")
[ -n "$commit" ] || bad "no commitment in the game file"
"$adj" report "$w/game.xml" > "$w/r0.txt"
grep -q "^  $commit\$" "$w/r0.txt" && ok || bad "the run 0 text report lacks the commitment"
"$adj" report "$w/game.xml" --template "$top/templates/report-html.xsl" > "$w/r0.html"
grep -q "$commit" "$w/r0.html" && ok || bad "the run 0 HTML report lacks the commitment"
gpg --homedir "$w/prussia" --batch --quiet --decrypt "$w/priv/prussia.txt.asc" \
	2>/dev/null | grep -q "^  $commit\$" && ok ||
	bad "the run 0 private report lacks the commitment"
"$adj" status "$w/game.xml" | grep -q "^seed commitment: SHA-256 $commit\$" && ok ||
	bad "status lacks the commitment"
# Private reports: each encrypted to its player's key only.
head -1 "$w/priv/prussia.txt.asc" | grep -q "BEGIN PGP MESSAGE" && ok ||
	bad "the private report is not encrypted"
[ ! -e "$w/priv/prussia.txt" ] && ok || bad "a private report was written in clear"
gpg --homedir "$w/prussia" --batch --quiet --decrypt "$w/priv/prussia.txt.asc" \
	2>/dev/null | grep -q "Your hand" && ok || bad "Prussia cannot read her report"
gpg --homedir "$w/spain" --batch --quiet --decrypt "$w/priv/prussia.txt.asc" \
	> /dev/null 2>&1 && bad "Spain can read Prussia's report" || ok
gpg --homedir "$w/moderator" --batch --quiet --decrypt "$w/priv/prussia.txt.asc" \
	> /dev/null 2>&1 && bad "the moderator can read Prussia's report" || ok
# Before the end, verify needs the moderator's key for the sealed seed.
"$adj" verify "$w/game.xml" > /dev/null 2>&1 && ok ||
	bad "verify with the moderator's key failed"
GNUPGHOME=$w/stranger "$adj" verify "$w/game.xml" > "$w/out" 2>&1 &&
	bad "verify without the seed passed" || ok
grep -q "verify needs the seed" "$w/out" && ok || { bad "no clear message"; cat "$w/out"; }
[ ! -e "$w/game.xml.seed" ] && ok || bad "a seed file was written although the seed is sealed"
grep -q "<sealed>-----BEGIN PGP MESSAGE-----" "$w/game.xml" && ok ||
	bad "the seed is not sealed in the game file"
grep -q "fingerprint=\"$(cat "$w/prussia.fpr")\"" "$w/game.xml" && ok ||
	bad "Prussia's key is not pinned by fingerprint"

set -- $(pending)
step=$1 who=$2
[ "$who" = Prussia ] && [ "$step" = T1.A1.1 ] && ok ||
	bad "the pinned seed does not make Prussia bid first: $step $who"
me=$(echo "$who" | tr 'A-Z' 'a-z')
key=$me
[ "$me" = spain ] && key=shortlived
other=prussia
[ "$me" = prussia ] && other=spain
# issue 10: a game with keys asks for a signature on its order form
"$adj" report "$w/game.xml" --for "$me" | grep -q "Fill in, sign with your key and send" &&
	ok || bad "the order form of a game with keys does not ask to sign"
# A private report written with -o holds its player's hand (R39): its
# owner's alone, also over a file others could read; a public one is
# everyone's.
: > "$w/mine.txt"
chmod 644 "$w/mine.txt"
(umask 022; "$adj" report "$w/game.xml" --for "$me" -o "$w/mine.txt" &&
    "$adj" report "$w/game.xml" -o "$w/public.txt") > /dev/null 2>&1 ||
	bad "report -o failed"
grep -q "Your hand" "$w/mine.txt" && [ "$(stat -c %a "$w/mine.txt")" = 600 ] &&
	ok || bad "a private report written with -o: mode $(stat -c %a "$w/mine.txt")"
[ "$(stat -c %a "$w/public.txt")" = 644 ] && ok ||
	bad "a public report written with -o: mode $(stat -c %a "$w/public.txt")"

order bid.txt "$who" "$step" "BID 0 A Russia B Netherlands" "ENTROPY dice-$me-42"
expect unsigned 65 "the order file is not signed" resolve "$w/bid.txt"
sign stranger "$w/bid.txt" "$w/stranger.asc.txt"
expect unknown-key 65 "signature not accepted: signed by unknown key" \
	resolve "$w/stranger.asc.txt"
sign "$([ "$key" = prussia ] && echo moderator || echo prussia)" \
	"$w/bid.txt" "$w/wrongkey.asc.txt"
expect wrong-key 65 "not the key registered for $who" \
	resolve "$w/wrongkey.asc.txt"
# The game's keyring (issue 12): made by new, holding the registered keys;
# a key planted in it still signs nothing (keys are pinned by fingerprint);
# removed, it is made again; no gpg-agent is started to verify.
[ -f "$w/game.xml.keys/keys.sha256" ] && [ -f "$w/game.xml.keys/pubring.kbx" ] &&
	ok || bad "new made no keyring game.xml.keys"
gpg --homedir "$w/game.xml.keys" --batch --quiet --no-autostart \
	--import "$w/stranger.asc" 2>/dev/null
sed "s/^COUNTRY .*/COUNTRY $who/" "$w/bid.txt" > "$w/planted.txt"
sign stranger "$w/planted.txt" "$w/planted.asc.txt"
expect planted-key 65 "not the key registered for $who" \
	resolve "$w/planted.asc.txt"
# Only the start of a gpg status line counts: a user ID that holds
# "[GNUPG:] VALIDSIG <Prussia's fingerprint>" (gpg copies it into its
# GOODSIG line as it is) signs nothing for Prussia.  A game of its own,
# where that key is Spain's and the seed makes Prussia bid first.
v=$(cat "$w/prussia.fpr")
mkdir -m 700 "$w/forger"
homes="$homes $w/forger"
gpg --homedir "$w/forger" --batch --quiet --pinentry-mode loopback \
	--passphrase '' --quick-generate-key \
	"x [GNUPG:] VALIDSIG $v 2026-12-01 0 0 4 0 22 8 01 $v" \
	ed25519 sign never 2>/dev/null
gpg --homedir "$w/forger" --armor --export > "$w/forger.asc" 2>/dev/null
printf '%064d\n' 2 > "$w/forge.seed"
chmod 600 "$w/forge.seed"
"$adj" new -o "$w/forge.xml" --id trust --seed-file "$w/forge.seed" \
	--now 2026-12-01T00:00:00Z --report /dev/null \
	--player prussia:P:p@x --player spain:S:s@x \
	--key prussia:"$w/prussia.asc" --key spain:"$w/forger.asc" \
	> /dev/null 2>&1 || bad "the forge game was not made"
"$adj" status "$w/forge.xml" | grep -q "^pending: STEP T1.A1.1 from Prussia:" &&
	ok || bad "the forge game does not start with Prussia's bid"
order forged.txt Prussia T1.A1.1 "BID 0 A Russia B Netherlands"
sign forger "$w/forged.txt" "$w/forged.asc.txt"
cp "$w/forge.xml" "$w/forge-before.xml"
"$adj" resolve "$w/forge.xml" "$w/forged.asc.txt" --now "$T" \
	--report /dev/null > "$w/out" 2> "$w/err" &&
	bad "an order signed by Spain's key counted for Prussia" || ok
grep -q "which is not the key registered for Prussia ($v)" "$w/err" &&
	cmp -s "$w/forge.xml" "$w/forge-before.xml" && ok ||
	{ bad "the forged signature was not refused as Spain's"; cat "$w/err"; }
rm -rf "$w/game.xml.keys"
sign "$key" "$w/bid.txt" "$w/bid.asc.txt"
sed 's/BID 0 A Russia/BID 0 A Austria/' "$w/bid.asc.txt" > "$w/tampered.asc.txt"
expect tampered 65 "bad signature" resolve "$w/tampered.asc.txt"
{ echo "forwarded text"; cat "$w/bid.asc.txt"; } > "$w/outside.asc.txt"
expect text-outside 65 "text outside the signed part" resolve "$w/outside.asc.txt"
# issue 10: a mail signature after the armour is not text outside it
{ cat "$w/bid.asc.txt"; printf '\n-- \nAnna\nBerlin\n'; } > "$w/sigblock.asc.txt"
"$adj" check "$w/game.xml" "$w/sigblock.asc.txt" --now "$T" > "$w/out" 2>&1 &&
	grep -q "$step $who: accepted, applied" "$w/out" &&
	grep -q "ignored 2 lines after the end of the orders" "$w/out" && ok ||
	{ bad "a mail signature after a clearsigned file was refused"; cat "$w/out"; }
gpg --homedir "$w/$key" --batch --quiet --import "$w/moderator.asc" 2>/dev/null
gpg --homedir "$w/$key" --batch --quiet --yes --pinentry-mode loopback \
	--passphrase '' --trust-model always --armor --sign --encrypt \
	--local-user "$(cat "$w/$key.fpr")" -r "$(cat "$w/moderator.fpr")" \
	-o "$w/unpadded-order.asc" "$w/bid.txt" 2>/dev/null
# issue 10: both forms adjudicator-orders(5) lists work, no padding asked
# (only a sealed step hides its size); check changes nothing
"$adj" check "$w/game.xml" "$w/unpadded-order.asc" --now "$T" > "$w/out" 2>&1 &&
	grep -q "$step $who: accepted, applied" "$w/out" && ok ||
	{ bad "a signed and encrypted order (gpg --sign --encrypt) was refused"; cat "$w/out"; }
gpg --homedir "$w/$key" --batch --quiet --yes --pinentry-mode loopback \
	--passphrase '' --armor --sign --local-user "$(cat "$w/$key.fpr")" \
	-o "$w/signed-only.asc" "$w/bid.txt" 2>/dev/null
"$adj" check "$w/game.xml" "$w/signed-only.asc" --now "$T" > "$w/out" 2>&1 &&
	grep -q "$step $who: accepted, applied" "$w/out" && ok ||
	{ bad "a signed order (gpg --sign --armor) was refused"; cat "$w/out"; }
GNUPGHOME=$w/stranger "$adj" check "$w/game.xml" "$w/signed-only.asc" \
	--now "$T" > "$w/out" 2>&1 && ok ||
	{ bad "a signed-only order needs the moderator's key"; cat "$w/out"; }
"$adj" check "$w/game.xml" "$w/bid.asc.txt" --now "$T" > "$w/ack.txt" 2>&1
grep -q "$step $who: accepted, applied" "$w/ack.txt" && ok ||
	{ bad "check gives no acknowledgement"; cat "$w/ack.txt"; }
resolve "$w/bid.asc.txt" > /dev/null 2>&1 && ok || bad "a good signed order was refused"
[ -f "$w/game.xml.keys/keys.sha256" ] && ok ||
	bad "the removed keyring was not made again"
sock=$(gpgconf --homedir "$w/game.xml.keys" --list-dirs agent-socket)
[ ! -S "$sock" ] && ok || bad "a gpg-agent was started for the keyring"
grep -q 'kind="received"' "$w/game.xml" && grep -q "BEGIN PGP SIGNED MESSAGE" "$w/game.xml" &&
	ok || bad "the signed text is not kept in the history"
grep -q "<text>dice-$me-42</text>" "$w/game.xml" && ok || bad "entropy not recorded"
# Issue 9.2 (R38): a signed message counts once; sent again it is a
# replay, refused with its place in the history.
expect replayed-old-order 65 "bid.asc.txt:1: error: this signed message is in the game already" \
	resolve "$w/bid.asc.txt"
{ cat "$w/bid.txt"; echo "# sent again"; } > "$w/bid2.txt"
sign "$key" "$w/bid2.txt" "$w/bid2.asc.txt"
expect stale-order 65 "was resolved already (R38)" resolve "$w/bid2.asc.txt"
# Advance orders A, then B for the same step, then A again: A must not
# come back; nor may an order signed before B replace it.
order adv-a.txt Prussia T2.S1 "PASS  # A"
order adv-b.txt Prussia T2.S1 "PASS  # B"
order adv-old.txt Prussia T2.S1 "PASS  # signed before B"
sign prussia "$w/adv-a.txt" "$w/adv-a.asc.txt"
resolve "$w/adv-a.asc.txt" > /dev/null 2> "$w/err" && ok || { bad "advance order A refused"; cat "$w/err"; }
sleep 1
# B is signed at tb or later, tb at least a second after A (and after the
# key's birth): an order signed at tb - 1 is surely older than B, also on
# a machine fast enough to sign the key, A and B within two seconds
tb=$(date +%s)
sign prussia "$w/adv-b.txt" "$w/adv-b.asc.txt"
resolve "$w/adv-b.asc.txt" > /dev/null 2> "$w/err" && ok || { bad "advance order B refused"; cat "$w/err"; }
grep -q "# B" "$w/game.xml" && ok || bad "B is not queued"
expect replayed-advance-order 65 "adv-a.asc.txt:1: error: this signed message is in the game already" \
	resolve "$w/adv-a.asc.txt"
gpg --homedir "$w/prussia" --batch --quiet --yes --pinentry-mode loopback \
	--passphrase '' --faked-system-time "$((tb - 1))" \
	--clearsign -o "$w/adv-old.asc.txt" "$w/adv-old.txt" 2>/dev/null
expect older-signature 65 "adv-old.asc.txt:6: error: step T2.S1: signed at" \
	resolve "$w/adv-old.asc.txt"
grep -q "before the order it would replace" "$w/err" && ok ||
	{ bad "no reason for the older signature"; cat "$w/err"; }
grep -q '<order step="T2.S1" country="prussia" [^>]*signed="' "$w/game.xml" && ok ||
	bad "the queued order does not record its signing time"
# Issue 9.7b (R39): the documents handed to report templates hold only
# what their reader may see; an identity stylesheet shows them whole.
cat > "$w/identity.xsl" <<'XSL'
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
  <xsl:output method="xml"/>
  <xsl:template match="/"><xsl:copy-of select="."/></xsl:template>
</xsl:stylesheet>
XSL
"$adj" report "$w/game.xml" --template "$w/identity.xsl" > "$w/pub.xml" 2> "$w/err" ||
	{ bad "report with an identity template failed"; cat "$w/err"; }
grep -q "<hand\|<discard" "$w/pub.xml" && bad "the public document holds hands" || ok
grep -q "<queue waiting=\"1\"/>" "$w/pub.xml" && ok ||
	bad "the public document holds queued orders, or does not count them"
grep -q "BEGIN PGP SIGNED MESSAGE" "$w/pub.xml" &&
	bad "the public document holds the signed messages as received" || ok
"$adj" report "$w/game.xml" --for prussia --template "$w/identity.xsl" > "$w/mine.xml" 2> "$w/err" ||
	{ bad "a private report with an identity template failed"; cat "$w/err"; }
[ "$(grep -c "<hand" "$w/mine.xml")" -eq 1 ] && [ "$(grep -c "<discard" "$w/mine.xml")" -eq 1 ] &&
	grep -q '<country id="prussia" [^>]*>[^/]*<hand' "$w/mine.xml" && ok ||
	bad "a private document holds other hands than its player's"
grep -q '<order step="T2.S1" country="prussia"' "$w/mine.xml" && ok ||
	bad "a private document lacks its player's queued order"
"$adj" report "$w/game.xml" --for spain --template "$w/identity.xsl" > "$w/theirs.xml" 2> "$w/err"
grep -q '<order ' "$w/theirs.xml" && bad "a private document holds another player's queued order" || ok
# resolve hands the public report the same document it saves, less this
order adv-c.txt Prussia T2.S2 "PASS  # C"
sign prussia "$w/adv-c.txt" "$w/adv-c.asc.txt"
"$adj" resolve "$w/game.xml" "$w/adv-c.asc.txt" --now "$T" --template "$w/identity.xsl" \
	--report "$w/run.xml" --private-dir "$w/idpriv" > /dev/null 2> "$w/err" ||
	{ bad "resolve with an identity template failed"; cat "$w/err"; }
grep -q "<hand\|<discard\|<order \|BEGIN PGP SIGNED" "$w/run.xml" &&
	bad "resolve's public document holds private parts" || ok
grep -q "<hand" "$w/game.xml" && grep -q '<order step="T2.S2"' "$w/game.xml" && ok ||
	bad "the saved game lost what the report may not show"

# An expired key (issue 9): wait until Spain's has expired.
born=$(gpg --homedir "$w/shortlived" --with-colons --list-keys 2>/dev/null |
	awk -F: '/^pub/ {print $6; exit}')
sfpr=$(cat "$w/shortlived.fpr")
left=$((born + life + 1 - $(date +%s)))
[ "$left" -gt 0 ] && sleep "$left"
set -- $(pending)
[ "$2" = Spain ] && ok || bad "Spain's step is not pending: $*"
order pass.txt Spain "$1" "PASS"
# An order signed while the key lived counts when the key has expired
# since: gpg's EXPKEYSIG, with the signing time before the key's end.
# Signed later (by a copy of the key that lives on, not registered), it
# is refused, saying when the key expired.  Clearsigned and not (GPGME).
mkdir -m 700 "$w/renewed"; homes="$homes $w/renewed"
cp -a "$w/shortlived/." "$w/renewed/"
gpg --homedir "$w/renewed" --batch --quiet --pinentry-mode loopback \
	--passphrase '' --quick-set-expire "$sfpr" never 2>/dev/null
gpg --homedir "$w/renewed" --armor --export "$sfpr" > "$w/renewed.asc" 2>/dev/null
{ cat "$w/pass.txt"; echo "# signed, not clearsigned"; } > "$w/pass2.txt"
gpg --homedir "$w/shortlived" --batch --quiet --yes --pinentry-mode loopback \
	--passphrase '' --faked-system-time "$((born + 1))" \
	--clearsign -o "$w/expired.asc.txt" "$w/pass.txt" 2>/dev/null
gpg --homedir "$w/shortlived" --batch --quiet --yes --pinentry-mode loopback \
	--passphrase '' --faked-system-time "$((born + 1))" \
	--armor --sign -o "$w/expired-signed.asc" "$w/pass2.txt" 2>/dev/null
sign renewed "$w/pass.txt" "$w/late.asc.txt"
gpg --homedir "$w/renewed" --batch --quiet --yes --pinentry-mode loopback \
	--passphrase '' --armor --sign -o "$w/late-signed.asc" "$w/pass2.txt" 2>/dev/null
late="the signing key '$sfpr' has expired: it expired at "
expect late-signature 65 "$late" resolve "$w/late.asc.txt"
grep -q "late.asc.txt: error: signature not accepted: ${late}[0-9T:-]*Z, before this signature was made ([0-9T:-]*Z); send the moderator the key with a new expiry date, or a new key$" \
	"$w/err" && ok || { bad "no clear reason for the late signature"; cat "$w/err"; }
expect late-signed 65 "$late" resolve "$w/late-signed.asc"
# Issue 17.7: the key registered decides, on every path: signed and
# encrypted to the moderator, whose keyring holds the copy with the new
# expiry date, the late signature is refused all the same.
gpg --homedir "$w/moderator" --batch --quiet --import "$w/renewed.asc" 2>/dev/null
gpg --homedir "$w/renewed" --batch --quiet --import "$w/moderator.asc" 2>/dev/null
gpg --homedir "$w/renewed" --batch --quiet --yes --pinentry-mode loopback \
	--passphrase '' --trust-model always --armor --sign --encrypt \
	--local-user "$sfpr" -r "$(cat "$w/moderator.fpr")" \
	-o "$w/late-encrypted.asc" "$w/pass2.txt" 2>/dev/null
expect late-encrypted 65 "$late" resolve "$w/late-encrypted.asc"
# issue 12: several files are checked by one gpg, with the same verdicts
# (gpg stops at a bad signature, and starts again after it)
expect late-batch 65 "$late" resolve "$w/late.asc.txt" "$w/tampered.asc.txt"
grep -q "tampered.asc.txt: error: signature not accepted: bad signature" \
	"$w/err" && ok || { bad "the batch lost the bad signature"; cat "$w/err"; }
expect late-after-bad 65 "$late" resolve "$w/tampered.asc.txt" "$w/late.asc.txt"
for f in expired-signed.asc expired.asc.txt; do
	"$adj" check "$w/game.xml" "$w/late.asc.txt" "$w/$f" --now "$T" \
		> "$w/out" 2>&1
	grep -q "$f:.*: accepted, applied" "$w/out" &&
		grep -q "late.asc.txt: .*$late" "$w/out" && ok ||
		{ bad "check of $f signed before the key expired"; cat "$w/out"; }
	# issue 17.7: the acknowledgement says the key has expired since
	grep -q "$f: signed at [0-9T:-]*Z by key $sfpr, which has expired since (at [0-9T:-]*Z): this order counts; for the next ones send the moderator the key with a new expiry date, or a new key$" \
		"$w/out" && ok ||
		{ bad "the acknowledgement of $f does not tell the key expired"; cat "$w/out"; }
done
# In a copy of the game: the order is taken, and verify holds it good.
cp "$w/game.xml" "$w/exp.xml"
"$adj" resolve "$w/exp.xml" "$w/expired.asc.txt" --now "$T" --report /dev/null \
	> /dev/null 2> "$w/err" &&
	grep -q "kind=\"received\" .*country=\"spain\"\|BEGIN PGP SIGNED" "$w/exp.xml" && ok ||
	{ bad "an order signed before the key expired was refused"; cat "$w/err"; }
"$adj" verify "$w/exp.xml" > "$w/out" 2>&1 && ok ||
	{ bad "verify of an order signed before the key expired"; cat "$w/out"; }
# Spain's private report is withheld (the run goes on, R39), with a
# notice that says why; Prussia's is encrypted as ever.
"$adj" resolve "$w/exp.xml" --now 2026-12-20T00:00:00Z --report /dev/null \
	--private-dir "$w/exppriv" > /dev/null 2> "$w/err"
rc=$?
[ "$rc" -eq 0 ] && [ -s "$w/exppriv/prussia.txt.asc" ] &&
	[ ! -e "$w/exppriv/spain.txt.asc" ] &&
	grep -q "your private report is withheld" "$w/exppriv/spain.txt" &&
	grep -q "^The key registered for Spain ($sfpr) cannot be encrypted to:\$" \
	    "$w/exppriv/spain.txt" &&
	grep -q "^key '$sfpr' has expired (at [0-9T:-]*Z)\.\$" "$w/exppriv/spain.txt" &&
	grep -q "new expiry date" "$w/exppriv/spain.txt" &&
	! grep -qi "hand\|order form\|STEP" "$w/exppriv/spain.txt" &&
	grep -q "spain.txt: warning: the private report of Spain is withheld: key '$sfpr' has expired (at .*); after 'adjudicator key' with a mended or new key, send it with 'adjudicator report --run [0-9]* --for spain' encrypted to that key" "$w/err" &&
	ok || { bad "the private report to an expired key: exit $rc"; cat "$w/err";
		ls "$w/exppriv"; cat "$w/exppriv/spain.txt"; }
# The key with a new expiry date, registered again: the same key is
# encrypted to again.
"$adj" key "$w/exp.xml" spain "$w/renewed.asc" --now "$T" > "$w/out" 2> "$w/err" &&
	grep -q "registered key $sfpr for Spain" "$w/out" &&
	"$adj" resolve "$w/exp.xml" --now 2026-12-25T00:00:00Z --report /dev/null \
	--private-dir "$w/renpriv" > /dev/null 2> "$w/err" &&
	[ -s "$w/renpriv/spain.txt.asc" ] && [ ! -e "$w/renpriv/spain.txt" ] &&
	gpg --homedir "$w/renewed" --batch --quiet --decrypt \
	    "$w/renpriv/spain.txt.asc" 2>/dev/null | grep -q "Your hand" && ok ||
	{ bad "the private report after the key's new expiry"; cat "$w/err"; ls "$w/renpriv"; }
# In the game itself, Spain sends a new key.
"$adj" key "$w/game.xml" spain "$w/spain.asc" --now "$T" > /dev/null &&
	ok || bad "replacing Spain's key failed"
sign spain "$w/pass.txt" "$w/pass.asc.txt"
"$adj" check "$w/game.xml" "$w/tampered.asc.txt" "$w/stranger.asc.txt" \
	"$w/pass.asc.txt" --now "$T" > "$w/out" 2>&1
grep -q "pass.asc.txt:.*: accepted, applied" "$w/out" &&
	grep -q "tampered.asc.txt: .*bad signature" "$w/out" &&
	grep -q "stranger.asc.txt: .*signed by unknown key" "$w/out" && ok ||
	{ bad "check of several signed files at once went wrong"; cat "$w/out"; }
resolve "$w/pass.asc.txt" > /dev/null 2> "$w/err" && ok || { bad "a pass was refused"; cat "$w/err"; }

# Issue 9.6: a compromised key is revoked with the revocation certificate
# GnuPG made with it (openpgp-revocs.d), or a revoked copy of the key.
pfpr=$(cat "$w/prussia.fpr")
rev=$w/prussia/openpgp-revocs.d/$pfpr.rev
[ -s "$rev" ] || bad "gpg made no revocation certificate"
expect revoke-stranger 65 "neither a revocation of the key registered for Prussia" \
	"$adj" key "$w/game.xml" prussia "$w/stranger/openpgp-revocs.d/$(cat "$w/stranger.fpr").rev" --now "$T"
mkdir -m 700 "$w/revoked"; homes="$homes $w/revoked"
gpg --homedir "$w/revoked" --batch --quiet --import "$w/prussia.asc" 2>/dev/null
sed 's/^:-----BEGIN/-----BEGIN/' "$rev" | gpg --homedir "$w/revoked" --batch --quiet --import 2>/dev/null
gpg --homedir "$w/revoked" --armor --export "$pfpr" > "$w/prussia-revoked.asc" 2>/dev/null
cp "$w/game.xml" "$w/copy.xml"
"$adj" key "$w/copy.xml" prussia "$w/prussia-revoked.asc" --now "$T" > "$w/out" 2> "$w/err" &&
	grep -q "revoked key $pfpr of Prussia" "$w/out" && ok ||
	{ bad "a revoked copy of the key was not taken as a revocation"; cat "$w/err"; }
"$adj" key "$w/game.xml" prussia "$rev" --now "$T" > "$w/out" 2> "$w/err" && ok ||
	{ bad "the revocation certificate was refused"; cat "$w/err"; }
grep -q "revoked key $pfpr of Prussia: orders signed with it are refused" "$w/out" && ok ||
	{ bad "key does not say it revoked"; cat "$w/out"; }
grep -q "kind=\"revoke\" [^>]*country=\"prussia\" fingerprint=\"$pfpr\"" "$w/game.xml" && ok ||
	bad "the revocation is not in the history"
order rev.txt Prussia T2.S2 "PASS  # after the revocation"
sign prussia "$w/rev.txt" "$w/rev.asc.txt"
expect revoked-key 65 "is revoked" resolve "$w/rev.asc.txt"
expect revoked-key-batch 65 "is revoked" \
	resolve "$w/tampered.asc.txt" "$w/rev.asc.txt" "$w/stranger.asc.txt"
grep -q "tampered.asc.txt: error: signature not accepted: bad signature" \
	"$w/err" && grep -q "stranger.asc.txt: error: .*signed by unknown key" \
	"$w/err" && ok || { bad "the batch lost a verdict"; cat "$w/err"; }
expect revoked-again 65 "is revoked" \
	"$adj" key "$w/game.xml" prussia "$w/prussia-revoked.asc" --now "$T"
# A private report is not encrypted to a revoked key: it is withheld, and
# the player gets a plain notice that says why and nothing else.
# (a run after the deadline: its defaults make a run with reports)
"$adj" key "$w/copy.xml" spain "$w/spain.asc" --now "$T" > /dev/null 2>&1
"$adj" resolve "$w/copy.xml" --now 2026-12-20T00:00:00Z --report /dev/null \
	--private-dir "$w/revpriv" > /dev/null 2> "$w/err"
rc=$?
[ "$rc" -eq 0 ] && [ ! -e "$w/revpriv/prussia.txt.asc" ] &&
	[ -s "$w/revpriv/spain.txt.asc" ] && [ ! -e "$w/revpriv/spain.txt" ] &&
	grep -q "your private report is withheld" "$w/revpriv/prussia.txt" &&
	grep -q "The key registered for Prussia ($pfpr) was revoked (history entry [0-9]*)" \
	    "$w/revpriv/prussia.txt" &&
	! grep -qi "hand\|order form\|STEP" "$w/revpriv/prussia.txt" &&
	grep -q "prussia.txt: warning: the private report of Prussia is withheld" "$w/err" &&
	ok || { bad "the private report to a revoked key: exit $rc"; cat "$w/err";
		ls "$w/revpriv"; cat "$w/revpriv/prussia.txt"; }
# a new key registered: encrypted to it again
"$adj" key "$w/copy.xml" prussia "$w/stranger.asc" --now "$T" > /dev/null 2>&1 &&
	"$adj" resolve "$w/copy.xml" --now 2026-12-25T00:00:00Z --report /dev/null \
	--private-dir "$w/newpriv" > /dev/null 2> "$w/err" &&
	[ -s "$w/newpriv/prussia.txt.asc" ] && [ ! -e "$w/newpriv/prussia.txt" ] &&
	gpg --homedir "$w/stranger" --batch --quiet --decrypt \
	    "$w/newpriv/prussia.txt.asc" 2>/dev/null | grep -q . && ok ||
	{ bad "the private report after a new key"; cat "$w/err"; ls "$w/newpriv"; }

# Deadlines: a deadline still to come is never cut short.
set -- $(pending)
"$adj" deadline "$w/game.xml" 2026-12-05T12:00:00+01:00 --now "$T" > /dev/null
grep -q 'deadline="2026-12-05T11:00:00Z"' "$w/game.xml" && ok ||
	bad "the deadline is not stored in UTC"
cp "$w/game.xml" "$w/before.xml"
"$adj" resolve "$w/game.xml" --deadline-passed --now 2026-12-05T10:59:00Z \
	--report /dev/null 2> /dev/null
cmp -s "$w/game.xml" "$w/before.xml" && ok || bad "a deadline still to come was defaulted"
"$adj" resolve "$w/game.xml" --now 2026-12-05T11:00:00Z --report "$w/r.txt" 2> /dev/null
grep -q "no order by the deadline (R37)" "$w/r.txt" && ok ||
	bad "a passed deadline was not defaulted"

# Play on by defaults to the end; the seed is opened with the moderator's key.
n=0
base=$(date -u -d 2026-12-06T00:00:00Z +%s)
while "$adj" status "$w/game.xml" | grep -q '^pending:'; do
	now=$(date -u -d "@$((base + n * 180000))" +%Y-%m-%dT%H:%M:%SZ)
	"$adj" resolve "$w/game.xml" --now "$now" \
		--report /dev/null 2> "$w/err" || { bad "defaults failed"; cat "$w/err"; break; }
	n=$((n + 1)); [ $n -lt 400 ] || { bad "the game never ends"; break; }
done
grep -q 'revealed="[0-9a-f]\{64\}"' "$w/game.xml" && ok ||
	bad "the seed is not published at the end"
"$adj" report "$w/game.xml" > "$w/final.txt"
grep -q "its seed is public" "$w/final.txt" && ok || bad "the report does not publish the seed"
# Anyone can verify from the game file alone once the seed is public.
GNUPGHOME=$w/stranger "$adj" verify "$w/game.xml" > "$w/out" 2>&1 && ok ||
	{ bad "verify from the file alone failed"; cat "$w/out"; }
# Issue 9.5: verify checks every recorded signature again, and the ruleset
# copy against what run 0 committed; either edit is named.
grep -q "signed messages: [1-9][0-9]* re-checked against the keys registered when they came; 0 not re-checked$" \
	"$w/out" && ok || { bad "verify does not say it checked the signatures"; cat "$w/out"; }
grep -q "ruleset: the copy is the one committed in run 0" "$w/out" && ok ||
	bad "verify does not say it checked the ruleset"
# ... and that every order of a player with a key is, as recorded, in a
# signed message he sent in the run it came: an order's recorded text
# edited (here a note added, which leaves every state digest as it was).
grep -q "players' orders: [1-9][0-9]* re-checked, as recorded, in the signed messages they came in; 0 not re-checked$" \
	"$w/out" && ok || { bad "verify does not say it checked the orders"; cat "$w/out"; }
sed 's|^BID 0 A Russia B Netherlands</text>|BID 0 A Russia B Netherlands  # as the moderator wants</text>|' \
	"$w/game.xml" > "$w/edited.xml"
grep -q "as the moderator wants" "$w/edited.xml" || bad "the test did not edit the order"
GNUPGHOME=$w/stranger "$adj" verify "$w/edited.xml" > "$w/out" 2>&1
[ $? -eq 65 ] && ok || bad "an edited order passed verify (or not with 65)"
grep -q "edited.xml:[0-9]*: error: history entry [0-9]* (run 1, step $step, $who): this order is not in any signed message of $who recorded before it (edited by hand?)" \
	"$w/out" && ok || { bad "no clear message for an edited order"; cat "$w/out"; }
sed '0,/BID 0 A Russia/s//BID 0 A Austria/' "$w/game.xml" > "$w/edited.xml"
grep -q "BID 0 A Austria" "$w/edited.xml" || bad "the test did not edit the signed bid"
GNUPGHOME=$w/stranger "$adj" verify "$w/edited.xml" > "$w/out" 2>&1 &&
	bad "a bid changed inside a signed message passed verify" || ok
grep -q "edited.xml:[0-9]*: error: history entry [0-9]* (a signed message from $who): the signature does not hold: bad signature" \
	"$w/out" && ok || { bad "no clear message for a changed signed bid"; cat "$w/out"; }
sed '0,/<card id="1\/0\/0" soldiers="1"/s//<card id="1\/0\/0" soldiers="2"/' \
	"$w/game.xml" > "$w/edited.xml"
GNUPGHOME=$w/stranger "$adj" verify "$w/edited.xml" > "$w/out" 2>&1 &&
	bad "an NPC's card changed in the ruleset copy passed verify" || ok
grep -q "edited.xml:[0-9]*: error: the ruleset copy's part 'countries/great-britain' differs from the one committed in run 0" \
	"$w/out" && ok || { bad "no clear message for a changed ruleset copy"; cat "$w/out"; }
sed "s|<text>dice-$me-42</text>|<text>dice-$me-43</text>|" "$w/game.xml" > "$w/edited.xml"
GNUPGHOME=$w/stranger "$adj" verify "$w/edited.xml" > "$w/out" 2>&1 &&
	bad "a changed entropy line was not detected" || ok
seed=$(sed -n 's/.*revealed="\([0-9a-f]*\)".*/\1/p' "$w/game.xml")
sed "s/revealed=\"$seed\"/revealed=\"$(echo "$seed" | tr '0-9a-f' '1-9a-f0')\"/" \
	"$w/game.xml" > "$w/edited.xml"
GNUPGHOME=$w/stranger "$adj" verify "$w/edited.xml" > "$w/out" 2>&1 &&
	bad "a changed seed was not detected" || ok
line=$(grep -n '<seed ' "$w/edited.xml" | cut -d: -f1)
grep -q "edited.xml:$line: error: the seed does not match the game's commitment" "$w/out" && ok || { bad "no commitment message"; cat "$w/out"; }

# Sealed picks: encrypted to the moderator, opened only at the reveal.
cp "$w/game.xml" "$w/signed-game.xml"
rm -f "$w/game.xml"
printf '%064d\n' 5 > "$w/seed5"
"$adj" new -o "$w/game.xml" --id trust --now 2026-12-01T00:00:00Z \
	--seed-file "$w/seed5" --report /dev/null \
	--player prussia:P:p@x --player spain:S:s@x \
	--moderator-key "$w/moderator.asc" || bad "new with a moderator key failed"
n=0
while "$adj" status "$w/game.xml" | grep -q "alliance auction"; do
	resolve --deadline-passed > /dev/null 2>&1 || { bad "auction defaults failed"; break; }
	n=$((n + 1)); [ $n -lt 40 ] || break
done
set -- $(pending)
step=$1 actor=$2
a=$(echo "$actor" | tr 'A-Z ' 'a-z-')
o=prussia
[ "$a" = prussia ] && o=spain
# an NPC of the other alliance than the actor's
abox=$(sed -n "s/.*<slot box=\"\([0-9]*\)\" country=\"$a\".*/\1/p" "$w/game.xml")
npc=$(sed -n 's/.*<slot box="\([0-9]*\)" country="\([a-z-]*\)".*/\1 \2/p' "$w/game.xml" |
	while read -r b c; do
		[ $((b % 2)) -ne $((abox % 2)) ] && [ "$c" != prussia ] &&
		    [ "$c" != spain ] && { echo "$c"; break; }
	done)
for c in "$a" "$npc" "$o"; do
	# a disc there already: the adjustment changes nothing, refused
	"$adj" adjust "$w/game.xml" "$c discs german-states 1" --now "$T" \
		> /dev/null 2> "$w/err" || grep -q "changes nothing" "$w/err" ||
		bad "adjust $c failed"
done
printf 'ATTACK %s IN German States WITH blank NPC NONE  # zebra-secret-7\n' "$npc" |
	"$adj" seal "$w/game.xml" --country "$actor" --step "$step" > "$w/attack.pgp" ||
	bad "seal failed"
grep -q "zebra" "$w/attack.pgp" && bad "seal output shows the pick" || ok
# pad() FILE: the plain-gpg recipe of adjudicator-orders(5); seal() FILE:
# encrypt it to the moderator without compression.
pad() {
	n=$(wc -c < "$1")
	head -c $((511 - n % 512)) /dev/zero | tr '\0' '#' >> "$1"
	printf '\n' >> "$1"
}
gpg --homedir "$w/prussia" --batch --quiet --import "$w/moderator.asc" 2>/dev/null
gseal() {
	gpg --homedir "$w/prussia" --batch --quiet --armor --encrypt \
		--compress-algo none --trust-model always \
		-r "$(cat "$w/moderator.fpr")" < "$1" 2>/dev/null
}
# Issue 9.3 (R39): the other player copies the attacker's sealed block
# under his own STEP line before it is resolved: refused as sealed for
# another place, and neither the refusal nor check tells what it says.
{ printf 'GAME trust\nCOUNTRY %s\nSTEP T1.C1.JOIN\n' "$o"; cat "$w/attack.pgp"; } \
	> "$w/borrowed.txt"
expect borrowed-ciphertext 65 \
	"borrowed.txt:4: error: sealed step T1.C1.JOIN: it was sealed for another game, country or step" \
	resolve "$w/borrowed.txt"
"$adj" check "$w/game.xml" "$w/borrowed.txt" --now "$T" >> "$w/out" 2>> "$w/err"
[ $? -eq 65 ] && ok || bad "check accepted a borrowed ciphertext"
grep -i -E "zebra|attack|german|blank" "$w/out" "$w/err" &&
	bad "the refusal of a borrowed ciphertext tells its content" || ok
# A text sealed without the lines that name its place is refused too.
printf 'JOIN ALLY\n' > "$w/unbound.txt"; pad "$w/unbound.txt"
gseal "$w/unbound.txt" > "$w/unbound.pgp"
{ printf 'GAME trust\nCOUNTRY %s\nSTEP T1.C1.JOIN\n' "$o"; cat "$w/unbound.pgp"; } > "$w/unbound-join.txt"
expect unbound-pick 65 "does not name its GAME, COUNTRY and STEP" resolve "$w/unbound-join.txt"
{ printf 'GAME trust\nCOUNTRY %s\nSTEP %s\n' "$actor" "$step"; cat "$w/attack.pgp"; } \
	> "$w/attack.txt"
resolve "$w/attack.txt" > "$w/out" 2> "$w/err" || { bad "a sealed attack was refused"; cat "$w/err"; }
# Sent again, by its player or anyone: the game holds that ciphertext.
{ printf 'GAME trust\nCOUNTRY %s\nSTEP %s\n# again\n' "$actor" "$step"; cat "$w/attack.pgp"; } \
	> "$w/attack-again.txt"
expect held-ciphertext 65 "this sealed message is in the game already (history entry" \
	resolve "$w/attack-again.txt"
# A game file made before sealed texts named their place (no sealing
# attribute): an unopened sealed pick without those lines still loads.
cp "$w/game.xml" "$w/bound-game.xml"
printf 'ATTACK %s IN German States WITH blank NPC NONE  # zebra-secret-7\n' "$npc" \
	> "$w/legacy.txt"; pad "$w/legacy.txt"
gseal "$w/legacy.txt" > "$w/legacy.pgp"
python3 - "$w/game.xml" "$w/legacy.pgp" "$w/legacy-game.xml" "$w/unmarked-game.xml" <<'PY'
import re, sys
g = open(sys.argv[1]).read()
new = open(sys.argv[2]).read().strip()
i = g.index('kind="order"', g.index('sealed="yes"') - 200)
a = g.index('-----BEGIN PGP MESSAGE-----', i)
b = g.index('-----END PGP MESSAGE-----', a) + len('-----END PGP MESSAGE-----')
g = g[:a] + new + g[b:]
open(sys.argv[3], 'w').write(g)
g = g.replace(' sealing="bound"', '')
g = re.sub(r'<ruleset-digest .*?</ruleset-digest>\n', '', g, flags=re.S)
open(sys.argv[4], 'w').write(g)
PY
"$adj" status "$w/legacy-game.xml" > /dev/null 2> "$w/err" &&
	bad "an unbound sealed pick loaded in a game that requires the binding" || ok
"$adj" status "$w/unmarked-game.xml" > /dev/null 2> "$w/err" && ok ||
	{ bad "an older game's unbound sealed pick does not load"; cat "$w/err"; }
set -- $(pending)
case $1 in T1.C1.JOIN) ok ;; *) bad "no join pending after the sealed attack: $*" ;; esac
for f in game.xml report.txt out err; do
	grep -q "zebra" "$w/$f" && bad "the sealed pick shows in $f before the reveal" || ok
done
"$adj" status "$w/game.xml" | grep -q zebra && bad "status shows the pick" || ok
# a pick that is not padded betrays its size: refused
printf 'JOIN ALLY\n' | GNUPGHOME=$w/prussia gpg --batch --quiet --armor \
	--trust-model always --encrypt -r "$(cat "$w/moderator.fpr")" \
	--homedir "$w/prussia" > "$w/unpadded.pgp" 2>/dev/null ||
	{ gpg --homedir "$w/prussia" --import "$w/moderator.asc" 2>/dev/null;
	  printf 'JOIN ALLY\n' | gpg --homedir "$w/prussia" --batch --quiet --armor \
		--trust-model always --encrypt -r "$(cat "$w/moderator.fpr")" \
		> "$w/unpadded.pgp" 2>/dev/null; }
ol=$(echo "$o" | sed 's/./\U&/')
{ printf 'GAME trust\nCOUNTRY %s\nSTEP T1.C1.JOIN\n' "$o"; cat "$w/unpadded.pgp"; } > "$w/join0.txt"
expect unpadded-pick 65 "must be padded" resolve "$w/join0.txt"
# A refused sealed pick is never answered with what it says (R39).
printf 'JOIN ALLY tiger-card-4\n' | "$adj" seal "$w/game.xml" --country "$o" \
	--step T1.C1.JOIN > "$w/badjoin.pgp"
{ printf 'GAME trust\nCOUNTRY %s\nSTEP T1.C1.JOIN\n' "$o"; cat "$w/badjoin.pgp"; } > "$w/badjoin.txt"
expect bad-sealed-join 65 "its lines are not a valid order for this step" resolve "$w/badjoin.txt"
"$adj" check "$w/game.xml" "$w/badjoin.txt" --now "$T" >> "$w/out" 2>> "$w/err"
grep -i "tiger" "$w/out" "$w/err" && bad "the refusal tells the sealed pick" || ok
# The documented plain-gpg recipe: the lines naming its place, the pick,
# padding, no compression.
printf 'GAME trust\nCOUNTRY %s\nSTEP T1.C1.JOIN\nJOIN ALLY  # lion-secret-9\n' "$o" \
	> "$w/join-plain.txt"; pad "$w/join-plain.txt"
gseal "$w/join-plain.txt" > "$w/join.pgp"
{ printf 'GAME trust\nCOUNTRY %s\nSTEP T1.C1.JOIN\n' "$o"; cat "$w/join.pgp"; } > "$w/join.txt"
resolve "$w/join.txt" > /dev/null 2> "$w/err" || { bad "a sealed join was refused"; cat "$w/err"; }
# The older game plays on to the reveal and verifies.
"$adj" resolve "$w/unmarked-game.xml" "$w/join.txt" --now "$T" --report /dev/null \
	> /dev/null 2> "$w/err" && ok || { bad "the older game does not resolve"; cat "$w/err"; }
"$adj" verify "$w/unmarked-game.xml" --seed-file "$w/seed5" > "$w/out" 2>&1 && ok ||
	{ bad "the older game does not verify"; cat "$w/out"; }
grep -q "is revealed: $actor attacks with blank" "$w/report.txt" && ok ||
	bad "the combat was not revealed"
grep -q "played the ally card" "$w/report.txt" && ok || bad "the sealed join was not applied"
grep -q 'kind="unseal"' "$w/game.xml" && grep -q "zebra-secret-7" "$w/game.xml" && ok ||
	bad "the opened pick is not recorded at the reveal"
grep -q zebra "$w/report.txt" && bad "the public report shows sealed text" || ok
# After the reveal the game loads without the moderator's key.
GNUPGHOME=$w/stranger "$adj" status "$w/game.xml" > /dev/null 2> "$w/err" && ok || { cat "$w/err"; false; } ||
	bad "the game needs the moderator's key after the reveal"
"$adj" verify "$w/game.xml" --seed-file "$w/seed5" > /dev/null 2>&1 && ok ||
	bad "verify failed after sealed picks"
# The reveal publishes each sealed message's session key: anyone can open
# the message and check the recorded pick; a doctored record is caught.
grep -q 'kind="unseal" [^>]*session-key="[0-9]*:[0-9A-F]*"' "$w/game.xml" && ok ||
	bad "no session key published at the reveal"
sed 's/zebra-secret-7/zebra-secret-8/' "$w/game.xml" > "$w/doctored.xml"
GNUPGHOME=$w/stranger "$adj" verify "$w/doctored.xml" --seed-file "$w/seed5" \
	> "$w/out" 2>&1 && bad "a doctored sealed pick passed verify" || ok
line=$(grep -n 'kind="unseal"' "$w/doctored.xml" | cut -d: -f1)
grep -q "doctored.xml:$line: error: history entry [0-9]* records a pick that entry [0-9]*'s sealed message does not hold" "$w/out" &&
	ok || { bad "no clear message for a doctored pick"; cat "$w/out"; }

# A new player in a game with keys needs a key (the moderator's toolbox):
# without one the country's orders could not be signed by whoever plays
# it; with it, the new key is pinned and the game still verifies.
cp "$w/signed-game.xml" "$w/game.xml"
expect player-needs-key 64 "give the new player's key with --key" \
	"$adj" player "$w/game.xml" prussia --name Paula --email paula@x
"$adj" player "$w/game.xml" prussia --name Paula --email paula@x \
	--key "$w/stranger.asc" --now "$T" > "$w/out" 2> "$w/err" ||
	{ bad "player --key failed"; cat "$w/err"; }
grep -q "Prussia is played by Paula <paula@x>, key $(cat "$w/stranger.fpr")" \
	"$w/out" && ok || { bad "player --key said"; cat "$w/out"; }
grep -q "kind=\"key\" [^>]*country=\"prussia\" fingerprint=\"$(cat "$w/stranger.fpr")\"" \
	"$w/game.xml" && ok || bad "the new player's key is not registered"
"$adj" verify "$w/game.xml" > "$w/out" 2>&1 && ok ||
	{ bad "verify failed after a new player"; cat "$w/out"; }
# Issue 9.5: orders waiting from a run a rollback undoes keep waiting, and
# their signed messages stay on record, so the game still verifies (the
# example game's keys and first order files, unpacked from orders.txt in a
# folder laid out as examples/four-player/: new.args names ../keys/).
ex=$top/examples/four-player
mkdir -m 700 "$w/exmod"; homes="$homes $w/exmod"
gpg --homedir "$w/exmod" --batch --quiet --import "$top"/examples/keys/secret/*.asc 2>/dev/null
exo=$w/example/four-player
mkdir "$w/example"
ln -s "$top/examples/keys" "$w/example/keys"
"$top/tests/tools/pack.sh" unpack "$ex/orders.txt" "$exo" && ok ||
	bad "cannot unpack examples/four-player/orders.txt"
(
	export GNUPGHOME=$w/exmod
	cd "$exo" || exit 1
	eval "set -- $(sed "s|SEED|$ex/seed|" "$ex/new.args")"
	"$adj" new -o "$w/rb.xml" "$@" --report /dev/null > /dev/null || exit 1
	n=0
	for f in 001-austria 002-russia 003-prussia "005-austria 006-russia"; do
		n=$((n + 1)); set --
		for o in $f; do set -- "$@" "orders/$o.txt.asc"; done
		"$adj" resolve "$w/rb.xml" "$@" --now 2026-12-01T00:0$n:00Z \
			--report /dev/null > /dev/null || exit 1
	done
	"$adj" rollback "$w/rb.xml" --to-run 3 --now 2026-12-01T00:05:00Z \
		> /dev/null || exit 1
	"$adj" status "$w/rb.xml" | grep -q "^queued: STEP T1.A1.5 from Austria" ||
		{ echo "the waiting order is gone"; exit 1; }
	"$adj" verify "$w/rb.xml" > /dev/null || exit 1
	"$adj" resolve "$w/rb.xml" orders/004-france.txt.asc \
		--now 2026-12-01T00:06:00Z --report /dev/null > /dev/null || exit 1
	"$adj" verify "$w/rb.xml"
) > "$w/out" 2>&1 && ok || { bad "a rolled back game with waiting orders"; cat "$w/out"; }
grep -q "players' orders: 6 re-checked, as recorded" "$w/out" && ok ||
	{ bad "verify did not find the orders signed after the rollback"; cat "$w/out"; }
# An order signed and encrypted to the moderator: found with the
# moderator's key; without it, counted as not checked, not refused.
G2="gpg --homedir $w/exmod --batch --quiet --yes --trust-model always"
$G2 --decrypt "$exo/orders/007-russia.txt.asc" > "$w/007.txt" 2>/dev/null
$G2 --armor --sign --encrypt --local-user "<russia@example.org>" \
	-r "<moderator@example.org>" -o "$w/007.asc" "$w/007.txt" 2>/dev/null
GNUPGHOME=$w/exmod "$adj" resolve "$w/rb.xml" "$w/007.asc" \
	--now 2026-12-01T00:07:00Z --report /dev/null > "$w/out" 2>&1 ||
	{ bad "an encrypted order was refused"; cat "$w/out"; }
GNUPGHOME=$w/exmod "$adj" verify "$w/rb.xml" > "$w/out" 2>&1 &&
	grep -q "players' orders: 7 re-checked, as recorded, in the signed messages they came in; 0 not re-checked$" \
	"$w/out" && ok || { bad "verify with the moderator's key"; cat "$w/out"; }
GNUPGHOME=$w/stranger "$adj" verify "$w/rb.xml" --seed-file "$ex/seed" > "$w/out" 2>&1 &&
	grep -q "players' orders: 6 re-checked, as recorded, in the signed messages they came in; 1 not re-checked: found only in messages not re-checked, or in none while such messages came before them$" \
	"$w/out" && ok || { bad "verify without the moderator's key"; cat "$w/out"; }
# RR39: the Euro card a Renaissance player returns stays his, also once
# the sealed returns are opened (the events say only that they are in):
# the documents handed to the report templates, the others' and the
# public one, do not hold the opened text; his own does.
for k in r1 r2 r3; do mkkey $k; done
printf '%064d\n' 5 > "$w/ren.seed"
{ "$adj" new -o "$w/ren.xml" --game renaissance --id rs \
	--now 2027-01-01T00:00:00Z --seed-file "$w/ren.seed" --report /dev/null \
	--player p1:A:a@x --player p2:B:b@x --player p3:C:c@x \
	--key p1:"$w/r1.asc" --key p2:"$w/r2.asc" --key p3:"$w/r3.asc" \
	--moderator-key "$w/moderator.asc" --private-dir "$w/rpriv" &&
  "$adj" resolve "$w/ren.xml" --deadline-passed --now 2027-01-01T01:00:00Z \
	--report /dev/null --private-dir "$w/rpriv"; } > "$w/out" 2>&1 ||
	{ bad "the Renaissance game was not made"; cat "$w/out"; }
card=$(gpg --homedir "$w/r1" --batch --quiet --decrypt "$w/rpriv/p1.txt.asc" \
	2>/dev/null | sed -n 's/^#   RETURN \([^ ]*\).*/\1/p' | head -1)
[ -n "$card" ] && ok || bad "no RETURN line on player 1's form"
printf 'RETURN %s\n' "$card" |
	"$adj" seal "$w/ren.xml" --country p1 --step T0.EURO > "$w/euro.asc"
{ printf 'GAME rs\nCOUNTRY p1\nSTEP T0.EURO\n'; cat "$w/euro.asc"; } > "$w/euro.txt"
sign r1 "$w/euro.txt" "$w/euro.asc.txt"
{ "$adj" resolve "$w/ren.xml" "$w/euro.asc.txt" --now 2027-01-01T02:00:00Z \
	--report /dev/null --private-dir "$w/rpriv" &&
  "$adj" resolve "$w/ren.xml" --deadline-passed --now 2027-01-01T03:00:00Z \
	--report /dev/null --private-dir "$w/rpriv"; } > "$w/out" 2>&1 ||
	{ bad "the sealed Euro return was not taken"; cat "$w/out"; }
grep -q 'kind="unseal" [^>]*step="T0.EURO" country="p1"' "$w/ren.xml" && ok ||
	bad "the sealed Euro return was not opened"
for who in p2 public; do
	if [ "$who" = public ]; then
		"$adj" report "$w/ren.xml" --template "$w/identity.xsl" > "$w/rdoc.xml" 2>&1
	else
		"$adj" report "$w/ren.xml" --for "$who" --template "$w/identity.xsl" \
			> "$w/rdoc.xml" 2>&1
	fi
	grep -q "RETURN $card" "$w/rdoc.xml" &&
		bad "the $who document holds player 1's opened Euro return" || ok
done
"$adj" report "$w/ren.xml" --for p1 --template "$w/identity.xsl" 2>&1 |
	grep -q "RETURN $card" && ok || bad "player 1's document lacks his Euro return"
echo "trust: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
