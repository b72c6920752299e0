#!/usr/bin/env bash
# Does p99 latency hold up as connections grow? GetItem and PutItem at LOW and HIGH
# connections (64 and 256), ROUNDS rounds back to back on one in-memory server, each
# round running get@LOW, get@HIGH, put@LOW, put@HIGH. Issue 17's target: p99 at 256
# connections within 3x of p99 at 64.
#
#   bench/connections_p99.sh BUILD_DIR
#
# Environment (defaults): ROUNDS (3), DURATION (5), WARMUP (1), KEYS (110000 profiles),
# LOW (64), HIGH (256), MT_FLAGS (extra server flags, e.g. "--workers 2").
# Output: each run's JSON line with "round" added, then per op the p99 ratio
# HIGH/LOW of every round and their median.
set -Eeuo pipefail
trap 'echo "$0: failed at line $LINENO: $BASH_COMMAND" >&2' ERR

[ $# -ge 1 ] || { sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
build=$(cd "$1" && pwd)
ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-5}
WARMUP=${WARMUP:-1}
KEYS=${KEYS:-110000}
LOW=${LOW:-64}
HIGH=${HIGH:-256}
MT_FLAGS=${MT_FLAGS:-}
# shellcheck source=bench/server_lib.sh
. "$(dirname "$0")/server_lib.sh"
find_binaries "$build"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/connections_p99.XXXXXX")
server_pid=""
cleanup() {
  [ -z "$server_pid" ] || { kill -TERM "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; }
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# shellcheck disable=SC2086
start_memory_server "$tmp/server.log" $MT_FLAGS

bench() { timeout 600 "$bench_bin" --host 127.0.0.1 --port "$port" --keys "$KEYS" "$@"; }
bench --op get --setup --connections 64 --duration 1 --warmup 0 >/dev/null

for round in $(seq 1 "$ROUNDS"); do
  for op in get put; do
    for c in "$LOW" "$HIGH"; do
      bench --op "$op" --preloaded --connections "$c" --duration "$DURATION" --warmup "$WARMUP" |
        grep '^{' | tail -1 | sed "s/^{/{\"round\":$round,/" | tee -a "$tmp/runs.jsonl"
    done
  done
done

python3 - "$tmp/runs.jsonl" "$LOW" "$HIGH" <<'PY'
import json, statistics, sys
runs = [json.loads(line) for line in open(sys.argv[1])]
low, high = int(sys.argv[2]), int(sys.argv[3])
for op in ("get", "put"):
    p99 = {(r["round"], r["connections"]): r["p99_us"] for r in runs if r["op"] == op}
    ratios = [p99[(n, high)] / p99[(n, low)] for n in sorted({n for n, _ in p99})]
    print(f"{op}: p99 {high}/{low} per round " + ", ".join(f"{x:.2f}" for x in ratios) +
          f"; median {statistics.median(ratios):.2f}")
PY
