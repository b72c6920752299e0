// Every error the parser reports, with DynamoDB's exact text. Statements marked [C] are
// the ones pinned against the service (errors.h names the sources).

#include <gtest/gtest.h>

#include "engine/partiql/test_util.h"

// A namespace of the file's own: the unity build compiles the folder's tests together.
namespace monotable::partiql::parse_errors_test {
namespace {

using testing::ErrorOf;
using testing::Malformed;

TEST(PartiqlErrors, LeftoverTokens) {  // [C]
  const std::string leftover = Malformed("Unexpected token after expression");
  EXPECT_EQ(ErrorOf(R"(SELECT * FROM "t" WHERE pk = 1 foo)"), leftover);
  EXPECT_EQ(ErrorOf(R"(SELECT * FROM "t" WHERE pk = 1 e5)"), leftover);
  EXPECT_EQ(ErrorOf(R"(INSERT INTO "t" VALUE {'pk': 970001} foo)"), leftover);
  EXPECT_EQ(ErrorOf(R"(UPDATE "t" SET a = 9 WHERE pk = 970002 foo)"), leftover);
  EXPECT_EQ(ErrorOf(R"(DELETE FROM "t" WHERE pk = 970003 foo)"), leftover);
  EXPECT_EQ(ErrorOf(R"(SELECT * FROM "t" WHERE pk = 1))"), leftover);
  EXPECT_EQ(ErrorOf(R"(DELETE FROM "t" WHERE pk = 970004 ORDER BY pk)"), leftover);
  EXPECT_EQ(ErrorOf(R"(SELECT * FROM "t" ORDER BY pk WHERE pk = 1)"), leftover);
  EXPECT_EQ(ErrorOf(R"(INSERT INTO "t" t VALUE {'pk': 'x'})"), leftover);
  EXPECT_EQ(ErrorOf(R"(FROM "t" SET c = 1 WHERE pk = 'x')"), leftover);
  EXPECT_EQ(ErrorOf(R"(FROM "t" SET c = 1 WHERE pk = 'x' SET d = 2)"), leftover);
  EXPECT_EQ(ErrorOf(R"(INSERT INTO "t" VALUE {'pk': 1} RETURNING ALL OLD *)"), leftover);
}

TEST(PartiqlErrors, OnlyOneStatement) {  // [K]
  EXPECT_EQ(ErrorOf("SELECT * FROM t; SELECT * FROM u"),
            Malformed("Unexpected token after semicolon. (Only one query is allowed.)"));
  EXPECT_EQ(ErrorOf("SELECT * FROM t;;"),
            Malformed("Unexpected token after semicolon. (Only one query is allowed.)"));
}

TEST(PartiqlErrors, LexicalErrorsHaveNothingAfterTheColon) {  // [C]
  EXPECT_EQ(ErrorOf(R"(SELECT * FROM "t" WHERE pk = 1e2147483648)"), Malformed(""));
  EXPECT_EQ(ErrorOf(R"(SELECT * FROM "t" WHERE pk = 1e99999999999)"), Malformed(""));
  EXPECT_EQ(ErrorOf(R"(SELECT * FROM "t" WHERE pk = 1.5e-2147483647)"), Malformed(""));
  EXPECT_EQ(ErrorOf(R"(SELECT * FROM "t" WHERE pk = 1 # note)"), Malformed(""));
  EXPECT_EQ(ErrorOf(R"(SELECT * FROM "t" WHERE pk = 1 /* note)"), Malformed(""));
  EXPECT_EQ(ErrorOf(R"(SELECT * FROM "t" WHERE pk = 'open)"), Malformed(""));
}

TEST(PartiqlErrors, NothingWhereAConditionStarts) {  // [C]
  for (const char* text : {R"(SELECT * FROM "t" WHERE)", R"(SELECT * FROM "t" WHERE;)",
                           R"(SELECT * FROM "t" WHERE   )", R"(SELECT pk FROM "t" WHERE)",
                           R"(UPDATE "t" SET a = 1 WHERE)", R"(DELETE FROM "t" WHERE)",
                           R"(SELECT * FROM "t" WHERE NOT)", R"(SELECT * FROM "t" WHERE ()",
                           "SELECT * FROM", "", "   ", ";"}) {
    EXPECT_EQ(ErrorOf(text), Malformed("Unexpected term")) << text;
  }
}

TEST(PartiqlErrors, MissingRightHandSide) {  // [C]
  const std::string missing = Malformed("Missing right-hand side expression of infix operator");
  EXPECT_EQ(ErrorOf(R"(SELECT * FROM "t" WHERE pk = 'p1' AND)"), missing);
  EXPECT_EQ(ErrorOf(R"(SELECT * FROM "t" WHERE pk = 'p1' OR)"), missing);
  EXPECT_EQ(ErrorOf(R"(SELECT * FROM "t" WHERE pk =)"), missing);
  EXPECT_EQ(ErrorOf(R"(SELECT * FROM "t" WHERE pk NOT IN)"), missing);
  // With a ';' left, DynamoDB's parser tries a term and fails on it.
  EXPECT_EQ(ErrorOf(R"(SELECT * FROM "t" WHERE pk = 'p1' AND;)"), Malformed("Unexpected term"));
}

TEST(PartiqlErrors, UnexpectedKeyword) {  // [C] and [L]: PAD is reserved
  EXPECT_EQ(ErrorOf(R"(SELECT * FROM "t" WHERE ORDER BY pk)"), Malformed("Unexpected keyword"));
  EXPECT_EQ(ErrorOf(R"(SELECT * FROM "t" WHERE pad = 'none')"), Malformed("Unexpected keyword"));
  EXPECT_EQ(ErrorOf("INSERT \"t\" VALUE {'a': 1}"), Malformed("Unexpected keyword"));
  EXPECT_EQ(ErrorOf("SELECT * FROM t WHERE size = 1"), Malformed("Unexpected keyword"));
  EXPECT_EQ(ErrorOf("UPSERT INTO t VALUE {'a': 1}"),
            Malformed("Unexpected token after expression"));
}

TEST(PartiqlErrors, UnexpectedOperator) {  // [C]
  EXPECT_EQ(ErrorOf(R"(SELECT * FROM "t" WHERE IS NULL)"), Malformed("Unexpected operator"));
  EXPECT_EQ(ErrorOf(R"(SELECT * FROM "t" WHERE pk = LIKE)"), Malformed("Unexpected operator"));
  EXPECT_EQ(ErrorOf(R"(SELECT * FROM "t" WHERE AND a = 1)"), Malformed("Unexpected operator"));
}

TEST(PartiqlErrors, ExpectedTypeName) {  // [C]
  EXPECT_EQ(ErrorOf(R"(SELECT * FROM "t" WHERE pk = 'a' AND x IS FOO)"),
            Malformed("Expected type name"));
  EXPECT_EQ(ErrorOf(R"(SELECT * FROM "t" WHERE x IS)"), Malformed("Expected type name"));
  EXPECT_EQ(ErrorOf(R"(SELECT * FROM "t" WHERE x IS NOT 'S')"), Malformed("Expected type name"));
}

TEST(PartiqlErrors, ExpectedIdentifierForSimplePath) {  // [C]
  for (const char* text :
       {"DELETE FROM", "DELETE FROM   ", "DELETE FROM;", "DELETE FROM WHERE pk = 'a'",
        "UPDATE SET a = 1", "UPDATE \"t\" SET = 1", "UPDATE \"t\" SET", "UPDATE t REMOVE",
        "INSERT INTO VALUE {'a': 1}", "UPDATE t SET 'a' = 1"}) {
    EXPECT_EQ(ErrorOf(text), Malformed("Expected identifier for simple path")) << text;
  }
}

TEST(PartiqlErrors, InvalidPathDotComponent) {  // [C]: INNER is a keyword
  EXPECT_EQ(ErrorOf(R"(SELECT * FROM "t" WHERE pk = 'a' AND attribute_exists(m.inner))"),
            Malformed("Invalid path dot component"));
  EXPECT_EQ(ErrorOf(R"(UPDATE "t" SET m.inner = set_add(m.inner, <<'y'>>) WHERE pk = 'a')"),
            Malformed("Invalid path dot component"));
  EXPECT_EQ(ErrorOf("SELECT * FROM t WHERE a. = 1"), Malformed("Invalid path dot component"));
  EXPECT_EQ(ErrorOf("SELECT * FROM t WHERE a.1 = 1"),
            Malformed("Unexpected token after expression"));
}

TEST(PartiqlErrors, SimplePathComponents) {  // [K]
  EXPECT_EQ(ErrorOf("UPDATE t SET a.* = 1"),
            Malformed("Invalid path dot component for simple path"));
  EXPECT_EQ(ErrorOf("UPDATE t SET a[*] = 1"), Malformed("Invalid path component for simple path"));
  EXPECT_EQ(ErrorOf("UPDATE t SET a[b + 1] = 1"),
            Malformed("Invalid path component for simple path"));
  EXPECT_EQ(ErrorOf("UPDATE t SET a[0 = 1"), Malformed("Expected RIGHT_BRACKET"));
}

TEST(PartiqlErrors, ExpectedDataManipulation) {  // [C]
  EXPECT_EQ(ErrorOf(R"(SLECT * FROM "Users")"), Malformed("Expected data manipulation"));
  EXPECT_EQ(ErrorOf(R"(UPDATE "t" WHERE pk = 1)"), Malformed("Expected data manipulation"));
  EXPECT_EQ(ErrorOf(R"(FROM "t" WHERE pk = 1)"), Malformed("Expected data manipulation"));
}

TEST(PartiqlErrors, ExpectedAssignment) {  // [K]
  EXPECT_EQ(ErrorOf("UPDATE t SET a 1 WHERE pk = 1"), Malformed("Expected '='"));
  EXPECT_EQ(ErrorOf("UPDATE t SET a == 1"), Malformed("Unexpected operator"));
}

TEST(PartiqlErrors, ExpectedFrom) {  // [K]
  EXPECT_EQ(ErrorOf("DELETE \"t\" WHERE pk = 1"), Malformed("Expected FROM after DELETE"));
  EXPECT_EQ(ErrorOf("SELECT a \"t\" WHERE pk = 1"), Malformed("Expected FROM after SELECT list"));
  EXPECT_EQ(ErrorOf("SELECT a"), Malformed("Expected FROM after SELECT list"));
}

TEST(PartiqlErrors, SelectList) {  // [K]
  EXPECT_EQ(ErrorOf("SELECT FROM t"),
            Malformed("Expected identifier or an expression but found unexpected keyword "
                      "'from' in a select list."));
  EXPECT_EQ(ErrorOf("SELECT a, where FROM t"),
            Malformed("Expected identifier or an expression but found unexpected keyword "
                      "'where' in a select list."));
  EXPECT_EQ(ErrorOf("SELECT *, a FROM t"),
            Malformed("Other expressions may not be present in the select list when '*' is "
                      "used without dot notation."));
  EXPECT_EQ(ErrorOf("SELECT a, * FROM t"),
            Malformed("Other expressions may not be present in the select list when '*' is "
                      "used without dot notation."));
  EXPECT_EQ(ErrorOf("SELECT a, FROM t"),
            Malformed("Expected identifier or an expression but found unexpected keyword "
                      "'from' in a select list."));
}

TEST(PartiqlErrors, UnclosedBrackets) {  // [K]
  EXPECT_EQ(ErrorOf("SELECT * FROM t WHERE (a = 1"), Malformed("Expected RIGHT_PAREN"));
  EXPECT_EQ(ErrorOf("SELECT * FROM t WHERE f(a"), Malformed("Expected RIGHT_PAREN"));
  EXPECT_EQ(ErrorOf("SELECT * FROM t WHERE a IN (1, 2"), Malformed("Expected RIGHT_PAREN"));
  EXPECT_EQ(ErrorOf("SELECT * FROM t WHERE a IN [1, 2"), Malformed("Expected RIGHT_BRACKET"));
  EXPECT_EQ(ErrorOf("SELECT * FROM t WHERE a[1 = 2"), Malformed("Expected RIGHT_BRACKET"));
  EXPECT_EQ(ErrorOf("INSERT INTO t VALUE {'a': 1"), Malformed("Expected RIGHT_CURLY"));
  EXPECT_EQ(ErrorOf("INSERT INTO t VALUE {'a' 1}"), Malformed("Expected COLON"));
  EXPECT_EQ(ErrorOf("INSERT INTO t VALUE {'a': <<1, 2}"),
            Malformed("Expected RIGHT_DOUBLE_ANGLE_BRACKET"));
  EXPECT_EQ(ErrorOf("SELECT * FROM t WHERE a IS DECIMAL(5"), Malformed("Expected RIGHT_PAREN"));
  EXPECT_EQ(ErrorOf("SELECT * FROM t WHERE ()"), Malformed("Unexpected term"));
  EXPECT_EQ(ErrorOf("INSERT INTO t VALUE {'a': 1,}"), Malformed("Unexpected term"));
}

TEST(PartiqlErrors, Between) {  // [K]
  EXPECT_EQ(ErrorOf("SELECT * FROM t WHERE a BETWEEN 1 5"), Malformed("Expected AND keyword"));
  EXPECT_EQ(ErrorOf("SELECT * FROM t WHERE a BETWEEN 1 AND"),
            Malformed("Expected expression after AND"));
  EXPECT_EQ(ErrorOf("SELECT * FROM t WHERE a BETWEEN 1 AND;"),
            Malformed("Expected expression after AND"));
  EXPECT_EQ(ErrorOf("SELECT * FROM t WHERE a BETWEEN"),
            Malformed("Missing right-hand side expression of infix operator"));
}

TEST(PartiqlErrors, OrderBy) {  // [K]
  EXPECT_EQ(ErrorOf("SELECT * FROM t ORDER sk"), Malformed("Expected BY"));
  EXPECT_EQ(ErrorOf("SELECT * FROM t ORDER BY"), Malformed("Unexpected term"));
}

TEST(PartiqlErrors, Returning) {  // [K]
  const std::string mapping =
      Malformed("Expected ( MODIFIED | ALL ) ( NEW | OLD ) in each returning element.");
  EXPECT_EQ(ErrorOf("UPDATE t SET a = 1 WHERE pk = 1 RETURNING *"), mapping);
  EXPECT_EQ(ErrorOf("UPDATE t SET a = 1 WHERE pk = 1 RETURNING ALL *"), mapping);
  EXPECT_EQ(ErrorOf("UPDATE t SET a = 1 WHERE pk = 1 RETURNING NEW *"), mapping);
  EXPECT_EQ(ErrorOf("DELETE FROM t WHERE pk = 1 RETURNING"), mapping);
  EXPECT_EQ(ErrorOf("DELETE FROM t WHERE pk = 1 RETURNING ALL OLD f(x)"),
            Malformed("Unsupported syntax in RETURNING columns."));
}

TEST(PartiqlErrors, StarArgumentAndAliasIdentifier) {  // [K]
  EXPECT_EQ(ErrorOf("SELECT * FROM t WHERE size(*) = 1"), Malformed("size(*) is not allowed"));
  EXPECT_EQ(ErrorOf("SELECT * FROM t AS 'x'"), Malformed("Expected identifier for AS-alias"));
  EXPECT_EQ(ErrorOf("SELECT * FROM t AT 1"), Malformed("Expected identifier for AT-alias"));
}

TEST(PartiqlErrors, Aliasing) {  // [C]
  const std::string aliasing = "Aliasing is not supported";
  EXPECT_EQ(ErrorOf(R"(SELECT * FROM "t" t WHERE pk = 'x')"), aliasing);
  EXPECT_EQ(ErrorOf(R"(SELECT * FROM "t" AS t WHERE pk = 'x')"), aliasing);
  EXPECT_EQ(ErrorOf(R"(UPDATE "t" t SET a = 3 WHERE pk = 'x')"), aliasing);
  EXPECT_EQ(ErrorOf(R"(DELETE FROM "t" t WHERE pk = 'x')"), aliasing);
  EXPECT_EQ(ErrorOf(R"(SELECT a AS b FROM "t")"), aliasing);
  EXPECT_EQ(ErrorOf(R"(FROM "t" x WHERE pk = 1 SET a = 1)"), aliasing);
}

TEST(PartiqlErrors, UnexpectedPathComponent) {  // [C]
  const std::string statement = R"(SELECT attribute_exists(ss) FROM "t" WHERE pk = 'x')";
  EXPECT_EQ(ErrorOf(statement), "Unexpected path component at 1:8:16");
  EXPECT_EQ(ErrorOf("SELECT a, 'lit' FROM t"), "Unexpected path component at 1:11:5");
  EXPECT_EQ(
      ErrorOf("EXISTS(SELECT a + 1 FROM t WHERE pk = 1)"),
      "Unexpected path component at 1:17:1");  // a binary node is at its operator, as in PartiQL
}

TEST(PartiqlErrors, UnsupportedOperation) {  // [C] for IsType; the others by PartiqlAst
  EXPECT_EQ(ErrorOf("x IS INT4"), "Unsupported operation: IsType");
  EXPECT_EQ(ErrorOf("x IS INT8"), "Unsupported operation: IsType");
  EXPECT_EQ(ErrorOf("x IS DOUBLE PRECISION"), "Unsupported operation: IsType");
  EXPECT_EQ(ErrorOf("x IS CHARACTER VARYING"), "Unsupported operation: IsType");
  EXPECT_EQ(ErrorOf("1 + 1"), "Unsupported operation: Plus");
  EXPECT_EQ(ErrorOf("a"), "Unsupported operation: Id");
  EXPECT_EQ(ErrorOf("'a'"), "Unsupported operation: Lit");
  EXPECT_EQ(ErrorOf("EXISTS(1)"), "Unsupported operation: Call");
  EXPECT_EQ(ErrorOf("NOT EXISTS(SELECT * FROM t)"), "Unsupported operation: Not");
}

TEST(PartiqlErrors, DeepNestingIsRefusedNotFatal) {  // monotable's own guard
  std::string deep =
      "SELECT * FROM t WHERE " + std::string(5000, '(') + "a = 1" + std::string(5000, ')');
  EXPECT_EQ(ErrorOf(deep), Malformed(""));
  std::string minus = "SELECT * FROM t WHERE a = " + std::string(5000, '-') + "1";
  EXPECT_FALSE(ErrorOf(minus).empty());  // "--" starts a comment: the 1 is never read
  std::string negations;
  for (int i = 0; i < 3000; ++i) negations += "- ";
  EXPECT_EQ(ErrorOf("SELECT * FROM t WHERE a = " + negations + "1"), Malformed(""));
  std::string fine =
      "SELECT * FROM t WHERE " + std::string(50, '(') + "a = 1" + std::string(50, ')');
  EXPECT_EQ(ErrorOf(fine), "");
}

}  // namespace
}  // namespace monotable::partiql::parse_errors_test
