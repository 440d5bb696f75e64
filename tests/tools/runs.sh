# shellcheck shell=sh
# runs.sh - one line of a scenario's "runs" file, played through the CLI;
# sourced by tests/replay-game.sh and tests/equiv.sh, so that both replay
# a scenario the same way.
#
#   run_line KIND TIME ARGS...
#
# Runs in the current folder (where the order files are) on $game with
# $adj; $seed (when not empty) is the seed file, $report the report file,
# $privdir (when not empty) the private report folder.  KIND is
#   resolve TIME FILE...    resolve the order files at TIME
#   deadline TIME           resolve with --deadline-passed at TIME
# Exits with the command's status; 2 for a KIND it does not know.
run_line() {
	rl_kind=$1 rl_time=$2
	shift 2
	set -- "$@" --now "$rl_time" --report "$report"
	[ -z "${seed:-}" ] || set -- "$@" --seed-file "$seed"
	[ -z "${privdir:-}" ] || set -- "$@" --private-dir "$privdir"
	case $rl_kind in
	resolve)
		"$adj" resolve "$game" "$@"
		;;
	deadline)
		"$adj" resolve "$game" --deadline-passed "$@"
		;;
	*)
		echo "runs.sh: bad run kind '$rl_kind'" >&2
		return 2
		;;
	esac
}
