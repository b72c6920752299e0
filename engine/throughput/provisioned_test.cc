// Provisioned tables: partition count, the partition ceiling versus the table's
// capacity, burst credit, refill, and settling.

#include <gtest/gtest.h>

#include "engine/throughput/test_util.h"

namespace monotable::throughput {
namespace {

using namespace testing;  // the helpers of test_util.h

TEST(ProvisionedTest, InitialPartitionsFollowCapacity) {
  FakeClock clock(kStartMs);
  EXPECT_EQ(MakeResource(clock, CapacitySpec::Provisioned(1, 1))->partition_map().size(), 1u);
  // ceil(1000/3000 + 1000/1000) = ceil(1.33) = 2, the Developer Guide's example.
  EXPECT_EQ(MakeResource(clock, CapacitySpec::Provisioned(1000, 1000))->partition_map().size(), 2u);
  EXPECT_EQ(MakeResource(clock, CapacitySpec::Provisioned(3000, 1000))->partition_map().size(), 2u);
  EXPECT_EQ(MakeResource(clock, CapacitySpec::Provisioned(3001, 1000))->partition_map().size(), 3u);
}

TEST(ProvisionedTest, PartitionCeilingBindsBeforeAGenerousTable) {
  FakeClock clock(kStartMs);
  auto r = MakeResource(clock, CapacitySpec::Provisioned(30000, 10000));
  // One key: its partition serves 1,000 WCU a second, whatever the table has.
  const uint64_t hot = HashIn(*r, 0);
  EXPECT_EQ(AdmitUntilRefused(*r, hot, Op::kWrite, 1), 1000);
  const Admission refused = r->Admit({hot}, Op::kWrite, 1);
  ASSERT_EQ(refused.throttles.size(), 1u);
  EXPECT_EQ(refused.throttles[0].reason, ThrottlingReason::kTableWriteKeyRangeThroughputExceeded);
  EXPECT_EQ(refused.throttles[0].resource, r.get());
  // The linear mix: the partition's writes used its whole ceiling, so reads wait too,
  // while another partition serves both.
  EXPECT_FALSE(r->Admit({hot}, Op::kRead, 0.5).admitted);
  EXPECT_TRUE(r->Admit({HashIn(*r, 1)}, Op::kRead, 0.5).admitted);
  clock.Advance(1000);
  EXPECT_EQ(AdmitUntilRefused(*r, hot, Op::kRead, 1), 3000);
}

TEST(ProvisionedTest, TableCapacityBindsBeforeTheCeiling) {
  FakeClock clock(kStartMs);
  auto r = MakeResource(clock, CapacitySpec::Provisioned(10, 100));
  // Spread over keys, the table's 100 WCU is the limit (a new bucket holds one second).
  int admitted = 0;
  for (uint64_t i = 0; i < 200; ++i) admitted += r->Admit({i * 7919}, Op::kWrite, 1).admitted;
  EXPECT_EQ(admitted, 100);
  ExpectRefused(r->Admit({1}, Op::kWrite, 1),
                ThrottlingReason::kTableWriteProvisionedThroughputExceeded);
  // Reads have their own capacity.
  EXPECT_EQ(AdmitUntilRefused(*r, 1, Op::kRead, 1), 10);
}

TEST(ProvisionedTest, UnusedCapacityBurstsUpTo300Seconds) {
  FakeClock clock(kStartMs);
  auto r = MakeResource(clock, CapacitySpec::Provisioned(5, 1));
  clock.Advance(5000);  // 5 + 5 s x 5 RCU
  EXPECT_EQ(AdmitUntilRefused(*r, 1, Op::kRead, 1), 30);
  clock.Advance(400'000);  // more than 300 s: capped at 300 x 5
  EXPECT_EQ(AdmitUntilRefused(*r, 1, Op::kRead, 1), 1500);
  clock.Advance(200);  // 0.2 s x 5 RCU refills exactly one unit
  EXPECT_EQ(AdmitUntilRefused(*r, 1, Op::kRead, 1), 1);
  EXPECT_EQ(AdmitUntilRefused(*r, 1, Op::kRead, 0.5), 0);
}

TEST(ProvisionedTest, SettlingALargeReadLeavesADebt) {
  FakeClock clock(kStartMs);
  auto r = MakeResource(clock, CapacitySpec::Provisioned(5, 1));
  const Admission a = r->Admit({1}, Op::kRead, 1);  // a Query page of unknown size
  ASSERT_TRUE(a.admitted && a.charged);
  r->Settle({1}, Op::kRead, 1, 11, a);  // it read 44 KB: 5 - 11 = -6
  clock.Advance(1000);                  // -1
  EXPECT_FALSE(r->Admit({1}, Op::kRead, 0.5).admitted);
  clock.Advance(300);  // +0.5
  EXPECT_TRUE(r->Admit({1}, Op::kRead, 0.5).admitted);
  EXPECT_DOUBLE_EQ(r->Snapshot(1).totals.read_units, 11.5);
  // A smaller actual gives back.
  clock.Advance(1000);
  const Admission b = r->Admit({1}, Op::kRead, 5);
  ASSERT_TRUE(b.admitted);
  r->Settle({1}, Op::kRead, 5, 1, b);
  EXPECT_EQ(AdmitUntilRefused(*r, 1, Op::kRead, 1), 4);
}

TEST(ProvisionedTest, CapacityGrowthSplitsAndNeverShrinks) {
  FakeClock clock(kStartMs);
  auto r = MakeResource(clock, CapacitySpec::Provisioned(1000, 1000));
  ASSERT_EQ(r->partition_map().size(), 2u);
  ASSERT_TRUE(r->UpdateCapacity(CapacitySpec::Provisioned(3000, 3000)).ok());
  EXPECT_EQ(r->partition_map().size(), 4u);
  ASSERT_TRUE(r->UpdateCapacity(CapacitySpec::Provisioned(1, 1)).ok());
  EXPECT_EQ(r->partition_map().size(), 4u);
  EXPECT_FALSE(r->UpdateCapacity(CapacitySpec::Provisioned(0, 1)).ok());
  // Earned burst is kept up to the new, lower limit: 300 s x 1 WCU.
  EXPECT_EQ(AdmitUntilRefused(*r, 1, Op::kWrite, 1), 300);
}

}  // namespace
}  // namespace monotable::throughput
