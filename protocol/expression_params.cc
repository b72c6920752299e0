#include "protocol/expression_params.h"

#include "protocol/attribute_value_json.h"

namespace monotable::protocol {

Result<ExpressionParams> DecodeExpressionParams(JsonObject request) {
  ExpressionParams params;
  MT_ASSIGN_OR_RETURN(names, OptionalObject(request, "ExpressionAttributeNames"));
  if (names) {
    params.names.emplace();
    for (auto [key, value] : *names) {
      std::string_view s;
      if (value.get_string().get(s)) return WrongJsonType(value, "String");
      params.names->insert_or_assign(std::string(key), std::string(s));
    }
  }
  MT_ASSIGN_OR_RETURN(values, OptionalObject(request, "ExpressionAttributeValues"));
  if (values) {
    MT_ASSIGN_OR_RETURN(decoded, DecodeItem(*values));
    params.values.emplace(decoded.begin(), decoded.end());
  }
  return params;
}

Result<bool> DecodeReturnOldOnConditionFailure(JsonObject request, ConstraintErrors& errors) {
  MT_ASSIGN_OR_RETURN(text, OptionalString(request, "ReturnValuesOnConditionCheckFailure"));
  if (!text || *text == "NONE") return false;
  if (*text == "ALL_OLD") return true;
  errors.AddString(*text, "returnValuesOnConditionCheckFailure",
                   "Member must satisfy enum value set: [ALL_OLD, NONE]");
  return false;
}

}  // namespace monotable::protocol
