#pragma once
// Stream: one DynamoDB stream of one table, its shards and their sequence numbers.
//
// Shards follow the table's throughput partitions (engine/throughput): a stream opens
// one shard per partition; when a partition splits, the next write that sees the new
// partition map closes the parent shard and opens one child per piece, with
// ParentShardId lineage. A shard also rolls over (closes, with one child of the same
// hash range) after StreamOptions::shard_max_age_ms, and disabling the stream closes
// every shard. Every shard change is persisted (stream_info.h) before a record can go
// to a new shard.
//
// Sequence numbers are (ms << kSequenceTimeShift) | counter, from one counter per shard
// taken under the item's lock (so one item's records are in write order), never below
// the time of the write: they increase within a shard and tell a record's age without
// reading it, so trimming is a range delete. A sequence number taken but not yet
// committed is "in flight": readers see a shard only below its lowest one, so a record
// committed late is never skipped.
//
// Thread-safety: every method is thread-safe; one mutex per stream guards the shards,
// held for microseconds (no I/O under it but the rare persisting of a shard change).
// Errors: as each method says.

#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "engine/base/clock.h"
#include "engine/base/status.h"
#include "engine/storage/storage.h"
#include "engine/streams/stream_info.h"
#include "engine/throughput/partition_map.h"
#include "engine/throughput/resource.h"

namespace monotable::streams {

struct StreamOptions {
  int64_t retention_ms = int64_t{24} * 3600 * 1000;     // DynamoDB keeps 24 hours
  int64_t shard_max_age_ms = int64_t{4} * 3600 * 1000;  // DynamoDB's shards roll ~4 h
  int64_t iterator_lifetime_ms = int64_t{15} * 60 * 1000;
  int64_t maintenance_interval_ms = 1000;  // trimming and rollover in the background
  // How long after its write a record becomes readable by GetRecords (0: at once, the
  // default; DynamoDB's records appear in near-real time, docs/EVENTUAL_CONSISTENCY.md).
  int64_t records_delay_ms = 0;
};

class Stream {
 public:
  // A sequence number taken for a record being committed; Release() it once the write
  // is done, committed or not.
  struct Slot {
    uint32_t shard = 0;
    uint64_t sequence = 0;
  };

  // A shard as a reader sees it.
  struct ShardView {
    ShardInfo info;
    uint64_t trim_horizon = 0;   // positions below are trimmed
    uint64_t readable_end = 0;   // records below are committed (or abandoned)
    uint64_t next_sequence = 0;  // LATEST
  };

  // `storage` and `clock` must outlive the stream.
  Stream(StreamInfo info, Storage& storage, const Clock& clock, const StreamOptions& options);

  uint64_t id() const { return id_; }
  StreamViewType view_type() const { return view_type_; }
  const std::string& ns() const { return ns_; }
  // Its table's name and its creation time (its label), fixed for its life: the
  // registry's lookups by name read them without copying the shards.
  const std::string& table_name() const { return table_name_; }
  int64_t created_ms() const { return created_ms_; }
  int64_t NowMillis() const { return clock_.NowMillis(); }

  // A new stream: opens one shard per partition of `partitions` (null: one shard for
  // the whole table) and persists the stream. Errors: kInternal.
  Status OpenInitialShards(const throughput::Resource* partitions);
  // Start-up: each open shard's counter resumes after its last stored record.
  // Errors: kInternal.
  Status Recover();

  // Under the item's lock: the shard that takes `hash` and the record's sequence
  // number, after splitting or rolling shards as needed. nullopt once disabled.
  // Errors: kInternal (persisting a shard change; nothing is reserved then).
  Result<std::optional<Slot>> Reserve(uint64_t hash, const throughput::Resource* partitions);
  void Release(const Slot& slot);

  // Closes every open shard; the stream stays readable as DISABLED until its shards
  // pass retention. Errors: kInternal.
  Status Disable();

  // Background work: rolls shards past their age, trims records past retention (range
  // deletes, outside the lock), forgets shards whose last record passed retention.
  // Returns true once the stream is disabled and has no shard left (its record is then
  // deleted). Errors: kInternal.
  Result<bool> Maintain();

  StreamInfo Info() const;
  // The stream's resource policy (nullopt: none).
  std::optional<ResourcePolicy> Policy() const;
  // Applies `change` to the stream's policy under the stream's lock and persists the
  // stream's record if it changed (the old policy stays if that fails). Returns false,
  // changing nothing, once the stream is past retention (disabled, no shard left): its
  // record is being deleted. Errors: whatever `change` returns, kInternal.
  Result<bool> ChangePolicy(
      const std::function<Status(std::optional<ResourcePolicy>& policy)>& change);
  std::optional<ShardView> FindShard(std::string_view shard_id) const;
  std::optional<ShardView> FindShard(uint32_t number) const;

 private:
  struct ShardCounter {
    uint64_t next_sequence = 0;
    std::multiset<uint64_t> in_flight;
    uint64_t trim_horizon = 0;  // records below were deleted by trimming
    uint64_t clean_below = 0;   // no record is left below (trimming looked)
  };

  size_t OpenShardLocked(const std::string& parent_id, uint64_t begin, uint64_t last,
                         uint64_t min_start, int64_t now_ms);
  void CloseShardLocked(size_t index, int64_t now_ms);
  // Splits open shards that now span several partitions. Returns whether any changed.
  bool FollowPartitionsLocked(const throughput::PartitionMap& map, int64_t now_ms);
  bool RollOldShardsLocked(int64_t now_ms);
  ShardView ViewLocked(const ShardInfo& shard) const;
  Status PersistLocked() const;
  // Deletes the records of `shard` below the sequence number `below`; returns the
  // trim horizon it reached (0: nothing was there). Errors: kInternal.
  Result<uint64_t> TrimShard(uint32_t shard, uint64_t below) const;

  const uint64_t id_;
  const StreamViewType view_type_;
  const std::string ns_;
  const std::string table_name_;
  const int64_t created_ms_;
  Storage& storage_;
  const Clock& clock_;
  const StreamOptions options_;

  mutable std::mutex mu_;
  StreamInfo info_;                            // guarded by mu_
  std::map<uint32_t, ShardCounter> counters_;  // per shard; guarded by mu_
  uint64_t partitions_version_ = 0;            // the partition map the shards follow
};

}  // namespace monotable::streams
