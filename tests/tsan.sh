#!/usr/bin/env bash
# Long form: ThreadSanitizer over the integration tests that drive concurrency (the
# transaction, streams and TTL modules by default). Builds the server alone in its own
# tree with -DMONOTABLE_TSAN=ON (the unit tests are not built there), runs the modules
# against it, and prints every ThreadSanitizer report (exit 1 if there is one, or if a
# module failed). Slow: the first build compiles every file (no unity batches), and the
# server runs several times slower under TSan, so a test that waits on the clock may
# need its own patience. Debian's librocksdb is not instrumented: its internal
# synchronisation is invisible to TSan except through the pthread calls it intercepts.
#   tests/tsan.sh [TREE] [MODULE...]     (TREE default build-tsan; MODULE e.g. test_ttl.py)
# UNITY=ON compiles in unity batches, as the release tree does: the same instrumentation,
# in about a third of the time from a cold compiler cache (each file alone by default).
# JOBS (2) is the build's parallelism.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tree=${1:-$root/build-tsan}
shift $(( $# > 0 ? 1 : 0 ))
modules=("$@")
if [ ${#modules[@]} -eq 0 ]; then
  modules=(test_transactions.py test_partiql_transactions.py test_streams_records.py
           test_streams_poller.py test_streams_iterators.py test_streams_tables.py
           test_ttl.py test_ttl_bulk.py test_ttl_restart.py)
fi
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake -S "$root" -B "$tree" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMONOTABLE_TSAN=ON \
  -DMONOTABLE_TESTS=OFF -DCMAKE_UNITY_BUILD="${UNITY:-OFF}" "${launcher[@]}" >/dev/null || exit 2
cmake --build "$tree" --target monotable -j"${JOBS:-2}" || exit 2
tree=$(cd "$tree" && pwd)  # the tests run from tests/integration
reports=$(mktemp -d /tmp/monotable-tsan-XXXXXX)
export MONOTABLE_BIN=$tree/monotable
# A TSan server recovers a large data directory several times slower than a release one.
export MONOTABLE_START_TIMEOUT=${MONOTABLE_START_TIMEOUT:-60} MONOTABLE_STOP_TIMEOUT=${MONOTABLE_STOP_TIMEOUT:-60}
# ...and sweeps that many times slower: the TTL tests' waits (ttl_common.wait_until) scale.
export MONOTABLE_WAIT_SCALE=${MONOTABLE_WAIT_SCALE:-5}
# tsan.supp: RocksDB's write-group hand-offs, invisible to TSan (the file says why).
# detect_deadlocks=0: a transaction holds up to 100 lock-table stripes at once by design
# (ascending stripe order, engine/lock/lock_table.h), and TSan's lock-order detector
# tracks at most 64 held mutexes per thread: the 65th aborts the server with "CHECK
# failed: sanitizer_deadlock_detector.h:67". Lock order is the lock table's invariant,
# checked by its unit tests; races are what this run is for.
# exitcode=0: a report fails the run below, not the test that stops the server and
# checks its exit status (TSan exits 66 after any report).
export TSAN_OPTIONS="halt_on_error=0 exitcode=0 detect_deadlocks=0 history_size=4 log_path=$reports/tsan suppressions=$root/tests/tsan.supp"
[ -x "$root/build/python-venv/bin/aws" ] && export MONOTABLE_AWS_CLI=$root/build/python-venv/bin/aws
failed=0
cd "$root/tests/integration"
for module in "${modules[@]}"; do
  if /usr/bin/python3 -m pytest -q -p no:cacheprovider --basetemp="$reports/pytest" "$module" \
      >"$reports/${module%.py}.log" 2>&1; then
    echo "$module: $(tail -1 "$reports/${module%.py}.log")"
  else
    failed=1
    echo "$module FAILED: $(tail -1 "$reports/${module%.py}.log") (log $reports/${module%.py}.log)"
  fi
done
count=$(cat "$reports"/tsan.* 2>/dev/null | grep -c -E "^WARNING: ThreadSanitizer|^ThreadSanitizer: CHECK failed")
echo "ThreadSanitizer reports: $count (files $reports/tsan.*)"
cat "$reports"/tsan.* 2>/dev/null | grep "^SUMMARY: ThreadSanitizer" | sort | uniq -c | sort -rn
[ "$count" -eq 0 ] && [ "$failed" -eq 0 ]
