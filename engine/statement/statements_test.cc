// The PartiQL operations run inside the engine (statements.h), through the facade's
// ExecuteStatement, BatchExecuteStatement and ExecuteTransaction on an in-memory engine.
#include "engine/statement/statements.h"

#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/engine.h"
#include "engine/partiql/errors.h"
#include "engine/statement/run_lowered.h"
#include "engine/testing/in_memory_engine.h"
#include "engine/testing/indexed_table.h"
#include "engine/testing/value_builders.h"

namespace monotable {
namespace {

using test_values::N;
using test_values::S;

class StatementsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    engine_ = test_engine::OpenInMemory(std::make_unique<FakeClock>(1732000000000));
    ASSERT_NE(engine_, nullptr);
    // pk (S) / sk (N), on demand; its indexes play no part here.
    ASSERT_TRUE(engine_->CreateTable(ctx_, test_tables::IndexedTableRequest("t")).ok());
    for (const char* pk : {"a", "b"}) {
      for (int sk = 1; sk <= 2; ++sk) {
        auto put = Execute("INSERT INTO t VALUE {'pk': ?, 'sk': ?, 'v': 'x'}",
                           {S(pk), N(std::to_string(sk))});
        ASSERT_TRUE(put.ok()) << put.status().message();
      }
    }
  }

  Result<ExecuteStatementResult> Execute(std::string text, std::vector<AttributeValue> params = {},
                                         std::optional<int64_t> limit = std::nullopt) {
    ExecuteStatementRequest request;
    request.statement = {std::move(text), std::move(params)};
    request.options.limit = limit;
    return engine_->ExecuteStatement(ctx_, request);
  }

  static BatchStatementRequest Listed(std::string text) {
    BatchStatementRequest s;
    s.statement.text = std::move(text);
    return s;
  }

  static ExecuteTransactionRequest Transaction(const std::vector<std::string>& texts) {
    ExecuteTransactionRequest request;
    for (const std::string& text : texts) request.statements.push_back({{text, {}}, false});
    return request;
  }

  std::unique_ptr<Engine> engine_;
  const RequestContext ctx_{"ns"};
};

TEST_F(StatementsTest, SelectByPartitionKeyQueries) {
  auto result = Execute("SELECT * FROM t WHERE pk = 'a'");
  ASSERT_TRUE(result.ok()) << result.status().message();
  EXPECT_EQ(result->items.size(), 2u);
  EXPECT_FALSE(result->last_evaluated_key);
  EXPECT_EQ(result->consumed.table_name, "t");
}

TEST_F(StatementsTest, ParseErrorComesBeforeTheStartError) {
  ExecuteStatementRequest request;
  request.statement.text = "SELEC * FROM t";
  request.start_error = Status::Validation("Invalid NextToken");
  auto bad = engine_->ExecuteStatement(ctx_, request);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message(), "Invalid NextToken");

  request.statement.text = "SELECT * FROM nope WHERE pk = 'a'";
  EXPECT_EQ(engine_->ExecuteStatement(ctx_, request).status().code(), ErrorCode::kResourceNotFound);

  request.statement.text = "SELECT * FROM t WHERE pk = 'a'";
  EXPECT_EQ(engine_->ExecuteStatement(ctx_, request).status().message(), "Invalid NextToken");
}

TEST_F(StatementsTest, InListResumesAtAPartitionOrAKey) {
  ExecuteStatementRequest request;
  request.statement.text = "SELECT * FROM t WHERE pk IN ['a', 'b']";
  auto all = engine_->ExecuteStatement(ctx_, request);
  ASSERT_TRUE(all.ok()) << all.status().message();
  EXPECT_EQ(all->items.size(), 4u);

  request.options.start_partition = 1;  // where a page that ended after 'a' resumes
  auto second = engine_->ExecuteStatement(ctx_, request);
  ASSERT_TRUE(second.ok()) << second.status().message();
  EXPECT_EQ(second->items.size(), 2u);

  request.options.start_partition = 2;  // past the list
  EXPECT_EQ(engine_->ExecuteStatement(ctx_, request).status().message(),
            "The provided starting key is invalid");

  // A Limit ends the page inside 'b'; its key resumes there.
  request.options.start_partition = 0;
  request.options.limit = 3;
  auto first = engine_->ExecuteStatement(ctx_, request);
  ASSERT_TRUE(first.ok()) << first.status().message();
  EXPECT_EQ(first->items.size(), 3u);
  ASSERT_TRUE(first->last_evaluated_key);
  EXPECT_EQ(first->last_evaluated_key->at("pk"), S("b"));
  request.options.limit.reset();
  request.options.exclusive_start_key = first->last_evaluated_key;
  auto rest = engine_->ExecuteStatement(ctx_, request);
  ASSERT_TRUE(rest.ok()) << rest.status().message();
  EXPECT_EQ(rest->items.size(), 1u);
}

TEST_F(StatementsTest, InsertOfAnExistingKeyIsADuplicateItem) {
  auto again = Execute("INSERT INTO t VALUE {'pk': 'a', 'sk': 1}");
  EXPECT_EQ(again.status().code(), ErrorCode::kDuplicateItem);
  EXPECT_EQ(again.status().message(), statement::kDuplicateItem);
}

TEST_F(StatementsTest, BatchMixingReadsAndWritesIsRefused) {
  BatchExecuteStatementRequest request;
  request.statements = {Listed("SELECT * FROM t WHERE pk = 'a' AND sk = 1"),
                        Listed("DELETE FROM t WHERE pk = 'a' AND sk = 1")};
  auto result = engine_->BatchExecuteStatement(ctx_, request);
  EXPECT_EQ(result.status().code(), ErrorCode::kValidation);
  EXPECT_EQ(result.status().message(), partiql::lowering::kBatchReadAndWrite);
  EXPECT_TRUE(Execute("SELECT * FROM t WHERE pk = 'a' AND sk = 1")->items.size() == 1);
}

TEST_F(StatementsTest, BatchAnswersEachStatement) {
  BatchExecuteStatementRequest request;
  request.statements = {Listed("SELECT * FROM t WHERE pk = 'a' AND sk = 1"),
                        Listed("SELECT * FROM nope WHERE pk = 'a' AND sk = 1"),
                        Listed("SELEC * FROM t"), Listed("SELECT * FROM t WHERE pk = 'a'"),
                        Listed("SELECT * FROM t WHERE pk = 'b' AND sk = 2")};
  request.statements[4].refused = Status(ErrorCode::kAccessDenied, "denied");
  auto result = engine_->BatchExecuteStatement(ctx_, request);
  ASSERT_TRUE(result.ok()) << result.status().message();
  ASSERT_EQ(result->responses.size(), 5u);
  const auto& r = result->responses;
  EXPECT_FALSE(r[0].error);
  EXPECT_EQ(r[0].table_name, "t");
  EXPECT_TRUE(r[0].item_encoded);
  // A missing table, a parse error and a refusal never reached a table: no name.
  EXPECT_EQ(r[1].error->code(), ErrorCode::kResourceNotFound);
  EXPECT_FALSE(r[1].table_name);
  EXPECT_EQ(r[2].error->code(), ErrorCode::kValidation);
  EXPECT_FALSE(r[2].table_name);
  // Not the full key: refused by the lowering, before the read.
  EXPECT_EQ(r[3].error->code(), ErrorCode::kValidation);
  EXPECT_FALSE(r[3].table_name);
  EXPECT_EQ(r[4].error->code(), ErrorCode::kAccessDenied);
  EXPECT_FALSE(r[4].table_name);
  ASSERT_EQ(result->consumed.size(), 1u);  // the statement that succeeded
  EXPECT_EQ(result->consumed[0].table_name, "t");
}

TEST_F(StatementsTest, TransactionOnAMissingTableIsCancelled) {
  auto result = engine_->ExecuteTransaction(
      ctx_, Transaction({"UPDATE t SET v = 'y' WHERE pk = 'a' AND sk = 1",
                         "DELETE FROM nope WHERE pk = 'a' AND sk = 1"}));
  ASSERT_EQ(result.status().code(), ErrorCode::kTransactionCanceled);
  ASSERT_TRUE(result.status().detail());
  const auto& reasons = result.status().detail()->cancellation_reasons;
  ASSERT_EQ(reasons.size(), 2u);
  EXPECT_EQ(reasons[0].code, "None");
  EXPECT_EQ(reasons[1].code, "ResourceNotFound");
  // Nothing ran: both items of 'a' still hold v = 'x'.
  EXPECT_EQ(Execute("SELECT * FROM t WHERE pk = 'a' AND v = 'x'")->items.size(), 2u);
}

TEST_F(StatementsTest, TransactionChecksInAwsOrder) {
  // A lowering refusal names its statement.
  auto refused = engine_->ExecuteTransaction(
      ctx_, Transaction({"DELETE FROM t WHERE pk = 'a' AND sk = 1",
                         "UPDATE t SET v = 'y' WHERE pk = 'a' AND sk = 2 RETURNING ALL NEW *"}));
  EXPECT_EQ(refused.status().code(), ErrorCode::kValidation);
  EXPECT_EQ(refused.status().message().rfind(partiql::lowering::kTransactionStatementPrefix, 0),
            0u);
  EXPECT_NE(refused.status().message().find("TransactStatements[1]"), std::string::npos);
  // Reads and writes together.
  auto mixed =
      engine_->ExecuteTransaction(ctx_, Transaction({"SELECT * FROM t WHERE pk = 'a' AND sk = 1",
                                                     "DELETE FROM t WHERE pk = 'a' AND sk = 1"}));
  EXPECT_EQ(mixed.status().message(), partiql::lowering::kTransactionReadAndWrite);
}

TEST_F(StatementsTest, TransactionInsertOfAnExistingKeyIsADuplicateItem) {
  auto result = engine_->ExecuteTransaction(
      ctx_, Transaction({"INSERT INTO t VALUE {'pk': 'a', 'sk': 1}",
                         "UPDATE t SET v = 'y' WHERE pk = 'b' AND sk = 1"}));
  ASSERT_EQ(result.status().code(), ErrorCode::kTransactionCanceled);
  const auto& reasons = result.status().detail()->cancellation_reasons;
  ASSERT_EQ(reasons.size(), 2u);
  EXPECT_EQ(reasons[0].code, "DuplicateItem");
  EXPECT_EQ(reasons[0].message, statement::kDuplicateItem);
}

TEST_F(StatementsTest, TransactionReadsItsItems) {
  auto result =
      engine_->ExecuteTransaction(ctx_, Transaction({"SELECT * FROM t WHERE pk = 'a' AND sk = 1",
                                                     "SELECT * FROM t WHERE pk = 'b' AND sk = 9"}));
  ASSERT_TRUE(result.ok()) << result.status().message();
  EXPECT_TRUE(result->reads);
  ASSERT_EQ(result->items.size(), 2u);
  EXPECT_TRUE(result->items[0]);
  EXPECT_FALSE(result->items[1]);
}

}  // namespace
}  // namespace monotable
