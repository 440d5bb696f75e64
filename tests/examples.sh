#!/bin/sh
# examples.sh - the bundled example games (examples/four-player, Age of
# Reason, four players; examples/renaissance-six, Age of Renaissance, six
# players over the three epochs): the demo replays both and passes (every
# report of every run equal to the one the final game file gives, report
# --run N), every archived order file (packed in orders.txt, gzipped for
# renaissance-six) is clearsigned by its player's example key, the final
# game file matches its game's schema and verifies in an empty GnuPG home,
# the private reports kept are encrypted to their player alone, and the
# tracked tree stays small, in bytes and on disk.  GnuPG homes are made
# here, short-lived, and every gpg-agent is ended.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
keys=$top/examples/keys
adj=${ADJUDICATOR:-$top/build/adjudicator}
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
allkeys=$(cd "$keys" && ls *.asc | sed 's/\.asc$//')

# The demo: replays both games, compares them with the archives, verifies;
# it shows each final report and, after it, a line saying where the
# archive is and that verify passed.
if sh "$top/examples/demo.sh" > "$w/demo.out" 2> "$w/demo.err"; then
	ok
else
	bad "examples/demo.sh failed:"; tail -20 "$w/demo.err"
fi
grep -q "^== Standings after run [0-9]" "$w/demo.out" &&
    grep -q "^Winner: " "$w/demo.out" && ok ||
	bad "the demo's output lacks Age of Reason's final standings"
rruns=$(wc -l < "$top/examples/renaissance-six/runs")
grep -q "^Age of Renaissance, game renaissance-six: report of run $rruns\.\$" \
    "$w/demo.out" && grep -q "(RR37); winner\.\$" "$w/demo.out" && ok ||
	bad "the demo's output lacks Age of Renaissance's final report" \
	    "(run $rruns, the score and the winner)"
[ "$(grep -c "its seed is public" "$w/demo.out")" -ge 2 ] && ok ||
	bad "the demo's output lacks the seeds' publication"
grep "^demo: " "$w/demo.out" | sed 's/.*archived in \(examples\/[a-z-]*\/\).*verify passed$/\1/' \
    > "$w/where"
[ "$(cat "$w/where")" = "examples/four-player/
examples/renaissance-six/" ] &&
    tail -1 "$w/demo.out" | grep -q "verify passed" && ok ||
	bad "the demo does not say, after each game, where it is and that" \
	    "verify passed: $(cat "$w/where")"
# one example alone, by name
sh "$top/examples/demo.sh" nowhere > /dev/null 2> "$w/demo.err" &&
	bad "the demo replayed an example that is not there" ||
	{ grep -q "^demo: no example examples/nowhere" "$w/demo.err" && ok ||
		bad "the demo on a missing example said: $(cat "$w/demo.err")"; }

# The public keys, each with its fingerprint; the secret keys, each in a
# home of its own.
home public
for c in $allkeys; do
	gpg --homedir "$w/public" --batch --quiet --import "$keys/$c.asc" \
	    2>/dev/null
	gpg --homedir "$w/public" --with-colons --import-options show-only \
	    --import "$keys/$c.asc" 2>/dev/null |
	    awk -F: '/^fpr/ {print $10; exit}' > "$w/$c.fpr"
	home "sec-$c"
	gpg --homedir "$w/sec-$c" --batch --quiet --import \
	    "$keys/secret/$c.sec.asc" 2>/dev/null
done

# example NAME FILES: the checks of examples/NAME, whose folder holds
# FILES and no more.
example() {
ex=$top/examples/$1
name=$1
[ "$(ls "$ex" | tr '\n' ' ')" = "$2 " ] && ok ||
	bad "examples/$name holds $(ls "$ex" | tr '\n' ' '), not $2"
# the players, as new.args registers their keys
countries=$(grep -o -- "--key [a-z0-9-]*:" "$ex/new.args" |
    sed 's/--key \(.*\):/\1/')
[ -n "$countries" ] && ok || bad "examples/$name/new.args registers no keys"
for c in $countries; do
	[ -s "$w/$c.fpr" ] && ok || bad "no example key examples/keys/$c.asc"
done
orders=$ex/orders.txt final=$ex/final.xml
if [ -f "$ex/orders.txt.gz" ]; then
	orders=$w/$name.orders.txt
	gzip -dc "$ex/orders.txt.gz" > "$orders" && ok ||
		bad "examples/$name/orders.txt.gz is not gzip"
fi
if [ -f "$ex/final.xml.gz" ]; then
	final=$w/$name.final.xml
	gzip -dc "$ex/final.xml.gz" > "$final" && ok ||
		bad "examples/$name/final.xml.gz is not gzip"
fi

# Every archived order file is clearsigned by its country's example key.
# They are packed in orders.txt (tests/tools/pack.sh): each is checked
# as it unpacks, the bytes the replay reads.
sh "$top/tests/tools/pack.sh" unpack "$orders" "$w/$name" && ok ||
	bad "cannot unpack the orders of examples/$name"
[ "$(grep -c '^==> ' "$orders")" -eq "$(ls "$w/$name/orders" | wc -l)" ] &&
    [ "$(ls "$w/$name")" = orders ] && ok ||
	bad "examples/$name: the orders do not unpack into one file in" \
	    "orders/ per header"
n=0
for f in "$w/$name"/orders/*; do
	n=$((n + 1))
	b=$(basename "$f")
	c=$(echo "$b" | sed -n 's/^[0-9]*-\([a-z0-9-]*\)\.txt\.asc$/\1/p')
	if [ -z "$c" ] || ! echo "$countries" | grep -qx "$c"; then
		bad "$name/orders/$b: not named NNN-COUNTRY.txt.asc for a player"
		continue
	fi
	if [ "$(head -1 "$f")" != "-----BEGIN PGP SIGNED MESSAGE-----" ]; then
		bad "$name/orders/$b: not a clearsigned message"
		continue
	fi
	gpg --homedir "$w/public" --batch --status-fd 1 --verify "$f" \
	    > "$w/status" 2>/dev/null
	if ! grep -q "^\[GNUPG:\] VALIDSIG $(cat "$w/$c.fpr") " "$w/status"
	then
		bad "$name/orders/$b: no good signature by $c's example key"
		continue
	fi
	grep -qi "^COUNTRY $c\$" "$f" && ok ||
		bad "$name/orders/$b: signed by $c but not for $c"
done
[ "$n" -gt 0 ] && ok || bad "no archived order files in examples/$name"
# The runs name only signed files, every one exists, and every order file
# packed is named by a run.
sed 's/^resolve [^ ]*//;s/^deadline .*//' "$ex/runs" | tr ' ' '\n' |
    sed '/^$/d' > "$w/named"
sort -u "$w/named" > "$w/named.sorted"
grep -v '\.txt\.asc$' "$w/named" > "$w/unsigned"
[ ! -s "$w/unsigned" ] && ok ||
	bad "$name: the runs name unsigned files: $(head -3 "$w/unsigned")"
missing=$(while read -r f; do [ -f "$w/$name/$f" ] || echo "$f"; done < "$w/named")
[ -z "$missing" ] && ok || bad "$name: the runs name missing files: $missing"
unused=$(cd "$w/$name" && ls orders/* | sort | comm -23 - "$w/named.sorted")
[ -z "$unused" ] && ok || bad "$name: no run names these order files: $unused"

# The archive is its final game file (the report of any run comes from it:
# demo.sh checks every one); it matches its game's schema.  No
# intermediate game files.
schema=$top/formats/game.rng
! grep -q -- '--game renaissance' "$ex/new.args" ||
	schema=$top/formats/renaissance-game.rng
xmllint --noout --relaxng "$schema" "$final" > "$w/xmllint" 2>&1 && ok ||
	{ bad "examples/$name: the final game file does not validate"
	  head -5 "$w/xmllint"; }
[ ! -e "$ex/games" ] && ok || bad "examples/$name/games/ is back"
grep -q 'revealed="[0-9a-f]\{64\}"' "$final" && ok ||
	bad "the seed is not published in examples/$name's final game file"
# Anyone can verify the archived game from the file alone.
home "stranger-$name"
GNUPGHOME=$w/stranger-$name ADJUDICATOR_DATADIR=${ADJUDICATOR_DATADIR:-$top} \
    "$adj" verify "$final" > "$w/verify" 2>&1 && ok ||
	{ bad "verify of examples/$name's final game file failed"
	  cat "$w/verify"; }
}

# Age of Reason: a few reports kept to read, the private ones encrypted,
# each to its player alone.
example four-player "final.xml new.args orders.txt reports runs seed"
runs=$(wc -l < "$ex/runs")
nrep=$(ls "$ex/reports" | grep -c '\.txt$')
[ "$nrep" -ge 2 ] && [ "$nrep" -le 6 ] && ok ||
	bad "$nrep text reports kept in reports/ (a few to read: 2 to 6)"
for r in 000.txt 000.html "$(printf %03d "$runs").txt" \
    "$(printf %03d "$runs").html"; do
	[ -f "$ex/reports/$r" ] && ok || bad "no reports/$r to read"
done
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

# Age of Renaissance (issue 20, point 6): six players, the standard game
# (no variant: the three epochs), played to its end and final score
# (RR36, RR37); sources only, every report comes from the final game
# file (demo.sh compares each run's with report --run N).
example renaissance-six "final.xml.gz new.args orders.txt.gz runs seed"
[ "$(echo "$countries" | wc -l)" -eq 6 ] &&
    [ "$(grep -o -- "--player " "$ex/new.args" | wc -l)" -eq 6 ] && ok ||
	bad "examples/renaissance-six is not a game of six players"
grep -q -- '--game renaissance' "$ex/new.args" &&
    ! grep -q -- '--variant' "$ex/new.args" && ok ||
	bad "examples/renaissance-six is not the standard Age of Renaissance"
grep -q '<state turn="[0-9]*" phase="over" epoch="3" epochs="3"' "$final" &&
    ok || bad "examples/renaissance-six does not end after the third epoch"
GNUPGHOME=$w/stranger-renaissance-six "$adj" status "$final" 2>&1 |
    head -1 | grep -q ', game over$' && ok ||
	bad "status does not say examples/renaissance-six is over"
# each of the six sent signed orders, and some deadlines passed (RR38)
for c in $countries; do
	set -- "$w"/renaissance-six/orders/*-"$c".txt.asc
	[ -f "$1" ] && ok || bad "examples/renaissance-six: $c sent no order"
done
grep -q '^deadline ' "$ex/runs" && ok ||
	bad "examples/renaissance-six: no deadline passes"

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
