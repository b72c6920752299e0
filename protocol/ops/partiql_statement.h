#pragma once
// What ExecuteStatement and BatchExecuteStatement share: decoding a statement with its
// Parameters, preparing it (parse, look up the table, lower into an engine request:
// engine/partiql/lower.h) and running the request on the engine.

#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "engine/api/requests.h"
#include "engine/partiql/ast.h"
#include "engine/partiql/lower.h"
#include "protocol/json_reader.h"
#include "protocol/ops/operation_context.h"

namespace monotable::protocol::ops {

struct StatementInput {
  std::string_view text;  // points into the request body
  std::vector<AttributeValue> parameters;
};

// Statement and Parameters of `object`, after the service model's checks (required,
// lengths) passed. Errors: kSerialization, kValidation (a malformed AttributeValue).
Result<StatementInput> DecodeStatementInput(JsonObject object);

// An element of BatchExecuteStatement's Statements or ExecuteTransaction's
// TransactStatements: its statement and Parameters, ConsistentRead (Statements only)
// and whether ReturnValuesOnConditionCheckFailure asks for ALL_OLD.
struct ListedStatement {
  StatementInput input;
  bool consistent_read = false;
  bool return_old_on_failure = false;
};

// The elements of such a list, after the model's checks. `consistent_read`: the list's
// elements have a ConsistentRead member (BatchStatementRequest). Errors: kSerialization,
// kValidation (a malformed AttributeValue).
Result<std::vector<ListedStatement>> DecodeStatementList(JsonArray list, bool consistent_read);

// The same, into an operation's own statement type (derived from ListedStatement).
template <typename T>
Result<std::vector<T>> DecodeStatementListAs(JsonArray list, bool consistent_read) {
  MT_ASSIGN_OR_RETURN(listed, DecodeStatementList(list, consistent_read));
  std::vector<T> statements(listed.size());
  for (size_t i = 0; i < listed.size(); ++i) {
    static_cast<ListedStatement&>(statements[i]) = std::move(listed[i]);
  }
  return statements;
}

// DynamoDB Local's text for an INSERT of an existing key (ValidationExceptionMessages
// DUPLICATE_ITEM_IN_TABLE), the same as AWS's in recorded AWS CLI and SDK output.
inline constexpr std::string_view kDuplicateItem = "Duplicate primary key exists in table";

// The statement's syntax tree, parsed once per text (the engine's statement cache).
// Errors: the parser's (kValidation).
Result<std::shared_ptr<const partiql::ast::Statement>> ParseStatement(const OperationContext& ctx,
                                                                      std::string_view text);

// Parses the statement, looks up its table and lowers it. Errors: the parser's and the
// lowering's (kValidation), kResourceNotFound "Requested resource not found".
Result<partiql::Lowered> PrepareStatement(const OperationContext& ctx, const StatementInput& input);
// The same for a statement already parsed.
Result<partiql::Lowered> PrepareStatement(const OperationContext& ctx, const StatementInput& input,
                                          const partiql::ast::Statement& statement);

struct RunOptions {
  bool consistent_read = false;
  std::optional<int64_t> limit;             // reads
  std::optional<Item> exclusive_start_key;  // reads
  size_t start_partition = 0;               // PartitionQueries: where a page resumes
  bool return_old_on_failure = false;       // writes
};

// What a statement produced: the page of a read (encoded as stored), or the item a
// write returns (RETURNING).
struct StatementOutcome {
  std::vector<item_codec::EncodedItem> encoded;
  std::optional<Item> item;
  std::optional<Item> last_evaluated_key;
  // PartitionQueries that ended between two partitions: the next page starts at this
  // one, from its beginning.
  std::optional<size_t> resume_partition;
  ConsumedCapacity consumed;
};

// Runs a prepared statement. Errors: the engine's for the request, with an INSERT's
// failed condition as kDuplicateItem "Duplicate primary key exists in table".
Result<StatementOutcome> RunStatement(const OperationContext& ctx, partiql::Lowered& lowered,
                                      RunOptions options);

}  // namespace monotable::protocol::ops
