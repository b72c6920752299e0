#include "protocol/ops/partiql_statement.h"

#include <string>
#include <utility>

#include "protocol/attribute_value_json.h"
#include "protocol/expression_params.h"

namespace monotable::protocol::ops {

Result<StatementText> DecodeStatementInput(JsonObject object) {
  StatementText input;
  MT_ASSIGN_OR_RETURN(text, OptionalString(object, "Statement"));
  if (text) input.text = *text;
  MT_ASSIGN_OR_RETURN(parameters, OptionalArray(object, "Parameters"));
  if (parameters) {
    for (JsonElement element : *parameters) {
      MT_ASSIGN_OR_RETURN(value, DecodeAttributeValue(element));
      input.parameters.push_back(std::move(value));
    }
  }
  return input;
}

Result<std::vector<ListedStatement>> DecodeStatementList(JsonArray list, bool consistent_read) {
  std::vector<ListedStatement> statements;
  for (JsonElement element : list) {
    JsonObject object;
    if (element.get_object().get(object)) return WrongJsonType(element, "structure");
    ListedStatement s;
    MT_ASSIGN_OR_RETURN(input, DecodeStatementInput(object));
    s.input = std::move(input);
    if (consistent_read) {
      MT_ASSIGN_OR_RETURN(consistent, OptionalBool(object, "ConsistentRead"));
      s.consistent_read = consistent.value_or(false);
    }
    MT_ASSIGN_OR_RETURN(return_old, DecodeReturnOldOnConditionFailure(object));
    s.return_old_on_failure = return_old;
    statements.push_back(std::move(s));
  }
  return statements;
}

}  // namespace monotable::protocol::ops
