// TransactGetItems.
#include <memory>

#include "protocol/attribute_value_json.h"
#include "protocol/ops/handlers.h"
#include "protocol/ops/item_common.h"
#include "protocol/ops/transact_common.h"

namespace monotable::protocol::ops {
namespace {

// Decodes entry `index` ({"Get": {...}}) with its projection; `expressions` must
// outlive the request.
Status DecodeGet(const OperationContext& ctx, JsonElement entry, size_t index,
                 TransactGetRequest::Get& get, RequestExpressions& expressions) {
  MT_ASSIGN_OR_RETURN(object, EntryMember(entry, "Get"));
  if (!object) return UnknownModelValue(ActionPath(index, "get"), "null");
  MT_ASSIGN_OR_RETURN(name, OptionalString(*object, "TableName"));
  if (name) get.table_name = std::string(*name);
  MT_ASSIGN_OR_RETURN(key, RequiredItem(*object, "Key"));
  get.key = std::move(key);
  MT_ASSIGN_OR_RETURN(projection_text, OptionalString(*object, "ProjectionExpression"));

  // Get has no AttributesToGet (and so no mixing of the two forms).
  MT_ASSIGN_OR_RETURN(
      projection, ResolveReadProjection(ctx, *object, projection_text, std::nullopt, expressions));
  get.projection = std::move(projection);
  return Status::Ok();
}

}  // namespace

Result<std::string> TransactGetItems(const OperationContext& ctx, JsonObject request) {
  MT_ASSIGN_OR_RETURN(list, RequiredList(request, "TransactItems"));
  MT_ASSIGN_OR_RETURN(capacity, DecodeReturnConsumedCapacity(request));

  TransactGetRequest txn;
  txn.gets.resize(list.size());
  std::vector<std::unique_ptr<RequestExpressions>> expressions;
  MT_RETURN_IF_ERROR(
      ForEachEntry(list, expressions, [&](JsonElement entry, size_t i, RequestExpressions& state) {
        return DecodeGet(ctx, entry, i, txn.gets[i], state);
      }));
  MT_ASSIGN_OR_RETURN(result, ctx.engine.TransactGetItems(ctx.request, txn));

  JsonWriter w;
  w.BeginObject();
  MT_RETURN_IF_ERROR(WriteTransactGetResponses(w, result.items));
  WriteConsumedCapacityList(w, result.consumed, capacity);
  w.EndObject();
  return w.Take();
}

}  // namespace monotable::protocol::ops
