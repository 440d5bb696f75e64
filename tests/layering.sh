#!/bin/sh
# layering.sh - no game in the machinery (issue 19, point 2), as a ratchet.
#
# A file of adjudicator/ that is not a module's own (aor-*, aor.h,
# ruleset.*: Age of Reason; ren-*, renaissance-*: Age of Renaissance;
# modules.c, the table that names every module) must not name a module's
# declarations.  The lines that still do are counted with the pattern of
# the design (MODULE-INTERFACE.md 4.3, item 3) and may only go down:
# tests/layering.count holds the highest count allowed, files and lines.
# When the count goes down, lower the stored one in the same commit (the
# check says so), so it can never come back up; at 0 the machinery names
# no game.  A module's own file includes the interface and the generic
# helpers, never game.h: that is checked at 0 already.
#
#   tests/layering.sh            check
#   tests/layering.sh --list     the lines that still name a module's
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top/adjudicator" || exit 1
stored=$top/tests/layering.count
pattern='\baor_|"aor\.h"|"ruleset\.h"|\bRS_MAX_|\bcname\(|\bPH_[A-Z]+\b|\bCS_[A-Z]+\b|\brs_[a-z_]+\(|->rs\.|\.rs\.|\bst\.[a-z]'
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

own() {	# own FILE: is FILE a module's own (or the table of modules)?
	case $1 in
	aor-*|aor.h|ruleset.c|ruleset.h|ren-*|ren.h|renaissance-*|modules.c) return 0 ;;
	*) return 1 ;;
	esac
}
machinery= modfiles=
for f in *.c *.h; do
	[ -f "$f" ] || continue
	if own "$f"; then
		modfiles="$modfiles $f"
	else
		machinery="$machinery $f"
	fi
done

hits=$(mktemp /tmp/aor-layering.XXXXXX)
trap 'rm -f "$hits"' EXIT
# A struct stat named st (st.st_mode) is no game's: its fields are read
# as stat_mode here.
for f in $machinery; do
	sed 's/\bst\.st_/stat_/g' "$f" | grep -E -n "$pattern" | sed "s|^|$f:|"
done > "$hits"
if [ "${1:-}" = --list ]; then
	cat "$hits"
	exit 0
fi
lines=$(wc -l < "$hits")
files=$(cut -d: -f1 "$hits" | sort -u | wc -l)
max_files=$(sed -n 's/^files \([0-9][0-9]*\)$/\1/p' "$stored")
max_lines=$(sed -n 's/^lines \([0-9][0-9]*\)$/\1/p' "$stored")
if [ -z "$max_files" ] || [ -z "$max_lines" ]; then
	bad "tests/layering.count lacks its 'files N' and 'lines N' lines"
elif [ "$files" -gt "$max_files" ] || [ "$lines" -gt "$max_lines" ]; then
	bad "$files files, $lines lines of the machinery name a module's" \
	    "declarations; at most $max_files files, $max_lines lines" \
	    "(tests/layering.count).  Reach the game through the module" \
	    "interface; tests/layering.sh --list shows them all"
elif [ "$files" -lt "$max_files" ] || [ "$lines" -lt "$max_lines" ]; then
	bad "$files files, $lines lines name a module's declarations, fewer" \
	    "than tests/layering.count's $max_files and $max_lines: write" \
	    "the new counts there, so they cannot come back"
else
	ok
fi

# A module's own files never include game.h (the machinery's insides).
for f in $modfiles; do
	if grep -n -E '^[[:space:]]*#[[:space:]]*include[[:space:]]*"game\.h"' \
	    "$f" > /dev/null; then
		bad "adjudicator/$f (a module's own file) includes game.h"
	else
		ok
	fi
done
# And a module's test-only files (tests/modules/) neither.
for f in "$top"/tests/modules/*/*.[ch]; do
	[ -f "$f" ] || continue
	if grep -q -E '#[[:space:]]*include[[:space:]]*"game\.h"' "$f"; then
		bad "${f#"$top"/} (a module's own file) includes game.h"
	else
		ok
	fi
	if grep -n -E '\baor_|"aor\.h"|"ruleset\.h"|\bRS_MAX_' "$f"; then
		bad "${f#"$top"/} names Age of Reason's declarations"
	else
		ok
	fi
done

echo "layering: machinery naming a module: $files files, $lines lines" \
    "(at most $max_files, $max_lines)"
echo "layering: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
