#include "server/metrics_text.h"

#include <prometheus/text_serializer.h>

#include <cstdio>
#include <sstream>

#include "engine/throughput/throttling_reason.h"
#include "server/console_json.h"

namespace monotable::server {
namespace {

using prometheus::ClientMetric;
using prometheus::MetricFamily;
using prometheus::MetricType;

MetricFamily Family(const char* name, const char* help, MetricType type) {
  return {name, help, type, {}};
}

// The partition label: the first hash of its range, as 16 hex digits. Stable while the
// partition lives (a split makes new ones), unlike its position in the map.
std::string PartitionLabel(uint64_t begin) {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(begin));
  return text;
}

std::vector<ClientMetric::Label> ResourceLabels(const TableStats& table,
                                                const throughput::ResourceSnapshot& r) {
  return {{"namespace", table.ns}, {"table", table.name}, {"index", r.index_name}};
}

ClientMetric Value(std::vector<ClientMetric::Label> labels, MetricType type, double value) {
  ClientMetric m;
  m.label = std::move(labels);
  if (type == MetricType::Counter) {
    m.counter.value = value;
  } else {
    m.gauge.value = value;
  }
  return m;
}

// A family of one unlabelled value.
MetricFamily One(const char* name, const char* help, MetricType type, double value) {
  MetricFamily f = Family(name, help, type);
  f.metric.push_back(Value({}, type, value));
  return f;
}

template <typename... Extra>
std::vector<ClientMetric::Label> With(std::vector<ClientMetric::Label> labels, Extra... extra) {
  (labels.push_back(extra), ...);
  return labels;
}

// The background jobs, labelled by kind: what ran, what failed (each failure is logged
// too) and what runs now.
void CollectJobMetrics(const std::vector<jobs::JobCounts>& jobs, std::vector<MetricFamily>& out) {
  MetricFamily runs = Family("monotable_background_job_runs_total",
                             "Background jobs ended, by kind (GSI and TTL backfills, passes of "
                             "the TTL sweep and stream maintenance, the backup worker's jobs).",
                             MetricType::Counter);
  MetricFamily failures =
      Family("monotable_background_job_failures_total",
             "Background jobs that ended with an error (logged), by kind.", MetricType::Counter);
  MetricFamily running = Family("monotable_background_jobs_running",
                                "Background job threads running now, by kind.", MetricType::Gauge);
  for (const jobs::JobCounts& job : jobs) {
    const std::vector<ClientMetric::Label> labels = {{"job", job.kind}};
    runs.metric.push_back(Value(labels, MetricType::Counter, static_cast<double>(job.runs)));
    failures.metric.push_back(
        Value(labels, MetricType::Counter, static_cast<double>(job.failures)));
    running.metric.push_back(Value(labels, MetricType::Gauge, static_cast<double>(job.running)));
  }
  for (MetricFamily* f : {&runs, &failures, &running}) out.push_back(std::move(*f));
}

}  // namespace

void CollectEngineMetrics(const EngineStats& stats, std::vector<MetricFamily>& out) {
  auto counter = MetricType::Counter;
  auto gauge = MetricType::Gauge;
  MetricFamily items = Family("monotable_table_items", "Items in a table (its statistics).", gauge);
  MetricFamily bytes =
      Family("monotable_table_size_bytes", "Bytes of a table's items (its statistics).", gauge);
  MetricFamily consumed =
      Family("monotable_consumed_capacity_units_total",
             "Capacity units consumed by a table or GSI, by op (read: RCU, write: WCU); every "
             "partition ever, split ones included.",
             counter);
  MetricFamily partition_consumed =
      Family("monotable_partition_consumed_capacity_units_total",
             "Capacity units consumed on one partition (labelled by the first hash of its range), "
             "by op.",
             counter);
  MetricFamily partition_throttled =
      Family("monotable_partition_throttled_requests_total",
             "Requests refused by one partition or its resource (observe mode: that would have "
             "been refused), by op.",
             counter);
  MetricFamily throttled =
      Family("monotable_throttled_requests_total",
             "Requests a table or GSI refused (observe mode: would have refused), by DynamoDB's "
             "ThrottlingReason.",
             counter);
  MetricFamily partitions =
      Family("monotable_partitions", "Partitions of a table or GSI (they never merge).", gauge);
  MetricFamily allowed =
      Family("monotable_allowed_capacity_units_per_second",
             "What a table or GSI may serve per second now, by op (provisioned: its capacity; "
             "on-demand: the lower of double the previous peak and any maximum).",
             gauge);
  MetricFamily top_keys = Family(
      "monotable_contributor_insights_key_weight",
      "Contributor Insights: the heaviest keys of each rule by rank (PKC/SKC: capacity units "
      "consumed; PKT/SKT: throttled requests), an upper bound.",
      gauge);
  for (const TableStats& table : stats.tables) {
    const std::vector<ClientMetric::Label> table_labels = {{"namespace", table.ns},
                                                           {"table", table.name}};
    items.metric.push_back(Value(table_labels, gauge, static_cast<double>(table.item_count)));
    bytes.metric.push_back(Value(table_labels, gauge, static_cast<double>(table.size_bytes)));
    for (const ResourceStats& resource : table.resources) {
      const throughput::ResourceSnapshot& r = resource.snapshot;
      const auto labels = ResourceLabels(table, r);
      consumed.metric.push_back(
          Value(With(labels, ClientMetric::Label{"op", "read"}), counter, r.totals.read_units));
      consumed.metric.push_back(
          Value(With(labels, ClientMetric::Label{"op", "write"}), counter, r.totals.write_units));
      partitions.metric.push_back(Value(labels, gauge, static_cast<double>(r.partitions.size())));
      allowed.metric.push_back(Value(With(labels, ClientMetric::Label{"op", "read"}), gauge,
                                     r.allowed_read_units_per_second));
      allowed.metric.push_back(Value(With(labels, ClientMetric::Label{"op", "write"}), gauge,
                                     r.allowed_write_units_per_second));
      for (size_t i = 0; i < r.throttled_by_reason.size(); ++i) {
        if (r.throttled_by_reason[i] == 0) continue;
        const auto reason = static_cast<throughput::ThrottlingReason>(i);
        throttled.metric.push_back(Value(
            With(labels, ClientMetric::Label{"reason", std::string(throughput::ThrottlingReasonName(
                                                           reason))}),
            counter, static_cast<double>(r.throttled_by_reason[i])));
      }
      for (const InsightList& list : resource.insights) {
        for (size_t rank = 0; rank < list.keys.size(); ++rank) {
          const InsightKey& key = list.keys[rank];
          top_keys.metric.push_back(
              Value(With(labels, ClientMetric::Label{"rule", list.rule},
                         ClientMetric::Label{"rank", std::to_string(rank + 1)},
                         ClientMetric::Label{"partition_key", InsightKeyText(key.partition_key)},
                         ClientMetric::Label{"sort_key", InsightKeyText(key.sort_key)}),
                    gauge, key.count));
        }
      }
      for (const throughput::PartitionSnapshot& p : r.partitions) {
        const ClientMetric::Label partition{"partition", PartitionLabel(p.range.begin)};
        partition_consumed.metric.push_back(
            Value(With(labels, partition, ClientMetric::Label{"op", "read"}), counter,
                  p.totals.read_units));
        partition_consumed.metric.push_back(
            Value(With(labels, partition, ClientMetric::Label{"op", "write"}), counter,
                  p.totals.write_units));
        partition_throttled.metric.push_back(
            Value(With(labels, partition, ClientMetric::Label{"op", "read"}), counter,
                  static_cast<double>(p.totals.read_throttled)));
        partition_throttled.metric.push_back(
            Value(With(labels, partition, ClientMetric::Label{"op", "write"}), counter,
                  static_cast<double>(p.totals.write_throttled)));
      }
    }
  }
  for (MetricFamily* f : {&items, &bytes, &consumed, &partition_consumed, &partition_throttled,
                          &throttled, &partitions, &allowed, &top_keys}) {
    out.push_back(std::move(*f));
  }

  const StorageStats& s = stats.storage;
  auto one = [&](const char* name, const char* help, MetricType type, uint64_t value) {
    out.push_back(One(name, help, type, static_cast<double>(value)));
  };
  one("monotable_rocksdb_block_cache_hits_total", "RocksDB block cache hits.", counter,
      s.block_cache_hits);
  one("monotable_rocksdb_block_cache_misses_total", "RocksDB block cache misses.", counter,
      s.block_cache_misses);
  one("monotable_rocksdb_block_cache_usage_bytes", "Bytes held in RocksDB's block cache.", gauge,
      s.block_cache_usage_bytes);
  one("monotable_rocksdb_block_cache_capacity_bytes", "Capacity of RocksDB's block cache.", gauge,
      s.block_cache_capacity_bytes);
  one("monotable_rocksdb_memtable_bytes", "Bytes of RocksDB's memtables, active and immutable.",
      gauge, s.memtable_bytes);
  one("monotable_rocksdb_sst_bytes", "Bytes of RocksDB's SST files.", gauge, s.sst_bytes);
  one("monotable_rocksdb_pending_compaction_bytes",
      "RocksDB's estimate of the bytes compaction must rewrite.", gauge,
      s.pending_compaction_bytes);
  one("monotable_rocksdb_running_compactions", "RocksDB compactions running now.", gauge,
      s.running_compactions);
  one("monotable_rocksdb_block_cache_pinned_bytes",
      "Bytes of RocksDB's block cache in use by readers (not evictable).", gauge,
      s.block_cache_pinned_bytes);
  one("monotable_rocksdb_table_readers_bytes",
      "RocksDB's estimate of the memory its open SST readers hold outside the block cache.", gauge,
      s.table_readers_bytes);
  CollectJobMetrics(stats.jobs, out);
  if (stats.staleness) {
    one("monotable_staleness_snapshots",
        "RocksDB snapshots the staleness ring holds for lagging reads (--gsi-lag, "
        "--eventual-consistency-delay).",
        gauge, stats.staleness->snapshots);
    out.push_back(One("monotable_staleness_oldest_snapshot_age_seconds",
                      "How long ago the staleness ring's oldest snapshot was taken.", gauge,
                      static_cast<double>(stats.staleness->oldest_age_ms) / 1000.0));
  }
}

void CollectAllocatorMetrics(const AllocatorStats& a, std::vector<MetricFamily>& out) {
  if (!a.available) return;
  const struct {
    const char* name;
    const char* help;
    uint64_t value;
  } gauges[] = {
      {"monotable_allocator_allocated_bytes", "jemalloc: bytes of live allocations.",
       a.allocated_bytes},
      {"monotable_allocator_active_bytes", "jemalloc: bytes of pages holding live allocations.",
       a.active_bytes},
      {"monotable_allocator_resident_bytes",
       "jemalloc: bytes of resident pages it holds (live, metadata, freed but not purged).",
       a.resident_bytes},
      {"monotable_allocator_mapped_bytes", "jemalloc: bytes of the extents it has mapped.",
       a.mapped_bytes},
      {"monotable_allocator_retained_bytes",
       "jemalloc: virtual memory kept for reuse, not resident.", a.retained_bytes},
      {"monotable_allocator_metadata_bytes", "jemalloc: bytes of its own metadata.",
       a.metadata_bytes},
      {"monotable_allocator_dirty_bytes", "jemalloc: freed pages not yet purged (dirty).",
       a.dirty_bytes},
      {"monotable_allocator_muzzy_bytes",
       "jemalloc: freed pages advised to the kernel lazily (muzzy).", a.muzzy_bytes},
  };
  for (const auto& g : gauges) {
    out.push_back(One(g.name, g.help, MetricType::Gauge, static_cast<double>(g.value)));
  }
}

std::string MetricsText(const EngineStats& stats, const RequestMetrics& requests,
                        const AllocatorStats& allocator, const FaultInjector* faults) {
  std::vector<MetricFamily> families;
  requests.Collect(families);
  if (faults != nullptr) faults->Collect(families);
  CollectEngineMetrics(stats, families);
  CollectAllocatorMetrics(allocator, families);
  std::ostringstream out;
  prometheus::TextSerializer().Serialize(out, families);
  return out.str();
}

}  // namespace monotable::server
