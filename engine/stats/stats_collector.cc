#include "engine/stats/stats_collector.h"

#include <rocksdb/db.h>

#include <memory>

#include "engine/admission/table_throughput.h"
#include "engine/base/log.h"
#include "engine/format/item_codec.h"
#include "engine/format/key_codec.h"
#include "engine/storage/rocks_status.h"

namespace monotable::stats {
namespace {

// A figure the views leave out, logged so that its loss is seen.
void LogIfFailed(const Status& status, const std::string& what) {
  if (!status.ok()) log::Warn("monitoring left out " + what + ": " + status.message());
}

// Tables up to this many items have their partitions counted key by key; larger ones
// get RocksDB's size estimates, shared out as items in proportion to bytes.
constexpr int64_t kCountedItems = 200'000;

// Items and bytes per partition of `family`, keys being hash-prefixed. Errors: kInternal.
Result<std::vector<PartitionContents>> ContentsOf(const Storage& storage,
                                                  rocksdb::ColumnFamilyHandle* family,
                                                  const throughput::ResourceSnapshot& snapshot,
                                                  int64_t item_count) {
  const size_t n = snapshot.partitions.size();
  std::vector<PartitionContents> out(n);
  if (n == 0 || family == nullptr) return out;
  if (item_count <= kCountedItems) {
    std::unique_ptr<rocksdb::Iterator> it(
        storage.db()->NewIterator(storage.read_options(), family));
    size_t p = 0;
    for (it->SeekToFirst(); it->Valid(); it->Next()) {
      const rocksdb::Slice key = it->key();
      const uint64_t hash = key_codec::HashOfKey(std::string_view(key.data(), key.size()));
      while (p + 1 < n && !snapshot.partitions[p].range.Contains(hash)) ++p;
      out[p].items += 1;
      out[p].bytes += static_cast<int64_t>(key.size() + it->value().size());
    }
    MT_RETURN_IF_ERROR(FromRocks(it->status(), "counting a partition's items"));
    return out;
  }
  std::vector<std::string> bounds(n + 1);
  std::vector<rocksdb::Range> ranges(n);
  for (size_t i = 0; i < n; ++i)
    bounds[i] = key_codec::HashBound(snapshot.partitions[i].range.begin);
  bounds[n] = std::string(9, '\xff');
  for (size_t i = 0; i < n; ++i) ranges[i] = rocksdb::Range(bounds[i], bounds[i + 1]);
  std::vector<uint64_t> sizes(n);
  rocksdb::SizeApproximationOptions options;
  options.include_memtables = true;
  options.include_files = true;
  MT_RETURN_IF_ERROR(FromRocks(storage.db()->GetApproximateSizes(options, family, ranges.data(),
                                                                 static_cast<int>(n), sizes.data()),
                               "estimating the partitions' sizes"));
  uint64_t total = 0;
  for (uint64_t s : sizes) total += s;
  for (size_t i = 0; i < n; ++i) {
    out[i].bytes = static_cast<int64_t>(sizes[i]);
    out[i].items = total == 0 ? 0
                              : static_cast<int64_t>(static_cast<double>(item_count) *
                                                     static_cast<double>(sizes[i]) /
                                                     static_cast<double>(total));
    out[i].estimated = true;
  }
  return out;
}

// The key attributes stored under `key` (an exact key or a key prefix) in `family`;
// none when nothing is stored under it any more. Errors: kInternal.
Status ReadKeyBack(const Storage& storage, rocksdb::ColumnFamilyHandle* family,
                   const ResourceStats& r, InsightKey& out) {
  if (family == nullptr) return Status::Ok();
  std::unique_ptr<rocksdb::Iterator> it(storage.db()->NewIterator(storage.read_options(), family));
  it->Seek(out.encoded);
  if (!it->Valid() || !it->key().starts_with(out.encoded)) {
    return FromRocks(it->status(), "reading a Contributor Insights key back");
  }
  MT_ASSIGN_OR_RETURN(item,
                      item_codec::Decode(std::string_view(it->value().data(), it->value().size())));
  auto pk = item.find(r.partition_key_name);
  if (pk != item.end()) out.partition_key = pk->second;
  if (!r.sort_key_name.empty()) {
    auto sk = item.find(r.sort_key_name);
    if (sk != item.end()) out.sort_key = sk->second;
  }
  return Status::Ok();
}

// The Contributor Insights lists of a resource whose mode keeps them.
std::vector<InsightList> InsightListsOf(const Storage& storage, rocksdb::ColumnFamilyHandle* family,
                                        const throughput::KeyInsights& insights, size_t n,
                                        const ResourceStats& r) {
  std::vector<InsightList> lists;
  const throughput::InsightsSnapshot top = insights.Top(n);
  if (top.mode == throughput::InsightsMode::kDisabled) return lists;
  const bool accessed = top.mode == throughput::InsightsMode::kAccessedAndThrottled;
  const bool sorted = !r.sort_key_name.empty();
  struct Source {
    const char* rule;
    bool items;
    const std::vector<throughput::TopKEntry>* entries;
    bool kept;
  } sources[] = {{"PKC", false, &top.accessed_partition_keys, accessed},
                 {"PKT", false, &top.throttled_partition_keys, true},
                 {"SKC", true, &top.accessed_items, accessed && sorted},
                 {"SKT", true, &top.throttled_items, sorted}};
  for (const Source& source : sources) {
    if (!source.kept) continue;
    InsightList list{source.rule, source.items, {}};
    for (const throughput::TopKEntry& entry : *source.entries) {
      InsightKey key;
      if (source.items) {
        auto [pk, sk] = throughput::SplitItemInsightKey(entry.key);
        key.encoded = std::string(pk) + std::string(sk);
      } else {
        key.encoded = entry.key;
      }
      key.count = entry.count;
      key.error = entry.error;
      LogIfFailed(ReadKeyBack(storage, family, r, key), "a Contributor Insights key");
      list.keys.push_back(std::move(key));
    }
    lists.push_back(std::move(list));
  }
  return lists;
}

}  // namespace

EngineStats CollectStats(const Storage& storage, const Catalog& catalog,
                         const StatsOptions& options) {
  EngineStats stats;
  const Storage::Figures f = storage.figures();
  stats.storage = {f.block_cache_hits,           f.block_cache_misses,  f.block_cache_usage_bytes,
                   f.block_cache_capacity_bytes, f.memtable_bytes,      f.sst_bytes,
                   f.pending_compaction_bytes,   f.running_compactions, f.block_cache_pinned_bytes,
                   f.table_readers_bytes};
  for (const auto& [ns, table] : catalog.All()) {
    if (!options.ns.empty() && ns != options.ns) continue;
    const auto layout = table->layout();
    const TableDefinition& definition = *layout->definition;
    if (!options.table.empty() && definition.name != options.table) continue;
    TableStats t;
    t.ns = ns;
    t.name = definition.name;
    t.item_count = table->item_count();
    t.size_bytes = table->size_bytes();
    t.provisioned = definition.billing_mode == BillingMode::kProvisioned;
    const auto throughput = table->throughput();
    if (throughput && throughput->table) {
      auto add = [&](const throughput::Resource& resource, rocksdb::ColumnFamilyHandle* family,
                     int64_t items, const std::vector<KeySchemaElement>& key_schema) {
        ResourceStats r;
        r.snapshot = resource.Snapshot(options.recent_seconds);
        r.insights_mode = resource.insights().mode();
        r.partition_key_name = key_schema.at(0).name;
        if (key_schema.size() > 1) r.sort_key_name = key_schema[1].name;
        if (options.top_keys > 0) {
          r.insights = InsightListsOf(storage, family, resource.insights(), options.top_keys, r);
        }
        if (options.partition_contents) {
          auto contents = ContentsOf(storage, family, r.snapshot, items);
          if (contents.ok()) {
            r.contents = std::move(*contents);
          } else {
            LogIfFailed(contents.status(), "the partition contents of table '" + t.name + "'");
          }
        }
        t.resources.push_back(std::move(r));
      };
      add(*throughput->table, table->family(), t.item_count, definition.key_schema);
      for (const auto& index : throughput->global_indexes) {
        const LiveIndex* live = layout->Find(index.name);
        if (!live) continue;
        // An index's item count is not kept per request: estimate when it is large.
        add(*index.resource, live->family.get(), t.item_count, live->definition->key_schema);
      }
    }
    stats.tables.push_back(std::move(t));
  }
  return stats;
}

}  // namespace monotable::stats
