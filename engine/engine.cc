#include "engine/engine.h"

#include <algorithm>

#include "engine/admission/ticket.h"
#include "engine/engine_impl.h"
#include "engine/statement/statements.h"
#include "engine/throughput/dynamodb_limits.h"

namespace monotable {
namespace {
throughput::Mode ModelMode(ThroughputMode mode) {
  switch (mode) {
    case ThroughputMode::kOff: return throughput::Mode::kOff;
    case ThroughputMode::kObserve: return throughput::Mode::kObserve;
    case ThroughputMode::kEnforce: return throughput::Mode::kEnforce;
  }
  return throughput::Mode::kObserve;
}

// What a table or GSI serves at once: 3,000 reads or 1,000 writes per partition (the
// model's partitions, or those its capacity gives when accounting is off), and at least
// the warm throughput asked for.
WarmThroughput ServedAtOnce(const throughput::Resource* resource,
                            const throughput::CapacitySpec& spec,
                            const std::optional<WarmThroughput>& asked) {
  const size_t partitions = resource ? resource->partition_map().size()
                                     : throughput::PartitionsForCapacity(
                                           spec, throughput::limits::kOnDemandInitialPeakReu);
  WarmThroughput out{
      static_cast<int64_t>(partitions * throughput::limits::kPartitionReadUnitsPerSecond),
      static_cast<int64_t>(partitions * throughput::limits::kPartitionWriteUnitsPerSecond)};
  if (asked) {
    out.read_units_per_second = std::max(out.read_units_per_second, asked->read_units_per_second);
    out.write_units_per_second =
        std::max(out.write_units_per_second, asked->write_units_per_second);
  }
  return out;
}

}  // namespace

// DescribeTable's WarmThroughput of the table and its GSIs.
Result<TableDescription> Engine::Impl::WithWarm(const RequestContext& ctx,
                                                Result<TableDescription> description) const {
  if (!description.ok()) return description;
  const TableDefinition& definition = description->definition;
  auto table = catalog->Find(ctx.ns, definition.name);
  const auto tp = table ? table->throughput() : nullptr;
  description->warm = ServedAtOnce(tp ? tp->table.get() : nullptr, CapacityOf(definition, nullptr),
                                   definition.warm_throughput);
  for (const auto& index : definition.global_secondary_indexes) {
    description->index_warm[index.name] =
        ServedAtOnce(tp ? tp->FindIndex(index.name) : nullptr, CapacityOf(definition, &index),
                     index.warm_throughput);
  }
  return description;
}

Result<std::unique_ptr<Engine>> Engine::Open(const EngineOptions& options,
                                             std::unique_ptr<Clock> clock) {
  auto impl = std::make_unique<Impl>();
  impl->clock = std::move(clock);
  StorageOptions storage_options;
  storage_options.path = options.path;
  storage_options.in_memory = options.in_memory;
  storage_options.block_cache_bytes = options.block_cache_bytes;
  MT_ASSIGN_OR_RETURN(storage, Storage::Open(storage_options));
  impl->storage = std::move(storage);
  staleness::StalenessOptions staleness_options;
  staleness_options.eventual_reads = options.eventual_read_delay;
  staleness_options.gsi_lag = options.gsi_lag;
  staleness_options.seed = options.staleness_seed;
  impl->staleness = staleness::Staleness::Attach(*impl->storage, *impl->clock, staleness_options);
  impl->catalog = std::make_unique<Catalog>(impl->storage.get(), impl->clock.get());
  MT_RETURN_IF_ERROR(impl->catalog->Load());
  const throughput::HeatPolicy heat{throughput::limits::kHeatSplitLoadFraction,
                                    options.heat_split_seconds, options.sort_key_splits};
  impl->throughput = std::make_unique<ThroughputRegistry>(*impl->storage, *impl->clock,
                                                          ModelMode(options.throughput), heat);
  for (const auto& [ns, table] : impl->catalog->All()) {
    MT_RETURN_IF_ERROR(impl->throughput->Sync(*table));
  }
  streams::StreamOptions stream_options;
  stream_options.retention_ms = options.stream_retention_ms;
  stream_options.shard_max_age_ms = options.stream_shard_max_age_ms;
  stream_options.iterator_lifetime_ms = options.stream_iterator_lifetime_ms;
  stream_options.maintenance_interval_ms = options.stream_maintenance_interval_ms;
  stream_options.records_delay_ms = options.stream_records_delay_ms;
  impl->streams =
      std::make_unique<streams::StreamRegistry>(*impl->storage, *impl->clock, stream_options);
  MT_RETURN_IF_ERROR(impl->streams->Load());
  for (const auto& [ns, table] : impl->catalog->All()) {
    MT_RETURN_IF_ERROR(impl->streams->Sync(ns, *table));
  }
  impl->insights =
      std::make_unique<insights::InsightsControl>(*impl->storage, *impl->catalog, *impl->clock);
  impl->write_path = std::make_unique<WritePath>(impl->storage.get(), &impl->locks);
  impl->transactions = std::make_unique<Transactions>(impl->storage.get(), &impl->locks);
  impl->idempotency = std::make_unique<IdempotencyCache>(impl->clock.get());
  impl->backfiller =
      std::make_unique<IndexBackfiller>(impl->storage.get(), impl->catalog.get(), &impl->locks);
  impl->ttl_backfiller =
      std::make_unique<ttl::TtlBackfiller>(impl->storage.get(), impl->catalog.get(), &impl->locks);
  impl->time_to_live = std::make_unique<ttl::TimeToLiveControl>(
      *impl->storage, *impl->catalog, impl->locks, *impl->ttl_backfiller, *impl->clock,
      options.ttl_change_interval_ms);
  impl->tables =
      std::make_unique<TableControl>(*impl->catalog, impl->locks, *impl->backfiller, *impl->clock,
                                     *impl->streams, options.transient_statuses);
  // Index changes and TTL backfills a previous run left unfinished.
  for (const auto& [ns, table] : impl->catalog->All()) {
    MT_RETURN_IF_ERROR(impl->tables->ContinueIndexChanges(ns, table));
    impl->time_to_live->Continue(ns, table);
  }
  impl->sweeper = std::make_unique<ttl::TtlSweeper>(
      *impl->storage, *impl->catalog, *impl->write_path, *impl->clock, &impl->foreground_requests);
  impl->sweeper->Start(options.ttl_sweep_interval_ms);
  if (options.stream_maintenance_interval_ms > 0) impl->streams->StartMaintenance();
  Impl* raw = impl.get();
  impl->backups = std::make_unique<backup::BackupControl>(
      *impl->storage, *impl->catalog, *impl->clock,
      [raw](const std::string& ns, const std::string& name) {
        return raw->SyncThroughput(RequestContext{ns}, name);
      });
  MT_RETURN_IF_ERROR(impl->backups->Start());
  return std::unique_ptr<Engine>(new Engine(std::move(impl)));
}

Engine::Engine(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

Engine::~Engine() {
  // Stop the background threads first: they use everything else.
  impl_->backups.reset();
  impl_->sweeper.reset();
  impl_->time_to_live.reset();
  impl_->ttl_backfiller.reset();
  impl_->tables.reset();
  impl_->backfiller.reset();
  impl_->streams.reset();
}

Status Engine::Flush() { return impl_->storage->Flush(); }
const Clock& Engine::clock() const { return *impl_->clock; }
expr::ExpressionCache& Engine::expression_cache() { return impl_->expression_cache; }
partiql::StatementCache& Engine::statement_cache() { return impl_->statement_cache; }

Result<TableDescription> Engine::CreateTable(const RequestContext& ctx,
                                             const CreateTableRequest& request) {
  MT_ASSIGN_OR_RETURN(description, impl_->tables->CreateTable(ctx.ns, request));
  MT_RETURN_IF_ERROR(impl_->SyncThroughput(ctx, request.table_name));
  MT_RETURN_IF_ERROR(impl_->SyncStream(ctx, request.table_name));
  return impl_->WithWarm(ctx, std::move(description));
}
Result<TableDescription> Engine::DescribeTable(const RequestContext& ctx, const std::string& name) {
  return impl_->WithWarm(ctx, impl_->tables->DescribeTable(ctx.ns, name));
}
Result<TableDefinition> Engine::TableDefinitionOf(const RequestContext& ctx,
                                                  const std::string& name) {
  return impl_->tables->Definition(ctx.ns, name);
}
std::shared_ptr<const TableDefinition> Engine::SharedDefinitionOf(const RequestContext& ctx,
                                                                  std::string_view name) {
  return impl_->tables->SharedDefinition(ctx.ns, name);
}
uint64_t Engine::CatalogGeneration() const { return impl_->catalog->generation(); }
Result<ListTablesResult> Engine::ListTables(const RequestContext& ctx,
                                            const ListTablesRequest& request) {
  return impl_->tables->ListTables(ctx.ns, request);
}
Result<TableDescription> Engine::UpdateTable(const RequestContext& ctx,
                                             const UpdateTableRequest& request) {
  MT_ASSIGN_OR_RETURN(description, impl_->tables->UpdateTable(ctx.ns, request));
  MT_RETURN_IF_ERROR(impl_->SyncThroughput(ctx, request.table_name));
  MT_RETURN_IF_ERROR(impl_->SyncStream(ctx, request.table_name));
  return impl_->WithWarm(ctx, std::move(description));
}
Result<TableDescription> Engine::DeleteTable(const RequestContext& ctx, const std::string& name) {
  // A table with point-in-time recovery leaves a SYSTEM backup behind.
  auto system_backup = [&](const Table& table) -> Status {
    auto definition = table.definition();
    if (!definition->point_in_time_recovery.enabled) return Status::Ok();
    auto backup = impl_->backups->CreateSystemBackup(ctx.ns, table);
    return backup.ok() ? Status::Ok() : backup.status();
  };
  MT_ASSIGN_OR_RETURN(description, impl_->tables->DeleteTable(ctx.ns, name, system_backup));
  // Its backups stay; its point-in-time recovery history goes with it.
  MT_RETURN_IF_ERROR(impl_->backups->ForgetTable(description.definition));
  return description;
}

Result<TimeToLiveSpecification> Engine::UpdateTimeToLive(const RequestContext& ctx,
                                                         const UpdateTimeToLiveRequest& request) {
  return impl_->time_to_live->Update(ctx.ns, request);
}
Result<TimeToLiveDescription> Engine::DescribeTimeToLive(const RequestContext& ctx,
                                                         const std::string& name) {
  return impl_->time_to_live->Describe(ctx.ns, name);
}
Result<int64_t> Engine::SweepExpiredItems() {
  MT_ASSIGN_OR_RETURN(counts, impl_->sweeper->SweepOnce());
  return counts.deleted;
}
Status Engine::VerifyTimeToLiveIndex(const RequestContext& ctx, const std::string& name) {
  MT_ASSIGN_OR_RETURN(table, impl_->Lookup(ctx).Find(name));
  return ttl::Verify(*impl_->storage, *table);
}
Status Engine::TagResource(const RequestContext& ctx, const TagResourceRequest& request) {
  return TagTable(*impl_->catalog, ctx.ns, request);
}
Status Engine::UntagResource(const RequestContext& ctx, const UntagResourceRequest& request) {
  return UntagTable(*impl_->catalog, ctx.ns, request);
}
Result<std::vector<Tag>> Engine::ListTagsOfResource(const RequestContext& ctx,
                                                    const std::string& table_name,
                                                    const std::string& resource_arn) {
  return TableTags(*impl_->catalog, ctx.ns, table_name, resource_arn);
}
Result<std::string> Engine::PutResourcePolicy(const RequestContext& ctx,
                                              const PutResourcePolicyRequest& request) {
  return PutTablePolicy(*impl_->catalog, *impl_->streams, *impl_->clock, ctx.ns, request);
}
Result<ResourcePolicy> Engine::GetResourcePolicy(const RequestContext& ctx,
                                                 const std::string& table_name,
                                                 const std::string& resource_arn,
                                                 const std::optional<std::string>& stream_label) {
  return GetTablePolicy(*impl_->catalog, *impl_->streams, ctx.ns, table_name, resource_arn,
                        stream_label);
}
Result<std::optional<std::string>> Engine::DeleteResourcePolicy(
    const RequestContext& ctx, const DeleteResourcePolicyRequest& request) {
  return DeleteTablePolicy(*impl_->catalog, *impl_->streams, ctx.ns, request);
}

Result<ContributorInsightsInfo> Engine::UpdateContributorInsights(
    const RequestContext& ctx, const UpdateContributorInsightsRequest& request) {
  return impl_->insights->Update(ctx.ns, request);
}
Result<ContributorInsightsInfo> Engine::DescribeContributorInsights(const RequestContext& ctx,
                                                                    const std::string& table,
                                                                    const std::string& index) {
  return impl_->insights->Describe(ctx.ns, table, index);
}
Result<ListContributorInsightsResult> Engine::ListContributorInsights(
    const RequestContext& ctx, const ListContributorInsightsRequest& request) {
  return impl_->insights->List(ctx.ns, request);
}

namespace {

// --log-requests: a single-item operation throttled records its item with its size and
// units unknown (0), since the rehearsal replays refused requests too. Other failures
// touched nothing worth replaying; a write that was made records itself, with its GSI
// entries (write/item_writes.h).
void Throttled(const RequestContext& ctx, const Table& table, const Item& key, bool write,
               const Status& status) {
  if (ctx.touches == nullptr || !IsThrottled(status)) return;
  const auto definition = table.definition();  // held while Record reads it
  ctx.touches->Record(*definition, key, write, 0, 0);
}

// --log-requests: a GetItem's item once read, with its size and units; a throttled one
// as Throttled records it.
void Read(const RequestContext& ctx, const Table& table, const Item& key,
          const Result<ItemResult>& result) {
  if (ctx.touches == nullptr) return;
  if (!result.ok()) return Throttled(ctx, table, key, false, result.status());
  const auto definition = table.definition();  // held while Record reads it
  ctx.touches->Record(*definition, key, false, result->item_bytes,
                      result->consumed.table.read_units);
}

// --log-requests: a Scan page as one read with no key (api/item_touches.h), on the
// table or the GSI it read (an LSI shares the table's capacity), with the bytes it read
// and the units it consumed there; a throttled page with 0, as a refused item.
void ScanTouched(ItemTouches& touches, const Table& table, const ScanRequest& request,
                 const Result<ReadPage>& page) {
  if (!page.ok() && !IsThrottled(page.status())) return;
  const auto definition = table.definition();
  ItemTouch touch;
  touch.table = definition->name;
  if (request.index_name) {
    const SecondaryIndexDefinition* index = definition->FindIndex(*request.index_name);
    if (index != nullptr && definition->IsGlobal(*index)) touch.index = index->name;
  }
  if (page.ok()) {
    touch.bytes = page->bytes_read;
    const auto& gsis = page->consumed.global_secondary_indexes;
    const auto it = touch.index.empty() ? gsis.end() : gsis.find(touch.index);
    touch.units = touch.index.empty() ? page->consumed.Total().read_units
                  : it == gsis.end()  ? 0
                                      : it->second.read_units;
  }
  touches.Add(std::move(touch));
}

}  // namespace

Result<ItemResult> Engine::PutItem(const RequestContext& ctx, PutItemRequest request) {
  MT_ASSIGN_OR_RETURN(table, impl_->Lookup(ctx).Find(request.table_name));
  if (ctx.touches == nullptr) {
    return monotable::PutItem(*impl_->write_path, *table, std::move(request));
  }
  const Item item = request.item;  // the Put moves it: copied only with logging on
  auto result = monotable::PutItem(*impl_->write_path, *table, std::move(request), ctx.touches);
  if (!result.ok()) Throttled(ctx, *table, item, true, result.status());
  return result;
}
Result<ItemResult> Engine::GetItem(const RequestContext& ctx, const GetItemRequest& request) {
  MT_ASSIGN_OR_RETURN(table, impl_->Lookup(ctx).Find(request.table_name));
  if (impl_->staleness && !request.consistent_read) {
    auto definition = table->definition();
    const staleness::StateRef state = impl_->staleness->ForTableRead(
        staleness::OwnDelay(*definition, staleness::kEventualDelayTag));
    auto result = monotable::GetItem(*impl_->storage, *table, request, state.get());
    Read(ctx, *table, request.key, result);
    return result;
  }
  auto result = monotable::GetItem(*impl_->storage, *table, request);
  Read(ctx, *table, request.key, result);
  return result;
}
Result<ItemResult> Engine::DeleteItem(const RequestContext& ctx, const DeleteItemRequest& request) {
  MT_ASSIGN_OR_RETURN(table, impl_->Lookup(ctx).Find(request.table_name));
  auto result = monotable::DeleteItem(*impl_->write_path, *table, request, ctx.touches);
  if (!result.ok()) Throttled(ctx, *table, request.key, true, result.status());
  return result;
}
Result<ItemResult> Engine::UpdateItem(const RequestContext& ctx, const UpdateItemRequest& request) {
  MT_ASSIGN_OR_RETURN(table, impl_->Lookup(ctx).Find(request.table_name));
  auto result = monotable::UpdateItem(*impl_->write_path, *table, request, ctx.touches);
  if (!result.ok()) Throttled(ctx, *table, request.key, true, result.status());
  return result;
}

Result<BatchWriteResult> Engine::BatchWriteItem(const RequestContext& ctx,
                                                const BatchWriteRequest& request) {
  return monotable::BatchWriteItem(*impl_->write_path, impl_->Lookup(ctx), request, ctx.touches);
}
Result<BatchGetResult> Engine::BatchGetItem(const RequestContext& ctx,
                                            const BatchGetRequest& request) {
  if (!impl_->staleness)
    return monotable::BatchGetItem(*impl_->storage, impl_->Lookup(ctx), request, {}, ctx.touches);
  // Each table read without ConsistentRead at its own stale state (its tags' delay or
  // the server's); a table not found is left to BatchGetItem to report.
  std::vector<staleness::StateRef> held;
  std::vector<const rocksdb::Snapshot*> states;
  const TableLookup lookup = impl_->Lookup(ctx);
  for (const auto& table_keys : request.tables) {
    auto table = lookup.Find(table_keys.table_name);
    if (table_keys.consistent_read || !table.ok()) {
      states.push_back(nullptr);
      continue;
    }
    auto definition = (*table)->definition();
    held.push_back(impl_->staleness->ForTableRead(
        staleness::OwnDelay(*definition, staleness::kEventualDelayTag)));
    states.push_back(held.back().get());
  }
  return monotable::BatchGetItem(*impl_->storage, lookup, request, states, ctx.touches);
}

Result<TransactWriteResult> Engine::TransactWriteItems(const RequestContext& ctx,
                                                       const TransactWriteRequest& request) {
  return monotable::TransactWriteItems(*impl_->transactions, *impl_->idempotency,
                                       impl_->Lookup(ctx), ctx, request);
}
Result<TransactGetResult> Engine::TransactGetItems(const RequestContext& ctx,
                                                   const TransactGetRequest& request) {
  return monotable::TransactGetItems(*impl_->transactions, impl_->Lookup(ctx), request,
                                     ctx.touches);
}

Result<ListStreamsResult> Engine::ListStreams(const RequestContext& ctx,
                                              const ListStreamsRequest& request) {
  return impl_->streams->ListStreams(ctx.ns, request);
}
Result<StreamDescription> Engine::DescribeStream(const RequestContext& ctx,
                                                 const DescribeStreamRequest& request) {
  return impl_->streams->DescribeStream(ctx.ns, request);
}
Result<std::string> Engine::GetShardIterator(const RequestContext& ctx,
                                             const GetShardIteratorRequest& request) {
  return impl_->streams->GetShardIterator(ctx.ns, request);
}
Result<GetRecordsResult> Engine::GetRecords(const RequestContext& ctx,
                                            const GetRecordsRequest& request) {
  return impl_->streams->GetRecords(ctx.ns, request);
}
std::optional<StreamName> Engine::StreamOfIterator(std::string_view shard_iterator) const {
  return impl_->streams->StreamOfIterator(shard_iterator);
}
std::optional<ResourcePolicy> Engine::StreamPolicy(const RequestContext& ctx,
                                                   const StreamName& stream) const {
  auto policy = impl_->streams->PolicyOf(ctx.ns, stream);
  return policy.ok() ? *policy : std::nullopt;
}
Status Engine::MaintainStreams() { return impl_->streams->MaintainAll(); }

Result<ReadPage> Engine::Query(const RequestContext& ctx, const QueryRequest& request) {
  MT_ASSIGN_OR_RETURN(table, impl_->Lookup(ctx).Find(request.table_name));
  if (impl_->staleness) {
    if (const auto family = Impl::GsiFamily(*table, request)) {
      // A GSI lags per index partition: the state is the Query's partition's.
      staleness::Staleness* lag = impl_->staleness.get();
      const PartitionState by_partition = [lag, id = *family](uint64_t partition) {
        return lag->ForIndexPartition(id, partition);
      };
      return QueryPage(*impl_->storage, *table, request, impl_->clock.get(), nullptr, &by_partition,
                       ctx.touches);
    }
  }
  const staleness::StateRef state = impl_->StateForPage(*table, request);
  return QueryPage(*impl_->storage, *table, request, impl_->clock.get(), state.get(), nullptr,
                   ctx.touches);
}
Result<ReadPage> Engine::Scan(const RequestContext& ctx, const ScanRequest& request) {
  MT_ASSIGN_OR_RETURN(table, impl_->Lookup(ctx).Find(request.table_name));
  const staleness::StateRef state = impl_->StateForPage(*table, request);
  auto page = ScanPage(*impl_->storage, *table, request, impl_->clock.get(), state.get());
  if (ctx.touches != nullptr) ScanTouched(*ctx.touches, *table, request, page);
  return page;
}

Result<ExecuteStatementResult> Engine::ExecuteStatement(const RequestContext& ctx,
                                                        const ExecuteStatementRequest& request) {
  return statement::ExecuteStatement({*this, impl_->statement_cache, ctx}, request);
}
Result<BatchExecuteStatementResult> Engine::BatchExecuteStatement(
    const RequestContext& ctx, const BatchExecuteStatementRequest& request) {
  return statement::BatchExecuteStatement({*this, impl_->statement_cache, ctx}, request);
}
Result<ExecuteTransactionResult> Engine::ExecuteTransaction(
    const RequestContext& ctx, const ExecuteTransactionRequest& request) {
  return statement::ExecuteTransaction({*this, impl_->statement_cache, ctx}, request);
}

}  // namespace monotable
