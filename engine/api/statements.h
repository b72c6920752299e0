#pragma once
// Typed requests and results of the PartiQL operations (ExecuteStatement,
// BatchExecuteStatement, ExecuteTransaction), which engine/statement parses, lowers and
// runs. The protocol decodes the JSON members into these after the service model's
// checks, and writes the results; NextToken's encoding stays in the protocol.
//
// Thread-safety: value types. Errors: none.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/api/requests.h"
#include "engine/base/status.h"

namespace monotable {

// A statement as given, with its Parameters (bound when it is lowered; more than its
// '?' are ignored, as on AWS).
struct StatementText {
  std::string text;
  std::vector<AttributeValue> parameters;
};

// How a statement runs: a read's consistency, Limit and start, a write's
// ReturnValuesOnConditionCheckFailure.
struct StatementOptions {
  bool consistent_read = false;
  std::optional<int64_t> limit;             // reads
  std::optional<Item> exclusive_start_key;  // reads: where a page resumes (NextToken)
  size_t start_partition = 0;               // `pk IN [...]`: the partition a page resumes at
  bool return_old_on_failure = false;       // writes: ALL_OLD
};

struct ExecuteStatementRequest {
  StatementText statement;
  StatementOptions options;
  // A NextToken that did not decode: returned once the statement has parsed, found its
  // table and lowered, since AWS checks the statement before the token.
  std::optional<Status> start_error;
};

struct ExecuteStatementResult {
  std::vector<item_codec::EncodedItem> items;  // a read's page, as stored
  std::optional<Item> item;                    // the item a write returns (RETURNING)
  std::optional<Item> last_evaluated_key;
  // A `pk IN [...]` read that ended between two partitions: the next page starts at
  // this one, from its beginning.
  std::optional<size_t> resume_partition;
  ConsumedCapacity consumed;
};

// An element of BatchExecuteStatement's Statements.
struct BatchStatementRequest {
  StatementText statement;
  bool consistent_read = false;
  // Checked by the protocol but unused: a failed condition returns no item in a batch
  // (recorded on AWS).
  bool return_old_on_failure = false;
  // Set when the caller may not run the statement (--iam): it answers this error and
  // does not run.
  std::optional<Status> refused;
};

struct BatchExecuteStatementRequest {
  std::vector<BatchStatementRequest> statements;
};

// One statement's answer: an error or its item; `table_name` once it reached its table.
struct BatchStatementResponse {
  std::optional<Status> error;
  std::optional<std::string> table_name;
  std::optional<Item> item;                             // a write's returned item
  std::optional<item_codec::EncodedItem> item_encoded;  // a read's, as stored
};

struct BatchExecuteStatementResult {
  std::vector<BatchStatementResponse> responses;  // in request order
  std::vector<ConsumedCapacity> consumed;         // of the statements that succeeded, per table
};

// An element of ExecuteTransaction's TransactStatements.
struct TransactStatementRequest {
  StatementText statement;
  bool return_old_on_failure = false;
};

struct ExecuteTransactionRequest {
  std::vector<TransactStatementRequest> statements;
  // ClientRequestToken, with the fingerprint of the request's parameters that decides
  // whether a repeat with the same token is the same request (TransactWriteRequest's).
  std::optional<std::string> client_request_token;
  std::string fingerprint;
};

struct ExecuteTransactionResult {
  bool reads = false;
  // Reads: per statement, in request order, the item as stored (projected) if it exists.
  // Writes: empty (AWS answers an empty Responses list).
  std::vector<std::optional<item_codec::EncodedItem>> items;
  std::vector<ConsumedCapacity> consumed;  // per table, in request order
};

}  // namespace monotable
