#pragma once
// ItemBatch: the single place where a change of a base item is written into a RocksDB
// WriteBatch. Single-item writes and transactions both stage their changes here, so
// whatever must accompany an item change (table statistics now; index entries, TTL
// entries and stream records later) is added in one function and is always committed
// atomically with the item. Not thread-safe: one batch per request.

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <rocksdb/write_batch.h>

#include "engine/attribute_value.h"
#include "engine/catalog.h"
#include "engine/stats_merge.h"
#include "engine/status.h"
#include "engine/storage.h"

namespace monotable {

class ItemBatch {
 public:
  // Appends the change of the item at `key` from `old_item` to `new_item` (nullopt:
  // absent) and accumulates `table`'s statistics delta. Staging "absent -> absent"
  // writes nothing. `table` must outlive the batch.
  void Stage(Table& table, const std::string& key, const std::optional<Item>& old_item,
             const std::optional<Item>& new_item);

  // Writes everything staged (items and statistics of every table touched) as one
  // atomic WriteBatch, then updates the tables' in-memory statistics. Errors: kInternal.
  Status Commit(Storage& storage);

 private:
  rocksdb::WriteBatch batch_;
  std::vector<std::pair<Table*, StatsDelta>> deltas_;  // one per table, in staging order
};

}  // namespace monotable
