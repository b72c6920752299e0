#pragma once
// The split history of one table or GSI: the last kSplitLogCapacity splits (when, which
// partition, into which, why), so that the partitions API can show splits made before
// anyone watched. Bounded: the oldest events go first, and `dropped` counts them.
//
// The encoded form, what the catalog persists beside the partition map, is
// format/split_log_codec.h's: Encode and Decode convert to and from its plain events.
//
// Thread-safety: a value type (Resource guards its own under its layout lock).
// Errors: Decode returns the codec's kInternal for bytes it cannot read.

#include <cstdint>
#include <deque>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/status.h"
#include "engine/throughput/partition_map.h"

namespace monotable::throughput {

inline constexpr size_t kSplitLogCapacity = 64;

// Persisted: the values are the codec's reason bytes (do not renumber).
enum class SplitReason : uint8_t {
  kCapacity = 1,  // provisioned capacity or an on-demand peak grew
  kHeat = 2,      // a partition was hot for HeatPolicy::seconds
  kSize = 3,      // a partition held over 10 GB
  // A partition hot for HeatPolicy::seconds on one partition key was cut inside that
  // item collection, at a sort key (HeatPolicy::split_by_sort_key).
  kHeatSortKey = 4,
};
// "CAPACITY", "HEAT", "SIZE", "HEAT_SORT_KEY".
std::string_view SplitReasonName(SplitReason reason);

struct SplitEvent {
  int64_t time_ms = 0;
  uint64_t layout_version = 0;  // the resource's layout version this split made
  SplitReason reason = SplitReason::kCapacity;
  HashRange parent;
  std::vector<HashRange> children;  // ascending, together exactly the parent

  // The children of `parent` cut at `cuts` (ascending, each in (begin, last]).
  static std::vector<HashRange> Children(const HashRange& parent, std::span<const uint64_t> cuts);
  // The two children of a cut at a sort key inside the hash `hash` of `parent`.
  static std::vector<HashRange> SortKeyChildren(const HashRange& parent, uint64_t hash);
  bool operator==(const SplitEvent&) const = default;
};

class SplitLog {
 public:
  explicit SplitLog(size_t capacity = kSplitLogCapacity) : capacity_(capacity) {}

  // Appends `event`, dropping the oldest when full.
  void Add(SplitEvent event);
  const std::deque<SplitEvent>& events() const { return events_; }  // oldest first
  uint64_t dropped() const { return dropped_; }

  std::string Encode() const;
  // Keeps the newest `capacity` events of `bytes` (the older ones count as dropped).
  static Result<SplitLog> Decode(std::string_view bytes, size_t capacity = kSplitLogCapacity);

 private:
  size_t capacity_;
  std::deque<SplitEvent> events_;
  uint64_t dropped_ = 0;
};

}  // namespace monotable::throughput
