#!/bin/sh
# bench-club.sh - goal 6 of tests/bench.sh (issue 18.9): the cost of one
# cron step of `adjudicator run --games DIR` for a club, in seconds per
# incoming message.  It prints, it never fails.
#
# The club: BENCH_CLUB_GAMES (100) three-player games in one folder,
# every player with a registered key (the same three players in every
# game, as in a club), behind one IMAP mailbox on a private loopback
# Dovecot, answers and reports going to an SMTP sink
# (tests/mail-servers.sh).  A step: each game gets one clearsigned order
# for its pending decision in the judge's inbox, then one
# `run --games` routes, files, answers, resolves and mails them.  The
# first step (each game's first mail: its folder and keyring are made)
# is not timed; BENCH_CLUB_ROUNDS (3) steps after it are, each on the
# games as the step before left them, and the median is the figure.
# One more step runs under strace to count what a step starts:
# processes, IMAP and SMTP connections, gpg programs, game files read.
#
# The goal line is the wall clock of a step over its messages (the
# issue's measure, with the servers' time in it); the CPU time of the
# adjudicator and the programs it starts is beside it.
# Ports: $AOR_IMAP_PORT (10143) and $AOR_SMTP_PORT (10025).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/tools/common.sh"
mail_prologue bench-club
ngames=${BENCH_CLUB_GAMES:-100}
rounds=${BENCH_CLUB_ROUNDS:-3}
have_strace=; command -v strace > /dev/null && have_strace=yes

goal() {
	awk -v n="$1" -v v="$2" -v l="$3" 'BEGIN {
		if (v == "-" || v == "") { printf "%s: - (%s) not measured\n", n, l; exit }
		printf "%s: %s (%s) %s\n", n, v, l, v + 0 <= l + 0 ? "ok" : "over" }'
}
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
not_measured() {
	goal club-step-s-per-message - 0.07
	echo "  $1"
	exit 0
}

mkdir "$srv"
"$servers" start "$srv" > "$w/servers.log" 2>&1 ||
	not_measured "the mail servers did not start: $(tail -1 "$w/servers.log")"
started=yes
dove() { doveadm -c "$srv/dovecot.conf" "$@"; }

# The players and the moderator; GnuPG programs end when the bench does.
for k in moderator anna bernd claire; do mkkey "$k"; done
export GNUPGHOME=$w/moderator
unset ADJUDICATOR_MAIL_USER ADJUDICATOR_MAIL_PASSWORD \
	ADJUDICATOR_TEST_CRASH_AFTER_FETCH
J=$w/club
mkdir "$J"
i=1
while [ "$i" -le "$ngames" ]; do
	id=$(printf 'club%03d' "$i")
	printf '%064x\n' "$i" > "$w/seed"
	"$adj" new -o "$J/$id.xml" --id "$id" --now 2026-12-01T00:00:00Z \
		--deadline-hours 48 --seed-file "$w/seed" --report /dev/null \
		--player prussia:Anna:anna@test.invalid \
		--player austria:Bernd:bernd@test.invalid \
		--player france:Claire:claire@test.invalid \
		--key prussia:"$w/anna.asc" --key austria:"$w/bernd.asc" \
		--key france:"$w/claire.asc" \
		--moderator-key "$w/moderator.asc" > /dev/null 2>&1 ||
		not_measured "new $id failed"
	i=$((i + 1))
done
dove mailbox create -u moderator judge
MOD='Moderator <mod@test.invalid>'

# letters ROUND: the mail of one step, one signed order per game for its
# pending decision (an opening bid, else a pass), in the judge's inbox.
letters() {
	n=0
	for g in "$J"/club*.xml; do
		id=$(basename "$g" .xml)
		set -- $("$adj" status "$g" | sed -n \
		    's/^pending: STEP \([^ ]*\) from \([^:]*\): \(open\)\{0,1\}.*/\1 \2 \3/p' |
		    head -1)
		[ $# -ge 2 ] || continue
		case $2 in
		Prussia) who=anna name=Anna who_id=prussia ;;
		Austria) who=bernd name=Bernd who_id=austria ;;
		*) who=claire name=Claire who_id=france ;;
		esac
		printf 'GAME %s\nCOUNTRY %s\nSTEP %s\n' "$id" "$2" "$1" \
			> "$w/order.txt"
		if [ "${3:-}" = open ]; then
			# the first two proposals the order form offers
			"$adj" report "$g" --for "$who_id" | awk '/two of:/ { f = 1 }
			    f { sub(/.*two of: /, ""); sub(/^# */, ""); printf "%s ", $0 }
			    f && !/,$/ { exit }' | tr -s ' ' | awk -F', *' \
			    '{ printf "BID 0 A %s B %s\n", $1, $2 }'
		else
			echo PASS
		fi >> "$w/order.txt"
		gpg --homedir "$w/$who" --batch --quiet --yes \
			--pinentry-mode loopback --passphrase '' --clearsign \
			-o "$w/order.asc" "$w/order.txt" 2> /dev/null
		{ printf 'From: %s <%s@test.invalid>\nTo: %s\n' "$name" \
			"$who" "$MOD"
		  printf 'Subject: orders %s\nMessage-ID: <r%s-%s-%s@test.invalid>\n' \
			"$1" "$1" "$id" "$(date +%s%N)"
		  printf 'Date: Tue, 01 Dec 2026 00:30:00 +0000\n'
		  printf 'MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n\n'
		  cat "$w/order.asc"; } | dove save -u moderator -m judge
		n=$((n + 1))
	done
	echo "$n"
}
sink_count() { find "$srv/sink/new" -type f | wc -l; }
step() {	# step HOUR: one cron step at 2026-12-01THOUR:00Z
	"$adj" run --games "$J" --imap "imap://127.0.0.1:$IMAP_PORT/judge" \
		--smtp "smtp://127.0.0.1:$SMTP_PORT" --from "$MOD" \
		--netrc "$srv/netrc" --insecure-plain \
		--now "2026-12-01T$1:00:00Z"
}
cpu_ms() {	# the CPU time of this shell's children so far, in ms
	# (times runs in this shell: a subshell would have no children)
	times > "$w/times"
	awk 'NR == 2 { t = 0
		for (i = 1; i <= 2; i++) { split($i, p, "m"); t += p[1] * 60 + p[2] }
		printf "%d\n", t * 1000 }' "$w/times" > "$w/ms"
}

n=$(letters)
step 01 > "$w/out" 2> "$w/err" ||
	not_measured "the first step failed: $(head -3 "$w/err")"
: > "$w/wall"; : > "$w/cpu"; : > "$w/mails"; : > "$w/msgs"
r=1
while [ "$r" -le "$rounds" ]; do
	n=$(letters)
	before=$(sink_count)
	cpu_ms; c0=$(cat "$w/ms")
	s=$(date +%s%N)
	step "$(printf '%02d' $((r + 1)))" > "$w/out" 2> "$w/err"
	rc=$?
	e=$(date +%s%N)
	cpu_ms; c1=$(cat "$w/ms")
	[ "$rc" -eq 0 ] || not_measured "step $r: exit $rc: $(head -3 "$w/err")"
	echo $(( (e - s) / 1000 )) >> "$w/wall"
	echo $((c1 - c0)) >> "$w/cpu"
	echo $(($(sink_count) - before)) >> "$w/mails"
	echo "$n" >> "$w/msgs"
	r=$((r + 1))
done
wall=$(median < "$w/wall") cpu=$(median < "$w/cpu")
mails=$(median < "$w/mails") msgs=$(median < "$w/msgs")
goal club-step-s-per-message "$(awk -v t="$wall" -v n="$msgs" \
	'BEGIN { printf "%.3f", t / 1e6 / n }')" 0.07
echo "  $ngames games, $msgs messages, $mails mails out a step: $(awk -v t="$wall" \
	'BEGIN { printf "%.2f", t / 1e6 }') s wall, $(awk -v t="$cpu" \
	'BEGIN { printf "%.2f", t / 1e3 }') s CPU (median of $rounds steps; CPU $(awk \
	-v t="$cpu" -v n="$msgs" 'BEGIN { printf "%.3f", t / 1e3 / n }') s a message)"

# What a step starts, counted by strace in one more step.
if [ -n "$have_strace" ]; then
	n=$(letters)
	mkdir "$w/st"
	strace -ff -qq -e trace=execve,connect,openat -o "$w/st/p" \
		"$adj" run --games "$J" \
		--imap "imap://127.0.0.1:$IMAP_PORT/judge" \
		--smtp "smtp://127.0.0.1:$SMTP_PORT" --from "$MOD" \
		--netrc "$srv/netrc" --insecure-plain \
		--now "2026-12-01T$(printf '%02d' $((rounds + 2))):00:00Z" \
		> "$w/out" 2> "$w/err"
	rc=$?
	[ "$rc" -eq 0 ] || echo "  the step under strace: exit $rc: $(head -3 "$w/err")"
	cat "$w"/st/p.* > "$w/st.all"
	count() { grep -c "$1" "$w/st.all"; }
	procs=$(count '^execve(.* = 0$')
	gpgs=$(count '^execve("[^"]*/gpg[^"/]*",.* = 0$')
	agents=$(count '^execve("[^"]*/gpg-agent",.* = 0$')
	imap=$(count "^connect(.*htons($IMAP_PORT)")
	smtp=$(count "^connect(.*htons($SMTP_PORT)")
	loads=$(grep '^openat(.*club[0-9]*\.xml\(\.cache\)\{0,1\}", O_RDONLY' \
		"$w/st.all" | grep -c '\.xml"')
	echo "  a step of $n messages starts $procs processes ($gpgs gpg, $agents gpg-agent), $imap IMAP and $smtp SMTP connections, and reads game files $loads times"
fi
exit 0
