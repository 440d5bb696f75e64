#!/bin/sh
# demo.sh - replays the bundled example game from the start and shows its
# final report.  On a fresh Debian 12 machine, in the source folder:
#
#   sh examples/demo.sh        (or: make demo)
#
# It installs the Debian packages it needs when run as root (otherwise it
# prints the apt-get command and stops), builds build/adjudicator when it
# is missing or older than the sources, then, in a temporary folder:
# unpacks the signed order files (examples/four-player/orders.txt, by
# tests/tools/pack.sh), creates the game with the example keys exactly as
# the archive examples/four-player/ was made, resolves every run with the
# signed order files, checks each run's report against the one the archived final game
# file gives ('adjudicator report --run N'; the archive is that one file)
# and against the few reports kept in reports/, checks the final game file,
# runs 'adjudicator verify' and prints the report of the last run.
# The GnuPG home holding the moderator's example secret key is temporary;
# its gpg-agent is ended and everything is removed at the end.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
ex=$top/examples/four-player
keys=$top/examples/keys
adj=${ADJUDICATOR:-$top/build/adjudicator}

say() { echo "demo: $*" >&2; }
die() { say "$*"; exit 1; }

sh "$top/tests/deps.sh" build || exit 1
if [ -z "${ADJUDICATOR:-}" ]; then
	if [ ! -x "$adj" ] || [ -n "$(find "$top/adjudicator" "$top/Makefile" \
	    -newer "$adj" -type f 2>/dev/null | head -1)" ]; then
		say "building build/adjudicator..."
		make -s -C "$top" >&2 || die "make failed"
	fi
fi
[ -x "$adj" ] || die "no $adj"

w=$(mktemp -d /tmp/aor.XXXXXX)
gh=$w/gnupg
cleanup() {
	[ -d "$gh" ] && gpgconf --homedir "$gh" --kill gpg-agent 2>/dev/null
	rm -rf "$w"
}
trap cleanup EXIT
trap 'exit 1' HUP INT TERM

mkdir -m 700 "$gh"
gpg --homedir "$gh" --batch --quiet --import \
    "$keys/secret/moderator.sec.asc" 2>/dev/null ||
	die "cannot import the moderator's example key"
export GNUPGHOME="$gh"
cp "$ex/seed" "$w/seed"
chmod 600 "$w/seed"

# The seed is sealed to the moderator's key when the game is made, and
# every encryption differs: the sealed text is the one part that cannot
# match byte for byte.  Its commitment (the seed's SHA-256) is compared.
unsealed() {
	sed '/<sealed>-----BEGIN PGP MESSAGE-----/,/<\/sealed>/d' "$@"
}

# The archive is its final game file: the report of any run comes from it
# ('adjudicator report --run N'), and each must be the one the replay
# made.  The few reports kept in reports/ must be those too.
regenerated() {	# regenerated N NNN.EXT [--template FILE]
	n_=$1 f_=$2
	shift 2
	"$adj" report "$ex/final.xml" --run "$n_" "$@" -o "$w/past.$f_" ||
		die "adjudicator report --run $n_ failed on the archive"
	cmp -s "$w/$f_" "$w/past.$f_" ||
		die "the report of run $n_ differs from the one" \
		    "examples/four-player/final.xml gives"
	if [ -f "$ex/reports/$f_" ]; then
		cmp -s "$w/$f_" "$ex/reports/$f_" ||
			die "the report of run $n_ differs from" \
			    "examples/four-player/reports/$f_"
	fi
}
html() {	# html N NNN: the HTML report of a kept run
	[ -f "$ex/reports/$2.html" ] || return 0
	"$adj" report "$game" --template "$top/templates/report-html.xsl" \
	    -o "$w/$2.html" || die "the HTML report of run $1 failed"
	regenerated "$1" "$2.html" --template \
	    "$top/templates/report-html.xsl"
}

# The game file names each order file as it was given (orders/NNN-...),
# and new.args the keys as ../keys/COUNTRY.asc: the replay runs in a
# folder laid out as examples/four-player/ is, the orders unpacked in it.
game=$w/game.xml
"$top/tests/tools/pack.sh" unpack "$ex/orders.txt" "$w/four-player" ||
	die "cannot unpack examples/four-player/orders.txt"
ln -s "$keys" "$w/keys"
cd "$w/four-player"
eval "set -- $(sed "s|SEED|$w/seed|" "$ex/new.args")"
"$adj" new -o "$game" "$@" --report "$w/000.txt" ||
	die "adjudicator new failed"
regenerated 0 000.txt
html 0 000
runs=$(wc -l < "$ex/runs")
n=0
while read -r kind time files; do
	n=$((n + 1))
	nnn=$(printf %03d "$n")
	case $kind in
	resolve) ;;
	deadline) files=--deadline-passed ;;
	*) die "bad line $n in examples/four-player/runs: $kind" ;;
	esac
	# shellcheck disable=SC2086
	"$adj" resolve "$game" $files --now "$time" --report "$w/$nnn.txt" \
	    2> "$w/err" || { cat "$w/err" >&2; die "run $n failed"; }
	regenerated "$n" "$nnn.txt"
	html "$n" "$nnn"
	[ $((n % 25)) -ne 0 ] || say "$n of $runs runs replayed"
done < "$ex/runs"
unsealed "$game" > "$w/final.xml"
unsealed "$ex/final.xml" | cmp -s - "$w/final.xml" ||
	die "the final game file differs from examples/four-player/final.xml"
"$adj" verify "$game" > "$w/verify.txt" 2>&1 ||
	{ cat "$w/verify.txt" >&2; die "adjudicator verify failed"; }
cat "$w/$nnn.txt"
echo "demo: replayed the $runs runs of the example game archived in" \
    "examples/four-player/; every report matches the one its final game" \
    "file gives, and adjudicator verify passed"
