#include "protocol/expression_params.h"

#include "protocol/attribute_value_json.h"

namespace monotable::protocol {

Result<ExpressionParams> DecodeExpressionParams(JsonObject request, bool with_values) {
  ExpressionParams params;
  MT_ASSIGN_OR_RETURN(names, OptionalObject(request, "ExpressionAttributeNames"));
  if (names) {
    params.names.emplace();
    for (auto [key, value] : *names) {
      std::string_view s;
      if (value.get_string().get(s)) return WrongJsonType(value, "String");
      MT_RETURN_IF_ERROR(CheckAttributeNameSize(s));
      params.names->insert_or_assign(std::string(key), std::string(s));
    }
  }
  if (!with_values) return params;
  MT_ASSIGN_OR_RETURN(values, OptionalObject(request, "ExpressionAttributeValues"));
  if (values) {
    params.values.emplace();
    for (auto [key, element] : *values) {
      auto value = DecodeAttributeValue(element);
      if (!value.ok()) {
        if (value.status().code() != ErrorCode::kValidation) return value.status();
        // DynamoDB names the placeholder whose value is invalid.
        return Status::Validation("ExpressionAttributeValues contains invalid value: " +
                                  value.status().message() + " for key " + std::string(key));
      }
      params.values->insert_or_assign(std::string(key), std::move(*value));
    }
  }
  return params;
}

Result<bool> DecodeReturnOldOnConditionFailure(JsonObject request) {
  MT_ASSIGN_OR_RETURN(text, OptionalString(request, "ReturnValuesOnConditionCheckFailure"));
  if (!text || *text == "NONE") return false;
  if (*text == "ALL_OLD") return true;
  return UnknownModelValue("ReturnValuesOnConditionCheckFailure", *text);
}

}  // namespace monotable::protocol
