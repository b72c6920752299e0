// Lowering of the single-item forms of BatchExecuteStatement and ExecuteTransaction.

#include <gtest/gtest.h>

#include "engine/partiql/errors.h"
#include "engine/partiql/lower.h"
#include "engine/partiql/lower_test_table.h"
#include "engine/partiql/parser.h"
#include "engine/testing/value_builders.h"

namespace monotable::partiql {
namespace {

using test_values::N;
using test_values::S;
using Kind = TransactWriteAction::Kind;

TableDefinition Table() { return testing::LoweringTable(); }

Result<GetItemRequest> Read(std::string_view text, Surface surface = Surface::kBatch,
                            std::vector<AttributeValue> parameters = {}) {
  auto parsed = ParseStatement(text);
  if (!parsed.ok()) return parsed.status();
  return LowerKeyRead(text, **parsed, parameters, Table(), surface);
}

Result<TransactWrite> Write(std::string_view text, std::vector<AttributeValue> parameters = {}) {
  auto parsed = ParseStatement(text);
  if (!parsed.ok()) return parsed.status();
  return LowerTransactWrite(text, **parsed, parameters, Table());
}

std::string ReadError(std::string_view text, Surface surface = Surface::kBatch) {
  auto read = Read(text, surface);
  return read.ok() ? "" : read.status().message();
}

std::string WriteError(std::string_view text) {
  auto write = Write(text);
  return write.ok() ? "" : write.status().message();
}

// The reason a write cancels the transaction with, or "" when it runs.
std::string ReasonOf(std::string_view text) {
  auto write = Write(text);
  EXPECT_TRUE(write.ok()) << text << " -> " << write.status().message();
  if (!write.ok() || !write->reason) return "";
  EXPECT_EQ(write->reason->code, "ValidationError");
  return write->reason->message;
}

const Item kKey = {{"PK", S("p")}, {"SK", S("s")}};

TEST(PartiqlLowerKeyed, ReadsByTheFullKey) {
  for (std::string_view text : {"SELECT * FROM t WHERE PK = 'p' AND SK = 's'",
                                "SELECT * FROM t WHERE 's' = SK AND PK = 'p'",
                                "SELECT * FROM t WHERE PK IN ['p'] AND SK IN ('s')",
                                "SELECT * FROM t WHERE (SK = 's') AND PK = 'p' AND PK = 'p'"}) {
    auto get = Read(text);
    ASSERT_TRUE(get.ok()) << text << " -> " << get.status().message();
    EXPECT_EQ(get->table_name, "t");
    EXPECT_EQ(get->key, kKey) << text;
    EXPECT_FALSE(get->projection.has_value());
  }
  auto get =
      Read("SELECT a, m.b FROM t WHERE PK = ? AND SK = ?", Surface::kTransaction, {S("p"), S("s")});
  ASSERT_TRUE(get.ok()) << get.status().message();
  EXPECT_EQ(get->key, kKey);
  EXPECT_TRUE(get->projection.has_value());
}

TEST(PartiqlLowerKeyed, ReadsThatNameNoSingleItemAreRefused) {
  const std::string batch(lowering::kBatchSelectNeedsKey);
  const std::string txn(lowering::kTransactionSelectNeedsKey);
  for (std::string_view text :
       {"SELECT * FROM t WHERE PK = 'p'", "SELECT * FROM t WHERE PK = 'p' AND SK = 's' AND n = 1",
        "SELECT * FROM t WHERE PK = 'p' AND SK = 's' AND PK = 'q'",
        "SELECT * FROM t WHERE PK IN ['p', 'q'] AND SK = 's'",
        "SELECT * FROM t WHERE PK IN ['q'] AND PK = 'p' AND SK = 's'",
        "SELECT * FROM t WHERE PK = 'p' OR SK = 's'", "SELECT * FROM t",
        "SELECT * FROM t WHERE PK = 'p' AND SK > 's'"}) {
    EXPECT_EQ(ReadError(text), batch) << text;
    EXPECT_EQ(ReadError(text, Surface::kTransaction), txn) << text;
  }
  EXPECT_EQ(ReadError(R"(SELECT * FROM t."ByG" WHERE G = 'g' AND SK = 's')"), batch);
  EXPECT_EQ(ReadError(R"(SELECT * FROM t."ByG" WHERE G = 'g' AND SK = 's')", Surface::kTransaction),
            lowering::kIndexReadInTransaction);
}

TEST(PartiqlLowerKeyed, TooManyDecomposedReads) {
  std::string values;
  for (int i = 0; i < 51; ++i) values += (i ? ", '" : "'") + std::to_string(i) + "'";
  EXPECT_EQ(ReadError("SELECT * FROM t WHERE PK IN [" + values + "] AND SK = 's'"),
            lowering::kTooManyDecomposedReads);
  EXPECT_EQ(ReadError("SELECT * FROM t WHERE PK = 'p' AND SK IN [" + values + "]"),
            lowering::kTooManyDecomposedReads);
}

TEST(PartiqlLowerKeyed, TransactionWritesBecomeActions) {
  auto insert = Write("INSERT INTO t VALUE {'PK': 'p', 'SK': 's', 'a': 1}");
  ASSERT_TRUE(insert.ok()) << insert.status().message();
  EXPECT_EQ(insert->action.kind, Kind::kPut);
  EXPECT_TRUE(insert->insert);
  EXPECT_EQ(insert->action.item.at("a"), N("1"));
  EXPECT_FALSE(insert->action.condition.condition.empty());
  EXPECT_FALSE(insert->reason.has_value());

  auto update = Write("UPDATE t SET a = a + 1 WHERE PK = 'p' AND SK = 's' AND a > 0");
  ASSERT_TRUE(update.ok()) << update.status().message();
  EXPECT_EQ(update->action.kind, Kind::kUpdate);
  EXPECT_EQ(update->action.item, kKey);
  Item row = {{"PK", S("p")}, {"SK", S("s")}, {"a", N("1")}};
  const std::vector<std::string_view> keys = {"PK", "SK"};
  auto after = update->action.update.Apply(row, keys);
  ASSERT_TRUE(after.ok()) << after.status().message();
  EXPECT_EQ(after->at("a"), N("2"));
  EXPECT_TRUE(update->action.condition.condition.Evaluate(&row));
  EXPECT_FALSE(update->action.condition.condition.Evaluate(nullptr));

  auto del = Write("DELETE FROM t WHERE PK = 'p' AND SK = 's'");
  ASSERT_TRUE(del.ok()) << del.status().message();
  EXPECT_EQ(del->action.kind, Kind::kDelete);
  EXPECT_EQ(del->action.item, kKey);
  EXPECT_FALSE(del->insert);
}

TEST(PartiqlLowerKeyed, ExistsIsAConditionCheck) {
  auto check = Write("EXISTS(SELECT * FROM t WHERE PK = 'p' AND SK = 's' AND a = 1)");
  ASSERT_TRUE(check.ok()) << check.status().message();
  EXPECT_EQ(check->action.kind, Kind::kConditionCheck);
  EXPECT_EQ(check->action.item, kKey);
  Item row = {{"PK", S("p")}, {"SK", S("s")}, {"a", N("1")}};
  EXPECT_TRUE(check->action.condition.condition.Evaluate(&row));
  EXPECT_FALSE(check->action.condition.condition.Evaluate(nullptr));  // a missing item fails
  // A second key equality is part of the condition, as on AWS.
  auto other = Write("EXISTS(SELECT * FROM t WHERE PK = 'p' AND SK = 's' AND PK = 'q')");
  ASSERT_TRUE(other.ok()) << other.status().message();
  EXPECT_EQ(other->action.item, kKey);
  EXPECT_FALSE(other->action.condition.condition.Evaluate(&row));

  for (std::string_view text :
       {"EXISTS(SELECT * FROM t WHERE PK = 'p' AND SK = 's')",
        "EXISTS(SELECT * FROM t WHERE PK = 'p' AND a = 1)",
        "EXISTS(SELECT * FROM t WHERE PK IN ['p'] AND SK = 's' AND a = 1)"}) {
    EXPECT_EQ(WriteError(text), lowering::kExistsNeedsCondition) << text;
  }
  EXPECT_EQ(WriteError(R"(EXISTS(SELECT * FROM t."ByG" WHERE G = 'g' AND SK = 's' AND a = 1))"),
            lowering::kIndexInTransactionCheck);
}

TEST(PartiqlLowerKeyed, TransactionRefusals) {
  EXPECT_EQ(WriteError("UPDATE t SET a = 1 WHERE PK = 'p' AND SK = 's' RETURNING ALL NEW *"),
            lowering::kReturningInTransaction);
  EXPECT_EQ(WriteError("DELETE FROM t WHERE PK = 'p' AND SK = 's' RETURNING ALL OLD *"),
            lowering::kReturningInTransaction);
  EXPECT_EQ(WriteError("SELECT * FROM t WHERE PK = 'p' AND SK = 's'"),
            lowering::kTransactionReadAndWrite);
  EXPECT_EQ(WriteError("UPDATE t SET a = ? WHERE PK = 'p' AND SK = 's'"),
            "Number of parameters in request and statement don't match.");
}

TEST(PartiqlLowerKeyed, WritesThatNameNoItemOfTheSchemaAreCancellationReasons) {
  const std::string not_schema = "The provided key element does not match the schema";
  EXPECT_EQ(ReasonOf("UPDATE t SET a = 1 WHERE PK = 'p'"), not_schema);
  EXPECT_EQ(ReasonOf("UPDATE t SET a = 1 WHERE PK IN ['p'] AND SK = 's'"), not_schema);
  EXPECT_EQ(ReasonOf("DELETE FROM t WHERE SK = 's'"), not_schema);
  EXPECT_EQ(ReasonOf("UPDATE t SET a = 1 WHERE PK = 'p' AND SK = 1"), not_schema);
  EXPECT_EQ(ReasonOf("UPDATE t SET a = 1 WHERE PK = 'p' AND SK = 's' AND PK = 'q'"),
            lowering::MultipleKeyConditions("PK"));
  EXPECT_EQ(ReasonOf("INSERT INTO t VALUE {'PK': 'p'}"),
            "One or more parameter values were invalid: Missing the key SK in the item");
  EXPECT_EQ(ReasonOf("UPDATE t SET a = 1 WHERE PK = 'p' AND SK = 's' AND PK = 'p'"), "");
}

}  // namespace
}  // namespace monotable::partiql
