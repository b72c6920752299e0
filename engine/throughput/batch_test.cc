// AdmitBatch against the same requests admitted one by one: the rehearsal (rehearse/)
// relies on a batch being exactly `count` admissions with the clock standing still.

#include <gtest/gtest.h>

#include <vector>

#include "engine/throughput/batch_admission.h"
#include "engine/throughput/test_util.h"

namespace monotable::throughput {
namespace {

using testing::kStartMs;
using testing::MakeResource;

struct Pair {
  std::shared_ptr<Resource> batched;
  std::shared_ptr<Resource> single;
};

// Per tick, `count` writes of `units` on `hash` (plus one GSI claim when `gsi`), as one
// batch on one resource and as single admissions on its twin.
void Drive(Pair& table, Pair* gsi, FakeClock& clock, uint64_t hash, double units, uint64_t count,
           int ticks, int64_t tick_ms) {
  for (int t = 0; t < ticks; ++t) {
    std::vector<Claim> batch = {{table.batched.get(), {hash}, Op::kWrite, units}};
    std::vector<Claim> one = {{table.single.get(), {hash}, Op::kWrite, units}};
    if (gsi != nullptr) {
      batch.push_back({gsi->batched.get(), {hash + 7}, Op::kWrite, units});
      one.push_back({gsi->single.get(), {hash + 7}, Op::kWrite, units});
    }
    const BatchAdmission b = AdmitBatch(batch, count);
    uint64_t admitted = 0;
    uint64_t throttled = 0;
    for (uint64_t i = 0; i < count; ++i) {
      const Admission a = AdmitAll(one);
      admitted += a.admitted ? 1 : 0;
      throttled += a.throttles.empty() ? 0 : 1;
    }
    ASSERT_EQ(b.admitted, admitted) << "tick " << t;
    ASSERT_EQ(b.throttled, throttled) << "tick " << t;
    ASSERT_EQ(b.charged + b.throttled, count);
    clock.Advance(tick_ms);
  }
}

void ExpectSame(const Resource& a, const Resource& b) {
  const ResourceSnapshot x = a.Snapshot(60);
  const ResourceSnapshot y = b.Snapshot(60);
  EXPECT_DOUBLE_EQ(x.totals.write_units, y.totals.write_units);
  EXPECT_EQ(x.totals.write_throttled, y.totals.write_throttled);
  EXPECT_EQ(x.throttled_by_reason, y.throttled_by_reason);
  ASSERT_EQ(x.partitions.size(), y.partitions.size());
}

TEST(AdmitBatch, ProvisionedBurstThenBucketRateLikeSingleAdmissions) {
  FakeClock clock(kStartMs);
  Pair t{MakeResource(clock, CapacitySpec::Provisioned(10, 100)),
         MakeResource(clock, CapacitySpec::Provisioned(10, 100))};
  // 20 s idle earns burst, then 150 WCU/s in 100 ms ticks: burst first, then throttles.
  clock.Advance(20'000);
  Drive(t, nullptr, clock, 42, 1, 15, 600, 100);
  ExpectSame(*t.batched, *t.single);
  EXPECT_GT(t.batched->throttled(ThrottlingReason::kTableWriteProvisionedThroughputExceeded), 0u);
}

TEST(AdmitBatch, PartitionCeilingAndGsiAllOrNothingLikeSingleAdmissions) {
  FakeClock clock(kStartMs);
  const auto spec = CapacitySpec::OnDemand();
  Pair t{MakeResource(clock, spec), MakeResource(clock, spec)};
  Pair g{MakeResource(clock, CapacitySpec::Provisioned(5, 500), "G"),
         MakeResource(clock, CapacitySpec::Provisioned(5, 500), "G")};
  // 1,500 WCU/s on one key: the partition's 1,000 WCU ceiling and the GSI's 500 WCU.
  Drive(t, &g, clock, 42, 1, 150, 200, 100);
  ExpectSame(*t.batched, *t.single);
  ExpectSame(*g.batched, *g.single);
  EXPECT_GT(g.batched->throttled(ThrottlingReason::kIndexWriteProvisionedThroughputExceeded), 0u);
}

TEST(AdmitBatch, ObserveModeServesEveryRequestAndCountsTheShortOnes) {
  FakeClock clock(kStartMs);
  const auto spec = CapacitySpec::Provisioned(5, 5);
  auto r = MakeResource(clock, spec, "", Mode::kObserve);
  const Claim claim{r.get(), {42}, Op::kWrite, 1};
  const BatchAdmission b = AdmitBatch({&claim, 1}, 100);
  EXPECT_EQ(b.admitted, 100u);
  EXPECT_EQ(b.charged, 5u);  // one second of rate: a new bucket's tokens
  EXPECT_EQ(b.throttled, 95u);
  ASSERT_EQ(b.throttles.size(), 1u);
  EXPECT_EQ(b.throttles[0].reason, ThrottlingReason::kTableWriteProvisionedThroughputExceeded);
  EXPECT_EQ(r->throttled(ThrottlingReason::kTableWriteProvisionedThroughputExceeded), 95u);
  EXPECT_DOUBLE_EQ(r->Snapshot(1).totals.write_units, 100);
}

TEST(AdmitBatch, OffModeAdmitsEverythingAndCountsNothing) {
  FakeClock clock(kStartMs);
  auto r = MakeResource(clock, CapacitySpec::Provisioned(1, 1), "", Mode::kOff);
  const Claim claim{r.get(), {42}, Op::kWrite, 1};
  const BatchAdmission b = AdmitBatch({&claim, 1}, 1000);
  EXPECT_EQ(b.admitted, 1000u);
  EXPECT_EQ(b.throttled, 0u);
  EXPECT_DOUBLE_EQ(r->Snapshot(1).totals.write_units, 0);
}

}  // namespace
}  // namespace monotable::throughput
