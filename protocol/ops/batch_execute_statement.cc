// BatchExecuteStatement: up to 25 PartiQL statements, all reads or all writes, each run
// on its own and answered on its own: a response is {TableName, Item?} or {Error: {Code,
// Message}}, and a statement that fails (a failed condition, a duplicate INSERT, a
// refusal, a missing table, throttling) fails alone, as BatchWriteItem's and
// BatchGetItem's unprocessed entries do; the call itself answers 200.
//
// A read names one item by its full primary key and runs as GetItem
// (engine/partiql/lower.h LowerKeyRead); a write runs as ExecuteStatement's does
// (INSERT, UPDATE, DELETE with RETURNING). AWS's behaviour, as recorded by the
// dynamodb-conformance suites and floci's PartiQL tests: a statement that did not
// parse or was refused before reaching its table has no TableName; one that ran and
// failed has it; ReturnValuesOnConditionCheckFailure is accepted but returns no item;
// ConsumedCapacity counts the statements that succeeded, per table. Mixing reads and
// writes fails the whole call with DynamoDB Local's text. With --iam, a statement its
// caller may not run answers {Error: {Code: AccessDenied, Message: AccessDeniedException's
// text}} and the others run (ctx.refused_statements).
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/partiql/errors.h"
#include "protocol/attribute_value_json.h"
#include "protocol/encoded_item_json.h"
#include "protocol/expression_params.h"
#include "protocol/json_writer.h"
#include "protocol/ops/capacity_json.h"
#include "protocol/ops/handlers.h"
#include "protocol/ops/partiql_statement.h"
#include "protocol/ops/transact_common.h"

namespace monotable::protocol::ops {
namespace {

// ReturnValuesOnConditionCheckFailure is checked, but a failed condition returns no
// item in a batch (recorded on AWS).
struct BatchStatement : ListedStatement {
  std::shared_ptr<const partiql::ast::Statement> parsed;
  // The answer.
  std::optional<Status> error;
  bool ran = false;  // reached its table: the response names it
  std::string table_name;
  std::optional<Item> item;                             // a write's returned item
  std::optional<item_codec::EncodedItem> item_encoded;  // a read's, as stored
};

// BatchStatementErrorCodeEnum (botocore's model) for an error status.
std::string_view ErrorCodeName(ErrorCode code) {
  switch (code) {
    case ErrorCode::kConditionalCheckFailed: return "ConditionalCheckFailed";
    case ErrorCode::kDuplicateItem: return "DuplicateItem";
    case ErrorCode::kValidation: return "ValidationError";
    case ErrorCode::kResourceNotFound: return "ResourceNotFound";
    case ErrorCode::kTransactionConflict: return "TransactionConflict";
    case ErrorCode::kItemCollectionSizeLimitExceeded: return "ItemCollectionSizeLimitExceeded";
    case ErrorCode::kProvisionedThroughputExceeded: return "ProvisionedThroughputExceeded";
    case ErrorCode::kThrottling: return "ThrottlingError";
    case ErrorCode::kAccessDenied: return "AccessDenied";
    default: return "InternalServerError";
  }
}

// Parses each statement; one that does not parse (or is an EXISTS) answers its own
// error. Returns true when the batch reads; the statements that parsed must agree.
Result<bool> ParseAll(const OperationContext& ctx, std::vector<BatchStatement>& statements) {
  std::optional<bool> reads;
  for (BatchStatement& s : statements) {
    Result<std::shared_ptr<const partiql::ast::Statement>> parsed =
        ParseStatement(ctx, s.input.text);
    if (parsed.ok() && (*parsed)->kind == partiql::ast::Statement::Kind::kExists) {
      parsed = Status::Validation(std::string(partiql::lowering::kExistsOutsideTransaction));
    }
    if (!parsed.ok()) {
      s.error = parsed.status();
      continue;
    }
    const bool read = (*parsed)->kind == partiql::ast::Statement::Kind::kSelect;
    if (!reads) reads = read;
    if (read != *reads) {
      return Status::Validation(std::string(partiql::lowering::kBatchReadAndWrite));
    }
    s.parsed = std::move(*parsed);
  }
  return reads.value_or(true);
}

// Runs one statement that parsed; its answer goes into `s`, its consumption into
// `consumed`.
void Run(const OperationContext& ctx, bool reads, BatchStatement& s,
         std::vector<ConsumedCapacity>& consumed) {
  Result<partiql::Target> target = partiql::TargetOf(*s.parsed);
  Result<TableDefinition> table = target.ok()
                                      ? ctx.engine.TableDefinitionOf(ctx.request, target->table)
                                      : Result<TableDefinition>(target.status());
  if (!table.ok()) {
    s.error = table.status();
    return;
  }
  s.table_name = target->table;
  if (reads) {
    Result<GetItemRequest> get = partiql::LowerKeyRead(s.input.text, *s.parsed, s.input.parameters,
                                                       *table, partiql::Surface::kBatch);
    if (!get.ok()) {
      s.error = get.status();
      return;
    }
    get->consistent_read = s.consistent_read;
    s.ran = true;
    Result<ItemResult> result = ctx.engine.GetItem(ctx.request, *get);
    if (!result.ok()) {
      s.error = result.status();
      return;
    }
    s.item_encoded = std::move(result->item_encoded);
    capacity::AddPerTable(consumed, result->consumed);
    return;
  }
  Result<partiql::Lowered> lowered =
      partiql::Lower(s.input.text, *s.parsed, s.input.parameters, *table);
  if (!lowered.ok()) {
    s.error = lowered.status();
    return;
  }
  s.ran = true;
  Result<StatementOutcome> outcome = RunStatement(ctx, *lowered, RunOptions{});
  if (!outcome.ok()) {
    s.error = outcome.status();
    return;
  }
  s.item = std::move(outcome->item);
  capacity::AddPerTable(consumed, outcome->consumed);
}

// Errors: kInternal (a corrupt stored item).
Status WriteResponse(JsonWriter& w, const BatchStatement& s) {
  w.BeginObject();
  if (s.error) {
    w.Key("Error").BeginObject();
    w.Key("Code").String(ErrorCodeName(s.error->code()));
    w.Key("Message").Utf8String(s.error->message());
    w.EndObject();
  }
  if (s.ran) w.Key("TableName").String(s.table_name);
  if (s.item) {
    w.Key("Item");
    WriteItem(w, *s.item);
  } else if (s.item_encoded) {
    w.Key("Item");
    MT_RETURN_IF_ERROR(WriteEncodedItem(w, *s.item_encoded));
  }
  w.EndObject();
  return Status::Ok();
}

}  // namespace

Result<std::string> BatchExecuteStatement(const OperationContext& ctx, JsonObject request) {
  MT_ASSIGN_OR_RETURN(list, RequiredList(request, "Statements"));
  MT_ASSIGN_OR_RETURN(statements,
                      DecodeStatementListAs<BatchStatement>(list, /*consistent_read=*/true));
  MT_ASSIGN_OR_RETURN(capacity, DecodeReturnConsumedCapacity(request));
  MT_ASSIGN_OR_RETURN(reads, ParseAll(ctx, statements));
  // A statement --iam refused answers its denial and does not run; the refusal came
  // before its table was read, so its entry names none.
  for (const RefusedStatement& refused : ctx.refused_statements) {
    if (refused.index >= statements.size()) continue;
    statements[refused.index].error = refused.status;
    statements[refused.index].parsed.reset();
  }

  std::vector<ConsumedCapacity> consumed;
  for (BatchStatement& s : statements) {
    if (s.parsed) Run(ctx, reads, s, consumed);
  }
  JsonWriter w;
  w.BeginObject().Key("Responses").BeginArray();
  for (const BatchStatement& s : statements) MT_RETURN_IF_ERROR(WriteResponse(w, s));
  w.EndArray();
  if (!consumed.empty()) WriteConsumedCapacityList(w, consumed, capacity);
  w.EndObject();
  return w.Take();
}

}  // namespace monotable::protocol::ops
