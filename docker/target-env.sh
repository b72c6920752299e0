# Sourced (POSIX sh) by docker/Dockerfile's build stage: the tools that build for the
# image's platform. The stage runs on the build machine's own platform (no emulation);
# when the target is another architecture (podman build --platform linux/arm64), the
# compiler, archiver and strip are Debian's cross tools and CMake gets their toolchain
# file. Sets CXX, AR, STRIP, DEB_ARCH (the target's Debian architecture) and CMAKE_CROSS
# (extra cmake arguments, empty for a native build).
#
#   TARGETARCH=arm64 BUILDARCH=amd64 . docker/target-env.sh
CMAKE_CROSS=""
DEB_ARCH=$(dpkg --print-architecture)
CXX=c++ AR=ar STRIP=strip
if [ -n "${TARGETARCH:-}" ] && [ "$TARGETARCH" != "$DEB_ARCH" ]; then
  case "$TARGETARCH" in
    arm64) triplet=aarch64-linux-gnu ;;
    *) echo "target-env.sh: no cross toolchain for $TARGETARCH" >&2; exit 1 ;;
  esac
  DEB_ARCH=$TARGETARCH
  CXX=$triplet-g++ AR=$triplet-ar STRIP=$triplet-strip
  CMAKE_CROSS="-DCMAKE_TOOLCHAIN_FILE=/src/docker/$triplet.cmake"
fi
export CXX AR STRIP DEB_ARCH CMAKE_CROSS
