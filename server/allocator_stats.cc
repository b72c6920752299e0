#include "server/allocator_stats.h"

#include <cstddef>

// jemalloc's control interface, declared weak so that the server library links without
// jemalloc (its unit tests, the sanitizer builds): there the symbol is null and the
// figures are absent. jemalloc's own header is not included for the same reason.
extern "C" int mallctl(const char* name, void* oldp, size_t* oldlenp, void* newp, size_t newlen)
    __attribute__((weak));

namespace monotable::server {
namespace {

bool Read(const char* name, uint64_t& out) {
  size_t value = 0;
  size_t length = sizeof value;
  if (mallctl(name, &value, &length, nullptr, 0) != 0) return false;
  out = value;
  return true;
}

}  // namespace

AllocatorStats ReadAllocatorStats() {
  AllocatorStats s;
  if (mallctl == nullptr) return s;
  // jemalloc caches its statistics; writing "epoch" refreshes them.
  uint64_t epoch = 1;
  size_t length = sizeof epoch;
  if (mallctl("epoch", &epoch, &length, &epoch, length) != 0) return s;
  // Dirty and muzzy extents are counted in pages, summed over every arena (4096 is
  // MALLCTL_ARENAS_ALL).
  uint64_t page = 0, dirty_pages = 0, muzzy_pages = 0;
  s.available = Read("stats.allocated", s.allocated_bytes) &&
                Read("stats.active", s.active_bytes) && Read("stats.resident", s.resident_bytes) &&
                Read("stats.mapped", s.mapped_bytes) && Read("stats.retained", s.retained_bytes) &&
                Read("stats.metadata", s.metadata_bytes) && Read("arenas.page", page) &&
                Read("stats.arenas.4096.pdirty", dirty_pages) &&
                Read("stats.arenas.4096.pmuzzy", muzzy_pages);
  if (!s.available) return AllocatorStats{};
  s.dirty_bytes = dirty_pages * page;
  s.muzzy_bytes = muzzy_pages * page;
  return s;
}

}  // namespace monotable::server
