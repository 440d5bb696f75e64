#!/bin/sh
# mail-test.sh - runs the mail unit tests against private IMAP and SMTP
# servers (tests/mail-servers.sh) in a fresh folder, stopping them and
# removing the folder on exit.  Exits with the unit tests' status.
#   tests/mail-test.sh              from the source folder, after
#                                   `make build/unit-tests`
# Ports: $AOR_IMAP_PORT (10143) and $AOR_SMTP_PORT (10025).
set -eu
cd "$(dirname "$0")/.."
dir=$(mktemp -d /tmp/aor.XXXXXX)
# shellcheck disable=SC2317 # called by the trap
cleanup() {
	tests/mail-servers.sh stop "$dir" || :
	rm -rf "$dir"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
tests/mail-servers.sh start "$dir"
status=0
AOR_MAIL_DIR=$dir ./build/unit-tests mail || status=$?
if [ "$status" -ne 0 ]; then
	echo "mail-test.sh: the last lines of the Dovecot log:" >&2
	tail -n 20 "$dir/dovecot.log" >&2 || :
fi
exit "$status"
