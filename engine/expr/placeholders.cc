// Placeholders: the request's ExpressionAttributeNames/Values, their own validation,
// and the use tracking behind the "unused" errors. Texts from dynalite's tests (run
// against DynamoDB) and ExtendDB's captures (test_expression_attribute_map_validation).

#include <algorithm>

#include "engine/base/limits.h"
#include "engine/expr/expression.h"

namespace monotable::expr {
namespace {

bool IsPlaceholderKey(const std::string& key, char prefix) {
  if (key.size() < 2 || key[0] != prefix) return false;
  for (size_t i = 1; i < key.size(); ++i) {
    char c = key[i];
    bool ok =
        (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    if (!ok) return false;
  }
  return true;
}

template <typename Map>
Status UnusedError(std::string_view parameter, const Map& map,
                   std::vector<const std::string*> used) {
  std::sort(used.begin(), used.end());
  std::string keys;
  for (const auto& [key, unused_value] : map) {
    if (std::binary_search(used.begin(), used.end(), &key)) continue;
    if (!keys.empty()) keys += ", ";
    keys += key;
  }
  if (keys.empty()) return Status::Ok();
  std::string message = "Value provided in ";
  message += parameter;
  message += " unused in expressions: keys: {" + keys + "}";
  return Status::Validation(std::move(message));
}

}  // namespace

Status Placeholders::ValidateMaps(const ExpressionAttributeNames* names,
                                  const ExpressionAttributeValues* values) {
  if (names) {
    if (names->empty()) return Status::Validation("ExpressionAttributeNames must not be empty");
    for (const auto& [key, name] : *names) {
      // Length is checked before syntax (ExtendDB capture: a long key with a bad
      // character reports the length).
      if (key.size() > limits::kMaxPlaceholderKeyBytes) {
        return Status::Validation(
            "ExpressionAttributeNames contains invalid key: The expression attribute map "
            "contains a key that is too long; size of key: " +
            std::to_string(key.size()));
      }
      if (!IsPlaceholderKey(key, '#')) {
        return Status::Validation(
            "ExpressionAttributeNames contains invalid key: Syntax error; key: \"" + key + "\"");
      }
      if (name.empty()) {
        return Status::Validation(
            "ExpressionAttributeNames contains invalid value: Empty attribute name for key " + key);
      }
    }
  }
  if (values) {
    if (values->empty()) return Status::Validation("ExpressionAttributeValues must not be empty");
    for (const auto& [key, unused_value] : *values) {
      if (key.size() > limits::kMaxPlaceholderKeyBytes) {
        // The values form has no "size of key" suffix (ExtendDB capture).
        return Status::Validation(
            "ExpressionAttributeValues contains invalid key: The expression attribute map "
            "contains a key that is too long;");
      }
      if (!IsPlaceholderKey(key, ':')) {
        return Status::Validation(
            "ExpressionAttributeValues contains invalid key: Syntax error; key: \"" + key + "\"");
      }
    }
  }
  return Status::Ok();
}

Status Placeholders::CheckMapsHaveExpressions(
    bool names_given, bool values_given, std::initializer_list<ExpressionParameter> parameters) {
  bool any_expression = false;
  bool any_value_expression = false;
  for (const auto& p : parameters) {
    any_expression |= p.present;
    any_value_expression |= p.present && p.takes_values;
  }
  if (names_given && !any_expression) {
    return Status::Validation(
        "ExpressionAttributeNames can only be specified when using expressions");
  }
  if (values_given && !any_value_expression) {
    // "ExpressionAttributeValues can only be specified when using expressions:
    // UpdateExpression and ConditionExpression are null" (dynalite updateItem tests).
    std::string message = "ExpressionAttributeValues can only be specified when using expressions";
    size_t listed = 0;
    for (const auto& p : parameters) {
      if (!p.takes_values) continue;
      message += listed++ ? " and " : ": ";
      message += p.name;
    }
    if (listed) message += listed > 1 ? " are null" : " is null";
    return Status::Validation(std::move(message));
  }
  return Status::Ok();
}

const std::string* Placeholders::UseName(const std::string& placeholder) {
  if (!names_) return nullptr;
  auto it = names_->find(placeholder);
  if (it == names_->end()) return nullptr;
  used_names_.push_back(&it->first);
  return &it->second;
}

const AttributeValue* Placeholders::UseValue(const std::string& placeholder) {
  if (!values_) return nullptr;
  auto it = values_->find(placeholder);
  if (it == values_->end()) return nullptr;
  used_values_.push_back(&it->first);
  return &it->second;
}

Status Placeholders::CheckAllUsed() const {
  // dynalite's updateItem tests: names first ("keys: {#a, #b}"), then values.
  if (names_) MT_RETURN_IF_ERROR(UnusedError("ExpressionAttributeNames", *names_, used_names_));
  if (values_) MT_RETURN_IF_ERROR(UnusedError("ExpressionAttributeValues", *values_, used_values_));
  return Status::Ok();
}

}  // namespace monotable::expr
