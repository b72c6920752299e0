#include "engine/read/read_target.h"

#include <gtest/gtest.h>

namespace monotable {
namespace {

// A table with a GSI (KEYS_ONLY) and an LSI (INCLUDE note); column families are not
// needed to resolve a read target.
std::shared_ptr<Table> MakeTable(IndexStatus gsi_status) {
  TableDefinition t;
  t.attribute_definitions = {{"PK", AttributeType::kS},
                             {"SK", AttributeType::kS},
                             {"G", AttributeType::kS},
                             {"L", AttributeType::kN}};
  t.key_schema = {{"PK", KeyType::kHash}, {"SK", KeyType::kRange}};
  SecondaryIndexDefinition gsi;
  gsi.name = "ByG";
  gsi.key_schema = {{"G", KeyType::kHash}};
  gsi.projection.type = ProjectionType::kKeysOnly;
  gsi.status = gsi_status;
  gsi.backfilling = gsi_status == IndexStatus::kCreating;
  SecondaryIndexDefinition lsi;
  lsi.name = "ByL";
  lsi.key_schema = {{"PK", KeyType::kHash}, {"L", KeyType::kRange}};
  lsi.projection.type = ProjectionType::kInclude;
  lsi.projection.non_key_attributes = {"note"};
  t.global_secondary_indexes = {gsi};
  t.local_secondary_indexes = {lsi};
  auto layout = std::make_shared<TableLayout>();
  layout->definition = std::make_shared<const TableDefinition>(std::move(t));
  const TableDefinition& d = *layout->definition;
  layout->indexes = {{&d.global_secondary_indexes[0], true, nullptr, "s1"},
                     {&d.local_secondary_indexes[0], false, nullptr, "s2"}};
  return std::make_shared<Table>(layout, nullptr, StatsDelta{});
}

ReadPageRequest On(const char* index, Select select = Select::kAllProjectedAttributes) {
  ReadPageRequest r;
  r.index_name = index;
  r.select = select;
  return r;
}

TEST(ReadTargetTest, IndexKeysThenTableKeysMakeThePageKey) {
  auto target = ResolveReadTarget(*MakeTable(IndexStatus::kActive), On("ByG"));
  ASSERT_TRUE(target.ok()) << target.status().message();
  EXPECT_EQ(target->page_key_names, (std::vector<std::string>{"G", "PK", "SK"}));
  EXPECT_FALSE(target->sort_key_is_last());
  auto local = ResolveReadTarget(*MakeTable(IndexStatus::kActive), On("ByL"));
  ASSERT_TRUE(local.ok());
  EXPECT_EQ(local->page_key_names, (std::vector<std::string>{"PK", "L", "SK"}));
}

TEST(ReadTargetTest, BackfillingIndexIsNotReadable) {
  auto target = ResolveReadTarget(*MakeTable(IndexStatus::kCreating), On("ByG"));
  ASSERT_FALSE(target.ok());
  EXPECT_EQ(target.status().message(), "Cannot read from backfilling global secondary index: ByG");
}

TEST(ReadTargetTest, LocalIndexFetchesOnlyWhenItLacksAttributes) {
  auto table = MakeTable(IndexStatus::kActive);
  EXPECT_FALSE(ResolveReadTarget(*table, On("ByL"))->fetch_from_table);
  EXPECT_TRUE(ResolveReadTarget(*table, On("ByL", Select::kAllAttributes))->fetch_from_table);
  ReadPageRequest projected = On("ByL", Select::kSpecificAttributes);
  projected.projection = expr::Projection::OfAttributes(std::vector<std::string>{"note", "L"});
  EXPECT_FALSE(ResolveReadTarget(*table, projected)->fetch_from_table);
  projected.projection = expr::Projection::OfAttributes(std::vector<std::string>{"other"});
  EXPECT_TRUE(ResolveReadTarget(*table, projected)->fetch_from_table);
}

TEST(ReadTargetTest, GlobalIndexRules) {
  auto table = MakeTable(IndexStatus::kActive);
  ReadPageRequest consistent = On("ByG");
  consistent.consistent_read = true;
  EXPECT_EQ(ResolveReadTarget(*table, consistent).status().message(),
            "Consistent reads are not supported on global secondary indexes");
  EXPECT_EQ(ResolveReadTarget(*table, On("ByG", Select::kAllAttributes)).status().message(),
            "One or more parameter values were invalid: Select type ALL_ATTRIBUTES is not "
            "supported for global secondary index ByG because its projection type is not ALL");
  ReadPageRequest projected = On("ByG", Select::kSpecificAttributes);
  projected.projection = expr::Projection::OfAttributes(std::vector<std::string>{"G", "a", "b"});
  EXPECT_EQ(ResolveReadTarget(*table, projected).status().message(),
            "One or more parameter values were invalid: Global secondary index ByG does not "
            "project [a, b]");
  EXPECT_EQ(ResolveReadTarget(*table, On("Nope")).status().message(),
            "The table does not have the specified index: Nope");
}

}  // namespace
}  // namespace monotable
