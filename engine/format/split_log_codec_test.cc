#include "engine/format/split_log_codec.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace monotable::split_log_codec {
namespace {

Log OneHeatSplit() {
  return {.dropped = 0,
          .events = {{.time_ms = 1,
                      .layout_version = 1,
                      .reason = 2,
                      .parent_begin = 0,
                      .parent_last = 9,
                      .cuts = {5}}}};
}

// The bytes pinned: the catalog holds them.
TEST(SplitLogCodecTest, EncodesTheFrozenBytes) {
  // version, dropped, count; time, layout version, reason, parent, child count, gap.
  const std::string heat("\x01\x00\x01\x01\x01\x02\x00\x09\x02\x05", 10);
  EXPECT_EQ(Encode(OneHeatSplit()), heat);
  Log sort_key{.dropped = 3,
               .events = {{.time_ms = 300,
                           .layout_version = 7,
                           .reason = kSortKeyReason,
                           .parent_begin = 4,
                           .parent_last = 9,
                           .cuts = {4}}}};
  const std::string cut_at_begin("\x01\x03\x01\xac\x02\x07\x04\x04\x09\x02\x00", 11);
  EXPECT_EQ(Encode(sort_key), cut_at_begin);
  auto decoded = Decode(cut_at_begin);
  ASSERT_TRUE(decoded.ok()) << decoded.status().message();
  EXPECT_EQ(decoded->dropped, 3u);
  ASSERT_EQ(decoded->events.size(), 1u);
  EXPECT_EQ(decoded->events[0].time_ms, 300);
  EXPECT_EQ(decoded->events[0].cuts, std::vector<uint64_t>{4});
  EXPECT_EQ(Encode(*decoded), cut_at_begin);
}

TEST(SplitLogCodecTest, RefusesCorruptBytes) {
  const std::string good = Encode(OneHeatSplit());
  ASSERT_TRUE(Decode(good).ok());
  EXPECT_FALSE(Decode("").ok());
  EXPECT_FALSE(Decode(std::string(1, '\x02') + good.substr(1)).ok());
  for (size_t cut = 1; cut < good.size(); ++cut) {
    EXPECT_FALSE(Decode(good.substr(0, cut)).ok()) << cut;
  }
  EXPECT_FALSE(Decode(good + "x").ok());
  std::string bad_reason = good;
  bad_reason[5] = 9;  // version, dropped, count, time, layout version, then the reason
  EXPECT_FALSE(Decode(bad_reason).ok());
  std::string outside = good;
  outside.back() = 10;  // a child beginning past the parent's last hash
  EXPECT_FALSE(Decode(outside).ok());
}

}  // namespace
}  // namespace monotable::split_log_codec
