#!/usr/bin/env bash
# `monotable import` bench: items/s importing LINES DynamoDB-JSON lines (S3 export
# format, ~170 bytes each: an order of a customer) into an on-demand table, RUNS times
# into a fresh table each, and the export of the last one. Prints one line per run and
# the median.
#
#   bench/import.sh [LINES] [RUNS]
#
# Environment: BUILD_DIR (build), PORT (8320), DATA (a fresh temporary dir),
# WRITERS (4: import's parallel connections), THREADS (server I/O threads: 2).
set -euo pipefail

lines=${1:-1000000}
runs=${2:-3}
root=$(cd "$(dirname "$0")/.." && pwd)
build_dir=${BUILD_DIR:-$root/build}
port=${PORT:-8320}
writers=${WRITERS:-4}
threads=${THREADS:-2}
data=${DATA:-$(mktemp -d /tmp/mt-import-bench-XXXXXX)}
bin=$build_dir/monotable
endpoint=http://127.0.0.1:$port
export AWS_ACCESS_KEY_ID=bench AWS_SECRET_ACCESS_KEY=bench AWS_DEFAULT_REGION=us-east-1

/usr/bin/python3 - "$lines" >"$data/items.jsonl" <<'PY'
import sys
out = sys.stdout
for i in range(int(sys.argv[1])):
    c, o = i // 20, i % 20
    out.write('{"Item":{"PK":{"S":"USER#%07d"},"SK":{"S":"ORDER#%04d"},'
              '"amount":{"N":"%d.%02d"},"status":{"S":"%s"},'
              '"note":{"S":"deliver to the back door, ring twice %d"}}}\n'
              % (c, o, i % 997, i % 100, ("PENDING", "SHIPPED", "DELIVERED")[i % 3], i))
PY

"$bin" --port "$port" --db-path "$data/db" --threads "$threads" >"$data/server.log" 2>&1 &
server_pid=$!
trap 'kill $server_pid 2>/dev/null; wait $server_pid 2>/dev/null || true' EXIT
for _ in $(seq 100); do curl -s -o /dev/null "$endpoint/" && break; sleep 0.1; done

create_table() {
  /usr/bin/python3 - "$endpoint" "$1" <<'PY'
import sys, boto3
c = boto3.client("dynamodb", endpoint_url=sys.argv[1])
c.create_table(TableName=sys.argv[2], BillingMode="PAY_PER_REQUEST",
               AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"},
                                     {"AttributeName": "SK", "AttributeType": "S"}],
               KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"},
                          {"AttributeName": "SK", "KeyType": "RANGE"}])
PY
}

rates=()
for run in $(seq "$runs"); do
  table=import$run
  create_table "$table"
  start=$(date +%s.%N)
  "$bin" import --endpoint "$endpoint" --table "$table" --writers "$writers" <"$data/items.jsonl"
  end=$(date +%s.%N)
  rate=$(echo "$lines / ($end - $start)" | bc)
  rates+=("$rate")
  echo "run $run: $lines items in $(echo "$end - $start" | bc) s: $rate items/s"
done
median=$(printf '%s\n' "${rates[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p")
echo "import median: $median items/s ($writers writers, server --threads $threads)"

start=$(date +%s.%N)
exported=$("$bin" export --endpoint "$endpoint" --table "import$runs" --segments "$writers" | wc -l)
end=$(date +%s.%N)
echo "export: $exported items in $(echo "$end - $start" | bc) s:" \
  "$(echo "$exported / ($end - $start)" | bc) items/s"
rm -rf "$data"
