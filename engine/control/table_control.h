#pragma once
// TableControl: the control plane's operations on tables (CreateTable, DescribeTable,
// ListTables, UpdateTable, DeleteTable), and the online index changes they start: a
// GSI created on a live table is backfilled in the background, a deleted one is
// dropped once no write uses it. With transient-status delays (schema/transient_status.h)
// tables and GSIs show CREATING, UPDATING or DELETING for a while after these changes;
// a CREATING table refuses changes and item requests. Thread-safe.

#include <functional>
#include <memory>
#include <string>

#include "engine/api/requests.h"
#include "engine/base/clock.h"
#include "engine/base/status.h"
#include "engine/control/deleting_resources.h"
#include "engine/index/index_backfill.h"
#include "engine/lock/lock_table.h"
#include "engine/schema/transient_status.h"
#include "engine/storage/catalog.h"
#include "engine/streams/stream_registry.h"

namespace monotable {

class TableControl {
 public:
  // Holds the references: they must outlive this object.
  TableControl(Catalog& catalog, LockTable& locks, IndexBackfiller& backfiller, const Clock& clock,
               streams::StreamRegistry& streams, TransientStatusDelays delays = {})
      : catalog_(catalog),
        locks_(locks),
        backfiller_(backfiller),
        clock_(clock),
        streams_(streams),
        delays_(delays) {}

  // Errors: kValidation (table_rules.h, then tag_rules.h for Tags), kResourceInUse
  // (the table exists, or is still DELETING), kLimitExceeded, kInternal.
  Result<TableDescription> CreateTable(const std::string& ns, const CreateTableRequest& request);
  // Errors: kResourceNotFound "Requested resource not found: Table: <name> not found".
  Result<TableDescription> DescribeTable(const std::string& ns, const std::string& name);
  // The definition alone (key schema, indexes), without DescribeTable's statistics,
  // which read storage: cheap enough for every PartiQL statement. Errors:
  // kResourceNotFound "Requested resource not found".
  Result<TableDefinition> Definition(const std::string& ns, const std::string& name);
  // The definition the table holds now, not copied; null when there is no such table.
  std::shared_ptr<const TableDefinition> SharedDefinition(std::string_view ns,
                                                          std::string_view name);
  // Lists tables still shown DELETING too. Never fails today; a Result for the engine's
  // uniform signature.
  Result<ListTablesResult> ListTables(const std::string& ns, const ListTablesRequest& request);
  // Errors: kResourceNotFound, kResourceInUse "Attempt to change a resource which is
  // still in use: Table is being created: <name>" (a restore still loading it, or its
  // CREATING delay), "... Table is being updated: <name>" (its UPDATING delay, or a GSI
  // still shown DELETING), kValidation and kLimitExceeded (table_rules.h, index_update_rules.h),
  // kInternal.
  Result<TableDescription> UpdateTable(const std::string& ns, const UpdateTableRequest& request);
  // Runs after DeleteTable's checks, before the table is dropped (a SYSTEM backup).
  using BeforeDrop = std::function<Status(const Table&)>;
  // Returns the description with status DELETING; the table is gone afterwards, its
  // stream (if any) disabled. A table still shown DELETING answers its description
  // again. Errors: kResourceInUse (being created or updated, as UpdateTable),
  // kValidation (deletion protection), kResourceNotFound, `before_drop`'s, kInternal.
  Result<TableDescription> DeleteTable(const std::string& ns, const std::string& name,
                                       const BeforeDrop& before_drop = nullptr);

  // Carries on the online index changes recorded in the table's definition: drops
  // DELETING indexes, starts backfilling CREATING ones (at start-up, for what a
  // previous run left unfinished). Errors: kInternal.
  Status ContinueIndexChanges(const std::string& ns, const std::shared_ptr<Table>& table);

 private:
  TableDescription Describe(const std::string& ns, const Table& table);
  // True while `table` is UPDATING by a delay: its UpdateTable's, or a GSI's deletion.
  bool ShownUpdating(const std::string& ns, const TableDefinition& table, int64_t now_ms);
  // Remembers the GSIs `table`'s update marked DELETING, to show them for the delay.
  void KeepDeletingIndexes(const std::string& ns, const Table& table, int64_t now_ms);

  Catalog& catalog_;
  LockTable& locks_;
  IndexBackfiller& backfiller_;
  const Clock& clock_;
  streams::StreamRegistry& streams_;
  const TransientStatusDelays delays_;
  DeletingResources deleting_;
};

}  // namespace monotable
