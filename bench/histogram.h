#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace monotable::bench {

// A log-linear histogram of non-negative integers (latencies in nanoseconds), in the
// spirit of HdrHistogram: values below 2^kSubBucketBits are counted exactly, larger
// values in buckets whose width is at most 1/128 of their value. Recording is one
// count_leading_zeros and one increment, so it costs nothing next to a network round
// trip, and memory is fixed (~60 KB) however long the run is, unlike keeping every
// sample.
//
// Not thread-safe: each load-driver thread owns one and they are merged at the end.
class Histogram {
 public:
  Histogram();

  void Record(uint64_t value);
  void Merge(const Histogram& other);

  uint64_t count() const { return count_; }
  uint64_t min() const { return count_ == 0 ? 0 : min_; }
  uint64_t max() const { return max_; }
  double Mean() const;

  // The value at quantile q (0 < q <= 1): the upper edge of the bucket holding the
  // ceil(q * count)-th smallest sample, clamped to the largest value seen. Reporting
  // the upper edge errs on the pessimistic side, as HdrHistogram does.
  uint64_t ValueAtQuantile(double q) const;

 private:
  // 8 bits: 256 exact values, then 128 buckets per power of two (< 0.8% error).
  static constexpr int kSubBucketBits = 8;
  static constexpr uint64_t kHalf = uint64_t{1} << (kSubBucketBits - 1);
  static constexpr size_t kBucketCount = 2 * kHalf + (64 - kSubBucketBits) * kHalf;

  static size_t BucketIndex(uint64_t value);
  static uint64_t BucketUpperBound(size_t index);

  std::vector<uint64_t> counts_;
  uint64_t count_ = 0;
  uint64_t min_ = UINT64_MAX;
  uint64_t max_ = 0;
  // long double: a sum of ~1e9 samples of ~1e9 ns would overflow 64-bit integers.
  long double sum_ = 0;
};

}  // namespace monotable::bench
