#pragma once
// Reading DynamoDB request bodies with simdjson's DOM: typed field access that
// answers with DynamoDB's SerializationException texts on wrong JSON types, and a
// collector for the "N validation errors detected" constraint messages.

#include <simdjson.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/status.h"

namespace monotable::protocol {

using JsonElement = simdjson::dom::element;
using JsonObject = simdjson::dom::object;
using JsonArray = simdjson::dom::array;

// One simdjson parser with its reusable buffers. Not thread-safe: each connection
// (or thread) owns one.
class JsonParser {
 public:
  // Errors: kSerialization when the body is not a JSON object.
  Result<JsonObject> ParseObject(std::string_view body);

 private:
  simdjson::dom::parser parser_;
};

// The SerializationException for a JSON value of the wrong kind where `expected`
// ("String", "Integer", "Boolean", "structure", "list") was due.
Status WrongJsonType(JsonElement element, std::string_view expected);

// Typed optional fields of a JSON object. A JSON null counts as absent, as in
// DynamoDB. Errors: kSerialization on a wrong type.
Result<std::optional<std::string_view>> OptionalString(JsonObject object, std::string_view key);
Result<std::optional<int64_t>> OptionalInt(JsonObject object, std::string_view key);
Result<std::optional<bool>> OptionalBool(JsonObject object, std::string_view key);
Result<std::optional<JsonObject>> OptionalObject(JsonObject object, std::string_view key);
Result<std::optional<JsonArray>> OptionalArray(JsonObject object, std::string_view key);

// Collects constraint violations in DynamoDB's wording:
//   1 validation error detected: Value 'ab' at 'tableName' failed to satisfy
//   constraint: Member must have length greater than or equal to 3
class ConstraintErrors {
 public:
  void Null(std::string_view path);  // "Value null at '<path>' ... must not be null"
  void Add(std::string_view shown_value, std::string_view path, std::string_view constraint);
  // Quotes the value: Value 'x' at ...
  void AddString(std::string_view value, std::string_view path, std::string_view constraint);
  // The wording of DynamoDB's newer validation framework, which some members have moved
  // to: no value, the path as the request spells it: Value at 'Limit' failed to ...
  void AddWithoutValue(std::string_view path, std::string_view constraint);
  bool empty() const { return errors_.empty(); }
  Status ToStatus() const;  // Ok when empty

 private:
  std::vector<std::string> errors_;
};

// A required list member (TransactItems, Statements, Keys...), whose presence and
// length the service model's check (model_validation.h) has verified. Errors:
// kSerialization; kInternal when absent (a request the model check let through).
Result<JsonArray> RequiredList(JsonObject object, std::string_view key);
// The same for a required string, structure, boolean or number member.
Result<std::string_view> RequiredString(JsonObject object, std::string_view key);
Result<JsonObject> RequiredObject(JsonObject object, std::string_view key);
Result<bool> RequiredBool(JsonObject object, std::string_view key);

// Stores a decoder's value into `target` (a member of a typed request), or passes its
// error on: MT_RETURN_IF_ERROR(StoreDecoded(create.tags, DecodeTags(*tags))).
template <typename T, typename U>
Status StoreDecoded(T& target, Result<U> value) {
  if (!value.ok()) return value.status();
  target = std::move(*value);
  return Status::Ok();
}

// A value the service model's check (model_validation.h) let through but this decoder
// does not know: a bug in monotable, reported as kInternal rather than accepted.
Status UnknownModelValue(std::string_view member, std::string_view value);

// A member of the service model that monotable does not serve yet (say CreateTable's
// VectorIndexes): refused rather than ignored. Errors: kNotImplemented
// "<member> is not supported by monotable yet" when the request has it (a JSON null
// counts as absent).
Status RefuseUnservedMember(JsonObject object, std::string_view member);

// CreateTable, DescribeTable, UpdateTable and DeleteTable check the table name before any
// other member (their TableName is the model's TableArn, a name or an ARN; DynamoDB holds
// a name to the TableName rules first). A name of the wrong length or characters is
// reported alone, length first: "2 validation errors detected: Value '' at 'tableName'
// failed to satisfy constraint: Member must have length greater than or equal to 3;
// Value '' at 'tableName' failed to satisfy constraint: Member must satisfy regular
// expression pattern: [a-zA-Z0-9_.-]+" (DescribeTable's answer, recorded from DynamoDB
// in 2026). Ok for an absent name.
Status CheckControlPlaneTableName(const std::optional<std::string_view>& name);

}  // namespace monotable::protocol
