#!/usr/bin/env bash
# The long form of CTest's jepsen (docs/JEPSEN.md): each nemesis alone (kill, pause,
# disk; disk needs root to mount its tmpfs) for MINUTES (default 30), then one line per
# nemesis: operations, faults, `monotable check` runs, Porcupine partitions, anomalies.
# Each run's directory (report.json, server logs; on a failure history.json and the
# HTML visualisations) is kept under OUT (default a new /tmp/monotable-jepsen-long-*).
#   MONOTABLE_BIN=build/monotable tests/jepsen/long.sh [MINUTES] [SEED] [NEMESES]
# THINK (default 20ms): the most each client waits between two operations.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/../sdk/toolchain.sh"
need_go jepsen-long
minutes=${1:-30}
seed=${2:-1}
nemeses=${3:-kill pause disk}
bin_dir=${MONOTABLE_BIN:-$here/../../build/monotable}
out=${OUT:-$(mktemp -d /tmp/monotable-jepsen-long-XXXXXX)}
cd "$here"
GOFLAGS=-mod=readonly go build -o "$out/jepsen" .
status=0
for nemesis in $nemeses; do
  "$out/jepsen" -bin "$bin_dir" -nemesis "$nemesis" -duration "${minutes}m" -segment 60s \
    -think "${THINK:-20ms}" -seed "$seed" -out "$out/$nemesis" >"$out/$nemesis.json" || status=1
done
python3 - "$out" $nemeses <<'PY'
import json, sys
out = sys.argv[1]
for nemesis in sys.argv[2:]:
    r = json.load(open(f"{out}/{nemesis}.json"))
    ops = sum(r["ops"].values())
    unknown = sum(v for k, v in r["ops"].items() if k.endswith("/unknown"))
    print(f"{nemesis}: {r['duration']}, {ops} operations ({unknown} unknown), faults {r['faults']}, "
          f"{r['data_checks']} monotable checks, partitions {r['partitions_checked']}, "
          f"checked in {r['check_time']}, anomalies: {r['anomalies'] or 'none'}")
PY
echo "runs in $out"
exit $status
