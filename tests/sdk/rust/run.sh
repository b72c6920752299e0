#!/usr/bin/env bash
# The scenario of tests/sdk/README.md with the AWS SDK for Rust: CTest's sdk_rust, a long
# form (the SDK's first compile does not fit the test command's budget; see the README).
#   MONOTABLE_BIN=build/monotable tests/sdk/rust/run.sh
# Needs Rust 1.94.1 or newer (the SDK's rust-version; Debian bookworm's rustc is 1.63):
# without it the entry is skipped. Crates download once into Cargo's registry
# (~/.cargo/registry); Cargo.lock pins them; the build goes to $MONOTABLE_SDK_BUILD_DIR.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/../toolchain.sh"

need_command sdk_rust cargo "install Rust 1.94.1 or newer with rustup"
need_version sdk_rust Rust "$(rustc --version | awk '{print $2}')" 1.94.1 "the SDK's rust-version"

export CARGO_TARGET_DIR
CARGO_TARGET_DIR=$(sdk_build_dir rust)
cd "$here"
# Built before the servers start, so that they do not wait on it.
cargo test --locked --no-run
with_servers cargo test --locked -- --test-threads=2
