# shellcheck shell=sh
# common.sh - shell code the test suites share, sourced after they set
# `top` (the source folder):
#   . "$top/tests/tools/common.sh"
#
#   mail_prologue NAME  the start of a mail suite NAME: $adj, $servers,
#                       $PY, the ports, a work folder $w that Dovecot may
#                       read, the counters (ok, bad), and a cleanup on exit
#                       that stops the servers by PID, ends the gpg-agent
#                       of every home in $homes and removes $w (kept when
#                       AOR_KEEP is set)
#   start_servers       the private Dovecot and SMTP sink in $w/srv; a
#                       suite that cannot have them fails with one check
#   new_game ID         $G, the mail suites' game ID: Prussia (Anna) and
#                       Spain (Bob) with the keys $w/prussia.asc and
#                       $w/spain.asc, the moderator's $w/moderator.asc, the
#                       seed 7 in $w/seed; $MOD, the moderator's address,
#                       and $T, the time of the first step
#   expect NAME STATUS PATTERN command...
#                       the command exits with STATUS, prints PATTERN (a
#                       fixed string) on stderr and leaves $w/game.xml
#                       byte-identical
#   mkkey NAME [EXPIRE] a GnuPG home $w/NAME (added to $homes) with an
#                       ed25519 signing key expiring at EXPIRE (never) and
#                       a cv25519 encryption subkey; leaves $w/NAME.asc
#                       and $w/NAME.fpr, prints nothing
# Ports: $AOR_IMAP_PORT (10143) and $AOR_SMTP_PORT (10025).

# shellcheck disable=SC2034 # the variables are the suites'
mail_prologue() {
	suite_name=$1
	adj=${ADJUDICATOR:-$top/build/adjudicator}
	servers=$top/tests/mail-servers.sh
	PY=/usr/bin/python3
	IMAP_PORT=${AOR_IMAP_PORT:-10143}
	SMTP_PORT=${AOR_SMTP_PORT:-10025}
	w=$(mktemp -d /tmp/aor.XXXXXX)
	chmod 755 "$w"	# Dovecot's auth and mail processes look inside
	srv=$w/srv
	homes=
	started=
	trap mail_cleanup EXIT
	trap 'exit 130' HUP INT PIPE TERM
	pass=0
	fail=0
}
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

expect() {
	name=$1 status=$2 pattern=$3
	shift 3
	cp "$w/game.xml" "$w/before.xml"
	"$@" > "$w/out" 2> "$w/err"
	rc=$?
	if [ "$rc" -ne "$status" ]; then
		bad "$name: exit $rc, expected $status"; cat "$w/err"
	elif ! grep -qF -- "$pattern" "$w/err"; then
		bad "$name: stderr lacks '$pattern':"; cat "$w/err"
	elif ! cmp -s "$w/game.xml" "$w/before.xml"; then
		bad "$name: the game file changed"
	else
		ok
	fi
}

# shellcheck disable=SC2317 # called by the trap
mail_cleanup() {
	[ -n "$started" ] && "$servers" stop "$srv"
	for h in $homes; do gpgconf --homedir "$h" --kill all 2>/dev/null; done
	if [ -n "${AOR_KEEP:-}" ]; then
		echo "$suite_name: kept $w"
	else
		rm -rf "$w"
	fi
}

start_servers() {
	mkdir "$srv"
	if ! "$servers" start "$srv"; then
		echo "$suite_name: cannot start the mail servers"
		echo "$suite_name: 0 passed, 1 failed"
		exit 1
	fi
	started=yes
}

# shellcheck disable=SC2034 # the variables are the suites'
new_game() {
	G=$w/g.xml
	printf '%064d\n' 7 > "$w/seed"
	"$adj" new -o "$G" --id "$1" --now 2026-12-01T00:00:00Z \
		--deadline-hours 48 --seed-file "$w/seed" --report /dev/null \
		--player prussia:Anna:prussia@test.invalid \
		--player spain:Bob:spain@test.invalid \
		--key prussia:"$w/prussia.asc" --key spain:"$w/spain.asc" \
		--moderator-key "$w/moderator.asc" > /dev/null 2>&1 ||
		{ echo "new failed"
		  echo "$suite_name: 0 passed, 1 failed"; exit 1; }
	MOD='Moderator <mod@test.invalid>'
	T=2026-12-01T01:00:00Z
}

mkkey() {
	h=$w/$1
	mkdir -m 700 "$h"
	homes="$homes $h"
	gpg --homedir "$h" --batch --quiet --pinentry-mode loopback \
		--passphrase '' --quick-generate-key "$1 <$1@test.invalid>" \
		ed25519 sign "${2:-never}" 2>/dev/null
	fpr=$(gpg --homedir "$h" --list-keys --with-colons 2>/dev/null |
		awk -F: '/^fpr/ {print $10; exit}')
	gpg --homedir "$h" --batch --quiet --pinentry-mode loopback \
		--passphrase '' --quick-add-key "$fpr" cv25519 encr never \
		2>/dev/null
	gpg --homedir "$h" --armor --export "$fpr" > "$w/$1.asc" 2>/dev/null
	echo "$fpr" > "$w/$1.fpr"
}
