#pragma once
// SnapshotRing: the recent states of the database, as RocksDB snapshots, so that an
// eventually consistent read can be served as of a moment in the past. Every state it
// hands out is one the database really was in (a snapshot is a committed prior state),
// never a mix.
//
// How: as a Storage write observer, just before a write is applied it snapshots the state
// that write is about to end, labelled with the time that state began (the previous
// commit), at most once per `interval_ms` (states that lasted less than that between two
// snapshots may be skipped: a read meant for one gets the state before it). The state at
// a moment T is the newest snapshot that began at or before T, or the live database when
// nothing was committed after T. Snapshots are released once a newer one is older than
// `keep_ms` (the largest delay a read may ask for), so memory is bounded: at most
// keep_ms / interval_ms + 2 snapshots, each pinning the versions it alone still sees.
//
// Thread-safety: every method is thread-safe (one mutex, held for a deque operation and
// at most one RocksDB GetSnapshot). A snapshot handed out stays valid while its holder
// keeps it, after the ring has let go of it. Errors: none.

#include <rocksdb/db.h>

#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <span>

#include "engine/base/clock.h"
#include "engine/storage/storage.h"

namespace monotable::staleness {

// A state of the database to read at; null reads the latest.
using StateRef = std::shared_ptr<const rocksdb::Snapshot>;

class SnapshotRing final : public WriteObserver {
 public:
  // `db` and `clock` must outlive the ring and every StateRef it hands out.
  SnapshotRing(rocksdb::DB* db, const Clock& clock, int64_t keep_ms, int64_t interval_ms);

  void BeforeWrite(std::span<const IndexTouch> touches) override;
  void AfterWrite() override;

  // The state the database was in at `at_ms` (epoch milliseconds): null when nothing
  // was committed since (the latest state is that state), else a snapshot. A moment
  // older than the ring keeps gets the oldest state it keeps.
  StateRef StateAt(int64_t at_ms);

  // Snapshots held now (for tests and /metrics).
  size_t size() const;
  // How long ago the oldest snapshot held was taken, in ms (for /metrics): how far back
  // the ring reaches, bounded by keep_ms plus the time until the next write trims it.
  int64_t OldestAgeMs() const;

 private:
  struct Entry {
    int64_t began_ms;  // when the state it holds began (the commit that made it)
    int64_t taken_ms;  // when it was taken
    StateRef state;
  };
  StateRef Take() const;
  void TrimLocked(int64_t now_ms);

  rocksdb::DB* const db_;
  const Clock& clock_;
  const int64_t keep_ms_;
  const int64_t interval_ms_;

  mutable std::mutex mu_;
  std::deque<Entry> entries_;  // oldest first, began_ms ascending; guarded by mu_
  int64_t last_commit_ms_;     // guarded by mu_
  bool live_captured_ = true;  // entries_.back() holds the live state; guarded by mu_
};

}  // namespace monotable::staleness
