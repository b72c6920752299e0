#include "engine/base/attribute_value.h"

#include <gtest/gtest.h>

#include <string>

#include "engine/testing/value_builders.h"

namespace monotable {
namespace {

using test_values::List;
using test_values::Map;
using test_values::Set;

using test_values::N;
using test_values::S;

TEST(AttributeValueTest, TypeNames) {
  EXPECT_EQ(AttributeTypeName(AttributeType::kS), "S");
  EXPECT_EQ(AttributeTypeName(AttributeType::kN), "N");
  EXPECT_EQ(AttributeTypeName(AttributeType::kB), "B");
  EXPECT_EQ(AttributeTypeName(AttributeType::kBool), "BOOL");
  EXPECT_EQ(AttributeTypeName(AttributeType::kNull), "NULL");
  EXPECT_EQ(AttributeTypeName(AttributeType::kM), "M");
  EXPECT_EQ(AttributeTypeName(AttributeType::kL), "L");
  EXPECT_EQ(AttributeTypeName(AttributeType::kSS), "SS");
  EXPECT_EQ(AttributeTypeName(AttributeType::kNS), "NS");
  EXPECT_EQ(AttributeTypeName(AttributeType::kBS), "BS");
}

TEST(AttributeValueTest, PersistedTypeValuesAreFrozen) {
  EXPECT_EQ(static_cast<int>(AttributeType::kS), 1);
  EXPECT_EQ(static_cast<int>(AttributeType::kN), 2);
  EXPECT_EQ(static_cast<int>(AttributeType::kB), 3);
  EXPECT_EQ(static_cast<int>(AttributeType::kBool), 4);
  EXPECT_EQ(static_cast<int>(AttributeType::kNull), 5);
  EXPECT_EQ(static_cast<int>(AttributeType::kM), 6);
  EXPECT_EQ(static_cast<int>(AttributeType::kL), 7);
  EXPECT_EQ(static_cast<int>(AttributeType::kSS), 8);
  EXPECT_EQ(static_cast<int>(AttributeType::kNS), 9);
  EXPECT_EQ(static_cast<int>(AttributeType::kBS), 10);
}

TEST(AttributeValueTest, Factories) {
  EXPECT_EQ(S("x").type, AttributeType::kS);
  EXPECT_EQ(S("x").scalar, "x");
  EXPECT_EQ(N("1.5").type, AttributeType::kN);
  EXPECT_EQ(AttributeValue::Binary("\x01").type, AttributeType::kB);
  EXPECT_EQ(AttributeValue::Bool(false).type, AttributeType::kBool);
  EXPECT_FALSE(AttributeValue::Bool(false).boolean);
  EXPECT_TRUE(AttributeValue::Bool(true).boolean);
  EXPECT_EQ(AttributeValue::Null().type, AttributeType::kNull);
  EXPECT_TRUE(AttributeValue::Null().boolean);
  EXPECT_TRUE(Set(AttributeType::kSS, {"a"}).is_set());
  EXPECT_TRUE(Set(AttributeType::kNS, {"1"}).is_set());
  EXPECT_TRUE(Set(AttributeType::kBS, {"a"}).is_set());
  EXPECT_FALSE(List({}).is_set());
  EXPECT_FALSE(S("a").is_set());
}

TEST(AttributeValueTest, ScalarSizes) {
  EXPECT_EQ(AttributeValueSize(S("")), 0u);
  EXPECT_EQ(AttributeValueSize(S("abc")), 3u);
  EXPECT_EQ(AttributeValueSize(S("h\xC3\xA9llo")), 6u);      // UTF-8 bytes, not characters
  EXPECT_EQ(AttributeValueSize(S("\xF0\x9F\x98\x80")), 4u);  // one emoji, four bytes
  EXPECT_EQ(AttributeValueSize(AttributeValue::Binary(std::string(5, '\0'))), 5u);
  EXPECT_EQ(AttributeValueSize(AttributeValue::Bool(true)), 1u);
  EXPECT_EQ(AttributeValueSize(AttributeValue::Bool(false)), 1u);
  EXPECT_EQ(AttributeValueSize(AttributeValue::Null()), 1u);
}

TEST(AttributeValueTest, NumberSizeCountsSignificantDigits) {
  const std::pair<const char*, size_t> cases[] = {
      {"0", 1},
      {"1", 2},
      {"12", 2},
      {"123", 3},
      {"1234", 3},
      {"-123.45", 4},
      {"1000", 2},
      {"0.001", 2},
      {"100.01", 4},
      {"10.5", 3},
      {"-0.5", 2},
      {"1500", 2},
      {"0.0012", 2},
      {"12345678901234567890123456789012345678", 20},
      {"-1234567890123456789012345678901234567.8", 20},
  };
  for (const auto& [text, size] : cases) EXPECT_EQ(AttributeValueSize(N(text)), size) << text;
}

TEST(AttributeValueTest, SetSizesSumMembers) {
  EXPECT_EQ(AttributeValueSize(Set(AttributeType::kSS, {"a", "bc", ""})), 3u);
  EXPECT_EQ(AttributeValueSize(Set(AttributeType::kBS, {std::string(3, '\0'), "x"})), 4u);
  EXPECT_EQ(AttributeValueSize(Set(AttributeType::kNS, {"1", "12", "123", "1000"})),
            2u + 2 + 3 + 2);
}

TEST(AttributeValueTest, ContainerSizes) {
  EXPECT_EQ(AttributeValueSize(List({})), 3u);
  EXPECT_EQ(AttributeValueSize(Map({})), 3u);
  // 3 + (1 + 2) + (1 + 2) + (1 + 1)
  EXPECT_EQ(AttributeValueSize(List({S("ab"), N("1"), AttributeValue::Null()})), 11u);
  // 3 + (name 1 + value 2 + 1) + (name 3 + value 1 + 1)
  EXPECT_EQ(AttributeValueSize(Map({{"a", S("xy")}, {"abc", AttributeValue::Bool(true)}})), 12u);
  // Nested: outer list 3 + 1 + inner map (3 + 1 + 1 + 1) = 10
  EXPECT_EQ(AttributeValueSize(List({Map({{"k", AttributeValue::Null()}})})), 10u);
  EXPECT_EQ(AttributeValueSize(List({List({List({})})})), 3u + 1 + 3 + 1 + 3);
}

TEST(AttributeValueTest, ItemSizeAddsNameBytes) {
  EXPECT_EQ(ItemSize(Item{}), 0u);
  Item item{{"pk", S("abc")}, {"n", N("123")}, {"\xC3\xA9", AttributeValue::Bool(true)}};
  EXPECT_EQ(ItemSize(item), (2u + 3) + (1 + 3) + (2 + 1));
  item["list"] = List({S("x")});
  EXPECT_EQ(ItemSize(item), 12u + 4 + (3 + 1 + 1));
}

TEST(AttributeValueTest, ScalarEquality) {
  EXPECT_EQ(S("a"), S("a"));
  EXPECT_NE(S("a"), S("b"));
  EXPECT_NE(S("1"), N("1"));
  EXPECT_NE(S("a"), AttributeValue::Binary("a"));
  EXPECT_EQ(AttributeValue::Binary(std::string("\0", 1)),
            AttributeValue::Binary(std::string("\0", 1)));
  EXPECT_EQ(N("1.5"), N("1.5"));
  EXPECT_NE(N("1.5"), N("15"));
  EXPECT_EQ(AttributeValue::Bool(true), AttributeValue::Bool(true));
  EXPECT_NE(AttributeValue::Bool(true), AttributeValue::Bool(false));
  EXPECT_EQ(AttributeValue::Null(), AttributeValue::Null());
  EXPECT_NE(AttributeValue::Null(), AttributeValue::Bool(true));
}

TEST(AttributeValueTest, SetsAreUnordered) {
  EXPECT_EQ(Set(AttributeType::kSS, {"a", "b", "c"}), Set(AttributeType::kSS, {"c", "a", "b"}));
  EXPECT_EQ(Set(AttributeType::kNS, {"1", "2"}), Set(AttributeType::kNS, {"2", "1"}));
  EXPECT_EQ(Set(AttributeType::kBS, {"x", "y"}), Set(AttributeType::kBS, {"y", "x"}));
  EXPECT_NE(Set(AttributeType::kSS, {"a", "b"}), Set(AttributeType::kSS, {"a", "c"}));
  EXPECT_NE(Set(AttributeType::kSS, {"a", "b"}), Set(AttributeType::kSS, {"a", "b", "c"}));
  EXPECT_NE(Set(AttributeType::kSS, {"a"}), Set(AttributeType::kBS, {"a"}));
  EXPECT_NE(Set(AttributeType::kSS, {"1"}), Set(AttributeType::kNS, {"1"}));
}

TEST(AttributeValueTest, ListsAreOrderedAndMapsCompareByContent) {
  EXPECT_EQ(List({S("a"), N("1")}), List({S("a"), N("1")}));
  EXPECT_NE(List({S("a"), N("1")}), List({N("1"), S("a")}));
  EXPECT_NE(List({S("a")}), List({S("a"), S("a")}));
  EXPECT_EQ(Map({{"a", S("x")}, {"b", N("2")}}), Map({{"b", N("2")}, {"a", S("x")}}));
  EXPECT_NE(Map({{"a", S("x")}}), Map({{"a", S("y")}}));
  EXPECT_NE(Map({{"a", S("x")}}), Map({{"b", S("x")}}));
  EXPECT_NE(List({}), Map({}));
  // Nested sets compare unordered too.
  EXPECT_EQ(Map({{"s", Set(AttributeType::kSS, {"p", "q"})}}),
            Map({{"s", Set(AttributeType::kSS, {"q", "p"})}}));
  EXPECT_NE(Map({{"l", List({List({S("deep")})})}}), Map({{"l", List({List({S("Deep")})})}}));
}

}  // namespace
}  // namespace monotable
