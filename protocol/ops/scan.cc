// Scan, including parallel scan (Segment / TotalSegments).
#include "protocol/ops/handlers.h"
#include "protocol/ops/legacy_json.h"
#include "protocol/ops/read_common.h"

namespace monotable::protocol::ops {
namespace {

// Their ranges are the service model's (model_validation.h); the rules between the two
// are DynamoDB's own (CheckSegments).
Status DecodeSegments(JsonObject object, ScanRequest& request) {
  MT_ASSIGN_OR_RETURN(segment, OptionalInt(object, "Segment"));
  MT_ASSIGN_OR_RETURN(total, OptionalInt(object, "TotalSegments"));
  request.segment = segment;
  request.total_segments = total;
  return Status::Ok();
}

Status CheckSegments(const ScanRequest& request) {
  if (request.segment && !request.total_segments) {
    return Status::Validation(
        "The TotalSegments parameter is required but was not present in the request when "
        "Segment parameter is present");
  }
  if (request.total_segments && !request.segment) {
    return Status::Validation(
        "The Segment parameter is required but was not present in the request when parameter "
        "TotalSegments is present");
  }
  if (request.segment && *request.segment >= *request.total_segments) {
    return Status::Validation(
        "The Segment parameter is zero-based and must be less than parameter TotalSegments: "
        "Segment: " +
        std::to_string(*request.segment) +
        " is not less than TotalSegments: " + std::to_string(*request.total_segments));
  }
  return Status::Ok();
}

}  // namespace

Result<std::string> Scan(const OperationContext& ctx, JsonObject object) {
  ScanRequest request;
  ReadInputs inputs;
  MT_RETURN_IF_ERROR(DecodeReadMembers(object, "ScanFilter", request, inputs));
  MT_RETURN_IF_ERROR(DecodeSegments(object, request));
  MT_ASSIGN_OR_RETURN(capacity, DecodeReturnConsumedCapacity(object));

  MT_RETURN_IF_ERROR(CheckSegments(request));
  MT_RETURN_IF_ERROR(
      CheckNotMixed({{"AttributesToGet", inputs.attributes_to_get.has_value()},
                     {"ScanFilter", inputs.legacy_filter.has_value()},
                     {"ConditionalOperator", inputs.conditional_operator_given}},
                    {{"ProjectionExpression", inputs.projection_expression.has_value()},
                     {"FilterExpression", inputs.filter_expression.has_value()}}));
  MT_RETURN_IF_ERROR(
      CheckConditionalOperator(inputs.conditional_operator_given, inputs.legacy_filter));
  MT_RETURN_IF_ERROR(CheckSelect(inputs, request));
  RequestExpressions expressions;
  MT_RETURN_IF_ERROR(expressions.Decode(object));
  MT_RETURN_IF_ERROR(expressions.CheckMaps(
      {{"FilterExpression", inputs.filter_expression.has_value(), true},
       {"ProjectionExpression", inputs.projection_expression.has_value(), false}}));
  MT_RETURN_IF_ERROR(ResolveReadExpressions(ctx, inputs, expressions, request));
  MT_RETURN_IF_ERROR(expressions.placeholders().CheckAllUsed());

  MT_ASSIGN_OR_RETURN(page, ctx.engine.Scan(ctx.request, request));
  return PageResponse(page, request.select == Select::kCount, capacity);
}

}  // namespace monotable::protocol::ops
