#include "rehearse/sort_key_space.h"

#include <gtest/gtest.h>

#include <vector>

namespace monotable::rehearse {
namespace {

TEST(SortKeySpace, EncodedSortKeysKeepTheNumbersOrder) {
  const SortKeys sort{1000, "s", false};
  EXPECT_LT(EncodedSortKey(sort, 9), EncodedSortKey(sort, 10));
  EXPECT_LT(EncodedSortKey(sort, 99), EncodedSortKey(sort, 100));
  EXPECT_EQ(EncodedSortKey(sort, 7), EncodedSortKey("s007"));
  const SortKeys ascending{1, "t", true};
  EXPECT_LT(EncodedSortKey(ascending, 999), EncodedSortKey(ascending, 1000));  // no end
}

TEST(SortKeySpace, SharesFollowThePiecesOfTheCollection) {
  const SortKeys sort{1000, "s", false};
  const uint64_t hash = 12345;
  std::vector<SortShare> shares;
  // One piece: half a quarter in, half three quarters in.
  throughput::PartitionMap map;
  ShareOverSortKeys(sort, map, hash, 0, &shares);
  ASSERT_EQ(shares.size(), 2u);
  EXPECT_EQ(shares[0].sort_key, EncodedSortKey(sort, 250));
  EXPECT_EQ(shares[1].sort_key, EncodedSortKey(sort, 750));
  EXPECT_DOUBLE_EQ(shares[0].share + shares[1].share, 1.0);
  // Cut at s400: 400 keys below, 600 above.
  ASSERT_TRUE(map.SplitAtSortKey(0, hash, EncodedSortKey(sort, 400)).ok());
  ShareOverSortKeys(sort, map, hash, 0, &shares);
  ASSERT_EQ(shares.size(), 4u);
  EXPECT_DOUBLE_EQ(shares[0].share + shares[1].share, 0.4);
  EXPECT_DOUBLE_EQ(shares[2].share + shares[3].share, 0.6);
  EXPECT_EQ(map.Find(hash, shares[1].sort_key), 0u);
  EXPECT_EQ(map.Find(hash, shares[2].sort_key), 1u);
  // Another hash of the same partitions has no boundary inside it.
  ShareOverSortKeys(sort, map, hash + 1, 0, &shares);
  EXPECT_EQ(shares.size(), 2u);
  // A piece of one sort key is one item: it takes the piece's whole share.
  ASSERT_TRUE(map.SplitAtSortKey(1, hash, EncodedSortKey(sort, 401)).ok());
  ShareOverSortKeys(sort, map, hash, 0, &shares);
  ASSERT_EQ(shares.size(), 5u);
  EXPECT_EQ(shares[2].sort_key, EncodedSortKey(sort, 400));
  EXPECT_DOUBLE_EQ(shares[2].share, 0.001);
  // Ascending: the tick's own sort key, all of it.
  ShareOverSortKeys({1, "t", true}, map, hash, 42, &shares);
  ASSERT_EQ(shares.size(), 1u);
  EXPECT_EQ(shares[0].sort_key, EncodedSortKey(SortKeys{1, "t", true}, 42));
}

}  // namespace
}  // namespace monotable::rehearse
