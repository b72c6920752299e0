#include "engine/throughput/token_bucket.h"

#include <algorithm>

namespace monotable::throughput {
namespace {
// Refills are products of a rate and milliseconds; comparisons allow for the rounding
// of such products so that, e.g., 1,000 WCU/s admits exactly 1,000 one-unit writes.
constexpr double kEpsilon = 1e-9;
}  // namespace

TokenBucket::TokenBucket(double rate, double capacity, double initial, int64_t now_ms)
    : rate_(rate), capacity_(capacity), tokens_(std::min(initial, capacity)), last_ms_(now_ms) {}

void TokenBucket::Refill(int64_t now_ms) {
  if (now_ms <= last_ms_) return;
  if (tokens_ < capacity_) {
    tokens_ =
        std::min(capacity_, tokens_ + rate_ * static_cast<double>(now_ms - last_ms_) / 1000.0);
  }
  last_ms_ = now_ms;
}

bool TokenBucket::CanTake(double units) const {
  return tokens_ + kEpsilon >= units || (capacity_ > 0 && tokens_ + kEpsilon >= capacity_);
}

void TokenBucket::Reconfigure(double rate, double capacity) {
  rate_ = rate;
  capacity_ = capacity;
  tokens_ = std::min(tokens_, capacity_);
}

}  // namespace monotable::throughput
