#!/bin/sh
# man-examples.sh - runs the examples of the manual pages, so that they
# cannot drift from the program (jq's habit).
#
# In man/*.[1-8], every '.Bd -literal' display that follows a line
# '.\" test: run' is extracted up to its '.Ed', its roff escapes undone
# (\e is a backslash, \& nothing, \- a hyphen), and run with 'sh -e' in a
# fresh temporary folder, with build/ first on PATH and ADJUDICATOR_DATADIR
# set to the source tree.  A failing example prints its output.
# Then the options of adjudicator(1) are checked against the program's
# usage and option parser, its ENVIRONMENT against the variables the
# source reads, and the README against the list of commands (below).
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
# --- The options of adjudicator(1) against the program (mechanical). ---
# Every command that 'adjudicator --help' lists has a SYNOPSIS line and an
# item in "Commands"; every option the page gives a command (SYNOPSIS, the
# command's item line and its '.It Fl' items) is in that command's usage
# and accepted by its option parser; every option of the usage is in the
# page's SYNOPSIS; and -h prints the usage.
page=$top/man/adjudicator.1
adj=$top/build/adjudicator
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
# manopts: options on the mdoc lines of stdin, one per line (-o, --name)
manopts() {
	grep -o 'Fl [-\\a-z]*' | sed -e 's/^Fl /-/' -e 's/\\-/-/g' |
	    grep -v '^-$' | sort -u
}
synopsis() {	# synopsis CMD: the SYNOPSIS lines of CMD
	awk -v c="$1" '
	/^\.Sh SYNOPSIS/ { on = 1; next }
	on && /^\.Sh / { exit }
	on && /^\.Nm/ { inblk = 0; next }
	on && /^\.Cm / && !started { n = split($0, w, /[ |]+/);
	    for (i = 2; i <= n; i++) if (w[i] == c) inblk = 1 }
	on && /^\.(Cm|Ar) / { started = 0 }
	inblk { print }' "$page"
}
section() {	# section CMD: the item line and .It Fl lines of CMD's item
	awk -v c="$1" -v all="$2" '
	BEGIN { n = split(all, cs, " "); for (i = 1; i <= n; i++) is[cs[i]] = 1 }
	/^\.Ss Commands/ { on = 1; next }
	on && /^\.Ss / { exit }
	on && /^\.It Cm / { if ($3 in is) inblk = ($3 == c);
	    if (inblk && $3 == c) print; next }
	inblk && /^\.It Fl/ { print }' "$page"
}
cmds=$("$adj" --help | awk '/^$/ && seen { exit }
    /^  [a-z]+ / { print $1; seen = 1 }')
[ -n "$cmds" ] && ok || bad "adjudicator --help lists no commands"
all=$(echo $cmds)
for c in $cmds; do
	# the README names every command where it lists them (the bar)
	grep -q "\`$c[\` ]" "$top/README.md" && ok ||
		bad "README.md never names the command '$c' (as \`$c ...\`)"
	"$adj" "$c" --help > "$work/usage" 2>&1
	[ $? -eq 0 ] && ok || bad "adjudicator $c --help: not exit 0"
	"$adj" "$c" -h > "$work/usage-h" 2>&1 && cmp -s "$work/usage" \
	    "$work/usage-h" && ok || bad "adjudicator $c -h: not its usage"
	sed -n '1,/^[^ u]/p' "$work/usage" |
	    grep -oE -- '(^|[][ |])--?[a-z][-a-z]*' |
	    sed 's/^[^-]*//' | sort -u > "$work/help.opts"
	synopsis "$c" > "$work/syn"
	[ -s "$work/syn" ] && ok ||
		bad "adjudicator(1): no SYNOPSIS line for '$c'"
	section "$c" "$all" > "$work/sec"
	# run "takes the options of fetch and send ... but --retry-failed",
	# as its item says
	[ "$c" != run ] || { section fetch "$all"; section send "$all" |
	    grep -v 'Fl \\-retry\\-failed'; } >> "$work/sec"
	[ -s "$work/sec" ] && ok ||
		bad "adjudicator(1): no item for '$c' in Commands"
	manopts < "$work/syn" > "$work/syn.opts"
	manopts < "$work/sec" > "$work/sec.opts"
	sort -u "$work/syn.opts" "$work/sec.opts" > "$work/man.opts"
	for o in $(cat "$work/man.opts"); do
		u=$o	# -o, --output: the usage shows the short form
		[ "$o" != --output ] || u=-o
		grep -qx -- "$u" "$work/help.opts" && ok ||
			bad "adjudicator(1) gives '$c' the option '$o'," \
			    "its usage does not"
		"$adj" "$c" "$o" x --help > "$work/parse" 2>&1
		grep -q 'unrecognized option' "$work/parse" &&
			bad "adjudicator $c: adjudicator(1) documents '$o'," \
			    "the program refuses it" || ok
	done
	for o in $(cat "$work/help.opts"); do
		[ "$o" = --help ] && continue
		grep -qx -- "$o" "$work/syn.opts" && ok ||
			bad "adjudicator $c --help has '$o', the SYNOPSIS" \
			    "of adjudicator(1) does not"
	done
done

# The readings of the rules that --rules names in adjudicator(1), against
# the ones each game's 'new' takes: "the current one (N)" for Age of
# Reason, "readings 1 to N, N current" for Age of Renaissance.
flat=$(tr '\n' ' ' < "$page")
for g in age-of-reason renaissance; do
	case $g in
	renaissance) p="p1:A:a@example.org --player p2:B:b@example.org"
		p="$p --player p3:C:c@example.org" ;;
	*) p="prussia:A:a@example.org --player austria:B:b@example.org" ;;
	esac
	# shellcheck disable=SC2086
	n=$("$adj" new -o "$work/r.xml" --game "$g" --rules 99 --player $p \
	    2>&1 | sed -n 's/.*knows readings 1 to \([0-9]*\).*/\1/p')
	[ -n "$n" ] && ok || { bad "new --game $g --rules 99: no range"; continue; }
	case $g in
	renaissance) want="Age of Renaissance knows readings 1 to $n, $n current" ;;
	*) want="of the rules instead of the current one ($n)" ;;
	esac
	case $flat in
	*"$want"*) ok ;;
	*) bad "adjudicator(1) --rules: lacks '$want' ($g knows 1 to $n)" ;;
	esac
done

# Every variable of the environment the program reads is in ENVIRONMENT.
sed -n '/^\.Sh ENVIRONMENT/,/^\.Sh /p' "$page" |
    sed -n 's/^\.It Ev //p' | tr -d ' ' | tr ',' '\n' > "$work/env.man"
vars=$(cat "$top"/adjudicator/*.c "$top"/adjudicator/*.h |
    sed -n -e 's/.*getenv("\([A-Z_]*\)").*/\1/p' \
    -e 's/^#define [A-Z_]*ENV[A-Z_]* *"\([A-Z_]*\)".*/\1/p' | sort -u)
[ -n "$vars" ] && ok || bad "no getenv found in adjudicator/"
for v in $vars; do
	grep -qx "$v" "$work/env.man" && ok ||
		bad "adjudicator reads \$$v, adjudicator(1) ENVIRONMENT lacks it"
done

echo "man-examples: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
