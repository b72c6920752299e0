#pragma once
// The live state of one partition: its hard ceiling (3,000 RCU / 1,000 WCU per second
// as a linear mix, no burst: "burst capacity can't alleviate partition-level
// throttling", Knowledge Center, "How does DynamoDB handle spiky workloads"), its
// counters, its per-second ring, and what it has seen of its key range while hot.
//
// Thread-safety: `mu` guards every member except the atomic counters, which may be read
// without it (relaxed: they are statistics). The owning resource keeps a Partition's
// address stable while its shared lock is held.
// Errors: none.

#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>

#include "engine/throughput/key_insights.h"
#include "engine/throughput/partition_map.h"
#include "engine/throughput/second_ring.h"
#include "engine/throughput/throttling_reason.h"
#include "engine/throughput/token_bucket.h"

namespace monotable::throughput {

// When a partition splits for heat: consumption at or above `load_fraction` of its
// ceiling for `seconds` consecutive seconds. With `split_by_sort_key`, a partition hot
// on one partition key only may split inside that item collection, at a sort key, when
// its requests carried more than one sort key and did not move monotonically up or down
// the sort keys (Developer Guide, "Best practices for designing and using partition
// keys effectively": "as long as the item collection isn't traffic that is tracked by a
// monotonic increase or decrease of the sort key"). One item never splits.
struct HeatPolicy {
  double load_fraction = 0;
  int seconds = 0;
  bool split_by_sort_key = false;
};

// Totals since the partition was created; monotonic, for Prometheus counters.
struct PartitionTotals {
  double read_units = 0;
  double write_units = 0;
  uint64_t read_throttled = 0;
  uint64_t write_throttled = 0;

  PartitionTotals& operator+=(const PartitionTotals& o);
};

class Partition {
 public:
  Partition(HashRange range, int64_t now_ms);
  // A child of a split: inherits the parent's ceiling tokens (clamped to a fresh bucket).
  Partition(HashRange range, const Partition& parent, int64_t now_ms);

  const HashRange& range() const { return range_; }

  // Under mu. Whether the ceiling can take `units` of `op` now (after Refill).
  void Refill(int64_t now_ms) { ceiling_.Refill(now_ms); }
  bool CanTake(Op op, double units) const;
  // Under mu. Takes `units` of `op` from the ceiling (negative gives back).
  void Take(Op op, double units);
  // Under mu. Counts `units` consumed by a request on `key` (negative when settled
  // lower) in the totals, the ring and the heat of this second.
  void RecordConsumed(int64_t now_ms, const KeyRef& key, Op op, double units,
                      const HeatPolicy& heat);
  // Under mu. Records a refused request (or one observe mode would have refused).
  void RecordThrottle(int64_t now_ms, const KeyRef& key, Op op, const HeatPolicy& heat);

  // Set (under mu) once the partition has been hot long enough over more than one key;
  // read without mu by the admission path to decide whether to take the split lock.
  bool wants_split() const { return wants_split_.load(std::memory_order_relaxed); }
  // Under mu. Where a heat split should cut: the middle of the hashes seen while hot.
  HashRange seen() const { return {seen_min_, seen_max_}; }
  // Under mu. When every request seen while hot was on one hash: a sort key strictly
  // above the lowest and at most the highest sort key seen, the middle of the two (empty
  // when they do not differ, or the traffic moved monotonically along the sort keys).
  std::string SortKeyCut() const;

  PartitionTotals Totals() const;  // lock-free
  // Under mu.
  const SecondRing& ring() const { return ring_; }
  double ceiling_tokens() const { return ceiling_.tokens(); }

  std::mutex mu;

 private:
  void Roll(int64_t now_ms, const HeatPolicy& heat);
  void ForgetHeat();
  void See(const KeyRef& key, const HeatPolicy& heat);
  // Whether the heat seen so far allows a split (under mu).
  bool Splittable(const HeatPolicy& heat) const;

  const HashRange range_;
  TokenBucket ceiling_;  // REU
  SecondRing ring_;
  // Heat: the second being summed, its REU, and the streak of hot seconds before it.
  int64_t second_ = 0;
  double second_reu_ = 0;
  int hot_streak_ = 0;
  uint64_t seen_min_ = UINT64_MAX;
  uint64_t seen_max_ = 0;
  // The sort keys seen while hot (only with HeatPolicy::split_by_sort_key), and whether
  // each one was at or above (rising) or at or below (falling) every one before it.
  std::string sort_min_, sort_max_;
  bool sort_seen_ = false;
  bool sort_rising_ = true, sort_falling_ = true;
  std::atomic<bool> wants_split_{false};

  std::atomic<double> read_units_{0};
  std::atomic<double> write_units_{0};
  std::atomic<uint64_t> read_throttled_{0};
  std::atomic<uint64_t> write_throttled_{0};
};

}  // namespace monotable::throughput
