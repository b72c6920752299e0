// The checks of the item operations: GetItem, PutItem, UpdateItem, DeleteItem, Query,
// Scan, BatchGetItem, BatchWriteItem, TransactGetItems, TransactWriteItems.
#include "protocol/authorization/access_checks.h"
#include "protocol/authorization/attribute_names.h"
#include "protocol/authorization/item_facts.h"

namespace monotable::protocol::authorization {
namespace {

// A Query's partition key value, by KeyConditionExpression or KeyConditions (`EQ`).
void AddQueryLeadingKey(JsonObject o, const std::string& key_name, ItemFacts& facts) {
  std::string_view text = StringMember(o, "KeyConditionExpression");
  if (!text.empty()) {
    auto value = KeyConditionValue(text, key_name, ObjectMember(o, "ExpressionAttributeNames"),
                                   ObjectMember(o, "ExpressionAttributeValues"));
    if (value) AddUnique(facts.leading_keys, std::move(*value));
    return;
  }
  auto conditions = ObjectMember(o, "KeyConditions");
  JsonObject condition;
  JsonArray values;
  if (!conditions || (*conditions)[key_name].get_object().get(condition) ||
      condition["AttributeValueList"].get_array().get(values)) {
    return;
  }
  for (JsonElement v : values) {
    if (auto value = KeyValueText(v)) AddUnique(facts.leading_keys, std::move(*value));
  }
}

void AddKeys(AccessCheck& check, const ItemFacts& facts) {
  check.keys.push_back({"dynamodb:LeadingKeys", facts.leading_keys});
  check.keys.push_back({"dynamodb:Attributes", facts.attributes});
}

void AddSetting(AccessCheck& check, JsonObject o, std::string_view member, std::string_view key,
                std::string_view fallback) {
  std::string_view value = StringMember(o, member);
  check.keys.push_back({std::string(key), {std::string(value.empty() ? fallback : value)}});
}

void AddSelect(AccessCheck& check, JsonObject o, const ItemFacts& facts, bool index) {
  check.keys.push_back({"dynamodb:Select", {std::string(SelectOf(o, facts.projection, index))}});
}

// One keyed item request (GetItem, PutItem, UpdateItem, DeleteItem, ConditionCheck):
// `o` holds TableName, Key or Item, and its expressions.
AccessCheck KeyedItemCheck(std::string_view action, JsonObject o, std::string_view key_member,
                           CheckScope& scope) {
  const std::string table(StringMember(o, "TableName"));
  AccessCheck check = TableCheck(action, table, "", scope);
  ItemFacts facts = KeyedItemFacts(o, key_member, scope.tables->Find(table));
  AddKeys(check, facts);
  if (action == "dynamodb:GetItem") {
    AddSelect(check, o, facts, false);
  } else if (action != "dynamodb:ConditionCheckItem") {
    AddSetting(check, o, "ReturnValues", "dynamodb:ReturnValues", "NONE");
  }
  return check;
}

AccessCheck ReadCheck(std::string_view action, JsonObject o, CheckScope& scope) {
  const std::string table(StringMember(o, "TableName"));
  const std::string index(StringMember(o, "IndexName"));
  AccessCheck check = TableCheck(action, table, index, scope);
  ItemFacts facts;
  if (action == "dynamodb:Query") {
    const TableDefinition* definition = scope.tables->Find(table);
    std::string key_name;
    if (definition != nullptr) key_name = definition->hash_key();
    if (definition != nullptr && !index.empty()) {
      for (const auto* list :
           {&definition->global_secondary_indexes, &definition->local_secondary_indexes}) {
        for (const auto& i : *list) {
          if (i.name == index && !i.key_schema.empty()) key_name = i.key_schema[0].name;
        }
      }
    }
    if (!key_name.empty()) AddQueryLeadingKey(o, key_name, facts);
  }
  AddExpressionNames(o, facts);
  AddKeys(check, facts);
  AddSelect(check, o, facts, !index.empty());
  return check;
}

// BatchGetItem and BatchWriteItem: one check per table, with every item's keys.
std::vector<AccessCheck> BatchChecks(std::string_view action, JsonObject request,
                                     CheckScope& scope) {
  std::vector<AccessCheck> checks;
  const bool reads = action == "dynamodb:BatchGetItem";
  auto items = ObjectMember(request, "RequestItems");
  if (!items) return checks;
  for (auto entry : *items) {
    const std::string table(entry.key);
    const TableDefinition* definition = scope.tables->Find(table);
    AccessCheck check = TableCheck(action, table, "", scope);
    ItemFacts facts;
    JsonObject keys_and_attributes;
    JsonArray list;
    if (reads && !entry.value.get_object().get(keys_and_attributes)) {
      AddExpressionNames(keys_and_attributes, facts);
      if (!keys_and_attributes["Keys"].get_array().get(list)) {
        for (JsonElement k : list) {
          JsonObject key;
          if (k.get_object().get(key)) continue;
          for (auto field : key) AddUnique(facts.attributes, std::string(field.key));
          JsonElement value;
          if (definition == nullptr || key[definition->hash_key()].get(value)) continue;
          if (auto text = KeyValueText(value)) AddUnique(facts.leading_keys, std::move(*text));
        }
      }
    } else if (!reads && !entry.value.get_array().get(list)) {
      for (JsonElement w : list) {
        JsonObject write, inner;
        if (w.get_object().get(write)) continue;
        if (!write["PutRequest"].get_object().get(inner)) {
          AddLeadingKey(inner, "Item", definition, facts);
          AddMemberNames(inner, "Item", facts);
        } else if (!write["DeleteRequest"].get_object().get(inner)) {
          AddLeadingKey(inner, "Key", definition, facts);
          AddMemberNames(inner, "Key", facts);
        }
      }
    }
    AddKeys(check, facts);
    if (reads) AddSelect(check, keys_and_attributes, facts, false);
    checks.push_back(std::move(check));
  }
  return checks;
}

// TransactWriteItems and TransactGetItems: each element as its own action.
std::vector<AccessCheck> TransactionChecks(std::string_view operation, JsonObject request,
                                           CheckScope& scope) {
  struct Kind {
    std::string_view member, action, key_member;
  };
  static constexpr Kind kKinds[] = {
      {"Put", "dynamodb:PutItem", "Item"},
      {"Update", "dynamodb:UpdateItem", "Key"},
      {"Delete", "dynamodb:DeleteItem", "Key"},
      {"ConditionCheck", "dynamodb:ConditionCheckItem", "Key"},
      {"Get", "dynamodb:GetItem", "Key"},
  };
  std::vector<AccessCheck> checks;
  JsonArray list;
  if (request["TransactItems"].get_array().get(list)) return checks;
  for (JsonElement e : list) {
    JsonObject entry, inner;
    if (e.get_object().get(entry)) continue;
    for (const Kind& kind : kKinds) {
      if (entry[kind.member].get_object().get(inner)) continue;
      AccessCheck check = KeyedItemCheck(kind.action, inner, kind.key_member, scope);
      check.keys.push_back({"dynamodb:EnclosingOperation", {std::string(operation)}});
      checks.push_back(std::move(check));
    }
  }
  return checks;
}

}  // namespace

std::optional<std::vector<AccessCheck>> ItemChecks(std::string_view operation, JsonObject request,
                                                   CheckScope& scope) {
  const std::string action = "dynamodb:" + std::string(operation);
  if (operation == "GetItem" || operation == "UpdateItem" || operation == "DeleteItem") {
    return std::vector<AccessCheck>{KeyedItemCheck(action, request, "Key", scope)};
  }
  if (operation == "PutItem") {
    return std::vector<AccessCheck>{KeyedItemCheck(action, request, "Item", scope)};
  }
  if (operation == "Query" || operation == "Scan") {
    return std::vector<AccessCheck>{ReadCheck(action, request, scope)};
  }
  if (operation == "BatchGetItem" || operation == "BatchWriteItem") {
    return BatchChecks(action, request, scope);
  }
  if (operation == "TransactWriteItems" || operation == "TransactGetItems") {
    return TransactionChecks(operation, request, scope);
  }
  return std::nullopt;
}

}  // namespace monotable::protocol::authorization
