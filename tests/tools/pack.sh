#!/bin/sh
# pack.sh - many small text files in one, and back.  A file of a few
# hundred bytes takes a whole disk block (4 KB) in a checkout; packed, the
# 174 signed order files of the example game take 68 KB instead of 696.
#
#   tests/tools/pack.sh pack FILE... > PACK    from the current folder
#   tests/tools/pack.sh unpack PACK DIR        makes DIR/FILE for each
#
# A pack is each file's bytes after a line "==> FILE <==" (what
# 'head -n -0 FILE...' prints, without its blank lines), FILE a relative
# path such as orders/001-austria.txt.asc.  Unpacking gives back each
# file's exact bytes: pack refuses a file that does not end with a new
# line (unless empty) or has a line that reads as a header, and a path
# with "..", a leading "/" or a character outside [A-Za-z0-9._/-].
set -eu
me=pack.sh
die() { echo "$me: $*" >&2; exit 1; }
# a path that stays inside DIR: no "..", no leading "/" or "."
plain='[A-Za-z0-9_][A-Za-z0-9._-]*(/[A-Za-z0-9_][A-Za-z0-9._-]*)*'
path_ok() { printf '%s\n' "$1" | grep -Eqx "$plain"; }

case ${1:-} in
pack)
	shift
	[ $# -gt 0 ] || die "no files to pack"
	for f in "$@"; do
		path_ok "$f" || die "'$f': not a plain relative path"
		[ -f "$f" ] || die "'$f': no such file"
		if [ -s "$f" ] && [ "$(tail -c 1 "$f" | od -An -c |
		    tr -d ' ')" != '\n' ]; then
			die "'$f': does not end with a new line"
		fi
		n=$(grep -n '^==> .* <==$' "$f" | head -1 | cut -d: -f1)
		[ -z "$n" ] || die "'$f' line $n: reads as a header \"==> FILE <==\""
		printf '==> %s <==\n' "$f"
		cat "$f"
	done
	;;
unpack)
	[ $# -eq 3 ] || die "usage: pack.sh unpack PACK DIR"
	pack=$2 dir=$3
	[ -f "$pack" ] || die "'$pack': no such file"
	head -1 "$pack" | grep -q '^==> .* <==$' ||
		die "'$pack': does not start with a line \"==> FILE <==\""
	paths=$(mktemp /tmp/aor-pack.XXXXXX)
	trap 'rm -f "$paths"' EXIT
	sed -n 's/^==> \(.*\) <==$/\1/p' "$pack" > "$paths"
	dup=$(sort "$paths" | uniq -d | head -1)
	[ -z "$dup" ] || die "'$pack': '$dup' is in it twice"
	f=$(grep -Evx "$plain" "$paths" | head -1)
	[ -z "$f" ] || die "'$pack': '$f' is not a plain relative path"
	mkdir -p "$dir"
	sed -n 's|/[^/]*$||p' "$paths" | sort -u | while read -r d; do
		mkdir -p "$dir/$d"
	done
	# printf "" makes an empty file, which has no line to print
	awk -v d="$dir" '/^==> .* <==$/ {
		if (f != "") close(f)
		f = d "/" substr($0, 5, length($0) - 8)
		printf "" > f
		next }
	    { print > f }' "$pack"
	;;
*)
	die "usage: pack.sh pack FILE... > PACK | pack.sh unpack PACK DIR"
	;;
esac
