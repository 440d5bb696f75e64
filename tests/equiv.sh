#!/bin/sh
# equiv.sh - the behaviour fingerprint (issue 19, point 4): every output of
# the program on the whole corpus, byte for byte, as SHA-256s.
#
#   tests/equiv.sh                 compare with tests/equiv.sums
#   tests/equiv.sh --update        rewrite tests/equiv.sums (only on purpose:
#                                  say why in the commit message)
#   tests/equiv.sh --against REV   build REV in a temporary worktree and
#                                  compare the two builds output by output
#   --keep DIR                     also leave the full manifest(s) in DIR
#
# The corpus, played through the CLI with pinned seeds, --now times, TZ=UTC
# and LC_ALL=C:
# * every golden scenario (tests/games/*) and the example games
#   (examples/four-player, examples/renaissance-six, with their keys;
#   the second's orders and final file gzipped) replayed live from new.args,
#   runs and the order files: after 'new' and after every run, the game
#   file, its cache, the public report, every private report (those
#   encrypted to a player's key are hashed after decryption with
#   examples/keys/secret: the session keys are random) and the run's exit
#   status, stdout and stderr; at the end status, verify (stdout, stderr,
#   exit status), the HTML report and each player's private report;
# * every archive (tests/archives/*.xml.gz) and the examples' final files:
#   status, verify, each player's private report, and 'report --run N'
#   in text for every run and in HTML for every EVERY-th (5) and the
#   last (the scenarios' expected/game.xml is the live replay's last game
#   file, as replay-game.sh checks);
# * 'list' of one folder holding every final game file.
# The example seals its seed to the moderator's key, again randomly at
# each replay: its game files are hashed without the sealed text, and its
# caches without the game file's SHA-256 in their key line (demo.sh
# compares the example the same way).
#
# tests/equiv.sums holds one line per group of outputs (SOURCE/KIND: how
# many, and the SHA-256 of their manifest lines), not the outputs: a
# group that differs is named, and --against names each output in it.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
sums=$top/tests/equiv.sums
# the HTML report of every EVERY-th run (and the last): see the timing
every=${EQUIV_EVERY:-5}
lanes=${EQUIV_JOBS:-2}
mode=check
rev=
keep=
while [ $# -gt 0 ]; do
	case $1 in
	--update) mode=update ;;
	--against) [ $# -ge 2 ] || { echo "equiv: --against REV" >&2; exit 2; }
		mode=against rev=$2; shift ;;
	--keep) [ $# -ge 2 ] || { echo "equiv: --keep DIR" >&2; exit 2; }
		keep=$2; shift ;;
	*) echo "usage: tests/equiv.sh [--update | --against REV] [--keep DIR]" >&2
		exit 2 ;;
	esac
	shift
done

export TZ=UTC LC_ALL=C
unset AOR_NO_CACHE AOR_CACHE_TRACE LANG LANGUAGE 2>/dev/null || :
w=$(mktemp -d /tmp/aor-equiv.XXXXXX)
homes=
wt=
cleanup() {
	for h in $homes; do
		gpgconf --homedir "$h" --kill gpg-agent 2>/dev/null
	done
	if [ -n "$wt" ]; then
		git -C "$top" worktree remove --force "$wt" 2>/dev/null ||
			rm -rf "$wt"
		git -C "$top" worktree prune 2>/dev/null
	fi
	rm -rf "$w"
}
trap cleanup EXIT
trap 'exit 1' HUP INT TERM
home() {	# home NAME KEYFILE...: a GnuPG home $w/NAME with those keys
	h=$w/$1
	shift
	mkdir -m 700 "$h"
	homes="$homes $h"
	for k in "$@"; do
		gpg --homedir "$h" --batch --quiet --import "$k" 2>/dev/null ||
			{ echo "equiv: cannot import $k" >&2; exit 1; }
	done
}
keys=$top/examples/keys
home empty
home moderator "$keys/secret/moderator.sec.asc"
# shellcheck disable=SC2046 # the key files are words
home players $(ls "$keys"/secret/*.sec.asc | grep -v /moderator.sec.asc)
. "$top/tests/tools/runs.sh"

# The outputs of a source go into $t/h/SOURCE/KIND/NAME ($t: the source's
# own folder), written there or copied, and are hashed a source at a time
# into the source's manifest $man, as lines "SHA-256  SOURCE/KIND/NAME":
# one sha256sum for many files, since a fork per output was most of the
# time.  Outputs name no temporary path: every command runs in the game's
# folder on a relative name.
hash() {	# hash GROUP FILE NAME [GROUP FILE NAME]...: GROUP is SOURCE/KIND
	while [ $# -ge 3 ]; do
		[ -d "$t/h/$1" ] || mkdir -p "$t/h/$1"
		if [ -f "$2" ]; then
			cp "$2" "$t/h/$1/$3"
		else
			echo "(no such file)" > "$t/h/$1/$3"
		fi
		shift 3
	done
}
flush() {
	[ -d "$t/h" ] || return 0
	(cd "$t/h" && find . -type f | sort | xargs -r sha256sum) |
	    sed 's|  \./|  |' >> "$man"
	rm -rf "$t/h"
}
# outcome GROUP NAME command...: the command's stdout as NAME.out, its
# stderr and exit status as NAME.err
outcome() {
	[ -d "$t/h/$1" ] || mkdir -p "$t/h/$1"
	o_file=$t/h/$1/$2
	shift 2
	"$@" > "$o_file.out" 2> "$o_file.err"
	echo "exit $?" >> "$o_file.err"
}
unsealed() {	# the example's game file without its randomly sealed seed
	sed '/<sealed>-----BEGIN PGP MESSAGE-----/,/<\/sealed>/d' "$1"
}
players_of() {	# the countries of a game file's players
	sed -n 's/.*<player seat="[0-9]*" country="\([a-z-]*\)".*/\1/p' "$1"
}

# snap NAME NNN: the outputs of one live run (in the game's folder)
snap() {
	s_name=$1 s_n=$2
	if [ "$sealed" = yes ]; then
		unsealed game.xml > "$t/cmp.xml"
		sed '1s/^\(aor-game-cache [^ ]* [^ ]* \)[0-9a-f]\{64\} /\1/' \
		    game.xml.cache > "$t/cmp.cache" 2>/dev/null
		hash "$s_name/game" "$t/cmp.xml" "$s_n" \
		    "$s_name/cache" "$t/cmp.cache" "$s_n"
	else
		hash "$s_name/game" game.xml "$s_n" "$s_name/cache" \
		    game.xml.cache "$s_n"
	fi
	hash "$s_name/report" report.txt "$s_n"
	rm -f report.txt
	[ -d priv ] || return 0
	for p in priv/*.asc; do
		[ -f "$p" ] || continue
		GNUPGHOME=$w/players gpg --batch --quiet --decrypt "$p" \
		    > "$p.decrypted" 2>/dev/null ||
			echo "cannot decrypt" > "$p.decrypted"
		rm -f "$p"
	done
	[ -d "$t/h/$s_name/private" ] || mkdir -p "$t/h/$s_name/private"
	mv priv "$t/h/$s_name/private/$s_n"
}

# ends NAME FILE [SEEDFILE]: status, verify, the private reports of a
# final game file (in the current folder), and its past reports
ends() {
	e_name=$1 e_file=$2 e_seed=${3:-}
	e=$e_name/end
	outcome "$e" status "$adj" status "$e_file"
	if [ -n "$e_seed" ]; then
		outcome "$e" verify "$adj" verify "$e_file" --seed-file "$e_seed"
	else
		outcome "$e" verify "$adj" verify "$e_file"
	fi
	for c in $(players_of "$e_file"); do
		outcome "$e" "for-$c" "$adj" report "$e_file" --for "$c" \
		    -o "$t/h/$e/private-$c"
	done
	last=$(last_run "$e_file")
	r=0
	while [ "$r" -le "$last" ]; do
		outcome "$e_name/past" "$r" "$adj" report "$e_file" --run "$r" \
		    -o "$t/h/$e_name/past/$r"
		if [ $((r % every)) -eq 0 ] || [ "$r" -eq "$last" ]; then
			outcome "$e_name/past-html" "$r" "$adj" report \
			    "$e_file" --run "$r" --template \
			    "$data/templates/report-html.xsl" \
			    -o "$t/h/$e_name/past-html/$r"
		fi
		r=$((r + 1))
	done
	flush
}

# live NAME DIR: replays a scenario folder (or the example) from the start
live() {
	l_name=$1 l_dir=$2
	g=$t/game
	if [ -f "$l_dir/orders.txt" ]; then
		"$top/tests/tools/pack.sh" unpack "$l_dir/orders.txt" "$g"
	elif [ -f "$l_dir/orders.txt.gz" ]; then
		gzip -dc "$l_dir/orders.txt.gz" > "$t/orders.txt"
		"$top/tests/tools/pack.sh" unpack "$t/orders.txt" "$g"
	else
		mkdir -p "$g"
		cp -R "$l_dir/orders" "$g/"
	fi
	cp "$l_dir/seed" "$g/seed"
	chmod 600 "$g/seed"
	# the example's new.args names its keys as ../keys/COUNTRY.asc
	ln -s "$keys" "$t/keys"
	if grep -q -- --moderator-key "$l_dir/new.args"; then
		sealed=yes seed= gh=$w/moderator
	else
		sealed=no seed=seed gh=$w/empty
	fi
	# sealed picks are opened with the moderator's example secret key
	! grep -q '^moderator [^ ]* key moderator ' "$l_dir/runs" ||
		gh=$w/moderator
	(
	cd "$g" || exit 1
	export GNUPGHOME="$gh"
	game=game.xml report=report.txt privdir=priv
	eval "set -- $(sed "s|SEED|seed|" "$l_dir/new.args")"
	outcome "$l_name/run" 000 "$adj" new -o game.xml "$@" \
	    --report report.txt --private-dir priv
	snap "$l_name" 000
	n=0
	while read -r kind time files; do
		n=$((n + 1))
		nnn=$(printf %03d "$n")
		outcome "$l_name/run" "$nnn" run_line "$kind" "$time" "$files"
		snap "$l_name" "$nnn"
		[ $((n % 25)) -ne 0 ] || flush
	done < "$l_dir/runs"
	[ "$sealed" = no ] || { unsealed game.xml > "$t/cmp.xml"
		hash "$l_name/end" "$t/cmp.xml" final.xml; }
	outcome "$l_name/end" list "$adj" list .
	ends "$l_name" game.xml "$seed"
	cp game.xml "$w/all/$l_name.xml"
	)
}

# archive NAME FILE: a final game file as it is stored
archive() {
	a_name=$1 a_file=$2
	mkdir -p "$t/game"
	case $a_file in
	*.gz) gzip -dc "$a_file" > "$t/game/$a_name.xml" ;;
	*) cp "$a_file" "$t/game/$a_name.xml" ;;
	esac
	cp "$t/game/$a_name.xml" "$w/all/"
	(cd "$t/game" && GNUPGHOME=$w/empty ends "$a_name" "$a_name.xml")
}

# lane K: the sources of lane K (of $lanes), one after another, each
# with its own folder $t and manifest
lane() {
	i=0
	while read -r kind name path; do
		if [ $((i % lanes)) -eq "$1" ]; then
			t=$w/src/$name man=$w/m/$name
			mkdir -p "$t"
			: > "$man"
			"$kind" "$name" "$path"
			flush
		fi
		i=$((i + 1))
	done < "$w/sources"
}

# fingerprint ADJ DATADIR OUT: the whole manifest of one build in OUT.
# The sources are spread over $lanes processes (EQUIV_JOBS, 2: the
# machine's cores), the longest first.
fingerprint() {
	adj=$1 data=$2
	export ADJUDICATOR_DATADIR="$data"
	rm -rf "$w/src" "$w/all" "$w/m"
	mkdir -p "$w/src" "$w/all" "$w/m"
	{
		for d in "$top"/tests/games/*/; do
			d=${d%/}
			echo "$(wc -l < "$d/runs") live $(basename "$d") $d"
		done
		echo "$(wc -l < "$top/examples/four-player/runs") live" \
		    "four-player $top/examples/four-player"
		for a in "$top"/tests/archives/*.xml.gz; do
			echo "$(gzip -dc "$a" | last_run /dev/stdin) archive" \
			    "archive-$(basename "$a" .xml.gz) $a"
		done
		echo "$(last_run "$top/examples/four-player/final.xml") archive" \
		    "example-final $top/examples/four-player/final.xml"
		ren=$top/examples/renaissance-six
		echo "$(wc -l < "$ren/runs") live renaissance-six $ren"
		echo "$(gzip -dc "$ren/final.xml.gz" | last_run /dev/stdin)" \
		    "archive example-renaissance-final $ren/final.xml.gz"
	} | sort -k1,1nr -k3 | cut -d' ' -f2- > "$w/sources"
	k=0
	while [ "$k" -lt "$lanes" ]; do
		lane "$k" &
		k=$((k + 1))
	done
	wait
	t=$w/src/all man=$w/m/zz-all
	mkdir -p "$t"
	(cd "$w/all" && GNUPGHOME=$w/empty outcome all/end list "$adj" list .)
	flush
	cat "$w"/m/* | sort -k2 > "$3"
}

# groups MANIFEST: "SOURCE/KIND COUNT SHA-256" of each group's lines
groups() {
	awk '{ n = split($2, p, "/"); print p[1] "/" p[2] }' "$1" | sort -u |
	    while read -r grp; do
		grep -F "  $grp/" "$1" > "$w/grp"
		printf '%s %s %s\n' "$grp" "$(wc -l < "$w/grp")" \
		    "$(sha256sum < "$w/grp" | cut -c1-64)"
	done
}

start=$(date +%s)
case $mode in
check|update)
	adj_here=${ADJUDICATOR:-$top/build/adjudicator}
	[ -x "$adj_here" ] || { echo "equiv: no $adj_here (make)" >&2; exit 1; }
	fingerprint "$adj_here" "$top" "$w/manifest"
	groups "$w/manifest" > "$w/sums"
	[ -z "$keep" ] || cp "$w/manifest" "$keep/manifest"
	if [ "$mode" = update ]; then
		{ echo "# tests/equiv.sh --update (EVERY=$every): SOURCE/KIND," \
		      "outputs, SHA-256 of their manifest lines"
		  cat "$w/sums"; } > "$sums"
		echo "equiv: wrote $(wc -l < "$w/sums") groups of" \
		    "$(wc -l < "$w/manifest") outputs to tests/equiv.sums" \
		    "in $(($(date +%s) - start)) s"
		exit 0
	fi
	grep -v '^#' "$sums" > "$w/stored"
	pass=0 fail=0
	while read -r grp n sum; do
		if grep -qxF "$grp $n $sum" "$w/stored"; then
			pass=$((pass + 1))
		else
			fail=$((fail + 1))
			old=$(grep "^$grp " "$w/stored" | cut -d' ' -f2)
			echo "FAIL: $grp: $n outputs differ from tests/equiv.sums" \
			    "(${old:-no} outputs there)"
		fi
	done < "$w/sums"
	cut -d' ' -f1 "$w/sums" | sort > "$w/now.g"
	cut -d' ' -f1 "$w/stored" | sort | comm -23 - "$w/now.g" > "$w/gone"
	while read -r grp; do
		fail=$((fail + 1))
		echo "FAIL: $grp: in tests/equiv.sums, made no more"
	done < "$w/gone"
	[ "$fail" -eq 0 ] || echo "equiv: tests/equiv.sh --against main" \
	    "names each output that changed"
	echo "equiv: $(wc -l < "$w/manifest") outputs in" \
	    "$(($(date +%s) - start)) s"
	echo "equiv: $pass passed, $fail failed"
	[ "$fail" -eq 0 ]
	;;
against)
	wt=$w/rev
	git -C "$top" worktree add --detach "$wt" "$rev" > /dev/null 2>&1 || {
		echo "equiv: cannot check out '$rev'" >&2; wt=; exit 2; }
	nice make -s -C "$wt" all > "$w/make.log" 2>&1 || {
		cat "$w/make.log" >&2; echo "equiv: cannot build '$rev'" >&2
		exit 2; }
	adj_here=${ADJUDICATOR:-$top/build/adjudicator}
	fingerprint "$wt/build/adjudicator" "$wt" "$w/manifest.rev"
	fingerprint "$adj_here" "$top" "$w/manifest"
	[ -z "$keep" ] || cp "$w/manifest" "$w/manifest.rev" "$keep/"
	sort -k2 "$w/manifest.rev" > "$w/a"
	sort -k2 "$w/manifest" > "$w/b"
	diff "$w/a" "$w/b" | sed -n 's/^[<>] [^ ]*  //p' | sort -u > "$w/differ"
	n=$(wc -l < "$w/manifest")
	nd=$(wc -l < "$w/differ")
	if [ "$nd" -eq 0 ]; then
		echo "equiv: all $n outputs identical to $rev's" \
		    "($(($(date +%s) - start)) s)"
		echo "equiv: 1 passed, 0 failed"
	else
		echo "FAIL: $nd of $n outputs differ from $rev's:"
		head -40 "$w/differ"
		echo "equiv: 0 passed, 1 failed"
		exit 1
	fi
	;;
esac
