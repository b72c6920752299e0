#!/usr/bin/env bash
# CTest's sdk_go: the scenario of tests/sdk/README.md with the AWS SDK for Go v2.
#   MONOTABLE_BIN=build/monotable tests/sdk/go/run.sh
# Needs Go 1.24 or newer (the SDK's go.mod; Debian bookworm's golang is 1.19): without
# it the entry is skipped. Modules download once into Go's module cache (GOMODCACHE,
# ~/go/pkg/mod) and builds are cached in GOCACHE (~/.cache/go-build); go.sum pins them.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/../toolchain.sh"

need_go sdk_go

cd "$here"
# The test binary is built before the servers start, so that they do not wait on it.
bin="$(sdk_build_dir go)/sdk.test"
GOFLAGS=-mod=readonly go test -c -o "$bin" .
with_servers "$bin" -test.v -test.count=1
