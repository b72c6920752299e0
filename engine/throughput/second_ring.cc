#include "engine/throughput/second_ring.h"

#include <algorithm>

namespace monotable::throughput {

SecondSample& SecondRing::At(int64_t second) {
  if (!slots_) {
    slots_ = std::make_unique<std::array<SecondSample, kSeconds>>();
    // Mark every slot as "long ago" so that Last() never reports a stale zero-second.
    for (auto& s : *slots_) s.second = second - kSeconds;
  }
  if (second <= newest_ - kSeconds) {
    scratch_ = {};
    scratch_.second = second;
    return scratch_;
  }
  newest_ = std::max(newest_, second);
  SecondSample& slot = (*slots_)[static_cast<size_t>(((second % kSeconds) + kSeconds) % kSeconds)];
  if (slot.second != second) {
    slot = {};
    slot.second = second;
  }
  return slot;
}

std::vector<SecondSample> SecondRing::Last(int64_t now_second, int64_t n) const {
  n = std::clamp<int64_t>(n, 0, kSeconds);
  std::vector<SecondSample> out(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) {
    const int64_t second = now_second - n + 1 + i;
    out[static_cast<size_t>(i)].second = second;
    if (!slots_) continue;
    const SecondSample& slot =
        (*slots_)[static_cast<size_t>(((second % kSeconds) + kSeconds) % kSeconds)];
    if (slot.second == second) out[static_cast<size_t>(i)] = slot;
  }
  return out;
}

}  // namespace monotable::throughput
