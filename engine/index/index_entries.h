#pragma once
// Secondary index entries: what an item's entry in an index is, and what a write did to
// the entries (staged into the base write's WriteBatch by index_staging.h, so that an
// item and its index entries change atomically).
//
// An item has an entry in an index exactly when it holds every index key attribute
// with the declared type (sparse indexes; overloaded GSIs need nothing more) and a value
// an index key can be (schema/key_validation.h: IndexKeyValueFits). The
// entry's key is key_codec::IndexKey; its value is the item projected into the index
// (KEYS_ONLY: table and index keys; INCLUDE: also NonKeyAttributes; ALL: everything).
// Thread-safe: pure functions.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/attribute_value.h"
#include "engine/schema/table_schema.h"

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

// An item's entry in one index. An ALL index stores the whole item, so its entry
// borrows the item instead of copying it: every write projects each of its images into
// each index twice (admission charges the entries, staging writes them), and for an ALL
// index those copies were the dearest part of maintaining it. Such an entry refers to
// the item given to EntryFor and must not outlive it.
struct IndexEntry {
  std::string key;  // key_codec::IndexKey
  // What the index stores of the item.
  const Item& projected() const { return borrowed != nullptr ? *borrowed : owned; }

  Item owned;                      // KEYS_ONLY and INCLUDE: the projected copy
  const Item* borrowed = nullptr;  // ALL: the item itself
};

// The attributes an index stores of an item, keys of the table and index included.
Item ProjectIntoIndex(const TableDefinition& table, const SecondaryIndexDefinition& index,
                      const Item& item);

// The item's entry in `index`, or nullopt when the item lacks an index key attribute,
// has one of another type (sparse) or one that does not fit an index key. `table_key` is the item's
// table key. For an ALL index the entry refers to `item` (see IndexEntry).
std::optional<IndexEntry> EntryFor(const TableDefinition& table,
                                   const SecondaryIndexDefinition& index,
                                   std::string_view table_key, const Item& item);

}  // namespace monotable
