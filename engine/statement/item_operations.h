#pragma once
// What engine/statement runs its lowered requests on: the item operations of the Engine
// facade, which implements this interface (engine.h). The facade depends on
// engine/statement, so the statements reach it through this interface rather than by
// including it, and dependencies keep pointing one way.
//
// Thread-safety: an implementation is called from any number of request threads at once.
// Errors: those of the facade's methods of the same names (engine.h).

#include <string>

#include "engine/api/requests.h"
#include "engine/base/status.h"
#include "engine/partiql/statement_cache.h"

namespace monotable::statement {

class ItemOperations {
 public:
  virtual ~ItemOperations() = default;

  // Errors: kResourceNotFound "Requested resource not found".
  virtual Result<TableDefinition> TableDefinitionOf(const RequestContext& ctx,
                                                    const std::string& name) = 0;
  virtual Result<ReadPage> Query(const RequestContext& ctx, const QueryRequest& request) = 0;
  virtual Result<ReadPage> Scan(const RequestContext& ctx, const ScanRequest& request) = 0;
  virtual Result<ItemResult> GetItem(const RequestContext& ctx, const GetItemRequest& request) = 0;
  virtual Result<ItemResult> PutItem(const RequestContext& ctx, PutItemRequest request) = 0;
  virtual Result<ItemResult> UpdateItem(const RequestContext& ctx,
                                        const UpdateItemRequest& request) = 0;
  virtual Result<ItemResult> DeleteItem(const RequestContext& ctx,
                                        const DeleteItemRequest& request) = 0;
  virtual Result<TransactGetResult> TransactGetItems(const RequestContext& ctx,
                                                     const TransactGetRequest& request) = 0;
  virtual Result<TransactWriteResult> TransactWriteItems(const RequestContext& ctx,
                                                         const TransactWriteRequest& request) = 0;
};

// What a statement runs with: the item operations, the statement cache (parsed once per
// text, shared by every request) and the caller's request context. Borrowed for one call.
struct StatementContext {
  ItemOperations& items;
  partiql::StatementCache& cache;
  const RequestContext& request;
};

}  // namespace monotable::statement
