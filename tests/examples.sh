#!/bin/sh
# examples.sh - the bundled example game (examples/): the demo replays it
# and passes (every report equal to the one the final game file gives),
# every archived order file (packed in orders.txt) is clearsigned by its
# country's example key, the final game file matches the schema and
# verifies, the private reports kept are encrypted to their player alone,
# and the tracked tree stays small, in bytes and on disk.  GnuPG homes are
# made here, short-lived, and every gpg-agent is ended.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
ex=$top/examples/four-player
keys=$top/examples/keys
w=$(mktemp -d /tmp/aor.XXXXXX)
homes=
cleanup() {
	for h in $homes; do
		gpgconf --homedir "$h" --kill gpg-agent 2>/dev/null
	done
	rm -rf "$w"
}
trap cleanup EXIT
trap 'exit 1' HUP INT TERM
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
home() {	# home NAME: a fresh GnuPG home $w/NAME
	mkdir -m 700 "$w/$1"
	homes="$homes $w/$1"
}
countries=$(cd "$keys" && ls *.asc | sed 's/\.asc$//' | grep -v '^moderator$')

# The demo: replays the game, compares it with the archive, verifies.
if sh "$top/examples/demo.sh" > "$w/demo.out" 2> "$w/demo.err"; then
	ok
else
	bad "examples/demo.sh failed:"; tail -20 "$w/demo.err"
fi
grep -q "^== Standings after run [0-9]" "$w/demo.out" &&
    grep -q "^Winner: " "$w/demo.out" && ok ||
	bad "the demo's output lacks the final standings"
grep -q "its seed is public" "$w/demo.out" && ok ||
	bad "the demo's output lacks the seed's publication"
tail -1 "$w/demo.out" | grep -q "examples/four-player/.*verify passed" &&
    ok || bad "the demo's last line does not say where and that verify passed"

# Every archived order file is clearsigned by its country's example key.
home public
for c in $countries moderator; do
	gpg --homedir "$w/public" --batch --quiet --import "$keys/$c.asc" \
	    2>/dev/null
	gpg --homedir "$w/public" --with-colons --import-options show-only \
	    --import "$keys/$c.asc" 2>/dev/null |
	    awk -F: '/^fpr/ {print $10; exit}' > "$w/$c.fpr"
done
# They are packed in orders.txt (tests/tools/pack.sh): each is checked
# as it unpacks, the bytes the replay reads.
sh "$top/tests/tools/pack.sh" unpack "$ex/orders.txt" "$w/ex" && ok ||
	bad "cannot unpack examples/four-player/orders.txt"
[ "$(grep -c '^==> ' "$ex/orders.txt")" -eq "$(ls "$w/ex/orders" | wc -l)" ] &&
    [ "$(ls "$w/ex")" = orders ] && ok ||
	bad "orders.txt does not unpack into one file in orders/ per header"
n=0
for f in "$w/ex"/orders/*; do
	n=$((n + 1))
	b=$(basename "$f")
	c=$(echo "$b" | sed -n 's/^[0-9]*-\([a-z-]*\)\.txt\.asc$/\1/p')
	if [ -z "$c" ] || [ ! -s "$w/$c.fpr" ]; then
		bad "orders/$b: not named NNN-COUNTRY.txt.asc for a player"
		continue
	fi
	if [ "$(head -1 "$f")" != "-----BEGIN PGP SIGNED MESSAGE-----" ]; then
		bad "orders/$b: not a clearsigned message"
		continue
	fi
	gpg --homedir "$w/public" --batch --status-fd 1 --verify "$f" \
	    > "$w/status" 2>/dev/null
	if ! grep -q "^\[GNUPG:\] VALIDSIG $(cat "$w/$c.fpr") " "$w/status"
	then
		bad "orders/$b: no good signature by $c's example key"
		continue
	fi
	grep -qi "^COUNTRY $c\$" "$f" && ok ||
		bad "orders/$b: signed by $c but not for $c"
done
[ "$n" -gt 0 ] && ok || bad "no archived order files"
# The runs name only signed files, every one exists, and every order file
# packed is named by a run.
sed 's/^resolve [^ ]*//;s/^deadline .*//' "$ex/runs" | tr ' ' '\n' |
    sed '/^$/d' > "$w/named"
sort -u "$w/named" > "$w/named.sorted"
grep -v '\.txt\.asc$' "$w/named" > "$w/unsigned"
[ ! -s "$w/unsigned" ] && ok ||
	bad "the runs name unsigned files: $(head -3 "$w/unsigned")"
missing=$(while read -r f; do [ -f "$w/ex/$f" ] || echo "$f"; done < "$w/named")
[ -z "$missing" ] && ok || bad "the runs name missing files: $missing"
unused=$(cd "$w/ex" && ls orders/* | sort | comm -23 - "$w/named.sorted")
[ -z "$unused" ] && ok || bad "no run names these order files: $unused"

# The archive is its final game file (the report of any run comes from it:
# demo.sh checks every one); it matches the schema.  No intermediate game
# files, and only a few reports to read.
runs=$(wc -l < "$ex/runs")
xmllint --noout --relaxng "$top/formats/game.rng" "$ex/final.xml" \
    > "$w/xmllint" 2>&1 && ok ||
	{ bad "final.xml does not validate"; head -5 "$w/xmllint"; }
[ ! -e "$ex/games" ] && ok || bad "examples/four-player/games/ is back"
nrep=$(ls "$ex/reports" | grep -c '\.txt$')
[ "$nrep" -ge 2 ] && [ "$nrep" -le 6 ] && ok ||
	bad "$nrep text reports kept in reports/ (a few to read: 2 to 6)"
for r in 000.txt 000.html "$(printf %03d "$runs").txt" \
    "$(printf %03d "$runs").html"; do
	[ -f "$ex/reports/$r" ] && ok || bad "no reports/$r to read"
done
grep -q 'revealed="[0-9a-f]\{64\}"' "$ex/final.xml" && ok ||
	bad "the seed is not published in final.xml"
# Anyone can verify the archived game from the file alone.
home stranger
GNUPGHOME=$w/stranger ADJUDICATOR_DATADIR=${ADJUDICATOR_DATADIR:-$top} \
    "${ADJUDICATOR:-$top/build/adjudicator}" verify "$ex/final.xml" \
    > "$w/verify" 2>&1 && ok ||
	{ bad "verify on examples/four-player/final.xml failed"; cat "$w/verify"; }

# The private reports are encrypted, each to its player alone.
nplain=$(find "$ex/reports" -path '*-private/*' ! -name '*.txt.asc' | wc -l)
[ "$nplain" -eq 0 ] && ok || bad "$nplain private reports are not encrypted"
armoured=0
for d in "$ex"/reports/*-private; do
	for c in $countries; do
		f=$d/$c.txt.asc
		if [ -f "$f" ] &&
		    [ "$(head -1 "$f")" = "-----BEGIN PGP MESSAGE-----" ] &&
		    [ "$(tail -1 "$f")" = "-----END PGP MESSAGE-----" ]; then
			armoured=$((armoured + 1))
		else
			bad "$(basename "$d")/$c.txt.asc: not an armoured" \
			    "PGP message"
		fi
	done
done
[ "$armoured" -gt 0 ] && ok || bad "no private reports"
for c in $countries moderator; do
	home "sec-$c"
	gpg --homedir "$w/sec-$c" --batch --quiet --import \
	    "$keys/secret/$c.sec.asc" 2>/dev/null
done
# A private report from the middle of the game, each player's own.
mid=085
for c in $countries; do
	f=$ex/reports/$mid-private/$c.txt.asc
	gpg --homedir "$w/sec-$c" --batch --quiet --pinentry-mode loopback \
	    --passphrase '' --decrypt "$f" > "$w/plain" 2>/dev/null &&
	    grep -q "Your hand" "$w/plain" && ok ||
		bad "$c cannot read its private report $mid-private/$c.txt.asc"
	for o in $countries moderator; do
		[ "$o" = "$c" ] && continue
		if gpg --homedir "$w/sec-$o" --batch --quiet \
		    --pinentry-mode loopback --passphrase '' --decrypt "$f" \
		    > /dev/null 2>&1; then
			bad "$o can decrypt $c's private report $mid-private"
		else
			ok
		fi
	done
done
# Run 0's private report (the starting hand) too.
c=$(echo "$countries" | head -1)
gpg --homedir "$w/sec-$c" --batch --quiet --pinentry-mode loopback \
    --passphrase '' --decrypt "$ex/reports/000-private/$c.txt.asc" \
    > "$w/plain" 2>/dev/null && grep -q "Your hand" "$w/plain" && ok ||
	bad "$c cannot read its private report of run 0"

# tests/tools/pack.sh, which packs the example's order files, the
# scenarios' and the sample mails, gives back exact bytes (an empty file,
# CRs, control characters, a line like a header but for its end, files in
# sub-folders) and refuses what it could not give back, changing nothing.
pk=$top/tests/tools/pack.sh
mkdir -p "$w/pk/in/a/b"
: > "$w/pk/in/a/empty"
printf 'x\r\ny\r\n' > "$w/pk/in/a/b/crlf"
printf '\001\t\n\n==> not a header\n\n' > "$w/pk/in/c.txt"
(cd "$w/pk/in" && sh "$pk" pack a/empty a/b/crlf c.txt) > "$w/pk/pack" &&
    sh "$pk" unpack "$w/pk/pack" "$w/pk/out" &&
    diff -r "$w/pk/in" "$w/pk/out" > /dev/null && ok ||
	bad "pack.sh does not give back what it packed"
printf 'x' > "$w/pk/in/nonl"
printf 'x\n==> y <==\n' > "$w/pk/in/hdr"
for f in nonl hdr ../pk/in/c.txt /etc/hostname; do
	(cd "$w/pk/in" && sh "$pk" pack "$f") > /dev/null 2> "$w/pk/err" &&
		bad "pack.sh packed '$f'" ||
		{ grep -q "^pack.sh: '$f'" "$w/pk/err" && ok ||
			bad "pack.sh refused '$f' saying: $(cat "$w/pk/err")"; }
done
printf '==> ../escape <==\nx\n' > "$w/pk/evil"
printf '==> a <==\nx\n==> a <==\ny\n' > "$w/pk/twice"
printf 'x\n==> a <==\n' > "$w/pk/headless"
for f in evil twice headless; do
	if sh "$pk" unpack "$w/pk/$f" "$w/pk/o-$f" 2> "$w/pk/err"; then
		bad "pack.sh unpacked $f"
	elif [ -e "$w/pk/escape" ] || [ -e "$w/pk/o-$f" ] ||
	    ! grep -q "^pack.sh: '$w/pk/$f'" "$w/pk/err"; then
		bad "pack.sh on $f: $(cat "$w/pk/err")"
	else
		ok
	fi
done

# The source tree stays small (issue 11: under 5 MB without .git and the
# build folders, build*/ as .gitignore says; issue 20 allows 7 MB for Age
# of Renaissance's data and example game).
bytes=$(find "$top" \( -path "$top/.git" -o -path "$top/build*" \) -prune \
    -o -type f ! -name '*.lock' -print | tr '\n' '\0' | xargs -0 cat | wc -c)
[ "$bytes" -lt 7000000 ] && ok ||
	bad "the source tree has $bytes bytes, more than 7 MB"
# And on disk, where every file takes whole blocks: under 7168 KB as a
# checkout's files take them in 4 KB blocks (du -k); small files go into
# packs (tests/tools/pack.sh), as the example's order files do.
if git -C "$top" rev-parse --git-dir > /dev/null 2>&1; then
	git -C "$top" ls-files -z
else
	(cd "$top" && find . \( -path ./.git -o -path './build*' \) -prune \
	    -o -type f ! -name '*.lock' -print0)
fi > "$w/files"
kb=$(cd "$top" && xargs -0 stat -c %s < "$w/files" 2> /dev/null |
    awk '{ kb += int(($1 + 4095) / 4096) * 4 } END { print kb + 0 }')
nfiles=$(tr -cd '\0' < "$w/files" | wc -c)
[ "$nfiles" -gt 0 ] && [ "$kb" -gt 0 ] && [ "$kb" -lt 7168 ] && ok ||
	bad "the $nfiles tracked files take $kb KB on disk in 4 KB blocks," \
	    "not under 7168 KB (pack small files: tests/tools/pack.sh)"

echo "examples: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
