#include "engine/index/index_entries.h"

#include <algorithm>

#include "engine/format/key_codec.h"
#include "engine/schema/key_validation.h"

namespace monotable {
namespace {

void CopyAttribute(const Item& from, const std::string& name, Item& to) {
  auto it = from.find(name);
  if (it != from.end()) to.emplace(it->first, it->second);
}

// The index key attribute values of `item`, or nullopt when one is missing, of another
// type than declared, or a value no index key can be (an empty S or B, or over the key
// size limits): such an item is not in the index, as DynamoDB's backfill leaves it out.
struct IndexKeyValues {
  const AttributeValue* hash;
  const AttributeValue* range;  // null for indexes without a sort key
};
std::optional<IndexKeyValues> KeyValuesOf(const TableDefinition& table,
                                          const SecondaryIndexDefinition& index, const Item& item) {
  IndexKeyValues values{nullptr, nullptr};
  for (const auto& k : index.key_schema) {
    auto it = item.find(k.name);
    if (it == item.end() || it->second.type != table.AttributeTypeOf(k.name) ||
        !IndexKeyValueFits(it->second, k.type)) {
      return std::nullopt;
    }
    (k.type == KeyType::kHash ? values.hash : values.range) = &it->second;
  }
  if (values.hash == nullptr) return std::nullopt;
  return values;
}

}  // namespace

Item ProjectIntoIndex(const TableDefinition& table, const SecondaryIndexDefinition& index,
                      const Item& item) {
  if (index.projection.type == ProjectionType::kAll) return item;
  Item projected;
  for (const auto& k : table.key_schema) CopyAttribute(item, k.name, projected);
  for (const auto& k : index.key_schema) CopyAttribute(item, k.name, projected);
  if (index.projection.type == ProjectionType::kInclude) {
    for (const auto& name : index.projection.non_key_attributes) {
      CopyAttribute(item, name, projected);
    }
  }
  return projected;
}

std::optional<IndexEntry> EntryFor(const TableDefinition& table,
                                   const SecondaryIndexDefinition& index,
                                   std::string_view table_key, const Item& item) {
  auto values = KeyValuesOf(table, index, item);
  if (!values) return std::nullopt;
  IndexEntry entry{key_codec::IndexKey(*values->hash, values->range, table_key), {}, nullptr};
  if (index.projection.type == ProjectionType::kAll) {
    entry.borrowed = &item;
  } else {
    entry.owned = ProjectIntoIndex(table, index, item);
  }
  return entry;
}

}  // namespace monotable
