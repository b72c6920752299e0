#include "engine/admission/table_throughput.h"

#include <rocksdb/db.h>
#include <rocksdb/write_batch.h>

#include <optional>

#include "engine/admission/contributor_insights.h"
#include "engine/base/log.h"
#include "engine/format/catalog_keys.h"
#include "engine/storage/rocks_status.h"

namespace monotable {

namespace {

throughput::CapacitySpec BaseCapacityOf(const TableDefinition& table,
                                        const SecondaryIndexDefinition* index) {
  if (table.billing_mode == BillingMode::kPayPerRequest) {
    const auto& on_demand = index ? index->on_demand_throughput : table.on_demand_throughput;
    if (!on_demand) return throughput::CapacitySpec::OnDemand();
    return throughput::CapacitySpec::OnDemand(on_demand->max_read_request_units,
                                              on_demand->max_write_request_units);
  }
  // A GSI of a provisioned table has its own throughput; one created before monotable
  // stored it falls back to the table's.
  const ProvisionedThroughput& p =
      index && index->throughput ? *index->throughput : table.throughput;
  return throughput::CapacitySpec::Provisioned(p.read_capacity_units, p.write_capacity_units);
}

// A catalog record, or nullopt when there is none.
Result<std::optional<std::string>> ReadCatalogRecord(Storage& storage, const std::string& key,
                                                     const char* what, const std::string& family) {
  std::string record;
  rocksdb::Status read = storage.db()->Get(storage.read_options(), storage.catalog(), key, &record);
  if (read.IsNotFound()) return std::optional<std::string>();
  if (!read.ok()) return FromRocks(read, std::string("reading the ") + what + " of " + family);
  return std::optional<std::string>(std::move(record));
}

}  // namespace

throughput::CapacitySpec CapacityOf(const TableDefinition& table,
                                    const SecondaryIndexDefinition* index) {
  throughput::CapacitySpec spec = BaseCapacityOf(table, index);
  const auto& warm = index ? index->warm_throughput : table.warm_throughput;
  if (warm) spec = spec.WithWarm(warm->read_units_per_second, warm->write_units_per_second);
  return spec;
}

Result<std::shared_ptr<throughput::Resource>> ThroughputRegistry::Make(
    const std::string& table_name, const std::string& index_name, const std::string& family,
    const throughput::CapacitySpec& capacity, bool split_by_sort_key) {
  throughput::ResourceConfig config;
  config.table_name = table_name;
  config.index_name = index_name;
  config.capacity = capacity;
  config.mode = mode_;
  config.heat = heat_;
  config.heat.split_by_sort_key = heat_.split_by_sort_key && split_by_sort_key;
  const std::string record_key = catalog_keys::PartitionMapKey(family);
  const std::string log_key = catalog_keys::SplitLogKey(family);
  MT_ASSIGN_OR_RETURN(map_record, ReadCatalogRecord(storage_, record_key, "partition map", family));
  if (map_record) {
    auto map = throughput::PartitionMap::Decode(*map_record);
    if (!map.ok()) return Status::Internal("corrupt partition map of " + family);
    config.partitions = std::move(*map);
  }
  // The split history is only shown, never used to admit: a damaged one is dropped.
  MT_ASSIGN_OR_RETURN(log_record, ReadCatalogRecord(storage_, log_key, "split log", family));
  if (log_record) {
    auto log = throughput::SplitLog::Decode(*log_record);
    if (log.ok()) config.split_log = std::move(*log);
  }
  MT_ASSIGN_OR_RETURN(resource, throughput::Resource::Create(std::move(config), clock_));
  MT_ASSIGN_OR_RETURN(insights, ReadInsightsSetting(storage_, family));
  resource->insights().SetMode(insights.mode);
  // Splits are rare (capacity growth, size, heat): one small catalog write each. A failed
  // write loses only the split, which the next start-up recomputes from capacity.
  Storage* storage = &storage_;
  resource->set_layout_listener(
      [storage, family, record_key, log_key](const throughput::Resource& changed,
                                             const throughput::PartitionMap& map) {
        rocksdb::WriteBatch batch;
        batch.Put(storage->catalog(), record_key, map.Encode());
        batch.Put(storage->catalog(), log_key, changed.split_log().Encode());
        Status written = storage->Write(&batch);
        if (!written.ok()) {
          log::Warn("the partition map of " + family +
                    " was not saved (a restart recomputes it from capacity): " + written.message());
        }
      });
  return resource;
}

Status ThroughputRegistry::Sync(Table& table) {
  if (mode_ == throughput::Mode::kOff) return Status::Ok();
  std::lock_guard lock(mutex_);
  const auto layout = table.layout();
  const TableDefinition& definition = *layout->definition;
  const auto previous = table.throughput();
  auto next = std::make_shared<TableThroughput>();
  next->billing = definition.billing_mode;
  // Reuses `existing` with the new capacity, or makes a new resource. A capacity the
  // model refuses (none is refused for a table DynamoDB accepts) leaves it unmodelled.
  auto resource_for = [&](std::shared_ptr<throughput::Resource> existing,
                          const std::string& index_name, const std::string& family,
                          const throughput::CapacitySpec& capacity,
                          bool split_by_sort_key) -> Result<std::shared_ptr<throughput::Resource>> {
    if (!capacity.Validate().ok()) return std::shared_ptr<throughput::Resource>();
    if (existing) {
      MT_RETURN_IF_ERROR(existing->UpdateCapacity(capacity));
      return existing;
    }
    return Make(definition.name, index_name, family, capacity, split_by_sort_key);
  };
  // An LSI keeps each item collection in one partition (its 10 GB item collection
  // limit), so a table with one never splits by sort key; a table or GSI without a sort
  // key has nothing to split by.
  const bool table_sort_splits =
      definition.range_key() != nullptr && definition.local_secondary_indexes.empty();
  MT_ASSIGN_OR_RETURN(
      table_resource,
      resource_for(previous ? previous->table : nullptr, "", definition.column_family,
                   CapacityOf(definition, nullptr), table_sort_splits));
  next->table = table_resource;
  for (const auto& index : definition.global_secondary_indexes) {
    std::shared_ptr<throughput::Resource> existing;
    if (previous) {
      for (const auto& old : previous->global_indexes) {
        if (old.family == index.column_family) existing = old.resource;
      }
    }
    MT_ASSIGN_OR_RETURN(resource,
                        resource_for(existing, index.name, index.column_family,
                                     CapacityOf(definition, &index), index.range_key() != nullptr));
    if (resource) next->global_indexes.push_back({index.name, index.column_family, resource});
  }
  table.set_throughput(std::move(next));
  return Status::Ok();
}

}  // namespace monotable
