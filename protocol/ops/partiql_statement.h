#pragma once
// What ExecuteStatement and BatchExecuteStatement share: decoding a statement with its
// Parameters, preparing it (parse, look up the table, lower into an engine request:
// engine/partiql/lower.h) and running the request on the engine.

#include <optional>
#include <string_view>
#include <vector>

#include "engine/api/requests.h"
#include "engine/partiql/lower.h"
#include "protocol/json_reader.h"
#include "protocol/ops/operation_context.h"

namespace monotable::protocol::ops {

struct StatementInput {
  std::string_view text;  // points into the request body
  std::vector<AttributeValue> parameters;
};

// Statement and Parameters of `object`; `path` prefixes the constraint paths
// ("statements.1.member." in a batch, "" alone). Errors: kSerialization, kValidation
// (a malformed AttributeValue); constraint violations go to `errors`:
//   Value null at 'statement' failed to satisfy constraint: Member must not be null
//   ... 'statement' ... Member must have length less than or equal to 8192 (or >= 1)
//   ... 'parameters' ... Member must have length greater than or equal to 1
Result<StatementInput> DecodeStatementInput(JsonObject object, std::string_view path,
                                            ConstraintErrors& errors);

// Parses the statement, looks up its table and lowers it. Errors: the parser's and the
// lowering's (kValidation), kResourceNotFound "Requested resource not found".
Result<partiql::Lowered> PrepareStatement(const OperationContext& ctx, const StatementInput& input);

struct RunOptions {
  bool consistent_read = false;
  std::optional<int64_t> limit;             // reads
  std::optional<Item> exclusive_start_key;  // reads
  bool return_old_on_failure = false;       // writes
};

// What a statement produced: the page of a read (encoded as stored), or the item a
// write returns (RETURNING).
struct StatementOutcome {
  std::vector<item_codec::EncodedItem> encoded;
  std::optional<Item> item;
  std::optional<Item> last_evaluated_key;
  ConsumedCapacity consumed;
};

// Runs a prepared statement. Errors: the engine's for the request, with an INSERT's
// failed condition as kDuplicateItem "Duplicate primary key exists in table".
Result<StatementOutcome> RunStatement(const OperationContext& ctx, partiql::Lowered& lowered,
                                      RunOptions options);

}  // namespace monotable::protocol::ops
