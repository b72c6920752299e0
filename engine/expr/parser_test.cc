#include "engine/expr/parser.h"

#include <gtest/gtest.h>

#include <string>

#include "engine/expr/expr_test_util.h"

namespace monotable::expr {
namespace {

using ast::Op;
using testing::ErrorOf;

constexpr ExpressionKind kCond = ExpressionKind::kCondition;
constexpr ExpressionKind kUpd = ExpressionKind::kUpdate;
constexpr ExpressionKind kProj = ExpressionKind::kProjection;

std::string SyntaxError(std::string_view text, ExpressionKind kind) {
  return ErrorOf(ParseExpression(text, kind));
}

// The parsed tree (kept alive by the returned pointer); an empty tree on error.
std::shared_ptr<const ast::Expression> Tree(std::string_view text, ExpressionKind kind) {
  auto r = ParseExpression(text, kind);
  EXPECT_TRUE(r.ok()) << text << ": " << r.status().message();
  return r.ok() ? r.value() : std::make_shared<const ast::Expression>();
}

TEST(ParserTest, EmptyExpressions) {
  for (std::string_view text : {"", " ", "\t\r\n "}) {
    EXPECT_EQ(SyntaxError(text, kCond),
              "Invalid ConditionExpression: The expression can not be empty;");
    EXPECT_EQ(SyntaxError(text, ExpressionKind::kFilter),
              "Invalid FilterExpression: The expression can not be empty;");
    EXPECT_EQ(SyntaxError(text, ExpressionKind::kKeyCondition),
              "Invalid KeyConditionExpression: The expression can not be empty;");
    EXPECT_EQ(SyntaxError(text, kUpd),
              "Invalid UpdateExpression: The expression can not be empty;");
    EXPECT_EQ(SyntaxError(text, kProj),
              "Invalid ProjectionExpression: The expression can not be empty;");
  }
}

TEST(ParserTest, ExpressionSizeLimit) {
  const std::string name(4096, 'a');
  EXPECT_TRUE(ParseExpression(name, kProj).ok());
  EXPECT_EQ(SyntaxError(name + "b", kProj),
            "Invalid ProjectionExpression: Expression size has exceeded the maximum allowed size;");
  const std::string cond = "attribute_not_exists(" + name + ")";
  EXPECT_EQ(SyntaxError(cond, kCond),
            "Invalid ConditionExpression: Expression size has exceeded the maximum allowed size; "
            "expression size: " +
                std::to_string(cond.size()));
  EXPECT_EQ(SyntaxError(cond, ExpressionKind::kFilter),
            "Invalid FilterExpression: Expression size has exceeded the maximum allowed size; "
            "expression size: " +
                std::to_string(cond.size()));
  EXPECT_EQ(
      SyntaxError(cond, ExpressionKind::kKeyCondition),
      "Invalid KeyConditionExpression: Expression size has exceeded the maximum allowed size;");
  EXPECT_EQ(SyntaxError("SET " + name + " = :v", kUpd),
            "Invalid UpdateExpression: Expression size has exceeded the maximum allowed size;");
}

struct SyntaxCase {
  ExpressionKind kind;
  std::string text;
  std::string token;
  std::string near;
};

TEST(ParserTest, SyntaxErrorsNameTheTokenAndItsNeighbours) {
  const SyntaxCase cases[] = {
      // Conditions (dynalite's scan tests list these as syntax errors).
      {kCond, "a", "<EOF>", "a"},
      {kCond, "a b", "b", "a b"},
      {kCond, "a > 4", "4", "> 4"},
      {kCond, "a = :v AND", "<EOF>", "AND"},
      {kCond, "a = :v and", "<EOF>", "and"},
      {kCond, "things are not gonna be ok", "are", "things are not"},
      {kCond, "attribute_exists(Pictures-RearView)", "-", "Pictures-RearView"},
      {kCond, "attribute_exists(\"Pictures.RearView\")", "\"", "(\"Pictures"},
      {kCond, "attribute_exists(Pictures..RearView)", ".", "..RearView"},
      {kCond, "attribute_exists(Pi#ctures.RearView)", "#ctures", "Pi#ctures."},
      {kCond, "attribute_exists(asdf[a])", "a", "[a]"},
      {kCond, "a.:a < b.:b", ":a", ".:a <"},
      {kCond, "a in b, c", "b", "in b,"},
      {kCond, "a > between", "between", "> between"},
      {kCond, "a in (b,c,)", ")", ",)"},
      {kCond, "a in ()", ")", "()"},
      {kCond, "(a)between(b.(c.d))and(c)", "(", ".(c"},
      {kCond, "(a)between(b.c.d)and((c)", "<EOF>", ")"},
      {kCond, "#$.b > a", "#", "#$"},
      {kCond, "a > :things.stuff", ".", ":things.stuff"},
      {kCond, "b[:a] > a", ":a", "[:a]"},
      {kCond, "b[#_] > a", "#_", "[#_]"},
      {kCond, "\xC3\xBC > a", "\xC3\xBC", "\xC3\xBC >"},
      {kCond, "(a)between(b.c[4.5].#d)and(:a)", ".", "4.5"},
      {kCond, "size(a).b > a", ".", ").b"},
      {kCond, "(size(a)).b > a", ".", ").b"},
      {kCond, "size(a)[0] > a", "[", ")[0"},
      {kCond, "a = b = c", "=", "b = c"},
      {kCond, "(a = b", "<EOF>", "b"},
      {kCond, "NOT", "<EOF>", "NOT"},
      {kCond, "a = :v OR OR b = :v", "OR", "OR OR b"},
      {kCond, "a BETWEEN :x :y", ":y", ":x :y"},
      {kCond, "attribute_exists()", ")", "()"},
      {kCond, "a = :v AND (b)", "<EOF>", ")"},
      {kCond, "a != :v", "!", "a !="},
      // Updates.
      {kUpd, "whatever", "whatever", "whatever"},
      {kUpd, "SET SET", "SET", "SET SET"},
      {kUpd, "set a", "<EOF>", "a"},
      {kUpd, "add a", "<EOF>", "a"},
      {kUpd, "delete a", "<EOF>", "a"},
      {kUpd, "set a=set", "set", "=set"},
      {kUpd, "remove a = b", "=", "a = b"},
      {kUpd, "add a = b", "=", "a = b"},
      {kUpd, "delete a b", "b", "a b"},
      {kUpd, "add abort b", "b", "abort b"},
      {kUpd, "ADD hits : incr", ":", "hits : incr"},
      {kUpd, "set :a = b", ":a", "set :a ="},
      {kUpd, "remove :a", ":a", "remove :a"},
      {kUpd, "set a = b / c", "/", "b / c"},
      {kUpd, "SET numx = numx * :v", "*", "numx * :v"},
      {kUpd, "SET note = :v +", "<EOF>", "+"},
      {kUpd, "set a[1] = \"eight\"", "\"", "= \"eight"},
      {kUpd, "set a[1] = 1", "1", "= 1"},
      {kUpd, "SET a = if_not_exist(a, 100)", "100", ", 100)"},
      {kUpd, "SET a = list_append(x, 0)", "0", ", 0)"},
      {kUpd, "SET if_not_exist(a, b) = a", "(", "if_not_exist(a"},
      {kUpd, "set (a = (b + c))", "(", "set (a"},
      {kUpd, "set a = (b.c).d + e", ".", ").d"},
      {kUpd, "set a = b + c + d", "+", "c + d"},
      {kUpd, "INVALID SYNTAX HERE", "INVALID", "INVALID SYNTAX"},
      {kUpd, "SET a = :v,", "<EOF>", ","},
      {kUpd, "SET a = ((b + c))", "+", "b + c"},
      // Projections.
      {kProj, "a b", "b", "a b"},
      {kProj, "a,", "<EOF>", ","},
      {kProj, "!!!", "!", "!!"},
      {kProj, "l[a]", "a", "[a]"},
      {kProj, "a[-1]", "-", "[-1"},
      {kProj, "(a)", "(", "(a"},
      {kProj, "a.b.", "<EOF>", "."},
  };
  for (const auto& c : cases) {
    EXPECT_EQ(SyntaxError(c.text, c.kind), "Invalid " + std::string(ExpressionKindName(c.kind)) +
                                               ": Syntax error; token: \"" + c.token +
                                               "\", near: \"" + c.near + "\"")
        << c.text;
  }
}

TEST(ParserTest, ListIndexesAreThirtyTwoBitSigned) {
  EXPECT_EQ(SyntaxError("a[99999999999]", kProj),
            "Invalid ProjectionExpression: List index is not within the allowable range; "
            "index: [99999999999]");
  EXPECT_EQ(SyntaxError("SET a[2147483648] = b", kUpd),
            "Invalid UpdateExpression: List index is not within the allowable range; "
            "index: [2147483648]");
}

TEST(ParserTest, PrecedenceNotThenAndThenOr) {
  // a OR (b AND c)
  auto r1_tree = Tree("a = :a OR b = :b AND c = :c", kCond);
  const auto& r1 = r1_tree->condition;
  ASSERT_EQ(r1.op, Op::kOr);
  ASSERT_EQ(r1.children.size(), 2u);
  EXPECT_EQ(r1.children[0].op, Op::kCompare);
  EXPECT_EQ(r1.children[1].op, Op::kAnd);
  // (NOT a) AND b
  auto r2_tree = Tree("NOT a = :a AND b = :b", kCond);
  const auto& r2 = r2_tree->condition;
  ASSERT_EQ(r2.op, Op::kAnd);
  EXPECT_EQ(r2.children[0].op, Op::kNot);
  EXPECT_EQ(r2.children[1].op, Op::kCompare);
  // Parentheses override.
  auto r3_tree = Tree("(a = :a OR b = :b) AND c = :c", kCond);
  const auto& r3 = r3_tree->condition;
  ASSERT_EQ(r3.op, Op::kAnd);
  EXPECT_EQ(r3.children[0].op, Op::kOr);
  // NOT NOT, case-insensitive keywords, chains flatten.
  auto r4_tree = Tree("not NOT a = :a or b = :b Or c = :c", kCond);
  const auto& r4 = r4_tree->condition;
  ASSERT_EQ(r4.op, Op::kOr);
  ASSERT_EQ(r4.children.size(), 3u);
  EXPECT_EQ(r4.children[0].op, Op::kNot);
  EXPECT_EQ(r4.children[0].children[0].op, Op::kNot);
}

TEST(ParserTest, ComparisonsAndFunctions) {
  for (const auto& [symbol, comparison] :
       {std::pair{"=", Comparison::kEq}, std::pair{"<>", Comparison::kNe},
        std::pair{"<", Comparison::kLt}, std::pair{"<=", Comparison::kLe},
        std::pair{">", Comparison::kGt}, std::pair{">=", Comparison::kGe}}) {
    auto tree = Tree(std::string("a ") + symbol + " :v", kCond);
    EXPECT_EQ(tree->condition.op, Op::kCompare) << symbol;
    EXPECT_EQ(tree->condition.comparison, comparison) << symbol;
  }
  auto between_tree = Tree("a BetWeen :lo AND :hi", kCond);
  const auto& between = between_tree->condition;
  ASSERT_EQ(between.op, Op::kBetween);
  EXPECT_EQ(between.children.size(), 3u);
  auto in_tree = Tree("a.b[2] IN (:x, :y, c)", kCond);
  const auto& in = in_tree->condition;
  ASSERT_EQ(in.op, Op::kIn);
  ASSERT_EQ(in.children.size(), 4u);
  ASSERT_EQ(in.children[0].path.size(), 3u);
  EXPECT_EQ(in.children[0].path[2].kind, ast::PathElement::Kind::kIndex);
  EXPECT_EQ(in.children[0].path[2].number, 2u);
  auto size_tree = Tree("size(a) >= :n", kCond);
  const auto& size = size_tree->condition;
  EXPECT_EQ(size.op, Op::kCompare);
  EXPECT_EQ(size.comparison, Comparison::kGe);
  EXPECT_EQ(size.children[0].function, ast::Function::kSize);
  auto f_tree = Tree("attribute_exists(#n.x)", kCond);
  const auto& f = f_tree->condition;
  EXPECT_EQ(f.op, Op::kFunction);
  EXPECT_EQ(f.function, ast::Function::kAttributeExists);
  // Comparators all parse.
  for (std::string_view op : {"=", "<>", "<", "<=", ">", ">="}) {
    EXPECT_TRUE(ParseExpression("a " + std::string(op) + " :v", kCond).ok()) << op;
  }
  // Parenthesized operands, and a parenthesized path that continues.
  EXPECT_TRUE(ParseExpression("(a) = (:v)", kCond).ok());
  EXPECT_TRUE(ParseExpression("(a)between(b)and(c)", kCond).ok());
  auto grouped_tree = Tree("(a.b).c = :v", kCond);
  const auto& grouped = grouped_tree->condition;
  EXPECT_EQ(grouped.children[0].path.size(), 3u);
}

TEST(ParserTest, PlaceholderSlotsAreShared) {
  auto r = ParseExpression("#a = :v OR #a.#b = :v OR c = :w", kCond);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.value()->name_refs, (std::vector<std::string>{"#a", "#b"}));
  EXPECT_EQ(r.value()->value_refs, (std::vector<std::string>{":v", ":w"}));
}

TEST(ParserTest, RedundantParenthesesAreRecorded) {
  for (std::string_view text :
       {"a=a and a > ((views))", "(a)between(((b.c)).d)and(c)", "a > whatever((:things), ((a)))",
        "a=a AND ((a=a AND a=a)) AND a=a", "a=a OR ((a=a OR (a=a OR a=a)))", "((a = :v))"}) {
    auto r = ParseExpression(text, kCond);
    ASSERT_TRUE(r.ok()) << text << ": " << r.status().message();
    EXPECT_TRUE(r.value()->redundant_parens) << text;
  }
  for (std::string_view text : {"((a=a) OR (a=a))", "(a = :v)", "NOT (a = :v)", "(a) = :v"}) {
    auto r = ParseExpression(text, kCond);
    ASSERT_TRUE(r.ok()) << text;
    EXPECT_FALSE(r.value()->redundant_parens) << text;
  }
}

TEST(ParserTest, OperatorLimit) {
  auto joined = [](int n) {
    std::string s = "a = :v";
    for (int i = 1; i < n; ++i) s += " OR a = :v";
    return s;
  };
  EXPECT_TRUE(ParseExpression(joined(150), kCond).ok());  // 299 operators
  EXPECT_EQ(SyntaxError(joined(151), kCond),
            "Invalid ConditionExpression: The expression contains too many operators; operator "
            "count: 301");
  std::string calls = "SET x0=a+b";
  for (int i = 1; i < 301; ++i) calls += ",x" + std::to_string(i) + "=a+b";
  ASSERT_LT(calls.size(), 4096u);
  EXPECT_EQ(SyntaxError(calls, kUpd),
            "Invalid UpdateExpression: The expression contains too many operators; operator "
            "count: 301");
}

TEST(ParserTest, HostileNestingFailsCleanly) {
  std::string deep(2000, '(');
  deep += "a = :v";
  deep += std::string(2000, ')');
  EXPECT_EQ(SyntaxError(deep, kCond),
            "Invalid ConditionExpression: The expression has redundant parentheses;");
  std::string nots;
  for (int i = 0; i < 1000; ++i) nots += "NOT ";
  nots += "a = :v";
  EXPECT_EQ(SyntaxError(nots, kCond),
            "Invalid ConditionExpression: The expression contains too many operators; operator "
            "count: 1001");
}

TEST(ParserTest, NestedFunctionCallsAreNoOperators) {
  auto nested = [](std::string_view name, int depth) {
    std::string s = "a < ";
    for (int i = 0; i < depth; ++i) s += std::string(name) + "(";
    return s + "b" + std::string(depth, ')');
  };
  EXPECT_TRUE(ParseExpression(nested("size", 680), kCond).ok());
  EXPECT_EQ(SyntaxError(nested("f", 1355), kCond),
            "Invalid ConditionExpression: Invalid function name; function: f");
}

TEST(ParserTest, UpdateSections) {
  auto r = ParseExpression(
      "REMOVE b DELETE c :c ADD d :d, e :e SET f = :f, g = if_not_exists(g, :z) + :one, "
      "h = list_append(h, :l), i = (j) - :one",
      kUpd);
  ASSERT_TRUE(r.ok()) << r.status().message();
  const auto& actions = r.value()->actions;
  ASSERT_EQ(actions.size(), 8u);
  EXPECT_EQ(actions[0].kind, ast::ActionKind::kRemove);
  EXPECT_EQ(actions[1].kind, ast::ActionKind::kDelete);
  EXPECT_EQ(actions[2].kind, ast::ActionKind::kAdd);
  EXPECT_EQ(actions[4].kind, ast::ActionKind::kSet);
  EXPECT_EQ(actions[5].value.op, Op::kPlus);
  EXPECT_EQ(actions[5].value.children[0].function, ast::Function::kIfNotExists);
  EXPECT_EQ(actions[7].value.op, Op::kMinus);
  EXPECT_TRUE(r.value()->duplicate_section.empty());
  // Keywords are case-insensitive; a repeated section is recorded, not a syntax error.
  auto dup = ParseExpression("set a = :v Set b = :w", kUpd);
  ASSERT_TRUE(dup.ok());
  EXPECT_EQ(dup.value()->duplicate_section, "SET");
  EXPECT_TRUE(ParseExpression("set a = (b + c)", kUpd).ok());
  EXPECT_TRUE(ParseExpression("set b.c=((c[1])+(b.a))", kUpd).ok());
}

TEST(ParserTest, Projections) {
  auto r = ParseExpression("a, #b.c[1] , d[0][2].e", kProj);
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r.value()->paths.size(), 3u);
  EXPECT_EQ(r.value()->paths[1].size(), 3u);
  EXPECT_EQ(r.value()->paths[2].size(), 4u);
  // Keywords of the other grammars are plain names here (reserved-word checks follow).
  EXPECT_TRUE(ParseExpression("and, set", kProj).ok());
}

}  // namespace
}  // namespace monotable::expr
