#!/bin/sh
# make-moderated.sh - (re)makes the golden scenario tests/games/moderated
# from the first 26 runs of tests/games/three-no-attacks (issue 19, point
# 4): every entry kind a moderator's work leaves in a game file.  A
# developer tool, run once: the revoked copy of France's example key is
# made here (a revocation is dated when it is made) and stored.
#
#   tests/tools/make-moderated.sh
#
# The same id, seed (the dice are keyed by both), players and orders as
# three-no-attacks, and between its runs:
#   player    Prussia's player replaced (name and address)
#   deadline  --hours 48, and a deadline set on a pending bid
#   rejected  France's bid for T1.A1.4 sent ahead (R36), too low when its
#             step comes: "rejected when its step came"
#   stale     Spain's pass for T1.A3.4 sent ahead, a step that never
#             comes: the auction ends before (R36)
#   pause, resume, absence (Spain away for a day)
#   adjust    'france gold +5', with the time of the coming run
#   rollback  back three runs; a resolve with no files applies the
#             orders that wait again
#   ENTROPY   a line in France's last order (R30)
#   key       France's example key registered, then its revoked copy:
#             a revoke entry, and France's private reports withheld
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
from=$top/tests/games/three-no-attacks
out=$top/tests/games/moderated
keys=$top/examples/keys
w=$(mktemp -d /tmp/aor-moderated.XXXXXX)
gh=$w/gnupg
trap 'gpgconf --homedir "$gh" --kill gpg-agent 2>/dev/null; rm -rf "$w"' EXIT

"$top/tests/tools/pack.sh" unpack "$from/orders.txt" "$w/all"
mkdir -p "$w/o/orders" "$w/o/keys"
for i in $(seq -w 1 25); do
	cp "$w"/all/orders/0$i-* "$w/o/orders/"
done
hdr() {	# hdr COUNTRY STEP: an order file's first lines
	printf '# %s, %s\nGAME three-no-attacks\nCOUNTRY %s\nSTEP %s\n' \
	    "$1" "$2" "$1" "$2"
}
{ hdr france T1.A1.4; echo "BID 0 A france B russia"; } \
    > "$w/o/orders/r01-france.txt"
{ hdr spain T1.A3.4; echo "PASS"; } > "$w/o/orders/s01-spain.txt"
sed -i 's/^STEP T1.S5$/ENTROPY the moderated scenario\n&/' \
    "$w/o/orders/025-france.txt"
grep -q '^ENTROPY ' "$w/o/orders/025-france.txt"

# France's example key, revoked
mkdir -m 700 "$gh"
gpg --homedir "$gh" --batch --quiet --import "$keys/secret/france.sec.asc" \
    2>/dev/null
fpr=$(gpg --homedir "$gh" --with-colons --list-keys 2>/dev/null |
    awk -F: '/^fpr/ {print $10; exit}')
printf 'y\n1\nthe moderated scenario\n\ny\n' |
    gpg --homedir "$gh" --no-tty --command-fd 0 --status-fd 2 \
    --pinentry-mode loopback --passphrase '' --armor \
    --output "$w/rev.asc" --gen-revoke "$fpr" 2>/dev/null
gpg --homedir "$gh" --batch --quiet --import "$w/rev.asc" 2>/dev/null
gpg --homedir "$gh" --armor --export "$fpr" > "$w/o/keys/france-revoked.asc"
gpg --homedir "$gh" --with-colons --list-keys "$fpr" | grep -q '^pub:r:'

sed -n 1,26p "$from/runs" | awk '
function mod(t, rest) { print "moderator 2026-12-01T" t ":00Z " rest }
{ print }
NR == 1 {
	mod("00:08", "player prussia --name '\''Dora Weiss'\'' --email dora@example.org")
	mod("00:09", "deadline --hours 48")
	print "resolve 2026-12-01T00:10:00Z orders/r01-france.txt"
}
NR == 6 { mod("00:45", "deadline 2026-12-01T00:48:00Z") }
NR == 8 { print "resolve 2026-12-01T00:57:00Z orders/s01-spain.txt" }
NR == 12 {
	mod("01:25", "pause")
	mod("01:26", "resume")
	mod("01:27", "absence spain 2026-12-03T00:00:00Z 2026-12-04T00:00:00Z")
	mod("01:28", "adjust '\''france gold +5'\''")
}
NR == 20 {
	mod("02:22", "rollback --to-run 19")
	print "resolve 2026-12-01T02:23:00Z"
}
END {
	mod("03:05", "key france ../keys/france.asc")
	mod("03:06", "key france keys/france-revoked.asc")
}' > "$w/runs"
rm -rf "$out"
mkdir -p "$out"
cp "$from/seed" "$out/seed"
sed 's/ --rules 1$/ --rules 1 --deadline-hours 24/' "$from/new.args" \
    > "$out/new.args"
cp "$w/runs" "$out/runs"
(cd "$w/o" && "$top/tests/tools/pack.sh" pack orders/* keys/*) \
    > "$out/orders.txt"
"$top/tests/replay-game.sh" "$out" --update
echo "make-moderated: $out made; review, then commit"
