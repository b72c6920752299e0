#include "engine/engine.h"

#include <algorithm>

#include "engine/table_rules.h"

namespace monotable {
namespace {
// Applications use a handful of distinct expressions; 4096 of at most 4 KB each bounds
// the cache to a few MB in the worst case.
constexpr size_t kExpressionCacheEntries = 4096;
}  // namespace

Result<std::unique_ptr<Engine>> Engine::Open(const EngineOptions& options,
                                             std::unique_ptr<Clock> clock) {
  std::unique_ptr<Engine> engine(new Engine());
  engine->clock_ = std::move(clock);
  auto storage = Storage::Open(options.storage);
  if (!storage.ok()) return storage.status();
  engine->storage_ = std::move(*storage);
  engine->catalog_ = std::make_unique<Catalog>(engine->storage_.get(), engine->clock_.get());
  MT_RETURN_IF_ERROR(engine->catalog_->Load());
  engine->locks_ = std::make_unique<LockTable>();
  engine->write_path_ = std::make_unique<WritePath>(engine->storage_.get(), engine->locks_.get());
  engine->transactions_ = std::make_unique<Transactions>(engine->storage_.get(), engine->locks_.get());
  engine->idempotency_ = std::make_unique<IdempotencyCache>(engine->clock_.get());
  engine->expression_cache_ = std::make_unique<expr::ExpressionCache>(kExpressionCacheEntries);
  engine->backfiller_ = std::make_unique<IndexBackfiller>(
      engine->storage_.get(), engine->catalog_.get(), engine->locks_.get());
  // Index changes a previous run left unfinished.
  for (const auto& [ns, table] : engine->catalog_->All()) {
    MT_RETURN_IF_ERROR(engine->ContinueIndexChanges(ns, table));
  }
  return engine;
}

Engine::~Engine() {
  backfiller_.reset();
  // Tables hold column family handles: release them before the database closes.
  catalog_.reset();
  storage_.reset();
}

Status Engine::Flush() { return storage_->Flush(); }

Result<std::shared_ptr<Table>> Engine::FindTable(const RequestContext& ctx,
                                                 const std::string& name) {
  auto table = catalog_->Find(ctx.ns, name);
  if (!table) return Status::NotFound("Requested resource not found");
  return table;
}

TableDescription Engine::Describe(const Table& table) const {
  auto layout = table.layout();
  TableDescription description;
  description.definition = *layout->definition;
  description.item_count = std::max<int64_t>(0, table.item_count());
  description.size_bytes = std::max<int64_t>(0, table.size_bytes());
  for (const auto& index : layout->indexes) {
    // Statistics are advisory (DynamoDB refreshes them every few hours): a failed read
    // shows zeros rather than failing DescribeTable.
    auto stats = catalog_->IndexStatistics(index);
    description.index_statistics[index.definition->name] = stats.ok() ? *stats : ItemStatistics{};
  }
  return description;
}

Result<TableDescription> Engine::CreateTable(const RequestContext& ctx,
                                             const CreateTableRequest& request) {
  auto definition = BuildTableDefinition(request, clock_->NowMillis());
  if (!definition.ok()) return definition.status();
  auto table = catalog_->Create(ctx.ns, std::move(*definition));
  if (!table.ok()) return table.status();
  return Describe(**table);
}

Result<TableDescription> Engine::DescribeTable(const RequestContext& ctx,
                                               const std::string& name) {
  auto table = catalog_->Find(ctx.ns, name);
  if (!table) return Status::NotFound("Requested resource not found: Table: " + name + " not found");
  return Describe(*table);
}

Result<ListTablesResult> Engine::ListTables(const RequestContext& ctx,
                                            const ListTablesRequest& request) {
  std::vector<std::string> names = catalog_->List(ctx.ns);
  auto begin = names.begin();
  if (request.exclusive_start_table_name) {
    begin = std::upper_bound(names.begin(), names.end(), *request.exclusive_start_table_name);
  }
  ListTablesResult result;
  for (auto it = begin; it != names.end(); ++it) {
    if (static_cast<int>(result.table_names.size()) == request.limit) {
      result.last_evaluated_table_name = result.table_names.back();
      break;
    }
    result.table_names.push_back(*it);
  }
  return result;
}

Result<TableDescription> Engine::UpdateTable(const RequestContext& ctx,
                                             const UpdateTableRequest& request) {
  auto table = catalog_->Find(ctx.ns, request.table_name);
  if (!table) {
    return Status::NotFound("Requested resource not found: Table: " + request.table_name +
                            " not found");
  }
  const int64_t now_ms = clock_->NowMillis();
  MT_RETURN_IF_ERROR(catalog_->Update(ctx.ns, *table, [&](const TableDefinition& current) {
    return ApplyTableUpdate(current, request, now_ms);
  }));
  // The answer shows a deleted index DELETING and a new one CREATING, as DynamoDB's.
  TableDescription description = Describe(*table);
  MT_RETURN_IF_ERROR(ContinueIndexChanges(ctx.ns, table));
  return description;
}

Status Engine::ContinueIndexChanges(const std::string& ns, const std::shared_ptr<Table>& table) {
  auto definition = table->definition();
  bool deleting = false;
  for (const auto& index : definition->global_secondary_indexes) {
    deleting |= index.status == IndexStatus::kDeleting;
    if (index.backfilling) backfiller_->Start(ns, table, index.name);
  }
  if (!deleting) return Status::Ok();
  // The DELETING index is out of the published layout; once writes that still use the
  // previous layout are done, its family can go.
  locks_->Barrier();
  return catalog_->Update(ns, *table, [](const TableDefinition& current) -> Result<TableDefinition> {
    TableDefinition next = current;
    std::erase_if(next.global_secondary_indexes,
                  [](const auto& index) { return index.status == IndexStatus::kDeleting; });
    return next;
  });
}

Result<TableDescription> Engine::DeleteTable(const RequestContext& ctx, const std::string& name) {
  auto existing = catalog_->Find(ctx.ns, name);
  if (existing && existing->definition()->deletion_protection) {
    return Status::Validation("Resource cannot be deleted as it is currently protected against "
                              "deletion. Disable deletion protection first.");
  }
  auto table = catalog_->Drop(ctx.ns, name);
  if (!table.ok()) return table.status();
  TableDescription description = Describe(**table);
  description.definition.status = TableStatus::kDeleting;
  return description;
}

}  // namespace monotable
