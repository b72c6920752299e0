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

// ConditionalOperator joins two or more legacy conditions (Expected, QueryFilter or
// ScanFilter): DynamoDB refuses it beside none (absent or empty) and beside one, checked
// after the expression-mixing check and before the rest of the request (a Query's
// missing key condition included). Errors (kValidation), DynamoDB's texts as ExtendDB's
// tests record them against DynamoDB (and scylladb's test_expected.py: an empty Expected
// with a ConditionalOperator is refused):
//   ConditionalOperator cannot be used without Filter or Expected
//   ConditionalOperator can only be used when Filter or Expected has two or more elements
Status CheckConditionalOperator(
    bool given, const std::optional<std::vector<expr::legacy::AttributeCondition>>& conditions);

Result<std::optional<std::vector<expr::legacy::AttributeUpdate>>> DecodeAttributeUpdates(
    JsonObject request);

Result<std::optional<std::vector<std::string>>> DecodeAttributesToGet(JsonObject request);

}  // namespace monotable::protocol::ops
