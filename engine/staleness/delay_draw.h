#pragma once
// The delays of eventually consistent reads: each read draws one, uniformly from a
// configured range, from a seeded sequence, so that a run's delays are reproducible (the
// n-th draw depends only on the seed and n).
//
// Thread-safety: Next() is thread-safe (one atomic counter). Errors: none.

#include <atomic>
#include <cstdint>

#include "engine/base/delay_range.h"

namespace monotable::staleness {

class DelayDraw {
 public:
  DelayDraw(DelayRange range, uint64_t seed) : range_(range), seed_(seed) {}

  // The next delay, within the range.
  int64_t Next() { return Next(range_); }
  // The next delay within `range` instead (a table's own, staleness.h), from the same
  // sequence of draws.
  int64_t Next(const DelayRange& range);

  const DelayRange& range() const { return range_; }

 private:
  const DelayRange range_;
  const uint64_t seed_;
  std::atomic<uint64_t> draws_{0};
};

}  // namespace monotable::staleness
