#pragma once
// What DynamoDB's fine-grained access control reads off a request's expressions
// (specifying-conditions, "dynamodb:Attributes"): the top-level attribute names an
// expression touches, and the partition key value a key condition fixes
// (dynamodb:LeadingKeys). A light scan of the text, not the expression parser: the
// handler parses (and refuses) the expression after authorization. Pure; thread-safe.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/json_reader.h"

namespace monotable::protocol::authorization {

// Adds the first element of every attribute path in `expression` (a projection,
// condition, filter, key condition or update expression) to `out`, a #placeholder
// resolved through `names` (ExpressionAttributeNames; an unknown one is added as
// written). Function names, keywords and :values are not attribute names.
void AddPathHeads(std::string_view expression, std::optional<JsonObject> names,
                  std::vector<std::string>* out);

// The value a key condition compares `key_name` with by `=`, as IAM sees it (an S or N
// value's text, a B value's base64): "#pk = :v AND begins_with(sk, :p)" with :v
// {"S":"u1"} gives "u1". nullopt when the condition fixes no such value.
std::optional<std::string> KeyConditionValue(std::string_view expression, std::string_view key_name,
                                             std::optional<JsonObject> names,
                                             std::optional<JsonObject> values);

// An attribute value's text for IAM: {"S":"x"} -> "x", {"N":"1"} -> "1", {"B":"..."}
// -> the base64 as sent; nullopt for other types.
std::optional<std::string> KeyValueText(JsonElement value);
// The same text as a view into the parsed document (valid while it lives): no copy.
std::optional<std::string_view> KeyValueView(JsonElement value);

}  // namespace monotable::protocol::authorization
