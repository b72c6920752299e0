#include "engine/throughput/capacity_spec.h"

#include <algorithm>
#include <cmath>

#include "engine/throughput/dynamodb_limits.h"

namespace monotable::throughput {

Status CapacitySpec::Validate() const {
  if (billing == BillingMode::kProvisioned) {
    if (read_capacity_units < 1 || write_capacity_units < 1) {
      return Status::Validation("provisioned read and write capacity units must be at least 1");
    }
    return Status::Ok();
  }
  if (warm_read_units < 0 || warm_write_units < 0) {
    return Status::Validation("warm throughput must not be negative");
  }
  for (int64_t max : {max_read_request_units, max_write_request_units}) {
    if (max == 0 || max < -1) {
      return Status::Validation("maximum request units must be at least 1, or -1 for none");
    }
  }
  return Status::Ok();
}

double CapacitySpec::warm_reu() const {
  return std::max(
      static_cast<double>(std::max<int64_t>(warm_read_units, 0)),
      limits::kWriteCostInReadUnits * static_cast<double>(std::max<int64_t>(warm_write_units, 0)));
}

size_t PartitionsForCapacity(const CapacitySpec& spec, double peak_reu) {
  const size_t warm =
      static_cast<size_t>(std::ceil(spec.warm_reu() / limits::kPartitionReuPerSecond - 1e-9));
  if (spec.billing == BillingMode::kProvisioned) {
    // ceil(R/3000 + W/1000) = ceil((R + 3W) / 3000), in integers to avoid rounding.
    const int64_t reu = std::max<int64_t>(spec.read_capacity_units, 0) +
                        3 * std::max<int64_t>(spec.write_capacity_units, 0);
    const int64_t per = static_cast<int64_t>(limits::kPartitionReuPerSecond);
    return std::max(warm, static_cast<size_t>(std::max<int64_t>(1, (reu + per - 1) / per)));
  }
  const double served = limits::kOnDemandPeakMultiplier * peak_reu;
  return std::max(warm, static_cast<size_t>(std::max(
                            1.0, std::ceil(served / limits::kPartitionReuPerSecond - 1e-9))));
}

}  // namespace monotable::throughput
