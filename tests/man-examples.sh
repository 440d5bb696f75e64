#!/bin/sh
# man-examples.sh - runs the examples of the manual pages, so that they
# cannot drift from the program (jq's habit).
#
# In man/*.[1-8], every '.Bd -literal' display that follows a line
# '.\" test: run' is extracted up to its '.Ed', its roff escapes undone
# (\e is a backslash, \& nothing, \- a hyphen), and run with 'sh -e' in a
# fresh temporary folder, with build/ first on PATH and ADJUDICATOR_DATADIR
# set to the source tree.  A failing example prints its output.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
pass=0
fail=0
work=$(mktemp -d /tmp/aor-man.XXXXXX)
trap 'rm -rf "$work"' EXIT

if [ ! -x "$top/build/adjudicator" ]; then
	echo "man-examples: build/adjudicator is missing (run make)" >&2
	echo "man-examples: 0 passed, 1 failed"
	exit 1
fi

# extract PAGE N: prints the N-th marked example of PAGE (1-based).
extract() {
	awk -v want="$2" '
	/^\.\\" test: run$/ { marked = 1; next }
	marked && /^\.Bd -literal/ { n++; inside = (n == want); marked = 0;
	    next }
	inside && /^\.Ed/ { inside = 0; next }
	inside { print }
	{ marked = 0 }' "$1" |
	sed -e 's/\\e/\\/g' -e 's/\\&//g' -e 's/\\-/-/g'
}

for page in "$top"/man/*.[1-8]; do
	[ -f "$page" ] || continue
	count=$(grep -c '^\.\\" test: run$' "$page")
	i=1
	while [ "$i" -le "$count" ]; do
		name="$(basename "$page") example $i"
		dir=$(mktemp -d "$work/ex.XXXXXX")
		extract "$page" "$i" > "$dir/example.sh"
		if [ ! -s "$dir/example.sh" ]; then
			fail=$((fail + 1))
			echo "FAIL: $name: no '.Bd -literal' display after" \
			    "the test marker"
		elif (cd "$dir" && PATH="$top/build:$PATH" \
		    ADJUDICATOR_DATADIR="$top" sh -e example.sh) \
		    > "$dir/out" 2>&1; then
			pass=$((pass + 1))
		else
			fail=$((fail + 1))
			echo "FAIL: $name (sh -e exited non-zero); its output:"
			sed 's/^/  | /' "$dir/out" | tail -40
		fi
		i=$((i + 1))
	done
done
echo "man-examples: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
