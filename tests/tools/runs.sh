# shellcheck shell=sh
# runs.sh - one line of a scenario's "runs" file, played through the CLI;
# sourced by tests/replay-game.sh and tests/equiv.sh, so that both replay
# a scenario the same way.
#
#   run_line KIND TIME REST
#
# Runs in the current folder (where the order files are) on $game with
# $adj; $seed (when not empty) is the seed file, $report the report file,
# $privdir (when not empty) the private report folder.  KIND and REST:
#   resolve TIME FILE...     resolve the order files at TIME
#   deadline TIME            resolve with --deadline-passed at TIME
#   moderator TIME VERB ARG...
#                            'adjudicator VERB GAME ARG... --now TIME', a
#                            moderator's command (key, adjust, player,
#                            pause, resume, absence, deadline, rollback);
#                            ARGs are quoted as in the shell ('T1.S2 x')
# Only resolve and deadline write a report.  Exits with the command's
# status; 2 for a KIND it does not know.
run_line() {
	rl_kind=$1 rl_time=$2 rl_rest=$3
	case $rl_kind in
	resolve|deadline)
		set -f
		# shellcheck disable=SC2086 # the file names are words
		set -- $rl_rest
		set +f
		[ "$rl_kind" = resolve ] || set -- --deadline-passed
		set -- "$@" --now "$rl_time" --report "$report"
		[ -z "${seed:-}" ] || set -- "$@" --seed-file "$seed"
		[ -z "${privdir:-}" ] || set -- "$@" --private-dir "$privdir"
		"$adj" resolve "$game" "$@"
		;;
	moderator)
		eval "set -- $rl_rest"
		rl_verb=$1
		shift
		"$adj" "$rl_verb" "$game" "$@" --now "$rl_time"
		;;
	*)
		echo "runs.sh: bad run kind '$rl_kind'" >&2
		return 2
		;;
	esac
}

# last_run FILE: the number of a game file's last run
last_run() {
	grep -o ' run="[0-9]*"' "$1" | tr -dc '0-9\n' | sort -n | tail -1
}
