#include <gtest/gtest.h>

#include <string>

#include "engine/expr/expr_test_util.h"
#include "engine/expr/expression.h"

namespace monotable::expr {
namespace {

using testing::ErrorOf;
using testing::N;
using testing::Request;
using testing::S;

TEST(PlaceholdersTest, ValidateMaps) {
  ExpressionAttributeNames names{{"#a", "a"}, {"#b_1", "b"}};
  ExpressionAttributeValues values{{":v", S("x")}, {":V_9", N("1")}};
  EXPECT_TRUE(Placeholders::ValidateMaps(&names, &values).ok());
  EXPECT_TRUE(Placeholders::ValidateMaps(nullptr, nullptr).ok());

  ExpressionAttributeNames empty_names;
  ExpressionAttributeValues empty_values;
  EXPECT_EQ(ErrorOf(Placeholders::ValidateMaps(&empty_names, &empty_values)),
            "ExpressionAttributeNames must not be empty");
  EXPECT_EQ(ErrorOf(Placeholders::ValidateMaps(nullptr, &empty_values)),
            "ExpressionAttributeValues must not be empty");

  for (std::string key : {"a", "#", "#a-b", "#a b", ":a"}) {
    ExpressionAttributeNames bad{{key, "x"}};
    EXPECT_EQ(ErrorOf(Placeholders::ValidateMaps(&bad, nullptr)),
              "ExpressionAttributeNames contains invalid key: Syntax error; key: \"" + key + "\"");
  }
  for (std::string key : {"b", ":", ":a-b", "#a"}) {
    ExpressionAttributeValues bad{{key, S("x")}};
    EXPECT_EQ(ErrorOf(Placeholders::ValidateMaps(nullptr, &bad)),
              "ExpressionAttributeValues contains invalid key: Syntax error; key: \"" + key + "\"");
  }
  ExpressionAttributeNames long_name{{"#" + std::string(255, 'a'), "x"}};
  EXPECT_EQ(
      ErrorOf(Placeholders::ValidateMaps(&long_name, nullptr)),
      "ExpressionAttributeNames contains invalid key: The expression attribute map contains a "
      "key that is too long; size of key: 256");
  ExpressionAttributeNames long_bad_name{{"#" + std::string(255, 'a') + "-x", "x"}};
  EXPECT_EQ(
      ErrorOf(Placeholders::ValidateMaps(&long_bad_name, nullptr)),
      "ExpressionAttributeNames contains invalid key: The expression attribute map contains a "
      "key that is too long; size of key: 258");
  ExpressionAttributeNames max_name{{"#" + std::string(254, 'a'), "x"}};
  EXPECT_TRUE(Placeholders::ValidateMaps(&max_name, nullptr).ok());
  ExpressionAttributeValues long_value{{":" + std::string(255, 'a'), S("x")}};
  EXPECT_EQ(ErrorOf(Placeholders::ValidateMaps(nullptr, &long_value)),
            "ExpressionAttributeValues contains invalid key: The expression attribute map contains "
            "a key that is too long;");
  ExpressionAttributeNames empty_name{{"#a", ""}};
  EXPECT_EQ(ErrorOf(Placeholders::ValidateMaps(&empty_name, nullptr)),
            "ExpressionAttributeNames contains invalid value: Empty attribute name for key #a");
  // Names are checked before values.
  ExpressionAttributeNames bad_name{{"a", "x"}};
  ExpressionAttributeValues bad_value{{"b", S("x")}};
  EXPECT_EQ(ErrorOf(Placeholders::ValidateMaps(&bad_name, &bad_value)),
            "ExpressionAttributeNames contains invalid key: Syntax error; key: \"a\"");
}

TEST(PlaceholdersTest, MapsNeedExpressions) {
  using P = Placeholders::ExpressionParameter;
  // UpdateItem.
  EXPECT_EQ(
      ErrorOf(Placeholders::CheckMapsHaveExpressions(
          true, true, {P{"UpdateExpression", false, true}, P{"ConditionExpression", false, true}})),
      "ExpressionAttributeNames can only be specified when using expressions");
  EXPECT_EQ(ErrorOf(Placeholders::CheckMapsHaveExpressions(
                false, true,
                {P{"UpdateExpression", false, true}, P{"ConditionExpression", false, true}})),
            "ExpressionAttributeValues can only be specified when using expressions: "
            "UpdateExpression and ConditionExpression are null");
  // PutItem.
  EXPECT_EQ(ErrorOf(Placeholders::CheckMapsHaveExpressions(
                false, true, {P{"ConditionExpression", false, true}})),
            "ExpressionAttributeValues can only be specified when using expressions: "
            "ConditionExpression is null");
  // Query with only a ProjectionExpression: names may be used, values may not.
  std::initializer_list<P> query = {P{"FilterExpression", false, true},
                                    P{"KeyConditionExpression", false, true},
                                    P{"ProjectionExpression", true, false}};
  EXPECT_TRUE(Placeholders::CheckMapsHaveExpressions(true, false, query).ok());
  EXPECT_EQ(ErrorOf(Placeholders::CheckMapsHaveExpressions(true, true, query)),
            "ExpressionAttributeValues can only be specified when using expressions: "
            "FilterExpression and KeyConditionExpression are null");
  // GetItem: only names exist.
  EXPECT_EQ(ErrorOf(Placeholders::CheckMapsHaveExpressions(
                true, false, {P{"ProjectionExpression", false, false}})),
            "ExpressionAttributeNames can only be specified when using expressions");
  EXPECT_TRUE(
      Placeholders::CheckMapsHaveExpressions(
          true, true, {P{"UpdateExpression", true, true}, P{"ConditionExpression", false, true}})
          .ok());
  EXPECT_TRUE(
      Placeholders::CheckMapsHaveExpressions(false, false, {P{"ConditionExpression", false, true}})
          .ok());
}

TEST(PlaceholdersTest, UnusedAcrossExpressions) {
  ExpressionAttributeNames names{{"#a", "a"}, {"#b", "b"}, {"#c", "c"}};
  ExpressionAttributeValues values{{":a", S("a")}, {":b", S("b")}, {":c", S("c")}};
  Placeholders placeholders(&names, &values);
  ASSERT_TRUE(Update::Parse("REMOVE #a SET x = :a", placeholders).ok());
  ASSERT_TRUE(Condition::Parse("#a = :b", ExpressionKind::kCondition, placeholders).ok());
  EXPECT_EQ(ErrorOf(placeholders.CheckAllUsed()),
            "Value provided in ExpressionAttributeNames unused in expressions: keys: {#b, #c}");
  ASSERT_TRUE(Projection::Parse("#b, #c", placeholders).ok());
  EXPECT_EQ(ErrorOf(placeholders.CheckAllUsed()),
            "Value provided in ExpressionAttributeValues unused in expressions: keys: {:c}");
  ASSERT_TRUE(Condition::Parse("x = :c", ExpressionKind::kFilter, placeholders).ok());
  EXPECT_TRUE(placeholders.CheckAllUsed().ok());
}

TEST(PlaceholdersTest, AbsentMaps) {
  Placeholders none(nullptr, nullptr);
  EXPECT_EQ(none.UseName("#a"), nullptr);
  EXPECT_EQ(none.UseValue(":a"), nullptr);
  EXPECT_TRUE(none.CheckAllUsed().ok());
  EXPECT_TRUE(Condition::Parse("attribute_exists(a)", ExpressionKind::kCondition, none).ok());
}

}  // namespace
}  // namespace monotable::expr
