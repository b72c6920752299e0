#!/usr/bin/env bash
# Builds static archives of the four libraries Debian ships only as shared objects
# (simdjson, prometheus-cpp core, spdlog, fmt), from Debian's own source packages of
# the very versions installed, so that the container image's binary can be linked
# fully statically (`-DMONOTABLE_STATIC_DEPS=ON -DMONOTABLE_STATIC_DEPS_DIR=DIR`).
# With any of them shared, libstdc++, libc and libm would have to ship in the image
# beside the binary (5.4 MB); linked in, only the parts the server calls are there.
#
#   docker/static-deps.sh DIR     writes DIR/lib{simdjson,prometheus-cpp-core,spdlog,fmt}.a
#
# A cross build sets CXX and AR to the cross tools (aarch64-linux-gnu-g++, ...) and
# DEB_ARCH to the target's Debian architecture (arm64), whose -dev packages give the
# versions (docker/install-deps.sh cross ARCH installs them).
#
# Each archive is compiled against the headers (and with the compile definitions) the
# CMake targets of the -dev packages give the project's own code, so the objects that
# use them are the same as in a normal build. Needs apt's Debian mirror (a deb-src
# entry is added in a private apt state directory; the system's apt is not touched).
set -euo pipefail
out=$(realpath -m "$1")
mkdir -p "$out"
work=$(mktemp -d /tmp/monotable-static-deps.XXXXXX)
trap 'rm -rf "$work"' EXIT
cd "$work"

mirror=$(awk '/^URIs:/ {print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
[ -n "$mirror" ] || mirror=$(awk '$1=="deb" && $3 ~ /^bookworm$/ {print $2; exit}' /etc/apt/sources.list 2>/dev/null || true)
[ -n "$mirror" ] || { echo "no Debian mirror found in apt's sources" >&2; exit 1; }
mkdir -p lists/partial
echo "deb-src $mirror bookworm main" > sources.list
apt_src=(-o Dir::Etc::SourceList="$work/sources.list" -o Dir::Etc::SourceParts=/dev/null
         -o Dir::State::Lists="$work/lists" -o APT::Sandbox::User=root)
apt-get -qq "${apt_src[@]}" update
# The installed binary packages' versions: the source must match the headers.
version() { dpkg-query -W -f='${source:Version}' "$1${DEB_ARCH:+:$DEB_ARCH}"; }
for pkg in simdjson:libsimdjson-dev prometheus-cpp:prometheus-cpp-dev spdlog:libspdlog-dev \
           fmtlib:libfmt-dev; do
  apt-get -qq "${apt_src[@]}" source --download-only "${pkg%%:*}=$(version "${pkg#*:}")"
done
for t in *.orig.tar.*; do tar xf "$t"; done
simdjson=$(echo simdjson-*) prometheus=$(echo prometheus-cpp-*)

# compile ARCHIVE FLAGS... -- SOURCES...: one static archive, the sources compiled in
# parallel (a failed compiler fails the script through `wait PID`).
compile() {
  local archive=$1; shift
  local flags=() pids=() src pid
  while [ "$1" != -- ]; do flags+=("$1"); shift; done
  shift
  for src in "$@"; do
    "${CXX:-c++}" -std=c++20 -O3 -DNDEBUG "${flags[@]}" -c "$src" -o "$src.o" &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid"; done
  "${AR:-ar}" rcs "$out/$archive" "${@/%/.o}"
}

# The definitions match the -dev packages' CMake targets (FMT_SHARED, SPDLOG_SHARED_LIB
# and friends only set default symbol visibility on Linux), so headers expand alike.
compile libfmt.a -DFMT_SHARED -- fmtlib-*/src/format.cc fmtlib-*/src/os.cc
# -Wno-attributes: spdlog's explicit instantiations repeat a visibility attribute that
# GCC ignores (and says so, once per file).
compile libspdlog.a -DSPDLOG_COMPILED_LIB -DSPDLOG_FMT_EXTERNAL -DSPDLOG_SHARED_LIB \
  -DFMT_SHARED -Wno-attributes -- \
  spdlog-*/src/{spdlog,stdout_sinks,color_sinks,file_sinks,async,cfg}.cpp
compile libprometheus-cpp-core.a -I"$prometheus/core/src" -- \
  "$prometheus"/core/src/*.cc "$prometheus"/core/src/detail/*.cc
compile libsimdjson.a -DSIMDJSON_THREADS_ENABLED=1 -I"$simdjson/include" -I"$simdjson/src" -- \
  "$simdjson/src/simdjson.cpp"
ls -l "$out"
