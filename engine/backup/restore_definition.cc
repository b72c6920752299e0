#include "engine/backup/restore_definition.h"

#include <set>

#include "engine/schema/table_rules.h"

namespace monotable::backup {
namespace {

// An index as CreateTable would receive it: no state of the source's index.
SecondaryIndexDefinition AsRequested(SecondaryIndexDefinition index, BillingMode mode,
                                     const ProvisionedThroughput& table_throughput) {
  index.status = IndexStatus::kActive;
  index.backfilling = false;
  index.column_family.clear();
  if (mode == BillingMode::kPayPerRequest) {
    index.throughput.reset();
  } else {
    // An on-demand source's GSIs get the restored table's throughput.
    if (!index.throughput) index.throughput = table_throughput;
    index.on_demand_throughput.reset();
    index.throughput->number_of_decreases_today = 0;
  }
  return index;
}

}  // namespace

Result<TableDefinition> RestoredDefinition(const TableDefinition& source,
                                           const std::string& target_table_name,
                                           const RestoreOverrides& overrides, int64_t now_ms) {
  CreateTableRequest request;
  request.table_name = target_table_name;
  request.key_schema = source.key_schema;
  const BillingMode mode = overrides.billing_mode.value_or(source.billing_mode);
  request.billing_mode = mode;
  ProvisionedThroughput throughput = overrides.throughput.value_or(source.throughput);
  throughput.number_of_decreases_today = 0;
  throughput.last_increase_ms = throughput.last_decrease_ms = 0;
  if (mode == BillingMode::kProvisioned) {
    if (throughput.read_capacity_units <= 0 || throughput.write_capacity_units <= 0) {
      return Status::Validation(
          "ProvisionedThroughputOverride must be specified when BillingModeOverride is "
          "PROVISIONED and the source table is PAY_PER_REQUEST");
    }
    request.throughput = throughput;
  } else {
    if (overrides.throughput) {
      return Status::Validation(
          "ProvisionedThroughputOverride cannot be specified when BillingMode is "
          "PAY_PER_REQUEST");
    }
    request.on_demand_throughput = overrides.on_demand_throughput ? overrides.on_demand_throughput
                                                                  : source.on_demand_throughput;
  }
  const auto& gsis = overrides.global_secondary_indexes.value_or(source.global_secondary_indexes);
  const auto& lsis = overrides.local_secondary_indexes.value_or(source.local_secondary_indexes);
  for (const auto& index : gsis) {
    request.global_secondary_indexes.push_back(AsRequested(index, mode, throughput));
  }
  for (const auto& index : lsis) {
    SecondaryIndexDefinition lsi = AsRequested(index, mode, throughput);
    lsi.throughput.reset();
    lsi.on_demand_throughput.reset();
    request.local_secondary_indexes.push_back(std::move(lsi));
  }
  // Only the attributes the restored keys use: CreateTable refuses unused definitions,
  // and an index override may drop the only index that used one.
  std::set<std::string> used;
  for (const auto& k : request.key_schema) used.insert(k.name);
  for (const auto* list : {&request.global_secondary_indexes, &request.local_secondary_indexes}) {
    for (const auto& index : *list) {
      for (const auto& k : index.key_schema) used.insert(k.name);
    }
  }
  for (const auto& d : source.attribute_definitions) {
    if (used.count(d.name)) request.attribute_definitions.push_back(d);
  }
  return BuildTableDefinition(request, now_ms);
}

}  // namespace monotable::backup
