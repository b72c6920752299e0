// UpdateItem.
#include "engine/expr/legacy.h"
#include "protocol/ops/handlers.h"
#include "protocol/ops/item_common.h"
#include "protocol/ops/legacy_json.h"

namespace monotable::protocol::ops {

Result<std::string> UpdateItem(const OperationContext& ctx, JsonObject request) {
  ConstraintErrors errors;
  UpdateItemRequest update;
  MT_ASSIGN_OR_RETURN(key, RequiredItem(request, "Key", "key", errors));
  update.key = std::move(key);
  MT_ASSIGN_OR_RETURN(name, TableNameMember(request, errors));
  update.table_name = std::move(name);
  MT_ASSIGN_OR_RETURN(return_values, DecodeReturnValues(request, errors, /*old_only=*/false));
  update.return_values = return_values;
  MT_ASSIGN_OR_RETURN(return_old, DecodeReturnOldOnConditionFailure(request, errors));
  update.condition.return_old_on_failure = return_old;
  MT_ASSIGN_OR_RETURN(inputs, DecodeConditionInputs(request, errors));
  MT_ASSIGN_OR_RETURN(attribute_updates, DecodeAttributeUpdates(request, errors));
  MT_ASSIGN_OR_RETURN(update_text, OptionalString(request, "UpdateExpression"));
  MT_ASSIGN_OR_RETURN(capacity, DecodeReturnConsumedCapacity(request, errors));
  MT_ASSIGN_OR_RETURN(collection_metrics, DecodeReturnItemCollectionMetrics(request, errors));
  MT_RETURN_IF_ERROR(errors.ToStatus());

  MT_RETURN_IF_ERROR(CheckNotMixed(
      {{"AttributeUpdates", attribute_updates.has_value()},
       {"Expected", inputs.expected.has_value()},
       {"ConditionalOperator", inputs.conditional_operator_given}},
      {{"UpdateExpression", update_text.has_value()},
       {"ConditionExpression", inputs.expression.has_value()}}));
  RequestExpressions expressions;
  MT_RETURN_IF_ERROR(expressions.Decode(request));
  MT_RETURN_IF_ERROR(expressions.CheckMaps({{"UpdateExpression", update_text.has_value(), true},
                                            {"ConditionExpression", inputs.expression.has_value(), true}}));
  if (update_text) {
    MT_ASSIGN_OR_RETURN(parsed, expr::Update::Parse(*update_text, expressions.placeholders(),
                                                    &ctx.engine.expression_cache()));
    update.update = std::move(parsed);
  } else if (attribute_updates) {
    MT_ASSIGN_OR_RETURN(translated, expr::legacy::TranslateAttributeUpdates(*attribute_updates));
    update.update = std::move(translated);
  }
  MT_ASSIGN_OR_RETURN(condition, ResolveWriteCondition(ctx, inputs, expressions));
  update.condition.condition = std::move(condition);
  MT_RETURN_IF_ERROR(expressions.placeholders().CheckAllUsed());

  MT_ASSIGN_OR_RETURN(result, ctx.engine.UpdateItem(ctx.request, update));
  return AttributesResponse(result, "Attributes", capacity, collection_metrics);
}

}  // namespace monotable::protocol::ops
