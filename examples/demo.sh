#!/bin/sh
# demo.sh - replays the bundled example game from the start and shows its
# final report.  On a fresh Debian 12 machine, in the source folder:
#
#   sh examples/demo.sh        (or: make demo)
#
# It installs the Debian packages it needs when run as root (otherwise it
# prints the apt-get command and stops), builds build/adjudicator when it
# is missing or older than the sources, then, in a temporary folder:
# creates the game with the example keys exactly as the archive
# examples/four-player/ was made, resolves every run with the signed order
# files, checks each report and the final game file against the archive,
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

# The game files of the archive, compressed or not.
archived() {	# archived NNN: the archived game file after step NNN
	if [ -f "$ex/games/$1.xml.gz" ]; then
		gzip -dc "$ex/games/$1.xml.gz"
	else
		cat "$ex/games/$1.xml"
	fi
}
# The seed is sealed to the moderator's key when the game is made, and
# every encryption differs: the sealed text is the one part that cannot
# match byte for byte.  Its commitment (the seed's SHA-256) is compared.
unsealed() {
	sed '/<sealed>-----BEGIN PGP MESSAGE-----/,/<\/sealed>/d' "$@"
}

game=$w/game.xml
cd "$ex"
eval "set -- $(sed "s|SEED|$w/seed|" new.args)"
"$adj" new -o "$game" "$@" --report "$w/000.txt" ||
	die "adjudicator new failed"
archived 000 | unsealed > "$w/a.xml"
unsealed "$game" | cmp -s - "$w/a.xml" ||
	die "the new game differs from examples/four-player/games/000.xml"
runs=$(wc -l < runs)
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
	cmp -s "$w/$nnn.txt" "reports/$nnn.txt" ||
		die "the report of run $n differs from" \
		    "examples/four-player/reports/$nnn.txt"
	[ $((n % 25)) -ne 0 ] || say "$n of $runs runs replayed"
done < runs
unsealed "$game" > "$w/final.xml"
unsealed final.xml | cmp -s - "$w/final.xml" ||
	die "the final game file differs from examples/four-player/final.xml"
"$adj" verify "$game" > "$w/verify.txt" 2>&1 ||
	{ cat "$w/verify.txt" >&2; die "adjudicator verify failed"; }
cat "$w/$nnn.txt"
echo "demo: replayed the $runs runs of the example game archived in" \
    "examples/four-player/; the result matches the archive and" \
    "adjudicator verify passed"
