// Splits for size and for heat, and the layout that the catalog persists.

#include <gtest/gtest.h>

#include <vector>

#include "engine/throughput/test_util.h"

namespace monotable::throughput {
namespace {

using namespace testing;  // the helpers of test_util.h

TEST(SplitTest, OversizedPartitionsSplitIntoPiecesOfAtMost10GB) {
  FakeClock clock(kStartMs);
  auto r = MakeResource(clock, CapacitySpec::Provisioned(1, 1));
  std::vector<PartitionMap> persisted;
  r->set_layout_listener(
      [&](const Resource&, const PartitionMap& map) { persisted.push_back(map); });
  const uint64_t gib = 1ull << 30;
  EXPECT_EQ(r->SplitForSize([&](const HashRange&) { return 25 * gib; }), 2u);
  EXPECT_EQ(r->partition_map().size(), 3u);
  ASSERT_EQ(persisted.size(), 1u);
  EXPECT_EQ(persisted[0], r->partition_map());
  EXPECT_EQ(r->layout_version(), 1u);
  // Exactly 10 GB stays; the pieces of a split are even.
  EXPECT_EQ(r->SplitForSize([&](const HashRange&) { return 10 * gib; }), 0u);
  const PartitionMap map = r->partition_map();
  const uint64_t w1 = map.Range(1).last - map.Range(1).begin;
  const uint64_t w2 = map.Range(2).last - map.Range(2).begin;
  EXPECT_LE(w1 > w2 ? w1 - w2 : w2 - w1, 1u);  // 2^64 / 3 is not whole
  EXPECT_EQ(persisted.size(), 1u);
}

TEST(SplitTest, APersistedLayoutIsKeptAndGrownForCapacity) {
  FakeClock clock(kStartMs);
  ResourceConfig config;
  config.table_name = "T";
  config.capacity = CapacitySpec::Provisioned(1, 1);
  PartitionMap persisted;
  const uint64_t cuts[] = {12345};
  ASSERT_TRUE(persisted.Split(0, cuts).ok());
  config.partitions = persisted;
  auto kept = Resource::Create(config, clock);
  ASSERT_TRUE(kept.ok());
  EXPECT_EQ((*kept)->partition_map(), persisted);
  config.capacity = CapacitySpec::Provisioned(9000, 1);  // needs 4
  auto grown = Resource::Create(config, clock);
  ASSERT_TRUE(grown.ok());
  EXPECT_EQ((*grown)->partition_map().size(), 4u);
  EXPECT_EQ((*grown)->partition_map().Range(0), (HashRange{0, 12344}));
}

TEST(SplitTest, SustainedHeatSplitsAtTheMiddleOfTheObservedKeys) {
  FakeClock clock(kStartMs);
  auto r = MakeResource(clock, CapacitySpec::OnDemand(), "", Mode::kEnforce, {0.8, 5});
  const uint64_t low = HashIn(*r, 0, 100);
  const uint64_t high = HashIn(*r, 0, 1ull << 40);
  TwoHotKeys(*r, clock, low, high, 5);
  EXPECT_EQ(r->partition_map().size(), 4u);
  r->Admit({low}, Op::kWrite, 1);  // closes the fifth hot second
  const PartitionMap map = r->partition_map();
  ASSERT_EQ(map.size(), 5u);
  EXPECT_EQ(map.Range(1).begin, low + (high - low) / 2 + 1);
  EXPECT_NE(map.Find(low), map.Find(high));
  // Each key now has a partition of its own: 1,000 WCU each.
  clock.Advance(1000);
  EXPECT_EQ(AdmitUntilRefused(*r, low, Op::kWrite, 1), 1000);
  EXPECT_EQ(AdmitUntilRefused(*r, high, Op::kWrite, 1), 1000);
}

TEST(SplitTest, OneHotKeyNeverSplits) {
  FakeClock clock(kStartMs);
  auto r = MakeResource(clock, CapacitySpec::OnDemand(), "", Mode::kEnforce, {0.8, 5});
  const uint64_t hot = HashIn(*r, 2, 77);
  for (int second = 0; second < 20; ++second) {
    EXPECT_EQ(AdmitUntilRefused(*r, hot, Op::kWrite, 1, 1500), 1000);
    for (int i = 0; i < 100; ++i) r->Admit({hot}, Op::kWrite, 1);  // keeps being throttled
    clock.Advance(1000);
  }
  EXPECT_EQ(r->partition_map().size(), 4u);
  EXPECT_EQ(r->layout_version(), 0u);
  const ResourceSnapshot snap = r->Snapshot(600);
  EXPECT_DOUBLE_EQ(snap.partitions[2].totals.write_units, 20000);
  EXPECT_EQ(snap.partitions[2].totals.write_throttled, 20u * 101);
}

}  // namespace
}  // namespace monotable::throughput
