#pragma once
// TtlBackfiller: when TTL is enabled on a table that already holds items, adds their
// expiry entries on a background thread, then clears the table's `backfilling` mark.
//
// Exactly once, as the GSI backfill (index/index_backfill.h): writes maintain the index
// from the moment the TTL-enabled layout is published; the backfill waits out writes
// that may still use the previous layout (LockTable::Barrier), then walks the table
// (index/table_walk.h: a snapshot, in locked batches, resumable after a restart) and,
// under each item's lock, puts the entry of the item as it is now (a write that already
// put it wrote the same key). Each backfill is a job of one JobRunner
// (jobs/job_runner.h): logged, counted ("ttl_backfill" in /metrics) and joined.
// Thread-safe.

#include <atomic>
#include <memory>
#include <string>

#include "engine/jobs/job_runner.h"
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

  // The backfills run, failed and running (for /metrics).
  jobs::JobCounts Counts() const { return runner_.Counts(); }

 private:
  // Errors: kInternal; a table dropped or TTL disabled meanwhile, or `stop`, ends the
  // run with Ok.
  Status Run(const std::string& ns, Table& table, const std::atomic<bool>& stop);

  Storage* storage_;
  Catalog* catalog_;
  LockTable* locks_;
  jobs::JobRunner runner_{"ttl_backfill"};  // last: its threads stop before the rest goes
};

}  // namespace monotable::ttl
