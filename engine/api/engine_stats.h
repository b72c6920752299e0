#pragma once
// What the engine shows of itself to /metrics, the partitions view and Contributor
// Insights: value types copied out of the live state, for the server to format. The
// engine never formats them (no text, no JSON here).
//
// Thread-safety: value types. Errors: none.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/base/attribute_value.h"
#include "engine/jobs/job_counts.h"
#include "engine/throughput/key_insights.h"
#include "engine/throughput/resource_snapshot.h"

namespace monotable {

// What to copy out: every table (empty `table`) or the tables of that name, in every
// namespace or one.
struct StatsOptions {
  std::string table;                // empty: every table
  std::string ns;                   // empty: every namespace
  int64_t recent_seconds = 0;       // of each partition's per-second ring (<= 600)
  size_t top_keys = 0;              // Contributor Insights entries per list; 0: none
  bool partition_contents = false;  // count items and bytes per partition (reads storage)
};

// Items and bytes stored in one partition's hash range, for the partitions view.
struct PartitionContents {
  int64_t items = 0;
  int64_t bytes = 0;  // stored key + value bytes
  // True when these are RocksDB's estimates (large tables) rather than a count.
  bool estimated = false;
};

// One key of a Contributor Insights list, with its key attributes as stored (read back
// from the item or index entry; absent when none is stored under it any more).
struct InsightKey {
  std::optional<AttributeValue> partition_key;
  std::optional<AttributeValue> sort_key;  // the items lists only
  std::string encoded;  // the key bytes the sketch counted (hash + encoded key values)
  double count = 0;     // accessed: capacity units; throttled: requests (an upper bound)
  double error = 0;     // count - error is a lower bound
};

// One of DynamoDB's four Contributor Insights rules: PKC/SKC (most accessed partition
// keys / items) and PKT/SKT (most throttled), heaviest first.
struct InsightList {
  std::string rule;  // "PKC", "PKT", "SKC", "SKT"
  bool items = false;
  std::vector<InsightKey> keys;
};

// One table or GSI in the throughput model.
struct ResourceStats {
  throughput::ResourceSnapshot snapshot;  // index_name empty: the table
  throughput::InsightsMode insights_mode = throughput::InsightsMode::kDisabled;
  std::string partition_key_name, sort_key_name;  // sort: empty without a sort key
  std::vector<InsightList> insights;        // with top_keys > 0 and insights on: the rules kept
  std::vector<PartitionContents> contents;  // parallel to snapshot.partitions, if asked
};

struct TableStats {
  std::string ns;
  std::string name;
  int64_t item_count = 0;
  int64_t size_bytes = 0;
  bool provisioned = false;
  std::vector<ResourceStats> resources;  // the table first, then its GSIs; none when off
};

struct StorageStats {
  uint64_t block_cache_hits = 0;
  uint64_t block_cache_misses = 0;
  uint64_t block_cache_usage_bytes = 0;
  uint64_t block_cache_capacity_bytes = 0;
  uint64_t memtable_bytes = 0;  // all memtables, active and immutable
  uint64_t sst_bytes = 0;
  uint64_t pending_compaction_bytes = 0;  // RocksDB's estimate
  uint64_t running_compactions = 0;
  uint64_t block_cache_pinned_bytes = 0;  // in use by readers, not evictable
  uint64_t table_readers_bytes = 0;       // SST readers' memory outside the block cache
};

// The staleness ring (docs/EVENTUAL_CONSISTENCY.md), when a read delay is configured.
struct StalenessStats {
  uint64_t snapshots = 0;     // RocksDB snapshots held for lagging reads
  int64_t oldest_age_ms = 0;  // how long ago the oldest of them was taken
};

struct EngineStats;

// What the monitoring views read of the engine: the server is handed one
// (server/router.h) beside the protocol, instead of reaching through the protocol to
// the engine. Engine implements it. Thread-safety: Stats is thread-safe. Errors: none
// (what cannot be read is left out).
class MonitoringSource {
 public:
  virtual ~MonitoringSource() = default;
  // Copies out the figures `options` asks for.
  virtual EngineStats Stats(const StatsOptions& options) const = 0;
};

struct EngineStats {
  StorageStats storage;
  // Each kind of background job (GSI and TTL backfills, the TTL sweep, stream
  // maintenance, the backup worker): runs, failures, running now.
  std::vector<jobs::JobCounts> jobs;
  std::vector<TableStats> tables;           // by namespace, then name
  std::optional<StalenessStats> staleness;  // absent when every read delay is off
};

}  // namespace monotable
