#!/usr/bin/env bash
# CTest's jepsen: the checkers' own tests (go test), the harness' self-test (an in-memory
# server, which a kill wipes, must be found anomalous), then the short form: 30 s of
# register and bank clients while the nemesis kills and pauses the server (seed
# $MONOTABLE_JEPSEN_SEED, default 1), every history checked by Porcupine and the data
# directory by `monotable check` after each kill. The long form is long.sh.
#   MONOTABLE_BIN=build/monotable tests/jepsen/run.sh
# Needs Go 1.24 or newer (the SDK's go.mod): without it the entry is skipped. Modules
# download once into Go's module cache; go.sum pins them. A failing run keeps its
# directory (report, server logs, history.json and Porcupine's HTML visualisation).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/../sdk/toolchain.sh"

need_go jepsen

cd "$here"
export GOFLAGS=-mod=readonly
go test -count=1 .
bin="$(sdk_build_dir jepsen)/jepsen"
go build -o "$bin" .
# The harness' own test: a server --in-memory loses everything at a kill, and the run
# must say so (exit 1, Porcupine finding the register history illegal).
neg=$(mktemp -d /tmp/monotable-jepsen-XXXXXX)
code=0
"$bin" -in-memory -duration 10s -nemesis kill -gap-min 3s -gap-max 4s -out "$neg" \
  >"$neg/report.json" 2>/dev/null || code=$?
if [ "$code" -ne 1 ] || ! grep -q '"register": "Illegal"' "$neg/report.json"; then
  cat "$neg/report.json" >&2
  echo "jepsen: a run whose kills wipe the data was not found anomalous (exit $code): $neg" >&2
  exit 1
fi
echo "jepsen: the in-memory run's lost writes were found ($(grep -o '"anomaly_count": [0-9]*' "$neg/report.json"))"
rm -rf "$neg"
out=$(mktemp -d /tmp/monotable-jepsen-XXXXXX)
if "$bin" -duration 30s -nemesis kill,pause -seed "${MONOTABLE_JEPSEN_SEED:-1}" -out "$out" \
    >"$out/report.json"; then
  cat "$out/report.json"
  rm -rf "$out"
else
  code=$?
  cat "$out/report.json" >&2
  echo "jepsen: the run failed ($code); its files are in $out" >&2
  exit 1
fi
