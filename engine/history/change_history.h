#pragma once
// ChangeHistory: a table's change history while point-in-time recovery is on. Every
// item change of the table also writes, in the same WriteBatch (write/item_batch.h),
// a record of the item's key and its image *before* the change, keyed by the table's
// number and a stamp that grows with time (format/backup_keys.h). The table as it was
// at a moment T is then its current items with every key changed after T put back to
// the image of its first change after T (ImagesAt): no full copy is ever taken, and a
// restore reads only what changed since T.
//
// Why this and not the Streams record log: a stream exists only while the user enables
// one, keeps 24 hours, and its records hold the images its view type asks for; the
// history must hold old images for the whole recovery period whatever the stream does.
// Why not RocksDB snapshots: they do not survive a restart, and pinning one per second
// would keep every overwritten version for 35 days anyway.
//
// Thread-safety: NextStamp is lock-free and may be called from any thread; StageChange
// is called under the item's lock, so one item's records are in write order.

#include <rocksdb/snapshot.h>
#include <rocksdb/write_batch.h>

#include <atomic>
#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include "engine/base/attribute_value.h"
#include "engine/base/clock.h"
#include "engine/base/status.h"
#include "engine/storage/storage.h"

namespace monotable::history {

class ChangeHistory {
 public:
  // `clock` must outlive this object.
  ChangeHistory(uint64_t table_number, const Clock& clock)
      : table_number_(table_number), clock_(clock) {}

  uint64_t table_number() const { return table_number_; }
  // (now ms << 20) | counter, greater than every stamp this object gave before.
  uint64_t NextStamp();

 private:
  const uint64_t table_number_;
  const Clock& clock_;
  std::atomic<uint64_t> last_stamp_{0};
};

// Adds the record of a change of the item at `key`, whose image before the change is
// `old_item` (nullopt: absent), to `batch`. Never fails.
void StageChange(ChangeHistory& history, const Storage& storage, std::string_view key,
                 const std::optional<Item>& old_item, rocksdb::WriteBatch& batch);

// Removes a table's records older than `before_ms` (all of them with INT64_MAX): one
// range delete. Errors: kInternal.
Status Trim(Storage& storage, uint64_t table_number, int64_t before_ms);

// The images, at the end of millisecond `at_ms`, of every key the table changed after
// it, read from `snapshot` (the same snapshot the caller reads the table's items
// from): key -> encoded item, nullopt for an item that did not exist then. Held in
// memory: its size is that of the keys changed since `at_ms`. Errors: kInternal
// (a corrupt record).
using Images = std::map<std::string, std::optional<std::string>>;
Result<Images> ImagesAt(const Storage& storage, const rocksdb::Snapshot* snapshot,
                        uint64_t table_number, int64_t at_ms);

}  // namespace monotable::history
