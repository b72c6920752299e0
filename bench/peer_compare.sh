#!/usr/bin/env bash
# CPU per request of monotable beside dynalite (the fastest local emulator) and nginx
# (the HTTP floor: one worker answering a static 200), each server's own CPU time
# measured at one fixed offered rate per operation, below what either server saturates
# at, in one run with the same driver, so that the ratios hold on a shared or noisy
# machine (issue 38).
#
#   bench/peer_compare.sh BUILD_DIR
#
# BUILD_DIR holds `monotable` and `monotable_bench` (or bench/monotable_bench).
# dynalite is the version pinned by bench/peers/package-lock.json, installed by `npm
# ci` into BUILD_DIR/bench-peers on the first run (DYNALITE="node .../cli.js" runs
# another one, DYNALITE=none skips it). The data, in memory in both DynamoDB servers:
# 110,000 ~200-byte profiles with one GSI (GSI1) for GetItem, PutItem, UpdateItem,
# BatchWriteItem (25 Puts) and BatchGetItem (25 keys); 5,500 customers x 20 orders for
# a 10-item Query; DeleteItem deletes from a third table of 110,000 profiles (each
# connection walking the keys from a random one, so nearly every request deletes an
# item). Each round runs every op at its rate on every server, the servers' order
# alternating between rounds; nginx answers the GetItem run (its worker process is
# measured). A run: 64 connections, open loop (monotable_bench --rate), WARMUP s
# unmeasured, then DURATION s in which the server's CPU time (cpu_ns in server_lib.sh:
# its threads' schedstat) is taken before and after; CPU per request = that time /
# requests answered. The summary gives each op's median over the rounds and the ratio.
#
# Environment (defaults): ROUNDS (3), DURATION (10), WARMUP (2), CONNECTIONS (64),
# RATE_GET (1500), RATE_PUT (500), RATE_UPDATE (300), RATE_DELETE (500), RATE_QUERY
# (150), RATE_BATCHWRITE (30), RATE_BATCHGET (60): requests/s per op (below dynalite's
# closed-loop throughput on 2 cores shared with other work: its runs report `unsent`
# when it falls behind, and the rate must then come down); OPS (all seven:
# "get put update delete query batchwrite batchget"), MODE (rate; "closed" runs closed
# loops instead and reports throughput too), DYNALITE, NGINX (nginx; "none" skips it),
# MT_FLAGS (extra server flags), GSIS (1). The servers run on free loopback ports;
# logs go to a temp dir (KEEP_TMP=1 keeps it).
# Output: one JSON line per run on stdout, then the median table.
set -Eeuo pipefail
trap 'echo "$0: failed at line $LINENO: $BASH_COMMAND" >&2' ERR

[ $# -ge 1 ] || { sed -n '2,34p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
build=$(cd "$1" && pwd)
ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-10}
WARMUP=${WARMUP:-2}
CONNECTIONS=${CONNECTIONS:-64}
MODE=${MODE:-rate}
OPS=${OPS:-get put update delete query batchwrite batchget}
NGINX=${NGINX:-nginx}
MT_FLAGS=${MT_FLAGS:-}
GSIS=${GSIS:-1}
declare -A rate=(
  [get]=${RATE_GET:-1500} [put]=${RATE_PUT:-500} [update]=${RATE_UPDATE:-300}
  [delete]=${RATE_DELETE:-500} [query]=${RATE_QUERY:-150}
  [batchwrite]=${RATE_BATCHWRITE:-30} [batchget]=${RATE_BATCHGET:-60})
for op in $OPS; do
  [ -n "${rate[$op]:-}" ] || { echo "unknown op: $op" >&2; exit 2; }
done
case "$MODE" in rate|closed) ;; *) echo "MODE is rate or closed" >&2; exit 2 ;; esac

# shellcheck source=bench/server_lib.sh
. "$(dirname "$0")/server_lib.sh"
find_binaries "$build"
DYNALITE=${DYNALITE:-$(install_dynalite "$build/bench-peers")}

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

declare -A port cpu_pid
port[monotable]=$(free_port)
# shellcheck disable=SC2086
"$server_bin" --host 127.0.0.1 --port "${port[monotable]}" --in-memory $MT_FLAGS \
  >"$tmp/monotable.log" 2>&1 &
pids+=($!)
cpu_pid[monotable]=$!
wait_port "${port[monotable]}" $! || { cat "$tmp/monotable.log" >&2; exit 3; }
servers=(monotable)

if [ "$DYNALITE" != none ]; then
  port[dynalite]=$(free_port)
  # shellcheck disable=SC2086  # a command line
  $DYNALITE --host 127.0.0.1 --port "${port[dynalite]}" --createTableMs 0 \
    >"$tmp/dynalite.log" 2>&1 &
  pids+=($!)
  cpu_pid[dynalite]=$!  # bash execs the command: this is node's own pid
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
  # The worker answers; the master only waits. With one worker, it is the only child.
  for _ in $(seq 50); do
    cpu_pid[nginx]=$(ps -o pid= --ppid "$!" | tr -d ' ' | head -1)
    [ -n "${cpu_pid[nginx]}" ] && break
    sleep 0.1
  done
fi

keys_of() { if [ "$1" = query ]; then echo 5500; else echo 110000; fi; }
table_of() {
  case "$1" in query) echo peer_orders ;; delete) echo peer_deletes ;; *) echo peer_items ;; esac
}

# bench SERVER OP ARGS...: one run's JSON line. A run in which some requests failed
# (exit status 1: its line counts them in "errors") is kept, its first error shown.
bench() {
  local server=$1 op=$2 status=0
  shift 2
  timeout 900 "$bench_bin" --host 127.0.0.1 --port "${port[$server]}" --op "$op" \
    --keys "$(keys_of "$op")" --table "$(table_of "$op")" "$@" >"$tmp/run.log" 2>&1 || status=$?
  if [ "$status" != 0 ]; then
    echo "$server $op: exit status $status" >&2
    grep -E '^(errors|first error|warning)' "$tmp/run.log" | cut -c1-300 >&2 || tail -5 "$tmp/run.log" >&2
    [ "$status" = 1 ] || return 1
  fi
  grep '^{' "$tmp/run.log" | tail -1
}

for server in "${servers[@]}"; do
  for op in get query delete; do  # the three tables
    echo "setup $server $(table_of "$op")" >&2
    bench "$server" "$op" --setup --gsis "$GSIS" --connections 16 --max-requests 1 \
      --warmup 0 --setup-timeout 900 >/dev/null
  done
done

# What each server spends doing nothing, so that a low rate's share of it can be judged.
for server in "${!cpu_pid[@]}"; do
  before=$(cpu_ns "${cpu_pid[$server]}")
  sleep 2
  after=$(cpu_ns "${cpu_pid[$server]}")
  echo "{\"server\":\"$server\",\"idle_cpu_us_per_s\":$(((after - before) / 2000))}" | tee -a "$tmp/idle"
done

# measure SERVER OP ROUND: a warm-up run, then the measured one with the server's CPU
# time taken around it; prints the run's JSON line with the round and CPU added.
measure() {
  local server=$1 op=$2 round=$3 args before after line
  args=(--connections "$CONNECTIONS")
  [ "$MODE" = rate ] && args+=(--rate "${rate[$op]}")
  [ "$server" = nginx ] || args+=(--preloaded)  # nginx's '{}' is a miss, not an error
  bench "$server" "$op" "${args[@]}" --duration "$WARMUP" --warmup 0 >/dev/null || return 1
  before=$(cpu_ns "${cpu_pid[$server]}")
  line=$(bench "$server" "$op" "${args[@]}" --duration "$DURATION" --warmup 0) || return 1
  after=$(cpu_ns "${cpu_pid[$server]}")
  python3 - "$server" "$round" "$before" "$after" "$line" <<'EOF'
import json, sys
server, rnd, before, after, line = sys.argv[1:]
d = json.loads(line)
out = {"server": server, "round": int(rnd), "op": d["op"], "rate": d.get("rate", 0),
       "requests": d["requests"], "rps": d["rps"], "p50_us": d["p50_us"],
       "p99_us": d["p99_us"], "errors": d["errors"], "unsent": d.get("unsent", 0),
       "cpu_us_per_request": (int(after) - int(before)) / 1000 / max(d["requests"], 1)}
print(json.dumps(out))
EOF
}

results="$tmp/results"
: >"$results"
for round in $(seq 1 "$ROUNDS"); do
  echo "round $round/$ROUNDS, load: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
  order=("${servers[@]}")
  if [ $((round % 2)) = 0 ]; then  # alternate which DynamoDB server goes first
    order=()
    for ((i = ${#servers[@]} - 1; i >= 0; i--)); do order+=("${servers[$i]}"); done
  fi
  for op in $OPS; do
    targets=("${order[@]}")
    [ "$op" = get ] && [ -n "${cpu_pid[nginx]:-}" ] && targets+=(nginx)
    for server in "${targets[@]}"; do
      line=$(measure "$server" "$op" "$round") || continue
      echo "$line" | tee -a "$results"
    done
  done
done

# Each op's median CPU per request, rate and p99 per server over the rounds, and the
# ratios the issue sets targets for.
python3 - "$results" <<'EOF'
import json, statistics, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
med = {}
for r in rows:
    med.setdefault((r["op"], r["server"]), []).append(r)
def m(op, server, field):
    rs = med.get((op, server))
    return statistics.median(r[field] for r in rs) if rs else None
ops = list(dict.fromkeys(r["op"] for r in rows))
fmt = lambda v, f: f % v if v is not None else "-"
unsent = lambda op, s: sum(r["unsent"] for r in med.get((op, s), []))
print("%-10s %7s %9s %9s %13s %13s %7s %9s %9s %7s" % (
    "op", "rate", "mt_rps", "dy_rps", "mt_cpu_us", "dy_cpu_us", "ratio", "mt_p99ms",
    "dy_p99ms", "unsent"))
for op in ops:
    mt, dy = m(op, "monotable", "cpu_us_per_request"), m(op, "dynalite", "cpu_us_per_request")
    p99 = lambda s: fmt(None if m(op, s, "p99_us") is None else m(op, s, "p99_us") / 1000,
                        "%.2f")
    print("%-10s %7s %9s %9s %13s %13s %7s %9s %9s %7s" % (
        op, fmt(m(op, "monotable", "rate"), "%.0f"), fmt(m(op, "monotable", "rps"), "%.0f"),
        fmt(m(op, "dynalite", "rps"), "%.0f"), fmt(mt, "%.2f"), fmt(dy, "%.2f"),
        fmt(dy / mt if mt and dy else None, "%.1fx"), p99("monotable"), p99("dynalite"),
        "%d/%d" % (unsent(op, "monotable"), unsent(op, "dynalite"))))
print("unsent: requests due but never sent, monotable/dynalite, over all rounds: a server "
      "that falls behind its rate (nonzero) is measured at saturation, not at the rate")
ng, mt = m("get", "nginx", "cpu_us_per_request"), m("get", "monotable", "cpu_us_per_request")
if ng and mt:
    print("nginx static 200: %.2f us per request; GetItem / nginx = %.2fx" % (ng, mt / ng))
put = m("put", "monotable", "cpu_us_per_request")
if put and mt:
    print("monotable PutItem / GetItem = %.2fx" % (put / mt))
EOF
