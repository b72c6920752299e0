#include "protocol/ops/legacy_json.h"

#include "protocol/attribute_value_json.h"

namespace monotable::protocol::ops {
namespace {

Result<std::optional<AttributeValue>> OptionalAttributeValue(JsonObject object,
                                                             std::string_view key) {
  JsonElement e;
  if (object.at_key(key).get(e) || e.is_null()) return std::optional<AttributeValue>();
  MT_ASSIGN_OR_RETURN(value, DecodeAttributeValue(e));
  return std::optional<AttributeValue>(std::move(value));
}

}  // namespace

Result<std::optional<std::vector<expr::legacy::AttributeCondition>>> DecodeExpected(
    JsonObject request, std::string_view member) {
  using Conditions = std::vector<expr::legacy::AttributeCondition>;
  MT_ASSIGN_OR_RETURN(object, OptionalObject(request, member));
  if (!object) return std::optional<Conditions>();
  Conditions conditions;
  for (auto [name, entry] : *object) {
    JsonObject fields;
    if (entry.get_object().get(fields)) return WrongJsonType(entry, "structure");
    expr::legacy::AttributeCondition c;
    c.attribute = std::string(name);
    MT_ASSIGN_OR_RETURN(exists, OptionalBool(fields, "Exists"));
    c.exists = exists;
    MT_ASSIGN_OR_RETURN(value, OptionalAttributeValue(fields, "Value"));
    c.value = std::move(value);
    MT_ASSIGN_OR_RETURN(op, OptionalString(fields, "ComparisonOperator"));
    if (op) {
      c.comparison_operator = expr::legacy::ParseComparisonOperator(*op);
      if (!c.comparison_operator) return UnknownModelValue("ComparisonOperator", *op);
    }
    MT_ASSIGN_OR_RETURN(list, OptionalArray(fields, "AttributeValueList"));
    if (list) {
      c.attribute_value_list.emplace();
      for (JsonElement e : *list) {
        MT_ASSIGN_OR_RETURN(v, DecodeAttributeValue(e));
        c.attribute_value_list->push_back(std::move(v));
      }
    }
    conditions.push_back(std::move(c));
  }
  return std::optional<Conditions>(std::move(conditions));
}

Status CheckConditionalOperator(
    bool given, const std::optional<std::vector<expr::legacy::AttributeCondition>>& conditions) {
  if (!given) return Status::Ok();
  if (!conditions || conditions->empty()) {
    return Status::Validation("ConditionalOperator cannot be used without Filter or Expected");
  }
  if (conditions->size() == 1) {
    return Status::Validation(
        "ConditionalOperator can only be used when Filter or Expected has two or more elements");
  }
  return Status::Ok();
}

Result<expr::legacy::ConditionalOperator> DecodeConditionalOperator(JsonObject request) {
  MT_ASSIGN_OR_RETURN(text, OptionalString(request, "ConditionalOperator"));
  if (!text || *text == "AND") return expr::legacy::ConditionalOperator::kAnd;
  if (*text == "OR") return expr::legacy::ConditionalOperator::kOr;
  return UnknownModelValue("ConditionalOperator", *text);
}

Result<std::optional<std::vector<expr::legacy::AttributeUpdate>>> DecodeAttributeUpdates(
    JsonObject request) {
  using Updates = std::vector<expr::legacy::AttributeUpdate>;
  MT_ASSIGN_OR_RETURN(object, OptionalObject(request, "AttributeUpdates"));
  if (!object) return std::optional<Updates>();
  Updates updates;
  for (auto [name, entry] : *object) {
    JsonObject fields;
    if (entry.get_object().get(fields)) return WrongJsonType(entry, "structure");
    MT_RETURN_IF_ERROR(CheckAttributeNameSize(name));
    expr::legacy::AttributeUpdate u;
    u.attribute = std::string(name);
    MT_ASSIGN_OR_RETURN(action, OptionalString(fields, "Action"));
    if (action && *action == "ADD") {
      u.action = expr::legacy::UpdateAction::kAdd;
    } else if (action && *action == "DELETE") {
      u.action = expr::legacy::UpdateAction::kDelete;
    } else if (action && *action != "PUT") {
      return UnknownModelValue("Action", *action);
    }
    MT_ASSIGN_OR_RETURN(value, OptionalAttributeValue(fields, "Value"));
    u.value = std::move(value);
    updates.push_back(std::move(u));
  }
  return std::optional<Updates>(std::move(updates));
}

Result<std::optional<std::vector<std::string>>> DecodeAttributesToGet(JsonObject request) {
  MT_ASSIGN_OR_RETURN(array, OptionalArray(request, "AttributesToGet"));
  if (!array) return std::optional<std::vector<std::string>>();
  std::vector<std::string> names;
  for (JsonElement a : *array) {
    std::string_view s;
    if (a.get_string().get(s)) return WrongJsonType(a, "String");
    names.emplace_back(s);
  }
  return std::optional<std::vector<std::string>>(std::move(names));
}

}  // namespace monotable::protocol::ops
