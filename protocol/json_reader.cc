#include "protocol/json_reader.h"

#include <algorithm>

#include "engine/base/limits.h"

namespace monotable::protocol {

Result<JsonObject> JsonParser::ParseObject(std::string_view body) {
  JsonElement root;
  if (parser_.parse(body.data(), body.size(), /*realloc_if_needed=*/true).get(root)) {
    return Status(ErrorCode::kSerialization, "Malformed JSON: the request body is not valid JSON");
  }
  JsonObject object;
  if (root.get_object().get(object)) {
    return Status(ErrorCode::kSerialization, "Expected a JSON object as the request body");
  }
  return object;
}

Status WrongJsonType(JsonElement element, std::string_view expected) {
  std::string found;
  switch (element.type()) {
    case simdjson::dom::element_type::ARRAY:
      return Status(ErrorCode::kSerialization, "Start of list found where not expected");
    case simdjson::dom::element_type::OBJECT:
      return Status(ErrorCode::kSerialization,
                    "Start of structure or map found where not expected.");
    case simdjson::dom::element_type::STRING: found = "STRING_VALUE"; break;
    case simdjson::dom::element_type::BOOL:
      found = element.get_bool().value_unsafe() ? "TRUE_VALUE" : "FALSE_VALUE";
      break;
    case simdjson::dom::element_type::NULL_VALUE: found = "NULL_VALUE"; break;
    default: found = "NUMBER_VALUE"; break;
  }
  if (expected == "structure" || expected == "list") {
    return Status(ErrorCode::kSerialization, "Unexpected value type in payload: " + found +
                                                 " where a " + std::string(expected) +
                                                 " was expected");
  }
  return Status(ErrorCode::kSerialization,
                found + " cannot be converted to " + std::string(expected));
}

namespace {

// Returns the field's element, or nullopt when absent or JSON null.
std::optional<JsonElement> Field(JsonObject object, std::string_view key) {
  JsonElement e;
  if (object.at_key(key).get(e)) return std::nullopt;
  if (e.is_null()) return std::nullopt;
  return e;
}

}  // namespace

Result<std::optional<std::string_view>> OptionalString(JsonObject object, std::string_view key) {
  auto e = Field(object, key);
  if (!e) return std::optional<std::string_view>();
  std::string_view s;
  if (e->get_string().get(s)) return WrongJsonType(*e, "String");
  return std::optional<std::string_view>(s);
}

Result<std::optional<int64_t>> OptionalInt(JsonObject object, std::string_view key) {
  auto e = Field(object, key);
  if (!e) return std::optional<int64_t>();
  int64_t v;
  if (!e->get_int64().get(v)) return std::optional<int64_t>(v);
  uint64_t u;
  if (!e->get_uint64().get(u)) return std::optional<int64_t>(INT64_MAX);
  double d;
  if (!e->get_double().get(d)) return std::optional<int64_t>(static_cast<int64_t>(d));
  return WrongJsonType(*e, "Long");
}

Result<std::optional<bool>> OptionalBool(JsonObject object, std::string_view key) {
  auto e = Field(object, key);
  if (!e) return std::optional<bool>();
  bool b;
  if (e->get_bool().get(b)) return WrongJsonType(*e, "Boolean");
  return std::optional<bool>(b);
}

Result<std::optional<JsonObject>> OptionalObject(JsonObject object, std::string_view key) {
  auto e = Field(object, key);
  if (!e) return std::optional<JsonObject>();
  JsonObject o;
  if (e->get_object().get(o)) return WrongJsonType(*e, "structure");
  return std::optional<JsonObject>(o);
}

Result<std::optional<JsonArray>> OptionalArray(JsonObject object, std::string_view key) {
  auto e = Field(object, key);
  if (!e) return std::optional<JsonArray>();
  JsonArray a;
  if (e->get_array().get(a)) return WrongJsonType(*e, "list");
  return std::optional<JsonArray>(a);
}

void ConstraintErrors::Null(std::string_view path) { Add("null", path, "Member must not be null"); }

void ConstraintErrors::Add(std::string_view shown_value, std::string_view path,
                           std::string_view constraint) {
  errors_.push_back("Value " + std::string(shown_value) + " at '" + std::string(path) +
                    "' failed to satisfy constraint: " + std::string(constraint));
}

void ConstraintErrors::AddString(std::string_view value, std::string_view path,
                                 std::string_view constraint) {
  // Appended piece by piece: GCC 12 reports a false -Wrestrict (bug 105329) for
  // "'" + std::string(value) once inlined, which fails the -Werror build.
  std::string quoted;
  quoted.reserve(value.size() + 2);
  quoted.append(1, '\'').append(value).append(1, '\'');
  Add(quoted, path, constraint);
}

void ConstraintErrors::AddWithoutValue(std::string_view path, std::string_view constraint) {
  errors_.push_back("Value at '" + std::string(path) +
                    "' failed to satisfy constraint: " + std::string(constraint));
}

Status ConstraintErrors::ToStatus() const {
  if (errors_.empty()) return Status::Ok();
  std::string message =
      std::to_string(errors_.size()) +
      (errors_.size() == 1 ? " validation error detected: " : " validation errors detected: ");
  for (size_t i = 0; i < errors_.size(); ++i) {
    if (i) message += "; ";
    message += errors_[i];
  }
  return Status::Validation(std::move(message));
}

Result<JsonArray> RequiredList(JsonObject object, std::string_view key) {
  MT_ASSIGN_OR_RETURN(list, OptionalArray(object, key));
  if (!list) return UnknownModelValue(key, "null");
  return *list;
}

namespace {
// A required member the model check let through; absent is monotable's bug.
template <typename T>
Result<T> Required(const Result<std::optional<T>>& value, std::string_view key) {
  if (!value.ok()) return value.status();
  if (!value->has_value()) return UnknownModelValue(key, "null");
  return **value;
}
}  // namespace

Result<std::string_view> RequiredString(JsonObject object, std::string_view key) {
  return Required(OptionalString(object, key), key);
}
Result<JsonObject> RequiredObject(JsonObject object, std::string_view key) {
  return Required(OptionalObject(object, key), key);
}
Result<bool> RequiredBool(JsonObject object, std::string_view key) {
  return Required(OptionalBool(object, key), key);
}

Status UnknownModelValue(std::string_view member, std::string_view value) {
  return Status::Internal(std::string(member) + " '" + std::string(value) +
                          "' passed the service model's checks but is not known here");
}

Status RefuseUnservedMember(JsonObject object, std::string_view member) {
  if (!Field(object, member)) return Status::Ok();
  return Status(ErrorCode::kNotImplemented,
                std::string(member) + " is not supported by monotable yet");
}

Status CheckControlPlaneTableName(const std::optional<std::string_view>& name) {
  if (!name) return Status::Ok();
  ConstraintErrors errors;
  if (name->size() < limits::kMinTableNameLength) {
    errors.AddString(*name, "tableName", "Member must have length greater than or equal to 3");
  } else if (name->size() > limits::kMaxTableNameLength) {
    errors.AddString(*name, "tableName", "Member must have length less than or equal to 255");
  }
  const bool characters = !name->empty() && std::all_of(name->begin(), name->end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '.' || c == '-';
  });
  if (!characters) {
    errors.AddString(*name, "tableName",
                     "Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+");
  }
  return errors.ToStatus();
}

}  // namespace monotable::protocol
