#!/usr/bin/env bash
# Does a GetItem wait behind another connection's long Scan page? GetItem latency over
# CONNECTIONS connections alone, then while full-table Scans (SEGMENTS parallel
# segments, 1 MB pages, one connection each) run over and over on the same server.
#
#   bench/scan_get_mix.sh BUILD_DIR
#
# Environment (defaults): CONNECTIONS (16), SEGMENTS (2), DURATION (8), WARMUP (1),
# MT_FLAGS (extra server flags, e.g. "--threads 4"). The server runs in memory on a
# free loopback port with 110,000 profiles (GetItem) and 5,500 x 20 orders (Scan).
# Output: the JSON line of each GetItem run ("alone", "with scans") and of the scans.
set -Eeuo pipefail
trap 'echo "$0: failed at line $LINENO: $BASH_COMMAND" >&2' ERR

[ $# -ge 1 ] || { sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
build=$(cd "$1" && pwd)
CONNECTIONS=${CONNECTIONS:-16}
SEGMENTS=${SEGMENTS:-2}
DURATION=${DURATION:-8}
WARMUP=${WARMUP:-1}
MT_FLAGS=${MT_FLAGS:-}
# shellcheck source=bench/server_lib.sh
. "$(dirname "$0")/server_lib.sh"
find_binaries "$build"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/scan_get_mix.XXXXXX")
server_pid=""
scan_pid=""
cleanup() {
  for p in $scan_pid $server_pid; do kill -TERM "$p" 2>/dev/null || true; done
  for p in $scan_pid $server_pid; do wait "$p" 2>/dev/null || true; done
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# shellcheck disable=SC2086
start_memory_server "$tmp/server.log" $MT_FLAGS

bench() { timeout 600 "$bench_bin" --host 127.0.0.1 --port "$port" "$@"; }
gets=(--op get --keys 110000 --table mix_items)
scans=(--op scan --keys 5500 --table mix_orders --segments "$SEGMENTS")
bench "${gets[@]}" --setup --connections 16 --duration 1 --warmup 0 >/dev/null
bench "${scans[@]}" --setup --connections 16 >/dev/null

run_gets() {
  bench "${gets[@]}" --preloaded --connections "$CONNECTIONS" --duration "$DURATION" \
    --warmup "$WARMUP" | grep '^{' | tail -1 | sed "s/^{/{\"case\":\"$1\",/"
}
run_gets alone
# Scans in a loop for the whole GetItem run.
(while :; do bench "${scans[@]}" --preloaded | grep '^{' | tail -1; done >"$tmp/scans.log" 2>&1) &
scan_pid=$!
sleep 1
run_gets "with scans"
kill -TERM "$scan_pid" 2>/dev/null || true
wait "$scan_pid" 2>/dev/null || true
scan_pid=""
head -1 "$tmp/scans.log"
