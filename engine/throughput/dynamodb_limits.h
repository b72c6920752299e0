#pragma once
// DynamoDB's documented throughput figures, each with the page it comes from, and the
// few figures of our own that DynamoDB does not document (marked "ours").
//
// Units: capacity in the model is counted in "read-equivalent units" (REU): one read
// unit costs 1 REU and one write unit 3 REU. A partition's ceiling of 3,000 RCU or
// 1,000 WCU "or a linear combination of both" is then exactly 3,000 REU per second,
// and half read units (eventually consistent reads) stay exact in a double.

#include <cstdint>

#include "engine/throughput/throttling_reason.h"

namespace monotable::throughput::limits {

// Per-partition ceiling: 3,000 RCU or 1,000 WCU per second, or a linear combination.
// (Developer Guide, "Best practices for designing and using partition keys effectively";
// Knowledge Center, "My on-demand DynamoDB table has throttling".)
inline constexpr double kPartitionReadUnitsPerSecond = 3000;
inline constexpr double kPartitionWriteUnitsPerSecond = 1000;
inline constexpr double kWriteCostInReadUnits =
    kPartitionReadUnitsPerSecond / kPartitionWriteUnitsPerSecond;  // 3
inline constexpr double kPartitionReuPerSecond = kPartitionReadUnitsPerSecond;

// A partition holds about 10 GB; DynamoDB splits one that exceeds it. Sizes are binary:
// 1 GB = 1024 MB. (Developer Guide, "Best Practices for Tables: Understanding Partition
// Behavior"; "Quotas in Amazon DynamoDB" for the binary units.)
inline constexpr uint64_t kPartitionMaxBytes = 10ull << 30;

// Provisioned mode keeps up to 300 seconds of unused read and write capacity as burst.
// (Developer Guide, "DynamoDB burst and adaptive capacity".)
inline constexpr double kBurstSeconds = 300;

// A new on-demand table's "previous peak" is 2,000 write or 6,000 read request units,
// and it serves up to double that at once: 4,000 WRU or 12,000 RRU or any linear
// combination. Both figures are 6,000 REU, i.e. 2 partitions' worth of peak, 4
// partitions' worth of capacity. (Developer Guide, "Read/write capacity mode", section
// "Initial throughput for on-demand capacity mode".)
inline constexpr double kOnDemandInitialPeakReu = 6000;
inline constexpr double kOnDemandPeakMultiplier = 2;
// Throttling can occur if traffic exceeds double the previous peak within 30 minutes:
// a new peak becomes the "previous peak" (and doubles again) only after 30 minutes.
// (Developer Guide, "Read/write capacity mode", "Peak traffic and scaling properties".)
inline constexpr int64_t kOnDemandPeakSettleMillis = 30 * 60 * 1000;
// Switching a provisioned table to on-demand: the previous peak is half the maximum
// capacity provisioned, or the new-table figure, whichever is higher (same page).
inline constexpr double kSwitchedPeakFraction = 0.5;

// Per-table quota of an on-demand table: 40,000 read and 40,000 write request units per
// second (adjustable in AWS). (Developer Guide, "Quotas in Amazon DynamoDB", "Throughput
// default quotas".)
inline constexpr double kOnDemandTableQuotaUnits = 40000;

// Ours: a partition whose consumption stays at or above this fraction of its ceiling
// for kHeatSplitSeconds consecutive seconds splits for heat. DynamoDB documents that it
// splits hot partitions ("adaptive capacity ... isolates frequently accessed items") but
// not when.
inline constexpr double kHeatSplitLoadFraction = 0.8;
inline constexpr int kHeatSplitSeconds = 60;

// The per-request cost of a unit of `op` in REU.
constexpr double ReuPerUnit(Op op) { return op == Op::kWrite ? kWriteCostInReadUnits : 1.0; }

}  // namespace monotable::throughput::limits
