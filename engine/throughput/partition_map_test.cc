#include "engine/throughput/partition_map.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/format/partition_map_codec.h"

namespace monotable::throughput {
namespace {

TEST(PartitionMapTest, UniformCoversTheHashSpaceInEqualRanges) {
  const PartitionMap map = PartitionMap::Uniform(4);
  ASSERT_EQ(map.size(), 4u);
  EXPECT_EQ(map.Range(0), (HashRange{0, (1ull << 62) - 1}));
  EXPECT_EQ(map.Range(3), (HashRange{3ull << 62, UINT64_MAX}));
  EXPECT_EQ(map.Find(0), 0u);
  EXPECT_EQ(map.Find((1ull << 62) - 1), 0u);
  EXPECT_EQ(map.Find(1ull << 62), 1u);
  EXPECT_EQ(map.Find(UINT64_MAX), 3u);
  EXPECT_EQ(PartitionMap::Uniform(1), PartitionMap());
}

TEST(PartitionMapTest, SplitChecksItsCuts) {
  PartitionMap map = PartitionMap::Uniform(2);
  const uint64_t half = 1ull << 63;
  const uint64_t cuts[] = {half + 10, half + 20};
  ASSERT_TRUE(map.Split(1, cuts).ok());
  EXPECT_EQ(map.size(), 4u);
  EXPECT_EQ(map.Range(1), (HashRange{half, half + 9}));
  EXPECT_EQ(map.Range(2), (HashRange{half + 10, half + 19}));
  const uint64_t outside[] = {half + 5};  // belongs to partition 1, not 0
  EXPECT_FALSE(map.Split(0, outside).ok());
  const uint64_t at_begin[] = {half};
  EXPECT_FALSE(map.Split(1, at_begin).ok());
  const uint64_t unordered[] = {UINT64_MAX, half + 30};
  EXPECT_FALSE(map.Split(3, unordered).ok());
  EXPECT_FALSE(map.Split(9, cuts).ok());
  EXPECT_EQ(map.size(), 4u);  // unchanged by the failures
  EXPECT_EQ(map.Widest(), 0u);
  EXPECT_EQ(EvenCuts({10, 12}, 5).size(), 2u);  // three hashes make three pieces at most
}

TEST(PartitionMapTest, EncodeDecodeRoundTrip) {
  PartitionMap map = PartitionMap::Uniform(7);
  const uint64_t cuts[] = {map.Range(6).begin + 1, UINT64_MAX};
  ASSERT_TRUE(map.Split(6, cuts).ok());
  const std::string bytes = map.Encode();
  EXPECT_EQ(static_cast<uint8_t>(bytes[0]), partition_map_codec::kVersion);
  auto decoded = PartitionMap::Decode(bytes);
  ASSERT_TRUE(decoded.ok()) << decoded.status().message();
  EXPECT_EQ(*decoded, map);
  auto single = PartitionMap::Decode(PartitionMap().Encode());
  ASSERT_TRUE(single.ok());
  EXPECT_EQ(single->size(), 1u);
}

TEST(PartitionMapTest, SortKeyBoundariesCutOneHashIntoPieces) {
  PartitionMap map = PartitionMap::Uniform(2);
  const uint64_t h = 1000;  // in partition 0
  ASSERT_TRUE(map.SplitAtSortKey(0, h, "m").ok());
  ASSERT_EQ(map.size(), 3u);
  EXPECT_TRUE(map.has_sort_key_boundaries());
  // Both pieces hold the hash; the sort key picks one.
  EXPECT_EQ(map.Range(0), (HashRange{0, h}));
  EXPECT_EQ(map.Range(1), (HashRange{h, (1ull << 63) - 1}));
  EXPECT_EQ(map.SortEnd(0), "m");
  EXPECT_EQ(map.SortBegin(1), "m");
  EXPECT_EQ(map.Find(h, "a"), 0u);
  EXPECT_EQ(map.Find(h, "m"), 1u);
  EXPECT_EQ(map.Find(h, "z"), 1u);
  EXPECT_EQ(map.Find(h), 0u);  // no sort key: the collection's first piece
  EXPECT_EQ(map.Find(h + 1), 1u);
  EXPECT_EQ(map.Find(h - 1, "z"), 0u);
  // A second cut inside the upper piece, and a hash cut below the collection.
  ASSERT_TRUE(map.SplitAtSortKey(1, h, "t").ok());
  const uint64_t below[] = {10};
  ASSERT_TRUE(map.Split(0, below).ok());
  ASSERT_EQ(map.size(), 5u);
  EXPECT_EQ(map.Find(h, "p"), 2u);
  EXPECT_EQ(map.Find(h, "u"), 3u);
  EXPECT_EQ(map.Range(2), (HashRange{h, h}));
  // Cuts outside the piece, at its begin, or without a sort key are refused.
  EXPECT_FALSE(map.SplitAtSortKey(2, h, "m").ok());
  EXPECT_FALSE(map.SplitAtSortKey(2, h, "x").ok());
  EXPECT_FALSE(map.SplitAtSortKey(2, h, "").ok());
  EXPECT_FALSE(map.SplitAtSortKey(9, h, "p").ok());
  EXPECT_EQ(map.size(), 5u);
  // What follows hash ranges only sees the hash cuts.
  const PartitionMap hashes = map.HashOnly();
  EXPECT_FALSE(hashes.has_sort_key_boundaries());
  EXPECT_EQ(hashes.size(), 3u);
  EXPECT_EQ(hashes.Range(1), (HashRange{10, (1ull << 63) - 1}));
  // Version 2 round-trips; a map without sort keys keeps version 1.
  const std::string encoded = map.Encode();
  EXPECT_EQ(static_cast<uint8_t>(encoded[0]), partition_map_codec::kSortKeyVersion);
  auto decoded = PartitionMap::Decode(encoded);
  ASSERT_TRUE(decoded.ok());
  EXPECT_EQ(*decoded, map);
  EXPECT_EQ(static_cast<uint8_t>(hashes.Encode()[0]), partition_map_codec::kVersion);
}

}  // namespace
}  // namespace monotable::throughput
