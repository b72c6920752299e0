#include "bench/histogram.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace monotable::bench {

Histogram::Histogram() : counts_(kBucketCount, 0) {}

// Values in [0, 2*kHalf) map to themselves. Above that, a value with highest set bit
// e is shifted right by s = e - (kSubBucketBits - 1) so that its top kSubBucketBits
// bits (in [kHalf, 2*kHalf)) select one of kHalf buckets for that power of two.
size_t Histogram::BucketIndex(uint64_t value) {
  if (value < 2 * kHalf) return static_cast<size_t>(value);
  const int e = 63 - std::countl_zero(value);
  const int s = e - (kSubBucketBits - 1);
  const uint64_t top = value >> s;
  return static_cast<size_t>(2 * kHalf + (s - 1) * kHalf + (top - kHalf));
}

uint64_t Histogram::BucketUpperBound(size_t index) {
  if (index < 2 * kHalf) return index;
  const uint64_t offset = index - 2 * kHalf;
  const int s = static_cast<int>(offset / kHalf) + 1;
  const uint64_t top = offset % kHalf + kHalf;
  // For the very last bucket (top + 1) << s wraps to 0, and 0 - 1 is UINT64_MAX,
  // which is the right answer.
  return ((top + 1) << s) - 1;
}

void Histogram::Record(uint64_t value) {
  ++counts_[BucketIndex(value)];
  ++count_;
  min_ = std::min(min_, value);
  max_ = std::max(max_, value);
  sum_ += static_cast<long double>(value);
}

void Histogram::Merge(const Histogram& other) {
  for (size_t i = 0; i < kBucketCount; ++i) counts_[i] += other.counts_[i];
  count_ += other.count_;
  min_ = std::min(min_, other.min_);
  max_ = std::max(max_, other.max_);
  sum_ += other.sum_;
}

double Histogram::Mean() const { return count_ == 0 ? 0.0 : static_cast<double>(sum_ / count_); }

uint64_t Histogram::ValueAtQuantile(double q) const {
  if (count_ == 0) return 0;
  q = std::clamp(q, 0.0, 1.0);
  uint64_t rank = static_cast<uint64_t>(std::ceil(q * static_cast<double>(count_)));
  rank = std::clamp<uint64_t>(rank, 1, count_);
  uint64_t seen = 0;
  for (size_t i = 0; i < kBucketCount; ++i) {
    seen += counts_[i];
    if (seen >= rank) return std::min(BucketUpperBound(i), max_);
  }
  return max_;
}

}  // namespace monotable::bench
