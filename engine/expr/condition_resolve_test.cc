// The semantic errors of condition expressions and the order DynamoDB reports them in.
// Cases mirror dynalite's scan tests (run against DynamoDB) and ExtendDB's captures.

#include <gtest/gtest.h>

#include <string>

#include "engine/expr/expr_test_util.h"
#include "engine/expr/expression.h"

namespace monotable::expr {
namespace {

using namespace testing;  // the builders and Request of expr_test_util.h

std::string FilterError(std::string_view text, ExpressionAttributeNames names = {},
                        ExpressionAttributeValues values = {}) {
  Request request(std::move(names), std::move(values));
  return ErrorOf(Condition::Parse(text, ExpressionKind::kFilter, request.placeholders));
}

const std::string kPrefix = "Invalid FilterExpression: ";

TEST(ConditionResolveTest, RedundantParentheses) {
  for (std::string_view text :
       {"a=a and a > ((views))", "(a)between(((b.c)).d)and(c)", "a > whatever((:things), ((a)))",
        "a=a AND ((a=a AND a=a)) AND a=a", "a=a OR ((a=a OR a=a)) OR a=a",
        "a=a AND ((a=a AND (a=a AND a=a)))", "a=a OR ((a=a OR (a=a OR a=a)))"}) {
    EXPECT_EQ(FilterError(text), kPrefix + "The expression has redundant parentheses;") << text;
  }
}

TEST(ConditionResolveTest, InvalidFunctionNames) {
  EXPECT_EQ(FilterError("a=a and whatever((:things)) > a"),
            kPrefix + "Invalid function name; function: whatever");
  EXPECT_EQ(FilterError("attRIbute_exIsts((views), #a)"),
            kPrefix + "Invalid function name; function: attRIbute_exIsts");
  EXPECT_EQ(
      FilterError("if_not_exists(s, :f) = :f"),
      kPrefix + "The function is not allowed in a condition expression; function: if_not_exists");
  EXPECT_EQ(
      FilterError("list_append(s, :f) = :f"),
      kPrefix + "The function is not allowed in a condition expression; function: list_append");
}

TEST(ConditionResolveTest, FunctionsUsedIncorrectly) {
  const std::pair<std::string_view, std::string_view> cases[] = {
      {"a=a and attribute_exists((views), (#a)) > b", "attribute_exists"},
      {"attribute_not_exists(things) > b", "attribute_not_exists"},
      {"attribute_type(things, :a) > b", "attribute_type"},
      {"begins_with(things, a) > b", "begins_with"},
      {"contains(:things, c) > b", "contains"},
      {"size(contains(a, b)) > a", "contains"},
      {"size(things)", "size"},
      {"a between b and attribute_exists(things)", "attribute_exists"},
      {"a in (b, attribute_exists(things))", "attribute_exists"},
      {"NOT size(a)", "size"},
      {"a = :v OR size(a)", "size"},
  };
  for (const auto& [text, function] : cases) {
    EXPECT_EQ(FilterError(text),
              kPrefix +
                  "The function is not allowed to be used this way in an expression; function: " +
                  std::string(function))
        << text;
  }
}

TEST(ConditionResolveTest, ReservedKeywords) {
  EXPECT_EQ(FilterError("attribute_exists(views, #a)"),
            kPrefix + "Attribute name is a reserved keyword; reserved keyword: views");
  EXPECT_EQ(FilterError(":a < abOrT"),
            kPrefix + "Attribute name is a reserved keyword; reserved keyword: abOrT");
  EXPECT_EQ(FilterError("a.b.Status = :v"),
            kPrefix + "Attribute name is a reserved keyword; reserved keyword: Status");
  // Placeholders hide reserved words.
  EXPECT_EQ(FilterError("#s = :v", {{"#s", "status"}}, {{":v", S("x")}}), "");
}

TEST(ConditionResolveTest, UndefinedNamesAndValues) {
  const std::string name =
      "An expression attribute name used in the document path is not defined; attribute name: ";
  EXPECT_EQ(FilterError("attribute_exists(#Pictures.RearView, :a) and a=a"),
            kPrefix + name + "#Pictures");
  EXPECT_EQ(FilterError("begins_with(Pictures.#RearView)"), kPrefix + name + "#RearView");
  EXPECT_EQ(FilterError("(#P between :lo and :hi) and (#PC in (:cat1, :cat2))"),
            kPrefix + name + "#P");
  EXPECT_EQ(FilterError("#4g > a"), kPrefix + name + "#4g");
  EXPECT_EQ(FilterError("#_ > a"), kPrefix + name + "#_");
  EXPECT_EQ(FilterError("(a)between(b.c[45].#d)and(:a)"), kPrefix + name + "#d");
  const std::string value =
      "An expression attribute value used in expression is not defined; attribute value: ";
  EXPECT_EQ(FilterError("begins_with(:hello, #a, #b)"), kPrefix + value + ":hello");
  EXPECT_EQ(FilterError(":a < :b"), kPrefix + value + ":a");
  EXPECT_EQ(FilterError(":_ > a"), kPrefix + value + ":_");
  EXPECT_EQ(FilterError("a = :v", {}, {{":w", S("x")}}), kPrefix + value + ":v");
}

TEST(ConditionResolveTest, OperandCounts) {
  const std::tuple<std::string_view, std::string_view, int> cases[] = {
      {"attribute_exists(things, a) and a=a", "attribute_exists", 2},
      {"attribute_not_exists(things, b)", "attribute_not_exists", 2},
      {"attribute_type(things)", "attribute_type", 1},
      {"begins_with(things)", "begins_with", 1},
      {"begins_with(things, size(a), b)", "begins_with", 3},
      {"contains(things)", "contains", 1},
      {"size(things, a) > b", "size", 2},
  };
  for (const auto& [text, function, count] : cases) {
    EXPECT_EQ(FilterError(text), kPrefix +
                                     "Incorrect number of operands for operator or function; "
                                     "operator or function: " +
                                     std::string(function) +
                                     ", number of operands: " + std::to_string(count))
        << text;
  }
}

TEST(ConditionResolveTest, InListLimit) {
  ExpressionAttributeValues values{{":v", N("1")}};
  auto in_list = [](int n) {
    std::string s = "a IN (:v";
    for (int i = 1; i < n; ++i) s += ",:v";
    return s + ")";
  };
  EXPECT_EQ(FilterError(in_list(100), {}, values), "");
  EXPECT_EQ(
      FilterError(in_list(101), {}, values),
      kPrefix + "The IN operator is provided with too many operands; number of operands: 101");
}

TEST(ConditionResolveTest, OperandsMustBeDistinct) {
  const std::tuple<std::string_view, std::string_view, std::string_view> cases[] = {
      {"a = a AND #a = b AND :views > a", "=", "[a]"},
      {"#a <> a", "<>", "[a]"},
      {"a > #a", ">", "[a]"},
      {"((a=a) OR (a=a))", "=", "[a]"},
      {"((a=a) AND (a=a))", "=", "[a]"},
      {"contains(ab.bc[1].a, ab.bc[1].#a)", "contains", "[ab, bc, [1], a]"},
      {"attribute_type(ab.bc[1].#a, ab.bc[1].a)", "attribute_type", "[ab, bc, [1], a]"},
      {"begins_with(ab.bc[1].a, ab.bc[1].#a)", "begins_with", "[ab, bc, [1], a]"},
  };
  for (const auto& [text, op, path] : cases) {
    EXPECT_EQ(FilterError(text, {{"#a", "a"}}),
              kPrefix +
                  "The first operand must be distinct from the remaining operands for this "
                  "operator or function; operator: " +
                  std::string(op) + ", first operand: " + std::string(path))
        << text;
  }
  // Equal values are fine.
  EXPECT_EQ(FilterError(":a > :a", {}, {{":a", N("1")}}), "");
}

TEST(ConditionResolveTest, FunctionOperandTypes) {
  const std::tuple<std::string_view, std::string_view, AttributeValue> cases[] = {
      {"attribute_type(a, size(a)) and a=a and a=:a", "attribute_type", N("1")},
      {"attribute_type(a, :a)", "attribute_type", N("1")},
      {"attribute_type(a, :a)", "attribute_type", B("a")},
      {"attribute_type(a, :a)", "attribute_type", Bool(true)},
      {"attribute_type(a, :a)", "attribute_type", Null()},
      {"attribute_type(a, :a)", "attribute_type", L({})},
      {"attribute_type(a, :a)", "attribute_type", M({})},
      {"attribute_type(a, :a)", "attribute_type", SS({"1"})},
      {"attribute_type(a, :a)", "attribute_type", NS({"1"})},
      {"attribute_type(a, :a)", "attribute_type", BS({"a"})},
      {"begins_with(a, size(a)) and a=:a", "begins_with", N("1")},
      {"begins_with(a, :a)", "begins_with", N("1")},
      {"begins_with(a, :a)", "begins_with", Bool(true)},
      {"begins_with(a, :a)", "begins_with", Null()},
      {"begins_with(a, :a)", "begins_with", L({})},
      {"begins_with(a, :a)", "begins_with", M({})},
      {"begins_with(a, :a)", "begins_with", SS({"1"})},
      {"begins_with(:a, a)", "begins_with", NS({"1"})},
      {"begins_with(:a, a)", "begins_with", BS({"a"})},
      {"size(size(a)) > :a", "size", N("1")},
      {"attribute_not_exists(size(:a))", "size", N("1")},
      {"size(:a) > a", "size", Bool(true)},
      {"size(:a) > a", "size", Null()},
  };
  for (const auto& [text, function, value] : cases) {
    EXPECT_EQ(FilterError(text, {}, {{":a", value}}),
              kPrefix + "Incorrect operand type for operator or function; operator or function: " +
                  std::string(function) +
                  ", operand type: " + std::string(AttributeTypeName(value.type)))
        << text;
  }
  EXPECT_EQ(FilterError("attribute_type(a, b)"),
            kPrefix +
                "Incorrect operand type for operator or function; operator or function: "
                "attribute_type, operand type: {NS,SS,L,BS,N,M,B,BOOL,NULL,S}");
  EXPECT_EQ(FilterError("attribute_type(a, :a)", {}, {{":a", S("1")}}),
            kPrefix +
                "Invalid attribute type name found; type: 1, valid types: "
                "{B,NULL,SS,BOOL,L,BS,N,NS,S,M}");
  for (std::string_view t : {"S", "SS", "N", "NS", "B", "BS", "BOOL", "NULL", "L", "M"}) {
    EXPECT_EQ(FilterError("attribute_type(a, :a)", {}, {{":a", S(std::string(t))}}), "") << t;
  }
  // Literal first operands are allowed where DynamoDB allows them.
  EXPECT_EQ(FilterError("begins_with(:a, a)", {}, {{":a", S("x")}}), "");
  EXPECT_EQ(FilterError("size(:a) > a", {}, {{":a", S("x")}}), "");
}

TEST(ConditionResolveTest, FunctionsNeedingPaths) {
  const std::string detail =
      "Operator or function requires a document path; operator or function: ";
  EXPECT_EQ(FilterError("attribute_exists(:a) and a=a", {}, {{":a", S("1")}}),
            kPrefix + detail + "attribute_exists");
  EXPECT_EQ(FilterError("attribute_not_exists(size(:a))", {}, {{":a", S("1")}}),
            kPrefix + detail + "attribute_not_exists");
}

TEST(ConditionResolveTest, OrderingOperandTypes) {
  // ExtendDB's captures: literal operands of < <= > >= BETWEEN must be S, N or B, even
  // on branches never evaluated; paths are not checked (they just compare false).
  for (std::string_view op : {"<", "<=", ">", ">="}) {
    for (const AttributeValue& v :
         {Bool(true), Null(), SS({"a"}), NS({"1"}), BS({"a"}), L({}), M({})}) {
      EXPECT_EQ(FilterError("n " + std::string(op) + " :v", {}, {{":v", v}}),
                kPrefix +
                    "Incorrect operand type for operator or function; operator or function: " +
                    std::string(op) + ", operand type: " + std::string(AttributeTypeName(v.type)));
    }
  }
  ExpressionAttributeValues bools{{":v", Bool(true)}, {":x", N("1")}};
  const std::string bool_error =
      "Incorrect operand type for operator or function; operator or function: ";
  EXPECT_EQ(FilterError(":x > :v", {}, bools), kPrefix + bool_error + ">, operand type: BOOL");
  EXPECT_EQ(FilterError(":v > :x", {}, bools), kPrefix + bool_error + ">, operand type: BOOL");
  EXPECT_EQ(FilterError("attribute_not_exists(z) OR n > :v", {}, bools),
            kPrefix + bool_error + ">, operand type: BOOL");
  EXPECT_EQ(FilterError("NOT (n > :v)", {}, bools), kPrefix + bool_error + ">, operand type: BOOL");
  EXPECT_EQ(FilterError("size(s) > :v", {}, bools), kPrefix + bool_error + ">, operand type: BOOL");
  EXPECT_EQ(FilterError("n BETWEEN :v AND :v", {}, bools),
            kPrefix + bool_error + "BETWEEN, operand type: BOOL");
  // = and <> take every type; paths are never checked.
  EXPECT_EQ(FilterError("n = :v AND n <> :v", {}, bools), "");
  EXPECT_EQ(FilterError("flag > n"), "");
}

TEST(ConditionResolveTest, BetweenBounds) {
  EXPECT_EQ(FilterError("a between :b and :a", {}, {{":a", S("a")}, {":b", S("b")}}),
            kPrefix +
                "The BETWEEN operator requires upper bound to be greater than or equal to "
                "lower bound; lower bound operand: AttributeValue: {S:b}, upper bound "
                "operand: AttributeValue: {S:a}");
  EXPECT_EQ(FilterError("a between :b and :a", {}, {{":a", N("4")}, {":b", N("5")}}),
            kPrefix +
                "The BETWEEN operator requires upper bound to be greater than or equal to "
                "lower bound; lower bound operand: AttributeValue: {N:5}, upper bound "
                "operand: AttributeValue: {N:4}");
  EXPECT_EQ(FilterError("a between :b and :a", {}, {{":a", N("10")}, {":b", N("9")}}), "");
  EXPECT_EQ(FilterError("a between :b and :b", {}, {{":b", N("9")}}), "");
  EXPECT_EQ(FilterError("a between :b and :a", {}, {{":a", S("a")}, {":b", N("1")}}),
            kPrefix +
                "The BETWEEN operator requires same data type for lower and upper bounds; "
                "lower bound operand: AttributeValue: {N:1}, upper bound operand: "
                "AttributeValue: {S:a}");
  EXPECT_EQ(FilterError("a between :b and :a", {},
                        {{":a", B("\x01")}, {":b", B(std::string("\xff\x00", 2))}}),
            kPrefix +
                "The BETWEEN operator requires upper bound to be greater than or equal to "
                "lower bound; lower bound operand: AttributeValue: {B:/wA=}, upper bound "
                "operand: AttributeValue: {B:AQ==}");
}

TEST(ConditionResolveTest, ErrorOrder) {
  // Redundant parentheses before an unknown function.
  EXPECT_EQ(FilterError("whatever(a) = b AND ((c = d))"),
            kPrefix + "The expression has redundant parentheses;");
  // Unknown function before misuse and reserved words.
  EXPECT_EQ(FilterError("size(views) AND whatever(a)"),
            kPrefix + "Invalid function name; function: whatever");
  // Misuse before reserved words.
  EXPECT_EQ(
      FilterError("views = :v AND size(a)"),
      kPrefix + "The function is not allowed to be used this way in an expression; function: size");
  // Reserved words before undefined placeholders.
  EXPECT_EQ(FilterError("#a = :v AND views = :v"),
            kPrefix + "Attribute name is a reserved keyword; reserved keyword: views");
  // Per comparison: the first comparison's count error before the second's undefined name.
  EXPECT_EQ(FilterError("begins_with(a) AND #n = b"),
            kPrefix +
                "Incorrect number of operands for operator or function; operator or function: "
                "begins_with, number of operands: 1");
  // Within one comparison: undefined placeholders before counts.
  EXPECT_EQ(FilterError("begins_with(#n)"),
            kPrefix +
                "An expression attribute name used in the document path is not defined; "
                "attribute name: #n");
  // Counts before distinct operands, distinct before types.
  EXPECT_EQ(FilterError("begins_with(a, a, :v)", {}, {{":v", N("1")}}),
            kPrefix +
                "Incorrect number of operands for operator or function; operator or function: "
                "begins_with, number of operands: 3");
  EXPECT_EQ(FilterError("a < a AND b < :v", {}, {{":v", Bool(true)}}),
            kPrefix +
                "The first operand must be distinct from the remaining operands for this "
                "operator or function; operator: <, first operand: [a]");
}

TEST(ConditionResolveTest, KindsNameTheParameter) {
  Request request;
  EXPECT_EQ(ErrorOf(Condition::Parse("size(a)", ExpressionKind::kCondition, request.placeholders)),
            "Invalid ConditionExpression: The function is not allowed to be used this way in an "
            "expression; function: size");
  EXPECT_EQ(
      ErrorOf(Condition::Parse("#k = :v", ExpressionKind::kKeyCondition, request.placeholders)),
      "Invalid KeyConditionExpression: An expression attribute name used in the document "
      "path is not defined; attribute name: #k");
}

TEST(ConditionResolveTest, ExposesTheResolvedTree) {
  Request request({{"#k", "pk"}}, {{":v", S("x")}});
  auto c = Condition::Parse("#k = :v AND begins_with(sk, :v)", ExpressionKind::kKeyCondition,
                            request.placeholders);
  ASSERT_TRUE(c.ok()) << c.status().message();
  const ast::Node& root = c->root();
  ASSERT_EQ(root.op, ast::Op::kAnd);
  const ast::Node& eq = root.children[0];
  EXPECT_EQ(c->Name(eq.children[0].path[0]), "pk");
  EXPECT_EQ(c->Value(eq.children[1]), S("x"));
  EXPECT_EQ(c->Name(root.children[1].children[0].path[0]), "sk");
  EXPECT_FALSE(c->empty());
  EXPECT_TRUE(Condition().empty());
}

}  // namespace
}  // namespace monotable::expr
