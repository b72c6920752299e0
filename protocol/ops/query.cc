// Query.
#include "engine/expr/legacy.h"
#include "protocol/ops/handlers.h"
#include "protocol/ops/legacy_json.h"
#include "protocol/ops/read_common.h"

namespace monotable::protocol::ops {

Result<std::string> Query(const OperationContext& ctx, JsonObject object) {
  QueryRequest request;
  ReadInputs inputs;
  MT_RETURN_IF_ERROR(DecodeReadMembers(object, "QueryFilter", request, inputs));
  MT_ASSIGN_OR_RETURN(key_expression, OptionalString(object, "KeyConditionExpression"));
  MT_ASSIGN_OR_RETURN(key_conditions, DecodeExpected(object, "KeyConditions"));
  MT_ASSIGN_OR_RETURN(forward, OptionalBool(object, "ScanIndexForward"));
  request.scan_forward = forward.value_or(true);
  MT_ASSIGN_OR_RETURN(capacity, DecodeReturnConsumedCapacity(object));

  // DynamoDB lets the legacy KeyConditions go with FilterExpression and
  // ProjectionExpression: only a KeyConditionExpression beside it is mixing. The
  // parameters are listed in DynamoDB's order (dynalite's query.js mixing tests).
  MT_RETURN_IF_ERROR(
      CheckNotMixed({{"AttributesToGet", inputs.attributes_to_get.has_value()},
                     {"QueryFilter", inputs.legacy_filter.has_value()},
                     {"ConditionalOperator", inputs.conditional_operator_given},
                     {"KeyConditions", key_conditions.has_value() && key_expression.has_value()}},
                    {{"ProjectionExpression", inputs.projection_expression.has_value()},
                     {"FilterExpression", inputs.filter_expression.has_value()},
                     {"KeyConditionExpression", key_expression.has_value()}}));
  MT_RETURN_IF_ERROR(
      CheckConditionalOperator(inputs.conditional_operator_given, inputs.legacy_filter));
  if (!key_expression && !key_conditions) {
    return Status::Validation(
        "Either the KeyConditions or KeyConditionExpression parameter must be specified in the "
        "request.");
  }
  MT_RETURN_IF_ERROR(CheckSelect(inputs, request));
  RequestExpressions expressions;
  MT_RETURN_IF_ERROR(expressions.Decode(object));
  MT_RETURN_IF_ERROR(expressions.CheckMaps(
      {{"FilterExpression", inputs.filter_expression.has_value(), true},
       {"KeyConditionExpression", key_expression.has_value(), true},
       {"ProjectionExpression", inputs.projection_expression.has_value(), false}}));
  if (key_expression) {
    MT_ASSIGN_OR_RETURN(condition, expr::Condition::Parse(
                                       *key_expression, expr::ExpressionKind::kKeyCondition,
                                       expressions.placeholders(), &ctx.engine.expression_cache()));
    request.key_condition = std::move(condition);
  } else {
    MT_ASSIGN_OR_RETURN(condition, expr::legacy::TranslateConditions(
                                       *key_conditions, expr::legacy::ConditionalOperator::kAnd,
                                       expr::legacy::ConditionSource::kFilter));
    request.key_condition = std::move(condition);
  }
  if (request.key_condition.empty()) {
    return Status::Validation(
        "Either the KeyConditions or KeyConditionExpression parameter must "
        "be specified in the request.");
  }
  MT_RETURN_IF_ERROR(ResolveReadExpressions(ctx, inputs, expressions, request));
  if (inputs.legacy_filter) request.filter_parameter = "QueryFilter";
  MT_RETURN_IF_ERROR(expressions.placeholders().CheckAllUsed());

  MT_ASSIGN_OR_RETURN(page, ctx.engine.Query(ctx.request, request));
  return PageResponse(page, request.select == Select::kCount, capacity);
}

}  // namespace monotable::protocol::ops
