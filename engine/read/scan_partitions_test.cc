#include "engine/read/scan_partitions.h"

#include <gtest/gtest.h>

namespace monotable {
namespace {

// Four partitions of equal width, as a new on-demand table has.
ScanPartitions FourPartitions(uint64_t first = 0, uint64_t last = UINT64_MAX) {
  const uint64_t quarter = 1ULL << 62;
  return ScanPartitions{{0, quarter, 2 * quarter, 3 * quarter}, first, last};
}

TEST(ScanPartitionTallyTest, EveryPartitionReadCostsAtLeastOneUnit) {
  ScanPartitions partitions = FourPartitions();
  ScanPartitionTally empty(partitions);
  EXPECT_EQ(empty.Units(/*consistent=*/true, std::nullopt), 4.0);
  EXPECT_EQ(empty.Units(/*consistent=*/false, std::nullopt), 2.0);

  ScanPartitionTally one_item(partitions);
  one_item.Add(5, 20);
  EXPECT_EQ(one_item.Units(true, std::nullopt), 4.0);
}

TEST(ScanPartitionTallyTest, EachPartitionIsRoundedOnItsOwn) {
  ScanPartitions partitions = FourPartitions();
  ScanPartitionTally tally(partitions);
  tally.Add(1, 3000);
  tally.Add(2, 3000);                // 6,000 bytes in partition 0: 2 units
  tally.Add((1ULL << 62) + 1, 100);  // partition 1: 1 unit
  EXPECT_EQ(tally.Units(true, std::nullopt), 2.0 + 1 + 1 + 1);
  EXPECT_EQ(tally.Units(false, std::nullopt), 2.5);
}

TEST(ScanPartitionTallyTest, APageThatStopsEarlyCountsThePartitionsUpToItsLastKey) {
  ScanPartitions partitions = FourPartitions();
  ScanPartitionTally tally(partitions);
  tally.Add((1ULL << 62) + 7, 100);
  EXPECT_EQ(tally.Units(true, (1ULL << 62) + 7), 2.0);
}

TEST(ScanPartitionTallyTest, ASegmentCountsOnlyItsPartitions) {
  // The second of four segments, which is the second partition.
  const uint64_t quarter = 1ULL << 62;
  ScanPartitions partitions = FourPartitions(quarter, 2 * quarter - 1);
  ScanPartitionTally tally(partitions);
  EXPECT_EQ(tally.Units(true, std::nullopt), 1.0);
  EXPECT_EQ(tally.Units(false, std::nullopt), 0.5);
}

TEST(ScanPartitionTallyTest, OnePartition) {
  ScanPartitions partitions{{0}, 0, UINT64_MAX};
  ScanPartitionTally tally(partitions);
  tally.Add(UINT64_MAX, 4097);
  EXPECT_EQ(tally.Units(true, std::nullopt), 2.0);
}

}  // namespace
}  // namespace monotable
