#!/bin/sh
# make-games.sh - (re)generates the complete-game scenarios with the bot.
# A developer tool: needs python3.  Review the diff before committing.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
adj=${ADJUDICATOR:-$top/build/adjudicator}
g=$top/tests/games
# The order files are packed into one, orders.txt (tests/tools/pack.sh);
# the three-player scenarios also keep every run's report
# (expected/reports.txt), the others only the game file that gives them.
gen() {
	name=$1; shift
	rm -rf "$g/$name"
	python3 "$top/tests/tools/bot.py" "$adj" "$g/$name" --id "$name" "$@"
	(cd "$g/$name" && "$top/tests/tools/pack.sh" pack orders/* \
	    > orders.txt && rm -r orders)
	mkdir -p "$g/$name/expected"
	case $name in
	three-*) : > "$g/$name/expected/reports.txt" ;;
	esac
	"$top/tests/replay-game.sh" "$g/$name" --update
	echo "made $name: $(wc -l < "$g/$name/runs") runs"
}
# The scenarios recorded before rules reading 2 keep reading 1 (aor.h).
gen three-no-attacks --players prussia,spain,france --seed 11 --rules 1
gen five-no-attacks --players great-britain,netherlands,austria,russia,spain \
	--seed 12 --defaults 8 --rules 1
gen seven-no-attacks --players prussia,spain,france,austria,russia,great-britain,netherlands \
	--seed 13 --rules 1
gen three-attacks --players austria,russia,great-britain --seed 21 --attacks \
	--variant pressgangs-any-card --variant income-counts-boxes --rules 1
gen five-attacks --players prussia,france,spain,netherlands,russia --seed 22 \
	--attacks --variant random-first-alliances --variant marker-fixed-defence \
	--rules 1
gen seven-attacks --players prussia,spain,france,austria,russia,great-britain,netherlands \
	--seed 23 --attacks --defaults 5 --rules 1
# Rules reading 2: the seventh country's auction (R9, R10), War Office (R14).
gen four-seventh-auction --players prussia,austria,france,spain --seed 31 \
	--attacks --defaults 4 --rules 2
