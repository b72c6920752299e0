#include "engine/indexes.h"

#include <algorithm>

#include <rocksdb/write_batch.h>

#include "engine/item_codec.h"
#include "engine/key_codec.h"
#include "engine/limits.h"
#include "engine/stats_merge.h"

namespace monotable {
namespace {

void CopyAttribute(const Item& from, const std::string& name, Item& to) {
  auto it = from.find(name);
  if (it != from.end()) to.emplace(it->first, it->second);
}

// The index key attribute values of `item`, or nullopt when one is missing or of
// another type than declared.
struct IndexKeyValues {
  const AttributeValue* hash;
  const AttributeValue* range;  // null for indexes without a sort key
};
std::optional<IndexKeyValues> KeyValuesOf(const TableDefinition& table,
                                          const SecondaryIndexDefinition& index,
                                          const Item& item) {
  IndexKeyValues values{nullptr, nullptr};
  for (const auto& k : index.key_schema) {
    auto it = item.find(k.name);
    if (it == item.end() || it->second.type != table.AttributeTypeOf(k.name)) return std::nullopt;
    (k.type == KeyType::kHash ? values.hash : values.range) = &it->second;
  }
  if (values.hash == nullptr) return std::nullopt;
  return values;
}

bool IsTableKey(const TableDefinition& table, std::string_view name) {
  for (const auto& k : table.key_schema) {
    if (k.name == name) return true;
  }
  return false;
}

// Whether the entry `key` exists in the index (only asked while it backfills, when
// an old image may predate the index and so have no entry yet).
Result<bool> EntryExists(const Storage& storage, const LiveIndex& index, const std::string& key) {
  rocksdb::PinnableSlice value;
  rocksdb::Status s = storage.db()->Get(storage.read_options(), index.family.get(), key, &value);
  if (s.IsNotFound()) return false;
  if (!s.ok()) return Status::Internal(s.ToString());
  return true;
}

int64_t SizeOf(const std::optional<IndexEntry>& entry) {
  return entry ? static_cast<int64_t>(ItemSize(entry->projected)) : 0;
}

// Stages the size change of the item's collection and reports its new size; refuses a
// write that would grow it past DynamoDB's limit.
Result<ItemCollectionSize> StageItemCollectionSize(const Storage& storage,
                                                   const TableDefinition& table,
                                                   const Item& any_image, int64_t delta_bytes,
                                                   rocksdb::WriteBatch& batch) {
  const auto& hash = *any_image.find(table.hash_key());
  const std::string key = ItemCollectionKey(table, hash.second);
  std::string value;
  rocksdb::Status s = storage.db()->Get(storage.read_options(), storage.catalog(), key, &value);
  if (!s.ok() && !s.IsNotFound()) return Status::Internal(s.ToString());
  const int64_t bytes = (s.ok() ? DecodeStats(value).bytes : 0) + delta_bytes;
  if (delta_bytes > 0 && bytes > limits::kMaxItemCollectionBytes) {
    return Status(ErrorCode::kItemCollectionSizeLimitExceeded, "Collection size exceeded.");
  }
  if (delta_bytes != 0) batch.Merge(storage.catalog(), key, EncodeStats({0, delta_bytes}));
  return ItemCollectionSize{{{hash.first, hash.second}}, bytes};
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
  return IndexEntry{key_codec::IndexKey(*values->hash, values->range, table_key),
                    ProjectIntoIndex(table, index, item)};
}

Status CheckIndexKeyValues(const TableDefinition& table, const Item& item) {
  for (const auto* list : {&table.global_secondary_indexes, &table.local_secondary_indexes}) {
    for (const auto& index : *list) {
      if (index.status == IndexStatus::kDeleting) continue;
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
              " Actual: " + std::string(AttributeTypeName(value.type)) +
              " IndexName: " + index.name);
        }
        if (value.type != AttributeType::kN && value.scalar.empty()) {
          return Status::Validation(
              std::string("One or more parameter values are not valid. A value specified for a "
                          "secondary index key is not supported. The AttributeValue for a key "
                          "attribute cannot contain an empty ") +
              (value.type == AttributeType::kS ? "string" : "binary") +
              " value. IndexName: " + index.name + ", IndexKey: " + k.name);
        }
        // As for the table's keys: 2048 bytes for the index partition key, 1024 for
        // its sort key. Message as the service words it (recorded in dynalite issue 35).
        const size_t size = AttributeValueSize(value);
        const size_t max = k.type == KeyType::kHash ? limits::kMaxPartitionKeyBytes
                                                    : limits::kMaxSortKeyBytes;
        if (size > max) {
          return Status::Validation(
              "One or more parameter values were invalid: Size limit exceeded for Index Key " +
              k.name + " Actual Size: " + std::to_string(size) + " bytes Max Size: " +
              std::to_string(max) + " bytes IndexName: " + index.name);
        }
      }
    }
  }
  return Status::Ok();
}

Result<IndexWrites> StageIndexEntries(const Storage& storage, const TableLayout& layout,
                                      std::string_view table_key,
                                      const std::optional<Item>& old_item,
                                      const std::optional<Item>& new_item,
                                      rocksdb::WriteBatch& batch) {
  const TableDefinition& table = *layout.definition;
  if (new_item) MT_RETURN_IF_ERROR(CheckIndexKeyValues(table, *new_item));
  IndexWrites writes;
  // The item and its LSI entries count towards its collection's size.
  int64_t collection_delta = (new_item ? static_cast<int64_t>(ItemSize(*new_item)) : 0) -
                             (old_item ? static_cast<int64_t>(ItemSize(*old_item)) : 0);
  for (const LiveIndex& index : layout.indexes) {
    const SecondaryIndexDefinition& definition = *index.definition;
    std::optional<IndexEntry> old_entry =
        old_item ? EntryFor(table, definition, table_key, *old_item) : std::nullopt;
    std::optional<IndexEntry> new_entry =
        new_item ? EntryFor(table, definition, table_key, *new_item) : std::nullopt;
    if (old_entry && definition.backfilling) {
      MT_ASSIGN_OR_RETURN(exists, EntryExists(storage, index, old_entry->key));
      if (!exists) old_entry.reset();  // written before the index: the backfill's to add
    }
    if (!index.global) collection_delta += SizeOf(new_entry) - SizeOf(old_entry);
    if (!old_entry && !new_entry) continue;
    const bool same_key = old_entry && new_entry && old_entry->key == new_entry->key;
    if (same_key && old_entry->projected == new_entry->projected) continue;

    IndexEntryChange change{definition.name, index.global, std::nullopt, std::nullopt};
    StatsDelta delta;
    if (old_entry) {
      const auto size = static_cast<int64_t>(ItemSize(old_entry->projected));
      if (!same_key) batch.Delete(index.family.get(), old_entry->key);
      change.deleted_bytes = size;
      delta.items -= 1;
      delta.bytes -= size;
    }
    if (new_entry) {
      const auto size = static_cast<int64_t>(ItemSize(new_entry->projected));
      batch.Put(index.family.get(), new_entry->key, item_codec::Encode(new_entry->projected));
      change.put_bytes = size;
      delta.items += 1;
      delta.bytes += size;
    }
    if (same_key) change.deleted_bytes.reset();  // rewritten in place
    batch.Merge(storage.catalog(), index.stats_key, EncodeStats(delta));
    writes.changes.push_back(std::move(change));
  }
  // (A backfill stages one GSI alone: not an item's write, so no collection change.)
  const bool has_local = std::any_of(layout.indexes.begin(), layout.indexes.end(),
                                     [](const LiveIndex& index) { return !index.global; });
  if (has_local) {
    MT_ASSIGN_OR_RETURN(collection,
                        StageItemCollectionSize(storage, table, new_item ? *new_item : *old_item,
                                                collection_delta, batch));
    writes.item_collection = std::move(collection);
  }
  return writes;
}

}  // namespace monotable
