#include "engine/index/index_entries.h"

#include <gtest/gtest.h>

#include "engine/format/key_codec.h"
#include "engine/schema/key_validation.h"
#include "engine/testing/value_builders.h"

namespace monotable {
namespace {

using test_values::N;
using test_values::S;

TableDefinition OrdersTable() {
  TableDefinition t;
  t.attribute_definitions = {{"PK", AttributeType::kS},
                             {"SK", AttributeType::kS},
                             {"GSI1PK", AttributeType::kS},
                             {"GSI1SK", AttributeType::kN}};
  t.key_schema = {{"PK", KeyType::kHash}, {"SK", KeyType::kRange}};
  SecondaryIndexDefinition gsi;
  gsi.name = "GSI1";
  gsi.key_schema = {{"GSI1PK", KeyType::kHash}, {"GSI1SK", KeyType::kRange}};
  gsi.projection.type = ProjectionType::kInclude;
  gsi.projection.non_key_attributes = {"total"};
  t.global_secondary_indexes = {gsi};
  return t;
}

Item Order() {
  return {{"PK", S("USER#1")},       {"SK", S("ORDER#1")}, {"GSI1PK", S("ORDER")},
          {"GSI1SK", N("20240105")}, {"total", N("12")},   {"notes", S("fragile")}};
}

TEST(IndexesTest, EntryHoldsTheProjectedAttributesUnderTheIndexKey) {
  const TableDefinition t = OrdersTable();
  const Item order = Order();
  const std::string table_key = key_codec::TableKey(order.at("PK"), &order.at("SK"));
  auto entry = EntryFor(t, t.global_secondary_indexes[0], table_key, order);
  ASSERT_TRUE(entry.has_value());
  EXPECT_EQ(entry->key, key_codec::IndexKey(S("ORDER"), &order.at("GSI1SK"), table_key));
  Item expected = order;
  expected.erase("notes");
  EXPECT_EQ(entry->projected(), expected);
}

TEST(IndexesTest, AnAllEntryBorrowsTheItemAndOthersCopyTheirProjection) {
  TableDefinition t = OrdersTable();
  SecondaryIndexDefinition& index = t.global_secondary_indexes[0];
  const Item order = Order();
  auto included = EntryFor(t, index, "k", order);
  ASSERT_TRUE(included.has_value());
  EXPECT_NE(&included->projected(), &order);
  EXPECT_EQ(included->projected().count("notes"), 0U);
  index.projection.type = ProjectionType::kAll;
  auto all = EntryFor(t, index, "k", order);
  ASSERT_TRUE(all.has_value());
  EXPECT_EQ(&all->projected(), &order);  // no copy of the item
  EXPECT_TRUE(all->owned.empty());
}

TEST(IndexesTest, ItemsWithoutEveryIndexKeyOfItsTypeHaveNoEntry) {
  const TableDefinition t = OrdersTable();
  Item missing = Order();
  missing.erase("GSI1SK");
  EXPECT_FALSE(EntryFor(t, t.global_secondary_indexes[0], "k", missing).has_value());
  Item mistyped = Order();
  mistyped["GSI1SK"] = S("soon");
  EXPECT_FALSE(EntryFor(t, t.global_secondary_indexes[0], "k", mistyped).has_value());
  // A value no index key can be: what a backfill leaves out (and the consistency check,
  // which asks EntryFor, expects out).
  Item empty = Order();
  empty["GSI1PK"] = S("");
  EXPECT_FALSE(EntryFor(t, t.global_secondary_indexes[0], "k", empty).has_value());
  Item oversized = Order();
  oversized["GSI1PK"] = S(std::string(2049, 'x'));
  EXPECT_FALSE(EntryFor(t, t.global_secondary_indexes[0], "k", oversized).has_value());
  oversized["GSI1PK"] = S(std::string(2048, 'x'));
  EXPECT_TRUE(EntryFor(t, t.global_secondary_indexes[0], "k", oversized).has_value());
}

TEST(IndexesTest, KeysOnlyAndAllProjections) {
  TableDefinition t = OrdersTable();
  SecondaryIndexDefinition& index = t.global_secondary_indexes[0];
  index.projection.type = ProjectionType::kKeysOnly;
  EXPECT_EQ(ProjectIntoIndex(t, index, Order()), (Item{{"PK", S("USER#1")},
                                                       {"SK", S("ORDER#1")},
                                                       {"GSI1PK", S("ORDER")},
                                                       {"GSI1SK", N("20240105")}}));
  index.projection.type = ProjectionType::kAll;
  EXPECT_EQ(ProjectIntoIndex(t, index, Order()), Order());
}

TEST(IndexesTest, WrongTypeOrEmptyIndexKeyIsRefused) {
  const TableDefinition t = OrdersTable();
  Item item = Order();
  item["GSI1SK"] = S("soon");
  Status s = CheckIndexKeyValues(t, item);
  EXPECT_EQ(s.code(), ErrorCode::kValidation);
  EXPECT_EQ(s.message(),
            "One or more parameter values were invalid: Type mismatch for Index Key GSI1SK "
            "Expected: N Actual: S IndexName: GSI1");
  item = Order();
  item["GSI1PK"] = S("");
  EXPECT_EQ(CheckIndexKeyValues(t, item).message(),
            "One or more parameter values are not valid. A value specified for a secondary "
            "index key is not supported. The AttributeValue for a key attribute cannot contain "
            "an empty string value. IndexName: GSI1, IndexKey: GSI1PK");
  item.erase("GSI1PK");  // absent: the item simply stays out of the index
  EXPECT_TRUE(CheckIndexKeyValues(t, item).ok());
}

TEST(IndexesTest, DeletingIndexesNoLongerConstrainWrites) {
  TableDefinition t = OrdersTable();
  t.global_secondary_indexes[0].status = IndexStatus::kDeleting;
  Item item = Order();
  item["GSI1SK"] = S("soon");
  EXPECT_TRUE(CheckIndexKeyValues(t, item).ok());
}

}  // namespace
}  // namespace monotable
