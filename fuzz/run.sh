#!/usr/bin/env bash
# Runs every libFuzzer harness for SECONDS each, one after the other, from the seed
# corpora in fuzz/corpus (read only: new inputs go to a work directory).
#
#   fuzz/run.sh SECONDS [TREE] [HARNESS ...]
#
# TREE is a build tree configured with -DMONOTABLE_FUZZ=ON (default: build-fuzz); the
# harnesses must be built (cmake --build TREE --target fuzz_harnesses). Findings go to
# $FUZZ_WORK/<harness>/ (default: TREE/fuzz-work), with each harness's log; the exit
# status is non-zero when any harness found a crash, a leak, a timeout or an
# out-of-memory input.
set -euo pipefail
seconds=${1:?usage: fuzz/run.sh SECONDS [TREE] [HARNESS ...]}
here=$(cd "$(dirname "$0")" && pwd)
tree=$(cd "${2:-$here/../build-fuzz}" && pwd)
shift $(( $# >= 2 ? 2 : 1 ))
harnesses=("$@")
[ ${#harnesses[@]} -gt 0 ] || harnesses=(http operations expressions partiql codecs catalog)
work=${FUZZ_WORK:-$tree/fuzz-work}
status=0
for h in "${harnesses[@]}"; do
  binary=$tree/fuzz/fuzz_$h
  [ -x "$binary" ] || { echo "missing $binary (build the fuzz_harnesses target)" >&2; exit 2; }
  mkdir -p "$work/$h/corpus" "$work/$h/findings"
  seeds=()
  [ -d "$here/corpus/$h" ] && seeds=("$here/corpus/$h")
  # -rss_limit_mb: an input that makes the process grow past 2 GB is a finding.
  # -timeout: one input taking over 10 s is a hang.
  if "$binary" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=8192 \
       -print_final_stats=1 \
       -artifact_prefix="$work/$h/findings/" "$work/$h/corpus" "${seeds[@]}" \
       > "$work/$h/log" 2>&1; then
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$work/$h/log" | awk '{s+=$2} END {print s+0}')
    echo "fuzz_$h: ${seconds}s, $runs inputs, no finding"
  else
    status=1
    echo "fuzz_$h: FINDING, see $work/$h/log and $work/$h/findings/" >&2
    grep -m5 -E 'ERROR|SUMMARY|^(a 5xx|an answer)|runtime error' "$work/$h/log" >&2 || true
  fi
done
exit $status
