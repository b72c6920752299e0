#!/usr/bin/env bash
# Latency against table size (issue 38): for each size N, a fresh on-disk server loads N
# profiles (one GSI, by BatchWriteItem) and N orders (by `monotable import`), both rates
# reported; once RocksDB's compactions of the load are done (polled on /metrics, at most
# SETTLE_MAX s), at one fixed offered rate, GetItem, a 10-item Query and a GSI Query,
# ROUNDS rounds alternating the three, p50 and p99 from monotable_bench's open loop; the
# server's peak memory beside --cache-mb; a full parallel Scan's rate; the time from a
# restart on the data to the first answered GetItem; `monotable check`'s time. A long
# form (minutes per million items), never a CTest entry.
#
#   bench/scale.sh BUILD_DIR [SIZE...]        (default sizes: 100000 1000000)
#
# The tables (server --shared-db): scale_profiles, N ~200-byte profiles with GSI1 on
# GSI1PK = EMAIL#<e-mail> (monotable_bench --setup --gsis 1: 25 items per BatchWriteItem,
# LOAD_CONNECTIONS connections); scale_orders, N/20 customers x 20 ~200-byte orders
# written as DynamoDB-JSON lines (the export format) by `monotable import --writers
# IMPORT_WRITERS`. Reads: GetItem of a random profile, Query of PK = a random customer
# AND begins_with(SK, "ORDER#") Limit 10, Query of GSI1 for a random profile's e-mail
# (one item); every answer checked (monotable_bench --preloaded).
#
# Environment (defaults): RATE (2000 requests/s), CONNECTIONS (16), DURATION (10 s),
# WARMUP (2 s), ROUNDS (3), CACHE_MB (empty: the server's default), SETTLE_MAX (600 s),
# LOAD_CONNECTIONS
# (16), IMPORT_WRITERS (4), SEGMENTS (4: the Scan's), DATA (a new directory under
# TMPDIR or /tmp, removed at the end unless KEEP_DATA=1; each size's database is
# removed once measured), OUT (BUILD_DIR/scale: where scale_results.jsonl and
# scale_p99.svg go).
# Output: progress on stderr; one JSON line per size on stdout (and in
# OUT/scale_results.jsonl), then a table; OUT/scale_p99.svg draws p99 against size.
set -Eeuo pipefail
trap 'echo "$0: failed at line $LINENO: $BASH_COMMAND" >&2' ERR

[ $# -ge 1 ] || { sed -n '2,27p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
build=$(cd "$1" && pwd)
shift
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(100000 1000000)
RATE=${RATE:-2000} CONNECTIONS=${CONNECTIONS:-16} DURATION=${DURATION:-10}
WARMUP=${WARMUP:-2} ROUNDS=${ROUNDS:-3} CACHE_MB=${CACHE_MB:-}
LOAD_CONNECTIONS=${LOAD_CONNECTIONS:-16} IMPORT_WRITERS=${IMPORT_WRITERS:-4}
SEGMENTS=${SEGMENTS:-4} SETTLE_MAX=${SETTLE_MAX:-600}
for n in "${sizes[@]}"; do
  [[ "$n" =~ ^[0-9]+$ ]] && [ $((n % 20)) = 0 ] && [ "$n" -ge 20 ] \
    || { echo "a size is a multiple of 20 (orders per customer): $n" >&2; exit 2; }
done

# shellcheck source=bench/server_lib.sh
. "$(dirname "$0")/server_lib.sh"
find_binaries "$build"
data=${DATA:-$(mktemp -d "${TMPDIR:-/tmp}/scale.XXXXXX")}
out=${OUT:-$build/scale}
mkdir -p "$data" "$out"
server_pid=""
stop() {
  [ -n "$server_pid" ] || return 0
  kill -TERM "$server_pid" 2>/dev/null || true
  wait "$server_pid" 2>/dev/null || true
  server_pid=""
}
cleanup() {
  stop
  if [ "${KEEP_DATA:-0}" = 1 ] || [ -n "${DATA:-}" ]; then
    echo "data kept in $data" >&2
  else
    rm -rf "$data"
  fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

now() { date +%s.%N; }
since() { python3 -c "import sys; print('%.3f' % (float(sys.argv[2]) - float(sys.argv[1])))" "$1" "$(now)"; }

# start DB: the server on DB, on a free port; sets port and server_pid.
start() {
  port=$(free_port)
  local flags=(--host 127.0.0.1 --port "$port" --db-path "$1" --shared-db)
  [ -n "$CACHE_MB" ] && flags+=(--cache-mb "$CACHE_MB")
  "$server_bin" "${flags[@]}" >>"$data/server.log" 2>&1 &
  server_pid=$!
}

bench() {  # bench ARGS...: monotable_bench against the server; prints its JSON line
  timeout 7200 "$bench_bin" --host 127.0.0.1 --port "$port" "$@" >"$data/run.log" 2>&1 || {
    echo "monotable_bench $* failed:" >&2
    tail -5 "$data/run.log" >&2
    return 1
  }
  grep '^{' "$data/run.log" | tail -1
}

# metric NAME: a figure of the server's /metrics (unsigned: no --require-signature).
metric() {
  curl -s -m 5 "http://127.0.0.1:$port/metrics" | awk -v n="$1" '$1 == n {print $2}'
}

# settle: waits until RocksDB runs no compaction and estimates none pending, at most
# SETTLE_MAX s; prints the seconds waited.
settle() {
  local t0 running pending
  t0=$(now)
  for _ in $(seq "$SETTLE_MAX"); do
    running=$(metric monotable_rocksdb_running_compactions)
    pending=$(metric monotable_rocksdb_pending_compaction_bytes)
    [ "${running:-1}" = 0 ] && [ "${pending:-1}" = 0 ] && break
    sleep 1
  done
  since "$t0"
}

# kib FIELD: a /proc/PID/status figure of the server, in KiB.
kib() { awk -v f="$1:" '$1 == f {print $2}' "/proc/$server_pid/status"; }

# orders N: N orders of N/20 customers, the items monotable_bench's --op query reads
# (request_templates.cc, AppendOrderItem), as export-format lines.
orders() {
  python3 - "$1" <<'EOF'
import json, sys
S = lambda text: {"S": text}
fixed = {"status": S("SHIPPED"), "total": {"N": "129.95"}, "currency": S("EUR"),
         "createdAt": S("2025-08-01T12:00:00Z"), "itemCount": {"N": "3"},
         "shipTo": S("221B Baker Street, London NW1 6XE"), "carrier": S("DHL Express"),
         "GSI1PK": S("STATUS#SHIPPED")}
write = sys.stdout.write
for i in range(int(sys.argv[1])):
    c, o = i // 20, i % 20
    item = {"PK": S("USER#%010d" % c), "SK": S("ORDER#%010d" % o),
            "orderId": S("O-%010d-%010d" % (c, o)), **fixed}
    write(json.dumps({"Item": item}, separators=(",", ":")) + "\n")
EOF
}

results="$out/scale_results.jsonl"
: >"$results"
for n in "${sizes[@]}"; do
  db="$data/db-$n"
  rm -rf "$db"
  customers=$((n / 20))
  echo "size $n: load, load average $(cut -d' ' -f1-3 /proc/loadavg)" >&2
  start "$db"
  wait_port "$port" "$server_pid" || { tail -20 "$data/server.log" >&2; exit 3; }

  t0=$(now)
  bench --op gsiquery --setup --gsis 1 --keys "$n" --table scale_profiles \
    --connections "$LOAD_CONNECTIONS" --max-requests 1 --warmup 0 --setup-timeout 7200 >/dev/null
  batch_s=$(since "$t0")
  batch_rate=$(sed -n 's/^preloaded .*(\([0-9]*\) items\/s).*/\1/p' "$data/run.log")

  orders "$n" >"$data/orders.jsonl"
  # The table and its first customer by the driver, then every order by import.
  bench --op query --setup --keys 1 --table scale_orders --connections 1 --max-requests 1 \
    --warmup 0 >/dev/null
  t0=$(now)
  AWS_ACCESS_KEY_ID=AKIDBENCH AWS_SECRET_ACCESS_KEY=x AWS_DEFAULT_REGION=us-east-1 \
    "$server_bin" import --endpoint "http://127.0.0.1:$port" --table scale_orders \
    --writers "$IMPORT_WRITERS" <"$data/orders.jsonl" >"$data/import.log" 2>&1
  import_s=$(since "$t0")
  rm -f "$data/orders.jsonl"
  rss_loaded=$(kib VmRSS)
  settle_s=$(settle)
  cache_bytes=$(metric monotable_rocksdb_block_cache_capacity_bytes)

  echo "size $n: reads at $RATE/s" >&2
  : >"$data/reads"
  for round in $(seq 1 "$ROUNDS"); do
    for op in get query gsiquery; do
      keys=$n table=scale_profiles
      [ "$op" = query ] && keys=$customers table=scale_orders
      common=(--op "$op" --keys "$keys" --table "$table" --preloaded --connections "$CONNECTIONS"
              --rate "$RATE" --warmup 0)
      bench "${common[@]}" --duration "$WARMUP" >/dev/null
      line=$(bench "${common[@]}" --duration "$DURATION")
      echo "{\"round\":$round,${line#\{}" >>"$data/reads"
    done
  done
  rss_read=$(kib VmRSS) hwm=$(kib VmHWM)

  echo "size $n: scan" >&2
  scan=$(bench --op scan --keys "$customers" --table scale_orders --preloaded \
    --segments "$SEGMENTS")
  hwm=$(kib VmHWM)
  stop
  disk_kib=$(du -sk "$db" | cut -f1)

  # Start-up: from exec to the first GetItem answered (a preloaded key), polled every 5 ms.
  t0=$(now)
  start "$db"
  body='{"TableName":"scale_profiles","Key":{"PK":{"S":"USER#0000000000"},"SK":{"S":"PROFILE"}}}'
  for _ in $(seq 2000); do
    curl -s -m 1 -o "$data/first.json" -H 'X-Amz-Target: DynamoDB_20120810.GetItem' \
      -H "Authorization: AWS4-HMAC-SHA256 Credential=AKIDBENCH/20250101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0" \
      -H 'Content-Type: application/x-amz-json-1.0' -d "$body" "http://127.0.0.1:$port/" \
      2>/dev/null && grep -q '"Item"' "$data/first.json" && break
    sleep 0.005
  done
  startup_s=$(since "$t0")
  grep -q '"Item"' "$data/first.json" || { echo "no answer after a restart" >&2; exit 3; }
  rss_started=$(kib VmRSS)
  stop

  t0=$(now)
  "$server_bin" check --db-path "$db" >"$data/check.log" 2>&1 \
    || { echo "monotable check failed:" >&2; tail -5 "$data/check.log" >&2; exit 1; }
  check_s=$(since "$t0")
  rm -rf "$db"

  python3 - "$n" "$batch_s" "$batch_rate" "$import_s" "$rss_loaded" "$rss_read" "$hwm" \
    "$rss_started" "$disk_kib" "$startup_s" "$check_s" "$scan" "$data/reads" "$cache_bytes" \
    "$settle_s" "$(cut -d' ' -f1 /proc/loadavg)" <<'EOF' | tee -a "$results"
import json, statistics, sys
(n, batch_s, batch_rate, import_s, rss_loaded, rss_read, hwm, rss_started, disk_kib,
 startup_s, check_s, scan, reads, cache_bytes, settle_s, load) = sys.argv[1:]
n = int(n)
rows = [json.loads(l) for l in open(reads)]
out = {"items_per_table": n, "cache_mb": round(int(cache_bytes or 0) / 2**20),
       "settle_s": float(settle_s), "load_average_at_end": float(load),
       "batchwrite_items_per_s": int(batch_rate or 0) or round(n / float(batch_s)),
       "import_items_per_s": round(n / float(import_s)),
       "rss_after_load_mib": round(int(rss_loaded) / 1024, 1),
       "rss_after_reads_mib": round(int(rss_read) / 1024, 1),
       "peak_rss_mib": round(int(hwm) / 1024, 1),
       "rss_after_restart_mib": round(int(rss_started) / 1024, 1),
       "disk_mib": round(int(disk_kib) / 1024, 1),
       "startup_to_first_get_s": float(startup_s), "check_s": float(check_s),
       "scan_items_per_s": round(json.loads(scan)["items_per_s"])}
for op in ("get", "query", "gsiquery"):
    rs = [r for r in rows if r["op"] == op]
    out[op] = {"rate": rs[0].get("rate"), "rounds": len(rs),
               "p50_us": round(statistics.median(r["p50_us"] for r in rs), 1),
               "p99_us": round(statistics.median(r["p99_us"] for r in rs), 1),
               "errors": sum(r["errors"] for r in rs), "unsent": sum(r.get("unsent", 0) for r in rs)}
print(json.dumps(out))
EOF
done

python3 - "$results" "$out/scale_p99.svg" <<'EOF'
import json, math, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
ops = [("get", "GetItem", "#1f77b4"), ("query", "Query, 10 items", "#2ca02c"),
       ("gsiquery", "GSI Query", "#d62728")]
print("%12s %9s %9s %9s %9s %9s %9s %8s %8s %8s %8s" % (
    "items", "get_p50", "get_p99", "q_p50", "q_p99", "gsi_p50", "gsi_p99", "peak_MiB",
    "start_s", "check_s", "scan/s"))
for r in rows:
    print("%12d %9.0f %9.0f %9.0f %9.0f %9.0f %9.0f %8.0f %8.2f %8.1f %8d" % (
        r["items_per_table"], r["get"]["p50_us"], r["get"]["p99_us"], r["query"]["p50_us"],
        r["query"]["p99_us"], r["gsiquery"]["p50_us"], r["gsiquery"]["p99_us"],
        r["peak_rss_mib"], r["startup_to_first_get_s"], r["check_s"], r["scan_items_per_s"]))
# p99 (ms) against items per table, log-scaled x, linear y from 0.
w, h, left, right, top, bottom = 660, 400, 80, 170, 40, 50
sizes = [r["items_per_table"] for r in rows]
ms = lambda r, op: r[op]["p99_us"] / 1000
ymax = max(ms(r, op) for r in rows for op, _, _ in ops) * 1.15
lo, hi = math.log10(min(sizes)), math.log10(max(sizes))
if hi - lo < 1e-9:
    lo, hi = lo - 0.5, hi + 0.5
x = lambda n: left + (math.log10(n) - lo) / (hi - lo) * (w - left - right)
y = lambda v: h - bottom - v / ymax * (h - top - bottom)
svg = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
       'font-family="sans-serif" font-size="12">' % (w, h),
       '<rect width="100%" height="100%" fill="white"/>',
       '<text x="%d" y="20" font-size="14">p99 latency at a fixed offered rate '
       'against items per table</text>' % left,
       '<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/>' % (left, h - bottom, w - right, h - bottom),
       '<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/>' % (left, top, left, h - bottom)]
for i in range(6):
    v = ymax * i / 5
    tick = "%.0f" % v if v >= 100 or v == 0 else "%.1f" % v if v >= 1 else "%.2f" % v
    svg.append('<text x="%d" y="%.1f" text-anchor="end">%s</text>' % (left - 6, y(v) + 4, tick))
    svg.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#ddd"/>' % (left, y(v), w - right, y(v)))
for n in sizes:
    label = "%gM" % (n / 1e6) if n >= 1e6 else "%gk" % (n / 1e3)
    svg.append('<text x="%.1f" y="%d" text-anchor="middle">%s</text>' % (x(n), h - bottom + 16, label))
svg.append('<text x="%d" y="%d" text-anchor="middle">items per table (log scale)</text>'
           % ((left + w - right) // 2, h - 12))
svg.append('<text x="16" y="%d" transform="rotate(-90 16 %d)" text-anchor="middle">p99, '
           'milliseconds</text>' % ((top + h - bottom) // 2, (top + h - bottom) // 2))
for i, (op, name, color) in enumerate(ops):
    pts = " ".join("%.1f,%.1f" % (x(r["items_per_table"]), y(ms(r, op))) for r in rows)
    svg.append('<polyline fill="none" stroke="%s" stroke-width="2" points="%s"/>' % (color, pts))
    for r in rows:
        svg.append('<circle cx="%.1f" cy="%.1f" r="3" fill="%s"/>' % (
            x(r["items_per_table"]), y(ms(r, op)), color))
    ly = top + 20 + i * 20
    svg.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="2"/>' % (
        w - right + 15, ly, w - right + 35, ly, color))
    svg.append('<text x="%d" y="%d">%s</text>' % (w - right + 40, ly + 4, name))
rate = rows[0]["get"]["rate"]
svg.append('<text x="%d" y="%d" fill="#555">open loop, %s/s</text>' % (
    w - right + 15, top + 20 + len(ops) * 20 + 10, "%g" % rate if rate else "?"))
svg.append('</svg>')
open(sys.argv[2], "w").write("\n".join(svg) + "\n")
print("picture: " + sys.argv[2])
EOF
