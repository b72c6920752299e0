#pragma once
// Staleness: what eventually consistent reads see, when the server is asked to show it
// (docs/EVENTUAL_CONSISTENCY.md). Off by default; with a delay configured, an eventually
// consistent read of a table or LSI (GetItem, BatchGetItem, Query, Scan without
// ConsistentRead) is served from the state of `now - delay`, the delay drawn per request
// (delay_draw.h), a real prior state of the whole database (snapshot_ring.h), so a page
// is internally consistent. A GSI lags per write instead (index_lag.h): each write draws
// its delay, and each index partition shows its writes in write order. No read shows a
// state that never existed. Strongly consistent reads, transactions and the write path
// read the latest state as before: writes do not change.
//
// Thread-safety: every method is thread-safe. Errors: none.

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string_view>

#include "engine/base/clock.h"
#include "engine/schema/table_schema.h"
#include "engine/staleness/delay_draw.h"
#include "engine/staleness/index_lag.h"
#include "engine/staleness/snapshot_ring.h"
#include "engine/storage/storage.h"

namespace monotable::staleness {

// A table's own delays (docs/EVENTUAL_CONSISTENCY.md): a tag of one of these keys, its
// value "MS" or "MIN-MAX" (base/delay_range.h), replaces the server's delay for that
// table's reads, from 0 up to the longest delay the server is started with (the ring
// keeps no older state). A value that does not parse is ignored.
inline constexpr std::string_view kEventualDelayTag = "monotable:eventual-consistency-delay-ms";
inline constexpr std::string_view kGsiLagTag = "monotable:gsi-lag-ms";

// The delay a table's tag `key` sets for its reads (or, kGsiLagTag, its GSIs' writes),
// if any.
std::optional<DelayRange> OwnDelay(const TableDefinition& definition, std::string_view key);

struct StalenessOptions {
  DelayRange eventual_reads;  // eventually consistent table and LSI reads
  DelayRange gsi_lag;         // every GSI read
  uint64_t seed = 0;          // of the delays' draws
  // At most one snapshot per interval (snapshot_ring.h): the coarsest a delay gets.
  int64_t snapshot_interval_ms = 2;
  bool any() const { return eventual_reads.any() || gsi_lag.any(); }
};

class Staleness final : public WriteObserver {
 public:
  // Null when `options` asks for no delay (nothing is observed then). Otherwise observes
  // `storage`'s writes until destroyed: `storage` and `clock` must outlive it, and it
  // must be made before and destroyed after any write on another thread.
  static std::unique_ptr<Staleness> Attach(Storage& storage, const Clock& clock,
                                           const StalenessOptions& options);
  ~Staleness() override;
  Staleness(const Staleness&) = delete;
  Staleness& operator=(const Staleness&) = delete;

  // The state an eventually consistent table or LSI read sees (null: the latest);
  // `own`: the table's own delay instead of the server's.
  StateRef ForTableRead(const std::optional<DelayRange>& own = std::nullopt);
  // The state a GSI Query of index partition `partition` (the hash its keys start with)
  // of the index in family `family_id` sees (null: the latest).
  StateRef ForIndexPartition(uint32_t family_id, uint64_t partition) {
    return index_lag_.ForPartition(family_id, partition);
  }
  // The state a GSI Scan of the index in family `family_id` sees (null: the latest).
  StateRef ForIndexScan(uint32_t family_id) { return index_lag_.ForIndex(family_id); }

  // WriteObserver: the ring's states, and the GSI partitions' visible times of each
  // write, its delay drawn per partition (the table's tag, else the server's lag).
  void BeforeWrite(std::span<const IndexTouch> touches) override;
  void AfterWrite() override { ring_.AfterWrite(); }
  bool WantsIndexTouches() const override { return true; }

  const SnapshotRing& ring() const { return ring_; }
  const IndexLag& index_lag() const { return index_lag_; }

 private:
  Staleness(Storage& storage, const Clock& clock, const StalenessOptions& options);
  // A delay drawn from `draw` (from `own` instead when given), at most keep_ms_.
  int64_t Draw(DelayDraw& draw, const std::optional<DelayRange>& own);

  Storage& storage_;
  const Clock& clock_;
  DelayDraw table_draw_;
  DelayDraw index_draw_;
  const int64_t keep_ms_;  // the longest delay served
  SnapshotRing ring_;
  IndexLag index_lag_;
};

}  // namespace monotable::staleness
