#pragma once
// TtlSweeper: deletes expired items. Every interval, for each table with TTL enabled, it
// reads the expiry index (engine/ttl/expiry_index.h) over the range due now, in chunks,
// and deletes the items through the normal write path (WritePath::ApplyEach, batches of
// WritePath::kItemsPerBatch items, ChangeOrigin::kTimeToLive): under each item's lock it
// reads the item again and deletes it only if it is still due, so a concurrent write
// that extended or removed the expiry wins. A deletion is a normal one otherwise: it
// removes the item's GSI and LSI entries and its expiry entry, and updates ItemCount,
// TableSizeBytes and item-collection sizes in the same WriteBatch as the item. It
// consumes no capacity and is never throttled (it does not go through admission). An
// item held by an in-flight transaction is waited for, with nothing else held. Locks are
// held for one batch at most, so a process killed mid-sweep loses nothing: the next
// sweep finds what is left in the index.
//
// Best effort, as DynamoDB's: while foreground requests arrive, the sweeper works at
// most kBusyShare of the time (it sleeps between chunks), so that it takes little from
// them; with none, it runs flat out. Its passes are a periodic job of a JobRunner
// (jobs/job_runner.h): logged, counted ("ttl_sweep" in /metrics). Thread-safe.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>

#include "engine/base/clock.h"
#include "engine/base/status.h"
#include "engine/jobs/job_runner.h"
#include "engine/storage/catalog.h"
#include "engine/storage/storage.h"
#include "engine/write/write_path.h"

namespace monotable::ttl {

struct SweepCounts {
  int64_t deleted = 0;  // items deleted
  int64_t skipped = 0;  // due entries whose item was no longer due when locked
};

class TtlSweeper {
 public:
  // `foreground` counts the data-plane requests served (null: never yield). The
  // references must outlive this object.
  TtlSweeper(Storage& storage, const Catalog& catalog, WritePath& write_path, const Clock& clock,
             const std::atomic<uint64_t>* foreground = nullptr)
      : storage_(storage),
        catalog_(catalog),
        write_path_(write_path),
        clock_(clock),
        foreground_(foreground) {}

  // The share of time the sweeper works while foreground requests arrive.
  static constexpr double kBusyShare = 0.1;
  // Stops the background thread, if any, and waits for it.
  ~TtlSweeper();

  // The passes run and failed (for /metrics).
  jobs::JobCounts Counts() const { return runner_.Counts(); }

  // Sweeps every `interval_ms` on a background thread; 0 starts none. Call once.
  void Start(int64_t interval_ms);

  // One pass over every TTL-enabled table, deleting the items due at the clock's
  // current time. Errors: kInternal (the pass stops at the first).
  Result<SweepCounts> SweepOnce();

 private:
  Result<SweepCounts> SweepTable(const std::string& ns, const std::shared_ptr<Table>& table,
                                 int64_t now_ms);
  bool Stopping() const;
  // After a chunk that took `worked`: sleeps so that the sweep keeps to kBusyShare of
  // the time if foreground requests arrived since the last chunk.
  void YieldToForeground(std::chrono::steady_clock::duration worked);

  Storage& storage_;
  const Catalog& catalog_;
  WritePath& write_path_;
  const Clock& clock_;
  const std::atomic<uint64_t>* foreground_;
  uint64_t foreground_seen_ = 0;         // used by one sweep at a time (guarded by sweep_mutex_)
  std::mutex sweep_mutex_;               // one pass at a time
  jobs::JobRunner runner_{"ttl_sweep"};  // last: its thread stops before the rest goes
};

}  // namespace monotable::ttl
