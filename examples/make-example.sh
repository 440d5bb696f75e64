#!/bin/sh
# make-example.sh - (re)makes an archived example game: examples/four-player/
# (Age of Reason) or examples/renaissance-six/ (Age of Renaissance).
# A developer tool: needs python3 and gpg.  Review the result before
# committing; examples/demo.sh replays it.
#
#   examples/make-example.sh [four-player | renaissance-six]
#
# 1. Makes the example keys it lacks (a key already in examples/keys/ is
#    kept): the moderator's and one per player, ed25519 signing with a
#    cv25519 encryption subkey, no passphrase, marked as example keys.
# 2. Lets a developer bot play a whole game, giving plain order files and
#    the runs: four-player, tests/tools/bot.py, four players with
#    attacks; renaissance-six, tests/tools/ren-bot.py, six players, the
#    three epochs to the final score (RR36, RR37).
# 3. Replays that game with the example keys: 'new' with --key and
#    --moderator-key (the seed is sealed to the moderator's key), every
#    order file clearsigned by its country's key, every run resolved with
#    the moderator's secret key in GNUPGHOME; the signed order files are
#    then packed into orders.txt (tests/tools/pack.sh: a file of a few
#    hundred bytes takes a 4 KB block on disk).  The archive is the final
#    game file (final.xml): the report of any run comes from it with
#    'adjudicator report --run N'.  For a few runs to read (KEEP_RUNS) it
#    keeps the text and HTML reports (reports/NNN.txt, reports/NNN.html)
#    and the players' encrypted private reports (reports/NNN-private/
#    COUNTRY.txt.asc; for run 0, which 'new' makes, they are made with
#    'report --for' and gpg).  renaissance-six keeps sources only (no
#    reports/: report --run N gives every one), and its order files and
#    final game file gzipped (orders.txt.gz, final.xml.gz), to stay small.
# 4. 'adjudicator verify' must pass on the final game file (final.xml).
#
# BOT_SEED picks another game; KEEP_RUNS the runs whose reports are kept
# (four-player: "0 50 85 LAST"; renaissance-six: none); OUT another
# folder to write the example to (default examples/NAME).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
adj=${ADJUDICATOR:-$top/build/adjudicator}
ex=$top/examples
keys=$ex/keys
id=${1:-four-player}
case $id in
four-player)
	countries="prussia france austria russia"
	botseed=${BOT_SEED:-4}
	keep_runs=${KEEP_RUNS:-0 50 85 LAST}
	html=$top/templates/report-html.xsl
	gz=no ;;
renaissance-six)
	# the order parser reads seats (p1 ... p6), not capitals
	countries="p1 p2 p3 p4 p5 p6"
	botseed=${BOT_SEED:-2}
	keep_runs=${KEEP_RUNS:-}
	html=$top/templates/renaissance-html.xsl
	gz=yes ;;
*)	echo "usage: examples/make-example.sh [four-player | renaissance-six]" >&2
	exit 2 ;;
esac
out=${OUT:-$ex/$id}

w=$(mktemp -d /tmp/aor.XXXXXX)
homes=
cleanup() {
	for h in $homes; do
		gpgconf --homedir "$h" --kill gpg-agent 2>/dev/null || :
	done
	rm -rf "$w"
}
trap cleanup EXIT
trap 'exit 1' HUP INT TERM

[ -x "$adj" ] || { echo "make-example: build $adj first (make)" >&2; exit 1; }

# home NAME: a fresh GnuPG home $w/NAME, remembered for cleanup.
home() {
	mkdir -m 700 "$w/$1"
	homes="$homes $w/$1"
}
cap() {	# cap NAME: "prussia" -> "Prussia"
	printf '%s' "$1" | sed 's/^./\U&/'
}

# 1. The example keys, each made once.
mkdir -p "$w/keys/secret"
for k in moderator $countries; do
	[ ! -f "$keys/$k.asc" ] || continue
	home "gen-$k"
	h=$w/gen-$k
	gpg --homedir "$h" --batch --quiet --pinentry-mode loopback \
	    --passphrase '' --quick-generate-key \
	    "$(cap "$k") (EXAMPLE KEY, do not use) <$k@example.org>" \
	    ed25519 sign never 2>/dev/null
	fpr=$(gpg --homedir "$h" --list-keys --with-colons 2>/dev/null |
	    awk -F: '/^fpr/ {print $10; exit}')
	gpg --homedir "$h" --batch --quiet --pinentry-mode loopback \
	    --passphrase '' --quick-add-key "$fpr" cv25519 encr never \
	    2>/dev/null
	gpg --homedir "$h" --armor --export "$fpr" \
	    > "$w/keys/$k.asc"
	gpg --homedir "$h" --batch --pinentry-mode loopback \
	    --passphrase '' --armor --export-secret-keys "$fpr" \
	    > "$w/keys/secret/$k.sec.asc"
	echo "make-example: made the example key of $k ($fpr)" >&2
done
[ -f "$keys/README" ] || cat > "$w/keys/README" <<'EOF'
EXAMPLE KEYS - THROWAWAY, PUBLIC ON PURPOSE, NEVER USE THEM FOR ANYTHING ELSE

These OpenPGP keys exist only to sign and seal the bundled example games
(examples/four-player/, examples/renaissance-six/).  Their secret halves
are published right here, without a passphrase, so that anyone can
replay the examples (sh examples/demo.sh) and read their encrypted
private reports.  Anybody can therefore sign or decrypt anything with
them: they prove nothing.  Never import them into a keyring you use,
never trust them, never use them in a real game.  Every user id says
"EXAMPLE KEY, do not use".

  moderator.asc            the moderator's public key (seals the seed)
  COUNTRY.asc              each player's public key (--key COUNTRY:FILE):
                           prussia, france, austria and russia for
                           four-player; p1 ... p6 (the seats) for
                           renaissance-six
  secret/moderator.sec.asc the moderator's secret key
  secret/COUNTRY.sec.asc   each player's secret key

Each key is an ed25519 signing key with a cv25519 encryption subkey,
made by examples/make-example.sh with
  gpg --quick-generate-key "Prussia (EXAMPLE KEY, do not use)
      <prussia@example.org>" ed25519 sign never
  gpg --quick-add-key FPR cv25519 encr never
EOF
mkdir -p "$keys/secret"
(cd "$w/keys" && find . -type f) | while read -r f; do
	mv "$w/keys/$f" "$keys/$f"
done

# A home per signer, and the moderator's home for the runs, from the
# files in examples/keys (whether made now or before).
for k in moderator $countries; do
	home "$k"
	gpg --homedir "$w/$k" --batch --quiet --pinentry-mode loopback \
	    --passphrase '' --import "$keys/secret/$k.sec.asc" 2>/dev/null
done

# 2. The bot plays the game.
echo "make-example: the bot plays (seed $botseed)..." >&2
if [ "$id" = four-player ]; then
	python3 "$top/tests/tools/bot.py" "$adj" "$w/bot" --id "$id" \
	    --players "$(echo "$countries" | tr ' ' ,)" --seed "$botseed" \
	    --attacks --defaults 1 --rules 1	# made under rules reading 1
else
	# a deadline passes in 5% of the runs (RR38's defaults)
	python3 "$top/tests/tools/ren-bot.py" "$adj" --out "$w/bot" \
	    --id "$id" --players 6 --seed "$botseed" --defaults 5 >&2
fi

# 3. The archive, made in $w/$id and moved in place at the end.
# It sits beside a link to the keys so that new.args can name them as
# ../keys/COUNTRY.asc, as they are found from examples/$id/.
rm -rf "$w/keys"
ln -s "$keys" "$w/keys"
a=$w/$id
mkdir -p "$a/orders" "$a/reports"
cp "$w/bot/seed" "$a/seed"
chmod 644 "$a/seed"
cp "$w/bot/seed" "$w/seed"
chmod 600 "$w/seed"
{
	tr -d '\n' < "$w/bot/new.args"
	for c in $countries; do
		printf ' --key %s:../keys/%s.asc' "$c" "$c"
	done
	printf ' --moderator-key ../keys/moderator.asc\n'
} > "$a/new.args"

for f in "$w/bot/orders"/*.txt; do
	b=$(basename "$f" .txt)
	c=${b#*-}
	gpg --homedir "$w/$c" --batch --quiet --yes --pinentry-mode loopback \
	    --passphrase '' --clearsign -o "$a/orders/$b.txt.asc" "$f"
done
sed 's/\(orders\/[0-9]*-[a-z0-9-]*\.txt\)/\1.asc/g' "$w/bot/runs" > "$a/runs"

# The public keys, to encrypt the private reports of run 0 ('new' has no
# --private-dir: the moderator sends those with gpg).
home public
for c in $countries; do
	gpg --homedir "$w/public" --batch --quiet --import "$keys/$c.asc" \
	    2>/dev/null
done

export GNUPGHOME="$w/moderator"
game=$w/game.xml
cd "$a"
last=$(wc -l < runs)
kept() {	# kept N: whether run N's reports stay
	case " $(echo "$keep_runs" | sed "s/LAST/$last/") " in
	*" $1 "*) return 0 ;;
	esac
	return 1
}
# an HTML page each for the setup and the end, if kept: 68 KB apiece
kept_html() { kept "$1" && { [ "$1" -eq 0 ] || [ "$1" -eq "$last" ]; }; }
eval "set -- $(sed "s|SEED|$w/seed|" new.args)"
"$adj" new -o "$game" "$@" --report reports/000.txt
! kept_html 0 ||
	"$adj" report "$game" --run 0 --template "$html" -o reports/000.html
mkdir reports/000-private
for c in $countries; do
	fpr=$(gpg --homedir "$w/public" --with-colons \
	    --list-keys "<$c@example.org>" | awk -F: '/^fpr/ {print $10; exit}')
	"$adj" report "$game" --run 0 --for "$c" -o "$w/private.txt"
	gpg --homedir "$w/public" --batch --quiet --armor \
	    --trust-model always --encrypt -r "$fpr" \
	    -o "reports/000-private/$c.txt.asc" "$w/private.txt"
done
n=0
while read -r kind time files; do
	n=$((n + 1))
	nnn=$(printf %03d "$n")
	mkdir "reports/$nnn-private"
	case $kind in
	resolve) ;;
	deadline) files=--deadline-passed ;;
	*) echo "make-example: bad line in runs: $kind" >&2; exit 1 ;;
	esac
	# shellcheck disable=SC2086
	"$adj" resolve "$game" $files --now "$time" \
	    --report "reports/$nnn.txt" --private-dir "reports/$nnn-private"
	! kept_html "$n" || "$adj" report "$game" --run "$n" \
	    --template "$html" -o "reports/$nnn.html"
	[ $((n % 25)) -ne 0 ] || echo "make-example: $n runs" >&2
done < runs
"$adj" verify "$game" >&2
cp "$game" final.xml
# Only a few runs' reports stay: the others come from final.xml.
for r in reports/*.txt; do
	k=$(basename "$r" .txt)
	kept "$(expr "$k" + 0)" ||
		rm -rf "reports/$k.txt" "reports/$k.html" "reports/$k-private"
done
rmdir reports 2>/dev/null || :
"$top/tests/tools/pack.sh" pack orders/* > orders.txt
rm -r orders
if [ "$gz" = yes ]; then
	gzip -9n orders.txt final.xml
fi
cd "$top"
rm -rf "$out"
mv "$a" "$out"
echo "make-example: $n runs, $(du -sh "$out" | cut -f1) in $out" >&2
