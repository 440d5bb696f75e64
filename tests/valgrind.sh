#!/bin/sh
# valgrind.sh - the unit tests and a short scenario under valgrind; any
# memory error or definite leak fails.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
vg="valgrind -q --error-exitcode=9 --leak-check=full --errors-for-leak-kinds=definite --trace-children=no"
status=0
echo "== unit tests"
$vg "$top/build/unit-tests" || status=1
echo "== a 3-player game with attacks, replayed under valgrind"
cat > /tmp/aor-vg-wrap.$$ <<EOW
#!/bin/sh
exec $vg "$top/build/adjudicator" "\$@"
EOW
chmod +x /tmp/aor-vg-wrap.$$
ADJUDICATOR=/tmp/aor-vg-wrap.$$ "$top/tests/replay-game.sh" \
	"$top/tests/games/three-attacks" || status=1
log=/tmp/aor-vg-log.$$
# The suite's own summary line, and its status: a check that fails under
# valgrind fails this script too.
ADJUDICATOR=/tmp/aor-vg-wrap.$$ "$top/tests/bad-input.sh" > "$log" 2>&1 ||
	{ status=1; grep "^FAIL" "$log"; }
tail -1 "$log"
rm -f /tmp/aor-vg-wrap.$$ "$log"
[ $status -eq 0 ] && echo "valgrind: clean" || echo "valgrind: errors"
exit $status
