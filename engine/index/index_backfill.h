#pragma once
// IndexBackfiller: fills a GSI added by UpdateTable from the items that existed before
// it, on a background thread, then makes it ACTIVE.
//
// Exactly once: the write path maintains a CREATING index from the moment its layout is
// published. The backfill first waits out writes that may still use the previous
// layout (LockTable::Barrier), then walks the table (index/table_walk.h: a snapshot,
// in locked batches, resumable after a restart); for each key it reads the current
// item under its lock and adds its entry unless the write path already did. Items that
// do not qualify (missing or mistyped key attributes) are skipped, as DynamoDB does.
//
// Each backfill is a job of one JobRunner (jobs/job_runner.h): logged, counted
// ("gsi_backfill" in /metrics) and joined. A failed backfill leaves the index CREATING
// with Backfilling true, as DescribeTable shows it while it runs, so that DeleteIndex
// still accepts it (DynamoDB takes a CREATING index only while Backfilling is true);
// the walk resumes from its progress record when the engine next opens. Thread-safe.

#include <atomic>
#include <memory>
#include <string>

#include "engine/jobs/job_runner.h"
#include "engine/lock/lock_table.h"
#include "engine/storage/catalog.h"
#include "engine/storage/storage.h"

namespace rocksdb {
class WriteBatch;
}

namespace monotable {

class IndexBackfiller {
 public:
  IndexBackfiller(Storage* storage, Catalog* catalog, LockTable* locks)
      : storage_(storage), catalog_(catalog), locks_(locks) {}
  // Stops every running backfill (they resume when the engine next opens) and waits.
  ~IndexBackfiller();

  // Starts filling `index_name` of `table` (in namespace `ns`) in the background,
  // unless a backfill of that index is already running.
  void Start(std::string ns, std::shared_ptr<Table> table, std::string index_name);

  // The backfills run, failed and running (for /metrics).
  jobs::JobCounts Counts() const { return runner_.Counts(); }

 private:
  // Errors: kInternal; kResourceNotFound when the index was deleted meanwhile. A table
  // dropped meanwhile, or `stop`, ends the run with Ok.
  Status Run(const std::string& ns, Table& table, const std::string& index_name,
             const std::atomic<bool>& stop);
  // Stages into `batch` the entry of the item stored at `key` when it qualifies and is
  // not indexed yet; the caller holds the item's lock until the batch is written.
  // Returns false when the index is gone or no longer backfilling (nothing more to do).
  Result<bool> StageOne(Table& table, const std::string& index_name, const std::string& key,
                        rocksdb::WriteBatch& batch);

  Storage* storage_;
  Catalog* catalog_;
  LockTable* locks_;
  jobs::JobRunner runner_{"gsi_backfill"};  // last: its threads stop before the rest goes
};

}  // namespace monotable
