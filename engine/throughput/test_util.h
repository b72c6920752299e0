#pragma once
// Helpers for the throughput model's unit tests (not part of the library).

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "engine/base/clock.h"
#include "engine/throughput/resource.h"

namespace monotable::throughput::testing {

// A whole minute, so that seconds and minutes of the fake clock align.
inline constexpr int64_t kStartMs = 1'700'000'040'000;

inline std::shared_ptr<Resource> MakeResource(const FakeClock& clock, CapacitySpec capacity,
                                              std::string index = "", Mode mode = Mode::kEnforce,
                                              HeatPolicy heat = {0.8, 0}) {
  ResourceConfig config;
  config.table_name = "T";
  config.index_name = std::move(index);
  config.capacity = capacity;
  config.mode = mode;
  config.heat = heat;
  auto made = Resource::Create(std::move(config), clock);
  EXPECT_TRUE(made.ok()) << made.status().message();
  return *made;
}

// A hash inside partition `index` of the resource's current map.
inline uint64_t HashIn(const Resource& r, size_t index, uint64_t offset = 0) {
  return r.partition_map().Range(index).begin + offset;
}

// Admits one-key requests of `units` until one is refused (at most `limit`); returns how
// many were admitted.
inline int AdmitUntilRefused(Resource& r, uint64_t hash, Op op, double units, int limit = 100000) {
  for (int i = 0; i < limit; ++i) {
    if (!r.Admit({hash}, op, units).admitted) return i;
  }
  return limit;
}

// Two keys of one partition, 450 WCU each a second (together above 80% of the 1,000 WCU
// ceiling), for `seconds` seconds. The last second is not closed yet: the next admission
// closes it, and a heat split follows.
inline void TwoHotKeys(Resource& r, FakeClock& clock, uint64_t low, uint64_t high, int seconds) {
  for (int second = 0; second < seconds; ++second) {
    for (int i = 0; i < 450; ++i) {
      ASSERT_TRUE(r.Admit({low}, Op::kWrite, 1).admitted);
      ASSERT_TRUE(r.Admit({high}, Op::kWrite, 1).admitted);
    }
    clock.Advance(1000);
  }
}

// A refusal whose first (most specific) reason is `reason`.
inline void ExpectRefused(const Admission& a, ThrottlingReason reason) {
  EXPECT_FALSE(a.admitted);
  ASSERT_FALSE(a.throttles.empty());
  EXPECT_EQ(a.throttles[0].reason, reason) << ThrottlingReasonName(a.throttles[0].reason);
}

}  // namespace monotable::throughput::testing
