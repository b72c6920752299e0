#pragma once
// The memory allocator's own figures, read through jemalloc's mallctl() when the process
// runs on jemalloc (the monotable binary links it unless built with the sanitizers; the
// test binaries do not). They tell apart what RSS holds beside RocksDB's accounted memory
// (bench/SOAK.md):
//   allocated  bytes of live allocations (a leak or an unbounded structure grows this)
//   active     pages holding live allocations (active - allocated: fragmentation)
//   resident   pages jemalloc has touched and not returned (resident - active: dirty and
//              muzzy pages freed but not yet purged, plus its metadata)
//   mapped     bytes of the extents it has mapped; retained: virtual memory kept for reuse
//              (not resident)
//   dirty/muzzy  freed pages waiting for the decay to purge them
//
// Thread-safety: ReadAllocatorStats may be called from any thread (mallctl is); the
// "epoch" write it does first refreshes jemalloc's cached statistics for every reader.
// Errors: none; without jemalloc (or when a mallctl fails) `available` is false and
// the figures are 0.

#include <cstdint>

namespace monotable::server {

struct AllocatorStats {
  bool available = false;
  uint64_t allocated_bytes = 0;
  uint64_t active_bytes = 0;
  uint64_t resident_bytes = 0;
  uint64_t mapped_bytes = 0;
  uint64_t retained_bytes = 0;
  uint64_t metadata_bytes = 0;
  uint64_t dirty_bytes = 0;
  uint64_t muzzy_bytes = 0;
};

AllocatorStats ReadAllocatorStats();

}  // namespace monotable::server
