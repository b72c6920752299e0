#include "engine/schema/key_validation.h"

#include "engine/base/limits.h"
#include "engine/format/key_codec.h"
#include "engine/schema/definition_rules.h"

namespace monotable {
namespace {

constexpr char kNotSchema[] = "The provided key element does not match the schema";

// Empty S/B key values and oversized keys are refused in both Put and Get/Delete.
Status CheckKeyValue(const AttributeValue& value, const std::string& name, bool is_hash) {
  if (value.scalar.empty() && value.type != AttributeType::kN) {
    return Status::Validation(
        std::string("One or more parameter values are not valid. The AttributeValue for a key "
                    "attribute cannot contain an empty ") +
        (value.type == AttributeType::kS ? "string" : "binary") + " value. Key: " + name);
  }
  size_t size = AttributeValueSize(value);
  if (is_hash && size > limits::kMaxPartitionKeyBytes) {
    return Status::Validation(std::string(kInvalidParameter) +
                              "Size of hashkey has exceeded the maximum size limit of" +
                              std::to_string(limits::kMaxPartitionKeyBytes) + " bytes");
  }
  if (!is_hash && size > limits::kMaxSortKeyBytes) {
    return Status::Validation(std::string(kInvalidParameter) +
                              "Aggregated size of all range keys has exceeded the size limit of " +
                              std::to_string(limits::kMaxSortKeyBytes) + " bytes");
  }
  return Status::Ok();
}

std::string BuildKey(const TableDefinition& table, const Item& item) {
  const AttributeValue& hash = item.find(table.hash_key())->second;
  const std::string* range = table.range_key();
  return key_codec::TableKey(hash, range ? &item.find(*range)->second : nullptr);
}

bool IsTableKey(const TableDefinition& table, std::string_view name) {
  for (const auto& k : table.key_schema) {
    if (k.name == name) return true;
  }
  return false;
}

}  // namespace

Result<std::string> ValidateItemAndBuildKey(const TableDefinition& table, const Item& item,
                                            size_t* item_size) {
  for (size_t i = 0; i < table.key_schema.size(); ++i) {
    const std::string& name = table.key_schema[i].name;
    auto it = item.find(name);
    if (it == item.end()) {
      return Status::Validation(std::string(kInvalidParameter) + "Missing the key " + name +
                                " in the item");
    }
    AttributeType declared = table.AttributeTypeOf(name);
    if (it->second.type != declared) {
      return Status::Validation(std::string(kInvalidParameter) + "Type mismatch for key " + name +
                                " expected: " + std::string(AttributeTypeName(declared)) +
                                " actual: " + std::string(AttributeTypeName(it->second.type)));
    }
    MT_RETURN_IF_ERROR(CheckKeyValue(it->second, name, i == 0));
  }
  MT_RETURN_IF_ERROR(CheckIndexKeyValues(table, item));
  const size_t size = ItemSize(item);
  if (size > limits::kMaxItemBytes) {
    return Status::Validation("Item size has exceeded the maximum allowed size");
  }
  if (item_size != nullptr) *item_size = size;
  return BuildKey(table, item);
}

Result<std::string> ValidateKeyAndBuildKey(const TableDefinition& table, const Item& key) {
  if (key.size() != table.key_schema.size()) return Status::Validation(kNotSchema);
  for (size_t i = 0; i < table.key_schema.size(); ++i) {
    const std::string& name = table.key_schema[i].name;
    auto it = key.find(name);
    if (it == key.end() || it->second.type != table.AttributeTypeOf(name)) {
      return Status::Validation(kNotSchema);
    }
    MT_RETURN_IF_ERROR(CheckKeyValue(it->second, name, i == 0));
  }
  return BuildKey(table, key);
}

bool IndexKeyValueFits(const AttributeValue& value, KeyType key_type) {
  if (value.type != AttributeType::kN && value.scalar.empty()) return false;
  const size_t max =
      key_type == KeyType::kHash ? limits::kMaxPartitionKeyBytes : limits::kMaxSortKeyBytes;
  return AttributeValueSize(value) <= max;
}

Status CheckIndexKeyValues(const TableDefinition& table, const SecondaryIndexDefinition& index,
                           const Item& item) {
  for (const auto& k : index.key_schema) {
    // The table's own key attributes were checked with the table's messages.
    if (IsTableKey(table, k.name)) continue;
    auto it = item.find(k.name);
    if (it == item.end()) continue;
    const AttributeType declared = table.AttributeTypeOf(k.name);
    const AttributeValue& value = it->second;
    if (value.type != declared) {
      return Status::Validation(
          "One or more parameter values were invalid: Type mismatch for Index Key " + k.name +
          " Expected: " + std::string(AttributeTypeName(declared)) +
          " Actual: " + std::string(AttributeTypeName(value.type)) + " IndexName: " + index.name);
    }
    if (IndexKeyValueFits(value, k.type)) continue;
    if (value.type != AttributeType::kN && value.scalar.empty()) {
      return Status::Validation(
          std::string("One or more parameter values are not valid. A value specified for a "
                      "secondary index key is not supported. The AttributeValue for a key "
                      "attribute cannot contain an empty ") +
          (value.type == AttributeType::kS ? "string" : "binary") +
          " value. IndexName: " + index.name + ", IndexKey: " + k.name);
    }
    // As for the table's keys: 2048 bytes for the index partition key, 1024 for its sort
    // key (the developer guide's "Detecting and correcting index key violations"). The
    // service's text, recorded in dynalite issue 35 and in user reports.
    const size_t max =
        k.type == KeyType::kHash ? limits::kMaxPartitionKeyBytes : limits::kMaxSortKeyBytes;
    return Status::Validation(
        "One or more parameter values were invalid: Size limit exceeded for Index Key " + k.name +
        " Actual Size: " + std::to_string(AttributeValueSize(value)) +
        " bytes Max Size: " + std::to_string(max) + " bytes IndexName: " + index.name);
  }
  return Status::Ok();
}

Status CheckIndexKeyValues(const TableDefinition& table, const Item& item) {
  for (const auto* list : {&table.global_secondary_indexes, &table.local_secondary_indexes}) {
    for (const auto& index : *list) {
      if (index.status == IndexStatus::kDeleting || index.backfilling) continue;
      MT_RETURN_IF_ERROR(CheckIndexKeyValues(table, index, item));
    }
  }
  return Status::Ok();
}

}  // namespace monotable
