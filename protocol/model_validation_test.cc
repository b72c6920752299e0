// The generated constraint table applied to request bodies: DynamoDB's wording, paths of
// nested members, several violations counted and joined, type errors first.
#include "protocol/model_validation.h"

#include <gtest/gtest.h>

#include <string>

#include "protocol/model_constraints.h"

namespace monotable::protocol {
namespace {

Status Check(std::string_view operation, std::string_view body) {
  JsonParser parser;
  auto object = parser.ParseObject(body);
  EXPECT_TRUE(object.ok());
  return ValidateAgainstModel(operation, *object);
}

std::string Message(std::string_view operation, std::string_view body) {
  Status s = Check(operation, body);
  EXPECT_EQ(s.code(), ErrorCode::kValidation) << s.message();
  return s.message();
}

TEST(ModelValidationTest, TheTableNamesItsSource) {
  EXPECT_TRUE(model::Generated().source.starts_with("botocore "));
  EXPECT_GT(model::Generated().operations.size(), 50u);
}

TEST(ModelValidationTest, AValidRequestPasses) {
  EXPECT_TRUE(Check("GetItem", R"({"TableName":"abc","Key":{"k":{"S":"x"}}})").ok());
  EXPECT_TRUE(Check("NoSuchOperation", R"({"TableName":1})").ok());
}

TEST(ModelValidationTest, RequiredMembersAreNotNull) {
  EXPECT_EQ(Message("GetItem", R"({"TableName":"abc","Key":null})"),
            "1 validation error detected: Value null at 'key' failed to satisfy constraint: "
            "Member must not be null");
}

TEST(ModelValidationTest, PatternThenLengthOfOneMember) {
  EXPECT_EQ(Message("PutItem", R"({"TableName":"a;","Item":{}})"),
            "2 validation errors detected: Value 'a;' at 'tableName' failed to satisfy "
            "constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+; "
            "Value 'a;' at 'tableName' failed to satisfy constraint: Member must have length "
            "greater than or equal to 3");
}

TEST(ModelValidationTest, DynamoDbsOrderOfMembersAndEnumValues) {
  // dynalite's test/query.js, recorded against DynamoDB.
  EXPECT_EQ(Message("Query", R"({"TableName":"abc;","ReturnConsumedCapacity":"hi",)"
                             R"("IndexName":"abc;","Select":"hi","Limit":-1})"),
            "5 validation errors detected: Value '-1' at 'limit' failed to satisfy constraint: "
            "Member must have value greater than or equal to 1; Value 'hi' at "
            "'returnConsumedCapacity' failed to satisfy constraint: Member must satisfy enum "
            "value set: [INDEXES, TOTAL, NONE]; Value 'abc;' at 'tableName' failed to satisfy "
            "constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+; "
            "Value 'hi' at 'select' failed to satisfy constraint: Member must satisfy enum "
            "value set: [SPECIFIC_ATTRIBUTES, COUNT, ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES]; "
            "Value 'abc;' at 'indexName' failed to satisfy constraint: Member must satisfy "
            "regular expression pattern: [a-zA-Z0-9_.-]+");
}

TEST(ModelValidationTest, NestedPathsCountListElementsFromOne) {
  EXPECT_EQ(
      Message("CreateTable", R"({"TableName":"abc","AttributeDefinitions":[],"KeySchema":[)"
                             R"({"AttributeName":"a","KeyType":"HASH"},{"KeyType":"SIDE"}]})"),
      "2 validation errors detected: Value null at 'keySchema.2.member.attributeName' "
      "failed to satisfy constraint: Member must not be null; Value 'SIDE' at "
      "'keySchema.2.member.keyType' failed to satisfy constraint: Member must satisfy "
      "enum value set: [HASH, RANGE]");
  EXPECT_EQ(Message("Query", R"({"TableName":"abc","KeyConditions":{"b":{}}})"),
            "1 validation error detected: Value null at 'keyConditions.b.member."
            "comparisonOperator' failed to satisfy constraint: Member must not be null");
}

TEST(ModelValidationTest, ListAndMapSizes) {
  EXPECT_EQ(Message("GetItem", R"({"TableName":"abc","Key":{},"AttributesToGet":[]})"),
            "1 validation error detected: Value '[]' at 'attributesToGet' failed to satisfy "
            "constraint: Member must have length greater than or equal to 1");
  std::string writes;
  for (int i = 0; i < 26; ++i) writes += std::string(i ? "," : "") + R"({"PutRequest":{}})";
  EXPECT_EQ(Message("BatchWriteItem", R"({"RequestItems":{"tab":[)" + writes + "]}}"),
            "1 validation error detected: Value '{tab=[...]}' at 'requestItems' failed to "
            "satisfy constraint: Map value must satisfy constraint: [Member must have length "
            "less than or equal to 25, Member must have length greater than or equal to 1]");
}

TEST(ModelValidationTest, MapKeysAreCheckedByTheirShape) {
  // RequestItems' keys are table names (the TableName rules, see the generator).
  EXPECT_EQ(Message("BatchGetItem", R"({"RequestItems":{"t":{"Keys":[{}]}}})"),
            "1 validation error detected: Value 't' at 'requestItems.key' failed to satisfy "
            "constraint: Member must have length greater than or equal to 3");
}

TEST(ModelValidationTest, WrongJsonTypesComeFirst) {
  Status s = Check("Query", R"({"TableName":"a","Limit":"5"})");
  EXPECT_EQ(s.code(), ErrorCode::kSerialization);
  EXPECT_EQ(s.message(), "STRING_VALUE cannot be converted to Long");
}

TEST(ModelValidationTest, ControlPlaneTableNameLengthInItsOwnWords) {
  EXPECT_EQ(Message("DescribeTable", R"({"TableName":"a;"})"),
            "TableName must be at least 3 characters long and at most 255 characters long");
  EXPECT_EQ(Message("DescribeTable", R"({"TableName":"abc;"})"),
            "1 validation error detected: Value 'abc;' at 'tableName' failed to satisfy "
            "constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+");
}

TEST(ModelValidationTest, LengthsCountUtf16UnitsAsJavaDoes) {
  // U+1F511 is two UTF-16 units: "x" + it is 3 characters, a valid table name length
  // but not a valid pattern.
  EXPECT_EQ(Message("GetItem", "{\"TableName\":\"x\xF0\x9F\x94\x91\",\"Key\":{}}"),
            "1 validation error detected: Value 'x\xF0\x9F\x94\x91' at 'tableName' failed to "
            "satisfy constraint: Member must satisfy regular expression pattern: "
            "[a-zA-Z0-9_.-]+");
}

}  // namespace
}  // namespace monotable::protocol
