#include "engine/staleness/delay_draw.h"

namespace monotable::staleness {
namespace {

// splitmix64's output function: the n-th value of a seeded stream without state.
uint64_t Mix(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

}  // namespace

int64_t DelayDraw::Next(const DelayRange& range) {
  if (range.max_ms <= range.min_ms) return range.max_ms;
  const uint64_t n = draws_.fetch_add(1, std::memory_order_relaxed);
  const uint64_t span = static_cast<uint64_t>(range.max_ms - range.min_ms) + 1;
  return range.min_ms + static_cast<int64_t>(Mix(seed_ + (n + 1) * 0x9e3779b97f4a7c15ULL) % span);
}

}  // namespace monotable::staleness
