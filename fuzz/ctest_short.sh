#!/usr/bin/env bash
# The README test command's short fuzzing run (CTest entry `fuzz_short`): configures a
# clang tree with -DMONOTABLE_FUZZ=ON under BUILD_DIR/fuzz-tree (with ccache when there
# is one), builds the harnesses and only the libraries they need, and runs each harness
# for SECONDS (default 20) from the committed seeds. Exits 77 (CTest: skipped) when
# clang or libFuzzer is missing. $FUZZ_TREE names another tree to use (one already
# built with -DMONOTABLE_FUZZ=ON, e.g. build-fuzz).
#
#   fuzz/ctest_short.sh BUILD_DIR [SECONDS]
set -euo pipefail
build=${1:?usage: fuzz/ctest_short.sh BUILD_DIR [SECONDS]}
seconds=${2:-20}
here=$(cd "$(dirname "$0")" && pwd)
if ! command -v clang++ >/dev/null ||
   ! echo 'extern "C" int LLVMFuzzerTestOneInput(const char*, long) { return 0; }' |
     clang++ -x c++ -fsanitize=fuzzer - -o /dev/null 2>/dev/null; then
  echo "clang++ with libFuzzer (libclang-rt-dev) not found: skipped" >&2
  exit 77
fi
tree=${FUZZ_TREE:-$build/fuzz-tree}
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake -S "$here/.." -B "$tree" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Release \
  -DMONOTABLE_FUZZ=ON -DMONOTABLE_TESTS=OFF "${launcher[@]}" >/dev/null
cmake --build "$tree" --target fuzz_harnesses -j"${FUZZ_BUILD_JOBS:-2}" >/dev/null
exec "$here/run.sh" "$seconds" "$tree"
