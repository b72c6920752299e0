// CreateTable's rules in DynamoDB's order and words (create_table_checks.h). The
// table_rules tests cover the key schema, billing and GSI throughput rules.
#include "engine/schema/create_table_checks.h"

#include <gtest/gtest.h>

#include <string>

namespace monotable {
namespace {

const std::string kInvalid = "One or more parameter values were invalid: ";

// An on-demand table (pk HASH, sk RANGE) with `g` defined for its indexes.
CreateTableRequest Request() {
  CreateTableRequest r;
  r.billing_mode = BillingMode::kPayPerRequest;
  r.key_schema = {{"pk", KeyType::kHash}, {"sk", KeyType::kRange}};
  r.attribute_definitions = {
      {"pk", AttributeType::kS}, {"sk", AttributeType::kN}, {"g", AttributeType::kS}};
  r.table_name = "t1";
  return r;
}

SecondaryIndexDefinition Index(std::string name, std::vector<KeySchemaElement> keys) {
  SecondaryIndexDefinition index;
  index.key_schema = std::move(keys);
  index.name = std::move(name);
  return index;
}

SecondaryIndexDefinition Lsi(std::string name = "lsi") {
  return Index(std::move(name), {{"pk", KeyType::kHash}, {"g", KeyType::kRange}});
}

std::string Error(const CreateTableRequest& request) {
  Status s = CheckCreateTable(request);
  if (s.ok()) return "<ok>";
  EXPECT_EQ(s.code(), ErrorCode::kValidation);
  return s.message();
}

TEST(CreateTableChecksTest, ValidRequestWithBothKindsOfIndex) {
  CreateTableRequest r = Request();
  r.local_secondary_indexes = {Lsi()};
  r.global_secondary_indexes = {Index("gsi", {{"g", KeyType::kHash}})};
  EXPECT_EQ(Error(r), "<ok>");
}

TEST(CreateTableChecksTest, RepeatedAttributeDefinition) {
  CreateTableRequest r = Request();
  r.attribute_definitions.push_back({"g", AttributeType::kN});
  EXPECT_EQ(Error(r), "Attribute Name is duplicated: g");
}

TEST(CreateTableChecksTest, EmptyIndexLists) {
  CreateTableRequest r = Request();
  r.local_secondary_indexes_given = true;
  EXPECT_EQ(Error(r), kInvalid + "List of LocalSecondaryIndexes is empty");
  r.local_secondary_indexes_given = false;
  r.global_secondary_indexes_given = true;
  EXPECT_EQ(Error(r), kInvalid + "List of GlobalSecondaryIndexes is empty");
}

TEST(CreateTableChecksTest, LocalIndexKeys) {
  CreateTableRequest r = Request();
  r.local_secondary_indexes = {Index("lsi", {{"pk", KeyType::kHash}})};
  EXPECT_EQ(Error(r), kInvalid + "Index KeySchema does not have a range key for index: lsi");
  r.local_secondary_indexes = {Index("lsi", {{"g", KeyType::kHash}, {"sk", KeyType::kRange}})};
  EXPECT_EQ(Error(r), kInvalid +
                          "Index KeySchema does not have the same leading hash key as table "
                          "KeySchema for index: lsi. index hash key: g, table hash key: pk");
  r.local_secondary_indexes = {Index("lsi", {{"pk", KeyType::kHash}, {"pk", KeyType::kRange}})};
  EXPECT_EQ(Error(r),
            "Both the Hash Key and the Range Key element in the KeySchema have the same name");
  r.key_schema = {{"pk", KeyType::kHash}};
  r.attribute_definitions = {{"pk", AttributeType::kS}, {"g", AttributeType::kS}};
  r.local_secondary_indexes = {Lsi()};
  EXPECT_EQ(Error(r), kInvalid +
                          "Table KeySchema does not have a range key, which is required when "
                          "specifying a LocalSecondaryIndex");
}

TEST(CreateTableChecksTest, Projections) {
  CreateTableRequest r = Request();
  r.global_secondary_indexes = {Index("gsi", {{"g", KeyType::kHash}})};
  Projection& p = r.global_secondary_indexes[0].projection;
  p.type_given = false;
  EXPECT_EQ(Error(r), kInvalid + "Unknown ProjectionType: null");
  p.type_given = true;
  p.non_key_attributes = {"a"};
  EXPECT_EQ(Error(r), kInvalid + "ProjectionType is ALL, but NonKeyAttributes is specified");
  p.type = ProjectionType::kKeysOnly;
  EXPECT_EQ(Error(r), kInvalid + "ProjectionType is KEYS_ONLY, but NonKeyAttributes is specified");
  p.type = ProjectionType::kInclude;
  EXPECT_EQ(Error(r), "<ok>");
  p.non_key_attributes = {"a", "b", "a"};
  EXPECT_EQ(Error(r), kInvalid + "Duplicate element in NonKeyAttributes: a");
  p.non_key_attributes.clear();
  EXPECT_EQ(Error(r),
            kInvalid + "ProjectionType is INCLUDE, but NonKeyAttributes is not specified");
}

TEST(CreateTableChecksTest, ProjectedAttributesAcrossIndexes) {
  CreateTableRequest r = Request();
  r.global_secondary_indexes = {Index("g1", {{"g", KeyType::kHash}}),
                                Index("g2", {{"g", KeyType::kHash}})};
  for (auto& index : r.global_secondary_indexes) {
    index.projection.type = ProjectionType::kInclude;
    for (int i = 0; i < 50; ++i)
      index.projection.non_key_attributes.push_back("a" + std::to_string(i));
  }
  EXPECT_EQ(Error(r), "<ok>");  // 100, an attribute in two indexes counted twice
  r.global_secondary_indexes[1].projection.non_key_attributes.push_back("one_more");
  EXPECT_EQ(Error(r),
            kInvalid + "Number of projected attributes in all indexes exceeds limit of 100");
}

TEST(CreateTableChecksTest, UnusedDefinitions) {
  CreateTableRequest r = Request();
  // Without indexes DynamoDB counts; with them it names what is and is not used.
  EXPECT_EQ(Error(r), kInvalid +
                          "Number of attributes in KeySchema does not exactly match number of "
                          "attributes defined in AttributeDefinitions");
  r.attribute_definitions.push_back({"x", AttributeType::kS});
  r.global_secondary_indexes = {Index("gsi", {{"g", KeyType::kHash}})};
  EXPECT_EQ(Error(r), kInvalid +
                          "Some AttributeDefinitions are not used. AttributeDefinitions: [pk, sk, "
                          "g, x], keys used: [pk, sk, g]");
}

TEST(CreateTableChecksTest, IndexCountsComeAfterEachIndexsChecks) {
  CreateTableRequest r = Request();
  for (int i = 0; i < 6; ++i) r.local_secondary_indexes.push_back(Lsi("l" + std::to_string(i)));
  EXPECT_EQ(Error(r), kInvalid + "Number of LocalSecondaryIndexes exceeds per-table limit of 5");
  r.local_secondary_indexes[5].projection.type_given = false;
  EXPECT_EQ(Error(r), kInvalid + "Unknown ProjectionType: null");
  r.local_secondary_indexes[5] = Lsi("l0");
  EXPECT_EQ(Error(r), kInvalid + "Duplicate index name: l0");
}

TEST(CreateTableChecksTest, BillingComesBeforeKeys) {
  // dynalite's tests against DynamoDB: throughput is checked before the key schema.
  CreateTableRequest r = Request();
  r.billing_mode.reset();
  r.key_schema = {{"nope", KeyType::kRange}};
  EXPECT_EQ(Error(r), kInvalid +
                          "ReadCapacityUnits and WriteCapacityUnits must both be specified when "
                          "BillingMode is PROVISIONED");
}

}  // namespace
}  // namespace monotable
