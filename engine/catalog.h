#pragma once
// Catalog: the tables of every namespace, persisted in the `catalog` column family.
// A namespace separates tables per access key id and region (or is shared by all
// with --shared-db); the engine receives it with each request.
// Thread-safe: a mutex guards the registry; Table definitions are copy-on-write.

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <vector>

#include "engine/clock.h"
#include "engine/stats_merge.h"
#include "engine/status.h"
#include "engine/storage.h"
#include "engine/table_schema.h"

namespace monotable {

// A live table: its current definition, its column family and its statistics.
class Table {
 public:
  Table(std::shared_ptr<const TableDefinition> definition, ColumnFamilyRef family,
        StatsDelta stats);

  // A snapshot of the definition; UpdateTable swaps in a new one atomically.
  std::shared_ptr<const TableDefinition> definition() const;
  void set_definition(std::shared_ptr<const TableDefinition> definition);

  rocksdb::ColumnFamilyHandle* family() const { return family_; }
  const ColumnFamilyRef& family_ref() const { return family_ref_; }
  // Key of this table's statistics record in the catalog column family.
  const std::string& stats_key() const { return stats_key_; }

  void AddStats(const StatsDelta& delta) {
    item_count_ += delta.items;
    size_bytes_ += delta.bytes;
  }
  int64_t item_count() const { return item_count_.load(std::memory_order_relaxed); }
  int64_t size_bytes() const { return size_bytes_.load(std::memory_order_relaxed); }

 private:
  mutable std::mutex mutex_;
  std::shared_ptr<const TableDefinition> definition_;
  ColumnFamilyRef family_ref_;
  rocksdb::ColumnFamilyHandle* family_;
  std::string stats_key_;
  std::atomic<int64_t> item_count_;
  std::atomic<int64_t> size_bytes_;
};

class Catalog {
 public:
  Catalog(Storage* storage, const Clock* clock) : storage_(storage), clock_(clock) {}

  // Reads every persisted table and attaches its column family; drops column
  // families that no table owns (left by a crash during DeleteTable).
  // Errors: kInternal on I/O failure or a corrupt record.
  Status Load();

  // Null when the namespace has no table of that name.
  std::shared_ptr<Table> Find(std::string_view ns, std::string_view name) const;

  // Registers and persists a new table; fills table_id, creation time and column
  // family. Errors: kResourceInUse "Table already exists: <name>", kInternal.
  Result<std::shared_ptr<Table>> Create(const std::string& ns, TableDefinition definition);

  // Persists a changed definition of an existing table. Errors: kInternal.
  Status Update(const std::string& ns, Table& table, TableDefinition definition);

  // Unregisters the table and drops its data. Errors: kResourceNotFound, kInternal.
  Result<std::shared_ptr<Table>> Drop(const std::string& ns, const std::string& name);

  // Table names of a namespace in ascending byte order.
  std::vector<std::string> List(const std::string& ns) const;

 private:
  static std::string TableRecordKey(const std::string& ns, const std::string& name);

  Storage* storage_;
  const Clock* clock_;
  // Readers (every item request) share the lock; table creation and deletion take it
  // exclusively.
  mutable std::shared_mutex mutex_;
  // namespace -> table name -> table; transparent comparators let lookups use
  // string_views without building keys.
  using Tables = std::map<std::string, std::shared_ptr<Table>, std::less<>>;
  std::map<std::string, Tables, std::less<>> namespaces_;
  uint64_t next_family_ = 0;
};

}  // namespace monotable
