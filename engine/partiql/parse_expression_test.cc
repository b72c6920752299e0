// Expressions inside statements: precedence, operators, literals, paths, calls.

#include <gtest/gtest.h>

#include "engine/partiql/test_util.h"

namespace monotable::partiql {
namespace {

using testing::Cond;
using testing::Dump;
using testing::MustParse;

TEST(PartiqlExpression, Comparisons) {
  EXPECT_EQ(Cond("a = 1"), "(eq a 1)");
  EXPECT_EQ(Cond("a <> 1"), "(ne a 1)");
  EXPECT_EQ(Cond("a != 1"), "(ne a 1)");
  EXPECT_EQ(Cond("a < 1"), "(lt a 1)");
  EXPECT_EQ(Cond("a <= 1"), "(lte a 1)");
  EXPECT_EQ(Cond("a > 1"), "(gt a 1)");
  EXPECT_EQ(Cond("a >= 1"), "(gte a 1)");
}

TEST(PartiqlExpression, NotBindsTighterThanAndTighterThanOr) {
  EXPECT_EQ(Cond("a = 1 OR b = 2 AND c = 3"), "(or (eq a 1) (and (eq b 2) (eq c 3)))");
  EXPECT_EQ(Cond("a = 1 AND b = 2 OR c = 3"), "(or (and (eq a 1) (eq b 2)) (eq c 3))");
  EXPECT_EQ(Cond("NOT a = 1 AND b = 2"), "(and (not (eq a 1)) (eq b 2))");
  EXPECT_EQ(Cond("NOT a = 1 OR NOT b = 2"), "(or (not (eq a 1)) (not (eq b 2)))");
  EXPECT_EQ(Cond("NOT NOT a = 1"), "(not (not (eq a 1)))");
}

TEST(PartiqlExpression, AndOrAreLeftAssociative) {
  EXPECT_EQ(Cond("a = 1 AND b = 2 AND c = 3"), "(and (and (eq a 1) (eq b 2)) (eq c 3))");
  EXPECT_EQ(Cond("a = 1 OR b = 2 OR c = 3"), "(or (or (eq a 1) (eq b 2)) (eq c 3))");
}

TEST(PartiqlExpression, ParenthesesGroup) {
  EXPECT_EQ(Cond("(a = 1 OR b = 2) AND c = 3"), "(and (or (eq a 1) (eq b 2)) (eq c 3))");
  EXPECT_EQ(Cond("NOT (a = 1 OR b = 2)"), "(not (or (eq a 1) (eq b 2)))");
  EXPECT_EQ(Cond("((a = 1))"), "(eq a 1)");
}

TEST(PartiqlExpression, ComparisonsBindTighterThanEquality) {
  // DynamoDB's table: = <> IS IN (40) below < <= > >= BETWEEN LIKE (50) below + - (60).
  EXPECT_EQ(Cond("a < 1 = true"), "(eq (lt a 1) true)");
  EXPECT_EQ(Cond("a = b + 1"), "(eq a (plus b 1))");
  EXPECT_EQ(Cond("a + 1 * 2 = 3"), "(eq (plus a (times 1 2)) 3)");
  EXPECT_EQ(Cond("a - b - c = 0"), "(eq (minus (minus a b) c) 0)");
  EXPECT_EQ(Cond("a || 'x' = 'bx'"), "(eq (concat a 'x') 'bx')");
  EXPECT_EQ(Cond("a / 2 % 3 = 1"), "(eq (modulo (divide a 2) 3) 1)");
}

TEST(PartiqlExpression, Between) {
  EXPECT_EQ(Cond("a BETWEEN 1 AND 5"), "(between a 1 5)");
  EXPECT_EQ(Cond("a BETWEEN 1 AND 5 AND b = 2"), "(and (between a 1 5) (eq b 2))");
  EXPECT_EQ(Cond("a NOT BETWEEN 1 AND 5"), "(not (between a 1 5))");
  EXPECT_EQ(Cond("a between ? and ?"), "(between a ?0 ?1)");
}

TEST(PartiqlExpression, In) {
  EXPECT_EQ(Cond("a IN [1, 2, 3]"), "(incollection a (list 1 2 3))");
  EXPECT_EQ(Cond("a IN (1, 2)"), "(incollection a (list 1 2))");
  EXPECT_EQ(Cond("a IN (1)"), "(incollection a (list 1))");
  EXPECT_EQ(Cond("a IN ['x', ?]"), "(incollection a (list 'x' ?0))");
  EXPECT_EQ(Cond("a NOT IN [1]"), "(not (incollection a (list 1)))");
  EXPECT_EQ(Cond("a IN [1] OR b = 1"), "(or (incollection a (list 1)) (eq b 1))");
}

TEST(PartiqlExpression, IsMissingAndOtherTypes) {
  EXPECT_EQ(Cond("a IS MISSING"), "(is a missing)");
  EXPECT_EQ(Cond("a IS NOT MISSING"), "(not (is a missing))");
  EXPECT_EQ(Cond("a IS NULL"), "(is a null)");
  EXPECT_EQ(Cond("a is not null"), "(not (is a null))");
  EXPECT_EQ(Cond("a IS BOOL"), "(is a boolean)");
  EXPECT_EQ(Cond("a IS STRING"), "(is a string)");
  EXPECT_EQ(Cond("a IS INT4"), "(is a integer4)");
  EXPECT_EQ(Cond("a IS DOUBLE PRECISION"), "(is a double_precision)");
  EXPECT_EQ(Cond("a IS CHARACTER VARYING"), "(is a character_varying)");
  EXPECT_EQ(Cond("a IS DECIMAL(5, 2)"), "(is a decimal)");
  EXPECT_EQ(Cond("a IS MISSING AND b = 1"), "(and (is a missing) (eq b 1))");
}

TEST(PartiqlExpression, Functions) {
  EXPECT_EQ(Cond("begins_with(SK, 'ORDER#')"), "(begins_with SK 'ORDER#')");
  EXPECT_EQ(Cond("contains(tags, ?)"), "(contains tags ?0)");
  EXPECT_EQ(Cond("attribute_type(a, 'S')"), "(attribute_type a 'S')");
  EXPECT_EQ(Cond("attribute_exists(a.b)"), "(attribute_exists a.b)");
  EXPECT_EQ(Cond("ATTRIBUTE_NOT_EXISTS(\"a\")"), "(attribute_not_exists \"a\")");
  EXPECT_EQ(Cond("size(a) > 3"), "(gt (size a) 3)");  // SIZE is a keyword and a function
  EXPECT_EQ(Cond("Size(a[0]) BETWEEN 1 AND 2"), "(between (size a[0]) 1 2)");
  EXPECT_EQ(Cond("f()"), "(f)");
  EXPECT_EQ(Cond("NOT contains(a, 'x') AND begins_with(b, 'y')"),
            "(and (not (contains a 'x')) (begins_with b 'y'))");
}

TEST(PartiqlExpression, FunctionNodesRememberTheirName) {
  auto statement = MustParse("SELECT * FROM t WHERE Begins_With(a, 'x')");
  const ast::Node& call = statement->select.where;
  EXPECT_EQ(call.op, ast::Op::kFunction);
  EXPECT_EQ(call.text, "begins_with");
  EXPECT_EQ(call.position, 22u);
  EXPECT_EQ(call.length, 11u);
}

TEST(PartiqlExpression, Paths) {
  EXPECT_EQ(Cond("a.b.c = 1"), "(eq a.b.c 1)");
  EXPECT_EQ(Cond("a[0].b[12] = 1"), "(eq a[0].b[12] 1)");
  EXPECT_EQ(Cond("\"My Attr\".\"x.y\" = 1"), "(eq \"My Attr\".\"x.y\" 1)");
  EXPECT_EQ(Cond("a.\"select\" = 1"), "(eq a.\"select\" 1)");
  EXPECT_EQ(Cond("a[*] = 1"), "(eq a[*] 1)");
  EXPECT_EQ(Cond("a.* = 1"), "(eq a[*] 1)");
  EXPECT_EQ(Cond("a['k'] = 1"), "(eq a['k'] 1)");
  EXPECT_EQ(Cond("a[?] = 1"), "(eq a[?0] 1)");
  EXPECT_EQ(Cond("a[-1] = 1"), "(eq a[-1] 1)");
  EXPECT_EQ(Cond("f(a).b = 1"), "(eq (path (f a) b) 1)");
}

TEST(PartiqlExpression, PathElementsKeepQuotingAndPositions) {
  auto statement = MustParse("SELECT * FROM t WHERE \"A\".b[3] = 1");
  const ast::Path& path = statement->select.where.children[0].path;
  ASSERT_EQ(path.size(), 3u);
  EXPECT_TRUE(path[0].quoted);
  EXPECT_EQ(path[0].name, "A");
  EXPECT_FALSE(path[1].quoted);
  EXPECT_EQ(path[1].position, 26u);
  EXPECT_EQ(path[2].kind, ast::PathElement::Kind::kIndex);
  EXPECT_EQ(path[2].index, 3u);
}

TEST(PartiqlExpression, ScalarLiterals) {
  EXPECT_EQ(Cond("a = 'it''s'"), "(eq a 'it's')");
  EXPECT_EQ(Cond("a = ''"), "(eq a '')");
  EXPECT_EQ(Cond("a = 1.50"), "(eq a 1.50)");
  EXPECT_EQ(Cond("a = 7.31e6"), "(eq a 7.31e6)");
  EXPECT_EQ(Cond("a = -.73e1"), "(eq a -.73e1)");
  EXPECT_EQ(Cond("a = +5"), "(eq a 5)");
  EXPECT_EQ(Cond("a = - -5"), "(eq a 5)");
  EXPECT_EQ(Cond("a = -b"), "(eq a (neg b))");
  EXPECT_EQ(Cond("a = TRUE"), "(eq a true)");
  EXPECT_EQ(Cond("a = false"), "(eq a false)");
  EXPECT_EQ(Cond("a = NULL"), "(eq a null)");
  EXPECT_EQ(Cond("a = MISSING"), "(eq a missing)");
}

TEST(PartiqlExpression, ContainerLiterals) {
  EXPECT_EQ(Cond("a = {'k': 1, 'm': {'n': [true, null]}}"),
            "(eq a (tuple 'k' 1 'm' (tuple 'n' (list true null))))");
  EXPECT_EQ(Cond("a = {}"), "(eq a (tuple))");
  EXPECT_EQ(Cond("a = []"), "(eq a (list))");
  EXPECT_EQ(Cond("a = [1, 'x', [2]]"), "(eq a (list 1 'x' (list 2)))");
  EXPECT_EQ(Cond("a = <<1, 2>>"), "(eq a (bag 1 2))");
  EXPECT_EQ(Cond("a = <<'a', 'b'>>"), "(eq a (bag 'a' 'b'))");
  EXPECT_EQ(Cond("a = <<>>"), "(eq a (bag))");
  EXPECT_EQ(Cond("a = (1, 2)"), "(eq a (list 1 2))");
  EXPECT_EQ(Cond("a = {'k': ?}"), "(eq a (tuple 'k' ?0))");
}

TEST(PartiqlExpression, ParametersAreNumberedInTextOrder) {
  auto statement = MustParse("SELECT * FROM t WHERE a = ? AND b IN [?, ?] AND c BETWEEN ? AND ?");
  EXPECT_EQ(statement->parameter_count, 5u);
  EXPECT_EQ(Dump(statement->select.where),
            "(and (and (eq a ?0) (incollection b (list ?1 ?2))) (between c ?3 ?4))");
}

}  // namespace
}  // namespace monotable::partiql
