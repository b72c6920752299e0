// The split history: what each kind of split records, its bound, and its encoding.

#include "engine/throughput/split_log.h"

#include <gtest/gtest.h>

#include <string>

#include "engine/throughput/test_util.h"

namespace monotable::throughput {
namespace {

using namespace testing;  // the helpers of test_util.h

constexpr uint64_t kHalf = 1ull << 63;

TEST(SplitLogTest, CapacityGrowthRecordsEachSplitWithItsTimeParentAndChildren) {
  FakeClock clock(kStartMs);
  auto r = MakeResource(clock, CapacitySpec::Provisioned(1, 1));
  EXPECT_TRUE(r->split_log().events().empty());
  clock.Advance(2500);
  ASSERT_TRUE(r->UpdateCapacity(CapacitySpec::Provisioned(1, 2500)).ok());  // needs 3
  const ResourceSnapshot snap = r->Snapshot(1);
  ASSERT_EQ(snap.splits.size(), 2u);
  const SplitEvent& first = snap.splits[0];
  EXPECT_EQ(first.time_ms, kStartMs + 2500);
  EXPECT_EQ(first.reason, SplitReason::kCapacity);
  EXPECT_EQ(first.layout_version, 1u);
  EXPECT_EQ(first.parent, (HashRange{0, UINT64_MAX}));
  EXPECT_EQ(first.children, (std::vector<HashRange>{{0, kHalf - 1}, {kHalf, UINT64_MAX}}));
  // The second split cut the widest (the lower half) in the same change of layout.
  EXPECT_EQ(snap.splits[1].parent, (HashRange{0, kHalf - 1}));
  EXPECT_EQ(snap.splits[1].layout_version, 1u);
  EXPECT_EQ(r->layout_version(), 1u);
  EXPECT_EQ(snap.splits_dropped, 0u);
}

TEST(SplitLogTest, HeatAndSizeSplitsNameTheirReason) {
  FakeClock clock(kStartMs);
  auto r = MakeResource(clock, CapacitySpec::OnDemand(), "", Mode::kEnforce, {0.8, 2});
  const uint64_t low = HashIn(*r, 0, 100);
  const uint64_t high = HashIn(*r, 0, 1ull << 40);
  TwoHotKeys(*r, clock, low, high, 2);
  r->Admit({low}, Op::kWrite, 1);  // closes the second hot second
  SplitLog log = r->split_log();
  ASSERT_EQ(log.events().size(), 1u);
  EXPECT_EQ(log.events()[0].reason, SplitReason::kHeat);
  EXPECT_EQ(log.events()[0].children[1].begin, low + (high - low) / 2 + 1);

  EXPECT_EQ(r->SplitForSize([](const HashRange& range) {
    return range.begin == 0 ? (25ull << 30) : 0;  // partition 0 holds 25 GB
  }),
            2u);
  log = r->split_log();
  ASSERT_EQ(log.events().size(), 2u);
  EXPECT_EQ(log.events()[1].reason, SplitReason::kSize);
  EXPECT_EQ(log.events()[1].children.size(), 3u);
  EXPECT_EQ(log.events()[1].layout_version, 2u);
  EXPECT_EQ(SplitReasonName(log.events()[1].reason), "SIZE");
}

TEST(SplitLogTest, KeepsTheNewestEventsAndCountsTheDropped) {
  SplitLog log(2);
  for (int i = 0; i < 5; ++i) {
    log.Add({i, static_cast<uint64_t>(i), SplitReason::kCapacity, {0, 9}, {{0, 4}, {5, 9}}});
  }
  ASSERT_EQ(log.events().size(), 2u);
  EXPECT_EQ(log.events().front().time_ms, 3);
  EXPECT_EQ(log.dropped(), 3u);
}

TEST(SplitLogTest, EncodesAndDecodes) {
  SplitLog log;
  const uint64_t cuts[] = {kHalf, kHalf + 7};
  log.Add({kStartMs,
           4,
           SplitReason::kSize,
           {0, UINT64_MAX},
           SplitEvent::Children({0, UINT64_MAX}, cuts)});
  log.Add({kStartMs + 1,
           5,
           SplitReason::kHeat,
           {kHalf, kHalf + 6},
           {{kHalf, kHalf}, {kHalf + 1, kHalf + 6}}});
  auto decoded = SplitLog::Decode(log.Encode());
  ASSERT_TRUE(decoded.ok()) << decoded.status().message();
  EXPECT_EQ(decoded->events(), log.events());
  // Decoding into a smaller log keeps the newest.
  auto smaller = SplitLog::Decode(log.Encode(), 1);
  ASSERT_TRUE(smaller.ok());
  EXPECT_EQ(smaller->events().front().layout_version, 5u);
  EXPECT_EQ(smaller->dropped(), 1u);
}

TEST(SplitLogTest, ARestoredHistoryIsKeptAndItsLayoutVersionsGoOn) {
  FakeClock clock(kStartMs);
  ResourceConfig config;
  config.table_name = "T";
  config.capacity = CapacitySpec::Provisioned(1, 1);
  PartitionMap map;
  const uint64_t cuts[] = {kHalf};
  ASSERT_TRUE(map.Split(0, cuts).ok());
  config.partitions = map;
  config.split_log.Add({kStartMs - 60000,
                        7,
                        SplitReason::kHeat,
                        {0, UINT64_MAX},
                        {{0, kHalf - 1}, {kHalf, UINT64_MAX}}});
  auto made = Resource::Create(config, clock);
  ASSERT_TRUE(made.ok());
  auto& r = *made;
  EXPECT_EQ(r->layout_version(), 7u);
  ASSERT_TRUE(r->UpdateCapacity(CapacitySpec::Provisioned(1, 2500)).ok());
  const SplitLog log = r->split_log();
  ASSERT_EQ(log.events().size(), 2u);
  EXPECT_EQ(log.events()[0].time_ms, kStartMs - 60000);
  EXPECT_EQ(log.events()[1].layout_version, 8u);
}

}  // namespace
}  // namespace monotable::throughput
