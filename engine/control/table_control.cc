#include "engine/control/table_control.h"

#include <algorithm>
#include <iterator>

#include "engine/base/not_found.h"
#include "engine/schema/table_rules.h"
#include "engine/schema/tag_rules.h"

namespace monotable {
namespace {

// A table being restored is CREATING until its items are loaded: DynamoDB refuses to
// change or delete a table in that state (dynalite's deleteTable tests against
// DynamoDB; the same text from UpdateTable in terraform-aws-modules/
// terraform-aws-dynamodb-table#51).
Status RefuseWhileCreating(const TableDefinition& table, int64_t now_ms) {
  if (table.status != TableStatus::kCreating && !ShownCreating(table, now_ms)) return Status::Ok();
  return Status(
      ErrorCode::kResourceInUse,
      "Attempt to change a resource which is still in use: Table is being created: " + table.name);
}

// "While it's UPDATING, you can't issue another UpdateTable request" (API Reference,
// UpdateTable), nor delete it ("If a table is in CREATING or UPDATING states, then
// DynamoDB returns a ResourceInUseException", DeleteTable). The text is DynamoDB's
// (sebdah/dynamic-dynamodb#36, a second throughput change while UPDATING). A GSI's
// backfill alone does not count: "After the index begins backfilling, you can use
// UpdateTable to perform other operations".
Status RefuseWhileUpdating(const std::string& name) {
  return Status(
      ErrorCode::kResourceInUse,
      "Attempt to change a resource which is still in use: Table is being updated: " + name);
}

// A table still DELETING takes no new table of its name (the text is modelled on the
// CREATING one above).
Status RefuseWhileDeleting(const std::string& name) {
  return Status(
      ErrorCode::kResourceInUse,
      "Attempt to change a resource which is still in use: Table is being deleted: " + name);
}

}  // namespace

TableDescription TableControl::Describe(const std::string& ns, const Table& table) {
  auto layout = table.layout();
  TableDescription description;
  description.definition = *layout->definition;
  if (delays_.any()) {
    const int64_t now_ms = clock_.NowMillis();
    ShowTransientStatuses(description.definition, now_ms);
    deleting_.ShowDeletingIndexes(ns, description.definition, now_ms);
  }
  description.item_count = std::max<int64_t>(0, table.item_count());
  description.size_bytes = std::max<int64_t>(0, table.size_bytes());
  for (const auto& index : layout->indexes) {
    // Statistics are advisory (DynamoDB refreshes them every few hours): a failed read
    // shows zeros rather than failing DescribeTable.
    auto stats = catalog_.IndexStatistics(index);
    description.index_statistics[index.definition->name] = stats.ok() ? *stats : ItemStatistics{};
  }
  return description;
}

Result<TableDescription> TableControl::CreateTable(const std::string& ns,
                                                   const CreateTableRequest& request) {
  const int64_t now_ms = clock_.NowMillis();
  auto definition = BuildTableDefinition(request, now_ms);
  if (!definition.ok()) return definition.status();
  MT_ASSIGN_OR_RETURN(tags, CheckTags(request.tags));
  definition->tags = std::move(tags);
  if (request.resource_policy) {
    definition->resource_policy = ResourcePolicy{*request.resource_policy, std::to_string(now_ms)};
  }
  if (definition->stream_view_type) {
    definition->latest_stream_id = streams_.NewStreamId();
    definition->latest_stream_ms = now_ms;
  }
  if (delays_.any()) {
    if (deleting_.Table(ns, definition->name, now_ms)) return RefuseWhileDeleting(definition->name);
    StartTransientStatuses(*definition, nullptr, delays_, now_ms);
  }
  auto table = catalog_.Create(ns, std::move(*definition));
  if (!table.ok()) return table.status();
  return Describe(ns, **table);
}

Result<TableDescription> TableControl::DescribeTable(const std::string& ns,
                                                     const std::string& name) {
  auto table = catalog_.Find(ns, name);
  if (!table && delays_.any()) {
    if (auto deleting = deleting_.Table(ns, name, clock_.NowMillis())) return *deleting;
  }
  if (!table) return TableNotFound(name);
  return Describe(ns, *table);
}

Result<TableDefinition> TableControl::Definition(const std::string& ns, const std::string& name) {
  auto table = catalog_.Find(ns, name);
  if (!table) return ResourceNotFound();
  auto layout = table->layout();
  return *layout->definition;
}

std::shared_ptr<const TableDefinition> TableControl::SharedDefinition(std::string_view ns,
                                                                      std::string_view name) {
  auto table = catalog_.Find(ns, name);
  if (!table) return nullptr;
  return table->definition();
}

bool TableControl::ShownUpdating(const std::string& ns, const TableDefinition& table,
                                 int64_t now_ms) {
  if (!delays_.any()) return false;
  return now_ms < table.updating_until_ms || deleting_.HasDeletingIndexes(ns, table.name, now_ms);
}

Result<ListTablesResult> TableControl::ListTables(const std::string& ns,
                                                  const ListTablesRequest& request) {
  std::vector<std::string> names = catalog_.List(ns);
  if (delays_.delete_table_ms > 0) {
    // A deleted table is listed while it is DELETING, as DynamoDB lists a table until
    // its deletion completes (dynalite, which follows DynamoDB, lists it too). Its name
    // is taken by no live table meanwhile (CreateTable refuses it).
    std::vector<std::string> deleting = deleting_.TableNames(ns, clock_.NowMillis());
    if (!deleting.empty()) {
      std::vector<std::string> all;
      all.reserve(names.size() + deleting.size());
      std::set_union(names.begin(), names.end(), deleting.begin(), deleting.end(),
                     std::back_inserter(all));
      names = std::move(all);
    }
  }
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

Result<TableDescription> TableControl::UpdateTable(const std::string& ns,
                                                   const UpdateTableRequest& request) {
  auto table = catalog_.Find(ns, request.table_name);
  if (!table) return TableNotFound(request.table_name);
  const int64_t now_ms = clock_.NowMillis();
  const auto before = table->definition();
  MT_RETURN_IF_ERROR(RefuseWhileCreating(*before, now_ms));
  if (ShownUpdating(ns, *before, now_ms)) return RefuseWhileUpdating(table->name());
  MT_RETURN_IF_ERROR(
      catalog_.Update(ns, *table, [&](const TableDefinition& current) -> Result<TableDefinition> {
        MT_ASSIGN_OR_RETURN(next, ApplyTableUpdate(current, request, now_ms));
        if (delays_.any()) StartTransientStatuses(next, &current, delays_, now_ms);
        if (next.stream_view_type && !current.stream_view_type) {
          // A new stream: a new id, and a label (its creation time) after the last one's.
          next.latest_stream_id = streams_.NewStreamId();
          next.latest_stream_ms = std::max(now_ms, current.latest_stream_ms + 1);
        }
        return std::move(next);
      }));
  // The answer shows a deleted index DELETING and a new one CREATING, as DynamoDB's.
  TableDescription description = Describe(ns, *table);
  if (delays_.delete_index_ms > 0) KeepDeletingIndexes(ns, *table, now_ms);
  MT_RETURN_IF_ERROR(ContinueIndexChanges(ns, table));
  return description;
}

void TableControl::KeepDeletingIndexes(const std::string& ns, const Table& table, int64_t now_ms) {
  auto definition = table.definition();
  std::vector<SecondaryIndexDefinition> deleting;
  for (const auto& index : definition->global_secondary_indexes) {
    if (index.status == IndexStatus::kDeleting) deleting.push_back(index);
  }
  if (deleting.empty()) return;
  deleting_.IndexesDeleted(ns, definition->name, std::move(deleting),
                           now_ms + delays_.delete_index_ms);
}

Status TableControl::ContinueIndexChanges(const std::string& ns,
                                          const std::shared_ptr<Table>& table) {
  auto definition = table->definition();
  bool deleting = false;
  for (const auto& index : definition->global_secondary_indexes) {
    deleting |= index.status == IndexStatus::kDeleting;
    if (index.backfilling) backfiller_.Start(ns, table, index.name);
  }
  if (!deleting) return Status::Ok();
  // The DELETING index is out of the published layout; once writes that still use the
  // previous layout are done, its family can go.
  locks_.Barrier();
  return catalog_.Update(ns, *table, [](const TableDefinition& current) -> Result<TableDefinition> {
    TableDefinition next = current;
    std::erase_if(next.global_secondary_indexes,
                  [](const auto& index) { return index.status == IndexStatus::kDeleting; });
    return next;
  });
}

Result<TableDescription> TableControl::DeleteTable(const std::string& ns, const std::string& name,
                                                   const BeforeDrop& before_drop) {
  const int64_t now_ms = clock_.NowMillis();
  auto existing = catalog_.Find(ns, name);
  if (!existing && delays_.any()) {
    // "If table is already in the DELETING state, no error is returned" (API Reference).
    if (auto deleting = deleting_.Table(ns, name, now_ms)) return *deleting;
  }
  const auto before = existing ? existing->definition() : Pinned<TableDefinition>();
  if (existing) MT_RETURN_IF_ERROR(RefuseWhileCreating(*before, now_ms));
  if (existing && ShownUpdating(ns, *before, now_ms)) return RefuseWhileUpdating(name);
  if (existing && before->deletion_protection) {
    return Status::Validation(
        "Resource cannot be deleted as it is currently protected against "
        "deletion. Disable deletion protection first.");
  }
  if (existing && before_drop) MT_RETURN_IF_ERROR(before_drop(*existing));
  auto table = catalog_.Drop(ns, name);
  if (!table.ok()) return table.status();
  MT_RETURN_IF_ERROR(streams_.TableDropped(**table));
  TableDescription description = Describe(ns, **table);
  description.definition.status = TableStatus::kDeleting;
  if (delays_.delete_table_ms > 0) {
    deleting_.TableDeleted(ns, description, now_ms + delays_.delete_table_ms);
  }
  return description;
}

}  // namespace monotable
