// PutItem.
#include "protocol/ops/handlers.h"
#include "protocol/ops/item_common.h"

namespace monotable::protocol::ops {

Result<std::string> PutItem(const OperationContext& ctx, JsonObject request) {
  ConstraintErrors errors;
  PutItemRequest put;
  MT_ASSIGN_OR_RETURN(item, RequiredItem(request, "Item", "item", errors));
  put.item = std::move(item);
  MT_ASSIGN_OR_RETURN(name, TableNameMember(request, errors));
  put.table_name = std::move(name);
  MT_ASSIGN_OR_RETURN(return_values, DecodeReturnValues(request, errors, /*old_only=*/true));
  put.return_values = return_values;
  MT_ASSIGN_OR_RETURN(return_old, DecodeReturnOldOnConditionFailure(request, errors));
  put.condition.return_old_on_failure = return_old;
  MT_ASSIGN_OR_RETURN(inputs, DecodeConditionInputs(request, errors));
  MT_ASSIGN_OR_RETURN(capacity, DecodeReturnConsumedCapacity(request, errors));
  MT_ASSIGN_OR_RETURN(collection_metrics, DecodeReturnItemCollectionMetrics(request, errors));
  MT_RETURN_IF_ERROR(errors.ToStatus());

  RequestExpressions expressions;
  MT_ASSIGN_OR_RETURN(condition, ResolveConditionOnlyWrite(ctx, request, inputs, expressions));
  put.condition.condition = std::move(condition);

  MT_ASSIGN_OR_RETURN(result, ctx.engine.PutItem(ctx.request, put));
  return AttributesResponse(result, "Attributes", capacity, collection_metrics);
}

}  // namespace monotable::protocol::ops
