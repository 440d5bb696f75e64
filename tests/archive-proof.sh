#!/bin/sh
# archive-proof.sh - issue 17, points 1-4, 12 and 13: the archive proves
# every counted order.  A file made by this version records the exact
# signed bytes of every signed message (the game's received="exact"
# attribute) and verify refuses an entry without them; an older file is
# verified as before, its summary line counts what could not be re-checked
# and verify --strict fails on any; the session key of each order
# encrypted to the moderator is published with the seed; a signed message
# counts once in verify as in resolve; a clearsigned order in ISO-8859-1
# still verifies; verify runs at most 3 GnuPG processes and no agent; a
# doctored cache costs one clear message, never a false one.  The example
# keys (examples/keys) sign, in short-lived GnuPG homes.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
adj=${ADJUDICATOR:-$top/build/adjudicator}
keys=$top/examples/keys
ex=$top/examples/four-player
PY=/usr/bin/python3
. "$top/tests/tools/common.sh"	# ok, bad, expect
w=$(mktemp -d /tmp/aor-proof.XXXXXX)
homes=
cleanup() {
	for h in $homes; do gpgconf --homedir "$h" --kill all 2>/dev/null; done
	rm -rf "$w"
}
trap cleanup EXIT
trap 'exit 1' HUP INT TERM
pass=0
fail=0
home() {	# home NAME: a fresh GnuPG home $w/NAME
	mkdir -m 700 "$w/$1"
	homes="$homes $w/$1"
}
home gh
for k in "$keys"/secret/*.sec.asc; do
	gpg --homedir "$w/gh" --batch --quiet --import "$k" 2>/dev/null
done
export GNUPGHOME=$w/gh
home empty
fpr() { gpg --with-colons --list-keys "<$1@example.org>" 2>/dev/null |
	awk -F: '/^fpr/ {print $10; exit}'; }
sign() {	# sign COUNTRY IN OUT: clearsigned
	gpg --batch --quiet --yes -u "$(fpr "$1")" --clearsign -o "$3" "$2" \
		2>/dev/null
}
pending() {
	"$adj" status "$w/game.xml" |
	    sed -n 's/^pending: STEP \([^ ]*\) from \([^:]*\):.*/\1 \2/p'
}

# A two-player game with the example keys; the pinned seed has Austria
# open the first auction.
printf '%064d\n' 2 > "$w/seed"
"$adj" new -o "$w/game.xml" --id ap --now 2026-12-01T00:00:00Z \
	--seed-file "$w/seed" --report /dev/null \
	--player prussia:P:p@x --player austria:A:a@x \
	--key prussia:"$keys/prussia.asc" --key austria:"$keys/austria.asc" \
	--moderator-key "$keys/moderator.asc" > /dev/null 2>&1 ||
	{ echo "new failed"; echo "archive-proof: 0 passed, 1 failed"; exit 1; }
set -- $(pending)
[ "$*" = "T1.A1.1 Austria" ] && ok ||
	bad "the pinned seed does not make Austria bid first: $*"

# 1. A file made now with keys says it records the exact signed bytes;
# one without keys is as it was (the golden scenarios).
grep -q '<game [^>]*received="exact"' "$w/game.xml" && ok ||
	bad "a new game file lacks received=\"exact\""
"$adj" new -o "$w/nokeys.xml" --id nokeys --now 2026-12-01T00:00:00Z \
	--seed-file "$w/seed" --report /dev/null \
	--player prussia:P:p@x --player austria:A:a@x > /dev/null 2>&1 &&
    ! grep -q 'received=' "$w/nokeys.xml" && ok ||
	bad "a game without keys got received=\"exact\" (or new failed)"

# 4. A clearsigned order in ISO-8859-1 (a German mail program's "Grüße")
# is taken and the game still verifies: the signed bytes are kept.
printf 'GAME ap\nCOUNTRY austria\nSTEP T1.A1.1\n# Gr\374\337e\nBID 0 A netherlands B france\n' \
	> "$w/a1.txt"
sign austria "$w/a1.txt" "$w/a1.asc"
"$adj" resolve "$w/game.xml" "$w/a1.asc" --now 2026-12-01T01:00:00Z \
	--report /dev/null > "$w/out" 2>&1 && ok ||
	{ bad "the ISO-8859-1 order was refused"; cat "$w/out"; }
"$adj" verify "$w/game.xml" > "$w/out" 2>&1 && ok ||
	{ bad "a game with an ISO-8859-1 signed order does not verify"; cat "$w/out"; }
GNUPGHOME=$w/empty "$adj" verify --strict "$w/game.xml" --seed-file "$w/seed" \
    > "$w/out" 2>&1 &&
    grep -q "players' orders: 1 re-checked.*; 0 not re-checked" "$w/out" && ok ||
	{ bad "verify --strict of the ISO-8859-1 game"; cat "$w/out"; }
"$adj" report "$w/game.xml" | grep -q "Grüße" && bad "the report shows a queued comment" || ok

# 3. One signed message counts once.  Prussia's message for a later
# step, with ENTROPY, is taken; the moderator changes the content
# attribute of its entry to send it again: resolve refuses it all the
# same, by its bytes.
printf 'GAME ap\nCOUNTRY prussia\nSTEP T1.A2.1\nBID 0 A netherlands B france\nENTROPY proof-17\n' \
	> "$w/p1.txt"
sign prussia "$w/p1.txt" "$w/p1.asc"
"$adj" resolve "$w/game.xml" "$w/p1.asc" --now 2026-12-01T02:00:00Z \
	--report /dev/null > "$w/out" 2>&1 && ok ||
	{ bad "Prussia's order for a later step was refused"; cat "$w/out"; }
cp "$w/game.xml" "$w/taken.xml"
"$PY" - "$w/game.xml" <<'EOF'
import re, sys
p = sys.argv[1]
s = open(p, encoding="utf-8").read()
i = s.rindex('kind="received"')
m = re.compile(r'content="([0-9a-f])').search(s, i)
c = "0" if m.group(1) != "0" else "1"
s = s[:m.start(1)] + c + s[m.end(1):]
open(p, "w", encoding="utf-8").write(s)
EOF
rm -f "$w/game.xml.cache"
expect resend 65 "this signed message is in the game already" \
	"$adj" resolve "$w/game.xml" "$w/p1.asc" --now 2026-12-01T03:00:00Z \
	--report /dev/null
# The same message recorded twice, its ENTROPY too (what the attack left
# when the attribute was put back): verify refuses it.
"$PY" - "$w/taken.xml" "$w/twice.xml" <<'EOF'
import re, sys
s = open(sys.argv[1], encoding="utf-8").read()
i = s.rfind("\n", 0, s.rindex('kind="received"')) + 1
j = s.rfind("\n", 0, s.index("</history>")) + 1
block = s[i:j]
count = len(re.findall(r'<entry n="', block))
block = re.sub(r'<entry n="(\d+)"',
               lambda m: '<entry n="%d"' % (int(m.group(1)) + count), block)
open(sys.argv[2], "w", encoding="utf-8").write(s[:j] + block + s[j:])
EOF
[ "$(grep -c 'kind="entropy"' "$w/twice.xml")" -eq 2 ] && ok ||
	bad "the doubled file lacks its two ENTROPY entries"
"$adj" verify "$w/twice.xml" > "$w/out" 2>&1
rc=$?
[ "$rc" -eq 65 ] && grep -q "records again the signed message of history entry" "$w/out" &&
    ok || { bad "verify of a message recorded twice: exit $rc"; cat "$w/out"; }
"$adj" status "$w/twice.xml" > "$w/out" 2>&1
rc=$?
[ "$rc" -eq 65 ] && grep -q "records again the signed message of history entry" "$w/out" &&
    ok || { bad "loading a message recorded twice: exit $rc"; cat "$w/out"; }

# An ENTROPY entry is one line of the signed message it follows: the
# moderator, who holds the seed, may not change one, add one or drop one
# to choose the dice to come.  verify finds each.
"$adj" verify "$w/taken.xml" > "$w/out" 2>&1 && ok ||
	{ bad "the game with Prussia's ENTROPY does not verify"; cat "$w/out"; }
entropy_edit() {	# entropy_edit HOW OUT: taken.xml doctored
	"$PY" - "$w/taken.xml" "$2" "$1" <<'EOF'
import re, sys
s = open(sys.argv[1], encoding="utf-8").read()
how = sys.argv[3]
m = re.compile(r'\n( *<entry n="(\d+)" [^>]*kind="entropy".*?</entry>)',
               re.S).search(s)
if how == "change":
    s = s.replace("<text>proof-17</text>", "<text>proof-99</text>", 1)
elif how == "drop":
    s = s[:m.start()] + s[m.end():]
else:
    if how == "add":
        at = m.end()
        e = m.group(1)
    else:	# "orphan": Austria's, after the first applied order
        o = re.compile(r'\n *<entry n="\d+" [^>]*kind="order".*?</entry>',
                       re.S).search(s)
        at = o.end()
        e = m.group(1).replace('country="prussia"', 'country="austria"')
    s = s[:at] + "\n" + e + s[at:]
    n = iter(range(10 ** 6))
    s = re.sub(r'<entry n="\d+"', lambda _: '<entry n="%d"' % next(n), s)
open(sys.argv[2], "w", encoding="utf-8").write(s)
EOF
}
for how in change:differs drop:fewer add:more "orphan:does not follow a signed message of Austria"; do
	entropy_edit "${how%%:*}" "$w/ent.xml"
	cmp -s "$w/ent.xml" "$w/taken.xml" && bad "entropy ${how%%:*}: no change made"
	"$adj" verify "$w/ent.xml" > "$w/out" 2>&1
	rc=$?
	[ "$rc" -eq 65 ] && grep -q "${how#*:}" "$w/out" && ok ||
		{ bad "verify of ENTROPY doctored (${how%%:*}): exit $rc"; cat "$w/out"; }
done
# A rollback carries the message of an order that waits again over
# without its ENTROPY (which joined the dice of the runs undone): the
# game still verifies.
cp "$w/taken.xml" "$w/rb.xml"
"$adj" rollback "$w/rb.xml" --to-run 1 --now 2026-12-01T02:30:00Z > "$w/out" 2>&1 &&
    grep -q "waiting: STEP T1.A2.1 from Prussia" "$w/out" && ok ||
	{ bad "the rollback of Prussia's ENTROPY run"; cat "$w/out"; }
"$adj" verify "$w/rb.xml" > "$w/out" 2>&1 && ok ||
	{ bad "a rollback past a message with ENTROPY does not verify"; cat "$w/out"; }

# The dice rule is the file's word: taken out of a game made since
# issue 17 (rule 2), the order of files and a rollback tried again would
# choose draws (rule 1), and every digest stays as it was.  verify says
# the rule, and --strict refuses rule 1 where it could have chosen.
"$adj" verify "$w/taken.xml" > "$w/out" 2>&1 &&
    grep -q "dice rule 2: a run's ENTROPY counts sorted" "$w/out" && ok ||
	{ bad "verify does not say dice rule 2"; cat "$w/out"; }
sed '1,3s/ dice="2"//' "$w/taken.xml" > "$w/rule1.xml"
head -3 "$w/rule1.xml" | grep -q ' dice="' && bad "the dice rule was not taken out"
"$adj" verify "$w/rule1.xml" > "$w/out" 2>&1 &&
    grep -q "dice rule 1 (a game made by an older version, or a file that says so): .*(1 ENTROPY entries)" "$w/out" &&
    ok || { bad "verify of the game put back to dice rule 1"; cat "$w/out"; }
"$adj" verify --strict "$w/rule1.xml" > "$w/out" 2>&1
rc=$?
[ "$rc" -eq 65 ] && grep -q "dice rule 1 with 1 ENTROPY entry and 0 rollbacks: the moderator could choose among draws (--strict)" "$w/out" &&
    ok || { bad "verify --strict of dice rule 1 with ENTROPY: exit $rc"; cat "$w/out"; }

# A rejection recorded must be true: the moderated game's France bid 0
# where a raise was due (rejected when its step came, R10).  Recorded as
# rejected though legal (the text made a raise), or as voided by a key
# change that is not there, the order's place went to the default or to
# nothing: verify says so.
zcat -f "$top/tests/games/moderated/expected/game.xml.gz" > "$w/mod.xml"
"$adj" verify "$w/mod.xml" --seed-file "$top/tests/games/moderated/seed" \
    > "$w/out" 2>&1 && ok || { bad "the moderated game does not verify"; cat "$w/out"; }
for how in legal voided; do
	"$PY" - "$w/mod.xml" "$w/mod-$how.xml" "$how" <<'EOF'
import sys
s = open(sys.argv[1], encoding="utf-8").read()
i = s.index('kind="rejected"')
j = s.index("</entry>", i)
b = s[i:j]
if sys.argv[3] == "legal":
    b = b.replace("BID 0 A france B russia", "BID 2 A france B russia")
else:
    b = b.replace("<reason>a bid must", "<reason>voided: signed with key "
                  "0, replaced since; send it again ... a bid must")
assert b != s[i:j]
open(sys.argv[2], "w", encoding="utf-8").write(s[:i] + b + s[j:])
EOF
	"$adj" verify "$w/mod-$how.xml" --seed-file "$top/tests/games/moderated/seed" \
	    > "$w/out" 2>&1
	rc=$?
	case $how in
	legal) want="but it is legal here and should have been carried out" ;;
	*) want="voided by a key change, but no key of France changes here" ;;
	esac
	[ "$rc" -eq 65 ] && grep -q "history entry 6 (rejected T1.A1.4): .*$want" "$w/out" &&
	    ok || { bad "verify of a false rejection ($how): exit $rc"; cat "$w/out"; }
done

# A signed order waiting for its step (R36) ends as an order, applied or
# rejected, or replaced by a later one (R38): the moderator who takes
# Prussia's T1.A2.1 out of the queue and lets the deadline default it
# (R37) is caught; the game played on honestly (the order rejected when
# its step came, then the default) verifies.
for how in honest dropped; do
	cp "$w/taken.xml" "$w/q-$how.xml"
	[ "$how" = dropped ] && "$PY" - "$w/q-$how.xml" <<'EOF'
import re, sys
s = open(sys.argv[1], encoding="utf-8").read()
t = re.sub(r"  <queue>.*?</queue>\n", "  <queue/>\n", s, flags=re.S)
assert t != s
open(sys.argv[1], "w", encoding="utf-8").write(t)
EOF
	for h in 03 04 05 06 07 08; do
		"$adj" resolve "$w/q-$how.xml" --deadline-passed --now "2026-12-01T$h:30:00Z" \
		    --report /dev/null > /dev/null 2>&1
	done
	# honest: refused when its step came (Netherlands is allied by then)
	grep -q "kind=\"$([ $how = honest ] && echo rejected || echo default)\" [^>]*step=\"T1.A2.1\" country=\"prussia\"" \
	    "$w/q-$how.xml" && ok || bad "T1.A2.1 was not decided as meant ($how)"
	"$adj" verify "$w/q-$how.xml" > "$w/out" 2>&1
	rc=$?
	if [ "$how" = honest ]; then
		[ "$rc" -eq 0 ] && ok || { bad "the honest game does not verify"; cat "$w/out"; }
	else
		[ "$rc" -eq 65 ] && grep -q "a default for step T1.A2.1 of Prussia, whose order signed in history entry [0-9]* was waiting for it (R36, R37): the waiting order was taken out" "$w/out" &&
		    ok || { bad "verify of a waiting order taken out: exit $rc"; cat "$w/out"; }
	fi
done

# 1. The example game: every signed message and order is re-checked,
# also with --strict.
cp "$ex/final.xml" "$w/ex.xml"
GNUPGHOME=$w/empty "$adj" verify --strict "$w/ex.xml" > "$w/out" 2>&1 &&
    grep -q "signed messages: 174 re-checked .*; 0 not re-checked" "$w/out" &&
    grep -q "players' orders: [1-9][0-9]* re-checked.*; 0 not re-checked" "$w/out" &&
    ok || { bad "verify --strict of examples/four-player"; cat "$w/out"; }
# Forged "older" entries: each signed message replaced by its bare text,
# and the file's received="exact" taken out.
"$PY" - "$w/ex.xml" "$w/forged.xml" <<'EOF'
import re, sys
s = open(sys.argv[1], encoding="utf-8").read()
s = re.sub(r"<text>-----BEGIN PGP SIGNED MESSAGE-----\nHash: [A-Z0-9]+\n\n"
           r"(.*?)-----BEGIN PGP SIGNATURE-----.*?-----END PGP SIGNATURE-----\n</text>",
           r"<text>\1</text>", s, flags=re.S)
s = s.replace(' received="exact"', '', 1)
open(sys.argv[2], "w", encoding="utf-8").write(s)
EOF
grep -q "BEGIN PGP SIGNED" "$w/forged.xml" && bad "the forgery kept an armour" || ok
"$adj" verify "$w/forged.xml" > "$w/out" 2>&1 &&
    grep -q "players' orders: 0 re-checked.*; [1-9][0-9]* not re-checked" "$w/out" &&
    ok || { bad "verify of an older file does not count what it could not re-check"; cat "$w/out"; }
"$adj" verify --strict "$w/forged.xml" > "$w/out" 2>&1
rc=$?
[ "$rc" -eq 65 ] && grep -q "not re-checked (--strict)" "$w/out" && ok ||
	{ bad "verify --strict of forged older entries: exit $rc"; cat "$w/out"; }
# The same in a file that says it keeps the signed bytes: refused.
sed '2s/<game /<game received="exact" /' "$w/forged.xml" > "$w/forged2.xml"
"$adj" verify "$w/forged2.xml" > "$w/out" 2>&1
rc=$?
[ "$rc" -eq 65 ] && grep -q "holds no signed bytes" "$w/out" && ok ||
	{ bad "verify of a received=\"exact\" file without signed bytes: exit $rc"; cat "$w/out"; }

# 12. verify of the example game: at most 3 GnuPG processes, no agent.
mkdir "$w/st"
GNUPGHOME=$w/empty strace -ff -qq -e trace=execve -o "$w/st/p" \
	"$adj" verify "$ex/final.xml" > /dev/null 2>&1 && ok ||
	bad "verify under strace failed"
procs=$(cat "$w"/st/p.* | grep -c '^execve("[^"]*/gpg[^"/]*",.* = 0$')
agents=$(cat "$w"/st/p.* | grep -c '^execve("[^"]*/gpg-agent",.* = 0$')
[ "$procs" -le 3 ] && [ "$agents" -eq 0 ] && ok ||
	bad "verify of examples/four-player ran $procs GnuPG processes, $agents agents"

# 12. resolve hands the signed files to gpg before it loads the game, on
# the game's keyring as it stands: one GnuPG process for one file.  A
# keyring of other keys (here the one from before Austria's new key, put
# back) is not trusted with them: the new key signs, and the file counts.
cp "$w/taken.xml" "$w/game.xml"
rm -f "$w/game.xml.cache"
printf 'GAME ap\nCOUNTRY prussia\nSTEP T1.A1.2\nPASS\n' > "$w/p2.txt"
sign prussia "$w/p2.txt" "$w/p2.asc"
rm -rf "$w/st1"
mkdir "$w/st1"
strace -ff -qq -e trace=execve -o "$w/st1/p" "$adj" resolve "$w/game.xml" \
	"$w/p2.asc" --now 2026-12-01T03:00:00Z --report /dev/null \
	--seed-file "$w/seed" \
	> "$w/out" 2>&1 && ok || { bad "Prussia's pass was refused"; cat "$w/out"; }
procs=$(cat "$w"/st1/p.* | grep -c '^execve("[^"]*/gpg[^"/]*",.* = 0$')
[ "$procs" -eq 1 ] && ok || bad "resolve of one signed file ran $procs GnuPG processes"
# The same run with the seed sealed to the moderator's key (no
# --seed-file): one gpg more, which opens the seal, and not the six
# programs a GPGME context starts first (gpgconf three times, gpg and
# gpgsm --version); the game file comes out byte for byte the same.
cp "$w/taken.xml" "$w/s.xml"
rm -rf "$w/s.xml.keys" "$w/st2"
cp -rp "$w/game.xml.keys" "$w/s.xml.keys"
mkdir "$w/st2"
strace -ff -qq -e trace=execve -o "$w/st2/p" "$adj" resolve "$w/s.xml" \
	"$w/p2.asc" --now 2026-12-01T03:00:00Z --report /dev/null \
	> "$w/out" 2>&1 && ok ||
	{ bad "Prussia's pass with the sealed seed was refused"; cat "$w/out"; }
procs=$(cat "$w"/st2/p.* | grep -c '^execve("[^"]*/gpg[^"/]*",.* = 0$')
[ "$procs" -eq 2 ] && ok ||
	bad "resolve of one signed file with a sealed seed ran $procs GnuPG processes"
cmp -s "$w/s.xml" "$w/game.xml" && ok ||
	bad "the sealed seed's run differs from the --seed-file one"
mkkey austria2
rm -rf "$w/old.keys"
cp -rp "$w/game.xml.keys" "$w/old.keys"
"$adj" key "$w/game.xml" austria "$w/austria2.asc" \
	--now 2026-12-01T03:30:00Z > "$w/out" 2>&1 && ok ||
	{ bad "Austria's new key was refused"; cat "$w/out"; }
rm -rf "$w/game.xml.keys"
mv "$w/old.keys" "$w/game.xml.keys"
printf 'GAME ap\nCOUNTRY austria\nSTEP T1.A2.2\nPASS\n' > "$w/a2.txt"
gpg --homedir "$w/austria2" --batch --quiet --yes --clearsign \
	-o "$w/a2.asc" "$w/a2.txt" 2>/dev/null
"$adj" resolve "$w/game.xml" "$w/a2.asc" --now 2026-12-01T04:00:00Z \
	--report /dev/null > "$w/out" 2>&1 && ok ||
	{ bad "an order signed with a key registered since the keyring was made: refused"; cat "$w/out"; }
"$adj" verify "$w/game.xml" --seed-file "$w/seed" > "$w/out" 2>&1 && ok ||
	{ bad "verify after the new key"; cat "$w/out"; }

# 2. Orders signed and encrypted to the moderator: the example game
# replayed with its first three order files so sent.  When the seed is
# published, so is each such message's session key: verify re-checks every
# signature in an empty GnuPG home.
sh "$top/tests/tools/pack.sh" unpack "$ex/orders.txt" "$w/src" && ok ||
	bad "cannot unpack the example's orders"
n=0
for f in $(awk 'NF >= 3 { for (i = 3; i <= NF; i++) print $i }' "$ex/runs" |
    head -3); do
	c=$(sed -n 's/^COUNTRY //p' "$w/src/$f")
	gpg --batch --quiet --decrypt "$w/src/$f" 2>/dev/null > "$w/plain"
	gpg --batch --quiet --yes --trust-model always -u "$(fpr "$c")" \
		--armor --sign --encrypt \
		-r "$(fpr moderator)" -o "$w/src/$f" "$w/plain" 2>/dev/null &&
		n=$((n + 1))
done
[ "$n" -eq 3 ] && ok || bad "only $n order files were encrypted"
eval "set -- $(sed "s|SEED|$w/exseed|" "$ex/new.args")"
cp "$ex/seed" "$w/exseed"
chmod 600 "$w/exseed"
(cd "$ex" && "$adj" new -o "$w/enc.xml" "$@" > /dev/null 2>&1) ||
	bad "new of the example failed"
runs=0
while read -r kind time files; do
	if [ "$kind" = resolve ] && [ -n "$files" ]; then
		set -- $files
	else
		set -- --deadline-passed
	fi
	(cd "$w/src" && "$adj" resolve "$w/enc.xml" "$@" --now "$time" \
	    --report /dev/null) > /dev/null 2>> "$w/failed.err" || echo "$runs" >> "$w/failed"
	runs=$((runs + 1))
done < "$ex/runs"
[ ! -f "$w/failed" ] && ok || { bad "runs failed: $(head -3 "$w/failed")"; head -5 "$w/failed.err"; }
grep -q '<seed [^>]*revealed=' "$w/enc.xml" && ok || bad "the seed was not published"
GNUPGHOME=$w/empty "$adj" verify --strict "$w/enc.xml" > "$w/out" 2>&1 &&
    grep -q "signed messages: 174 re-checked .*; 0 not re-checked" "$w/out" &&
    ok || { bad "verify in an empty home of a game with encrypted orders"; cat "$w/out"; }

# 13. A doctored cache.  (a) The game file edited (a <state> value) and
# the cache's key made to fit it: one clear message, exit 65.
cp "$w/taken.xml" "$w/c.xml"
"$adj" resolve "$w/c.xml" --deadline-passed --now 2026-12-01T04:00:00Z \
	--report /dev/null > /dev/null 2>&1
[ -f "$w/c.xml.cache" ] && ok || bad "no cache written"
cp "$w/c.xml" "$w/c.ok"
cp "$w/c.xml.cache" "$w/c.cache.ok"
old=$(sha256sum < "$w/c.xml" | cut -c1-64)
"$PY" - "$w/c.xml" <<'EOF2'
import re, sys
s = open(sys.argv[1], encoding="utf-8").read()
m = re.compile(r'<country id="prussia" player="yes" [^>]*gold="([0-9])').search(s)
d = "1" if m.group(1) != "1" else "2"
open(sys.argv[1], "w", encoding="utf-8").write(s[:m.start(1)] + d + s[m.end(1):])
EOF2
new=$(sha256sum < "$w/c.xml" | cut -c1-64)
len=$(wc -c < "$w/c.xml")
[ "$old" != "$new" ] && [ "$len" -eq "$(wc -c < "$w/c.ok")" ] && ok ||
	bad "the edit of <state> did not keep the length"
sed -i "1s/$old/$new/" "$w/c.xml.cache"
"$adj" status "$w/c.xml" > "$w/out" 2>&1
rc=$?
[ "$rc" -eq 65 ] && [ "$(grep -c error "$w/out")" -eq 1 ] &&
    grep -q "the <state> element does not match" "$w/out" && ok ||
	{ bad "an edited <state> with a fitted cache key: exit $rc"; cat "$w/out"; }
# (b) a draw of the setup edited (longer by a byte) and the key fitted:
# exit 65 with one message, never 70 "(a bug)".
cp "$w/c.ok" "$w/c.xml"
cp "$w/c.cache.ok" "$w/c.xml.cache"
sed -i '0,/\(<draw n="0" [^>]*value="\)/s//\19/' "$w/c.xml"
new=$(sha256sum < "$w/c.xml" | cut -c1-64)
nlen=$(wc -c < "$w/c.xml")
sed -i "1s/$old $len /$new $nlen /" "$w/c.xml.cache"
grep -q "$new $nlen " "$w/c.xml.cache" && ok || bad "the cache key was not fitted"
for cmd in status "resolve --deadline-passed --report /dev/null --now 2026-12-01T05:00:00Z"; do
	cp "$w/c.xml.cache" "$w/c.cache.fitted"
	# shellcheck disable=SC2086
	"$adj" $cmd "$w/c.xml" > "$w/out" 2>&1
	rc=$?
	if [ "$rc" -eq 65 ] && [ "$(grep -c error "$w/out")" -eq 1 ] &&
	    ! grep -q "a bug" "$w/out"; then
		ok
	else
		bad "${cmd%% *} of an edited entry with a fitted cache key: exit $rc"
		cat "$w/out"
	fi
	cp "$w/c.cache.fitted" "$w/c.xml.cache"
done

[ -n "${AOR_KEEP:-}" ] && { trap - EXIT; echo "kept $w"; }
echo "archive-proof: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
