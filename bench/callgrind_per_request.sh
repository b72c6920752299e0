#!/usr/bin/env bash
# Instructions per request of the monotable server, from callgrind: GetItem, PutItem
# (~200 B profile item, monotable_bench --op put), UpdateItem of that item (--op update:
# a condition and three SETs, one arithmetic), DeleteItem of a preloaded profile (--op
# delete: each request deletes an existing item), BatchWriteItem of 25 profile Puts
# (--op batchwrite: per request, not per item), BatchGetItem of 25 profiles (--op
# batchget: per request), a 10-item Query (--op query, Limit
# 10, on a 10,000-item in-memory table) and the same read as a PartiQL SELECT (--op
# select, ExecuteStatement).
#
#   bench/callgrind_per_request.sh BUILD_DIR [OP...]   OP: get put update delete batchwrite
#                                                      batchget query select
#                                                      (default get put query)
#
# BUILD_DIR is a built tree holding `monotable` and `monotable_bench` (or
# bench/monotable_bench): cmake --build BUILD_DIR --target monotable monotable_bench.
#
# For each op, a fresh server runs under `valgrind --tool=callgrind --instr-atstart=no`
# (`--in-memory --threads 1`, 127.0.0.1, a free port, data nowhere on disk) and:
#   1. monotable_bench --setup preloads the op's table, uninstrumented;
#   2. callgrind_control -i on, then WARMUP requests over one connection;
#   3. callgrind_control -z, then REQUESTS requests over one connection (a new bench
#      process: one TCP connect and close are in the count), then callgrind_control -d;
#   4. instructions per request = the dump's total Ir (all server threads) / REQUESTS.
# The bench draws keys from a random seed, so runs differ by a fraction of a percent.
#
# Environment (defaults): REQUESTS (2000), WARMUP (500), KEYS (10000: profiles for
# get/put), QUERY_KEYS (500: customers x 20 orders = 10,000 items), KEEP_TMP=1 keeps the
# temp dir (server logs, callgrind dumps for callgrind_annotate), SERVER_FLAGS adds
# server flags (e.g. "--throughput off"), GSIS (0) gives every op's table that many GSIs
# (monotable_bench --setup --gsis: GSI1 on GSI1PK/GSI1SK first), so GSIS=1 measures
# PutItem, DeleteItem and BatchWriteItem with the index maintained.
# Output: one line per op, "get 47573" (rounded to an integer), and a summary on stderr.
set -Eeuo pipefail
trap 'echo "$0: failed at line $LINENO: $BASH_COMMAND" >&2' ERR

usage() {
  echo "usage: $0 BUILD_DIR [get|put|update|delete|batchwrite|batchget|query|select]..." >&2
  exit 2
}
[ $# -ge 1 ] || usage
build=$(cd "$1" && pwd) || usage
shift
ops=("$@")
[ ${#ops[@]} -gt 0 ] || ops=(get put query)
for op in "${ops[@]}"; do
  case "$op" in get|put|update|delete|batchwrite|batchget|query|select) ;; *) usage ;; esac
done

REQUESTS=${REQUESTS:-2000}
WARMUP=${WARMUP:-500}
KEYS=${KEYS:-10000}
QUERY_KEYS=${QUERY_KEYS:-500}
SERVER_FLAGS=${SERVER_FLAGS:-}
GSIS=${GSIS:-0}

server_bin="$build/monotable"
bench_bin="$build/monotable_bench"
[ -x "$bench_bin" ] || bench_bin="$build/bench/monotable_bench"
for f in "$server_bin" "$bench_bin"; do
  [ -x "$f" ] || { echo "missing executable: $f" >&2; exit 2; }
done
for c in valgrind callgrind_control timeout; do
  command -v "$c" >/dev/null || { echo "missing command: $c" >&2; exit 2; }
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/callgrind_per_request.XXXXXX")
server_pid=""

stop_server() {
  [ -n "$server_pid" ] || return 0
  if kill -0 "$server_pid" 2>/dev/null; then
    kill -TERM "$server_pid" 2>/dev/null || true
    for _ in $(seq 1 100); do  # 20 s for a clean shutdown under valgrind
      kill -0 "$server_pid" 2>/dev/null || break
      sleep 0.2
    done
    kill -KILL "$server_pid" 2>/dev/null || true
  fi
  wait "$server_pid" 2>/dev/null || true
  server_pid=""
}
cleanup() {
  stop_server
  if [ "${KEEP_TMP:-0}" = 1 ]; then echo "kept $tmp" >&2; else rm -rf "$tmp"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

free_port() {
  if command -v python3 >/dev/null; then
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
    return
  fi
  local p
  for _ in $(seq 1 100); do
    p=$((20000 + RANDOM % 40000))
    (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null || { echo "$p"; return; }
  done
  echo "no free port found" >&2
  return 1
}

# start_server NAME: valgrind'ed server on a free port; sets server_pid and port.
start_server() {
  local name=$1 attempt
  for attempt in 1 2 3; do  # another process may take the port between probe and bind
    port=$(free_port)
    valgrind --tool=callgrind --instr-atstart=no \
      --callgrind-out-file="$tmp/$name.callgrind.out" \
      "$server_bin" --host 127.0.0.1 --port "$port" --in-memory --threads 1 $SERVER_FLAGS \
      >"$tmp/$name.server.log" 2>&1 &
    server_pid=$!
    local i
    for i in $(seq 1 600); do  # up to 120 s to start under valgrind
      kill -0 "$server_pid" 2>/dev/null || break
      if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then return 0; fi
      sleep 0.2
    done
    echo "server did not start (attempt $attempt); log:" >&2
    tail -20 "$tmp/$name.server.log" >&2
    stop_server
  done
  return 1
}

# bench ARGS...: monotable_bench against the server, bounded in time; prints its output.
bench() {
  timeout 900 "$bench_bin" --host 127.0.0.1 --port "$port" "$@"
}

# json_field LINE NAME: a numeric field of the bench's JSON line.
json_field() { sed -n "s/.*\"$2\":\([0-9.]*\).*/\1/p" <<<"$1"; }

cg_control() { timeout 120 callgrind_control "$@" "$server_pid" >>"$tmp/callgrind_control.log" 2>&1; }

measure() {
  local op=$1 keys
  if [ "$op" = query ] || [ "$op" = select ]; then keys=$QUERY_KEYS; else keys=$KEYS; fi
  # Duration is only a bound: the runs end at --max-requests.
  local common=(--op "$op" --keys "$keys" --table "cg_$op" --warmup 0 --duration 600)

  start_server "$op"
  # Preload (uninstrumented), then one measured request; --connections 4 only for speed.
  bench "${common[@]}" --setup --gsis "$GSIS" --connections 4 --max-requests 1 \
    --setup-timeout 600 >"$tmp/$op.setup.log" 2>&1 \
    || { echo "$op: setup failed" >&2; cat "$tmp/$op.setup.log" >&2; return 1; }

  cg_control -i on
  bench "${common[@]}" --preloaded --connections 1 --max-requests "$WARMUP" \
    >"$tmp/$op.warmup.log" 2>&1 \
    || { echo "$op: warm-up failed" >&2; cat "$tmp/$op.warmup.log" >&2; return 1; }

  cg_control -z
  bench "${common[@]}" --preloaded --connections 1 --max-requests "$REQUESTS" \
    >"$tmp/$op.run.log" 2>&1 \
    || { echo "$op: run failed" >&2; cat "$tmp/$op.run.log" >&2; return 1; }
  # One dump per server: callgrind names it <out-file>.1 (the final one at exit has
  # no suffix).
  local dump="$tmp/$op.callgrind.out.1" i
  cg_control -d
  for i in $(seq 1 300); do  # wait up to 60 s for the server to write the dump
    [ -f "$dump" ] && grep -q '^totals:' "$dump" && break
    sleep 0.2
  done
  grep -q '^totals:' "$dump" 2>/dev/null || dump=""
  stop_server
  [ -n "$dump" ] || { echo "$op: no callgrind dump" >&2; return 1; }

  local line requests errors ir
  line=$(grep '^{' "$tmp/$op.run.log" | tail -1 || true)
  requests=$(json_field "$line" requests)
  errors=$(json_field "$line" errors)
  ir=$(awk '/^totals:/ {print $2}' "$dump" | tail -1)
  if [ "$requests" != "$REQUESTS" ] || [ "$errors" != 0 ]; then
    echo "$op: expected $REQUESTS requests and 0 errors, got $requests / $errors" >&2
    return 1
  fi
  if [ "$op" = query ] || [ "$op" = select ]; then
    grep -q 'items returned: .*(10.0 per read)' "$tmp/$op.run.log" \
      || { echo "$op: not 10 items per read" >&2; grep 'items returned' "$tmp/$op.run.log" >&2; return 1; }
  fi
  local per
  per=$(awk -v ir="$ir" -v n="$requests" 'BEGIN { printf "%.0f", ir / n }')
  echo "$op: total Ir $ir over $requests requests (keys $keys); dump $dump" >&2
  echo "$op $per"
}

for op in "${ops[@]}"; do
  measure "$op"
done
