#pragma once
// Staleness: what eventually consistent reads see, when the server is asked to show it
// (docs/EVENTUAL_CONSISTENCY.md). Off by default; with a delay configured, an eventually
// consistent read of a table or LSI (GetItem, BatchGetItem, Query, Scan without
// ConsistentRead) is served from the state of `now - delay`, and every read of a GSI from
// the state of `now - lag`, each delay drawn per request (delay_draw.h). The states are
// real prior states of the whole database (snapshot_ring.h), so a page is internally
// consistent and no read shows a state that never existed. Strongly consistent reads,
// transactions and the write path read the latest state as before: writes do not change.
//
// Thread-safety: every method is thread-safe. Errors: none.

#include <cstdint>
#include <memory>

#include "engine/base/clock.h"
#include "engine/staleness/delay_draw.h"
#include "engine/staleness/snapshot_ring.h"
#include "engine/storage/storage.h"

namespace monotable::staleness {

struct StalenessOptions {
  DelayRange eventual_reads;  // eventually consistent table and LSI reads
  DelayRange gsi_lag;         // every GSI read
  uint64_t seed = 0;          // of the delays' draws
  // At most one snapshot per interval (snapshot_ring.h): the coarsest a delay gets.
  int64_t snapshot_interval_ms = 2;
  bool any() const { return eventual_reads.any() || gsi_lag.any(); }
};

class Staleness {
 public:
  // Null when `options` asks for no delay (nothing is observed then). Otherwise observes
  // `storage`'s writes until destroyed: `storage` and `clock` must outlive it, and it
  // must be made before and destroyed after any write on another thread.
  static std::unique_ptr<Staleness> Attach(Storage& storage, const Clock& clock,
                                           const StalenessOptions& options);
  ~Staleness();
  Staleness(const Staleness&) = delete;
  Staleness& operator=(const Staleness&) = delete;

  // The state an eventually consistent table or LSI read sees (null: the latest).
  StateRef ForTableRead() { return StateFor(table_draw_); }
  // The state a GSI read sees (null: the latest).
  StateRef ForIndexRead() { return StateFor(index_draw_); }

  const SnapshotRing& ring() const { return ring_; }

 private:
  Staleness(Storage& storage, const Clock& clock, const StalenessOptions& options);
  StateRef StateFor(DelayDraw& draw);

  Storage& storage_;
  const Clock& clock_;
  DelayDraw table_draw_;
  DelayDraw index_draw_;
  SnapshotRing ring_;
};

}  // namespace monotable::staleness
