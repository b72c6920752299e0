#pragma once
// The simulator's state types (simulator.cc): its pseudo-random sequence, each table's
// or GSI's model with what the simulation keeps beside it, each load's state and the
// batches of a tick waiting for admission. Internal to the simulator.
//
// Thread-safety: none (the simulator's one thread). Errors: none.

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <vector>

#include "engine/throughput/admission.h"
#include "engine/throughput/partition_map.h"
#include "engine/throughput/resource.h"
#include "rehearse/auto_scaler.h"
#include "rehearse/key_space.h"
#include "rehearse/report.h"
#include "rehearse/workload.h"

namespace monotable::rehearse::sim {

inline constexpr double kTwoTo64 = 18446744073709551616.0;

// splitmix64: a small, fast, reproducible sequence for the key choices.
class Random {
 public:
  explicit Random(uint64_t seed) : state_(seed) {}
  uint64_t Next() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  double Uniform() { return static_cast<double>(Next() >> 11) * 0x1.0p-53; }

 private:
  uint64_t state_;
};

// The data a resource holds, for splits for size: bytes spread evenly over the hash
// space, plus the bytes new items added at the hashes their writes claimed (a spread
// write claims a quarter and three quarters into its partition, so a split of that
// partition at its middle halves them).
struct StoredBytes {
  double uniform = 0;
  std::map<uint64_t, double> at;

  double In(const throughput::HashRange& range) const {
    double bytes = uniform * ((static_cast<double>(range.last - range.begin) + 1) / kTwoTo64);
    for (auto it = at.lower_bound(range.begin); it != at.end() && it->first <= range.last; ++it) {
      bytes += it->second;
    }
    return bytes;
  }
};

struct SimResource {
  std::shared_ptr<throughput::Resource> model;
  StoredBytes stored;
  throughput::CapacitySpec spec;  // in force
  std::optional<AutoScaler> scalers[2];
  IntervalRow row;
  double minute_units[2] = {0, 0};
  uint64_t splits_seen_version = 0;  // the layout version of the newest split reported
  throughput::PartitionMap map;      // cached for spreading requests
  uint64_t map_version = UINT64_MAX;

  const throughput::PartitionMap& Map() {
    const uint64_t v = model->layout_version();
    if (v != map_version) {
      map = model->partition_map();
      map_version = v;
    }
    return map;
  }
};

struct GsiTarget {
  uint32_t resource = 0;
  std::optional<KeySpace> keys;  // none: the GSI's key is the table's
};

struct LoadState {
  const Load* load = nullptr;
  uint32_t table = 0;
  std::vector<GsiTarget> gsis;
  KeySpace keys;
  int64_t keys_second = -1;
  double carry = 0;
  double read_carry = 0;
  double read_units = 0;
  double write_units = 0;
  double new_item_bytes = 0;  // expected data added per write
};

struct PendingBatch {
  uint32_t first = 0;  // into claims_
  uint32_t count_claims = 0;
  throughput::Op op = throughput::Op::kRead;
  uint64_t count = 0;
  double new_bytes = 0;  // the data each admitted request adds
};

}  // namespace monotable::rehearse::sim
