#!/usr/bin/env bash
# Throughput of monotable beside dynalite (the fastest local emulator) and nginx (the
# HTTP ceiling: one worker answering a static 200), measured back to back in one run
# with the same driver, so that the ratios hold on a shared or noisy machine.
#
#   DYNALITE="node /path/to/node_modules/dynalite/cli.js" bench/peer_compare.sh BUILD_DIR
#
# BUILD_DIR holds `monotable` and `monotable_bench` (or bench/monotable_bench). The
# workloads are the peer benchmark's (issue 17): 64 keep-alive connections, in memory,
# 110,000 items: GetItem, PutItem and UpdateItem (condition + arithmetic SET) of ~200-byte
# profiles (--keys 110000), and a 10-item Query of one customer's orders (--keys 5500 x
# 20 orders = 110,000 items). Each round runs every op against monotable, then dynalite,
# then (GetItem only) nginx; the summary gives each op's median over the rounds.
#
# Environment (defaults): ROUNDS (3), DURATION (8), WARMUP (2), CONNECTIONS (64),
# DYNALITE (empty: dynalite is skipped), NGINX (nginx; "none" skips it), MT_FLAGS (extra
# server flags), WRK (wrk; "none" skips the wrk GetItem runs). The servers run in
# memory on free loopback ports; logs go to a temp dir (KEEP_TMP=1 keeps it).
# Output: one JSON line per run on stdout, then the median table.
set -Eeuo pipefail
trap 'echo "$0: failed at line $LINENO: $BASH_COMMAND" >&2' ERR

[ $# -ge 1 ] || { sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
build=$(cd "$1" && pwd)
ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-8}
WARMUP=${WARMUP:-2}
CONNECTIONS=${CONNECTIONS:-64}
DYNALITE=${DYNALITE:-}
NGINX=${NGINX:-nginx}
WRK=${WRK:-wrk}
MT_FLAGS=${MT_FLAGS:-}

# shellcheck source=bench/server_lib.sh
. "$(dirname "$0")/server_lib.sh"
find_binaries "$build"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/peer_compare.XXXXXX")
pids=()
cleanup() {
  local p
  for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
  if [ "${KEEP_TMP:-0}" = 1 ]; then echo "kept $tmp" >&2; else rm -rf "$tmp"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

declare -A port
port[monotable]=$(free_port)
# shellcheck disable=SC2086
"$server_bin" --host 127.0.0.1 --port "${port[monotable]}" --in-memory $MT_FLAGS \
  >"$tmp/monotable.log" 2>&1 &
pids+=($!)
wait_port "${port[monotable]}" $! || { cat "$tmp/monotable.log" >&2; exit 3; }
servers=(monotable)

if [ -n "$DYNALITE" ]; then
  port[dynalite]=$(free_port)
  # shellcheck disable=SC2086
  $DYNALITE --host 127.0.0.1 --port "${port[dynalite]}" --createTableMs 0 \
    >"$tmp/dynalite.log" 2>&1 &
  pids+=($!)
  wait_port "${port[dynalite]}" $! || { cat "$tmp/dynalite.log" >&2; exit 3; }
  servers+=(dynalite)
fi

if [ "$NGINX" != none ] && command -v "$NGINX" >/dev/null; then
  port[nginx]=$(free_port)
  mkdir -p "$tmp/nginx"
  cat >"$tmp/nginx/nginx.conf" <<EOF
worker_processes 1;
daemon off;
pid $tmp/nginx/nginx.pid;
error_log $tmp/nginx/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path $tmp/nginx;
  keepalive_requests 100000000;
  server {
    listen 127.0.0.1:${port[nginx]};
    location / { default_type application/x-amz-json-1.0; return 200 '{}'; }
  }
}
EOF
  "$NGINX" -p "$tmp/nginx" -c "$tmp/nginx/nginx.conf" >"$tmp/nginx.log" 2>&1 &
  pids+=($!)
  wait_port "${port[nginx]}" $! || { cat "$tmp/nginx.log" "$tmp/nginx/error.log" >&2; exit 3; }
fi

keys_of() { if [ "$1" = query ]; then echo 5500; else echo 110000; fi; }
table_of() { if [ "$1" = query ]; then echo peer_orders; else echo peer_items; fi; }

bench() {  # bench SERVER OP ARGS...: one run's JSON line
  local server=$1 op=$2
  shift 2
  timeout 600 "$bench_bin" --host 127.0.0.1 --port "${port[$server]}" --op "$op" \
    --keys "$(keys_of "$op")" --table "$(table_of "$op")" "$@" >"$tmp/run.log" 2>&1 || {
    echo "$server $op failed:" >&2
    tail -5 "$tmp/run.log" >&2
    return 1
  }
  grep '^{' "$tmp/run.log" | tail -1
}

for server in "${servers[@]}"; do
  for op in get query; do
    echo "setup $server $(table_of "$op")" >&2
    bench "$server" "$op" --setup --connections 16 --duration 1 --warmup 0 --setup-timeout 900 \
      >/dev/null
  done
done

# wrk_get SERVER: GetItem of random keys by wrk (its Lua builds each request).
wrk_get() {
  local server=$1
  cat >"$tmp/get.lua" <<'EOF'
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/x-amz-json-1.0"
wrk.headers["X-Amz-Target"] = "DynamoDB_20120810.GetItem"
wrk.headers["Authorization"] = "AWS4-HMAC-SHA256 Credential=AKIDBENCH/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0"
request = function()
  local body = string.format('{"TableName":"peer_items","Key":{"PK":{"S":"USER#%010d"},"SK":{"S":"PROFILE"}}}', math.random(0, 109999))
  return wrk.format(nil, nil, nil, body)
end
EOF
  timeout 120 "$WRK" -t1 -c"$CONNECTIONS" -d"${DURATION}s" --latency -s "$tmp/get.lua" \
    "http://127.0.0.1:${port[$server]}/" >"$tmp/wrk.log" 2>&1 || return 1
  local rps p99
  rps=$(awk '/^Requests\/sec:/ {print $2}' "$tmp/wrk.log")
  p99=$(awk '$1 == "99%" {print $2}' "$tmp/wrk.log")
  printf '{"server":"%s","driver":"wrk","op":"get","rps":%s,"p99":"%s"}\n' "$server" "$rps" "$p99"
}

results="$tmp/results"
: >"$results"
run_args=(--preloaded --connections "$CONNECTIONS" --duration "$DURATION" --warmup "$WARMUP")
for round in $(seq 1 "$ROUNDS"); do
  echo "round $round/$ROUNDS, load: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
  for op in get put update query; do
    targets=("${servers[@]}")
    [ "$op" = get ] && [ -n "${port[nginx]:-}" ] && targets+=(nginx)
    for server in "${targets[@]}"; do
      args=("${run_args[@]}")
      [ "$server" = nginx ] && args=(--connections "$CONNECTIONS" --duration "$DURATION"
                                     --warmup "$WARMUP")  # '{}': a miss, not an error
      line=$(bench "$server" "$op" "${args[@]}") || continue
      echo "{\"server\":\"$server\",\"round\":$round,${line#\{}" | tee -a "$results"
    done
  done
  if [ "$WRK" != none ] && command -v "$WRK" >/dev/null; then
    for server in monotable ${port[nginx]:+nginx}; do
      line=$(wrk_get "$server") || continue
      echo "$line" | tee -a "$results"
    done
  fi
done

# The median rps and p99 of each server and op over the rounds.
python3 - "$results" <<'EOF'
import json, statistics, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
groups = {}
for r in rows:
    groups.setdefault((r.get("driver", "monotable_bench"), r["op"], r["server"]), []).append(r)
print("%-16s %-7s %-10s %10s %10s" % ("driver", "op", "server", "rps", "p99_ms"))
for (driver, op, server), rs in sorted(groups.items()):
    rps = statistics.median(r["rps"] for r in rs)
    if "p99_us" in rs[0]:
        p99 = "%.2f" % (statistics.median(r["p99_us"] for r in rs) / 1000)
    else:
        p99 = rs[len(rs) // 2]["p99"]
    print("%-16s %-7s %-10s %10.0f %10s" % (driver, op, server, rps, p99))
EOF
