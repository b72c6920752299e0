#pragma once
// The limits of one table or GSI as a whole (its partitions have their own ceiling):
//   provisioned: a read and a write bucket of the provisioned RCU/WCU, keeping up to
//                300 s of unused capacity as burst;
//   on-demand:   OnDemandThroughput's maxima (1 s buckets), double the previous peak
//                (a 1 s bucket in REU, read and write as a linear mix), and the
//                per-table quota of 40,000 RRU / 40,000 WRU (1 s buckets).
// A new bucket starts with one second of its rate: burst credit is earned by not using
// capacity, as DynamoDB describes it, not granted at creation.
//
// Thread-safety: none; the owning resource's state mutex guards it.
// Errors: none; CapacitySpec is validated by the caller.

#include <cstdint>
#include <optional>

#include "engine/throughput/capacity_spec.h"
#include "engine/throughput/on_demand_peak.h"
#include "engine/throughput/throttling_reason.h"
#include "engine/throughput/token_bucket.h"

namespace monotable::throughput {

class ResourceLimits {
 public:
  ResourceLimits(const CapacitySpec& spec, int64_t now_ms);

  // Refills every bucket and settles the on-demand peak. True when the peak rose (the
  // resource then grows its partitions to match).
  bool Advance(int64_t now_ms);

  // The first limit that cannot take `units` of `op`, most specific first: the
  // configured maximum or provisioned capacity, then the peak rule (reported as a key
  // range limit: DynamoDB has not yet split partitions for the traffic), then the quota.
  std::optional<LimitKind> Check(Op op, double units) const;
  void Take(int64_t now_ms, Op op, double units);

  // UpdateTable: new capacity or billing mode. Keeps earned burst up to the new limit.
  void Reconfigure(const CapacitySpec& spec, int64_t now_ms);

  const CapacitySpec& spec() const { return spec_; }
  double peak_reu() const { return peak_.peak_reu(); }
  // What the resource may serve per second at most right now, as (read, write) units
  // if only that kind were served; for the partitions API's "allowed" figures.
  double AllowedPerSecond(Op op) const;

 private:
  void Configure(int64_t now_ms);

  CapacitySpec spec_;
  double max_provisioned_reu_ = 0;  // the highest capacity provisioned so far
  OnDemandPeak peak_;
  TokenBucket provisioned_[2];  // [Op]
  TokenBucket max_[2];          // [Op]; rate 0 when no maximum
  TokenBucket quota_[2];        // [Op]
  TokenBucket doubling_;        // REU
};

}  // namespace monotable::throughput
