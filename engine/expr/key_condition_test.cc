// KeyConditionExpression analysis: the accepted shapes and every refusal.
#include "engine/expr/key_condition.h"

#include <gtest/gtest.h>

#include "engine/expr/expr_test_util.h"

namespace monotable::expr {
namespace {

using testing::N;
using testing::Request;
using testing::S;

const KeyAttributes kKeys{"pk", AttributeType::kS, "sk", AttributeType::kN};

// Analyzes `text` with :a = "x", :b = 1, :c = 5 (and #k -> sk).
Result<KeyCondition> Analyze(std::string_view text) {
  Request request({{"#k", "sk"}}, {{":a", S("x")}, {":b", N("1")}, {":c", N("5")}});
  auto condition = Condition::Parse(text, ExpressionKind::kKeyCondition, request.placeholders);
  if (!condition.ok()) return condition.status();
  return AnalyzeKeyCondition(*condition, kKeys);
}

std::string Error(std::string_view text) {
  auto r = Analyze(text);
  return r.ok() ? "" : r.status().message();
}

TEST(KeyConditionTest, PartitionOnly) {
  auto r = Analyze("pk = :a");
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->partition_value, S("x"));
  EXPECT_FALSE(r->sort);
}

TEST(KeyConditionTest, EverySortKeyOperator) {
  struct Case {
    const char* text;
    std::string_view op;  // SortKeyOperatorName
  } cases[] = {{"pk = :a AND sk = :b", "="},
               {"pk = :a AND sk < :b", "<"},
               {"pk = :a AND sk <= :b", "<="},
               {"pk = :a AND sk > :b", ">"},
               {"pk = :a AND sk >= :b", ">="},
               {"pk = :a AND sk BETWEEN :b AND :c", "BETWEEN"},
               // The value may come first: the operator is mirrored.
               {":b < #k AND pk = :a", ">"},
               {":b >= sk AND pk = :a", "<="}};
  for (const auto& c : cases) {
    auto r = Analyze(c.text);
    ASSERT_TRUE(r.ok()) << c.text << ": " << r.status().message();
    ASSERT_TRUE(r->sort) << c.text;
    EXPECT_EQ(SortKeyOperatorName(*r->sort), c.op) << c.text;
    EXPECT_EQ(r->sort->value, N("1")) << c.text;
  }
  EXPECT_EQ(Analyze("pk = :a AND sk BETWEEN :b AND :c")->sort->upper, N("5"));
}

TEST(KeyConditionTest, OnlyOneSidedComparisonsAreOpen) {
  struct Case {
    const char* text;
    bool open_above, open_below;
  } cases[] = {{"pk = :a AND sk = :b", false, false},
               {"pk = :a AND sk < :b", false, true},
               {"pk = :a AND sk <= :b", false, true},
               {"pk = :a AND sk > :b", true, false},
               {"pk = :a AND :b <= sk", true, false},
               {"pk = :a AND sk >= :b", true, false},
               {"pk = :a AND sk BETWEEN :b AND :c", false, false}};
  for (const auto& c : cases) {
    auto r = Analyze(c.text);
    ASSERT_TRUE(r.ok() && r->sort) << c.text;
    EXPECT_EQ(r->sort->OpenAbove(), c.open_above) << c.text;
    EXPECT_EQ(r->sort->OpenBelow(), c.open_below) << c.text;
  }
}

TEST(KeyConditionTest, BeginsWithOnStringSortKey) {
  Request request({}, {{":a", S("x")}, {":p", S("ORDER#")}});
  auto condition = Condition::Parse("pk = :a AND begins_with(sk, :p)",
                                    ExpressionKind::kKeyCondition, request.placeholders);
  ASSERT_TRUE(condition.ok());
  KeyAttributes string_keys{"pk", AttributeType::kS, "sk", AttributeType::kS};
  auto r = AnalyzeKeyCondition(*condition, string_keys);
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->sort->kind, SortKeyCondition::Kind::kBeginsWith);
  EXPECT_EQ(r->sort->value, S("ORDER#"));
}

TEST(KeyConditionTest, Refusals) {
  EXPECT_EQ(Error("pk = :a OR sk = :b"), "Invalid operator used in KeyConditionExpression: OR");
  EXPECT_EQ(Error("NOT pk = :a"), "Invalid operator used in KeyConditionExpression: NOT");
  EXPECT_EQ(Error("pk IN (:a)"), "Invalid operator used in KeyConditionExpression: IN");
  EXPECT_EQ(Error("pk <> :a"), "Invalid operator used in KeyConditionExpression: <>");
  EXPECT_EQ(Error("pk = :a AND attribute_exists(sk)"),
            "Invalid operator used in KeyConditionExpression: attribute_exists");
  EXPECT_EQ(Error("pk = :a AND sk = :b AND sk = :c"),
            "KeyConditionExpressions must only contain one condition per key");
  EXPECT_EQ(Error("pk = :a AND pk = :a"),
            "KeyConditionExpressions must only contain one condition per key");
  EXPECT_EQ(Error("sk = :b"), "Query condition missed key schema element: pk");
  EXPECT_EQ(Error("pk = :a AND colour = :b"), "Query condition missed key schema element: sk");
  EXPECT_EQ(Error("pk > :a"), "Query key condition not supported");
  EXPECT_EQ(Error("pk.x = :a"),
            "KeyConditionExpressions cannot have conditions on nested attributes");
  EXPECT_EQ(Error("pk = :b"),
            "One or more parameter values were invalid: Condition parameter type does not "
            "match schema type");
  EXPECT_EQ(Error("pk = :a AND sk BETWEEN :b AND :a").empty(), false);
}

TEST(KeyConditionTest, TopLevelAttributesOfAFilter) {
  Request request({{"#n", "name"}}, {{":a", S("x")}});
  auto condition = Condition::Parse("#n = :a AND (size(b.c) > :a OR attribute_exists(#n))",
                                    ExpressionKind::kFilter, request.placeholders);
  ASSERT_TRUE(condition.ok()) << condition.status().message();
  EXPECT_EQ(TopLevelAttributes(*condition), (std::vector<std::string>{"name", "b"}));
  EXPECT_TRUE(TopLevelAttributes(Condition()).empty());
}

}  // namespace
}  // namespace monotable::expr
