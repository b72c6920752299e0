// Every statement form and its parts.

#include <gtest/gtest.h>

#include "engine/partiql/test_util.h"

namespace monotable::partiql {
namespace {

using ast::Statement;
using testing::Dump;
using testing::DumpPath;
using testing::MustParse;

TEST(PartiqlSelect, StarFromQuotedTable) {
  auto s = MustParse(R"(SELECT * FROM "Orders")");
  EXPECT_EQ(s->kind, Statement::Kind::kSelect);
  EXPECT_TRUE(s->select.star);
  EXPECT_TRUE(s->select.projection.empty());
  EXPECT_EQ(Dump(s->select.from.source), "\"Orders\"");
  EXPECT_FALSE(s->select.has_where);
  EXPECT_EQ(s->parameter_count, 0u);
}

TEST(PartiqlSelect, TableAndIndex) {
  auto s = MustParse(R"(SELECT * FROM "Orders"."ByCustomer" WHERE c = 1)");
  const ast::Path& path = s->select.from.source.path;
  ASSERT_EQ(path.size(), 2u);
  EXPECT_EQ(path[0].name, "Orders");
  EXPECT_EQ(path[1].name, "ByCustomer");
  EXPECT_TRUE(path[1].quoted);
}

TEST(PartiqlSelect, UnquotedTable) {
  auto s = MustParse("select * from Orders where OrderID = 100");
  EXPECT_EQ(Dump(s->select.from.source), "Orders");
  EXPECT_FALSE(s->select.from.source.path[0].quoted);
  EXPECT_EQ(Dump(s->select.where), "(eq OrderID 100)");
}

TEST(PartiqlSelect, ProjectionList) {
  auto s = MustParse(R"(SELECT OrderID, "Total", a.b, l[0], m.l[2].x FROM "Orders")");
  EXPECT_FALSE(s->select.star);
  std::vector<std::string> items;
  for (const auto& p : s->select.projection) items.push_back(DumpPath(p.path));
  EXPECT_EQ(items, (std::vector<std::string>{"OrderID", "\"Total\"", "a.b", "l[0]", "m.l[2].x"}));
}

TEST(PartiqlSelect, WhereAndOrderBy) {
  auto s = MustParse(R"(SELECT * FROM "t" WHERE pk = ? AND begins_with(sk, ?) ORDER BY sk DESC)");
  EXPECT_EQ(Dump(s->select.where), "(and (eq pk ?0) (begins_with sk ?1))");
  ASSERT_EQ(s->select.order_by.size(), 1u);
  EXPECT_EQ(Dump(s->select.order_by[0].key), "sk");
  EXPECT_TRUE(s->select.order_by[0].descending);
  EXPECT_EQ(s->parameter_count, 2u);
}

TEST(PartiqlSelect, OrderByAscendingIsTheDefault) {
  auto s = MustParse(R"(SELECT * FROM "t" WHERE pk = 1 ORDER BY sk, "x" ASC)");
  ASSERT_EQ(s->select.order_by.size(), 2u);
  EXPECT_FALSE(s->select.order_by[0].descending);
  EXPECT_FALSE(s->select.order_by[1].descending);
  EXPECT_EQ(Dump(s->select.order_by[1].key), "\"x\"");
}

TEST(PartiqlSelect, OrderByWithoutWhere) {
  auto s = MustParse(R"(SELECT * FROM "t" ORDER BY sk)");
  EXPECT_EQ(s->select.order_by.size(), 1u);
}

TEST(PartiqlSelect, TrailingSemicolonAndComments) {
  auto s = MustParse("-- lead\nSELECT * FROM \"t\" /* mid */ WHERE pk = 'a'; -- tail");
  EXPECT_EQ(Dump(s->select.where), "(eq pk 'a')");
}

TEST(PartiqlSelect, KeywordsAnyCase) {
  auto s = MustParse(R"(sElEcT * fRoM "t" WhErE a = 1 aNd NoT b iN [1] oRdEr By a dEsC)");
  EXPECT_EQ(Dump(s->select.where), "(and (eq a 1) (not (incollection b (list 1))))");
  EXPECT_TRUE(s->select.order_by[0].descending);
}

TEST(PartiqlSelect, QuotedIdentifiersAreCaseSensitive) {
  auto s = MustParse(R"(SELECT "Pk" FROM "T" WHERE "Pk" = 'x')");
  EXPECT_EQ(s->select.projection[0].path[0].name, "Pk");
  EXPECT_EQ(s->select.from.source.path[0].name, "T");
}

TEST(PartiqlExists, InsideATransactionCondition) {
  auto s = MustParse(R"(EXISTS(SELECT * FROM "t" WHERE pk = 'a' AND attribute_exists(b)))");
  EXPECT_EQ(s->kind, Statement::Kind::kExists);
  EXPECT_EQ(Dump(s->select.from.source), "\"t\"");
  EXPECT_EQ(Dump(s->select.where), "(and (eq pk 'a') (attribute_exists b))");
  EXPECT_EQ(s->position, 0u);
}

TEST(PartiqlExists, CaseInsensitive) {
  auto s = MustParse(R"(exists (select * from "t" where pk = ?))");
  EXPECT_EQ(s->kind, Statement::Kind::kExists);
  EXPECT_EQ(s->parameter_count, 1u);
}

TEST(PartiqlInsert, Value) {
  auto s = MustParse(
      R"(INSERT INTO "Music" VALUE {'Artist': 'Acme', 'Year': 2020, 'Tags': <<'a', 'b'>>})");
  EXPECT_EQ(s->kind, Statement::Kind::kInsert);
  EXPECT_EQ(Dump(s->insert.into.source), "\"Music\"");
  EXPECT_TRUE(s->insert.value_form);
  EXPECT_EQ(Dump(s->insert.value), "(tuple 'Artist' 'Acme' 'Year' 2020 'Tags' (bag 'a' 'b'))");
}

TEST(PartiqlInsert, ParametersAndNesting) {
  auto s = MustParse(R"(insert into t value {'pk': ?, 'm': {'l': [?, 1]}})");
  EXPECT_EQ(Dump(s->insert.value), "(tuple 'pk' ?0 'm' (tuple 'l' (list ?1 1)))");
  EXPECT_EQ(s->parameter_count, 2u);
}

TEST(PartiqlInsert, BagFormParsesForTheLoweringToRefuse) {
  auto s = MustParse(R"(INSERT INTO "t" <<{'pk': 1}>>)");
  EXPECT_FALSE(s->insert.value_form);
  EXPECT_EQ(Dump(s->insert.value), "(bag (tuple 'pk' 1))");
}

TEST(PartiqlUpdate, SetAndRemove) {
  auto s = MustParse(
      R"(UPDATE "t" SET a = 1, b.c = 'x' REMOVE d[2] SET e = e + 1 WHERE pk = 'k' AND sk = 2)");
  EXPECT_EQ(s->kind, Statement::Kind::kUpdate);
  const ast::Update& u = s->update;
  EXPECT_EQ(Dump(u.table.source), "\"t\"");
  ASSERT_EQ(u.actions.size(), 4u);
  EXPECT_EQ(u.actions[0].kind, ast::UpdateAction::Kind::kSet);
  EXPECT_EQ(DumpPath(u.actions[0].path), "a");
  EXPECT_EQ(Dump(u.actions[0].value), "1");
  EXPECT_EQ(DumpPath(u.actions[1].path), "b.c");
  EXPECT_EQ(u.actions[2].kind, ast::UpdateAction::Kind::kRemove);
  EXPECT_EQ(DumpPath(u.actions[2].path), "d[2]");
  EXPECT_EQ(Dump(u.actions[3].value), "(plus e 1)");
  EXPECT_TRUE(u.has_where);
  EXPECT_EQ(Dump(u.where), "(and (eq pk 'k') (eq sk 2))");
  EXPECT_FALSE(u.from_first);
}

TEST(PartiqlUpdate, SetFunctions) {
  auto s = MustParse(
      "UPDATE t SET l = list_append(l, [1]) SET ss = set_add(ss, <<'x'>>) "
      "SET ns = SET_DELETE(ns, <<1, 2>>) SET n = n - ? WHERE pk = ?");
  const auto& a = s->update.actions;
  ASSERT_EQ(a.size(), 4u);
  EXPECT_EQ(Dump(a[0].value), "(list_append l (list 1))");
  EXPECT_EQ(Dump(a[1].value), "(set_add ss (bag 'x'))");
  EXPECT_EQ(Dump(a[2].value), "(set_delete ns (bag 1 2))");
  EXPECT_EQ(Dump(a[3].value), "(minus n ?0)");
  EXPECT_EQ(Dump(s->update.where), "(eq pk ?1)");
}

TEST(PartiqlUpdate, SetPositionsPointAtTheirPath) {
  auto s = MustParse("UPDATE t SET ab = set_add(ab, <<'x'>>) WHERE pk = 1");
  EXPECT_EQ(s->update.actions[0].position, 13u);
  EXPECT_EQ(s->update.actions[0].value.position, 18u);
  EXPECT_EQ(s->update.actions[0].value.children[0].position, 26u);
}

TEST(PartiqlUpdate, Returning) {
  struct Case {
    const char* clause;
    ast::ReturnMode mode;
  };
  for (Case c : {Case{"ALL OLD *", ast::ReturnMode::kAllOld},
                 Case{"modified old *", ast::ReturnMode::kModifiedOld},
                 Case{"All New *", ast::ReturnMode::kAllNew},
                 Case{"MODIFIED NEW *", ast::ReturnMode::kModifiedNew}}) {
    auto s = MustParse(std::string("UPDATE t SET a = 1 WHERE pk = 1 RETURNING ") + c.clause);
    ASSERT_EQ(s->update.returning.size(), 1u) << c.clause;
    EXPECT_EQ(s->update.returning[0].mode, c.mode) << c.clause;
    EXPECT_TRUE(s->update.returning[0].star);
  }
}

TEST(PartiqlUpdate, ReturningAColumnParsesForTheLoweringToRefuse) {
  auto s = MustParse("UPDATE t SET a = 1 WHERE pk = 1 RETURNING ALL NEW a");
  ASSERT_EQ(s->update.returning.size(), 1u);
  EXPECT_FALSE(s->update.returning[0].star);
  EXPECT_EQ(Dump(s->update.returning[0].column), "a");
}

TEST(PartiqlUpdate, FromFirstForm) {
  auto s = MustParse(R"(FROM "t" WHERE pk = 'a' SET c = 1 REMOVE d)");
  EXPECT_EQ(s->kind, Statement::Kind::kUpdate);
  EXPECT_TRUE(s->update.from_first);
  EXPECT_EQ(Dump(s->update.where), "(eq pk 'a')");
  EXPECT_EQ(s->update.actions.size(), 2u);
  auto no_where = MustParse(R"(FROM "t" SET c = 1)");
  EXPECT_FALSE(no_where->update.has_where);
}

TEST(PartiqlUpdate, WithoutWhereParses) {
  // The key equality is the lowering's to demand.
  auto s = MustParse("UPDATE t SET a = 1");
  EXPECT_FALSE(s->update.has_where);
}

TEST(PartiqlDelete, WithWhereAndReturning) {
  auto s =
      MustParse(R"(DELETE FROM "t" WHERE pk = 'a' AND attribute_exists(b) RETURNING ALL OLD *)");
  EXPECT_EQ(s->kind, Statement::Kind::kDelete);
  EXPECT_EQ(Dump(s->del.table.source), "\"t\"");
  EXPECT_EQ(Dump(s->del.where), "(and (eq pk 'a') (attribute_exists b))");
  ASSERT_EQ(s->del.returning.size(), 1u);
  EXPECT_EQ(s->del.returning[0].mode, ast::ReturnMode::kAllOld);
}

TEST(PartiqlDelete, Minimal) {
  auto s = MustParse("delete from t");
  EXPECT_FALSE(s->del.has_where);
  EXPECT_TRUE(s->del.returning.empty());
}

TEST(PartiqlStatement, StatementPositionIsItsFirstKeyword) {
  EXPECT_EQ(MustParse("  SELECT * FROM t")->position, 2u);
  EXPECT_EQ(MustParse("\nDELETE FROM t")->position, 1u);
}

}  // namespace
}  // namespace monotable::partiql
