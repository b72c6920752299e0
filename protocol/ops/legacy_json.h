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

// The legacy parameters, decoded after the service model's checks (model_validation.h)
// passed: their enums, required comparison operators and list lengths are not checked
// again here. Errors: kSerialization for attribute values, kInternal for an enum value
// the model allows but monotable does not know.

// Expected (or `member` = "KeyConditions"/"QueryFilter"/"ScanFilter"); nullopt when
// absent.
Result<std::optional<std::vector<expr::legacy::AttributeCondition>>> DecodeExpected(
    JsonObject request, std::string_view member = "Expected");

Result<expr::legacy::ConditionalOperator> DecodeConditionalOperator(JsonObject request);

Result<std::optional<std::vector<expr::legacy::AttributeUpdate>>> DecodeAttributeUpdates(
    JsonObject request);

Result<std::optional<std::vector<std::string>>> DecodeAttributesToGet(JsonObject request);

}  // namespace monotable::protocol::ops
