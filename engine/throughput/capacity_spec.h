#pragma once
// What a table or GSI was given: its billing mode and capacity, as CreateTable and
// UpdateTable set them. The model derives partitions and limits from it.
//
// Thread-safety: a value type. Errors: Validate returns a Validation status.

#include <cstddef>
#include <cstdint>

#include "engine/base/status.h"

namespace monotable::throughput {

enum class BillingMode : uint8_t { kProvisioned, kOnDemand };

struct CapacitySpec {
  BillingMode billing = BillingMode::kOnDemand;
  // Provisioned mode: ProvisionedThroughput's ReadCapacityUnits / WriteCapacityUnits.
  int64_t read_capacity_units = 0;
  int64_t write_capacity_units = 0;
  // On-demand mode: OnDemandThroughput's MaxReadRequestUnits / MaxWriteRequestUnits;
  // -1 (DynamoDB's "remove the maximum") or 0 means no maximum.
  int64_t max_read_request_units = -1;
  int64_t max_write_request_units = -1;
  // WarmThroughput asked for (0: none): what the table or GSI must serve at once. It
  // grows the partitions (3,000 reads or 1,000 writes each) and, on demand, raises the
  // previous peak to half of it, so that double the peak serves it.
  int64_t warm_read_units = 0;
  int64_t warm_write_units = 0;

  static CapacitySpec Provisioned(int64_t rcu, int64_t wcu) {
    return {BillingMode::kProvisioned, rcu, wcu, -1, -1, 0, 0};
  }
  static CapacitySpec OnDemand(int64_t max_read = -1, int64_t max_write = -1) {
    return {BillingMode::kOnDemand, 0, 0, max_read, max_write, 0, 0};
  }
  CapacitySpec WithWarm(int64_t read_units, int64_t write_units) const {
    CapacitySpec s = *this;
    s.warm_read_units = read_units;
    s.warm_write_units = write_units;
    return s;
  }
  // The warm throughput in read-equivalent units: reads or writes, whichever needs more.
  double warm_reu() const;

  bool has_max_read() const { return max_read_request_units > 0; }
  bool has_max_write() const { return max_write_request_units > 0; }

  // Provisioned capacity must be >= 1 each (DynamoDB's minimum); maxima >= 1 or -1.
  Status Validate() const;
};

// Partitions a table or GSI needs for its capacity: provisioned max(1, ceil(RCU/3000 +
// WCU/1000)) (Developer Guide, "Understanding Partition Behavior"); on-demand, enough to
// serve double `peak_reu` at once (4 for a new table: 12,000 RRU or 4,000 WRU); and in
// both modes at least enough for the warm throughput.
size_t PartitionsForCapacity(const CapacitySpec& spec, double peak_reu);

}  // namespace monotable::throughput
