#!/usr/bin/env bash
# Backup and restore bench: CreateBackup of a table of ITEMS items (time until the backup
# is AVAILABLE, and PutItem throughput on that same table while the copy runs, against a
# baseline just before), then RestoreTableFromBackup (items/s until the new table is
# ACTIVE, its GSI rebuilt from the items).
#
#   bench/backups.sh [ITEMS]
#
# Environment: BUILD_DIR (build-bench), PORT (8320), DATA (a fresh temporary dir),
# CONNECTIONS (16), RUNS (3), PUT_SECONDS (3).
#
# The table is monotable_bench's `backupbench` (one GSI, ~230-byte profiles). The
# timings come from the server's log ("backup <id> of table 'backupbench': N items
# copied in T ms", "restore of table '<t>': N items loaded, T ms after the request").
set -euo pipefail

items=${1:-1000000}
root=$(cd "$(dirname "$0")/.." && pwd)
build_dir=${BUILD_DIR:-$root/build-bench}
port=${PORT:-8320}
connections=${CONNECTIONS:-16}
runs=${RUNS:-3}
put_seconds=${PUT_SECONDS:-3}
data=${DATA:-$(mktemp -d /tmp/mt-backup-bench-XXXXXX)}
log=$data/server.log

# shellcheck source=bench/server_control.sh
source "$root/bench/server_control.sh"
build_server_and_bench
put_run() {  # PutItem on the backed-up table itself -> monotable_bench's JSON line
  "$bench" --port "$port" --table backupbench --preloaded --gsis 1 --keys "$items" --op put \
    --connections "$connections" --duration "$put_seconds" --warmup 0.3 | tail -1
}

echo "data: $data"
start_server
t0=$(date +%s.%N)
"$bench" --port "$port" --table backupbench --setup --gsis 1 --keys "$items" --op put \
  --connections "$connections" --duration 0.1 --warmup 0 --max-requests 1 \
  --setup-timeout 1800 >/dev/null
echo "loaded $items items in $(echo "$(date +%s.%N) - $t0" | bc) s"
# Restart: the memtables are flushed, the backup reads SST files as it would in service.
stop_server
start_server

for run in $(seq "$runs"); do
  : >"$log"
  baseline=$(put_run)
  aws_ create-backup --table-name backupbench --backup-name "run$run" >/dev/null
  during=$(put_run)
  copied=$(wait_for_log "of table 'backupbench': [0-9]* items copied" 1800)
  arn=$(aws_ list-backups --table-name backupbench --query "BackupSummaries[-1].BackupArn")
  aws_ restore-table-from-backup --backup-arn "$arn" --target-table-name "restored$run" >/dev/null
  restored=$(wait_for_log "restore of table 'restored$run'" 1800)
  echo "run $run"
  echo "  PutItem before:         $baseline"
  echo "  PutItem during backup:  $during"
  echo "  backup:  $copied"
  echo "  restore: $restored"
  aws_ delete-table --table-name "restored$run" >/dev/null
  aws_ delete-backup --backup-arn "$arn" >/dev/null
done
