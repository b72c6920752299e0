// Condition evaluation: every operator and function over the types that matter, with
// DynamoDB's rules for absent attributes and type mismatches.

#include "engine/expr/evaluate.h"

#include <gtest/gtest.h>

#include <random>
#include <string>

#include "engine/base/number.h"
#include "engine/expr/expr_test_util.h"
#include "engine/expr/expression.h"

namespace monotable::expr {
namespace {

using testing::B;
using testing::Bool;
using testing::BS;
using testing::L;
using testing::M;
using testing::MakeItem;
using testing::N;
using testing::NS;
using testing::Null;
using testing::Request;
using testing::S;
using testing::SS;

const Item kItem = MakeItem({
    {"s", S("hello")},
    {"utf", S("h\xC3\xA9llo")},                 // "héllo": 6 bytes, 5 UTF-16 units
    {"astral", S("\xC3\xA9\xF0\x9D\x84\x9E")},  // "é𝄞": 3 UTF-16 units
    {"n", N("5")},
    {"neg", N("-2.5")},
    {"b", B(std::string("\x01\xff\x00", 3))},
    {"t", Bool(true)},
    {"nul", Null()},
    {"ss", SS({"a", "b", "c"})},
    {"ns", NS({"1", "2.5", "-3"})},
    {"bs", BS({"\x01", "\x02"})},
    {"l", L({S("x"), N("1"), M({{"k", S("v")}}), L({})})},
    {"m", M({{"a", M({{"b", L({N("10"), N("20")})}})}, {"e", M({})}})},
    {"empty_l", L({})},
});

// Evaluates `text` (a ConditionExpression) against `item` with the values given.
bool Eval(std::string_view text, ExpressionAttributeValues values = {}, const Item* item = &kItem,
          ExpressionAttributeNames names = {}) {
  Request request(std::move(names), std::move(values));
  auto c = Condition::Parse(text, ExpressionKind::kCondition, request.placeholders);
  EXPECT_TRUE(c.ok()) << text << ": " << c.status().message();
  return c.ok() && c->Evaluate(item);
}

TEST(EvaluateTest, EqualityOnEveryType) {
  EXPECT_TRUE(Eval("s = :v", {{":v", S("hello")}}));
  EXPECT_FALSE(Eval("s = :v", {{":v", S("hell")}}));
  EXPECT_TRUE(Eval("n = :v", {{":v", N("5")}}));
  EXPECT_TRUE(Eval("b = :v", {{":v", B(std::string("\x01\xff\x00", 3))}}));
  EXPECT_TRUE(Eval("t = :v", {{":v", Bool(true)}}));
  EXPECT_FALSE(Eval("t = :v", {{":v", Bool(false)}}));
  EXPECT_TRUE(Eval("nul = :v", {{":v", Null()}}));
  EXPECT_TRUE(Eval("ss = :v", {{":v", SS({"c", "a", "b"})}}));  // sets are unordered
  EXPECT_FALSE(Eval("ss = :v", {{":v", SS({"a", "b"})}}));
  EXPECT_TRUE(Eval("ns = :v", {{":v", NS({"-3", "1", "2.5"})}}));
  EXPECT_TRUE(Eval("bs = :v", {{":v", BS({"\x02", "\x01"})}}));
  EXPECT_TRUE(Eval("l = :v", {{":v", L({S("x"), N("1"), M({{"k", S("v")}}), L({})})}}));
  EXPECT_FALSE(
      Eval("l = :v", {{":v", L({N("1"), S("x"), M({{"k", S("v")}}), L({})})}}));  // ordered
  EXPECT_TRUE(Eval("m.a = :v", {{":v", M({{"b", L({N("10"), N("20")})}})}}));
  EXPECT_TRUE(Eval("m.e = :v", {{":v", M({})}}));
  // Path against path.
  EXPECT_FALSE(Eval("n = l[1]"));
  EXPECT_TRUE(Eval("m.a.b[0] <> l[1]"));
  EXPECT_TRUE(Eval("l[1] = :v", {{":v", N("1")}}));
}

TEST(EvaluateTest, MismatchAndMissingAreFalseButNotEqualIsTrue) {
  EXPECT_FALSE(Eval("n = :v", {{":v", S("5")}}));
  EXPECT_TRUE(Eval("n <> :v", {{":v", S("5")}}));
  EXPECT_FALSE(Eval("absent = :v", {{":v", S("x")}}));
  EXPECT_TRUE(Eval("absent <> :v", {{":v", S("x")}}));
  EXPECT_TRUE(Eval("s <> :v", {{":v", S("other")}}));
  EXPECT_FALSE(Eval("s <> :v", {{":v", S("hello")}}));
  // No item at all.
  EXPECT_FALSE(Eval("s = :v", {{":v", S("hello")}}, nullptr));
  EXPECT_TRUE(Eval("s <> :v", {{":v", S("hello")}}, nullptr));
}

TEST(EvaluateTest, Ordering) {
  // Numbers compare numerically.
  EXPECT_TRUE(Eval("n < :v", {{":v", N("10")}}));
  EXPECT_TRUE(Eval("n > :v", {{":v", N("-10")}}));
  EXPECT_TRUE(Eval("neg < :v", {{":v", N("-2.4")}}));
  EXPECT_TRUE(Eval("neg > :v", {{":v", N("-2.51")}}));
  EXPECT_TRUE(Eval("n <= :v AND n >= :v", {{":v", N("5")}}));
  EXPECT_FALSE(Eval("n < :v", {{":v", N("5")}}));
  // Strings by UTF-8 bytes: "é" (0xC3...) sorts after "z".
  EXPECT_TRUE(Eval("utf > :v", {{":v", S("hz")}}));
  EXPECT_TRUE(Eval("s < :v", {{":v", S("hellp")}}));
  EXPECT_TRUE(Eval("s > :v", {{":v", S("hell")}}));
  // Binaries by unsigned bytes: 0x01 0xff < 0x02.
  EXPECT_TRUE(Eval("b < :v", {{":v", B("\x02")}}));
  EXPECT_TRUE(Eval("b > :v", {{":v", B(std::string("\x01\x7f"))}}));
  // Other types, mismatches and absent attributes never order.
  EXPECT_FALSE(Eval("n < :v", {{":v", S("9")}}));
  EXPECT_FALSE(Eval("n > :v", {{":v", S("1")}}));
  EXPECT_FALSE(Eval("t > n"));
  EXPECT_FALSE(Eval("ss > n"));
  EXPECT_FALSE(Eval("absent < :v", {{":v", N("1")}}));
  EXPECT_FALSE(Eval("absent >= :v", {{":v", N("1")}}));
}

TEST(EvaluateTest, Between) {
  EXPECT_TRUE(Eval("n BETWEEN :lo AND :hi", {{":lo", N("5")}, {":hi", N("6")}}));
  EXPECT_TRUE(Eval("n BETWEEN :lo AND :hi", {{":lo", N("4")}, {":hi", N("5")}}));
  EXPECT_FALSE(Eval("n BETWEEN :lo AND :hi", {{":lo", N("5.01")}, {":hi", N("6")}}));
  EXPECT_TRUE(Eval("s BETWEEN :lo AND :hi", {{":lo", S("h")}, {":hi", S("i")}}));
  EXPECT_FALSE(Eval("s BETWEEN :lo AND :hi", {{":lo", N("1")}, {":hi", N("9")}}));
  EXPECT_FALSE(Eval("absent BETWEEN :lo AND :hi", {{":lo", N("1")}, {":hi", N("9")}}));
  EXPECT_TRUE(Eval("size(s) BETWEEN :lo AND :hi", {{":lo", N("5")}, {":hi", N("5")}}));
}

TEST(EvaluateTest, In) {
  EXPECT_TRUE(Eval("n IN (:a, :b)", {{":a", N("1")}, {":b", N("5")}}));
  EXPECT_FALSE(Eval("n IN (:a, :b)", {{":a", N("1")}, {":b", S("5")}}));
  EXPECT_TRUE(Eval("ss IN (:a)", {{":a", SS({"b", "c", "a"})}}));
  EXPECT_FALSE(Eval("absent IN (:a)", {{":a", N("1")}}));
  EXPECT_TRUE(Eval("n IN (l[1], :a)", {{":a", N("5")}}));
}

TEST(EvaluateTest, BeginsWith) {
  EXPECT_TRUE(Eval("begins_with(s, :p)", {{":p", S("he")}}));
  EXPECT_TRUE(Eval("begins_with(s, :p)", {{":p", S("hello")}}));
  EXPECT_FALSE(Eval("begins_with(s, :p)", {{":p", S("hello!")}}));
  EXPECT_TRUE(Eval("begins_with(b, :p)", {{":p", B("\x01\xff")}}));
  EXPECT_FALSE(Eval("begins_with(b, :p)", {{":p", S("\x01")}}));  // types differ
  EXPECT_FALSE(Eval("begins_with(n, :p)", {{":p", S("5")}}));
  EXPECT_FALSE(Eval("begins_with(absent, :p)", {{":p", S("")}}));
  EXPECT_TRUE(Eval("begins_with(:s, :p)", {{":s", S("abc")}, {":p", S("ab")}}));
}

TEST(EvaluateTest, Contains) {
  EXPECT_TRUE(Eval("contains(s, :v)", {{":v", S("ell")}}));
  EXPECT_FALSE(Eval("contains(s, :v)", {{":v", S("xyz")}}));
  EXPECT_TRUE(Eval("contains(b, :v)", {{":v", B(std::string("\xff\x00", 2))}}));
  EXPECT_TRUE(Eval("contains(ss, :v)", {{":v", S("b")}}));
  EXPECT_FALSE(Eval("contains(ss, :v)", {{":v", S("d")}}));
  EXPECT_TRUE(Eval("contains(ns, :v)", {{":v", N("2.5")}}));
  EXPECT_FALSE(Eval("contains(ns, :v)", {{":v", S("2.5")}}));  // element type must match
  EXPECT_TRUE(Eval("contains(bs, :v)", {{":v", B("\x02")}}));
  EXPECT_TRUE(Eval("contains(l, :v)", {{":v", N("1")}}));
  EXPECT_TRUE(Eval("contains(l, :v)", {{":v", M({{"k", S("v")}})}}));
  EXPECT_FALSE(Eval("contains(l, :v)", {{":v", S("1")}}));
  EXPECT_FALSE(Eval("contains(n, :v)", {{":v", N("5")}}));
  EXPECT_FALSE(Eval("contains(s, :v)", {{":v", N("5")}}));
  EXPECT_FALSE(Eval("contains(absent, :v)", {{":v", S("a")}}));
  EXPECT_FALSE(Eval("contains(ss, l[0])"));  // "x" is not in ss
  EXPECT_TRUE(Eval("contains(s, :v)", {{":v", S("")}}));
}

TEST(EvaluateTest, ExistenceAndType) {
  EXPECT_TRUE(Eval("attribute_exists(s)"));
  EXPECT_TRUE(Eval("attribute_exists(m.a.b[1])"));
  EXPECT_FALSE(Eval("attribute_exists(m.a.b[2])"));
  EXPECT_FALSE(Eval("attribute_exists(m.a.c)"));
  EXPECT_FALSE(Eval("attribute_exists(s.x)"));   // through a string
  EXPECT_FALSE(Eval("attribute_exists(l.x)"));   // a name into a list
  EXPECT_FALSE(Eval("attribute_exists(m[0])"));  // an index into a map
  EXPECT_TRUE(Eval("attribute_not_exists(m.a.c)"));
  EXPECT_FALSE(Eval("attribute_exists(s)", {}, nullptr));
  EXPECT_TRUE(Eval("attribute_not_exists(s)", {}, nullptr));
  EXPECT_TRUE(Eval("attribute_exists(#n)", {}, &kItem, {{"#n", "nul"}}));
  const std::pair<std::string, std::string> types[] = {
      {"s", "S"},   {"n", "N"},   {"b", "B"},   {"t", "BOOL"}, {"nul", "NULL"},
      {"ss", "SS"}, {"ns", "NS"}, {"bs", "BS"}, {"l", "L"},    {"m", "M"}};
  for (const auto& [attribute, type] : types) {
    EXPECT_TRUE(Eval("attribute_type(" + attribute + ", :t)", {{":t", S(type)}})) << attribute;
    EXPECT_FALSE(
        Eval("attribute_type(" + attribute + ", :t)", {{":t", S(type == "S" ? "N" : "S")}}))
        << attribute;
  }
  EXPECT_FALSE(Eval("attribute_type(absent, :t)", {{":t", S("S")}}));
}

TEST(EvaluateTest, Size) {
  const std::pair<std::string, std::string> sizes[] = {
      {"s", "5"},  {"utf", "5"}, {"astral", "3"}, {"b", "3"},   {"ss", "3"},     {"ns", "3"},
      {"bs", "2"}, {"l", "4"},   {"m", "2"},      {"m.e", "0"}, {"empty_l", "0"}};
  for (const auto& [attribute, size] : sizes) {
    EXPECT_TRUE(Eval("size(" + attribute + ") = :n", {{":n", N(size)}})) << attribute;
  }
  // No size for numbers, booleans, nulls or absent attributes: comparisons are false
  // and <> true (ExtendDB's captures).
  for (std::string_view attribute : {"n", "t", "nul", "absent"}) {
    EXPECT_FALSE(Eval("size(" + std::string(attribute) + ") >= :z", {{":z", N("0")}})) << attribute;
    EXPECT_TRUE(Eval("size(" + std::string(attribute) + ") <> :z", {{":z", N("0")}})) << attribute;
  }
  EXPECT_TRUE(Eval("size(l) > size(ss)"));
  EXPECT_TRUE(Eval("size(:v) = :n", {{":v", S("abc")}, {":n", N("3")}}));
}

TEST(EvaluateTest, BooleanCombinations) {
  ExpressionAttributeValues v{{":five", N("5")}, {":six", N("6")}};
  EXPECT_TRUE(Eval("n = :five AND NOT n = :six", v));
  EXPECT_FALSE(Eval("n = :six AND n = :five", v));
  EXPECT_TRUE(Eval("n = :six OR n = :five", v));
  EXPECT_TRUE(Eval("NOT (n = :six OR absent = :five)", v));
  EXPECT_TRUE(Eval("n = :six OR n = :five AND attribute_exists(s)", v));
  EXPECT_FALSE(Eval("(n = :six OR n = :five) AND attribute_exists(zz)", v));
  EXPECT_TRUE(Eval("NOT NOT attribute_exists(s)"));
  EXPECT_TRUE(Condition().Evaluate(nullptr));
  EXPECT_TRUE(Condition().Evaluate(&kItem));
}

TEST(EvaluateTest, CompareNumberTextAgreesWithNumber) {
  const char* samples[] = {"0",     "1",      "-1",      "0.5",
                           "-0.5",  "10",     "9.99",    "100.001",
                           "0.001", "0.0011", "-0.0011", "123456789012345678901234567890123456.78",
                           "1",     "-1000",  "999",     "1000"};
  std::vector<std::string> numbers(std::begin(samples), std::end(samples));
  std::mt19937 rng(42);
  for (int i = 0; i < 300; ++i) {
    std::string text = (rng() % 2) ? "-" : "";
    text += std::to_string(rng() % 100000);
    // Appended piecewise: GCC 12 warns (-Wrestrict) on "." + std::to_string(...).
    if (rng() % 2) text.append(".").append(std::to_string(rng() % 1000));
    if (rng() % 3 == 0) text.append("E").append(std::to_string(static_cast<int>(rng() % 20) - 10));
    numbers.push_back(Number::Parse(text).value().ToString());
  }
  for (const auto& a : numbers) {
    for (const auto& b : numbers) {
      Number x = Number::Parse(a).value(), y = Number::Parse(b).value();
      int expected = x < y ? -1 : (x == y ? 0 : 1);
      int got = CompareNumberText(a, b);
      ASSERT_EQ(got < 0 ? -1 : got > 0 ? 1 : 0, expected) << a << " vs " << b;
    }
  }
}

}  // namespace
}  // namespace monotable::expr
