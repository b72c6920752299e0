#pragma once
// The two bulk copies behind backups and restores: a table's items (as of a snapshot)
// into a backup, and items into a restored table through ItemBatch, which writes their
// index entries and statistics with them. Not thread-safe: one copy per object; the
// restored table must take no other writes meanwhile (it is CREATING).

#include <rocksdb/snapshot.h>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "engine/base/status.h"
#include "engine/storage/catalog.h"
#include "engine/storage/storage.h"
#include "engine/write/item_batch.h"

namespace monotable::backup {

// A RocksDB snapshot released when the last holder lets go.
using SnapshotRef = std::shared_ptr<const rocksdb::Snapshot>;
SnapshotRef TakeSnapshot(Storage& storage);

struct CopyTotals {
  int64_t items = 0;
  int64_t bytes = 0;  // DynamoDB's item sizes
};

// Copies every item of `family` visible in `snapshot` under `backup_id`, in batches;
// stops early (kInternal "interrupted") when `stopping` turns true. Errors: kInternal.
Result<CopyTotals> CopyToBackup(Storage& storage, const ColumnFamilyRef& family,
                                const SnapshotRef& snapshot, const std::string& backup_id,
                                const std::atomic<bool>& stopping);

// Writes items into a restored table in batches of kBatchItems.
class RestoreLoader {
 public:
  static constexpr int kBatchItems = 256;
  // `resume`: the table may hold some of the items already (a load interrupted by a
  // restart), so each one's current image is read first to keep statistics right.
  RestoreLoader(Storage& storage, Table& target, bool resume)
      : storage_(storage), target_(target), resume_(resume) {}
  // Errors: kInternal (a corrupt item), ItemBatch's.
  Status Add(std::string_view key, std::string_view encoded_item);
  // Commits what is staged. Errors: kInternal.
  Status Flush();
  int64_t items() const { return items_; }

 private:
  Storage& storage_;
  Table& target_;
  bool resume_;
  std::optional<ItemBatch> batch_;
  int staged_ = 0;
  int64_t items_ = 0;
};

// Every item of `family` visible in `snapshot`, in key order, handed to fn(key, value);
// stops early (kInternal "interrupted") when `stopping` turns true. Errors: fn's, kInternal.
Status ForEachItem(const Storage& storage, rocksdb::ColumnFamilyHandle* family,
                   const std::string& begin, const std::string& end,
                   const rocksdb::Snapshot* snapshot, const std::atomic<bool>& stopping,
                   const std::function<Status(std::string_view, std::string_view)>& fn);

}  // namespace monotable::backup
