#!/usr/bin/env bash
# Time to Live sweep bench: how fast 1,000,000 items that expire together are deleted
# from a table with one GSI, and how much foreground PutItem throughput is left while
# that sweep runs.
#
#   bench/ttl_sweep.sh [ITEMS]
#
# Environment: BUILD_DIR (build-bench), PORT (8310), DATA (a fresh temporary dir),
# CONNECTIONS (16), PUT_SECONDS (4), FG_KEYS (100000).
#
# 1. Server with --ttl-sweep-interval 0 (no sweep). Table `ttlbench` (GSI1) gets ITEMS
#    profiles whose "expiresAt" lies a minute in the past (time travel through values),
#    TTL is enabled on it and the backfill indexes them; table `foreground` (GSI1) gets
#    FG_KEYS profiles without expiry for the foreground load.
# 2. Restart with --ttl-sweep-interval 6: PutItem on `foreground` for PUT_SECONDS before
#    the first sweep, during it, and after it (the baseline is the mean of before and
#    after, so that drift in the machine's other load shows).
# 3. Load the ITEMS again, restart, and let the sweep run alone.
# The sweep rates come from the server's log ("Time to Live deleted N expired items of
# table 'ttlbench' in T ms"); the PutItem rates from monotable_bench's JSON lines.
set -euo pipefail

items=${1:-1000000}
root=$(cd "$(dirname "$0")/.." && pwd)
build_dir=${BUILD_DIR:-$root/build-bench}
port=${PORT:-8310}
connections=${CONNECTIONS:-16}
put_seconds=${PUT_SECONDS:-4}
fg_keys=${FG_KEYS:-100000}
data=${DATA:-$(mktemp -d /tmp/mt-ttl-bench-XXXXXX)}
log=$data/server.log

# shellcheck source=bench/server_control.sh
source "$root/bench/server_control.sh"
build_server_and_bench

load_expired() {  # writes ITEMS profiles into ttlbench, expired a minute ago
  "$bench" --port "$port" --table ttlbench --setup --gsis 1 --keys "$items" --op put \
    --connections "$connections" --expires-at $(($(date +%s) - 60)) --duration 0.1 \
    --warmup 0 --max-requests 1 --setup-timeout 1800 >/dev/null
}


server_cpu() {  # CPU seconds the server has used (user + system, all threads)
  awk -v hz="$(getconf CLK_TCK)" '{printf "%.2f", ($14 + $15) / hz}' "/proc/$server_pid/stat"
}
sweep_thread_cpu() {  # CPU seconds of the server's ttl-sweep thread
  for task in /proc/"$server_pid"/task/*; do
    if [ "$(cat "$task/comm")" = ttl-sweep ]; then
      awk -v hz="$(getconf CLK_TCK)" '{printf "%.2f", ($14 + $15) / hz}' "$task/stat"
      return
    fi
  done
  echo 0
}
machine_busy() {  # cumulative busy and total jiffies of the whole machine
  awk '/^cpu /{busy=$2+$3+$4+$7+$8+$9; print busy, busy+$5+$6}' /proc/stat
}

put_run() {  # put_run LABEL -> the JSON line
  "$bench" --port "$port" --table foreground --preloaded --keys "$fg_keys" --op put \
    --connections "$connections" --duration "$put_seconds" --warmup 0.5 | tail -1
}

echo "data: $data"
start_server --ttl-sweep-interval 0
t0=$(date +%s.%N)
load_expired
"$bench" --port "$port" --table foreground --setup --gsis 1 --keys "$fg_keys" --op put \
  --connections "$connections" --duration 0.1 --warmup 0 --max-requests 1 >/dev/null
echo "loaded $items + $fg_keys items in $(echo "$(date +%s.%N) - $t0" | bc) s"
aws_ update-time-to-live --table-name ttlbench \
  --time-to-live-specification Enabled=true,AttributeName=expiresAt >/dev/null
wait_for_log "backfill of table 'ttlbench' finished" 600
stop_server

# The first sweep starts 6 s after the start: PutItem before it, during it and after it,
# on the same server, so that the machine's drift (other load) shows in the baseline.
: >"$log"
start_server --ttl-sweep-interval 6
started=$(date +%s.%N)
before=$(put_run)
wait_s=$(echo "6.3 - ($(date +%s.%N) - $started)" | bc)
if [ "$(echo "$wait_s > 0" | bc)" = 1 ]; then sleep "$wait_s"; fi
during=$(put_run)
sweep_loaded=$(wait_for_log "deleted [0-9]* expired items of table 'ttlbench'" 900)
after=$(put_run)
echo "PutItem before the sweep: $before"
echo "PutItem during the sweep: $during"
echo "PutItem after the sweep:  $after"
echo "sweep under load: $sweep_loaded"
stop_server

: >"$log"
start_server --ttl-sweep-interval 0
load_expired
aws_ describe-time-to-live --table-name ttlbench
stop_server
: >"$log"
start_server --ttl-sweep-interval 1
cpu0=$(server_cpu)
read -r busy0 total0 < <(machine_busy)
sweep_alone=$(wait_for_log "deleted [0-9]* expired items of table 'ttlbench'" 900)
cpu1=$(server_cpu)
thread_cpu=$(sweep_thread_cpu)
read -r busy1 total1 < <(machine_busy)
echo "sweep alone: $sweep_alone"
sweep_cpu=$(echo "$cpu1 - $cpu0" | bc)
machine=$(echo "scale=2; 100 * ($busy1 - $busy0) / ($total1 - $total0)" | bc)
left=$(aws_ describe-table --table-name ttlbench --query Table.ItemCount)
gsi_left=$(aws_ describe-table --table-name ttlbench \
  --query 'Table.GlobalSecondaryIndexes[0].ItemCount')
echo "items left: $left, GSI entries left: $gsi_left"
stop_server

rps() { sed -n 's/.*"rps":\([0-9.]*\).*/\1/p' <<<"$1"; }
baseline=$(echo "scale=1; ($(rps "$before") + $(rps "$after")) / 2" | bc)
echo
echo "PutItem/s before, during, after the sweep: $(rps "$before"), $(rps "$during"), $(rps "$after")"
echo "during / mean(before, after):              $(echo "scale=3; $(rps "$during") / $baseline" | bc)"
echo "sweep alone:            $(sed -n 's/.*(\([0-9]* items\/s\)).*/\1/p' <<<"$sweep_alone")"
echo "sweep under PutItem:    $(sed -n 's/.*(\([0-9]* items\/s\)).*/\1/p' <<<"$sweep_loaded")"
echo "server CPU during the sweep alone: $sweep_cpu s, $(echo "$items / $sweep_cpu" | bc) items per CPU-second"
echo "  of which the ttl-sweep thread: $thread_cpu s, $(echo "$items / $thread_cpu" | bc) items per CPU-second"
echo "machine busy during it (all processes, ${machine}% of $(nproc) cores)"
