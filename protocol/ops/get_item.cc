// GetItem.
#include "protocol/ops/handlers.h"
#include "protocol/ops/item_common.h"
#include "protocol/ops/legacy_json.h"

namespace monotable::protocol::ops {

Result<std::string> GetItem(const OperationContext& ctx, JsonObject request) {
  GetItemRequest get;
  MT_ASSIGN_OR_RETURN(key, RequiredItem(request, "Key"));
  get.key = std::move(key);
  MT_ASSIGN_OR_RETURN(name, TableNameMember(request));
  get.table_name = std::move(name);
  MT_ASSIGN_OR_RETURN(consistent, OptionalBool(request, "ConsistentRead"));
  get.consistent_read = consistent.value_or(false);
  MT_ASSIGN_OR_RETURN(attributes, DecodeAttributesToGet(request));
  MT_ASSIGN_OR_RETURN(projection_text, OptionalString(request, "ProjectionExpression"));
  MT_ASSIGN_OR_RETURN(capacity, DecodeReturnConsumedCapacity(request));

  RequestExpressions expressions;
  MT_ASSIGN_OR_RETURN(
      projection, ResolveReadProjection(ctx, request, projection_text, attributes, expressions));
  get.projection = std::move(projection);

  MT_ASSIGN_OR_RETURN(result, ctx.engine.GetItem(ctx.request, get));
  return AttributesResponse(result, "Item", capacity);
}

}  // namespace monotable::protocol::ops
