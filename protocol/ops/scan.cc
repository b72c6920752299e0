// Scan, including parallel scan (Segment / TotalSegments).
#include "protocol/ops/handlers.h"
#include "protocol/ops/read_common.h"

namespace monotable::protocol::ops {
namespace {

constexpr int64_t kMaxTotalSegments = 1000000;

Status DecodeSegments(JsonObject object, ScanRequest& request, ConstraintErrors& errors) {
  MT_ASSIGN_OR_RETURN(segment, OptionalInt(object, "Segment"));
  MT_ASSIGN_OR_RETURN(total, OptionalInt(object, "TotalSegments"));
  if (segment) {
    if (*segment < 0) {
      errors.AddString(std::to_string(*segment), "segment",
                       "Member must have value greater than or equal to 0");
    } else if (*segment > kMaxTotalSegments - 1) {
      errors.AddString(std::to_string(*segment), "segment",
                       "Member must have value less than or equal to 999999");
    }
  }
  if (total) {
    if (*total < 1) {
      errors.AddString(std::to_string(*total), "totalSegments",
                       "Member must have value greater than or equal to 1");
    } else if (*total > kMaxTotalSegments) {
      errors.AddString(std::to_string(*total), "totalSegments",
                       "Member must have value less than or equal to 1000000");
    }
  }
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
  ConstraintErrors errors;
  ScanRequest request;
  ReadInputs inputs;
  MT_RETURN_IF_ERROR(DecodeReadMembers(object, "ScanFilter", request, inputs, errors));
  MT_RETURN_IF_ERROR(DecodeSegments(object, request, errors));
  MT_ASSIGN_OR_RETURN(capacity, DecodeReturnConsumedCapacity(object, errors));
  MT_RETURN_IF_ERROR(errors.ToStatus());

  MT_RETURN_IF_ERROR(CheckSegments(request));
  MT_RETURN_IF_ERROR(
      CheckNotMixed({{"ScanFilter", inputs.legacy_filter.has_value()},
                     {"ConditionalOperator", inputs.conditional_operator_given},
                     {"AttributesToGet", inputs.attributes_to_get.has_value()}},
                    {{"FilterExpression", inputs.filter_expression.has_value()},
                     {"ProjectionExpression", inputs.projection_expression.has_value()}}));
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
