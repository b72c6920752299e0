// Modes (off, observe, enforce), the observation a snapshot gives, and Contributor
// Insights fed by admissions.

#include <gtest/gtest.h>

#include "engine/throughput/test_util.h"

namespace monotable::throughput {
namespace {

using namespace testing;  // the helpers of test_util.h

TEST(ModesTest, ObserveRefusesNothingAndCountsWhatEnforceWould) {
  FakeClock clock(kStartMs);
  auto r = MakeResource(clock, CapacitySpec::Provisioned(5, 5), "", Mode::kObserve);
  int would_throttle = 0;
  for (int i = 0; i < 20; ++i) {
    const Admission a = r->Admit({1}, Op::kWrite, 1);
    EXPECT_TRUE(a.admitted);
    if (!a.throttles.empty()) {
      ++would_throttle;
      EXPECT_EQ(a.throttles[0].reason, ThrottlingReason::kTableWriteProvisionedThroughputExceeded);
      EXPECT_FALSE(a.charged);
    }
  }
  // The buckets moved as under enforce: 5 charged, the other 15 would have been refused.
  EXPECT_EQ(would_throttle, 15);
  const ResourceSnapshot snap = r->Snapshot(1);
  EXPECT_DOUBLE_EQ(snap.totals.write_units, 20);  // all of them were served
  EXPECT_EQ(snap.totals.write_throttled, 15u);
  // Switching to enforce refuses from the same state.
  r->set_mode(Mode::kEnforce);
  EXPECT_FALSE(r->Admit({1}, Op::kWrite, 1).admitted);
}

TEST(ModesTest, OffDoesNothing) {
  FakeClock clock(kStartMs);
  auto r = MakeResource(clock, CapacitySpec::Provisioned(1, 1), "", Mode::kOff);
  for (int i = 0; i < 100; ++i) {
    const Admission a = r->Admit({1}, Op::kWrite, 1);
    EXPECT_TRUE(a.admitted);
    EXPECT_TRUE(a.throttles.empty());
    r->Settle({1}, Op::kWrite, 1, 3, a);
  }
  EXPECT_DOUBLE_EQ(r->Snapshot(1).totals.write_units, 0);
  // An off index takes no part in a multi-resource admission.
  auto table = MakeResource(clock, CapacitySpec::Provisioned(1, 1));
  const Claim claims[] = {{table.get(), {1}, Op::kWrite, 1}, {r.get(), {1}, Op::kWrite, 1}};
  EXPECT_TRUE(AdmitAll(claims).admitted);
  EXPECT_FALSE(AdmitAll(claims).admitted);
}

TEST(ModesTest, AnObservedIndexReportsButDoesNotRefuse) {
  FakeClock clock(kStartMs);
  auto table = MakeResource(clock, CapacitySpec::Provisioned(10, 10));
  auto gsi = MakeResource(clock, CapacitySpec::Provisioned(1, 1), "g", Mode::kObserve);
  const Claim claims[] = {{table.get(), {1}, Op::kWrite, 1}, {gsi.get(), {1}, Op::kWrite, 1}};
  ASSERT_TRUE(AdmitAll(claims).charged);
  const Admission a = AdmitAll(claims);
  EXPECT_TRUE(a.admitted);
  EXPECT_FALSE(a.charged);
  ASSERT_EQ(a.throttles.size(), 1u);
  EXPECT_EQ(a.throttles[0].reason, ThrottlingReason::kIndexWriteProvisionedThroughputExceeded);
}

TEST(ModesTest, SnapshotShowsTheLastSecondsOfEachPartition) {
  FakeClock clock(kStartMs);
  auto r = MakeResource(clock, CapacitySpec::OnDemand(-1, 2));
  for (int i = 0; i < 3; ++i) r->Admit({HashIn(*r, 1)}, Op::kWrite, 1);
  clock.Advance(2000);
  r->Admit({HashIn(*r, 1)}, Op::kRead, 0.5);
  const ResourceSnapshot snap = r->Snapshot(3);
  ASSERT_EQ(snap.partitions.size(), 4u);
  const auto& recent = snap.partitions[1].recent;
  ASSERT_EQ(recent.size(), 3u);
  EXPECT_EQ(recent[0].second, kStartMs / 1000);
  EXPECT_EQ(recent[0].write_units, 2);
  EXPECT_EQ(recent[0].write_throttled, 1u);
  EXPECT_EQ(recent[1].write_units, 0);
  EXPECT_EQ(recent[2].read_units, 0.5);
  EXPECT_TRUE(snap.partitions[0].recent[2].read_units == 0);
  EXPECT_DOUBLE_EQ(snap.allowed_write_units_per_second, 2);
  EXPECT_DOUBLE_EQ(snap.allowed_read_units_per_second, 12000);
}

TEST(ModesTest, InsightsListTheHotKeyFirst) {
  FakeClock clock(kStartMs);
  auto r = MakeResource(clock, CapacitySpec::OnDemand());
  r->insights().SetMode(InsightsMode::kAccessedAndThrottled);
  const uint64_t hot = HashIn(*r, 0, 9);
  for (int i = 0; i < 1100; ++i) r->Admit({hot, "user#1", "profile"}, Op::kWrite, 1);
  for (int i = 0; i < 10; ++i)
    r->Admit({HashIn(*r, 1, i), "user#" + std::to_string(i + 2)}, Op::kWrite, 1);
  const InsightsSnapshot top = r->insights().Top(3);
  ASSERT_FALSE(top.accessed_partition_keys.empty());
  EXPECT_EQ(top.accessed_partition_keys[0].key, "user#1");
  EXPECT_DOUBLE_EQ(top.accessed_partition_keys[0].count, 1000);
  ASSERT_EQ(top.throttled_partition_keys.size(), 1u);
  EXPECT_DOUBLE_EQ(top.throttled_partition_keys[0].count, 100);
  ASSERT_EQ(top.throttled_items.size(), 1u);
  EXPECT_EQ(SplitItemInsightKey(top.throttled_items[0].key).second, "profile");
}

}  // namespace
}  // namespace monotable::throughput
