#pragma once
// The expiry index: for each item of a TTL-enabled table that can expire, one entry
// `table number ‖ expiry seconds ‖ table key` in the `expiry` column family
// (format/expiry_keys.h), so that a sweep reads exactly the items due, oldest first,
// without scanning the table.
//
// Exactness: ItemBatch stages an item's entry change in the same WriteBatch as the
// item, under the item's lock, for every write path (put, update, delete, batch
// writes, transactions, PartiQL, the sweeper's own deletions), from the moment a layout
// with TTL enabled is published. Items written before that are added by the backfill
// (ttl_backfill.h). Disabling TTL, or deleting the table, drops the table's entries.
// Thread-safe for distinct batches.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/attribute_value.h"
#include "engine/base/status.h"
#include "engine/schema/table_schema.h"
#include "engine/storage/catalog.h"
#include "engine/storage/storage.h"

namespace rocksdb {
class WriteBatch;
}

namespace monotable::ttl {

// The number of the table's column family: the first 8 bytes of its entries.
uint64_t TableNumber(const TableDefinition& table);

// Whether writes to `table` maintain its expiry index: TTL is enabled.
inline bool Indexed(const TableDefinition& table) { return table.time_to_live.enabled; }

// Stages into `batch` the change of the expiry entry of the item at `table_key` from
// `old_item` to `new_item` (nullopt: absent). Nothing when TTL is disabled or the expiry
// did not change. Deleting an entry that was never written (an item older than a
// running backfill) is harmless. The caller holds the item's lock.
void StageExpiryEntry(const Storage& storage, const TableDefinition& table,
                      std::string_view table_key, const std::optional<Item>& old_item,
                      const std::optional<Item>& new_item, rocksdb::WriteBatch& batch);

// The entry of an item that can expire; nullopt otherwise.
std::optional<std::string> EntryKeyOf(const TableDefinition& table, std::string_view table_key,
                                      const Item& item);

// One entry, decoded.
struct ExpiryEntry {
  int64_t seconds = 0;
  std::string table_key;
  friend bool operator==(const ExpiryEntry&, const ExpiryEntry&) = default;
};

// Every entry of `table`, in index order. Errors: kInternal.
Result<std::vector<ExpiryEntry>> ReadEntries(const Storage& storage, const Table& table);

// Compares the index with the table's items, as of one snapshot: Ok when every item
// that can expire has exactly its entry and there is no other (a check for tests and
// diagnosis; it reads the whole table). Errors: kInternal naming the first difference.
Status Verify(const Storage& storage, const Table& table);

}  // namespace monotable::ttl
