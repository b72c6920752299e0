#pragma once
// IndexLag: a GSI's propagation delay per write (docs/EVENTUAL_CONSISTENCY.md). A write
// that changes a GSI's entries reaches each index partition it changes (a partition key
// value of the index, named by the 64-bit hash that starts its index keys) at
//   visible = max(write time + its drawn delay, that partition's previous visible time),
// so every partition shows its writes in write order. A read of one partition at time t
// (a GSI Query) sees exactly the writes whose visible time is <= t: it reads the state
// the database was in just before that partition's first write still invisible (a
// snapshot taken as the write was about to be applied), or the latest state once all
// are visible. A read of the whole index (a GSI Scan) reads the state before the first
// write, in write order, still invisible in any of its partitions: a real state that
// shows no write before its time, though it may hold back writes another partition
// already shows. Either way a read never sees an index state that never existed.
//
// Memory: one record per (write, partition) until its visible time passes, each
// holding the snapshot taken before its write (shared by the write's records); a write
// whose partitions are all due already records nothing.
//
// Thread-safety: every method is thread-safe (one mutex, held for a map operation and
// at most one RocksDB GetSnapshot). Writes of one partition on several threads at once
// are ordered as they reach BeforeWrite, which may differ from their commit order by
// the write in flight: the state read is then a little staler, and still a real one.
// Errors: none.

#include <rocksdb/db.h>

#include <cstdint>
#include <deque>
#include <map>
#include <mutex>
#include <span>
#include <utility>

#include "engine/base/clock.h"
#include "engine/staleness/snapshot_ring.h"
#include "engine/storage/storage.h"

namespace monotable::staleness {

class IndexLag {
 public:
  // `db` and `clock` must outlive this object and every StateRef it hands out.
  IndexLag(rocksdb::DB* db, const Clock& clock) : db_(db), clock_(clock) {}

  // Just before a write that changes the partitions `touches` (each at most once) is
  // applied; `delays_ms` holds each touch's drawn delay (same size).
  void BeforeWrite(std::span<const IndexTouch> touches, std::span<const int64_t> delays_ms);

  // The state a read of partition `partition` of the index in family `family_id` sees
  // now (null: the latest).
  StateRef ForPartition(uint32_t family_id, uint64_t partition);
  // The state a read of the whole index in family `family_id` sees now (null: the
  // latest).
  StateRef ForIndex(uint32_t family_id);

  // Writes still invisible somewhere, summed over partitions (for tests).
  size_t pending() const;

 private:
  struct Pending {
    uint64_t write;  // the write's number, in BeforeWrite order
    int64_t visible_ms;
    StateRef before;  // the database just before the write
  };
  using PartitionKey = std::pair<uint32_t, uint64_t>;  // family id, partition
  // Drops the records whose time has come (every later read is at `now_ms` or after).
  void TrimLocked(int64_t now_ms);

  rocksdb::DB* const db_;
  const Clock& clock_;
  mutable std::mutex mu_;
  uint64_t writes_ = 0;                                     // guarded by mu_
  std::map<PartitionKey, std::deque<Pending>> partitions_;  // write order; guarded by mu_
  // Every record's visible time, soonest first: what TrimLocked drops. Guarded by mu_.
  std::multimap<int64_t, PartitionKey> due_;
};

}  // namespace monotable::staleness
