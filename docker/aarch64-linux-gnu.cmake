# CMake toolchain for a linux/arm64 build on another machine with Debian's cross
# compiler (crossbuild-essential-arm64) and the arm64 -dev packages from its multiarch
# archive (docker/install-deps.sh cross arm64). Libraries and CMake package files are
# found under /usr/lib/aarch64-linux-gnu; programs (python3 for the console's embedding)
# are the build machine's.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
