// On-demand tables: the initial throughput, the doubling rule with its 30 minutes, the
// configured maxima, and the per-table quota.

#include <gtest/gtest.h>

#include "engine/throughput/test_util.h"

namespace monotable::throughput {
namespace {

using namespace testing;  // the helpers of test_util.h

// Admits `count` requests of `units`, round robin over the resource's partitions;
// returns how many were admitted.
int Spread(Resource& r, Op op, double units, int count) {
  const size_t n = r.partition_map().size();
  int admitted = 0;
  for (int i = 0; i < count; ++i) {
    admitted +=
        r.Admit({HashIn(r, static_cast<size_t>(i) % n, static_cast<uint64_t>(i))}, op, units)
            .admitted;
  }
  return admitted;
}

TEST(OnDemandTest, ANewTableServes4000WritesOr12000ReadsAtOnce) {
  FakeClock clock(kStartMs);
  auto r = MakeResource(clock, CapacitySpec::OnDemand());
  EXPECT_EQ(r->partition_map().size(), 4u);
  EXPECT_EQ(Spread(*r, Op::kWrite, 1, 5000), 4000);
  clock.Advance(1000);
  EXPECT_EQ(Spread(*r, Op::kRead, 1, 15000), 12000);
  clock.Advance(1000);
  // A linear combination: 2,000 writes leave room for 6,000 reads.
  EXPECT_EQ(Spread(*r, Op::kWrite, 1, 2000), 2000);
  EXPECT_EQ(Spread(*r, Op::kRead, 1, 7000), 6000);
}

TEST(OnDemandTest, WarmThroughputIsServedAtOnce) {
  FakeClock clock(kStartMs);
  // 9,000 writes at once: 27,000 REU, 9 partitions, a previous peak of half of it.
  auto r = MakeResource(clock, CapacitySpec::OnDemand().WithWarm(0, 9000));
  EXPECT_EQ(r->partition_map().size(), 9u);
  EXPECT_EQ(Spread(*r, Op::kWrite, 1, 10000), 9000);
  // Raised on a live table by UpdateTable: grows the partitions and the peak.
  ASSERT_TRUE(r->UpdateCapacity(CapacitySpec::OnDemand().WithWarm(36000, 0)).ok());
  EXPECT_EQ(r->partition_map().size(), 12u);
  clock.Advance(1000);
  EXPECT_EQ(Spread(*r, Op::kRead, 1, 40000), 36000);
}

TEST(OnDemandTest, DoubleThePreviousPeakOnlyAfter30Minutes) {
  FakeClock clock(kStartMs);
  ResourceConfig config;
  config.table_name = "T";
  config.capacity = CapacitySpec::OnDemand();
  config.mode = Mode::kEnforce;
  config.partitions = PartitionMap::Uniform(16);  // partitions are not the limit here
  auto made = Resource::Create(config, clock);
  ASSERT_TRUE(made.ok());
  Resource& r = **made;

  // Double the initial peak (2,000 WRU) is 4,000 WRU, though 16 partitions could take more.
  EXPECT_EQ(Spread(r, Op::kWrite, 1, 6000), 4000);
  ExpectRefused(r.Admit({HashIn(r, 5)}, Op::kWrite, 1),
                ThrottlingReason::kTableWriteKeyRangeThroughputExceeded);

  // That second's 4,000 WRU is a new peak, but it counts only after 30 minutes.
  clock.Advance(29 * 60 * 1000);
  EXPECT_EQ(Spread(r, Op::kWrite, 1, 6000), 4000);
  clock.Advance(2 * 60 * 1000);
  EXPECT_EQ(Spread(r, Op::kWrite, 1, 10000), 8000);
  EXPECT_DOUBLE_EQ(r.Snapshot(1).on_demand_peak_reu, 12000);
}

TEST(OnDemandTest, ASettledPeakAddsPartitions) {
  FakeClock clock(kStartMs);
  auto r = MakeResource(clock, CapacitySpec::OnDemand());
  EXPECT_EQ(Spread(*r, Op::kRead, 1, 12000), 12000);
  clock.Advance(31 * 60 * 1000);
  EXPECT_EQ(r->partition_map().size(), 4u);  // growth is noticed by the next request
  EXPECT_TRUE(r->Admit({1}, Op::kRead, 1).admitted);
  EXPECT_EQ(r->partition_map().size(), 8u);  // double of 12,000 RCU needs 8
  clock.Advance(1000);
  EXPECT_EQ(Spread(*r, Op::kRead, 1, 30000), 24000);
}

TEST(OnDemandTest, MaximumsCapTheTable) {
  FakeClock clock(kStartMs);
  auto r = MakeResource(clock, CapacitySpec::OnDemand(50, 10));
  EXPECT_EQ(Spread(*r, Op::kWrite, 1, 100), 10);
  ExpectRefused(r->Admit({1}, Op::kWrite, 1),
                ThrottlingReason::kTableWriteMaxOnDemandThroughputExceeded);
  EXPECT_EQ(Spread(*r, Op::kRead, 0.5, 200), 100);
  ExpectRefused(r->Admit({1}, Op::kRead, 1),
                ThrottlingReason::kTableReadMaxOnDemandThroughputExceeded);
  // Removing the maximum (-1) lifts the cap.
  ASSERT_TRUE(r->UpdateCapacity(CapacitySpec::OnDemand(-1, -1)).ok());
  clock.Advance(1000);
  EXPECT_EQ(AdmitUntilRefused(*r, 1, Op::kWrite, 1), 1000);
  EXPECT_FALSE(CapacitySpec::OnDemand(0, 5).Validate().ok());
}

TEST(OnDemandTest, SwitchingFromProvisionedKeepsHalfThePeakAndThePartitions) {
  FakeClock clock(kStartMs);
  auto r = MakeResource(clock, CapacitySpec::Provisioned(40000, 10000));
  ASSERT_EQ(r->partition_map().size(), 24u);  // ceil(70,000 / 3,000)
  ASSERT_TRUE(r->UpdateCapacity(CapacitySpec::OnDemand()).ok());
  EXPECT_EQ(r->partition_map().size(), 24u);
  EXPECT_DOUBLE_EQ(r->Snapshot(1).on_demand_peak_reu, 35000);
  // Double the peak is 70,000 REU, but the per-table quota is 40,000 RRU.
  EXPECT_EQ(Spread(*r, Op::kRead, 100, 500), 400);
  ExpectRefused(r->Admit({HashIn(*r, 3)}, Op::kRead, 1),
                ThrottlingReason::kTableReadAccountLimitExceeded);
}

}  // namespace
}  // namespace monotable::throughput
