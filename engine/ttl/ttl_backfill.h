#pragma once
// TtlBackfiller: when TTL is enabled on a table that already holds items, adds their
// expiry entries on a background thread, then clears the table's `backfilling` mark.
//
// Exactly once, as the GSI backfill (index/index_backfill.h): writes maintain the index
// from the moment the TTL-enabled layout is published; the backfill waits out writes
// that may still use the previous layout (LockTable::Barrier), then walks the table
// (index/table_walk.h: a snapshot, in locked batches, resumable after a restart) and,
// under each item's lock, puts the entry of the item as it is now (a write that already
// put it wrote the same key). Thread-safe.

#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "engine/lock/lock_table.h"
#include "engine/storage/catalog.h"
#include "engine/storage/storage.h"

namespace monotable::ttl {

class TtlBackfiller {
 public:
  TtlBackfiller(Storage* storage, Catalog* catalog, LockTable* locks)
      : storage_(storage), catalog_(catalog), locks_(locks) {}
  // Stops every running backfill (they resume when the engine next opens) and waits.
  ~TtlBackfiller();

  // Starts filling the expiry index of `table` (in namespace `ns`) in the background,
  // unless its backfill is already running.
  void Start(std::string ns, std::shared_ptr<Table> table);
  // Ends the backfill of `table`, if one runs, and waits until it has.
  void Stop(const Table& table);

  // The walk's progress record of `table` (catalog_keys::WalkProgressKey).
  static std::string ProgressKey(const TableDefinition& table);

 private:
  struct Job {
    std::shared_ptr<Table> table;
    std::atomic<bool> stop{false};
    bool done = false;  // guarded by mutex_
  };
  // Errors: kInternal; a table dropped or TTL disabled meanwhile ends the run quietly.
  Status Run(const std::string& ns, Job& job);
  void Reap();  // joins finished threads (mutex_ held)

  Storage* storage_;
  Catalog* catalog_;
  LockTable* locks_;
  std::atomic<bool> stopping_{false};
  std::mutex mutex_;
  std::condition_variable job_done_;
  std::vector<std::pair<std::shared_ptr<Job>, std::thread>> jobs_;  // guarded by mutex_
};

}  // namespace monotable::ttl
