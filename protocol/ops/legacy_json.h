#pragma once
// JSON decoding of DynamoDB's legacy (pre-expression) parameters: Expected,
// QueryFilter/ScanFilter, ConditionalOperator, AttributeUpdates, AttributesToGet. The
// semantic checks and the translation to expressions are engine/expr/legacy.h's.

#include <optional>
#include <string>
#include <vector>

#include "engine/expr/legacy.h"
#include "protocol/json_reader.h"

namespace monotable::protocol::ops {

// Expected (or `member` = "QueryFilter"/"ScanFilter" with `path` "queryFilter"/...);
// nullopt when absent. Enum violations go to `errors`.
Result<std::optional<std::vector<expr::legacy::AttributeCondition>>> DecodeExpected(
    JsonObject request, ConstraintErrors& errors, std::string_view member = "Expected",
    std::string_view path = "expected");

Result<expr::legacy::ConditionalOperator> DecodeConditionalOperator(JsonObject request,
                                                                    ConstraintErrors& errors);

Result<std::optional<std::vector<expr::legacy::AttributeUpdate>>> DecodeAttributeUpdates(
    JsonObject request, ConstraintErrors& errors);

Result<std::optional<std::vector<std::string>>> DecodeAttributesToGet(JsonObject request,
                                                                      ConstraintErrors& errors);

}  // namespace monotable::protocol::ops
