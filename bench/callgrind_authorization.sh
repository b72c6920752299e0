#!/usr/bin/env bash
# What --iam costs one request in the protocol: instructions per GetItem (or PutItem)
# through protocol::Protocol::Handle, from callgrind, without an authorizer and with
# alice's three-statement policy (bench/authorization_cost.cc), and the difference.
#
#   bench/callgrind_authorization.sh BUILD_DIR [get|put]      (default get)
#
# BUILD_DIR holds monotable_authorization_bench (ninja -C BUILD_DIR
# monotable_authorization_bench). Each run is one process under `valgrind
# --tool=callgrind --instr-atstart=no`: the bench turns instrumentation on around the
# measured requests only (table creation, the preload and WARMUP requests are not
# counted), so the dump's total Ir / REQUESTS is the cost of one request, JSON parse to
# response. The keys cycle (no random seed), yet runs differ by up to ±70 instructions
# per request: the engine reads the clock and makes ids.
# Environment (defaults): REQUESTS (2000), WARMUP (500), KEYS (1000).
# Output: "get without 24888", "get with 26001", "get added 1113 (4.5%)".
set -Eeuo pipefail
trap 'echo "$0: failed at line $LINENO: $BASH_COMMAND" >&2' ERR

[ $# -ge 1 ] || { echo "usage: $0 BUILD_DIR [get|put]" >&2; exit 2; }
build=$(cd "$1" && pwd)
op=${2:-get}
REQUESTS=${REQUESTS:-2000}
WARMUP=${WARMUP:-500}
KEYS=${KEYS:-1000}
bench="$build/monotable_authorization_bench"
[ -x "$bench" ] || { echo "missing executable: $bench" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "missing command: valgrind" >&2; exit 2; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/callgrind_authorization.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

per_request() {  # $1: without|with
  local flags=(--op "$op" --requests "$REQUESTS" --warmup "$WARMUP" --keys "$KEYS")
  [ "$1" = with ] && flags+=(--iam)
  valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file="$tmp/$1.out" \
    "$bench" "${flags[@]}" >"$tmp/$1.log" 2>&1 || { cat "$tmp/$1.log" >&2; exit 1; }
  local total
  total=$(awk '/^totals:/ {print $2}' "$tmp/$1.out")
  echo $(( (total + REQUESTS / 2) / REQUESTS ))
}

without=$(per_request without)
with=$(per_request with)
echo "$op without $without"
echo "$op with $with"
awk -v a="$without" -v b="$with" -v op="$op" \
  'BEGIN { printf "%s added %d (%.1f%%)\n", op, b - a, (b - a) * 100.0 / a }'
