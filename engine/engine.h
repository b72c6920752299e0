#pragma once
// Engine: the facade of the storage engine, one method per DynamoDB operation on
// typed requests (engine/api/requests.h). Knows nothing of HTTP or JSON, and shows
// nothing of RocksDB: its parts live behind the Impl (engine.cc), in the folders of
// engine/ (docs/ARCHITECTURE.md). Thread-safe: any number of threads may call any
// method concurrently.

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

#include "engine/api/backup_requests.h"
#include "engine/api/consistency_report.h"
#include "engine/api/contributor_insights.h"
#include "engine/api/engine_stats.h"
#include "engine/api/requests.h"
#include "engine/api/statements.h"
#include "engine/api/stream_requests.h"
#include "engine/base/clock.h"
#include "engine/base/delay_range.h"
#include "engine/base/status.h"
#include "engine/expr/expression_cache.h"
#include "engine/partiql/statement_cache.h"
#include "engine/schema/transient_status.h"
#include "engine/statement/item_operations.h"

namespace monotable {

// The throughput model (engine/admission): off (no accounting), observe (counts what
// would be throttled, throttles nothing), enforce (throttles as DynamoDB does).
enum class ThroughputMode { kOff, kObserve, kEnforce };

struct EngineOptions {
  std::string path;        // data directory (created if missing); ignored in memory
  bool in_memory = false;  // keep everything in RAM; nothing survives the process
  // RocksDB's memory budget: the block cache shared by every table, which also holds
  // the memtables (storage/memory_budget.h); taken as data is written and read.
  size_t block_cache_bytes = size_t{128} << 20;
  ThroughputMode throughput = ThroughputMode::kObserve;
  // Split for heat inside a hot item collection, by sort key (throughput/resource.h):
  // tables with a sort key and no LSI, GSIs with a sort key. Off by default.
  bool sort_key_splits = false;
  // How many consecutive hot seconds make a partition split for heat (the model's own
  // figure: DynamoDB does not document it).
  int heat_split_seconds = 60;
  // Time to Live: how often the sweeper deletes expired items (0: never; an expired
  // item goes within about this long), and how long after an UpdateTimeToLive the next
  // one is refused (DynamoDB: up to an hour; 0: never).
  int64_t ttl_sweep_interval_ms = 1000;
  int64_t ttl_change_interval_ms = int64_t{3600} * 1000;
  // DynamoDB Streams (engine/streams): how long records are kept (24 h), how old a
  // shard gets before it rolls over (DynamoDB: about 4 h), how long a shard iterator
  // lives (15 min), how often trimming and rollover run.
  int64_t stream_retention_ms = int64_t{24} * 3600 * 1000;
  int64_t stream_shard_max_age_ms = int64_t{4} * 3600 * 1000;
  int64_t stream_iterator_lifetime_ms = int64_t{15} * 60 * 1000;
  int64_t stream_maintenance_interval_ms = 1000;
  // How long after its write a stream record becomes readable (0: at once).
  int64_t stream_records_delay_ms = 0;
  // How long tables and GSIs show CREATING, UPDATING or DELETING after a change
  // (schema/transient_status.h); all 0, the default: ACTIVE at once.
  TransientStatusDelays transient_statuses;
  // Eventually consistent reads (engine/staleness, docs/EVENTUAL_CONSISTENCY.md): how far
  // behind the latest state a table or LSI read without ConsistentRead is, and a GSI read
  // is, each drawn per request from its range (seeded); {0, 0}, the default: not at all.
  DelayRange eventual_read_delay;
  DelayRange gsi_lag;
  uint64_t staleness_seed = 0;
};

// Final: the item operations are virtual only for engine/statement (ItemOperations);
// a call on an Engine itself binds statically.
class Engine final : public MonitoringSource, public statement::ItemOperations {
 public:
  // Opens the storage, loads the catalog and resumes unfinished index changes.
  // Errors: kInternal (unusable directory, locked by another process, corrupt catalog).
  static Result<std::unique_ptr<Engine>> Open(const EngineOptions& options,
                                              std::unique_ptr<Clock> clock);
  ~Engine() override;
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  // Control plane (control/table_control.h). Errors: kValidation, kResourceInUse,
  // kResourceNotFound, kLimitExceeded, kInternal.
  Result<TableDescription> CreateTable(const RequestContext& ctx,
                                       const CreateTableRequest& request);
  Result<TableDescription> DescribeTable(const RequestContext& ctx, const std::string& name);
  Result<ListTablesResult> ListTables(const RequestContext& ctx, const ListTablesRequest& request);
  // A table's definition without DescribeTable's statistics (which read storage), for
  // PartiQL's lowering. Errors: kResourceNotFound "Requested resource not found".
  Result<TableDefinition> TableDefinitionOf(const RequestContext& ctx,
                                            const std::string& name) override;
  // The same definition, shared and never copied: the one the table holds now (a table
  // changed later holds a new one; this one stays as it was). Null for a table that
  // does not exist. For callers that look a table up on every request (authorization).
  std::shared_ptr<const TableDefinition> SharedDefinitionOf(const RequestContext& ctx,
                                                            std::string_view name);
  // Grows with every change of any table's definition (storage/catalog.h): a definition
  // SharedDefinitionOf gave at one generation is still the table's while the generation
  // stays. Lock-free.
  uint64_t CatalogGeneration() const;
  Result<TableDescription> UpdateTable(const RequestContext& ctx,
                                       const UpdateTableRequest& request);
  // Returns the description with status DELETING; the table is gone afterwards. With
  // point-in-time recovery enabled, a SYSTEM backup "<name>$DeletedTableBackup" is
  // taken first (kept 35 days). Errors: control/table_control.h's.
  Result<TableDescription> DeleteTable(const RequestContext& ctx, const std::string& name);

  // Time to Live (ttl/time_to_live.h). Errors: kResourceNotFound, kValidation
  // ("TimeToLive is already enabled", "... already disabled", "... active on a different
  // AttributeName ...", "Time to live has been modified multiple times within a fixed
  // interval"), kInternal.
  Result<TimeToLiveSpecification> UpdateTimeToLive(const RequestContext& ctx,
                                                   const UpdateTimeToLiveRequest& request);
  Result<TimeToLiveDescription> DescribeTimeToLive(const RequestContext& ctx,
                                                   const std::string& name);
  // Deletes now every item due at the clock's time (what the background sweeper does
  // every interval); returns how many. For tests and tools. Errors: kInternal.
  Result<int64_t> SweepExpiredItems();
  // Checks that a table's expiry index matches its items exactly (reads the whole
  // table; for tests and diagnosis). Errors: kResourceNotFound, kInternal naming the
  // first difference.
  Status VerifyTimeToLiveIndex(const RequestContext& ctx, const std::string& name);
  // Tags (control/table_tags.h) and resource policies (control/resource_policies.h),
  // of a table the protocol found by ARN. Errors: kValidation, kResourceNotFound,
  // kPolicyNotFound, kInternal.
  Status TagResource(const RequestContext& ctx, const TagResourceRequest& request);
  Status UntagResource(const RequestContext& ctx, const UntagResourceRequest& request);
  Result<std::vector<Tag>> ListTagsOfResource(const RequestContext& ctx,
                                              const std::string& table_name,
                                              const std::string& resource_arn);
  Result<std::string> PutResourcePolicy(const RequestContext& ctx,
                                        const PutResourcePolicyRequest& request);
  Result<ResourcePolicy> GetResourcePolicy(const RequestContext& ctx, const std::string& table_name,
                                           const std::string& resource_arn,
                                           const std::optional<std::string>& stream_label = {});
  Result<std::optional<std::string>> DeleteResourcePolicy(
      const RequestContext& ctx, const DeleteResourcePolicyRequest& request);

  // Backups, restores and point-in-time recovery (backup/backup_control.h). Errors:
  // kTableNotFound, kTableInUse, kBackupNotFound and kBackupInUse (empty messages: the
  // protocol names the backup's ARN), kTableAlreadyExists, kValidation (restore
  // overrides; DeleteBackup of a SYSTEM backup), kPitrUnavailable, kInvalidRestoreTime,
  // kInternal. A
  // restore returns the new table's description (CREATING); it turns ACTIVE once loaded.
  Result<BackupInfo> CreateBackup(const RequestContext& ctx, const std::string& table_name,
                                  const std::string& backup_name);
  Result<BackupInfo> DescribeBackup(const RequestContext& ctx, const std::string& backup_id);
  Result<ListBackupsResult> ListBackups(const RequestContext& ctx,
                                        const ListBackupsRequest& request);
  Result<BackupInfo> DeleteBackup(const RequestContext& ctx, const std::string& backup_id);
  Result<TableDescription> RestoreTableFromBackup(const RequestContext& ctx,
                                                  const RestoreFromBackupRequest& request);
  Result<TableDescription> RestoreTableToPointInTime(const RequestContext& ctx,
                                                     const RestoreToPointInTimeRequest& request);
  Result<ContinuousBackupsInfo> UpdateContinuousBackups(const RequestContext& ctx,
                                                        const std::string& table_name, bool enabled,
                                                        std::optional<int64_t> period_days);
  Result<ContinuousBackupsInfo> DescribeContinuousBackups(const RequestContext& ctx,
                                                          const std::string& table_name);
  // Waits until queued backup copies and restores are done (tests, benchmarks).
  void WaitForBackups();

  // Items (write/item_writes.h, read/item_reads.h). With --throughput enforce, every
  // data-plane operation may also fail with kProvisionedThroughputExceeded or kThrottling
  // (ThrottlingReasons in ErrorDetail); batches then hand back the throttled entries as
  // unprocessed, and transactions are cancelled. Errors: kValidation,
  // kResourceNotFound ("Requested resource not found"), kInternal; writes also
  // kConditionalCheckFailed (with the old item as ErrorDetail when asked),
  // kTransactionConflict and kItemCollectionSizeLimitExceeded.
  // PutItem takes its request by value: the item moves into the new image uncopied.
  Result<ItemResult> PutItem(const RequestContext& ctx, PutItemRequest request) override;
  Result<ItemResult> GetItem(const RequestContext& ctx, const GetItemRequest& request) override;
  Result<ItemResult> DeleteItem(const RequestContext& ctx,
                                const DeleteItemRequest& request) override;
  Result<ItemResult> UpdateItem(const RequestContext& ctx,
                                const UpdateItemRequest& request) override;

  // Batches (write/batch_write_item.h, read/item_reads.h). Errors: kValidation
  // ("Provided list of item keys contains duplicates", key and item errors),
  // kResourceNotFound, kInternal. BatchGetItem answers at most 16 MB of items; the rest
  // is reported as unprocessed.
  Result<BatchWriteResult> BatchWriteItem(const RequestContext& ctx,
                                          const BatchWriteRequest& request);
  Result<BatchGetResult> BatchGetItem(const RequestContext& ctx, const BatchGetRequest& request);

  // Transactions (txn/transact_items.h; isolation model: txn/transactions.h).
  Result<TransactWriteResult> TransactWriteItems(const RequestContext& ctx,
                                                 const TransactWriteRequest& request) override;
  Result<TransactGetResult> TransactGetItems(const RequestContext& ctx,
                                             const TransactGetRequest& request) override;

  // Query and Scan (read/query_scan.h): one page, from a consistent snapshot.
  Result<ReadPage> Query(const RequestContext& ctx, const QueryRequest& request) override;
  Result<ReadPage> Scan(const RequestContext& ctx, const ScanRequest& request) override;

  // PartiQL (statement/statements.h): parsed through the statement cache, lowered and
  // run inside the engine on the item operations above. Errors: the statements' own
  // (statement/statements.h), then those of the operations they run as; a batch
  // answers most errors per statement.
  Result<ExecuteStatementResult> ExecuteStatement(const RequestContext& ctx,
                                                  const ExecuteStatementRequest& request);
  Result<BatchExecuteStatementResult> BatchExecuteStatement(
      const RequestContext& ctx, const BatchExecuteStatementRequest& request);
  Result<ExecuteTransactionResult> ExecuteTransaction(const RequestContext& ctx,
                                                      const ExecuteTransactionRequest& request);

  // DynamoDB Streams (streams/stream_registry.h). Errors: kValidation,
  // kResourceNotFound, kTrimmedDataAccess, kExpiredIterator (GetRecords), kInternal.
  Result<ListStreamsResult> ListStreams(const RequestContext& ctx,
                                        const ListStreamsRequest& request);
  Result<StreamDescription> DescribeStream(const RequestContext& ctx,
                                           const DescribeStreamRequest& request);
  Result<std::string> GetShardIterator(const RequestContext& ctx,
                                       const GetShardIteratorRequest& request);
  Result<GetRecordsResult> GetRecords(const RequestContext& ctx, const GetRecordsRequest& request);
  // The stream a GetRecords iterator reads (its table and label), so that GetRecords is
  // authorized on that stream; nullopt for a token this server did not issue or a stream
  // it no longer keeps. Thread-safe.
  std::optional<StreamName> StreamOfIterator(std::string_view shard_iterator) const;
  // The resource-based policy of a stream, its table there or deleted, so that the
  // Streams actions are decided by it (control/resource_policies.h); nullopt when the
  // stream has none or is not kept here. Thread-safe.
  std::optional<ResourcePolicy> StreamPolicy(const RequestContext& ctx,
                                             const StreamName& stream) const;
  // One pass of stream trimming and rollover now (tests; a thread runs it every
  // stream_maintenance_interval_ms). Errors: kInternal.
  Status MaintainStreams();

  // Parsed expressions, shared by all requests (the protocol resolves them per request).
  expr::ExpressionCache& expression_cache();
  // Parsed PartiQL statements, shared by all requests (parameters bind per request):
  // the statements above parse through it, and so does authorization (--iam), which
  // reads a statement's table and keys before it runs.
  partiql::StatementCache& statement_cache();

  // Contributor Insights (admission/contributor_insights.h): switches the tracking of a
  // table's or GSI's most accessed and throttled keys. Errors: kResourceNotFound,
  // kValidation, kInternal.
  Result<ContributorInsightsInfo> UpdateContributorInsights(
      const RequestContext& ctx, const UpdateContributorInsightsRequest& request);
  Result<ContributorInsightsInfo> DescribeContributorInsights(const RequestContext& ctx,
                                                              const std::string& table,
                                                              const std::string& index);
  Result<ListContributorInsightsResult> ListContributorInsights(
      const RequestContext& ctx, const ListContributorInsightsRequest& request);

  // Figures for /metrics, the partitions view and Contributor Insights (api/engine_stats.h):
  // copies of the throughput model's state and of a few RocksDB figures. Cheap without
  // `partition_contents`, which reads the tables it reports.
  EngineStats Stats(const StatsOptions& options) const override;

  // Recomputes every table's statistics, index entries and expiry index from its items
  // and compares (engine/check/consistency_check.h): `monotable check` and the crash
  // tests. Reads everything. Errors: kInternal when a read fails or a record is corrupt.
  Result<ConsistencyReport> CheckConsistency() const;

  // Makes all writes durable (clean shutdown). Errors: kInternal.
  Status Flush();

  const Clock& clock() const;

 private:
  struct Impl;
  explicit Engine(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace monotable
