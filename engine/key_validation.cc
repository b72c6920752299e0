#include "engine/key_validation.h"

#include "engine/indexes.h"
#include "engine/key_codec.h"
#include "engine/limits.h"

namespace monotable {
namespace {

constexpr char kInvalid[] = "One or more parameter values were invalid: ";
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
    return Status::Validation(std::string(kInvalid) +
                              "Size of hashkey has exceeded the maximum size limit of" +
                              std::to_string(limits::kMaxPartitionKeyBytes) + " bytes");
  }
  if (!is_hash && size > limits::kMaxSortKeyBytes) {
    return Status::Validation(std::string(kInvalid) +
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

}  // namespace

Result<std::string> ValidateItemAndBuildKey(const TableDefinition& table, const Item& item) {
  for (size_t i = 0; i < table.key_schema.size(); ++i) {
    const std::string& name = table.key_schema[i].name;
    auto it = item.find(name);
    if (it == item.end()) {
      return Status::Validation(std::string(kInvalid) + "Missing the key " + name + " in the item");
    }
    AttributeType declared = table.AttributeTypeOf(name);
    if (it->second.type != declared) {
      return Status::Validation(std::string(kInvalid) + "Type mismatch for key " + name +
                                " expected: " + std::string(AttributeTypeName(declared)) +
                                " actual: " + std::string(AttributeTypeName(it->second.type)));
    }
    MT_RETURN_IF_ERROR(CheckKeyValue(it->second, name, i == 0));
  }
  MT_RETURN_IF_ERROR(CheckIndexKeyValues(table, item));
  if (ItemSize(item) > limits::kMaxItemBytes) {
    return Status::Validation("Item size has exceeded the maximum allowed size");
  }
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

}  // namespace monotable
