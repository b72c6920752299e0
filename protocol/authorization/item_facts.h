#pragma once
// What one item-level request (or one element of a batch or transaction) shows IAM:
// the partition key values it touches (dynamodb:LeadingKeys), the attribute names it
// names (dynamodb:Attributes), and whether it projects (dynamodb:Select). Read off the
// request's JSON the service model's checks accepted; a member of the wrong type adds
// nothing (the handler refuses the request after authorization). Pure; thread-safe.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/engine.h"
#include "protocol/json_reader.h"

namespace monotable::protocol::authorization {

struct ItemFacts {
  std::vector<std::string> leading_keys;
  std::vector<std::string> attributes;
  bool projection = false;  // ProjectionExpression or AttributesToGet
};

// An object member, or nullopt when absent or not an object.
std::optional<JsonObject> ObjectMember(JsonObject o, std::string_view key);
// A string member's value, or "" when absent or not a string.
std::string_view StringMember(JsonObject o, std::string_view key);

// Appends `value` unless `list` holds it.
void AddUnique(std::vector<std::string>& list, std::string value);
// The attribute names of a map member (Item, Key, AttributeUpdates, Expected).
void AddMemberNames(JsonObject o, std::string_view member, ItemFacts& facts);
// The expressions' names, projections, and legacy members of `o`.
void AddExpressionNames(JsonObject o, ItemFacts& facts);
// The partition key value of an item or key map (`member`); none without `table`.
void AddLeadingKey(JsonObject o, std::string_view member, const TableDefinition* table,
                   ItemFacts& facts);

// One keyed item request (GetItem, PutItem, UpdateItem, DeleteItem, a transaction's
// ConditionCheck): its key's partition value, and the key's, item's and expressions'
// names. `key_member`: "Key" or "Item".
ItemFacts KeyedItemFacts(JsonObject o, std::string_view key_member, const TableDefinition* table);
// The partition key value of a Key or Item map, as IAM sees it (KeyValueView: a view
// into the parsed document, valid while it lives).
std::optional<std::string_view> PartitionValueOf(JsonObject key_or_item,
                                                 const TableDefinition& table);
// The partition key value alone, as IAM sees it (attribute_names.h's KeyValueText);
// nullopt when the key or item lacks it.
std::optional<std::string> LeadingKeyOf(JsonObject o, std::string_view key_member,
                                        const TableDefinition& table);

// A read's dynamodb:Select: the request's Select, else SPECIFIC_ATTRIBUTES for a
// projection, ALL_PROJECTED_ATTRIBUTES for an index, ALL_ATTRIBUTES otherwise.
std::string_view SelectOf(JsonObject o, bool projection, bool index);
// Whether `o` projects: ProjectionExpression or AttributesToGet.
bool HasProjection(JsonObject o);

}  // namespace monotable::protocol::authorization
