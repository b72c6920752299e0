// The errors of UpdateExpression found before any item is read, in DynamoDB's order.
// Cases mirror dynalite's updateItem tests (run against DynamoDB).

#include <gtest/gtest.h>

#include <string>

#include "engine/expr/expr_test_util.h"
#include "engine/expr/expression.h"

// A namespace of the file's own: the unity build compiles the folder's tests together.
namespace monotable::expr::update_resolve_test {
namespace {

using namespace testing;  // the builders and Request of expr_test_util.h

const std::string kPrefix = "Invalid UpdateExpression: ";

std::string UpdateError(std::string_view text, ExpressionAttributeNames names = {},
                        ExpressionAttributeValues values = {}) {
  Request request(std::move(names), std::move(values));
  return ErrorOf(Update::Parse(text, request.placeholders));
}

const ExpressionAttributeNames kAB{{"#a", "a"}, {"#b", "b"}};
const ExpressionAttributeValues kValuesAB{{":a", S("a")}, {":b", S("a")}};

TEST(UpdateResolveTest, ReservedKeywords) {
  EXPECT_EQ(UpdateError(" set #c = :c set abOrt = true ", kAB, kValuesAB),
            kPrefix + "Attribute name is a reserved keyword; reserved keyword: abOrt");
  EXPECT_EQ(UpdateError(" remove Absolute ", kAB, kValuesAB),
            kPrefix + "Attribute name is a reserved keyword; reserved keyword: Absolute");
  EXPECT_EQ(UpdateError("SET a = if_not_exists(#x, Comment)"),
            kPrefix + "Attribute name is a reserved keyword; reserved keyword: Comment");
}

TEST(UpdateResolveTest, Functions) {
  EXPECT_EQ(UpdateError("set #c = if_not_exist(:c) set c = d", kAB, kValuesAB),
            kPrefix + "Invalid function name; function: if_not_exist");
  EXPECT_EQ(UpdateError("SET #r = contains(s, :n)", {{"#r", "result"}}, {{":n", S("e")}}),
            kPrefix + "The function is not allowed in an update expression; function: contains");
  EXPECT_EQ(UpdateError("SET r = size(s)"),
            kPrefix + "The function is not allowed in an update expression; function: size");
  EXPECT_EQ(
      UpdateError("SET r = list_append(attribute_exists(s), :l)"),
      kPrefix + "The function is not allowed in an update expression; function: attribute_exists");
}

TEST(UpdateResolveTest, RepeatedSections) {
  const std::pair<std::string_view, std::string_view> cases[] = {
      {"set a = #c set c = :d", "SET"},
      {"remove #d set a = b remove e", "REMOVE"},
      {"add #d :e set a = b add e :f", "ADD"},
      {"delete #d :e set a = b delete #e :f", "DELETE"},
  };
  for (const auto& [text, section] : cases) {
    EXPECT_EQ(UpdateError(text, kAB, kValuesAB),
              kPrefix + "The \"" + std::string(section) +
                  "\" section can only be used once in an update expression;")
        << text;
  }
}

TEST(UpdateResolveTest, UndefinedPlaceholders) {
  EXPECT_EQ(UpdateError("SET #c = if_not_exists(:c)", kAB, kValuesAB),
            kPrefix +
                "An expression attribute name used in the document path is not defined; "
                "attribute name: #c");
  EXPECT_EQ(UpdateError("SET #a = if_not_exists(:c)", kAB, kValuesAB),
            kPrefix +
                "An expression attribute value used in expression is not defined; "
                "attribute value: :c");
  // Every name is checked before any value.
  EXPECT_EQ(UpdateError("SET a = :x, b = #y"),
            kPrefix +
                "An expression attribute name used in the document path is not defined; "
                "attribute name: #y");
}

TEST(UpdateResolveTest, OverlappingPaths) {
  const std::tuple<std::string_view, std::string_view, std::string_view> cases[] = {
      {"set d[1] = a, d.b = a, c[1].a = a, #c = if_not_exists(a)", "[c, [1], a]", "[c]"},
      {"set c.b.#c = a, c = a, #d = a", "[c, b, c]", "[c]"},
      {"set a = b remove a, #c, #d", "[a]", "[a]"},
      {"set #c[3].#d = a, #c[3] = a", "[c, [3], [3]]", "[c, [3]]"},
      {"remove c, #c.a, #d", "[c]", "[c, a]"},
      {"remove a, #c, a, #d", "[a]", "[a]"},
      {"SET lst[0] = :v, lst[0].ok = :v", "[lst, [0]]", "[lst, [0], ok]"},
  };
  for (const auto& [text, one, two] : cases) {
    EXPECT_EQ(UpdateError(text, {{"#c", "c"}, {"#d", "[3]"}}, {{":v", S("x")}}),
              kPrefix +
                  "Two document paths overlap with each other; must remove or rewrite one "
                  "of these paths; path one: " +
                  std::string(one) + ", path two: " + std::string(two))
        << text;
  }
}

TEST(UpdateResolveTest, ConflictingPaths) {
  const std::tuple<std::string_view, std::string_view, std::string_view> cases[] = {
      {"set #c[3].#d = a, #c.#d[3] = if_not_exists(a)", "[c, [3], [3]]", "[c, [3], [3]]"},
      {"remove a.#c set a[1] = #d", "[a, c]", "[a, [1]]"},
  };
  for (const auto& [text, one, two] : cases) {
    EXPECT_EQ(UpdateError(text, {{"#b", "b"}, {"#c", "c"}, {"#d", "[3]"}}),
              kPrefix +
                  "Two document paths conflict with each other; must remove or rewrite one "
                  "of these paths; path one: " +
                  std::string(one) + ", path two: " + std::string(two))
        << text;
  }
}

TEST(UpdateResolveTest, AddAndDeleteOperandTypes) {
  const std::tuple<std::string_view, AttributeValue, std::string_view, std::string_view> cases[] = {
      {"set b = list_append(:a, a), c = if_not_exists(a) add a.b :a", S("a"), "ADD", "STRING"},
      {"delete a.b :a", S("a"), "DELETE", "STRING"},
      {"add a.b :a", Null(), "ADD", "NULL"},
      {"delete a.b :a", Null(), "DELETE", "NULL"},
      {"add a.b :a", Bool(false), "ADD", "BOOLEAN"},
      {"delete a.b :a", Bool(false), "DELETE", "BOOLEAN"},
      {"add a.b :a", B("a"), "ADD", "BINARY"},
      {"delete a.b :a", B("a"), "DELETE", "BINARY"},
      {"add a.b :a", M({{"a", L({N("1")})}}), "ADD", "MAP"},
      {"delete a.b :a", M({{"a", L({N("1")})}}), "DELETE", "MAP"},
      {"add a.b :a", L({N("1")}), "ADD", "LIST"},
      {"delete a.b :a", L({N("1")}), "DELETE", "LIST"},
      {"delete a.b :a", N("1"), "DELETE", "NUMBER"},
  };
  for (const auto& [text, value, op, type] : cases) {
    EXPECT_EQ(UpdateError(text, {}, {{":a", value}, {":b", S("a")}}),
              kPrefix + "Incorrect operand type for operator or function; operator: " +
                  std::string(op) + ", operand type: " + std::string(type))
        << text;
  }
  for (const AttributeValue& ok : {N("1"), SS({"a"}), NS({"1"}), BS({"a"})}) {
    EXPECT_EQ(UpdateError("add a :a", {}, {{":a", ok}}), "");
  }
  for (const AttributeValue& ok : {SS({"a"}), NS({"1"}), BS({"a"})}) {
    EXPECT_EQ(UpdateError("delete a :a", {}, {{":a", ok}}), "");
  }
}

TEST(UpdateResolveTest, FunctionOperands) {
  EXPECT_EQ(UpdateError("set a = if_not_exists(c)", kAB, kValuesAB),
            kPrefix +
                "Incorrect number of operands for operator or function; operator or "
                "function: if_not_exists, number of operands: 1");
  EXPECT_EQ(UpdateError("set a = list_append(c)", kAB, kValuesAB),
            kPrefix +
                "Incorrect number of operands for operator or function; operator or "
                "function: list_append, number of operands: 1");
  EXPECT_EQ(
      UpdateError("set a = if_not_exists(:a, c)", kAB, kValuesAB),
      kPrefix +
          "Operator or function requires a document path; operator or function: if_not_exists");
  EXPECT_EQ(
      UpdateError("set a = if_not_exists(if_not_exists(a, b), c)", kAB, kValuesAB),
      kPrefix +
          "Operator or function requires a document path; operator or function: if_not_exists");
  const ExpressionAttributeValues values{
      {":a", S("a")},    {":b", N("1")},    {":c", B("a")},    {":d", Bool(false)}, {":e", Null()},
      {":f", SS({"a"})}, {":g", NS({"1"})}, {":h", BS({"a"})}, {":i", M({})},       {":j", L({})}};
  const std::tuple<std::string_view, std::string_view, std::string_view> cases[] = {
      {"set a = list_append(:a, a)", "list_append", "S"},
      {"set a = list_append(a, :b)", "list_append", "N"},
      {"set a = list_append(:c, a)", "list_append", "B"},
      {"set a = list_append(:d, a)", "list_append", "BOOL"},
      {"set a = list_append(:e, a)", "list_append", "NULL"},
      {"set a = list_append(:f, a)", "list_append", "SS"},
      {"set a = list_append(:g, a)", "list_append", "NS"},
      {"set a = list_append(:h, a)", "list_append", "BS"},
      {"set a = list_append(:i, a)", "list_append", "M"},
      {"set a = a + :a", "+", "S"},
      {"set a = :a + :c", "+", "S"},
      {"set a = :c + a", "+", "B"},
      {"set a = a + :d", "+", "BOOL"},
      {"set a = a + :e", "+", "NULL"},
      {"set a = a + :f", "+", "SS"},
      {"set a = a + :g", "+", "NS"},
      {"set a = a + :h", "+", "BS"},
      {"set a = a + :i", "+", "M"},
      {"set a = a + :j", "+", "L"},
      {"set a = a - :a", "-", "S"},
      {"set a = :c - a", "-", "B"},
      {"set a = a - :j", "-", "L"},
  };
  for (const auto& [text, op, type] : cases) {
    Request request(kAB, values);
    auto u = Update::Parse(text, request.placeholders);
    EXPECT_EQ(ErrorOf(u), kPrefix +
                              "Incorrect operand type for operator or function; operator or "
                              "function: " +
                              std::string(op) + ", operand type: " + std::string(type))
        << text;
  }
  EXPECT_EQ(UpdateError("SET r = list_append(if_not_exists(l, :e), :t)", {},
                        {{":e", L({})}, {":t", L({S("b")})}}),
            "");
}

TEST(UpdateResolveTest, ErrorOrder) {
  // Reserved words before function names before sections before placeholders before
  // paths before operand types.
  EXPECT_EQ(UpdateError("set a = nope(b) set c = :x remove Absolute"),
            kPrefix + "Attribute name is a reserved keyword; reserved keyword: Absolute");
  EXPECT_EQ(UpdateError("set a = nope(b) set c = #x"),
            kPrefix + "Invalid function name; function: nope");
  EXPECT_EQ(UpdateError("set a = #x set a = :x"),
            kPrefix + "The \"SET\" section can only be used once in an update expression;");
  EXPECT_EQ(
      UpdateError("set a = :x, a = :y", {}, {{":x", S("1")}}),
      kPrefix +
          "An expression attribute value used in expression is not defined; attribute value: :y");
  EXPECT_EQ(UpdateError("add a :s, a :s", {}, {{":s", S("1")}}),
            kPrefix +
                "Two document paths overlap with each other; must remove or rewrite one of "
                "these paths; path one: [a], path two: [a]");
  EXPECT_EQ(
      UpdateError("set x = a + :s add a :s", {}, {{":s", S("1")}}),
      kPrefix +
          "Incorrect operand type for operator or function; operator: ADD, operand type: STRING");
}

TEST(UpdateResolveTest, KeyAttributes) {
  const std::string_view keys[] = {"a", "b"};
  const std::pair<std::string_view, std::string_view> cases[] = {
      {"add a.b :n", "a"},
      {"delete a :ns", "a"},
      {"remove d set b = :n, a = :n", "b"},
      {"delete c :ns remove a", "a"},
      {"set a = a.b + a[1]", "a"},
      {"set d[1] = :n add b.b :n", "b"},
      {"set #k = :n", "b"},
  };
  for (const auto& [text, key] : cases) {
    Request request({{"#k", "b"}}, {{":n", N("1")}, {":ns", NS({"1"})}});
    auto u = Update::Parse(text, request.placeholders);
    ASSERT_TRUE(u.ok()) << text << ": " << u.status().message();
    EXPECT_EQ(ErrorOf(u->CheckKeyAttributes(keys)),
              "One or more parameter values were invalid: Cannot update attribute " +
                  std::string(key) + ". This attribute is part of the key")
        << text;
  }
  Request request({}, {{":n", N("1")}});
  auto u = Update::Parse("set c = a, d = b", request.placeholders);  // reading keys is fine
  ASSERT_TRUE(u.ok());
  EXPECT_TRUE(u->CheckKeyAttributes(keys).ok());
}

}  // namespace
}  // namespace monotable::expr::update_resolve_test
