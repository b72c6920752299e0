#pragma once
// The engine side of the throughput model: one throughput::Resource per table and per
// GSI, made from the table's definition and attached to its Table (storage/catalog.h),
// so that every request finds them with the table it looked up. LSIs share their
// table's capacity, as in DynamoDB, and have no resource of their own.
//
// Partition maps are persisted in the catalog column family (catalog_keys.h's 'p'
// record, keyed by the table's or index's column family) whenever a resource splits,
// and restored when the registry first attaches a table after start-up.
//
// This lives apart from engine/throughput so that the model stays free of storage and
// RocksDB: the model decides, this folder knows where tables and records are.
//
// Thread-safety: TableThroughput is immutable once attached (its resources are
// thread-safe); UpdateTable attaches a new one that keeps the existing resources, so
// buckets and partitions carry over. ThroughputRegistry::Sync is thread-safe (control
// plane: a mutex serialises attachments).
// Errors: Sync returns kInternal for an unreadable or corrupt partition-map record.

#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/clock.h"
#include "engine/base/status.h"
#include "engine/schema/table_schema.h"
#include "engine/storage/catalog.h"
#include "engine/storage/storage.h"
#include "engine/throughput/resource.h"

namespace monotable {

class TableThroughput {
 public:
  struct Index {
    std::string name;
    std::string family;  // a GSI deleted and created again under its name is a new one
    std::shared_ptr<throughput::Resource> resource;
  };

  // Null when the table's capacity could not be modelled (never for a valid table).
  std::shared_ptr<throughput::Resource> table;
  std::vector<Index> global_indexes;
  BillingMode billing = BillingMode::kPayPerRequest;

  // The resource of GSI `name`; null for an LSI or an index without one.
  throughput::Resource* FindIndex(std::string_view name) const {
    for (const auto& index : global_indexes) {
      if (index.name == name) return index.resource.get();
    }
    return nullptr;
  }
};

// What CreateTable / UpdateTable gave a table or one of its GSIs, as the model wants it.
throughput::CapacitySpec CapacityOf(const TableDefinition& table,
                                    const SecondaryIndexDefinition* index);

class ThroughputRegistry {
 public:
  // `storage` and `clock` must outlive the registry and every table it attached.
  // `heat`: when partitions split for heat; with `heat.split_by_sort_key`, hot item
  // collections may split by sort key on tables with a sort key and no LSI, and on
  // GSIs with one (the policy of each resource says which).
  ThroughputRegistry(Storage& storage, const Clock& clock, throughput::Mode mode,
                     throughput::HeatPolicy heat = {throughput::limits::kHeatSplitLoadFraction,
                                                    throughput::limits::kHeatSplitSeconds})
      : storage_(storage), clock_(clock), mode_(mode), heat_(heat) {}

  throughput::Mode mode() const { return mode_; }

  // Attaches to `table` the resources of its current definition: resources it already
  // has keep their state and take the new capacity; new ones (a new table, a new GSI,
  // the first attach after start-up) start from their persisted partition map, if any.
  // Does nothing in mode off. Errors: kInternal.
  Status Sync(Table& table);

 private:
  Result<std::shared_ptr<throughput::Resource>> Make(const std::string& table_name,
                                                     const std::string& index_name,
                                                     const std::string& family,
                                                     const throughput::CapacitySpec& capacity,
                                                     bool split_by_sort_key);

  Storage& storage_;
  const Clock& clock_;
  const throughput::Mode mode_;
  const throughput::HeatPolicy heat_;
  std::mutex mutex_;  // one Sync at a time: UpdateTables of one table must not interleave
};

}  // namespace monotable
