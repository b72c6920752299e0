// Split for heat inside one hot item collection, by sort key (HeatPolicy::
// split_by_sort_key), and its limits: one hot item and sort keys written in order never
// split. All on the fake clock.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/throughput/test_util.h"

namespace monotable::throughput {
namespace {

using namespace testing;  // the helpers of test_util.h

constexpr HeatPolicy kSortKeyHeat{0.8, 5, true};

// One second of `writes` one-unit writes on the partition key of `hash`, over the sort
// keys `sort_keys` in turn; returns how many were admitted.
int WriteSecond(Resource& r, FakeClock& clock, uint64_t hash,
                const std::vector<std::string>& sort_keys, int writes) {
  int admitted = 0;
  for (int i = 0; i < writes; ++i) {
    const std::string& sort = sort_keys[static_cast<size_t>(i) % sort_keys.size()];
    admitted += r.Admit(KeyRef(hash, "pk", sort), Op::kWrite, 1).admitted ? 1 : 0;
  }
  clock.Advance(1000);
  return admitted;
}

std::vector<std::string> SortKeys(int count) {
  std::vector<std::string> keys;
  for (int i = 0; i < count; ++i) keys.push_back("sk" + std::to_string(i));
  return keys;
}

TEST(SortKeySplitTest, AHotItemCollectionSplitsBySortKeyAndServesMoreThanOnePartition) {
  FakeClock clock(kStartMs);
  auto r = MakeResource(clock, CapacitySpec::OnDemand(), "", Mode::kEnforce, kSortKeyHeat);
  const size_t before = r->partition_map().size();
  const uint64_t hash = HashIn(*r, 1, 12345);
  const std::vector<std::string> keys = SortKeys(10);
  // One partition's ceiling: 1,000 of the 1,500 writes a second.
  EXPECT_EQ(WriteSecond(*r, clock, hash, keys, 1500), 1000);
  for (int s = 1; s < 5; ++s) WriteSecond(*r, clock, hash, keys, 1500);
  // Five hot seconds: the next admission splits the collection at a sort key.
  WriteSecond(*r, clock, hash, keys, 1500);
  ASSERT_EQ(r->partition_map().size(), before + 1);
  const SplitLog log = r->split_log();
  ASSERT_EQ(log.events().size(), 1u);
  EXPECT_EQ(log.events()[0].reason, SplitReason::kHeatSortKey);
  EXPECT_EQ(SplitReasonName(log.events()[0].reason), "HEAT_SORT_KEY");
  const PartitionMap map = r->partition_map();
  const size_t low = map.Find(hash, "sk0");
  const size_t high = map.Find(hash, "sk9");
  EXPECT_EQ(high, low + 1);
  EXPECT_EQ(map.Range(low).last, hash);  // both halves hold the hash
  EXPECT_EQ(map.Range(high).begin, hash);
  EXPECT_FALSE(map.SortBegin(high).empty());
  // Each half takes its share under its own ceiling: every write is served.
  WriteSecond(*r, clock, hash, keys, 1500);  // the children start from the parent's tokens
  EXPECT_EQ(WriteSecond(*r, clock, hash, keys, 1500), 1500);
  const ResourceSnapshot snapshot = r->Snapshot(60);
  EXPECT_EQ(snapshot.partitions[high].sort_begin, map.SortBegin(high));
  EXPECT_EQ(snapshot.partitions[low].sort_end, map.SortBegin(high));
}

TEST(SortKeySplitTest, OneHotItemNeverExceedsOnePartition) {
  FakeClock clock(kStartMs);
  auto r = MakeResource(clock, CapacitySpec::OnDemand(), "", Mode::kEnforce, kSortKeyHeat);
  const size_t before = r->partition_map().size();
  const uint64_t hash = HashIn(*r, 2, 99);
  for (int s = 0; s < 20; ++s) {
    EXPECT_EQ(WriteSecond(*r, clock, hash, {"only"}, 1500), 1000) << "second " << s;
  }
  EXPECT_EQ(r->partition_map().size(), before);
  EXPECT_TRUE(r->split_log().events().empty());
}

TEST(SortKeySplitTest, SortKeysWrittenInOrderDoNotSplit) {
  FakeClock clock(kStartMs);
  auto r = MakeResource(clock, CapacitySpec::OnDemand(), "", Mode::kEnforce, kSortKeyHeat);
  const size_t before = r->partition_map().size();
  const uint64_t hash = HashIn(*r, 0, 7);
  // A time-ordered sort key: every write goes after the last one.
  int next = 0;
  for (int s = 0; s < 20; ++s) {
    std::vector<std::string> ordered;
    for (int i = 0; i < 15; ++i) {
      const std::string n = std::to_string(1000000 + next++);
      ordered.push_back("t#" + n);
    }
    int admitted = 0;
    for (int i = 0; i < 1500; ++i) {
      const std::string& sort = ordered[static_cast<size_t>(i) / 100];
      admitted += r->Admit(KeyRef(hash, "pk", sort), Op::kWrite, 1).admitted ? 1 : 0;
    }
    clock.Advance(1000);
    EXPECT_EQ(admitted, 1000) << "second " << s;
  }
  EXPECT_EQ(r->partition_map().size(), before);
}

TEST(SortKeySplitTest, WithoutSortKeySplitsACollectionStaysInOnePartition) {
  FakeClock clock(kStartMs);
  auto r = MakeResource(clock, CapacitySpec::OnDemand(), "", Mode::kEnforce, {0.8, 5});
  const size_t before = r->partition_map().size();
  const uint64_t hash = HashIn(*r, 3, 5);
  for (int s = 0; s < 10; ++s) WriteSecond(*r, clock, hash, SortKeys(10), 1500);
  EXPECT_EQ(r->partition_map().size(), before);
  EXPECT_EQ(WriteSecond(*r, clock, hash, SortKeys(10), 1500), 1000);
}

TEST(SortKeySplitTest, ASplitCollectionSplitsAgainWhileStillHot) {
  FakeClock clock(kStartMs);
  auto r = MakeResource(clock, CapacitySpec::OnDemand(), "", Mode::kEnforce, kSortKeyHeat);
  const size_t before = r->partition_map().size();
  const uint64_t hash = HashIn(*r, 1, 1);
  const std::vector<std::string> keys = SortKeys(40);
  // 3,500 writes a second need four pieces of 1,000 WCU.
  for (int s = 0; s < 40; ++s) WriteSecond(*r, clock, hash, keys, 3500);
  EXPECT_GE(r->partition_map().size(), before + 3);
  EXPECT_EQ(WriteSecond(*r, clock, hash, keys, 3500), 3500);
  // The layout survives the catalog's round trip.
  const PartitionMap map = r->partition_map();
  auto decoded = PartitionMap::Decode(map.Encode());
  ASSERT_TRUE(decoded.ok());
  EXPECT_EQ(*decoded, map);
  auto log = SplitLog::Decode(r->split_log().Encode());
  ASSERT_TRUE(log.ok()) << log.status().message();
  EXPECT_EQ(log->events(), r->split_log().events());
  // Streams and Scans see the hash ranges only.
  EXPECT_EQ(map.HashOnly().size(), before);
}

}  // namespace
}  // namespace monotable::throughput
