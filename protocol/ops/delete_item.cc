// DeleteItem.
#include "protocol/ops/handlers.h"
#include "protocol/ops/item_common.h"

namespace monotable::protocol::ops {

Result<std::string> DeleteItem(const OperationContext& ctx, JsonObject request) {
  ConstraintErrors errors;
  DeleteItemRequest del;
  MT_ASSIGN_OR_RETURN(key, RequiredItem(request, "Key", "key", errors));
  del.key = std::move(key);
  MT_ASSIGN_OR_RETURN(name, TableNameMember(request, errors));
  del.table_name = std::move(name);
  MT_ASSIGN_OR_RETURN(return_values, DecodeReturnValues(request, errors, /*old_only=*/true));
  del.return_values = return_values;
  MT_ASSIGN_OR_RETURN(return_old, DecodeReturnOldOnConditionFailure(request, errors));
  del.condition.return_old_on_failure = return_old;
  MT_ASSIGN_OR_RETURN(inputs, DecodeConditionInputs(request, errors));
  MT_ASSIGN_OR_RETURN(capacity, DecodeReturnConsumedCapacity(request, errors));
  MT_ASSIGN_OR_RETURN(collection_metrics, DecodeReturnItemCollectionMetrics(request, errors));
  MT_RETURN_IF_ERROR(errors.ToStatus());

  RequestExpressions expressions;
  MT_ASSIGN_OR_RETURN(condition, ResolveConditionOnlyWrite(ctx, request, inputs, expressions));
  del.condition.condition = std::move(condition);

  MT_ASSIGN_OR_RETURN(result, ctx.engine.DeleteItem(ctx.request, del));
  return AttributesResponse(result, "Attributes", capacity, collection_metrics);
}

}  // namespace monotable::protocol::ops
