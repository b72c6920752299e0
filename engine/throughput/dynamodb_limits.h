#pragma once
// The throughput model's figures: DynamoDB's documented ones, named here from
// base/limits.h (the one file of DynamoDB's limits, with the page each comes from), and
// the model's own units and the few figures DynamoDB does not document (marked "ours").
//
// Units: capacity in the model is counted in "read-equivalent units" (REU): one read
// unit costs 1 REU and one write unit 3 REU. A partition's ceiling of 3,000 RCU or
// 1,000 WCU "or a linear combination of both" is then exactly 3,000 REU per second,
// and half read units (eventually consistent reads) stay exact in a double.

#include <cstdint>

#include "engine/base/limits.h"
#include "engine/throughput/throttling_reason.h"

namespace monotable::throughput::limits {

using monotable::limits::kBurstSeconds;
using monotable::limits::kOnDemandInitialPeakReu;
using monotable::limits::kOnDemandPeakMultiplier;
using monotable::limits::kOnDemandPeakSettleMillis;
using monotable::limits::kPartitionMaxBytes;
using monotable::limits::kPartitionReadUnitsPerSecond;
using monotable::limits::kPartitionWriteUnitsPerSecond;
using monotable::limits::kSwitchedPeakFraction;

inline constexpr double kWriteCostInReadUnits =
    kPartitionReadUnitsPerSecond / kPartitionWriteUnitsPerSecond;  // 3
inline constexpr double kPartitionReuPerSecond = kPartitionReadUnitsPerSecond;
// An on-demand table's per-table quota: the same 40,000 units as a provisioned table's.
inline constexpr double kOnDemandTableQuotaUnits =
    static_cast<double>(monotable::limits::kMaxProvisionedUnits);

// Ours: a partition whose consumption stays at or above this fraction of its ceiling
// for kHeatSplitSeconds consecutive seconds splits for heat. DynamoDB documents that it
// splits hot partitions ("adaptive capacity ... isolates frequently accessed items") but
// not when.
inline constexpr double kHeatSplitLoadFraction = 0.8;
inline constexpr int kHeatSplitSeconds = 60;

// The per-request cost of a unit of `op` in REU.
constexpr double ReuPerUnit(Op op) { return op == Op::kWrite ? kWriteCostInReadUnits : 1.0; }

}  // namespace monotable::throughput::limits
