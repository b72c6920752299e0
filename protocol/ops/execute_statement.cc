// ExecuteStatement: one PartiQL statement, which the engine parses, lowers into the item
// operations, Query or Scan, and runs (Engine::ExecuteStatement); here only its JSON.
//
// NextToken is opaque to clients: base64 of {"h": <hash of the statement>, "k":
// <LastEvaluatedKey>} or, for a `pk IN [...]` read that ended between two partitions,
// {"h": ..., "p": <the partition to start at>}. The hash ties a token to its statement,
// so that a token given with another statement is refused as AWS does, instead of
// starting that statement's read at an unrelated key.
#include <cstdint>
#include <cstdio>
#include <string>

#include "protocol/attribute_value_json.h"
#include "protocol/base64.h"
#include "protocol/encoded_item_json.h"
#include "protocol/expression_params.h"
#include "protocol/json_writer.h"
#include "protocol/ops/capacity_json.h"
#include "protocol/ops/handlers.h"
#include "protocol/ops/partiql_statement.h"

namespace monotable::protocol::ops {
namespace {

// DynamoDB Local's texts (ValidationExceptionMessages INVALID_NEXT_TOKEN and
// CONT_TOKEN_HASH_MISMATCH).
constexpr std::string_view kInvalidNextToken = "Invalid NextToken";
constexpr std::string_view kTokenMismatch = "NextToken does not match request";

// FNV-1a: stable across builds and runs, unlike std::hash, so tokens survive a restart.
std::string StatementHash(std::string_view text) {
  uint64_t h = 14695981039346656037ull;
  for (unsigned char c : text) h = (h ^ c) * 1099511628211ull;
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
  return hex;
}

std::string EncodeNextToken(std::string_view statement, const ExecuteStatementResult& outcome) {
  JsonWriter w;
  w.BeginObject().Key("h").String(StatementHash(statement));
  if (outcome.last_evaluated_key) {
    w.Key("k");
    WriteItem(w, *outcome.last_evaluated_key);
  } else {
    w.Key("p").Int(static_cast<int64_t>(*outcome.resume_partition));
  }
  w.EndObject();
  return Base64Encode(w.Take());
}

// Sets the options' start key or start partition from `token`.
Status DecodeNextToken(std::string_view statement, std::string_view token,
                       StatementOptions& options) {
  Status invalid = Status::Validation(std::string(kInvalidNextToken));
  Result<std::string> json = Base64Decode(token);
  if (!json.ok()) return invalid;
  JsonParser parser;
  Result<JsonObject> object = parser.ParseObject(*json);
  if (!object.ok()) return invalid;
  Result<std::optional<std::string_view>> hash = OptionalString(*object, "h");
  Result<std::optional<JsonObject>> key = OptionalObject(*object, "k");
  Result<std::optional<int64_t>> partition = OptionalInt(*object, "p");
  if (!hash.ok() || !key.ok() || !partition.ok() || !*hash || (!*key && !*partition)) {
    return invalid;
  }
  if (**hash != StatementHash(statement)) {
    return Status::Validation(std::string(kTokenMismatch));
  }
  if (*partition) {
    if (**partition < 0) return invalid;
    options.start_partition = static_cast<size_t>(**partition);
    return Status::Ok();
  }
  Result<Item> item = DecodeItem(**key);
  if (!item.ok()) return invalid;
  options.exclusive_start_key = std::move(*item);
  return Status::Ok();
}

}  // namespace

Result<std::string> ExecuteStatement(const OperationContext& ctx, JsonObject request) {
  MT_ASSIGN_OR_RETURN(input, DecodeStatementInput(request));
  ExecuteStatementRequest statement;
  statement.statement = std::move(input);
  StatementOptions& options = statement.options;
  MT_ASSIGN_OR_RETURN(consistent, OptionalBool(request, "ConsistentRead"));
  options.consistent_read = consistent.value_or(false);
  MT_ASSIGN_OR_RETURN(limit, OptionalInt(request, "Limit"));
  options.limit = limit;
  MT_ASSIGN_OR_RETURN(token, OptionalString(request, "NextToken"));
  MT_ASSIGN_OR_RETURN(capacity, DecodeReturnConsumedCapacity(request));
  MT_ASSIGN_OR_RETURN(return_old, DecodeReturnOldOnConditionFailure(request));
  options.return_old_on_failure = return_old;
  if (token) {
    // The engine answers a bad token only once the statement has been checked.
    Status decoded = DecodeNextToken(statement.statement.text, *token, options);
    if (!decoded.ok()) statement.start_error = std::move(decoded);
  }
  MT_ASSIGN_OR_RETURN(outcome, ctx.engine.ExecuteStatement(ctx.request, statement));

  size_t stored_bytes = 0;
  for (const auto& item : outcome.items) stored_bytes += item.size();
  JsonWriter w(stored_bytes + stored_bytes / 2 + 512);  // JSON is about 1.5x the stored size
  w.BeginObject().Key("Items").BeginArray();
  for (const auto& item : outcome.items) MT_RETURN_IF_ERROR(WriteEncodedItem(w, item));
  if (outcome.item) WriteItem(w, *outcome.item);
  w.EndArray();
  if (outcome.last_evaluated_key || outcome.resume_partition) {
    w.Key("NextToken").String(EncodeNextToken(statement.statement.text, outcome));
  }
  if (outcome.last_evaluated_key) {
    w.Key("LastEvaluatedKey");
    WriteItem(w, *outcome.last_evaluated_key);
  }
  WriteConsumedCapacity(w, outcome.consumed, capacity);
  w.EndObject();
  return w.Take();
}

}  // namespace monotable::protocol::ops
