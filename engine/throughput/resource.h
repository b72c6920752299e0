#pragma once
// One table or one GSI in the throughput model: its partitions (hash ranges with a
// hard ceiling each), its table-level limits, its observation and its Contributor
// Insights. This is the object the engine keeps beside each table and index.
//
// Partitions split, never merge:
//   for capacity: provisioned capacity growth (max(1, ceil(RCU/3000 + WCU/1000))), and
//                 an on-demand peak that rose (enough for double the new peak);
//   for size:     SplitForSize, given each partition's bytes (over 10 GB);
//   for heat:     a partition hot for HeatPolicy::seconds splits at the middle of the
//                 key hashes it saw while hot. One hot partition key is one hash: it
//                 never splits by hash, as that cannot help it; with
//                 HeatPolicy::split_by_sort_key (a table or GSI with a sort key and, for a
//                 table, no LSI) it splits inside its item collection at a sort key
//                 (PartitionMap::SplitAtSortKey), unless its traffic moves monotonically
//                 along the sort keys. One hot item never splits: it stays within one
//                 partition's ceiling.
// Splits happen on the admission path, right after the admission that noticed them,
// under the exclusive layout lock (microseconds); each is recorded in the split log
// (split_log.h: when, parent -> children, reason), and the layout listener then receives
// the new PartitionMap so that the catalog can persist it (and split_log()).
//
// Thread-safety: every public method is thread-safe. Lock order: layout_mu_ (shared
// for admission and reading, exclusive for splits), then partition and state mutexes
// in address order. The listener is called with no model lock held, one call at a
// time, and must not call set_layout_listener.
// Errors: Create and UpdateCapacity validate the CapacitySpec and return a Status.

#include <array>
#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <shared_mutex>
#include <string>
#include <vector>

#include "engine/base/clock.h"
#include "engine/base/status.h"
#include "engine/throughput/admission.h"
#include "engine/throughput/capacity_spec.h"
#include "engine/throughput/dynamodb_limits.h"
#include "engine/throughput/key_insights.h"
#include "engine/throughput/partition.h"
#include "engine/throughput/partition_map.h"
#include "engine/throughput/resource_limits.h"
#include "engine/throughput/resource_snapshot.h"
#include "engine/throughput/split_log.h"

namespace monotable::throughput {

struct ResourceConfig {
  std::string table_name;
  std::string index_name;  // empty: the table itself
  CapacitySpec capacity;
  // Boundaries persisted by the catalog; none for a new table (from capacity). A
  // persisted map with fewer partitions than the capacity needs is split to match.
  std::optional<PartitionMap> partitions;
  SplitLog split_log;  // persisted by the catalog; empty for a new table
  HeatPolicy heat = {limits::kHeatSplitLoadFraction, limits::kHeatSplitSeconds};
  Mode mode = Mode::kObserve;
  size_t insights_capacity = 64;  // counters per Contributor Insights sketch
};

class Resource {
 public:
  using LayoutListener = std::function<void(const Resource&, const PartitionMap&)>;

  // `clock` must outlive the resource.
  static Result<std::shared_ptr<Resource>> Create(ResourceConfig config, const Clock& clock);

  const std::string& table_name() const { return table_name_; }
  const std::string& index_name() const { return index_name_; }
  ResourceKind kind() const {
    return index_name_.empty() ? ResourceKind::kTable : ResourceKind::kIndex;
  }

  Mode mode() const { return mode_.load(std::memory_order_relaxed); }
  void set_mode(Mode mode) { mode_.store(mode, std::memory_order_relaxed); }

  // Whether claims should carry their sort key (KeyRef::sort_key): the partition of a
  // key may depend on it.
  bool splits_by_sort_key() const { return heat_.split_by_sort_key; }

  // One claim on this resource; see admission.h.
  Admission Admit(const KeyRef& key, Op op, double units);
  void Settle(const KeyRef& key, Op op, double estimated, double actual,
              const Admission& admission);

  // UpdateTable: new capacity or billing mode; grows partitions for capacity.
  Status UpdateCapacity(const CapacitySpec& spec);
  // Splits every partition over 10 GB into enough equal pieces. `bytes_in` gives the
  // stored bytes of a hash range; it is called with no lock held. Returns the number of
  // partitions added.
  size_t SplitForSize(const std::function<uint64_t(const HashRange&)>& bytes_in);

  PartitionMap partition_map() const;
  // Bumped by every change of the layout (one or more splits at once); lets a poller
  // notice that the map must be persisted again.
  uint64_t layout_version() const { return layout_version_.load(std::memory_order_relaxed); }
  void set_layout_listener(LayoutListener listener);
  // A copy of the split history (the newest kSplitLogCapacity splits).
  SplitLog split_log() const;

  KeyInsights& insights() { return insights_; }
  const KeyInsights& insights() const { return insights_; }

  // Counters, allowed rates and the last `seconds` (<= 600) of each partition.
  ResourceSnapshot Snapshot(int64_t seconds) const;

  // Requests this resource refused (or, in observe mode, would have refused), by reason;
  // one count per request, however many of its claims were short. Lock-free.
  uint64_t throttled(ThrottlingReason reason) const {
    return throttled_[static_cast<size_t>(reason)].load(std::memory_order_relaxed);
  }

 private:
  friend class Admitter;
  Resource(ResourceConfig config, const Clock& clock);

  // Applies wanted heat splits and capacity growth under the exclusive layout lock,
  // then tells the listener. Returns the number of partitions added.
  size_t Grow();
  // Under the exclusive layout lock: replaces partition `index` by pieces cut at `cuts`
  // and records the split.
  bool ReplaceLocked(size_t index, const std::vector<uint64_t>& cuts, int64_t now_ms,
                     SplitReason reason);
  // The same for one cut at (`hash`, `sort_key`) inside a hot item collection.
  bool ReplaceAtSortKeyLocked(size_t index, uint64_t hash, const std::string& sort_key,
                              int64_t now_ms);
  // Under the exclusive layout lock, once map_ has split partition `index` into
  // `pieces`: records `event` and replaces the partition by children that inherit it.
  void AdoptChildrenLocked(size_t index, size_t pieces, SplitEvent event, int64_t now_ms);
  // Bumps the layout version and tells the listener.
  void PublishLayout();

  const std::string table_name_;
  const std::string index_name_;
  const Clock& clock_;
  const HeatPolicy heat_;
  std::atomic<Mode> mode_;

  mutable std::shared_mutex layout_mu_;
  PartitionMap map_;                                    // guarded by layout_mu_
  std::vector<std::unique_ptr<Partition>> partitions_;  // parallel to map_
  PartitionTotals retired_;                             // of split partitions; layout_mu_
  SplitLog splits_;                                     // guarded by layout_mu_
  std::atomic<uint64_t> layout_version_{0};
  std::atomic<bool> grow_wanted_{false};  // a partition wants a split, or the peak rose

  mutable std::mutex state_mu_;  // guards limits_
  ResourceLimits limits_;

  KeyInsights insights_;
  std::array<std::atomic<uint64_t>, kThrottlingReasonCount> throttled_{};

  std::mutex listener_mu_;
  LayoutListener listener_;
};

}  // namespace monotable::throughput
