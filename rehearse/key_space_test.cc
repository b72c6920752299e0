#include "rehearse/key_space.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numeric>

#include "engine/base/attribute_value.h"
#include "engine/format/key_codec.h"

namespace monotable::rehearse {
namespace {

double TotalWeight(const KeySpace& k) {
  double w = k.spread;
  for (const KeySlot& s : k.slots) w += s.weight;
  return w;
}

TEST(KeySpace, HashesKeysAsTheServerHashesStringPartitionKeys) {
  const std::string prefix = key_codec::PartitionPrefix(AttributeValue::String("user#7"));
  EXPECT_EQ(StringKeyHash("user#7"), key_codec::HashOfKey(prefix));
}

TEST(KeySpace, ManyUniformKeysAreSpreadAndFewAreSlots) {
  KeyDistribution d;
  d.count = 1000;
  KeySpace many = MakeKeySpace(d, 0);
  EXPECT_TRUE(many.slots.empty());
  EXPECT_DOUBLE_EQ(many.spread, 1.0);
  d.count = 4;
  d.prefix = "p";
  KeySpace few = MakeKeySpace(d, 0);
  ASSERT_EQ(few.slots.size(), 4u);
  EXPECT_EQ(few.slots[0].key, "p0");
  d.digits = 10;
  d.prefix = "USER#";
  EXPECT_EQ(MakeKeySpace(d, 0).slots[3].key, "USER#0000000003");  // monotable_bench's keys
  EXPECT_DOUBLE_EQ(few.slots[3].weight, 0.25);
}

TEST(KeySpace, HotKeyAndItsShards) {
  KeyDistribution d;
  d.kind = KeyKind::kHotKey;
  d.hot_share = 0.6;
  d.shards = 10;
  d.prefix = "day";
  const KeySpace k = MakeKeySpace(d, 0);
  ASSERT_EQ(k.slots.size(), 10u);
  EXPECT_EQ(k.slots[0].key, "day0#0");
  EXPECT_EQ(k.slots[9].key, "day0#9");
  EXPECT_DOUBLE_EQ(k.slots[4].weight, 0.06);
  EXPECT_NEAR(k.spread, 0.4, 1e-12);
  EXPECT_NEAR(TotalWeight(k), 1.0, 1e-12);
}

TEST(KeySpace, ZipfHeadIsSlotsInRankOrderAndTheTailIsSpread) {
  KeyDistribution d;
  d.kind = KeyKind::kZipf;
  d.zipf_s = 1.0;
  d.count = 1'000'000;
  const KeySpace k = MakeKeySpace(d, 0);
  ASSERT_FALSE(k.slots.empty());
  const double h = Harmonic(1'000'000, 1.0);
  EXPECT_NEAR(h, 14.392726722865, 1e-6);  // ln(n) + Euler-Mascheroni + 1/(2n)
  EXPECT_DOUBLE_EQ(k.slots[0].weight, 1.0 / h);
  EXPECT_NEAR(k.slots[1].weight, 0.5 / h, 1e-15);
  EXPECT_LE(k.slots.size(), kMaxSlotKeys);
  EXPECT_NEAR(TotalWeight(k), 1.0, 1e-12);
}

TEST(KeySpace, TimeOrderedKeysMoveWithTheBucket) {
  KeyDistribution d;
  d.kind = KeyKind::kTimeOrdered;
  d.bucket_seconds = 60;
  d.prefix = "t";
  EXPECT_TRUE(TimeDependent(d));
  EXPECT_EQ(MakeKeySpace(d, 59).slots[0].key, "t0");
  EXPECT_EQ(MakeKeySpace(d, 60).slots[0].key, "t1");
  EXPECT_NE(MakeKeySpace(d, 59).slots[0].hash, MakeKeySpace(d, 60).slots[0].hash);
}

}  // namespace
}  // namespace monotable::rehearse
