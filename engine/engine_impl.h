#pragma once
// Engine::Impl: the engine's parts, shared by the facade's source files (engine.cc,
// engine_stats.cc, engine_backups.cc), which forward to them. Private to the facade target.

#include <atomic>

#include "engine/admission/table_throughput.h"
#include "engine/backup/backup_control.h"
#include "engine/control/resource_policies.h"
#include "engine/control/table_control.h"
#include "engine/control/table_tags.h"
#include "engine/index/index_backfill.h"
#include "engine/insights/insights_control.h"
#include "engine/lock/lock_table.h"
#include "engine/read/item_reads.h"
#include "engine/read/query_scan.h"
#include "engine/staleness/staleness.h"
#include "engine/storage/catalog.h"
#include "engine/storage/storage.h"
#include "engine/streams/stream_registry.h"
#include "engine/ttl/expiry_index.h"
#include "engine/ttl/sweep/ttl_sweeper.h"
#include "engine/ttl/time_to_live.h"
#include "engine/ttl/ttl_backfill.h"
#include "engine/txn/idempotency_cache.h"
#include "engine/txn/transact_items.h"
#include "engine/txn/transactions.h"
#include "engine/write/batch_write_item.h"
#include "engine/write/item_writes.h"
#include "engine/write/write_path.h"

namespace monotable {

// Applications use a handful of distinct expressions; 4096 of at most 4 KB each bounds
// the cache to a few MB in the worst case.
inline constexpr size_t kExpressionCacheEntries = 4096;
inline constexpr size_t kStatementCacheEntries = 1024;

// The engine's parts, in construction order; members are destroyed in reverse, so the
// backfiller's threads stop before what they use goes, and tables (which hold column
// family handles) are released before the database closes.
struct Engine::Impl {
  std::unique_ptr<Clock> clock;
  std::unique_ptr<Storage> storage;
  // Null unless a read delay is configured; observes the storage's writes, so it is
  // made right after it and goes right before it.
  std::unique_ptr<staleness::Staleness> staleness;
  std::unique_ptr<Catalog> catalog;
  std::unique_ptr<ThroughputRegistry> throughput;
  std::unique_ptr<streams::StreamRegistry> streams;
  std::unique_ptr<insights::InsightsControl> insights;
  LockTable locks;
  std::unique_ptr<WritePath> write_path;
  std::unique_ptr<Transactions> transactions;
  std::unique_ptr<IdempotencyCache> idempotency;
  expr::ExpressionCache expression_cache{kExpressionCacheEntries};
  partiql::StatementCache statement_cache{kStatementCacheEntries};
  std::unique_ptr<IndexBackfiller> backfiller;
  std::unique_ptr<TableControl> tables;
  std::unique_ptr<ttl::TtlBackfiller> ttl_backfiller;
  std::unique_ptr<ttl::TimeToLiveControl> time_to_live;
  std::unique_ptr<ttl::TtlSweeper> sweeper;
  std::unique_ptr<backup::BackupControl> backups;

  // Data-plane requests so far (every one looks its tables up here): the TTL sweeper
  // yields while it sees them move.
  mutable std::atomic<uint64_t> foreground_requests{0};

  TableLookup Lookup(const RequestContext& ctx) const {
    foreground_requests.fetch_add(1, std::memory_order_relaxed);
    return TableLookup(*catalog, ctx.ns);
  }

  // After CreateTable and UpdateTable: the table's throughput resources follow its
  // definition (DeleteTable drops them with the Table).
  Status SyncThroughput(const RequestContext& ctx, const std::string& name) const {
    auto table = catalog->Find(ctx.ns, name);
    return table ? throughput->Sync(*table) : Status::Ok();
  }
  // After the throughput (a new stream's shards follow the table's partitions): the
  // table's stream follows its definition.
  Status SyncStream(const RequestContext& ctx, const std::string& name) const {
    auto table = catalog->Find(ctx.ns, name);
    return table ? streams->Sync(ctx.ns, *table) : Status::Ok();
  }

  // The state of the database a Query or Scan page reads (null: the latest): an
  // eventually consistent table or LSI read's stale one; for a GSI Scan, its lagged
  // state (a GSI Query's is chosen by partition, in Engine::Query).
  staleness::StateRef StateForPage(const Table& table, const ReadPageRequest& request) const {
    if (!staleness) return nullptr;
    if (const auto family = GsiFamily(table, request)) return staleness->ForIndexScan(*family);
    if (request.consistent_read) return nullptr;
    auto definition = table.definition();
    return staleness->ForTableRead(staleness::OwnDelay(*definition, staleness::kEventualDelayTag));
  }
  // The column family id of the GSI a page reads (nullopt: a table or LSI read, or
  // none).
  static std::optional<uint32_t> GsiFamily(const Table& table, const ReadPageRequest& request) {
    if (!request.index_name) return std::nullopt;
    const auto layout = table.layout();
    const LiveIndex* index = layout->Find(*request.index_name);
    if (index == nullptr || !index->global) return std::nullopt;
    return index->family->GetID();
  }

  // Fills DescribeTable's WarmThroughput (engine.cc).
  Result<TableDescription> WithWarm(const RequestContext& ctx,
                                    Result<TableDescription> description) const;
};

}  // namespace monotable
