#!/usr/bin/env bash
# Two monotable servers side by side, in memory, loaded alike, then ROUNDS rounds of
# each OP alternating between them: on a shared, noisy machine the two see the same
# load, which back-to-back runs of one binary and then the other do not.
#
#   bench/ab_compare.sh BUILD_A BUILD_B [OP...]     OP: get put update delete query ...
#                                                   (monotable_bench --op; default get put)
#
# BUILD_A and BUILD_B are built trees (or directories) holding `monotable`; the load
# comes from BUILD_A's monotable_bench. The same tree twice compares flags or
# environments instead: A_FLAGS / B_FLAGS are added to each server's command line
# (e.g. B_FLAGS="--threads 1"), A_ENV / B_ENV to its environment (e.g.
# B_ENV=MALLOC_CONF=thp:always).
# Environment (defaults): ROUNDS (3), DURATION (5 s), WARMUP (1 s), CONNECTIONS (64),
# KEYS (100000).
# Output: one line per run, "OP rROUND A|B RPS p99_us=P server_cpu=C" (C: the server's
# CPU seconds over the run and its warm-up, from /proc/PID/stat), then per op the
# median rate of each side and the median of the per-round ratios B/A.
set -Eeuo pipefail
trap 'echo "$0: failed at line $LINENO: $BASH_COMMAND" >&2' ERR

[ $# -ge 2 ] || { sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
a_dir=$(cd "$1" && pwd) b_dir=$(cd "$2" && pwd)
shift 2
ops=("$@")
[ ${#ops[@]} -gt 0 ] || ops=(get put)
ROUNDS=${ROUNDS:-3} DURATION=${DURATION:-5} WARMUP=${WARMUP:-1}
CONNECTIONS=${CONNECTIONS:-64} KEYS=${KEYS:-100000}

. "$(dirname "$0")/server_lib.sh"
find_binaries "$a_dir"
bench=$bench_bin  # set by find_binaries
[ -x "$b_dir/monotable" ] || { echo "missing executable: $b_dir/monotable" >&2; exit 2; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ab_compare.XXXXXX")
declare -A port pid
cleanup() {
  local side
  for side in "${!pid[@]}"; do kill -TERM "${pid[$side]}" 2>/dev/null || true; done
  for side in "${!pid[@]}"; do wait "${pid[$side]}" 2>/dev/null || true; done
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

start() {  # start SIDE BINARY_DIR: one server, its flags and environment from the side's
  local side=$1 flags_var="${1}_FLAGS" env_var="${1}_ENV"
  port[$side]=$(free_port)
  # shellcheck disable=SC2086  # the flags and the environment are word lists
  env ${!env_var:-} "$2/monotable" --host 127.0.0.1 --port "${port[$side]}" --in-memory \
    ${!flags_var:-} >"$tmp/$side.log" 2>&1 &
  pid[$side]=$!
  wait_port "${port[$side]}" "${pid[$side]}" || { cat "$tmp/$side.log" >&2; exit 3; }
  "$bench" --host 127.0.0.1 --port "${port[$side]}" --op get --keys "$KEYS" --setup \
    --connections 16 --duration 1 --warmup 0 >/dev/null
}
start A "$a_dir"
start B "$b_dir"

cpu_seconds() {  # utime + stime of PID, in seconds
  awk -v hz="$(getconf CLK_TCK)" '{printf "%.2f", ($14 + $15) / hz}' "/proc/$1/stat"
}

for op in "${ops[@]}"; do
  for round in $(seq 1 "$ROUNDS"); do
    for side in A B; do
      before=$(cpu_seconds "${pid[$side]}")
      line=$("$bench" --host 127.0.0.1 --port "${port[$side]}" --op "$op" --keys "$KEYS" \
        --preloaded --connections "$CONNECTIONS" --duration "$DURATION" --warmup "$WARMUP" \
        2>"$tmp/bench.err" | grep '^{' | tail -1) || { cat "$tmp/bench.err" >&2; exit 1; }
      after=$(cpu_seconds "${pid[$side]}")
      echo "$line" | python3 -c '
import json, sys
d = json.loads(sys.stdin.read())
op, rnd, side, before, after = sys.argv[1:]
cpu = float(after) - float(before)
print("%s r%s %s %.0f p99_us=%.0f server_cpu=%.2f" % (op, rnd, side, d["rps"], d["p99_us"], cpu))' \
        "$op" "$round" "$side" "$before" "$after" | tee -a "$tmp/runs"
    done
  done
done

python3 - "$tmp/runs" <<'EOF'
import collections, statistics, sys
rates = collections.defaultdict(dict)  # (op, round) -> side -> rps
for line in open(sys.argv[1]):
    op, rnd, side, rps = line.split()[:4]
    rates[(op, rnd)][side] = float(rps)
for op in dict.fromkeys(k[0] for k in rates):
    rounds = [v for k, v in rates.items() if k[0] == op]
    a = statistics.median(r["A"] for r in rounds)
    b = statistics.median(r["B"] for r in rounds)
    ratio = statistics.median(r["B"] / r["A"] for r in rounds)
    print(f"{op}: A {a:,.0f}/s, B {b:,.0f}/s, B/A {ratio:.3f} (median of {len(rounds)} rounds)")
EOF
