#include "engine/schema/index_update_rules.h"

#include <algorithm>

#include "engine/base/limits.h"
#include "engine/schema/definition_rules.h"

namespace monotable {
namespace {

using Action = UpdateTableRequest::IndexUpdate::Action;

Status OnlineIndexLimit() {
  return Status(ErrorCode::kLimitExceeded,
                "Subscriber limit exceeded: Only 1 online index can be created or deleted "
                "simultaneously per table");
}

Result<SecondaryIndexDefinition*> ExistingGlobalIndex(TableDefinition& table,
                                                      const std::string& name) {
  for (auto& index : table.global_secondary_indexes) {
    if (index.name == name && index.status != IndexStatus::kDeleting) return &index;
  }
  return Status::NotFound("Requested resource not found: Index: " + name + " not found");
}

Status CreateIndex(const UpdateTableRequest& request, const SecondaryIndexDefinition& wanted,
                   TableDefinition& table) {
  if (table.FindIndex(wanted.name) != nullptr) {
    return Status::Validation("Attempting to create an index which already exists");
  }
  MT_RETURN_IF_ERROR(CheckKeySchema(wanted.key_schema));
  // The new keys must be defined by the request itself, even when the table already
  // defines them.
  MT_RETURN_IF_ERROR(CheckKeysDefined(wanted.key_schema, request.attribute_definitions));
  MT_RETURN_IF_ERROR(CheckGlobalIndexThroughput(table.billing_mode, wanted));
  MT_RETURN_IF_ERROR(
      CheckOnDemandThroughput(table.billing_mode, wanted.on_demand_throughput, wanted.name));
  if (table.global_secondary_indexes.size() >= limits::kMaxGlobalSecondaryIndexes) {
    return {ErrorCode::kLimitExceeded,
            "Subscriber limit exceeded: The number of global secondary indexes exceeds the "
            "limit of " +
                std::to_string(limits::kMaxGlobalSecondaryIndexes)};
  }
  for (const auto& d : request.attribute_definitions) {
    if (table.AttributeTypeOf(d.name) == AttributeType::kNull) {
      table.attribute_definitions.push_back(d);
    }
  }
  SecondaryIndexDefinition index = wanted;
  index.on_demand_throughput.reset();
  MergeOnDemandThroughput(index.on_demand_throughput, wanted.on_demand_throughput);
  index.status = IndexStatus::kCreating;
  index.backfilling = true;
  index.column_family.clear();
  table.global_secondary_indexes.push_back(std::move(index));
  return Status::Ok();
}

}  // namespace

Status ApplyIndexUpdates(const UpdateTableRequest& request, int64_t now_ms, TableDefinition& next) {
  const auto online = std::count_if(request.index_updates.begin(), request.index_updates.end(),
                                    [](const auto& u) { return u.action != Action::kUpdate; });
  if (request.index_updates.empty()) return Status::Ok();
  if (online > 1) return OnlineIndexLimit();
  const bool in_progress =
      std::any_of(next.global_secondary_indexes.begin(), next.global_secondary_indexes.end(),
                  [](const auto& index) { return index.status != IndexStatus::kActive; });
  if (online > 0 && in_progress) return OnlineIndexLimit();
  for (const auto& update : request.index_updates) {
    switch (update.action) {
      case Action::kCreate: MT_RETURN_IF_ERROR(CreateIndex(request, update.index, next)); break;
      case Action::kDelete: {
        MT_ASSIGN_OR_RETURN(index, ExistingGlobalIndex(next, update.index.name));
        index->status = IndexStatus::kDeleting;
        index->backfilling = false;
        break;
      }
      case Action::kUpdate: {
        MT_ASSIGN_OR_RETURN(index, ExistingGlobalIndex(next, update.index.name));
        // An update of the warm throughput alone carries no capacity to check.
        if (update.index.throughput || !update.index.warm_throughput) {
          MT_RETURN_IF_ERROR(CheckGlobalIndexThroughput(next.billing_mode, update.index));
        }
        MT_RETURN_IF_ERROR(CheckOnDemandThroughput(
            next.billing_mode, update.index.on_demand_throughput, update.index.name));
        MergeOnDemandThroughput(index->on_demand_throughput, update.index.on_demand_throughput);
        MergeWarmThroughput(index->warm_throughput, update.index.warm_throughput);
        if (update.index.throughput) {
          ProvisionedThroughput& t =
              index->throughput.emplace(index->throughput.value_or(ProvisionedThroughput{}));
          MT_RETURN_IF_ERROR(ApplyThroughputChange(t, *update.index.throughput, true, now_ms));
        }
        break;
      }
    }
  }
  return Status::Ok();
}

}  // namespace monotable
