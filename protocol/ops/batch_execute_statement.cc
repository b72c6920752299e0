// BatchExecuteStatement: up to 25 PartiQL statements, all reads or all writes, each run
// on its own and answered on its own (Engine::BatchExecuteStatement, engine/statement):
// a response is {TableName, Item?} or {Error: {Code, Message}}, and a statement that
// fails (a failed condition, a duplicate INSERT, a refusal, a missing table,
// throttling) fails alone; the call itself answers 200. Mixing reads and writes fails
// the whole call. ReturnValuesOnConditionCheckFailure is accepted but returns no item
// (recorded on AWS). With --iam, a statement its caller may not run answers {Error:
// {Code: AccessDenied, Message: AccessDeniedException's text}} and the others run
// (ctx.refused_statements).
#include <string>
#include <utility>
#include <vector>

#include "protocol/attribute_value_json.h"
#include "protocol/encoded_item_json.h"
#include "protocol/expression_params.h"
#include "protocol/json_writer.h"
#include "protocol/ops/capacity_json.h"
#include "protocol/ops/handlers.h"
#include "protocol/ops/partiql_statement.h"

namespace monotable::protocol::ops {
namespace {

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

// Errors: kInternal (a corrupt stored item).
Status WriteResponse(JsonWriter& w, const BatchStatementResponse& s) {
  w.BeginObject();
  if (s.error) {
    w.Key("Error").BeginObject();
    w.Key("Code").String(ErrorCodeName(s.error->code()));
    w.Key("Message").Utf8String(s.error->message());
    w.EndObject();
  }
  if (s.table_name) w.Key("TableName").String(*s.table_name);
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
  MT_ASSIGN_OR_RETURN(listed, DecodeStatementList(list, /*consistent_read=*/true));
  MT_ASSIGN_OR_RETURN(capacity, DecodeReturnConsumedCapacity(request));
  BatchExecuteStatementRequest batch;
  batch.statements.resize(listed.size());
  for (size_t i = 0; i < listed.size(); ++i) {
    batch.statements[i].statement = std::move(listed[i].input);
    batch.statements[i].consistent_read = listed[i].consistent_read;
    batch.statements[i].return_old_on_failure = listed[i].return_old_on_failure;
  }
  for (const RefusedStatement& refused : ctx.refused_statements) {
    if (refused.index < batch.statements.size()) {
      batch.statements[refused.index].refused = refused.status;
    }
  }
  MT_ASSIGN_OR_RETURN(result, ctx.engine.BatchExecuteStatement(ctx.request, batch));

  JsonWriter w;
  w.BeginObject().Key("Responses").BeginArray();
  for (const BatchStatementResponse& s : result.responses) MT_RETURN_IF_ERROR(WriteResponse(w, s));
  w.EndArray();
  if (!result.consumed.empty()) WriteConsumedCapacityList(w, result.consumed, capacity);
  w.EndObject();
  return w.Take();
}

}  // namespace monotable::protocol::ops
