#pragma once
// Engine: the facade of the storage engine, one method per DynamoDB operation on
// typed requests. Knows nothing of HTTP or JSON. Thread-safe: any number of threads
// may call any method concurrently.

#include <memory>

#include "engine/catalog.h"
#include "engine/clock.h"
#include "engine/expr/expression_cache.h"
#include "engine/index_backfill.h"
#include "engine/idempotency_cache.h"
#include "engine/lock_table.h"
#include "engine/requests.h"
#include "engine/status.h"
#include "engine/storage.h"
#include "engine/transactions.h"
#include "engine/write_path.h"

namespace monotable {

struct EngineOptions {
  StorageOptions storage;
};

class Engine {
 public:
  // Opens the storage and loads the catalog. Errors: kInternal (unusable directory,
  // locked by another process, corrupt catalog).
  static Result<std::unique_ptr<Engine>> Open(const EngineOptions& options,
                                              std::unique_ptr<Clock> clock);
  ~Engine();

  // Control plane. Errors: kValidation, kResourceInUse, kResourceNotFound,
  // kLimitExceeded, kInternal.
  Result<TableDescription> CreateTable(const RequestContext& ctx, const CreateTableRequest& request);
  Result<TableDescription> DescribeTable(const RequestContext& ctx, const std::string& name);
  Result<ListTablesResult> ListTables(const RequestContext& ctx, const ListTablesRequest& request);
  Result<TableDescription> UpdateTable(const RequestContext& ctx, const UpdateTableRequest& request);
  // Returns the description with status DELETING; the table is gone afterwards.
  Result<TableDescription> DeleteTable(const RequestContext& ctx, const std::string& name);

  // Items. Errors: kValidation, kResourceNotFound ("Requested resource not found"),
  // kInternal.
  Result<ItemResult> PutItem(const RequestContext& ctx, const PutItemRequest& request);
  Result<ItemResult> GetItem(const RequestContext& ctx, const GetItemRequest& request);
  Result<ItemResult> DeleteItem(const RequestContext& ctx, const DeleteItemRequest& request);
  // Also kConditionalCheckFailed ("The conditional request failed", with the old item
  // as ErrorDetail when asked) for Put/Delete/UpdateItem.
  Result<ItemResult> UpdateItem(const RequestContext& ctx, const UpdateItemRequest& request);

  // Parsed expressions, shared by all requests (the protocol resolves them per request).
  expr::ExpressionCache& expression_cache() { return *expression_cache_; }

  // Batches. Errors: kValidation ("Provided list of item keys contains duplicates",
  // key and item errors), kResourceNotFound, kInternal. BatchGetItem answers at most
  // 16 MB of items; the rest is reported as unprocessed.
  Result<BatchWriteResult> BatchWriteItem(const RequestContext& ctx,
                                          const BatchWriteRequest& request);
  Result<BatchGetResult> BatchGetItem(const RequestContext& ctx, const BatchGetRequest& request);

  // Transactions (isolation model: transactions.h). TransactWriteItems errors:
  // kValidation ("Transaction request cannot include multiple operations on one item",
  // the 4 MB bound), kResourceNotFound, kTransactionCanceled (reasons in ErrorDetail),
  // kIdempotentParameterMismatch, kTransactionInProgress (same token still running),
  // kInternal. A ClientRequestToken seen with the same fingerprint within 10 minutes
  // of its success answers Ok without applying anything.
  Result<TransactWriteResult> TransactWriteItems(const RequestContext& ctx,
                                                 const TransactWriteRequest& request);
  // Errors: kValidation, kResourceNotFound, kTransactionCanceled (invalid key), kInternal.
  Result<TransactGetResult> TransactGetItems(const RequestContext& ctx,
                                             const TransactGetRequest& request);

  // Query and Scan: one page of at most Limit items evaluated and 1 MB read, read
  // from a consistent snapshot without item locks. Errors: kValidation (key
  // conditions, ExclusiveStartKey, segments, IndexName: see read_target.h),
  // kResourceNotFound, kInternal.
  Result<ReadPage> Query(const RequestContext& ctx, const QueryRequest& request);
  Result<ReadPage> Scan(const RequestContext& ctx, const ScanRequest& request);

  // Makes all writes durable (clean shutdown).
  Status Flush();

  const Clock& clock() const { return *clock_; }

 private:
  Engine() = default;
  Result<std::shared_ptr<Table>> FindTable(const RequestContext& ctx, const std::string& name);
  TableDescription Describe(const Table& table) const;
  // Carries on the online index changes recorded in the table's definition: drops
  // DELETING indexes, starts backfilling CREATING ones. Errors: kInternal.
  Status ContinueIndexChanges(const std::string& ns, const std::shared_ptr<Table>& table);

  std::unique_ptr<Clock> clock_;
  std::unique_ptr<Storage> storage_;
  std::unique_ptr<Catalog> catalog_;
  std::unique_ptr<LockTable> locks_;
  std::unique_ptr<WritePath> write_path_;
  std::unique_ptr<Transactions> transactions_;
  std::unique_ptr<IdempotencyCache> idempotency_;
  std::unique_ptr<expr::ExpressionCache> expression_cache_;
  std::unique_ptr<IndexBackfiller> backfiller_;  // destroyed first: its threads use the rest
};

}  // namespace monotable
