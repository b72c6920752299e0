#!/usr/bin/env bash
# The long form of the crash-consistency test (tests/integration/test_crash_consistency.py):
# KILLS SIGKILLs (default 100) of the mixed workload, each followed by `monotable check`
# and the API-level invariants. Needs the build (build/monotable, or MONOTABLE_BIN).
#
#   tests/crash_consistency.sh [KILLS] [SEED]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
export MT_CRASH_KILLS=${1:-100}
if [ $# -ge 2 ]; then export MT_CRASH_SEED=$2; fi
# Its own base directory: pytest prunes the shared default one when other sessions start.
basetemp=$(mktemp -d /tmp/mt-crash-XXXXXX)
trap 'rm -rf "$basetemp"' EXIT
cd "$root/tests/integration"
/usr/bin/python3 -m pytest -q -s --basetemp="$basetemp" test_crash_consistency.py
