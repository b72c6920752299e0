#include "engine/format/partition_map_codec.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

namespace monotable::partition_map_codec {
namespace {

std::string EncodeAgain(const Boundaries& map) { return Encode(map.begins, map.sorts); }

// The bytes of both versions, pinned: the catalog holds them.
TEST(PartitionMapCodecTest, EncodesTheFrozenBytes) {
  const std::vector<uint64_t> begins = {0, 5, 305};  // gaps 5 and 300
  EXPECT_EQ(Encode(begins, {}), std::string("\x01\x03\x05\xac\x02", 5));
  const std::vector<uint64_t> shared = {0, 5, 5};
  const std::vector<std::string> sorts = {"", "", "m"};
  const std::string v2("\x02\x03\x05\x00\x00\x01m", 7);
  EXPECT_EQ(Encode(shared, sorts), v2);
  auto decoded = Decode(v2);
  ASSERT_TRUE(decoded.ok()) << decoded.status().message();
  EXPECT_EQ(decoded->begins, shared);
  EXPECT_EQ(decoded->sorts, sorts);
  auto single = Decode(std::string("\x01\x01", 2));
  ASSERT_TRUE(single.ok());
  EXPECT_EQ(single->begins, std::vector<uint64_t>{0});
  EXPECT_TRUE(single->sorts.empty());
}

TEST(PartitionMapCodecTest, DecodeRefusesGarbage) {
  const std::string cases[] = {
      std::string(),                       // empty
      std::string("\x02\x01", 2),          // unknown version
      std::string("\x01", 1),              // no count
      std::string("\x01\x00", 2),          // zero partitions
      std::string("\x01\x03\x05", 3),      // count beyond the bytes
      std::string("\x01\x02\x80", 3),      // truncated varint
      std::string("\x01\x02\x00", 3),      // zero gap: boundaries not increasing
      std::string("\x01\x02\x01\x07", 4),  // trailing bytes
      std::string("\x01\x03\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01\x01", 13),  // past 2^64
      std::string("\x01\x02\xff\xff\xff\xff\xff\xff\xff\xff\xff\x7f", 12),      // > 64 bits
  };
  for (const std::string& bytes : cases) {
    auto decoded = Decode(bytes);
    EXPECT_FALSE(decoded.ok()) << "accepted " << ::testing::PrintToString(bytes);
    if (!decoded.ok()) {
      EXPECT_EQ(decoded.status().code(), ErrorCode::kInternal);
    }
  }
  // Random bytes: never a crash; whatever decodes re-encodes to the same bytes.
  std::mt19937_64 rng(12);
  for (int i = 0; i < 20000; ++i) {
    std::string bytes(rng() % 24, '\0');
    for (char& c : bytes) c = static_cast<char>(rng());
    if (i % 2 == 0 && !bytes.empty()) bytes[0] = static_cast<char>(kVersion);
    auto decoded = Decode(bytes);
    if (decoded.ok()) {
      EXPECT_EQ(EncodeAgain(*decoded), bytes);
    }
  }
}

TEST(PartitionMapCodecTest, DecodeRefusesSortKeyBoundariesOutOfOrder) {
  const std::vector<std::string> cases = {
      std::string("\x02\x02\x05\x00", 4),               // version 2 without a sort key
      std::string("\x02\x03\x05\x01m\x00\x01m", 8),     // the same boundary twice
      std::string("\x02\x03\x05\x01m\x00\x01\x61", 8),  // "a" after "m" on one hash
      std::string("\x02\x02\x05\x04m", 5),              // sort key past the bytes
      std::string("\x02\x02\x00\x01m", 5),              // (0, "m") is fine...
  };
  for (size_t i = 0; i + 1 < cases.size(); ++i) {
    EXPECT_FALSE(Decode(cases[i]).ok()) << i;
  }
  auto at_zero = Decode(cases.back());
  ASSERT_TRUE(at_zero.ok());
  EXPECT_EQ(at_zero->begins, (std::vector<uint64_t>{0, 0}));
  EXPECT_EQ(at_zero->sorts, (std::vector<std::string>{"", "m"}));
}

}  // namespace
}  // namespace monotable::partition_map_codec
