// UpdateItem.
#include "protocol/ops/handlers.h"
#include "protocol/ops/item_common.h"
#include "protocol/ops/legacy_json.h"

namespace monotable::protocol::ops {

Result<std::string> UpdateItem(const OperationContext& ctx, JsonObject request) {
  UpdateItemRequest update;
  MT_ASSIGN_OR_RETURN(inputs, DecodeItemWriteMembers(request, "Key", &UpdateItemRequest::key,
                                                     /*old_only=*/false, update));
  MT_ASSIGN_OR_RETURN(attribute_updates, DecodeAttributeUpdates(request));
  MT_ASSIGN_OR_RETURN(update_text, OptionalString(request, "UpdateExpression"));
  MT_ASSIGN_OR_RETURN(capacity, DecodeReturnConsumedCapacity(request));
  MT_ASSIGN_OR_RETURN(collection_metrics, DecodeReturnItemCollectionMetrics(request));

  RequestExpressions expressions;
  MT_ASSIGN_OR_RETURN(
      resolved,
      ResolveUpdateWrite(ctx, request, inputs,
                         UpdateInputs{update_text, std::move(attribute_updates)}, expressions));
  update.update = std::move(resolved.update);
  update.condition.condition = std::move(resolved.condition);

  MT_ASSIGN_OR_RETURN(result, ctx.engine.UpdateItem(ctx.request, update));
  return AttributesResponse(result, "Attributes", capacity, collection_metrics);
}

}  // namespace monotable::protocol::ops
