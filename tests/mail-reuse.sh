#!/bin/sh
# mail-reuse.sh - one cron step of `run --games DIR` holds one IMAP session
# and one SMTP connection for all its games (issue 18.9); these checks
# show that nothing is lost or done twice when that connection fails:
#   - a server that drops the connection in the middle of a step (IMAP,
#     SMTP, at many points): the step exits 75, the next one finishes
#     the work, every order is applied once, every mail reaches the sink
#     once;
#   - an SMTP 4xx to one recipient: the mails to the others still go
#     in the same step, that one waits for the next step and goes once;
#   - one step logs in to IMAP once and connects to SMTP once,
#     games with the same keys have their signer's key listed once, the
#     games' sealed seeds are opened by one gpg, so are their orders
#     checked, and each game file is read twice, listed and loaded
#     (strace);
#   - a step killed after a mail was sent and recorded (a line of
#     GAME.xml.mail.sent) sends the rest in the next step, none twice;
#   - a step with no mail rewrites no game's mail state;
#   - a game file written again while a step holds the lock is loaded
#     again, or not overwritten with a game resolved on what it was.
# A proxy in front of the private Dovecot and SMTP sink misbehaves on
# purpose (tests/tools/mail-proxy.py, on ports the kernel picks).
# Ports: $AOR_IMAP_PORT (10143) and $AOR_SMTP_PORT (10025).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/tools/common.sh"
mail_prologue mail-reuse
proxy=$top/tests/tools/mail-proxy.py
proxies=
stop_proxies() {
	for p in $proxies; do kill "$p" 2> /dev/null; wait "$p" 2> /dev/null; done
	proxies=
}
trap 'stop_proxies; mail_cleanup' EXIT

for k in moderator prussia spain france; do mkkey "$k"; done
start_servers
export GNUPGHOME=$w/moderator
unset ADJUDICATOR_MAIL_USER ADJUDICATOR_MAIL_PASSWORD \
	ADJUDICATOR_TEST_CRASH_AFTER_FETCH
MOD='Moderator <mod@test.invalid>'
J=$w/club
mkdir "$J"
printf '%064d\n' 7 > "$w/seed"
for id in g1 g2 g3 g4; do
	# g2's Spain reads mail at busy@, which the 4xx test refuses
	sp=spain; [ "$id" = g2 ] && sp=busy
	"$adj" new -o "$J/$id.xml" --id "$id" --now 2026-12-01T00:00:00Z \
		--deadline-hours 48 --seed-file "$w/seed" --report /dev/null \
		--player prussia:Anna:prussia@test.invalid \
		--player spain:Bob:$sp@test.invalid \
		--player france:Claire:france@test.invalid \
		--key prussia:"$w/prussia.asc" --key spain:"$w/spain.asc" \
		--key france:"$w/france.asc" \
		--moderator-key "$w/moderator.asc" > /dev/null 2>&1 ||
		{ echo "new $id failed"; echo "mail-reuse: 0 passed, 1 failed"
		  exit 1; }
done
dove() { doveadm -c "$srv/dovecot.conf" "$@"; }
dove mailbox create -u moderator judge

# letters: one signed order for each game's pending decision, mailed to
# the judge's inbox; the games and steps in $w/sent
letters() {
	: > "$w/sent"
	for g in "$J"/g*.xml; do
		id=$(basename "$g" .xml)
		set -- $("$adj" status "$g" | sed -n \
		    's/^pending: STEP \([^ ]*\) from \([^:]*\): \(open\)\{0,1\}.*/\1 \2 \3/p' |
		    head -1)
		[ $# -ge 2 ] || continue
		who=$(echo "$2" | tr 'A-Z' 'a-z')
		printf 'GAME %s\nCOUNTRY %s\nSTEP %s\n' "$id" "$2" "$1" \
			> "$w/order.txt"
		if [ "${3:-}" = open ]; then
			# the first two proposals the order form offers
			"$adj" report "$g" --for "$who" | awk '/two of:/ { f = 1 }
			    f { sub(/.*two of: /, ""); sub(/^# */, ""); printf "%s ", $0 }
			    f && !/,$/ { exit }' | tr -s ' ' | awk -F', *' \
			    '{ printf "BID 0 A %s B %s\n", $1, $2 }' > "$w/bid"
			# an auction for one country: the first it offers
			[ -s "$w/bid" ] || "$adj" report "$g" --for "$who" |
			    sed -n 's/^#   BID n \([AB]\) \([A-Za-z]*\), .*/BID 0 \1 \2/p' |
			    head -1 > "$w/bid"
			cat "$w/bid"
		else
			echo PASS
		fi >> "$w/order.txt"
		gpg --homedir "$w/$who" --batch --quiet --yes \
			--pinentry-mode loopback --passphrase '' --clearsign \
			-o "$w/order.asc" "$w/order.txt" 2> /dev/null
		# g2's mail comes from busy@, whom the 4xx test refuses
		from=$who; [ "$id" = g2 ] && from=busy
		{ printf 'From: <%s@test.invalid>\nTo: %s\n' "$from" "$MOD"
		  printf 'Subject: orders\nMessage-ID: <%s-%s-%s@test.invalid>\n' \
			"$id" "$1" "$hour"
		  printf 'Date: Tue, 01 Dec 2026 00:30:00 +0000\n'
		  printf 'MIME-Version: 1.0\nContent-Type: text/plain\n\n'
		  cat "$w/order.asc"; } | dove save -u moderator -m judge
		echo "$id $1" >> "$w/sent"
	done
}
hour=0
step() {	# step IMAP_PORT SMTP_PORT: one cron step, an hour later
	hour=$((hour + 1))
	"$adj" run --games "$J" --imap "imap://127.0.0.1:$1/judge" \
		--smtp "smtp://127.0.0.1:$2" --from "$MOD" \
		--netrc "$srv/netrc" --insecure-plain --timeout 5 \
		--now "2026-12-01T$(printf '%02d' "$hour"):00:00Z" \
		> "$w/out" 2> "$w/err"
}
start_proxy() {	# start_proxy TARGET OPTIONS...: its port in $pport
	rm -f "$w/pport"
	"$PY" "$proxy" "$w/pport" "$@" &
	proxies="$proxies $!"
	i=0
	while [ ! -s "$w/pport" ] && [ $i -lt 100 ]; do
		sleep 0.05; i=$((i + 1))
	done
	pport=$(cat "$w/pport")
}
# the orders of $w/sent were applied once each
applied_once() {
	while read -r id st; do
		n=$(grep -c "kind=\"order\"[^>]*step=\"$st\"" "$J/$id.xml")
		[ "$n" -eq 1 ] || { echo "$id $st applied $n times"; return 1; }
	done < "$w/sent"
}
# every mail of every game was sent, and the sink has each once
sent_once() {
	q=$(cat "$J"/*.xml.mail | grep -c '<mail ')
	s=$(cat "$J"/*.xml.mail | grep -c '<mail [^>]*state="sent"')
	[ "$q" -eq "$s" ] || { echo "$s of $q mails sent"; return 1; }
	n=$(grep -h -i '^Message-ID:' "$srv"/sink/new/* | sort | uniq -d | wc -l)
	[ "$n" -eq 0 ] || { echo "$n mails reached the sink twice"; return 1; }
	t=$(ls "$srv/sink/new" | wc -l)
	[ "$t" -eq "$q" ] || { echo "the sink has $t mails, $q sent"; return 1; }
}
started() {	# started PATTERN: the programs of the step's strace matching
		# PATTERN that did start (execve returned 0)
	grep "$1" "$w/strace" | grep -c ' = 0$'
}
check() {	# check NAME command...
	name=$1
	shift
	if out=$("$@"); then ok; else bad "$name: $out"; fi
}

# The first step: each game's first order, with no misbehaviour, counted
letters
if command -v strace > /dev/null; then
	hour=$((hour + 1))
	# the moderator's gpg-agent runs before: one the step's gpg started
	# would be followed by strace -f, which would wait for it to end
	gpg-connect-agent --homedir "$w/moderator" /bye > /dev/null 2>&1
	strace -f -qq -e trace=connect,execve,sendto,openat -s 40 -o "$w/strace" \
		"$adj" run --games "$J" \
		--imap "imap://127.0.0.1:$IMAP_PORT/judge" \
		--smtp "smtp://127.0.0.1:$SMTP_PORT" --from "$MOD" \
		--netrc "$srv/netrc" --insecure-plain \
		--now "2026-12-01T0$hour:00:00Z" > "$w/out" 2> "$w/err"
	rc=$?
	[ "$rc" -eq 0 ] && ok || { bad "the first step: exit $rc"; cat "$w/err"; }
	i=$(grep -c "htons($IMAP_PORT)" "$w/strace")
	s=$(grep -c "htons($SMTP_PORT)" "$w/strace")
	[ "$i" -eq 1 ] && ok || bad "a step of 4 games made $i IMAP connections, not 1"
	[ "$s" -eq 1 ] && ok || bad "a step of 4 games made $s SMTP connections, not 1"
	# curl's CAPABILITY at the login, and routing's once for the step,
	# not once a message moved (issue 18.9)
	c=$(grep -c 'sendto(.*"[A-Z][0-9]* CAPABILITY' "$w/strace")
	[ "$c" -eq 2 ] && ok || bad "a step of 4 games asked CAPABILITY $c times, not 2"
	# the games have the same keys: each signer's key is listed once
	# for the step, not once a game (issue 18.9)
	l=$(grep -c 'execve("[^"]*gpg",.*"--list-keys"' "$w/strace")
	k=$(grep -oh 'signer="[^"]*"' "$J"/*.xml.mail | sort -u | wc -l)
	[ "$l" -eq "$k" ] && [ "$k" -lt 4 ] && ok ||
		bad "a step of 4 games with the same keys listed keys $l times, not $k (once a signer)"
	# the four sealed seeds opened by one gpg, none by GPGME's gpg
	d=$(started "execve(\"[^\"]*gpg\",.*\"$w/moderator\", .*\"--decrypt-files\"")
	e=$(started "execve(\"[^\"]*gpg\",.*\"$w/moderator\".*\"--decrypt\"")
	[ "$d" -eq 1 ] && [ "$e" -eq 0 ] && ok ||
		bad "a step of 4 games opened their seeds with $d batches and $e gpg of their own, not 1 and 0"
	# the four orders (the games have the same keys) checked by one gpg
	# in one game's keyring, none by a gpg of its game's own
	b=$(started 'execve("[^"]*gpg",.*\.xml\.keys", .*"--decrypt-files"')
	o=$(started 'execve("[^"]*gpg",.*\.xml\.keys", .*"--decrypt", "--"')
	[ "$b" -eq 1 ] && [ "$o" -eq 0 ] && ok ||
		bad "a step of 4 games checked their orders with $b batches and $o gpg of their own, not 1 and 0"
	# each game file is read twice in a step that fetches, checks,
	# resolves, saves, reports and reminds: its head when the games
	# are listed (a game or a house ruleset?), then once when it is
	# loaded under its lock; no stage reads it again (issue 18.9: it
	# was 11 times)
	for id in g1 g2 g3 g4; do
		r=$(grep -c "openat([^\"]*\"$J/$id\.xml\", O_RDONLY" "$w/strace")
		[ "$r" -eq 2 ] && ok || bad "a step read $id.xml $r times, not 2"
	done
else
	bad "strace is not installed (tests/deps.sh test)"
fi
check "the first step applied each order once" applied_once
check "the first step sent each mail once" sent_once

# A connection dropped at many points of a step, IMAP and SMTP: that
# step fails for now (75), the next finishes, nothing lost or doubled.
for cut in 3 11 26 50 90; do
	letters
	start_proxy "$IMAP_PORT" --drop-after "$cut"; ip=$pport
	start_proxy "$SMTP_PORT" --drop-after "$cut"; sp=$pport
	step "$ip" "$sp"
	rc=$?
	stop_proxies
	case $rc in 0|75) ok ;; *) bad "cut $cut: exit $rc"; cat "$w/err" ;; esac
	step "$IMAP_PORT" "$SMTP_PORT"
	rc=$?
	[ "$rc" -eq 0 ] && ok || { bad "cut $cut, the step after: exit $rc"; cat "$w/err"; }
	check "cut $cut: each order applied once" applied_once
	check "cut $cut: each mail sent once" sent_once
	[ "$(dove search -u moderator mailbox judge ALL 2> /dev/null | wc -l)" -eq 0 ] &&
		ok || bad "cut $cut: mail left in the judge's inbox"
done

# An SMTP 4xx for one recipient (g2's Spain, busy@): the step exits 75,
# the other games' mail and g2's mail to others went out in it.
letters
before=$(ls "$srv/sink/new" | wc -l)
start_proxy "$SMTP_PORT" --busy busy@test.invalid; sp=$pport
step "$IMAP_PORT" "$sp"
rc=$?
stop_proxies
[ "$rc" -eq 75 ] && grep -q 'temporarily refused' "$w/err" && ok ||
	{ bad "4xx: exit $rc, expected 75"; cat "$w/err"; }
waiting=$(cat "$J"/*.xml.mail | grep -c '<mail [^>]*state="pending"')
busy=$(grep -l 'busy@' "$J"/g2.xml.mail > /dev/null &&
	awk '/<mail / { m = $0; p = m ~ /state="pending"/ } p && /busy@/ { n++ }
		END { print n + 0 }' "$J"/g2.xml.mail)
[ "$waiting" -ge 1 ] && [ "$waiting" -eq "$busy" ] && ok ||
	bad "4xx: $waiting mails wait, $busy of them to busy@: only those should"
for id in g1 g3 g4; do
	grep -q "\[aor $id\] run" "$srv"/sink/new/* && ok ||
		bad "4xx: $id's report did not go in the same step"
done
after=$(ls "$srv/sink/new" | wc -l)
[ "$after" -gt "$before" ] && ok || bad "4xx: nothing was sent"
step "$IMAP_PORT" "$SMTP_PORT"
rc=$?
[ "$rc" -eq 0 ] && ok || { bad "4xx, the step after: exit $rc"; cat "$w/err"; }
check "4xx: each order applied once" applied_once
check "4xx: each mail sent once" sent_once
for id in g1 g2 g3 g4; do
	"$adj" verify "$J/$id.xml" > /dev/null 2>&1 && ok || bad "verify $id"
done

# A step killed right after its 6th mail was recorded (issue 18.9: a sent
# mail is a line of GAME.xml.mail.sent, the state file is written once at
# the end of the game's step): the sink has that mail, g2's state file
# does not say so; the next step takes the line in and sends the rest,
# none twice.  A line that is not one of ours stops that game, naming its
# file and line; a last line cut short (its write killed) is left out.
letters
export ADJUDICATOR_TEST_CRASH_AFTER_SENT=6
step "$IMAP_PORT" "$SMTP_PORT"
rc=$?
unset ADJUDICATOR_TEST_CRASH_AFTER_SENT
logs=$(ls "$J" | grep -c '\.mail\.sent$')
lines=$(cat "$J/g2.xml.mail.sent" 2> /dev/null | wc -l)
id=$(cut -d' ' -f3 "$J/g2.xml.mail.sent" 2> /dev/null | sed 's/</\&lt;/; s/>/\&gt;/')
[ "$rc" -ne 0 ] && [ "$logs" -eq 1 ] && [ "$lines" -eq 1 ] &&
	grep -q "message-id=\"$id\"" "$J/g2.xml.mail" &&
	! grep -q "state=\"sent\"[^>]*message-id=\"$id\"" "$J/g2.xml.mail" &&
	[ "$(grep -l -i "^Message-ID: $(cut -d' ' -f3 "$J/g2.xml.mail.sent")" \
	    "$srv"/sink/new/* | wc -l)" -eq 1 ] && ok ||
	{ bad "killed after 6 mails: exit $rc, $logs sent files, $lines lines in g2's"; cat "$w/err"; }
cp "$J/g2.xml.mail.sent" "$w/g2.sent"
printf 'sent 1 <x@y>\n' >> "$J/g2.xml.mail.sent"
step "$IMAP_PORT" "$SMTP_PORT"
rc=$?
[ "$rc" -eq 65 ] && grep -q "g2.xml.mail.sent:2: error: not a line of the mail sent" "$w/err" &&
	! grep -q 'g[134].xml' "$w/err" && ok ||
	{ bad "a bad line in g2.xml.mail.sent: exit $rc"; cat "$w/err"; }
cp "$w/g2.sent" "$J/g2.xml.mail.sent"
printf 'sent 1 <aor.g2.1' >> "$J/g2.xml.mail.sent"
step "$IMAP_PORT" "$SMTP_PORT"
rc=$?
[ "$rc" -eq 0 ] && [ ! -e "$J/g2.xml.mail.sent" ] && ok ||
	{ bad "after the kill, the step after: exit $rc"; cat "$w/err"; }
check "killed after 6 mails: each order applied once" applied_once
check "killed after 6 mails: each mail sent once" sent_once

# The game file written again (the same bytes, a new file) while a step
# holds the lock, as a hand edit would be (issue 18.9: a step loads each
# game once): after the fetch, the game is loaded again with a warning and
# the step goes on; before the save of a resolved game, the save is
# refused (75) and the orders wait, for the next step to apply them once.
letters
export ADJUDICATOR_TEST_REWRITE_GAME=save
stat -c '%n %s' "$J"/g*.xml | sort > "$w/sizes.before"
step "$IMAP_PORT" "$SMTP_PORT"
rc=$?
unset ADJUDICATOR_TEST_REWRITE_GAME
stat -c '%n %s' "$J"/g*.xml | sort > "$w/sizes.after"
n=$(grep -c 'not overwritten with the run resolved on the game as it was' "$w/err")
[ "$rc" -eq 75 ] && [ "$n" -eq 4 ] && cmp -s "$w/sizes.before" "$w/sizes.after" &&
	! grep -q 'resolved run' "$w/out" && ok ||
	{ bad "rewritten before the save: exit $rc, $n refusals"; cat "$w/err"; }
step "$IMAP_PORT" "$SMTP_PORT"
rc=$?
[ "$rc" -eq 0 ] && [ "$(grep -c 'resolved run' "$w/out")" -eq 4 ] && ok ||
	{ bad "rewritten before the save, the step after: exit $rc"; cat "$w/out" "$w/err"; }
check "rewritten before the save: each order applied once" applied_once
check "rewritten before the save: each mail sent once" sent_once
letters
export ADJUDICATOR_TEST_REWRITE_GAME=fetch
step "$IMAP_PORT" "$SMTP_PORT"
rc=$?
unset ADJUDICATOR_TEST_REWRITE_GAME
n=$(grep -c 'the game file changed since it was loaded.*loaded again' "$w/err")
[ "$rc" -eq 0 ] && [ "$n" -eq 4 ] && [ "$(grep -c 'resolved run' "$w/out")" -eq 4 ] &&
	ok || { bad "rewritten after the fetch: exit $rc, $n reloads"; cat "$w/err"; }
check "rewritten after the fetch: each order applied once" applied_once
check "rewritten after the fetch: each mail sent once" sent_once
for id in g1 g2 g3 g4; do
	"$adj" verify "$J/$id.xml" > /dev/null 2>&1 && ok || bad "verify $id after the rewrites"
done

# A step with no mail writes no file: the mail states stay as they are
# (a write is two fsyncs, for every game of the club at every step)
stat -c '%n %i %s' "$J"/*.xml "$J"/*.xml.mail > "$w/files.before"
step "$IMAP_PORT" "$SMTP_PORT"
rc=$?
stat -c '%n %i %s' "$J"/*.xml "$J"/*.xml.mail > "$w/files.after"
[ "$rc" -eq 0 ] && cmp -s "$w/files.before" "$w/files.after" && ok ||
	{ bad "a step with no mail (exit $rc) wrote:"; diff "$w/files.before" "$w/files.after"; }

echo "mail-reuse: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
