// Legacy parameters (Expected, QueryFilter/ScanFilter, AttributeUpdates,
// AttributesToGet): validation texts from dynalite's tests and semantics from the
// Developer Guide's "Legacy conditional parameters".

#include "engine/expr/legacy.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/expr/expr_test_util.h"

namespace monotable::expr::legacy {
namespace {

using testing::B;
using testing::Bool;
using testing::BS;
using testing::ErrorOf;
using testing::L;
using testing::M;
using testing::MakeItem;
using testing::N;
using testing::NS;
using testing::Null;
using testing::S;
using testing::SS;

using Op = ComparisonOperator;
const std::string kInvalid = "One or more parameter values were invalid: ";

AttributeCondition Cond(std::string attribute, Op op, std::vector<AttributeValue> values) {
  AttributeCondition c;
  c.attribute = std::move(attribute);
  c.comparison_operator = op;
  c.attribute_value_list = std::move(values);
  return c;
}

AttributeCondition Expect(std::string attribute, std::optional<bool> exists,
                          std::optional<AttributeValue> value) {
  AttributeCondition c;
  c.attribute = std::move(attribute);
  c.exists = exists;
  c.value = std::move(value);
  return c;
}

std::string ExpectedError(std::vector<AttributeCondition> conditions) {
  return ErrorOf(
      TranslateConditions(conditions, ConditionalOperator::kAnd, ConditionSource::kExpected));
}

std::string FilterError(std::vector<AttributeCondition> conditions) {
  return ErrorOf(
      TranslateConditions(conditions, ConditionalOperator::kAnd, ConditionSource::kFilter));
}

bool Holds(std::vector<AttributeCondition> conditions, const Item* item,
           ConditionalOperator op = ConditionalOperator::kAnd,
           ConditionSource source = ConditionSource::kFilter) {
  auto c = TranslateConditions(conditions, op, source);
  EXPECT_TRUE(c.ok()) << c.status().message();
  return c.ok() && c->Evaluate(item);
}

TEST(LegacyTest, ComparisonOperatorNames) {
  for (std::string_view name : {"EQ", "NE", "LE", "LT", "GE", "GT", "NOT_NULL", "NULL", "CONTAINS",
                                "NOT_CONTAINS", "BEGINS_WITH", "IN", "BETWEEN"}) {
    auto op = ParseComparisonOperator(name);
    ASSERT_TRUE(op.has_value()) << name;
    EXPECT_EQ(ComparisonOperatorName(*op), name);
  }
  EXPECT_FALSE(ParseComparisonOperator("eq").has_value());
  EXPECT_FALSE(ParseComparisonOperator("").has_value());
}

TEST(LegacyTest, ExpectedShapeErrors) {
  EXPECT_EQ(ExpectedError({Expect("a", std::nullopt, std::nullopt)}),
            kInvalid + "Value must be provided when Exists is null for Attribute: a");
  EXPECT_EQ(ExpectedError({Expect("a", true, std::nullopt)}),
            kInvalid + "Value must be provided when Exists is true for Attribute: a");
  EXPECT_EQ(ExpectedError({Expect("a", false, S("a"))}),
            kInvalid + "Value cannot be used when Exists is false for Attribute: a");
  AttributeCondition lt;
  lt.attribute = "a";
  lt.comparison_operator = Op::kLt;
  EXPECT_EQ(
      ExpectedError({lt}),
      kInvalid +
          "Value or AttributeValueList must be used with ComparisonOperator: LT for Attribute: a");
  AttributeCondition both = lt;
  both.exists = true;
  EXPECT_EQ(ExpectedError({both}),
            kInvalid + "Exists and ComparisonOperator cannot be used together for Attribute: a");
  AttributeCondition value_and_list = Cond("a", Op::kLt, {S("a")});
  value_and_list.value = S("a");
  EXPECT_EQ(ExpectedError({value_and_list}),
            kInvalid + "Value and AttributeValueList cannot be used together for Attribute: a");
  AttributeCondition list_only = Expect("a", true, std::nullopt);
  list_only.attribute_value_list = std::vector<AttributeValue>{S("a")};
  EXPECT_EQ(
      ExpectedError({list_only}),
      kInvalid + "AttributeValueList can only be used with a ComparisonOperator for Attribute: a");
  AttributeCondition null_with_value;
  null_with_value.attribute = "a";
  null_with_value.comparison_operator = Op::kNull;
  null_with_value.value = S("a");
  EXPECT_EQ(ExpectedError({null_with_value}),
            kInvalid + "Invalid number of argument(s) for the NULL ComparisonOperator");
  AttributeCondition between_value;
  between_value.attribute = "a";
  between_value.comparison_operator = Op::kBetween;
  between_value.value = S("a");
  EXPECT_EQ(ExpectedError({between_value}),
            kInvalid + "Invalid number of argument(s) for the BETWEEN ComparisonOperator");
  // The first offending entry wins.
  EXPECT_EQ(ExpectedError({Expect("ok", false, std::nullopt), Expect("b", true, std::nullopt)}),
            kInvalid + "Value must be provided when Exists is true for Attribute: b");
  AttributeCondition null_alone;
  null_alone.attribute = "a";
  null_alone.comparison_operator = Op::kNull;
  EXPECT_EQ(ExpectedError({null_alone}), "");
}

TEST(LegacyTest, ArgumentCounts) {
  const std::pair<Op, size_t> wrong[] = {
      {Op::kEq, 0},          {Op::kNe, 0},   {Op::kLe, 0},       {Op::kLt, 0},
      {Op::kGe, 0},          {Op::kGt, 0},   {Op::kContains, 0}, {Op::kNotContains, 0},
      {Op::kBeginsWith, 0},  {Op::kIn, 0},   {Op::kBetween, 0},  {Op::kNull, 1},
      {Op::kNotNull, 1},     {Op::kEq, 2},   {Op::kNe, 2},       {Op::kLe, 2},
      {Op::kLt, 2},          {Op::kGe, 2},   {Op::kGt, 2},       {Op::kContains, 2},
      {Op::kNotContains, 2}, {Op::kNull, 2}, {Op::kNotNull, 2},  {Op::kBetween, 1},
      {Op::kBetween, 3},
  };
  for (const auto& [op, count] : wrong) {
    EXPECT_EQ(FilterError({Cond("a", op, std::vector<AttributeValue>(count, S("a")))}),
              kInvalid + "Invalid number of argument(s) for the " +
                  std::string(ComparisonOperatorName(op)) + " ComparisonOperator")
        << ComparisonOperatorName(op) << " " << count;
  }
  EXPECT_EQ(FilterError({Cond("a", Op::kIn, {S("a"), S("b"), S("c")})}), "");
}

TEST(LegacyTest, OperandTypes) {
  EXPECT_EQ(FilterError({Cond("a", Op::kIn, {S("b"), N("1")})}),
            kInvalid + "AttributeValues inside AttributeValueList must be of same type");
  const std::vector<AttributeValue> non_scalars = {Bool(true), Null(), SS({"a"}), NS({"1"}),
                                                   BS({"a"}),  M({}),  L({})};
  for (Op op : {Op::kLt, Op::kLe, Op::kGt, Op::kGe, Op::kIn}) {
    for (const auto& v : non_scalars) {
      EXPECT_EQ(FilterError({Cond("a", op, {v})}),
                kInvalid + "ComparisonOperator " + std::string(ComparisonOperatorName(op)) +
                    " is not valid for " + std::string(AttributeTypeName(v.type)) +
                    " AttributeValue type");
    }
  }
  for (Op op : {Op::kContains, Op::kNotContains}) {
    for (const auto& v : {SS({"a"}), NS({"1"}), BS({"a"}), M({}), L({})}) {
      EXPECT_EQ(FilterError({Cond("a", op, {v})}),
                kInvalid + "ComparisonOperator " + std::string(ComparisonOperatorName(op)) +
                    " is not valid for " + std::string(AttributeTypeName(v.type)) +
                    " AttributeValue type");
    }
  }
  for (const auto& v : non_scalars) {
    EXPECT_EQ(FilterError({Cond("a", Op::kBetween, {v, v})}),
              kInvalid + "ComparisonOperator BETWEEN is not valid for " +
                  std::string(AttributeTypeName(v.type)) + " AttributeValue type");
  }
  for (const auto& v :
       {N("1"), Bool(true), Null(), SS({"a"}), NS({"1"}), BS({"a"}), M({}), L({})}) {
    EXPECT_EQ(FilterError({Cond("a", Op::kBeginsWith, {v})}),
              kInvalid + "ComparisonOperator BEGINS_WITH is not valid for " +
                  std::string(AttributeTypeName(v.type)) + " AttributeValue type");
  }
  EXPECT_EQ(FilterError({Cond("a", Op::kBeginsWith, {B("a")})}), "");
  EXPECT_EQ(FilterError({Cond("a", Op::kEq, {M({})}), Cond("b", Op::kNe, {L({})})}), "");
  EXPECT_EQ(FilterError({Cond("a", Op::kBetween, {S("b"), S("a")})}),
            "The BETWEEN condition was provided a range where the lower bound is greater than the "
            "upper bound");
  EXPECT_EQ(FilterError({Cond("a", Op::kBetween, {N("10"), N("9")})}),
            "The BETWEEN condition was provided a range where the lower bound is greater than the "
            "upper bound");
  EXPECT_EQ(FilterError({Cond("a", Op::kBetween, {N("9"), N("10")})}), "");
}

TEST(LegacyTest, ConditionSemantics) {
  const Item item = MakeItem({{"s", S("hello")},
                              {"n", N("5")},
                              {"ss", SS({"x", "y"})},
                              {"l", L({N("1"), S("a")})},
                              {"status", S("on")}});
  EXPECT_TRUE(Holds({Cond("n", Op::kEq, {N("5")})}, &item));
  EXPECT_FALSE(Holds({Cond("n", Op::kEq, {S("5")})}, &item));
  EXPECT_TRUE(Holds({Cond("n", Op::kNe, {S("5")})}, &item));
  EXPECT_TRUE(Holds({Cond("absent", Op::kNe, {S("5")})}, &item));
  EXPECT_TRUE(Holds({Cond("n", Op::kLe, {N("5")}), Cond("n", Op::kLt, {N("6")}),
                     Cond("n", Op::kGe, {N("5")}), Cond("n", Op::kGt, {N("4")})},
                    &item));
  EXPECT_TRUE(Holds({Cond("s", Op::kNotNull, {})}, &item));
  EXPECT_TRUE(Holds({Cond("absent", Op::kNull, {})}, &item));
  EXPECT_TRUE(Holds({Cond("s", Op::kContains, {S("ell")})}, &item));
  EXPECT_TRUE(Holds({Cond("ss", Op::kContains, {S("y")})}, &item));
  EXPECT_TRUE(Holds({Cond("l", Op::kContains, {N("1")})}, &item));
  EXPECT_TRUE(Holds({Cond("ss", Op::kNotContains, {S("z")})}, &item));
  EXPECT_FALSE(Holds({Cond("ss", Op::kNotContains, {S("x")})}, &item));
  EXPECT_FALSE(Holds({Cond("absent", Op::kNotContains, {S("x")})}, &item));  // false when missing
  EXPECT_TRUE(Holds({Cond("s", Op::kBeginsWith, {S("he")})}, &item));
  EXPECT_TRUE(Holds({Cond("n", Op::kIn, {N("1"), N("5")})}, &item));
  EXPECT_TRUE(Holds({Cond("n", Op::kBetween, {N("5"), N("6")})}, &item));
  // Reserved words are fine as legacy attribute names.
  EXPECT_TRUE(Holds({Cond("status", Op::kEq, {S("on")})}, &item));
  // AND / OR.
  EXPECT_FALSE(Holds({Cond("n", Op::kEq, {N("5")}), Cond("s", Op::kEq, {S("x")})}, &item));
  EXPECT_TRUE(Holds({Cond("n", Op::kEq, {N("5")}), Cond("s", Op::kEq, {S("x")})}, &item,
                    ConditionalOperator::kOr));
  // Expected's Exists/Value forms.
  EXPECT_TRUE(Holds({Expect("s", std::nullopt, S("hello"))}, &item, ConditionalOperator::kAnd,
                    ConditionSource::kExpected));
  EXPECT_TRUE(Holds({Expect("s", true, S("hello"))}, &item, ConditionalOperator::kAnd,
                    ConditionSource::kExpected));
  EXPECT_FALSE(Holds({Expect("s", true, S("hello"))}, nullptr, ConditionalOperator::kAnd,
                     ConditionSource::kExpected));
  EXPECT_TRUE(Holds({Expect("absent", false, std::nullopt)}, &item, ConditionalOperator::kAnd,
                    ConditionSource::kExpected));
  EXPECT_FALSE(Holds({Expect("s", false, std::nullopt)}, &item, ConditionalOperator::kAnd,
                     ConditionSource::kExpected));
  AttributeCondition with_value;
  with_value.attribute = "n";
  with_value.comparison_operator = Op::kGt;
  with_value.value = N("4");
  EXPECT_TRUE(Holds({with_value}, &item, ConditionalOperator::kAnd, ConditionSource::kExpected));
  // Empty: always true.
  auto none = TranslateConditions({}, ConditionalOperator::kAnd, ConditionSource::kExpected);
  ASSERT_TRUE(none.ok());
  EXPECT_TRUE(none->empty());
  EXPECT_TRUE(none->Evaluate(nullptr));
  // A filter condition without an operator is the protocol's bug.
  EXPECT_EQ(TranslateConditions(std::vector<AttributeCondition>{Expect("a", true, S("x"))},
                                ConditionalOperator::kAnd, ConditionSource::kFilter)
                .status()
                .code(),
            ErrorCode::kInternal);
}

AttributeUpdate Put(std::string a, AttributeValue v) {
  return {std::move(a), UpdateAction::kPut, std::move(v)};
}
AttributeUpdate Add(std::string a, AttributeValue v) {
  return {std::move(a), UpdateAction::kAdd, std::move(v)};
}
AttributeUpdate Del(std::string a, std::optional<AttributeValue> v = std::nullopt) {
  return {std::move(a), UpdateAction::kDelete, std::move(v)};
}

TEST(LegacyTest, AttributeUpdatesValidation) {
  EXPECT_EQ(ErrorOf(TranslateAttributeUpdates(
                std::vector<AttributeUpdate>{{"a", UpdateAction::kPut, std::nullopt}})),
            kInvalid + "Only DELETE action is allowed when no attribute value is specified");
  EXPECT_EQ(ErrorOf(TranslateAttributeUpdates(
                std::vector<AttributeUpdate>{{"a", UpdateAction::kAdd, std::nullopt}})),
            kInvalid + "Only DELETE action is allowed when no attribute value is specified");
  for (const auto& v : {S("1"), N("1"), B("a"), Null(), Bool(true), M({}), L({})}) {
    EXPECT_EQ(ErrorOf(TranslateAttributeUpdates(std::vector<AttributeUpdate>{Del("a", v)})),
              kInvalid + "DELETE action with value is not supported for the type " +
                  std::string(AttributeTypeName(v.type)));
  }
  for (const auto& v : {S("1"), B("a"), Null(), Bool(true), M({})}) {
    EXPECT_EQ(ErrorOf(TranslateAttributeUpdates(std::vector<AttributeUpdate>{Add("a", v)})),
              kInvalid + "ADD action is not supported for the type " +
                  std::string(AttributeTypeName(v.type)));
  }
}

Item ApplyLegacy(std::vector<AttributeUpdate> updates, const Item& item,
                 std::string* error = nullptr, std::span<const std::string_view> keys = {}) {
  auto u = TranslateAttributeUpdates(updates);
  EXPECT_TRUE(u.ok()) << u.status().message();
  if (!u.ok()) return {};
  auto r = u->Apply(item, keys);
  if (error)
    *error = ErrorOf(r);
  else
    EXPECT_TRUE(r.ok()) << r.status().message();
  return r.ok() ? *r : Item();
}

TEST(LegacyTest, AttributeUpdatesSemantics) {
  const Item item = MakeItem({{"k", S("key")},
                              {"n", N("1")},
                              {"ss", SS({"a", "b"})},
                              {"l", L({S("a")})},
                              {"gone", S("x")},
                              {"status", S("on")}});
  Item out = ApplyLegacy({Put("status", S("off")), Add("n", N("3")), Add("fresh", N("5")),
                          Add("ss", SS({"b", "c"})), Add("l", L({S("b")})), Add("nl", L({N("1")})),
                          Del("gone"), Del("absent"), Del("ss2", SS({"x"}))},
                         item);
  EXPECT_EQ(out, MakeItem({{"k", S("key")},
                           {"n", N("4")},
                           {"ss", SS({"a", "b", "c"})},
                           {"l", L({S("a"), S("b")})},
                           {"status", S("off")},
                           {"fresh", N("5")},
                           {"nl", L({N("1")})}}));
  EXPECT_EQ(ApplyLegacy({Del("ss", SS({"a", "b"}))}, item).count("ss"), 0u);
  const std::string mismatch = "Type mismatch for attribute to update";
  std::string error;
  ApplyLegacy({Del("ss", NS({"1"}))}, item, &error);
  EXPECT_EQ(error, mismatch);
  ApplyLegacy({Del("n", NS({"1"}))}, item, &error);
  EXPECT_EQ(error, mismatch);
  ApplyLegacy({Add("ss", NS({"1"}))}, item, &error);
  EXPECT_EQ(error, mismatch);
  ApplyLegacy({Add("ss", N("1"))}, item, &error);
  EXPECT_EQ(error, mismatch);
  ApplyLegacy({Add("k", L({}))}, item, &error, {});
  EXPECT_EQ(error, mismatch);
  const std::string_view keys[] = {"k"};
  ApplyLegacy({Put("k", S("other"))}, item, &error, keys);
  EXPECT_EQ(error, kInvalid + "Cannot update attribute k. This attribute is part of the key");
  // ReturnValues over legacy updates: top-level attributes.
  auto u = TranslateAttributeUpdates(std::vector<AttributeUpdate>{Put("b", S("x")), Del("gone")});
  ASSERT_TRUE(u.ok());
  EXPECT_EQ(u->UpdatedPaths().Apply(item), MakeItem({{"gone", S("x")}}));
  auto empty = TranslateAttributeUpdates({});
  ASSERT_TRUE(empty.ok());
  EXPECT_EQ(empty->Apply(item, {}).value(), item);
}

TEST(LegacyTest, AttributesToGet) {
  const std::vector<std::string> names = {"a", "b"};
  auto p = TranslateAttributesToGet(names);
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->Apply(MakeItem({{"a", N("1")}, {"c", N("2")}})), MakeItem({{"a", N("1")}}));
  const std::vector<std::string> dup = {"a", "b", "a"};
  EXPECT_EQ(ErrorOf(TranslateAttributesToGet(dup)),
            kInvalid + "Duplicate value in attribute name: a");
}

}  // namespace
}  // namespace monotable::expr::legacy
