#include "engine/capacity/capacity.h"

#include <gtest/gtest.h>

#include "engine/testing/value_builders.h"

namespace monotable {
namespace {

using test_values::S;

// An item of exactly `bytes` bytes: the name "d" (1 byte) and a string of bytes - 1.
Item ItemOf(size_t bytes) { return Item{{"d", S(std::string(bytes - 1, 'x'))}}; }

TEST(CapacityTest, ReadUnitsRoundUpPer4KbWithAMinimumOfOne) {
  EXPECT_EQ(capacity::ReadUnits(0, true), 1.0);
  EXPECT_EQ(capacity::ReadUnits(1, true), 1.0);
  EXPECT_EQ(capacity::ReadUnits(4096, true), 1.0);
  EXPECT_EQ(capacity::ReadUnits(4097, true), 2.0);
  EXPECT_EQ(capacity::ReadUnits(1024 * 1024, true), 256.0);
}

TEST(CapacityTest, EventuallyConsistentReadsCostHalf) {
  EXPECT_EQ(capacity::ReadUnits(0, false), 0.5);
  EXPECT_EQ(capacity::ReadUnits(4097, false), 1.0);
  EXPECT_EQ(capacity::ReadUnits(3 * 4096, false), 1.5);
}

TEST(CapacityTest, WriteUnitsRoundUpPerKbWithAMinimumOfOne) {
  EXPECT_EQ(capacity::WriteUnits(0), 1.0);
  EXPECT_EQ(capacity::WriteUnits(1024), 1.0);
  EXPECT_EQ(capacity::WriteUnits(1025), 2.0);
  EXPECT_EQ(capacity::WriteUnits(400 * 1024), 400.0);
}

TEST(CapacityTest, ItemWritesAreSizedByTheLargerImage) {
  EXPECT_EQ(capacity::ItemWriteUnits(std::nullopt, std::nullopt), 1.0);  // delete of nothing
  EXPECT_EQ(capacity::ItemWriteUnits(ItemOf(3000), std::nullopt), 3.0);  // delete
  EXPECT_EQ(capacity::ItemWriteUnits(std::nullopt, ItemOf(1025)), 2.0);  // new item
  EXPECT_EQ(capacity::ItemWriteUnits(ItemOf(5000), ItemOf(10)), 5.0);    // shrinking update
  EXPECT_EQ(capacity::ItemWriteUnits(ItemOf(10), ItemOf(2048)), 2.0);    // growing update
}

TEST(CapacityTest, ItemReadsTreatAMissingItemAsEmpty) {
  EXPECT_EQ(capacity::ItemReadUnits(std::nullopt, true), 1.0);
  EXPECT_EQ(capacity::ItemReadUnits(ItemOf(4097), false), 1.0);
  EXPECT_EQ(capacity::ItemReadUnits(ItemOf(8193), true), 3.0);
}

TEST(CapacityTest, ConsumedCapacityAddsTableAndIndexesSeparately) {
  ConsumedCapacity a;
  a.table.write_units = 2;
  a.global_secondary_indexes["GSI1"].write_units = 1;
  ConsumedCapacity b;
  b.table.write_units = 1;
  b.global_secondary_indexes["GSI1"].write_units = 2;
  b.local_secondary_indexes["LSI1"].write_units = 1;
  a += b;
  EXPECT_EQ(a.table.write_units, 3.0);
  EXPECT_EQ(a.global_secondary_indexes["GSI1"].write_units, 3.0);
  EXPECT_EQ(a.local_secondary_indexes["LSI1"].write_units, 1.0);
  EXPECT_EQ(a.Total().total(), 7.0);
}

}  // namespace
}  // namespace monotable
