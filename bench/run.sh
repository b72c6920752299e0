#!/usr/bin/env bash
# Builds monotable_bench (Release) and runs the standard matrix against a server that
# is already running: GetItem and PutItem at 16 and 64 connections. Prints each run's
# report, then all JSON lines together (the numbers for bench/README.md).
#
#   bench/run.sh PORT [HOST]
#
# Environment: BUILD_DIR (build-bench), DURATION (10), WARMUP (2), KEYS (100000),
# THREADS (1), TABLE (bench), EXTRA_FLAGS (passed to every run, e.g. --with-gsi).
# The first run creates the table if missing and preloads KEYS items (--setup);
# later runs rely on that (--preloaded), so every GetItem must find its item.
set -euo pipefail

if [ $# -lt 1 ]; then
  sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
fi
port=$1
host=${2:-127.0.0.1}

root=$(cd "$(dirname "$0")/.." && pwd)
build_dir=${BUILD_DIR:-$root/build-bench}
duration=${DURATION:-10}
warmup=${WARMUP:-2}
keys=${KEYS:-100000}
threads=${THREADS:-1}
table=${TABLE:-bench}
read -r -a extra <<< "${EXTRA_FLAGS:-}"

cmake -S "$root" -B "$build_dir" -DCMAKE_BUILD_TYPE=Release -DMONOTABLE_TESTS=OFF \
  >/dev/null
cmake --build "$build_dir" --target monotable_bench -j"$(nproc)" >/dev/null
bench="$build_dir/monotable_bench"

common=(--host "$host" --port "$port" --keys "$keys" --table "$table"
        --duration "$duration" --warmup "$warmup" --threads "$threads" "${extra[@]}")
json_lines=()
status=0
first=1
for op in get put; do
  for connections in 16 64; do
    load=(--preloaded)
    if [ "$first" = 1 ]; then load=(--setup); first=0; fi
    echo "=== op=$op connections=$connections" >&2
    # Keep going after a failed run so the others still report; exit non-zero at
    # the end. A setup failure (3) makes the remaining runs meaningless.
    set +e
    output=$("$bench" "${common[@]}" "${load[@]}" --op "$op" --connections "$connections")
    rc=$?
    set -e
    printf '%s\n' "$output" >&2
    json_lines+=("$(printf '%s\n' "$output" | grep '^{' | tail -n 1 || true)")
    if [ "$rc" -ne 0 ]; then
      status=1
      [ "$rc" -eq 3 ] && break 2
    fi
  done
done

printf '%s\n' "${json_lines[@]}"
exit "$status"
