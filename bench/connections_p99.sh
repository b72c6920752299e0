#!/usr/bin/env bash
# Does p99 latency hold up as connections grow? GetItem and PutItem at LOW and HIGH
# connections (64 and 256), ROUNDS rounds back to back on one in-memory server. Issue
# 17's target: p99 at 256 connections within 3x of p99 at 64.
#
#   bench/connections_p99.sh BUILD_DIR
#
# Each round runs, per op (get, then put): closed loop at LOW and HIGH (every connection
# sends its next request as soon as the answer comes), then open loop (--rate) at LOW
# and HIGH at one fixed rate: RATE, or RATE_FRACTION of the closed-loop throughput
# this round measured at LOW.
#
# Environment (defaults): ROUNDS (3), DURATION (5), WARMUP (1), KEYS (110000 profiles),
# LOW (64), HIGH (256), RATE_FRACTION (0.6), RATE (unset), TARGET (3), MT_FLAGS (extra
# server flags, e.g. "--threads 1").
# Output: each run's JSON line with "round", "loop", the 1-minute load average "load1"
# and "server_us_per_request" added; then per op and loop the p99 ratio HIGH/LOW of
# every round and their median, beside what Little's law predicts for the closed loop.
set -Eeuo pipefail
trap 'echo "$0: failed at line $LINENO: $BASH_COMMAND" >&2' ERR

[ $# -ge 1 ] || { sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
build=$(cd "$1" && pwd)
ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-5}
WARMUP=${WARMUP:-1}
KEYS=${KEYS:-110000}
LOW=${LOW:-64}
HIGH=${HIGH:-256}
RATE_FRACTION=${RATE_FRACTION:-0.6}
RATE=${RATE:-}
TARGET=${TARGET:-3}
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

echo "start: $(uptime)"
# shellcheck disable=SC2086
start_memory_server "$tmp/server.log" $MT_FLAGS

bench() { timeout 600 "$bench_bin" --host 127.0.0.1 --port "$port" --keys "$KEYS" "$@"; }
bench --op get --setup --connections 64 --duration 1 --warmup 0 >/dev/null

# server_ticks: the server's user + system CPU so far, in clock ticks.
server_ticks() { awk '{ print $14 + $15 }' "/proc/$server_pid/stat"; }

# run ROUND LOOP OP CONNECTIONS [FLAGS...]: one measured run; appends its JSON line,
# tagged, to runs.jsonl and echoes it. server_us_per_request: the server's CPU over
# the whole run (warm-up included, at the same load) per request, the measured
# requests scaled by (WARMUP + DURATION) / DURATION: the cost of a request does not
# depend on how many connections carry it unless this grows.
run() {
  local round=$1 loop=$2 op=$3 connections=$4 load1 ticks_before
  shift 4
  read -r load1 _ </proc/loadavg
  ticks_before=$(server_ticks)
  bench --op "$op" --preloaded --connections "$connections" --duration "$DURATION" \
    --warmup "$WARMUP" "$@" | grep '^{' | tail -1 >"$tmp/run.json"
  python3 - "$tmp/run.json" "$round" "$loop" "$load1" "$(($(server_ticks) - ticks_before))" \
    "$(getconf CLK_TCK)" "$WARMUP" "$DURATION" <<'PY' | tee -a "$tmp/runs.jsonl"
import json, sys
run = json.load(open(sys.argv[1]))
ticks, hz, warmup, duration = int(sys.argv[5]), int(sys.argv[6]), float(sys.argv[7]), float(sys.argv[8])
requests = run["requests"] * (warmup + duration) / duration
tags = {"round": int(sys.argv[2]), "loop": sys.argv[3], "load1": float(sys.argv[4]),
        "server_us_per_request": round(ticks / hz * 1e6 / max(requests, 1), 1)}
print(json.dumps({**tags, **run}, separators=(",", ":")))
PY
}

for round in $(seq 1 "$ROUNDS"); do
  for op in get put; do
    for c in "$LOW" "$HIGH"; do run "$round" closed "$op" "$c"; done
    rate=$RATE
    if [ -z "$rate" ]; then
      rate=$(tail -2 "$tmp/runs.jsonl" | head -1 |
        python3 -c "import json, sys; print(round(json.load(sys.stdin)['rps'] * $RATE_FRACTION))")
    fi
    for c in "$LOW" "$HIGH"; do run "$round" open "$op" "$c" --rate "$rate"; done
  done
done
echo "end: $(uptime)"

python3 - "$tmp/runs.jsonl" "$LOW" "$HIGH" "$TARGET" <<'PY'
import json, statistics, sys
runs = [json.loads(line) for line in open(sys.argv[1])]
low, high, target = int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
med = statistics.median
def per_round(op, loop):
    by = {(r["round"], r["connections"]): r for r in runs if r["op"] == op and r["loop"] == loop}
    return [(by[(n, low)], by[(n, high)]) for n in sorted({n for n, _ in by})]
def show(values):
    return ", ".join(f"{x:.2f}" for x in values) + f"; median {med(values):.2f}"
print(f"load average (1 min) over the runs: {min(r['load1'] for r in runs):.2f} to "
      f"{max(r['load1'] for r in runs):.2f}, median {med(r['load1'] for r in runs):.2f}")
for op in ("get", "put"):
    closed = per_round(op, "closed")
    # Little's law at saturation: mean latency = connections / throughput.
    print(f"{op} closed loop: p99 {high}/{low} per round {show([h['p99_us'] / l['p99_us'] for l, h in closed])}")
    print(f"  mean {high}/{low} {show([h['mean_us'] / l['mean_us'] for l, h in closed])}"
          f"; Little's law predicts {show([(high / h['rps']) / (low / l['rps']) for l, h in closed])}")
    print(f"  p99/mean at {low}: {show([l['p99_us'] / l['mean_us'] for l, _ in closed])}"
          f"; at {high}: {show([h['p99_us'] / h['mean_us'] for _, h in closed])}")
    print(f"  throughput at {low} {med([l['rps'] for l, _ in closed]):.0f}/s, "
          f"at {high} {med([h['rps'] for _, h in closed]):.0f}/s; server CPU us per request "
          f"at {low} {med([l['server_us_per_request'] for l, _ in closed]):.1f}, "
          f"at {high} {med([h['server_us_per_request'] for _, h in closed]):.1f} (medians)")
    opened = per_round(op, "open")
    ratios = [h["p99_us"] / l["p99_us"] for l, h in opened]
    short = [r for pair in opened for r in pair if r["unsent"] * 1000 > r["requests"]]
    print(f"{op} open loop at {', '.join(str(round(l['rate'])) for l, _ in opened)}/s: "
          f"p99 {high}/{low} per round {show(ratios)} -> "
          f"{'within' if med(ratios) <= target else 'NOT within'} {target:g}x")
    print(f"  p99 us at {low}: {show([l['p99_us'] for l, _ in opened])}; at {high}: "
          f"{show([h['p99_us'] for _, h in opened])}")
    print(f"  service p99 (from the actual send) {high}/{low}: "
          f"{show([h['p99_service_us'] / l['p99_service_us'] for l, h in opened])}")
    print(f"  server CPU us per request at {low}: "
          f"{show([l['server_us_per_request'] for l, _ in opened])}; at {high}: "
          f"{show([h['server_us_per_request'] for _, h in opened])}")
    for r in short:
        print(f"  warning: round {r['round']} at {r['connections']}: {r['unsent']} scheduled "
              "requests never sent (rate not sustained), so its p99 is understated")
PY
