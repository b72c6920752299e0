#!/usr/bin/env bash
# The one list of monotable's dependencies, used by the README, CI (.ci/run) and the
# Dockerfile. Installs only what is missing, from Debian's packages.
#
#   docker/install-deps.sh build     compilers, libraries and headers to build
#   docker/install-deps.sh test      build + what the tests drive the server with
#   docker/install-deps.sh fuzz      build + clang and libFuzzer (fuzz/README.md)
#   docker/install-deps.sh runtime   shared libraries the binary needs at run time
#   docker/install-deps.sh cross ARCH  the build tools for this machine and the libraries
#                                    for Debian architecture ARCH (arm64): a cross build
#                                    (docker/Dockerfile's build stage for another platform)
set -euo pipefail

build_packages=(g++ cmake make python3 librocksdb-dev libsimdjson-dev libboost-dev
                libssl-dev libgtest-dev zlib1g-dev libjemalloc-dev libspdlog-dev
                prometheus-cpp-dev)
# chromium, chromium-driver and python3-selenium: the web console's browser tests
# (tests/integration/test_console.py) in a real headless Chromium. python3-venv: the
# tests' virtual environment of pinned Python clients (tests/python/venv.sh). valgrind:
# bench/'s callgrind scripts, and the header monotable_authorization_bench builds with.
test_packages=(python3 python3-pytest python3-boto3 python3-prometheus-client python3-venv
               awscli curl clang-format clang-tidy chromium chromium-driver python3-selenium
               valgrind)
# The long-form fuzzing (fuzz/run.sh) builds the harnesses with clang and libFuzzer; the
# test command only replays their corpora, with the ordinary compiler.
fuzz_packages=(clang libclang-rt-14-dev)
# RocksDB itself is linked in statically (CMakeLists.txt); the compression libraries it
# was built with stay shared.
runtime_packages=(libsnappy1v5 liblz4-1 libzstd1 libbz2-1.0 libsimdjson14 libssl3 libjemalloc2
                  libspdlog1.10 libfmt9 libprometheus-cpp-core1.0 ca-certificates curl)
# A cross build: the tools run here, the libraries (build_packages' -dev packages) are the
# target's, from Debian's multiarch archive, and the cross compiler comes with
# crossbuild-essential-ARCH.
cross_tools=(cmake make python3)
cross_libraries=(librocksdb-dev libsimdjson-dev libboost-dev libssl-dev zlib1g-dev
                 libjemalloc-dev libspdlog-dev prometheus-cpp-dev)
# Node.js and npm run the JavaScript SDK test (tests/integration/js); a JDK and Maven
# the Java SDK test (tests/sdk/java). They are wanted only when the command is missing:
# a machine may already have them from elsewhere (NodeSource's nodejs bundles npm and
# conflicts with Debian's npm package). Go and Rust are not here: Debian bookworm's are
# too old for the AWS SDKs, and those entries skip themselves without a newer one.
test_commands=(node:nodejs npm:npm javac:default-jdk-headless mvn:maven)

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
commands=()  # command:package pairs, the package wanted when the command is missing
case "${1:-build}" in
  build)   wanted=("${build_packages[@]}") ;;
  test)    wanted=("${build_packages[@]}" "${test_packages[@]}")
           commands=("${test_commands[@]}") ;;
  fuzz)    wanted=("${build_packages[@]}" "${fuzz_packages[@]}") ;;
  runtime) wanted=("${runtime_packages[@]}") ;;
  cross)   arch=${2:?usage: $0 cross ARCH}
           if ! dpkg --print-foreign-architectures | grep -qx "$arch"; then
             $sudo dpkg --add-architecture "$arch"
           fi
           wanted=("${cross_tools[@]}" "crossbuild-essential-$arch"
                   "${cross_libraries[@]/%/:$arch}") ;;
  *) echo "usage: $0 build|test|fuzz|runtime|cross ARCH" >&2; exit 2 ;;
esac

missing=()
for p in "${wanted[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" \
    || missing+=("$p")
done
for pair in "${commands[@]}"; do
  command -v "${pair%%:*}" >/dev/null || missing+=("${pair#*:}")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "installing: ${missing[*]}" >&2
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
  "${missing[@]}" >/dev/null
