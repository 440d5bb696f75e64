#!/bin/sh
# check.sh - the README's test command: installs what the tests need
# (tests/deps.sh), builds, and runs every test (tests/run-all.sh).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
"$top/tests/deps.sh" test
make -C "$top" -s all build/unit-tests
exec "$top/tests/run-all.sh"
