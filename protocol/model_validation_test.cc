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
            "5 validation errors detected: Value at 'Limit' failed to satisfy constraint: "
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

// The control plane checks its table name first and reports it alone, length before
// pattern (DescribeTable's answer to '' recorded from DynamoDB in 2026).
TEST(ModelValidationTest, ControlPlaneTableNamesComeFirstAndAlone) {
  const std::string length3 =
      "' at 'tableName' failed to satisfy constraint: Member must have length greater than or "
      "equal to 3";
  const std::string pattern =
      "' at 'tableName' failed to satisfy constraint: Member must satisfy regular expression "
      "pattern: [a-zA-Z0-9_.-]+";
  EXPECT_EQ(Message("DescribeTable", R"({"TableName":"a;"})"),
            "2 validation errors detected: Value 'a;" + length3 + "; Value 'a;" + pattern);
  EXPECT_EQ(Message("DeleteTable", R"({"TableName":""})"),
            "2 validation errors detected: Value '" + length3 + "; Value '" + pattern);
  EXPECT_EQ(Message("DescribeTable", R"({"TableName":"abc;"})"),
            "1 validation error detected: Value 'abc;" + pattern);
  // Alone: the key schema of the wrong size is not reported with it.
  EXPECT_EQ(Message("CreateTable", R"({"TableName":"ab","AttributeDefinitions":[],)"
                                   R"("KeySchema":[]})"),
            "1 validation error detected: Value 'ab" + length3);
  EXPECT_EQ(Message("UpdateTable", "{\"TableName\":\"" + std::string(256, 'n') + "\"}"),
            "1 validation error detected: Value '" + std::string(256, 'n') +
                "' at 'tableName' failed to satisfy constraint: Member must have length less "
                "than or equal to 255");
}

// Sentences of their own, before every other constraint (model_validation.h).
TEST(ModelValidationTest, RequiredMembersDynamoDbNamesInASentence) {
  EXPECT_EQ(Message("CreateTable", R"({"KeySchema":[],"BillingMode":"x"})"),
            "The parameter 'TableName' is required but was not present in the request");
  EXPECT_EQ(Message("BatchGetItem", R"({"RequestItems":{},"ReturnConsumedCapacity":"x"})"),
            "The requestItems parameter is required for BatchGetItem");
  EXPECT_EQ(Message("BatchWriteItem", R"({"ReturnConsumedCapacity":"x"})"),
            "The requestItems parameter is required for BatchWriteItem");
  // DescribeTable's missing name keeps the model's form.
  EXPECT_EQ(Message("DescribeTable", "{}"),
            "1 validation error detected: Value null at 'tableName' failed to satisfy "
            "constraint: Member must not be null");
}

// The few members DynamoDB reports in its newer framework's words, and its echo of a key
// schema of the wrong size.
TEST(ModelValidationTest, FrameworkWordingAndKeySchemaEcho) {
  EXPECT_EQ(Message("Query", R"({"TableName":"abc","Limit":0})"),
            "1 validation error detected: Value at 'Limit' failed to satisfy constraint: Member "
            "must have value greater than or equal to 1");
  EXPECT_EQ(Message("Scan", R"({"TableName":"abc","Limit":0})"),
            "1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: "
            "Member must have value greater than or equal to 1");
  std::string keys;
  for (int i = 0; i < 101; ++i) keys += std::string(i ? "," : "") + R"({"k":{"S":"v"}})";
  EXPECT_EQ(Message("BatchGetItem", R"({"RequestItems":{"tab":{"Keys":[)" + keys + "]}}}"),
            "1 validation error detected: Value at 'RequestItems.tab.member.Keys' failed to "
            "satisfy constraint: Member must have length less than or equal to 100");
  EXPECT_EQ(
      Message("CreateTable", R"({"TableName":"abc","AttributeDefinitions":[],"KeySchema":[)"
                             R"({"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk",)"
                             R"("KeyType":"RANGE"},{"KeyType":"RANGE"}]})"),
      "2 validation errors detected: Value '[KeySchemaElement(attributeName=pk, "
      "keyType=HASH), KeySchemaElement(attributeName=sk, keyType=RANGE), "
      "KeySchemaElement(attributeName=null, keyType=RANGE)]' at 'keySchema' failed to "
      "satisfy constraint: Member must have length less than or equal to 2; Value null at "
      "'keySchema.3.member.attributeName' failed to satisfy constraint: Member must not "
      "be null");
  EXPECT_EQ(Message("CreateTable", R"({"TableName":"abc","AttributeDefinitions":[],)"
                                   R"("KeySchema":[]})"),
            "1 validation error detected: Value '[]' at 'keySchema' failed to satisfy "
            "constraint: Member must have length greater than or equal to 1");
}

// An empty table name of an item operation breaks the model's TableArn minimum only.
TEST(ModelValidationTest, AnEmptyTableNameIsShorterThanOne) {
  EXPECT_EQ(Message("PutItem", R"({"TableName":"","Item":{}})"),
            "1 validation error detected: Value '' at 'tableName' failed to satisfy "
            "constraint: Member must have length greater than or equal to 1");
  EXPECT_EQ(Message("PutItem", R"({"TableName":"ab","Item":{}})"),
            "1 validation error detected: Value 'ab' at 'tableName' failed to satisfy "
            "constraint: Member must have length greater than or equal to 3");
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
