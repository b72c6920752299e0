#pragma once
// Members Query and Scan share: Limit, Select, ConsistentRead, ExclusiveStartKey,
// IndexName, the projection (ProjectionExpression / AttributesToGet) and the filter
// (FilterExpression / QueryFilter / ScanFilter), and the page response.

#include <string>
#include <string_view>

#include "engine/api/requests.h"
#include "protocol/json_reader.h"
#include "protocol/ops/capacity_json.h"
#include "protocol/ops/item_common.h"
#include "protocol/ops/operation_context.h"

namespace monotable::protocol::ops {

// The members as given, before the expression checks.
struct ReadInputs {
  std::optional<std::string_view> filter_expression;
  std::optional<std::vector<expr::legacy::AttributeCondition>> legacy_filter;
  bool conditional_operator_given = false;
  expr::legacy::ConditionalOperator conditional_operator = expr::legacy::ConditionalOperator::kAnd;
  std::optional<std::string_view> projection_expression;
  std::optional<std::vector<std::string>> attributes_to_get;
  bool select_given = false;
};

// Decodes the shared members into `request` and `inputs`; `legacy_filter_member` is
// "QueryFilter" or "ScanFilter". The service model's checks have passed.
Status DecodeReadMembers(JsonObject object, std::string_view legacy_filter_member,
                         ReadPageRequest& request, ReadInputs& inputs);

// Select against the projection, in DynamoDB's wording; fills request.select default.
Status CheckSelect(const ReadInputs& inputs, ReadPageRequest& request);

// Resolves the filter and projection (after the mixing and map checks).
Status ResolveReadExpressions(const OperationContext& ctx, const ReadInputs& inputs,
                              RequestExpressions& expressions, ReadPageRequest& request);

// {"Items": [...], "Count": n, "ScannedCount": m, "LastEvaluatedKey": {...}}
// (+ "ConsumedCapacity" when asked)
Result<std::string> PageResponse(const ReadPage& page, bool count_only, CapacityDetail capacity);

}  // namespace monotable::protocol::ops
