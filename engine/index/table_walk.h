#pragma once
// TableWalk: a background job's walk over the items of a table (the GSI backfill, the
// Time to Live backfill), resumable after a restart.
//
// The walk reads one snapshot of the table in key order. For each key it takes the
// item's lock and lets the job stage changes for the item (as it is now, read under the
// lock) into a WriteBatch. Items go in batches: the walk holds the locks of a batch's
// items until the batch is written, taking each lock with try_lock and writing what it
// holds before it ever waits, so it cannot deadlock with writers that lock several
// items (transactions). Every batch also records the last key it covered in the catalog
// (catalog_keys::WalkProgressKey), in the same atomic write: a walk killed at any point
// resumes after the last batch that was written and loses nothing, since everything
// before it is in the database and the write path has maintained it since.
// Not thread-safe: one walk per object and thread.

#include <functional>
#include <string>

#include "engine/base/status.h"
#include "engine/lock/lock_table.h"
#include "engine/storage/catalog.h"
#include "engine/storage/storage.h"

namespace rocksdb {
class WriteBatch;
}

namespace monotable {

class TableWalk {
 public:
  // `progress_key` names the walk's record in the catalog column family. All references
  // must outlive the walk.
  TableWalk(Storage& storage, LockTable& locks, Table& table, std::string progress_key)
      : storage_(storage), locks_(locks), table_(table), progress_key_(std::move(progress_key)) {}

  // What the job does with the item stored at `key`, whose lock the walk holds: stage
  // changes into `batch`. Returns false to end the walk early (nothing more to do).
  using Visit = std::function<Result<bool>(const std::string& key, rocksdb::WriteBatch& batch)>;
  // Asked before each batch: true ends the walk (shutdown, table dropped).
  using Stop = std::function<bool()>;

  enum class End { kFinished, kEnded };
  // Walks from where the last written batch of an earlier run ended (or from the first
  // item): kFinished when every item was visited, kEnded when `visit` or `stop` ended
  // it (the progress of what was written stays recorded). Errors: kInternal, `visit`'s.
  Result<End> Run(const Visit& visit, const Stop& stop);

  // Forgets the recorded progress: before a job starts afresh, and once it is done.
  // Errors: kInternal.
  Status ClearProgress();

  // Items per batch: large enough to amortise a write, small enough that writers
  // waiting for one of the batch's locks wait briefly.
  static constexpr size_t kItemsPerBatch = 256;

 private:
  Storage& storage_;
  LockTable& locks_;
  Table& table_;
  std::string progress_key_;
};

}  // namespace monotable
