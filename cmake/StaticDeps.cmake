# MONOTABLE_STATIC_DEPS: a fully static `monotable` for the container image, whose
# `scratch` runtime stage then holds the binary alone (no libc, libm, libstdc++ or ld.so:
# 5.4 MB of shared objects of which the server calls a small part; bench/SERVER.md has
# the measured breakdown).
#
# Included after the find_package() calls: it re-points the imported targets of the
# libraries at static archives, so every module keeps naming the usual targets (and
# compiles with the same flags, which keeps ccache's entries valid). Debian ships
# archives for RocksDB, OpenSSL, jemalloc and the compression libraries; simdjson,
# prometheus-cpp, spdlog and fmt have only shared objects, so docker/static-deps.sh
# builds their archives from Debian's source packages into MONOTABLE_STATIC_DEPS_DIR.
set(MONOTABLE_STATIC_DEPS_DIR "" CACHE PATH
    "Archives made by docker/static-deps.sh (needed by MONOTABLE_STATIC_DEPS)")
if(NOT IS_DIRECTORY "${MONOTABLE_STATIC_DEPS_DIR}")
  message(FATAL_ERROR "MONOTABLE_STATIC_DEPS needs -DMONOTABLE_STATIC_DEPS_DIR=DIR, "
                      "a directory made by `docker/static-deps.sh DIR`")
endif()

# Points the imported library TARGET at ARCHIVE, for every configuration it was
# exported with (a stale soname would make CMake link the shared object by name).
function(monotable_use_archive target archive)
  if(NOT EXISTS "${archive}")
    message(FATAL_ERROR "${archive} not found (docker/static-deps.sh makes it)")
  endif()
  get_target_property(configs ${target} IMPORTED_CONFIGURATIONS)
  if(configs)
    foreach(config IN LISTS configs)
      set_property(TARGET ${target} PROPERTY IMPORTED_LOCATION_${config} "${archive}")
      set_property(TARGET ${target} PROPERTY IMPORTED_SONAME_${config})
    endforeach()
  endif()
  set_property(TARGET ${target} PROPERTY IMPORTED_LOCATION "${archive}")
endfunction()

# A system archive by file name, or a configure error naming the missing package.
function(monotable_find_archive var file package)
  find_library(${var} NAMES ${file} NO_CACHE)
  if(NOT ${var})
    message(FATAL_ERROR "${file} not found: install ${package}")
  endif()
  set(${var} ${${var}} PARENT_SCOPE)
endfunction()

monotable_use_archive(simdjson::simdjson ${MONOTABLE_STATIC_DEPS_DIR}/libsimdjson.a)
monotable_use_archive(prometheus-cpp::core
                      ${MONOTABLE_STATIC_DEPS_DIR}/libprometheus-cpp-core.a)
monotable_use_archive(spdlog::spdlog ${MONOTABLE_STATIC_DEPS_DIR}/libspdlog.a)
monotable_use_archive(fmt::fmt ${MONOTABLE_STATIC_DEPS_DIR}/libfmt.a)

monotable_find_archive(MONOTABLE_LIBZ libz.a zlib1g-dev)
monotable_use_archive(ZLIB::ZLIB ${MONOTABLE_LIBZ})
# RocksDB's exported link interface names the shared compression libraries and gflags
# (which only RocksDB's command-line tools use). The server configures only LZ4
# (engine/storage/storage.cc), but RocksDB references every codec it was built with.
monotable_find_archive(MONOTABLE_LIBSNAPPY libsnappy.a libsnappy-dev)
monotable_find_archive(MONOTABLE_LIBBZ2 libbz2.a libbz2-dev)
monotable_find_archive(MONOTABLE_LIBLZ4 liblz4.a liblz4-dev)
monotable_find_archive(MONOTABLE_LIBZSTD libzstd.a libzstd-dev)
set_property(TARGET RocksDB::rocksdb PROPERTY INTERFACE_LINK_LIBRARIES
             ${MONOTABLE_LIBSNAPPY} ZLIB::ZLIB ${MONOTABLE_LIBBZ2} ${MONOTABLE_LIBLZ4}
             ${MONOTABLE_LIBZSTD})
