#include "engine/throughput/resource_limits.h"

#include <algorithm>

#include "engine/throughput/dynamodb_limits.h"

namespace monotable::throughput {
namespace {

size_t Index(Op op) { return static_cast<size_t>(op); }

// Sets a bucket's rate and capacity. One never configured starts with one second of
// its rate; a configured one keeps its tokens (clamped), so UpdateTable keeps burst.
void Set(TokenBucket& bucket, double rate, double capacity, int64_t now_ms) {
  if (bucket.capacity() == 0) {
    bucket = TokenBucket(rate, capacity, rate, now_ms);
  } else {
    bucket.Refill(now_ms);
    bucket.Reconfigure(rate, capacity);
  }
}

double ProvisionedReu(const CapacitySpec& spec) {
  return static_cast<double>(spec.read_capacity_units) +
         limits::kWriteCostInReadUnits * static_cast<double>(spec.write_capacity_units);
}

}  // namespace

ResourceLimits::ResourceLimits(const CapacitySpec& spec, int64_t now_ms)
    : spec_(spec), peak_(limits::kOnDemandInitialPeakReu, now_ms) {
  peak_.RaiseTo(spec_.warm_reu() / limits::kOnDemandPeakMultiplier);
  Configure(now_ms);
}

void ResourceLimits::Configure(int64_t now_ms) {
  if (spec_.billing == BillingMode::kProvisioned) {
    max_provisioned_reu_ = std::max(max_provisioned_reu_, ProvisionedReu(spec_));
    const double units[2] = {static_cast<double>(spec_.read_capacity_units),
                             static_cast<double>(spec_.write_capacity_units)};
    for (Op op : {Op::kRead, Op::kWrite}) {
      const double rate = units[Index(op)];
      Set(provisioned_[Index(op)], rate, rate * limits::kBurstSeconds, now_ms);
    }
    return;
  }
  const int64_t maxima[2] = {spec_.max_read_request_units, spec_.max_write_request_units};
  for (Op op : {Op::kRead, Op::kWrite}) {
    const double max = static_cast<double>(std::max<int64_t>(maxima[Index(op)], 0));
    if (max > 0) {
      Set(max_[Index(op)], max, max, now_ms);
    } else {
      max_[Index(op)] = TokenBucket();
    }
    Set(quota_[Index(op)], limits::kOnDemandTableQuotaUnits, limits::kOnDemandTableQuotaUnits,
        now_ms);
  }
  const double served = limits::kOnDemandPeakMultiplier * peak_.peak_reu();
  Set(doubling_, served, served, now_ms);
}

void ResourceLimits::Reconfigure(const CapacitySpec& spec, int64_t now_ms) {
  const bool to_on_demand =
      spec_.billing == BillingMode::kProvisioned && spec.billing == BillingMode::kOnDemand;
  spec_ = spec;
  if (to_on_demand) peak_.RaiseTo(limits::kSwitchedPeakFraction * max_provisioned_reu_);
  // Warm throughput is served at once: double the previous peak must reach it.
  peak_.RaiseTo(spec_.warm_reu() / limits::kOnDemandPeakMultiplier);
  Configure(now_ms);
}

bool ResourceLimits::Advance(int64_t now_ms) {
  for (TokenBucket* b : {&provisioned_[0], &provisioned_[1], &max_[0], &max_[1], &quota_[0],
                         &quota_[1], &doubling_}) {
    b->Refill(now_ms);
  }
  if (spec_.billing != BillingMode::kOnDemand || !peak_.Advance(now_ms)) return false;
  // DynamoDB has scaled for the new peak: the added capacity is there at once.
  const double served = limits::kOnDemandPeakMultiplier * peak_.peak_reu();
  const double added = served - doubling_.capacity();
  doubling_.Reconfigure(served, served);
  doubling_.Take(-added);
  return true;
}

std::optional<LimitKind> ResourceLimits::Check(Op op, double units) const {
  const size_t i = Index(op);
  if (spec_.billing == BillingMode::kProvisioned) {
    if (!provisioned_[i].CanTake(units)) return LimitKind::kProvisionedThroughput;
    return std::nullopt;
  }
  if (max_[i].capacity() > 0 && !max_[i].CanTake(units)) return LimitKind::kMaxOnDemandThroughput;
  if (!doubling_.CanTake(units * limits::ReuPerUnit(op))) return LimitKind::kKeyRangeThroughput;
  if (!quota_[i].CanTake(units)) return LimitKind::kAccountLimit;
  return std::nullopt;
}

void ResourceLimits::Take(int64_t now_ms, Op op, double units) {
  const size_t i = Index(op);
  if (spec_.billing == BillingMode::kProvisioned) {
    provisioned_[i].Take(units);
    return;
  }
  if (max_[i].capacity() > 0) max_[i].Take(units);
  quota_[i].Take(units);
  doubling_.Take(units * limits::ReuPerUnit(op));
  peak_.Add(now_ms, units * limits::ReuPerUnit(op));
}

double ResourceLimits::AllowedPerSecond(Op op) const {
  const size_t i = Index(op);
  if (spec_.billing == BillingMode::kProvisioned) return provisioned_[i].rate();
  double allowed = std::min(doubling_.rate() / limits::ReuPerUnit(op), quota_[i].rate());
  if (max_[i].capacity() > 0) allowed = std::min(allowed, max_[i].rate());
  return allowed;
}

}  // namespace monotable::throughput
