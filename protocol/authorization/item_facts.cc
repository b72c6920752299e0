#include "protocol/authorization/item_facts.h"

#include "protocol/authorization/attribute_names.h"

namespace monotable::protocol::authorization {
std::optional<JsonObject> ObjectMember(JsonObject o, std::string_view key) {
  JsonObject member;
  if (o[key].get_object().get(member)) return std::nullopt;
  return member;
}

std::string_view StringMember(JsonObject o, std::string_view key) {
  std::string_view s;
  if (o[key].get_string().get(s)) return {};
  return s;
}

void AddUnique(std::vector<std::string>& list, std::string value) {
  for (const auto& v : list) {
    if (v == value) return;
  }
  list.push_back(std::move(value));
}

// The attribute names of a map member (Item, Key, AttributeUpdates, Expected).
void AddMemberNames(JsonObject o, std::string_view member, ItemFacts& facts) {
  if (auto m = ObjectMember(o, member)) {
    for (auto field : *m) AddUnique(facts.attributes, std::string(field.key));
  }
}

// The expressions' names, projections, and legacy members of `o`.
void AddExpressionNames(JsonObject o, ItemFacts& facts) {
  const auto names = ObjectMember(o, "ExpressionAttributeNames");
  for (std::string_view member : {"ProjectionExpression", "ConditionExpression", "FilterExpression",
                                  "KeyConditionExpression", "UpdateExpression"}) {
    std::string_view text = StringMember(o, member);
    if (text.empty()) continue;
    if (member == "ProjectionExpression") facts.projection = true;
    AddPathHeads(text, names, &facts.attributes);
  }
  JsonArray list;
  if (!o["AttributesToGet"].get_array().get(list)) {
    facts.projection = true;
    for (JsonElement e : list) {
      std::string_view name;
      if (!e.get_string().get(name)) AddUnique(facts.attributes, std::string(name));
    }
  }
  for (std::string_view member :
       {"AttributeUpdates", "Expected", "QueryFilter", "ScanFilter", "KeyConditions"}) {
    AddMemberNames(o, member, facts);
  }
}

// The partition key value of an item or key map (`member`).
void AddLeadingKey(JsonObject o, std::string_view member, const TableDefinition* table,
                   ItemFacts& facts) {
  if (table == nullptr) return;
  if (auto text = LeadingKeyOf(o, member, *table)) AddUnique(facts.leading_keys, std::move(*text));
}

ItemFacts KeyedItemFacts(JsonObject o, std::string_view key_member, const TableDefinition* table) {
  ItemFacts facts;
  AddLeadingKey(o, key_member, table, facts);
  AddMemberNames(o, key_member, facts);
  AddExpressionNames(o, facts);
  return facts;
}

std::optional<std::string_view> PartitionValueOf(JsonObject key_or_item,
                                                 const TableDefinition& table) {
  JsonElement value;
  if (key_or_item[table.hash_key()].get(value)) return std::nullopt;
  return KeyValueView(value);
}

std::optional<std::string> LeadingKeyOf(JsonObject o, std::string_view key_member,
                                        const TableDefinition& table) {
  JsonObject key;
  if (o[key_member].get_object().get(key)) return std::nullopt;
  auto value = PartitionValueOf(key, table);
  if (!value) return std::nullopt;
  return std::string(*value);
}

bool HasProjection(JsonObject o) {
  JsonElement e;
  return !o["ProjectionExpression"].get(e) || !o["AttributesToGet"].get(e);
}

std::string_view SelectOf(JsonObject o, bool projection, bool index) {
  std::string_view select = StringMember(o, "Select");
  if (!select.empty()) return select;
  return projection ? "SPECIFIC_ATTRIBUTES" : index ? "ALL_PROJECTED_ATTRIBUTES" : "ALL_ATTRIBUTES";
}

}  // namespace monotable::protocol::authorization
