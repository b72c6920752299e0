// GetItem.
#include "engine/expr/legacy.h"
#include "protocol/ops/handlers.h"
#include "protocol/ops/item_common.h"
#include "protocol/ops/legacy_json.h"

namespace monotable::protocol::ops {

Result<std::string> GetItem(const OperationContext& ctx, JsonObject request) {
  ConstraintErrors errors;
  GetItemRequest get;
  MT_ASSIGN_OR_RETURN(key, RequiredItem(request, "Key", "key", errors));
  get.key = std::move(key);
  MT_ASSIGN_OR_RETURN(name, TableNameMember(request, errors));
  get.table_name = std::move(name);
  MT_ASSIGN_OR_RETURN(consistent, OptionalBool(request, "ConsistentRead"));
  get.consistent_read = consistent.value_or(false);
  MT_ASSIGN_OR_RETURN(attributes, DecodeAttributesToGet(request, errors));
  MT_ASSIGN_OR_RETURN(projection_text, OptionalString(request, "ProjectionExpression"));
  MT_ASSIGN_OR_RETURN(capacity, DecodeReturnConsumedCapacity(request, errors));
  MT_RETURN_IF_ERROR(errors.ToStatus());

  MT_RETURN_IF_ERROR(CheckNotMixed({{"AttributesToGet", attributes.has_value()}},
                                   {{"ProjectionExpression", projection_text.has_value()}}));
  RequestExpressions expressions;
  MT_RETURN_IF_ERROR(expressions.Decode(request, /*with_values=*/false));
  MT_RETURN_IF_ERROR(
      expressions.CheckMaps({{"ProjectionExpression", projection_text.has_value(), false}}));
  if (projection_text) {
    MT_ASSIGN_OR_RETURN(projection, expr::Projection::Parse(*projection_text,
                                                            expressions.placeholders(),
                                                            &ctx.engine.expression_cache()));
    get.projection = std::move(projection);
  } else if (attributes) {
    MT_ASSIGN_OR_RETURN(projection, expr::legacy::TranslateAttributesToGet(*attributes));
    get.projection = std::move(projection);
  }
  MT_RETURN_IF_ERROR(expressions.placeholders().CheckAllUsed());

  MT_ASSIGN_OR_RETURN(result, ctx.engine.GetItem(ctx.request, get));
  return AttributesResponse(result, "Item", capacity);
}

}  // namespace monotable::protocol::ops
