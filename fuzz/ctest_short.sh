#!/usr/bin/env bash
# The README test command's short fuzzing run (CTest entry `fuzz_short`): configures a
# clang tree with -DMONOTABLE_FUZZ=ON under BUILD_DIR/fuzz-tree (with ccache when there
# is one), builds the harnesses of the parsers and codecs and only the libraries they
# need (about 70 files), and runs each for SECONDS (default 20) from the committed
# seeds. The HTTP and operations harnesses need the whole engine, protocol and server
# instrumented (about 170 files, some 7 more minutes on 2 cores), which would take the
# test command past 15 minutes: they run in the long form, fuzz/run.sh.
# $FUZZ_SHORT_HARNESSES overrides the list. Exits 77 (CTest: skipped) when
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
read -r -a harnesses <<< "${FUZZ_SHORT_HARNESSES:-expressions partiql codecs catalog}"
cmake --build "$tree" -j"${FUZZ_BUILD_JOBS:-2}" --target "${harnesses[@]/#/fuzz_}" >/dev/null
exec "$here/run.sh" "$seconds" "$tree" "${harnesses[@]}"
