# Sourced by tests/sdk/*/run.sh: the toolchain checks that turn a missing or too old
# toolchain into CTest's skip (exit 77, SKIP_RETURN_CODE in tests/CMakeLists.txt) with
# the reason printed, never a silent pass.

# skip ENTRY REASON: prints "ENTRY skipped: REASON" and exits 77.
skip() {
  echo "$1 skipped: $2" >&2
  exit 77
}

# need_command ENTRY COMMAND HINT: skips ENTRY when COMMAND is not on PATH.
need_command() {
  command -v "$2" >/dev/null || skip "$1" "$2 not found ($3)"
}

# need_version ENTRY WHAT FOUND WANTED HINT: skips ENTRY unless version FOUND (dotted
# numbers, e.g. 1.26.8) is at least WANTED.
need_version() {
  local lowest
  lowest=$(printf '%s\n%s\n' "$3" "$4" | sort -V | head -n 1)
  [ "$lowest" = "$4" ] || skip "$1" "$2 $3 is older than the $4 it needs ($5)"
}

# need_go ENTRY: skips ENTRY without Go 1.24 or newer (the AWS SDK for Go v2's go.mod;
# Debian bookworm's golang is 1.19).
need_go() {
  need_command "$1" go "install Go 1.24 or newer from go.dev"
  local found
  found=$(go env GOVERSION)
  need_version "$1" Go "${found#go}" 1.24 "install Go 1.24 or newer from go.dev"
}

# The build outputs' directory: $MONOTABLE_SDK_BUILD_DIR (CTest sets it under the build
# tree), else build/sdk/NAME in the repository.
sdk_build_dir() {
  local dir=${MONOTABLE_SDK_BUILD_DIR:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/build/sdk/$1}
  mkdir -p "$dir"
  (cd "$dir" && pwd)
}

# The launcher of the scenario's servers (tests/sdk/with_servers.py), run by Debian's
# python3 as the integration tests are.
with_servers() {
  local python=${MONOTABLE_SYSTEM_PYTHON:-python3}
  "$python" "$(dirname "${BASH_SOURCE[0]}")/with_servers.py" "$@"
}
