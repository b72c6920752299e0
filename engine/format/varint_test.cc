#include "engine/format/varint.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>

namespace monotable::varint {
namespace {

TEST(VarintTest, RoundTripsAndAdvances) {
  const uint64_t values[] = {
      0, 1, 127, 128, 300, uint64_t{1} << 35, std::numeric_limits<uint64_t>::max()};
  std::string bytes;
  for (uint64_t v : values) Put(bytes, v);
  EXPECT_EQ(bytes.size(), 1u + 1 + 1 + 2 + 2 + 6 + 10);
  std::string_view in = bytes;
  for (uint64_t expected : values) {
    uint64_t v = 0;
    ASSERT_TRUE(Get(in, v));
    EXPECT_EQ(v, expected);
  }
  EXPECT_TRUE(in.empty());
}

TEST(VarintTest, TruncatedAndOverlongAreRefused) {
  uint64_t v = 0;
  std::string_view truncated("\x80\x80", 2);
  EXPECT_FALSE(Get(truncated, v));
  std::string_view empty;
  EXPECT_FALSE(Get(empty, v));
  // Ten bytes whose last carries bits beyond the 64th.
  std::string overlong(9, '\xff');
  overlong.push_back('\x02');
  std::string_view in = overlong;
  EXPECT_FALSE(Get(in, v));
}

}  // namespace
}  // namespace monotable::varint
