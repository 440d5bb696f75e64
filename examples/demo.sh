#!/bin/sh
# demo.sh - replays the bundled example games from the start and shows
# their final reports.  On a fresh Debian 12 machine, in the source folder:
#
#   sh examples/demo.sh        (or: make demo)
#   sh examples/demo.sh NAME   only examples/NAME (four-player,
#                              renaissance-six)
#
# The examples: four-player, Age of Reason, four players; renaissance-six,
# Age of Renaissance, six players over the three epochs.
# It installs the Debian packages it needs when run as root (otherwise it
# prints the apt-get command and stops), builds build/adjudicator when it
# is missing or older than the sources, then, for each example, in a
# temporary folder: unpacks the signed order files (orders.txt, or
# orders.txt.gz, by tests/tools/pack.sh), creates the game with the
# example keys exactly as the archive was made, resolves every run with
# the signed order files, checks each run's report against the one the
# archived final game file gives ('adjudicator report --run N'; the
# archive is that one file, final.xml or final.xml.gz) and against the
# few reports kept in reports/, checks the final game file, runs
# 'adjudicator verify' and prints the report of the last run.
# The GnuPG home holding the moderator's example secret key is temporary;
# its gpg-agent is ended and everything is removed at the end.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
keys=$top/examples/keys
adj=${ADJUDICATOR:-$top/build/adjudicator}

say() { echo "demo: $*" >&2; }
die() { say "$*"; exit 1; }

examples=${*:-four-player renaissance-six}
for name in $examples; do
	[ -f "$top/examples/$name/new.args" ] ||
		die "no example examples/$name (four-player, renaissance-six)"
done

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
	"$adj" report "$final" --run "$n_" "$@" -o "$w/past.$f_" ||
		die "adjudicator report --run $n_ failed on the archive"
	cmp -s "$r/$f_" "$w/past.$f_" ||
		die "the report of run $n_ differs from the one" \
		    "examples/$name/$finalname gives"
	if [ -f "$ex/reports/$f_" ]; then
		cmp -s "$r/$f_" "$ex/reports/$f_" ||
			die "the report of run $n_ differs from" \
			    "examples/$name/reports/$f_"
	fi
}
html() {	# html N NNN: the HTML report of a kept run
	[ -f "$ex/reports/$2.html" ] || return 0
	"$adj" report "$game" --template "$template" -o "$r/$2.html" ||
		die "the HTML report of run $1 failed"
	regenerated "$1" "$2.html" --template "$template"
}

# replay NAME: one example, from its folder examples/NAME
replay() {
	name=$1
	ex=$top/examples/$name
	r=$w/$name.reports
	mkdir "$r"
	template=$top/templates/report-html.xsl
	! grep -q -- '--game renaissance' "$ex/new.args" ||
		template=$top/templates/renaissance-html.xsl
	cp "$ex/seed" "$w/seed"
	chmod 600 "$w/seed"
	# the archive, stored as it is or gzipped (a larger game's)
	final=$ex/final.xml finalname=final.xml
	if [ -f "$ex/final.xml.gz" ]; then
		final=$w/$name.final.xml finalname=final.xml.gz
		gzip -dc "$ex/final.xml.gz" > "$final" ||
			die "cannot read examples/$name/final.xml.gz"
	fi
	orders=$ex/orders.txt
	if [ -f "$ex/orders.txt.gz" ]; then
		orders=$w/$name.orders.txt
		gzip -dc "$ex/orders.txt.gz" > "$orders" ||
			die "cannot read examples/$name/orders.txt.gz"
	fi
	# The game file names each order file as it was given
	# (orders/NNN-...), and new.args the keys as ../keys/COUNTRY.asc:
	# the replay runs in a folder laid out as examples/NAME/ is, the
	# orders unpacked in it.
	game=$w/$name.xml
	"$top/tests/tools/pack.sh" unpack "$orders" "$w/$name" ||
		die "cannot unpack the orders of examples/$name"
	cd "$w/$name"
	eval "set -- $(sed "s|SEED|$w/seed|" "$ex/new.args")"
	"$adj" new -o "$game" "$@" --report "$r/000.txt" ||
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
		*) die "bad line $n in examples/$name/runs: $kind" ;;
		esac
		# shellcheck disable=SC2086
		"$adj" resolve "$game" $files --now "$time" \
		    --report "$r/$nnn.txt" 2> "$w/err" ||
			{ cat "$w/err" >&2; die "run $n failed"; }
		regenerated "$n" "$nnn.txt"
		html "$n" "$nnn"
		[ $((n % 25)) -ne 0 ] || say "$name: $n of $runs runs replayed"
	done < "$ex/runs"
	unsealed "$game" > "$w/final.xml"
	unsealed "$final" | cmp -s - "$w/final.xml" ||
		die "the final game file differs from" \
		    "examples/$name/$finalname"
	"$adj" verify "$game" > "$w/verify.txt" 2>&1 ||
		{ cat "$w/verify.txt" >&2; die "adjudicator verify failed"; }
	cat "$r/$nnn.txt"
	echo "demo: replayed the $runs runs of the example game archived in" \
	    "examples/$name/; every report matches the one its final game" \
	    "file gives, and adjudicator verify passed"
	cd "$top"
}

ln -s "$keys" "$w/keys"
first=yes
for name in $examples; do
	[ "$first" = yes ] || echo
	first=no
	replay "$name"
done
