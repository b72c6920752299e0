#pragma once
// What a table or GSI looks like to /metrics and the partitions API: value types copied
// out under the resource's locks.
//
// Thread-safety: value types. Errors: none.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/throughput/capacity_spec.h"
#include "engine/throughput/partition.h"
#include "engine/throughput/partition_map.h"
#include "engine/throughput/second_ring.h"
#include "engine/throughput/split_log.h"
#include "engine/throughput/throttling_reason.h"

namespace monotable::throughput {

struct PartitionSnapshot {
  HashRange range;
  // Within the first and last hash of `range`: the sort keys (encoded) where the
  // partition begins and where the next begins; empty unless split by sort key.
  std::string sort_begin, sort_end;
  PartitionTotals totals;
  std::vector<SecondSample> recent;  // the last seconds asked for, oldest first
};

struct ResourceSnapshot {
  std::string table_name;
  std::string index_name;  // empty: the table
  CapacitySpec capacity;
  uint64_t layout_version = 0;
  // What the resource as a whole may serve per second now (reads only, writes only).
  double allowed_read_units_per_second = 0;
  double allowed_write_units_per_second = 0;
  double on_demand_peak_reu = 0;  // the previous peak, in read-equivalent units
  PartitionTotals totals;         // all partitions ever, split ones included: monotonic
  // Requests refused (observe: that would have been refused), by ThrottlingReason.
  std::array<uint64_t, kThrottlingReasonCount> throttled_by_reason{};
  std::vector<PartitionSnapshot> partitions;
  std::vector<SplitEvent> splits;  // the split history, oldest first
  uint64_t splits_dropped = 0;     // older splits no longer kept
};

}  // namespace monotable::throughput
