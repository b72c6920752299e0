#pragma once
// Secondary index entries. From an item's old and new images, the entries to delete
// and put in each index of its table, staged into the WriteBatch of the base write so
// that an item and its index entries change atomically (DESIGN §4).
//
// An item has an entry in an index exactly when it holds every index key attribute
// with the declared type (sparse indexes; overloaded GSIs need nothing more). The
// entry's key is key_codec::IndexKey; its value is the item projected into the index
// (KEYS_ONLY: table and index keys; INCLUDE: also NonKeyAttributes; ALL: everything).
// Thread-safe: pure functions, plus reads of the storage.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/attribute_value.h"
#include "engine/catalog.h"
#include "engine/status.h"
#include "engine/storage.h"
#include "engine/table_schema.h"

namespace rocksdb {
class WriteBatch;
}

namespace monotable {

// What one write did to one index: the entry it removed and the one it wrote (an
// update that keeps the index key rewrites the entry in place: put only). Sizes are
// those of the projected items, for ReturnConsumedCapacity=INDEXES accounting.
struct IndexEntryChange {
  std::string index_name;
  bool global = true;
  std::optional<int64_t> deleted_bytes;  // an entry was deleted
  std::optional<int64_t> put_bytes;      // an entry was written
};

// The size of an item collection after a write (tables with LSIs only).
struct ItemCollectionSize {
  Item key;  // the partition key attribute
  int64_t bytes = 0;
};

// The indexes a write touched; an index whose entry did not change is not listed.
struct IndexWrites {
  std::vector<IndexEntryChange> changes;
  std::optional<ItemCollectionSize> item_collection;
};

// An item's entry in one index.
struct IndexEntry {
  std::string key;  // key_codec::IndexKey
  Item projected;   // what the index stores of the item
};

// The attributes an index stores of an item, keys of the table and index included.
Item ProjectIntoIndex(const TableDefinition& table, const SecondaryIndexDefinition& index,
                      const Item& item);

// The item's entry in `index`, or nullopt when the item lacks an index key attribute
// or has one of another type (sparse). `table_key` is the item's table key.
std::optional<IndexEntry> EntryFor(const TableDefinition& table,
                                   const SecondaryIndexDefinition& index,
                                   std::string_view table_key, const Item& item);

// A written item may leave index key attributes out, but those it has must suit every
// index that is not being deleted. Errors (kValidation), DynamoDB's texts:
//   One or more parameter values were invalid: Type mismatch for Index Key <attr>
//     Expected: S Actual: N IndexName: <index>
//   One or more parameter values are not valid. A value specified for a secondary
//     index key is not supported. The AttributeValue for a key attribute cannot contain
//     an empty string value. IndexName: <index>, IndexKey: <attr>
Status CheckIndexKeyValues(const TableDefinition& table, const Item& item);

// Stages into `batch` the index changes of one base-item write (old -> new image;
// nullopt: absent) and the matching statistics deltas, for every CREATING or ACTIVE
// index of `layout`. Must be called under the item's lock, with the layout read under
// it. When `layout` has LSIs it also tracks the size of the item's collection. Errors:
// CheckIndexKeyValues's on the new image (nothing is staged then);
// kItemCollectionSizeLimitExceeded "Collection size exceeded." (a write that grows a
// collection past 10 GB); kInternal (I/O).
Result<IndexWrites> StageIndexEntries(const Storage& storage, const TableLayout& layout,
                                      std::string_view table_key,
                                      const std::optional<Item>& old_item,
                                      const std::optional<Item>& new_item,
                                      rocksdb::WriteBatch& batch);

}  // namespace monotable
