// GSI back-pressure: a base-table write that changes index entries is admitted on the
// table and on every touched index partition, or on none.

#include <gtest/gtest.h>

#include "engine/throughput/test_util.h"

namespace monotable::throughput {
namespace {

using namespace testing;  // the helpers of test_util.h

TEST(GsiTest, AnIndexShortOfCapacityRefusesTheBaseWrite) {
  FakeClock clock(kStartMs);
  auto table = MakeResource(clock, CapacitySpec::Provisioned(1000, 1000));
  auto gsi = MakeResource(clock, CapacitySpec::Provisioned(1000, 5), "byStatus");
  int admitted = 0;
  Admission last;
  for (uint64_t i = 0; i < 10; ++i) {
    const Claim claims[] = {{table.get(), {i * 1000}, Op::kWrite, 1},
                            {gsi.get(), {42}, Op::kWrite, 1}};
    last = AdmitAll(claims);
    admitted += last.admitted;
  }
  EXPECT_EQ(admitted, 5);
  ASSERT_FALSE(last.admitted);
  ASSERT_EQ(last.throttles.size(), 1u);
  EXPECT_EQ(last.throttles[0].reason, ThrottlingReason::kIndexWriteProvisionedThroughputExceeded);
  EXPECT_EQ(last.throttles[0].resource->index_name(), "byStatus");
  // All or nothing: the table was charged for the five admitted writes only.
  EXPECT_DOUBLE_EQ(table->Snapshot(1).totals.write_units, 5);
  EXPECT_EQ(table->Snapshot(1).totals.write_throttled, 0u);
  EXPECT_EQ(gsi->Snapshot(1).totals.write_throttled, 5u);
  EXPECT_EQ(AdmitUntilRefused(*table, 1, Op::kWrite, 1), 995);
}

TEST(GsiTest, AHotIndexPartitionRefusesAndLeavesTheOthersUntouched) {
  FakeClock clock(kStartMs);
  auto table = MakeResource(clock, CapacitySpec::OnDemand());
  auto gsi = MakeResource(clock, CapacitySpec::OnDemand(), "byOwner");
  const uint64_t old_entry = HashIn(*gsi, 0);
  const uint64_t new_entry = HashIn(*gsi, 1);
  ASSERT_EQ(AdmitUntilRefused(*gsi, new_entry, Op::kWrite, 1), 1000);
  // An update that moves the item's index entry: delete in one partition, put in another.
  const Claim claims[] = {{table.get(), {7}, Op::kWrite, 1},
                          {gsi.get(), {old_entry}, Op::kWrite, 1},
                          {gsi.get(), {new_entry}, Op::kWrite, 1}};
  const Admission a = AdmitAll(claims);
  ASSERT_FALSE(a.admitted);
  EXPECT_FALSE(a.charged);
  ASSERT_EQ(a.throttles.size(), 1u);
  EXPECT_EQ(a.throttles[0].reason, ThrottlingReason::kIndexWriteKeyRangeThroughputExceeded);
  EXPECT_EQ(AdmitUntilRefused(*gsi, old_entry, Op::kWrite, 1), 1000);
  EXPECT_EQ(AdmitUntilRefused(*table, 7, Op::kWrite, 1), 1000);
}

TEST(GsiTest, ClaimsOnOneResourceAddUp) {
  FakeClock clock(kStartMs);
  auto table = MakeResource(clock, CapacitySpec::OnDemand());
  auto gsi = MakeResource(clock, CapacitySpec::OnDemand(-1, 3), "byOwner");
  // Each 2-unit claim fits the index's maximum of 3; together they do not.
  const Claim claims[] = {{table.get(), {7}, Op::kWrite, 1},
                          {gsi.get(), {1}, Op::kWrite, 2},
                          {gsi.get(), {HashIn(*gsi, 3)}, Op::kWrite, 2}};
  ExpectRefused(AdmitAll(claims), ThrottlingReason::kIndexWriteMaxOnDemandThroughputExceeded);
  EXPECT_EQ(AdmitUntilRefused(*gsi, 1, Op::kWrite, 1), 3);
}

TEST(GsiTest, SettlingAMultiResourceWrite) {
  FakeClock clock(kStartMs);
  auto table = MakeResource(clock, CapacitySpec::Provisioned(10, 10));
  auto gsi = MakeResource(clock, CapacitySpec::Provisioned(10, 10), "g");
  const Claim claims[] = {{table.get(), {1}, Op::kWrite, 1}, {gsi.get(), {2}, Op::kWrite, 1}};
  const Admission a = AdmitAll(claims);
  ASSERT_TRUE(a.admitted);
  const double actual[] = {4, 1};  // the item was 4 KB; its index entry 1 KB
  SettleAll(claims, actual, a);
  EXPECT_DOUBLE_EQ(table->Snapshot(1).totals.write_units, 4);
  EXPECT_DOUBLE_EQ(gsi->Snapshot(1).totals.write_units, 1);
  EXPECT_EQ(AdmitUntilRefused(*table, 1, Op::kWrite, 1), 6);
  EXPECT_EQ(AdmitUntilRefused(*gsi, 1, Op::kWrite, 1), 9);
}

}  // namespace
}  // namespace monotable::throughput
