#!/bin/sh
# deps.sh - makes sure the Debian 12 packages a task needs are installed.
#
#   tests/deps.sh build    to build and run the adjudicator
#   tests/deps.sh test     to run every test as well
#
# As root it installs what is missing with apt-get; otherwise it prints
# the exact command to run and fails.
set -eu
build="make gcc libc6-dev pkg-config libxml2-dev libxslt1-dev libgcrypt20-dev
libgpgme-dev libcurl4-openssl-dev libgmime-3.0-dev gnupg"
# Every command a suite of tests/run-all.sh runs: a missing one is a failed
# suite, never a skipped check (xsltproc: html-report.sh; python3:
# mail-servers.sh, html/png-colours.py, tools/bot.py; chromium: the HTML
# report and the board rendered headless; time: bad-input.sh's memory
# bound; clang and its libFuzzer and sanitizer runtimes: make fuzz;
# strace: mail-reuse.sh's connection counts).
test="$build mandoc libxml2-utils xsltproc dovecot-imapd python3
python3-aiosmtpd chromium valgrind time clang libclang-rt-dev strace"
case ${1:-build} in
build) want=$build ;;
test) want=$test ;;
*) echo "usage: tests/deps.sh build|test" >&2; exit 64 ;;
esac
missing=
for p in $want; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null |
	    grep -q "install ok installed"; then
		missing="$missing $p"
	fi
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
	echo "missing Debian packages; install them with:" >&2
	echo "  sudo apt-get install -y --no-install-recommends$missing" >&2
	exit 1
fi
echo "deps: installing$missing" >&2
export DEBIAN_FRONTEND=noninteractive
# Keep dovecot's packaged service from starting (the tests run their own).
made_policy=
if [ ! -e /usr/sbin/policy-rc.d ]; then
	printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d
	chmod 755 /usr/sbin/policy-rc.d
	made_policy=yes
fi
apt-get update -qq
apt-get install -y -qq --no-install-recommends $missing > /dev/null
[ -n "$made_policy" ] && rm -f /usr/sbin/policy-rc.d
exit 0
