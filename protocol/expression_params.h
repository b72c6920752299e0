#pragma once
// The expression-related members shared by item operations: ExpressionAttributeNames
// and ExpressionAttributeValues (decoded and checked), and the JSON form of
// ReturnValuesOnConditionCheckFailure.

#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "engine/base/attribute_value.h"
#include "engine/base/status.h"
#include "protocol/json_reader.h"

namespace monotable::protocol {

struct ExpressionParams {
  std::optional<std::map<std::string, std::string>> names;
  std::optional<std::map<std::string, AttributeValue>> values;
};

// Errors: kSerialization on wrong JSON types, kValidation for invalid values
// ("ExpressionAttributeValues contains invalid value: <why> for key :v").
// `with_values` false: the operation has no ExpressionAttributeValues member (GetItem),
// so DynamoDB ignores it like any unknown member.
Result<ExpressionParams> DecodeExpressionParams(JsonObject request, bool with_values = true);

// ReturnValuesOnConditionCheckFailure: true for ALL_OLD, false for NONE or absent (the
// service model's check has refused other values; one it allows but monotable does not
// know is kInternal).
Result<bool> DecodeReturnOldOnConditionFailure(JsonObject request);

}  // namespace monotable::protocol
