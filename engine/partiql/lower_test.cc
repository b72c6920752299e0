// Lowering: every statement form into its request, and every refusal.

#include "engine/partiql/lower.h"

#include <gtest/gtest.h>

#include "engine/expr/key_condition.h"
#include "engine/partiql/errors.h"
#include "engine/partiql/lower_test_table.h"
#include "engine/partiql/parser.h"
#include "engine/testing/value_builders.h"

// A namespace of the file's own: the unity build compiles the folder's tests together.
namespace monotable::partiql::lower_test {
namespace {

using test_values::List;
using test_values::Map;
using test_values::N;
using test_values::S;
using test_values::Set;

TableDefinition Table() { return testing::LoweringTable(); }

Result<Lowered> LowerText(std::string_view text, std::vector<AttributeValue> parameters = {}) {
  auto parsed = ParseStatement(text);
  if (!parsed.ok()) return parsed.status();
  return Lower(text, **parsed, parameters, Table());
}

Lowered MustLower(std::string_view text, std::vector<AttributeValue> parameters = {}) {
  auto lowered = LowerText(text, std::move(parameters));
  EXPECT_TRUE(lowered.ok()) << text << " -> " << lowered.status().message();
  return lowered.ok() ? std::move(*lowered) : Lowered{};
}

std::string ErrorOf(std::string_view text, std::vector<AttributeValue> parameters = {}) {
  auto lowered = LowerText(text, std::move(parameters));
  if (lowered.ok()) return "";
  EXPECT_EQ(lowered.status().code(), ErrorCode::kValidation);
  return lowered.status().message();
}

expr::KeyCondition KeyOf(const QueryRequest& q, std::string_view hash = "PK") {
  expr::KeyAttributes keys{hash, AttributeType::kS, "SK", AttributeType::kS};
  auto key = expr::AnalyzeKeyCondition(q.key_condition, keys);
  EXPECT_TRUE(key.ok()) << key.status().message();
  return key.ok() ? *key : expr::KeyCondition{};
}

const Item kRow = {{"PK", S("p")},
                   {"SK", S("s#1")},
                   {"name", S("ann")},
                   {"n", N("5")},
                   {"m", Map({{"x", N("1")}})}};

TEST(PartiqlLower, PartitionEqualityIsAQuery) {
  Lowered l = MustLower(R"(SELECT * FROM "t" WHERE PK = ?)", {S("p")});
  ASSERT_TRUE(std::holds_alternative<QueryRequest>(l.request));
  const auto& q = std::get<QueryRequest>(l.request);
  EXPECT_EQ(q.table_name, "t");
  EXPECT_FALSE(q.index_name.has_value());
  EXPECT_TRUE(q.filter.empty());
  EXPECT_TRUE(q.scan_forward);
  EXPECT_EQ(q.select, Select::kAllAttributes);
  EXPECT_EQ(KeyOf(q).partition_value, S("p"));
  EXPECT_FALSE(KeyOf(q).sort.has_value());
}

TEST(PartiqlLower, SortKeyConditionsGoToTheKeyCondition) {
  struct Case {
    std::string_view where;
    std::string_view op;  // expr::SortKeyOperatorName
  };
  for (const Case& c : {Case{"begins_with(SK, 's#')", "begins_with"}, Case{"SK = 's#'", "="},
                        Case{"'s#' < SK", ">"}, Case{"SK <= 's#'", "<="},
                        Case{"SK BETWEEN 's#' AND 's~'", "BETWEEN"}}) {
    std::string text = "SELECT * FROM t WHERE PK = 'p' AND " + std::string(c.where);
    Lowered l = MustLower(text);
    ASSERT_TRUE(std::holds_alternative<QueryRequest>(l.request)) << text;
    const auto key = KeyOf(std::get<QueryRequest>(l.request));
    ASSERT_TRUE(key.sort.has_value()) << text;
    EXPECT_EQ(expr::SortKeyOperatorName(*key.sort), c.op) << text;
    EXPECT_EQ(key.sort->value, S("s#")) << text;
  }
}

TEST(PartiqlLower, OtherTermsAreTheQueryFilter) {
  // "name" is a reserved word of the expression language, a plain name in PartiQL.
  Lowered l =
      MustLower(R"(SELECT * FROM t WHERE "name" = ? AND PK = ? AND n > 3)", {S("ann"), S("p")});
  const auto& q = std::get<QueryRequest>(l.request);
  EXPECT_EQ(KeyOf(q).partition_value, S("p"));
  ASSERT_FALSE(q.filter.empty());
  EXPECT_TRUE(q.filter.Evaluate(&kRow));
  Item other = kRow;
  other["n"] = N("2");
  EXPECT_FALSE(q.filter.Evaluate(&other));
}

TEST(PartiqlLower, WithoutPartitionEqualityItIsAScan) {
  for (std::string_view text :
       {"SELECT * FROM t", "SELECT * FROM t WHERE n = 5", "SELECT * FROM t WHERE PK = 'p' OR n = 5",
        "SELECT * FROM t WHERE PK = 'p' AND (SK = 's#1' OR n = 1)",
        "SELECT * FROM t WHERE PK IN ['p', 'q'] AND SK IN ['s#1', 'b']",
        "SELECT * FROM t WHERE PK > 'a'"}) {
    Lowered l = MustLower(text);
    ASSERT_TRUE(std::holds_alternative<ScanRequest>(l.request)) << text;
    const auto& scan = std::get<ScanRequest>(l.request);
    EXPECT_TRUE(scan.filter.empty() || scan.filter.Evaluate(&kRow)) << text;
  }
}

TEST(PartiqlLower, PartitionKeyInIsOneQueryPerValue) {
  Lowered l = MustLower(
      "SELECT * FROM t WHERE PK IN ['q', ?, 'a'] AND begins_with(SK, 's') AND n > 1", {S("p")});
  ASSERT_TRUE(std::holds_alternative<PartitionQueries>(l.request));
  const auto& p = std::get<PartitionQueries>(l.request);
  EXPECT_EQ(p.hash_key, "PK");
  EXPECT_EQ(p.values, (std::vector<AttributeValue>{S("q"), S("p"), S("a")}));  // list order
  ASSERT_EQ(p.queries.size(), 3u);
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(KeyOf(p.queries[i]).partition_value, p.values[i]);
    ASSERT_TRUE(KeyOf(p.queries[i]).sort.has_value());
    EXPECT_EQ(KeyOf(p.queries[i]).sort->kind, expr::SortKeyCondition::Kind::kBeginsWith);
    EXPECT_TRUE(p.queries[i].filter.Evaluate(&kRow));
  }
  // ORDER BY the partition key reads the partitions in key order.
  l = MustLower("SELECT * FROM t WHERE PK IN ['q', 'p', 'a'] ORDER BY PK DESC, SK");
  const auto& sorted = std::get<PartitionQueries>(l.request);
  EXPECT_EQ(sorted.values, (std::vector<AttributeValue>{S("q"), S("p"), S("a")}));
  EXPECT_TRUE(sorted.queries[0].scan_forward);
  l = MustLower("SELECT * FROM t WHERE PK IN ['q', 'p', 'a'] ORDER BY PK, SK DESC");
  EXPECT_EQ(std::get<PartitionQueries>(l.request).values,
            (std::vector<AttributeValue>{S("a"), S("p"), S("q")}));
  EXPECT_FALSE(std::get<PartitionQueries>(l.request).queries[0].scan_forward);
  // One value is a plain Query.
  l = MustLower("SELECT * FROM t WHERE PK IN ['p']");
  EXPECT_EQ(KeyOf(std::get<QueryRequest>(l.request)).partition_value, S("p"));

  std::string values;
  for (int i = 0; i < 51; ++i) values += (i ? ", '" : "'") + std::to_string(i) + "'";
  EXPECT_EQ(ErrorOf("SELECT * FROM t WHERE PK IN [" + values + "]"),
            lowering::kTooManyDecomposedReads);
  EXPECT_EQ(ErrorOf("SELECT * FROM t WHERE PK IN ['p', 'p']"),
            lowering::kOverlappingRangeConditions);
  EXPECT_EQ(ErrorOf("SELECT * FROM t WHERE PK IN ['p', 'q'] ORDER BY SK"),
            lowering::kOrderByNeedsHashKey);
}

TEST(PartiqlLower, ConditionOperators) {
  struct Case {
    std::string_view where;
    bool matches;
  };
  for (const Case& c :
       {Case{"n BETWEEN 1 AND 5", true}, Case{"n IN (1, 5)", true}, Case{"NOT n IN [1, 2]", true},
        Case{"n <> 5", false}, Case{"contains(\"name\", 'nn')", true},
        Case{"size(\"name\") = 3", true}, Case{"attribute_type(n, 'N')", true},
        Case{"m.x = 1", true}, Case{"m['x'] >= 1", true}, Case{"gone IS MISSING", true},
        Case{"n IS NOT MISSING", true}, Case{"n IS NULL", false}, Case{"m IS STRUCT", true},
        Case{"n IS NUMERIC AND n < 6", true}}) {
    std::string text = "SELECT * FROM t WHERE " + std::string(c.where);
    Lowered l = MustLower(text);
    ASSERT_TRUE(std::holds_alternative<ScanRequest>(l.request)) << text;
    EXPECT_EQ(std::get<ScanRequest>(l.request).filter.Evaluate(&kRow), c.matches) << text;
  }
}

TEST(PartiqlLower, IndexAndOrder) {
  Lowered l = MustLower(R"(SELECT * FROM "t"."ByG" WHERE G = 'g' ORDER BY SK DESC)");
  const auto& q = std::get<QueryRequest>(l.request);
  EXPECT_EQ(q.index_name, "ByG");
  EXPECT_FALSE(q.scan_forward);
  EXPECT_EQ(q.select, Select::kAllProjectedAttributes);
  EXPECT_EQ(KeyOf(q, "G").partition_value, S("g"));
  EXPECT_TRUE(
      std::get<QueryRequest>(MustLower("SELECT * FROM t WHERE PK = 'p' ORDER BY SK ASC").request)
          .scan_forward);
}

TEST(PartiqlLower, Projection) {
  Lowered l = MustLower(R"(SELECT "name", m.x, SK FROM t WHERE PK = 'p')");
  const auto& q = std::get<QueryRequest>(l.request);
  EXPECT_EQ(q.select, Select::kSpecificAttributes);
  ASSERT_TRUE(q.projection.has_value());
  EXPECT_EQ(q.projection->Apply(kRow),
            (Item{{"name", S("ann")}, {"m", Map({{"x", N("1")}})}, {"SK", S("s#1")}}));
}

TEST(PartiqlLower, Insert) {
  Lowered l = MustLower(R"(INSERT INTO "t" VALUE {'PK': ?, 'SK': 's', 'n': 1.50, 'l': [1, 'a'],
                           'ss': <<'a', 'b'>>, 'ns': <<1, 2>>, 'b': true, 'z': null, 'm': {'k': ?}})",
                        {S("p"), N("7")});
  ASSERT_TRUE(std::holds_alternative<PutItemRequest>(l.request));
  EXPECT_TRUE(l.insert);
  const auto& put = std::get<PutItemRequest>(l.request);
  EXPECT_EQ(put.table_name, "t");
  Item want{{"PK", S("p")},
            {"SK", S("s")},
            {"n", N("1.5")},
            {"l", List({N("1"), S("a")})},
            {"ss", Set(AttributeType::kSS, {"a", "b"})},
            {"ns", Set(AttributeType::kNS, {"1", "2"})},
            {"b", AttributeValue::Bool(true)},
            {"z", AttributeValue::Null()},
            {"m", Map({{"k", N("7")}})}};
  EXPECT_EQ(put.item, want);
  EXPECT_TRUE(put.condition.condition.Evaluate(nullptr));
  EXPECT_FALSE(put.condition.condition.Evaluate(&kRow));
}

TEST(PartiqlLower, Update) {
  Lowered l = MustLower(
      R"(UPDATE "t" SET n = n + 1 SET l = list_append(l, [3]) SET tags = set_add(tags, <<'x'>>)
         REMOVE m WHERE PK = 'p' AND SK = ? AND "name" = 'ann' RETURNING MODIFIED NEW *)",
      {S("s#1")});
  ASSERT_TRUE(std::holds_alternative<UpdateItemRequest>(l.request));
  EXPECT_TRUE(l.returning);
  const auto& u = std::get<UpdateItemRequest>(l.request);
  EXPECT_EQ(u.key, (Item{{"PK", S("p")}, {"SK", S("s#1")}}));
  EXPECT_EQ(u.return_values, ReturnValues::kUpdatedNew);
  EXPECT_FALSE(u.condition.condition.Evaluate(nullptr));  // UPDATE never creates
  EXPECT_TRUE(u.condition.condition.Evaluate(&kRow));
  Item other = kRow;
  other["name"] = S("bob");
  EXPECT_FALSE(u.condition.condition.Evaluate(&other));
  Item before = kRow;
  before["l"] = List({N("1")});
  const std::string_view keys[] = {"PK", "SK"};
  auto after = u.update.Apply(before, keys);
  ASSERT_TRUE(after.ok()) << after.status().message();
  EXPECT_EQ(after->at("n"), N("6"));
  EXPECT_EQ(after->at("l"), List({N("1"), N("3")}));
  EXPECT_EQ(after->at("tags"), Set(AttributeType::kSS, {"x"}));
  EXPECT_FALSE(after->contains("m"));
}

TEST(PartiqlLower, ReturningModes) {
  struct Case {
    std::string_view returning;
    ReturnValues want;
  };
  for (const Case& c :
       {Case{"ALL OLD *", ReturnValues::kAllOld}, Case{"MODIFIED OLD *", ReturnValues::kUpdatedOld},
        Case{"ALL NEW *", ReturnValues::kAllNew}}) {
    std::string text =
        "UPDATE t SET a = 1 WHERE PK = 'p' AND SK = 's' RETURNING " + std::string(c.returning);
    EXPECT_EQ(std::get<UpdateItemRequest>(MustLower(text).request).return_values, c.want) << text;
  }
}

TEST(PartiqlLower, Delete) {
  Lowered plain = MustLower("DELETE FROM t WHERE PK = 'p' AND SK = 's#1'");
  const auto& d = std::get<DeleteItemRequest>(plain.request);
  EXPECT_EQ(d.key, (Item{{"PK", S("p")}, {"SK", S("s#1")}}));
  EXPECT_TRUE(d.condition.condition.empty());
  EXPECT_FALSE(plain.returning);

  Lowered conditional =
      MustLower("DELETE FROM t WHERE SK = 's#1' AND PK = 'p' AND n = 4 RETURNING ALL OLD *");
  const auto& c = std::get<DeleteItemRequest>(conditional.request);
  EXPECT_EQ(c.return_values, ReturnValues::kAllOld);
  EXPECT_TRUE(c.condition.condition.Evaluate(nullptr));  // a missing item is a no-op
  EXPECT_FALSE(c.condition.condition.Evaluate(&kRow));
}

TEST(PartiqlLower, KeyEqualityErrors) {
  const std::string missing(lowering::kMissingKeyEquality);
  EXPECT_EQ(ErrorOf("DELETE FROM t WHERE PK = 'p'"), missing);
  EXPECT_EQ(ErrorOf("DELETE FROM t WHERE PK = 'p' OR SK = 's'"), missing);
  EXPECT_EQ(ErrorOf("UPDATE t SET a = 1 WHERE PK = 'p' AND SK > 's'"), missing);
  EXPECT_EQ(ErrorOf("UPDATE t SET a = 1"), missing);
  EXPECT_EQ(ErrorOf("SELECT * FROM t WHERE PK = 'p' AND SK > 'a' AND SK < 'z'"),
            lowering::kOverlappingRangeConditions);
}

TEST(PartiqlLower, StatementErrors) {
  EXPECT_EQ(ErrorOf("SELECT * FROM t WHERE PK = ?"),
            "Number of parameters in request and statement don't match.");
  EXPECT_EQ(ErrorOf("SELECT * FROM t WHERE PK = ?", {S("a"), S("b")}), "");  // extra: ignored
  EXPECT_EQ(ErrorOf(R"(SELECT * FROM "t"."ByG"."x")"),
            "A path may contain at most 2 components in the FROM clause");
  EXPECT_EQ(ErrorOf(R"(DELETE FROM "t"."ByG" WHERE G = 'g')"),
            "This operation is not supported on an index");
  EXPECT_EQ(ErrorOf("EXISTS(SELECT * FROM t WHERE PK = 'p' AND SK = 's')"),
            "EXISTS can only be used in ExecuteTransaction write requests.");
  EXPECT_EQ(ErrorOf("SELECT * FROM t WHERE foo(n)"), "Unrecognized function: foo at 1:23:3");
  EXPECT_EQ(ErrorOf("SELECT * FROM t WHERE l[*] = 1"),
            "Wildcard path component like a[*].b are not supported");
  EXPECT_EQ(
      ErrorOf("SELECT * FROM t WHERE n IS INT"),
      // The parser names the type as PartiQL does: INT is INTEGER.
      "Unsupported data type for IS operator: INTEGER. Supported data types are [MISSING, NULL, "
      "BOOLEAN, BLOB, STRING, NUMERIC, STRUCT, TUPLE, LIST]");
  EXPECT_EQ(ErrorOf("SELECT * FROM t WHERE n IN 5"),
            "IN operator must have a left hand argument of type Variable Reference and right hand "
            "argument of type Seq with at least one member");
  // A key attribute given two values names no single item; the same value again is fine.
  EXPECT_EQ(ErrorOf("UPDATE t SET a = 1 WHERE PK = 'p' AND SK = 's' AND PK = 'q'"),
            lowering::MultipleKeyConditions("PK"));
  EXPECT_EQ(ErrorOf("DELETE FROM t WHERE PK = 'p' AND SK = 's' AND SK = 't'"),
            lowering::MultipleKeyConditions("SK"));
  EXPECT_EQ(ErrorOf("DELETE FROM t WHERE PK = 'p' AND SK = 's' AND PK = 'p'"), "");
}

TEST(PartiqlLower, OrderByErrors) {
  EXPECT_EQ(ErrorOf("SELECT * FROM t ORDER BY SK"),
            "Must have WHERE clause in the statement when using ORDER BY clause.");
  EXPECT_EQ(ErrorOf("SELECT * FROM t WHERE n = 1 ORDER BY SK"),
            "Must have at least one non-optional hash key condition in WHERE clause when using "
            "ORDER BY clause.");
  EXPECT_EQ(ErrorOf("SELECT * FROM t WHERE PK = 'p' ORDER BY n"),
            "Variable reference n in ORDER BY clause must be part of the primary key");
}

TEST(PartiqlLower, InsertErrors) {
  EXPECT_EQ(ErrorOf("INSERT INTO t VALUE [1]"),
            "Unsupported format in item expression. Please use struct format {...} to express "
            "item values for insert statement.");
  EXPECT_EQ(ErrorOf("INSERT INTO t VALUE {'PK': <<>>}"), "Empty bags are not supported");
  EXPECT_EQ(ErrorOf("INSERT INTO t VALUE {'PK': <<1, 'a'>>}"),
            "Unsupported data type in Bag. DynamoDB only supports either numbers or strings in "
            "bags");
  EXPECT_EQ(ErrorOf("INSERT INTO t VALUE {'PK': <<'x', 'x'>>}"),
            "One or more parameter values were invalid: Input collection [x, x] contains "
            "duplicates.");
  EXPECT_EQ(ErrorOf("INSERT INTO t VALUE {'PK': 'a', 'PK': 'b'}"),
            "Duplicate keys in tuple. Key: PK under root");
  EXPECT_EQ(ErrorOf("INSERT INTO t VALUE {'a': {'x': 1e200}}"),
            "Number overflow. Attempting to store a number with magnitude larger than supported "
            "range under root.x");
}

TEST(PartiqlLower, ReturningErrors) {
  EXPECT_EQ(ErrorOf("DELETE FROM t WHERE PK = 'p' AND SK = 's' RETURNING MODIFIED OLD *"),
            "Invalid returning clause: RETURNING MODIFIED OLD *. Only RETURNING ALL OLD * is "
            "allowed in DELETE statements.");
  EXPECT_EQ(ErrorOf("DELETE FROM t WHERE PK = 'p' AND SK = 's' RETURNING ALL NEW *"),
            "Invalid returning clause: RETURNING ALL NEW *. Only RETURNING ALL OLD * is allowed "
            "in DELETE statements.");
}

TEST(PartiqlLower, SetFunctionErrors) {
  EXPECT_EQ(ErrorOf("UPDATE t SET a = set_add(b, <<'x'>>) WHERE PK = 'p' AND SK = 's'"),
            "The first argument to SET_ADD must equal the assignment value at 1:26:1");
  EXPECT_EQ(ErrorOf("UPDATE t SET a = set_delete(a, 'x') WHERE PK = 'p' AND SK = 's'"),
            "The second argument to SET_DELETE must be a value with type SET at 1:29:1");
  EXPECT_EQ(ErrorOf("UPDATE t SET a = set_add(a) WHERE PK = 'p' AND SK = 's'"),
            "SET_ADD must have exactly two arguments at 1:18:7");
}

}  // namespace
}  // namespace monotable::partiql::lower_test
