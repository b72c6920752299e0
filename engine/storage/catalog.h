#pragma once
// Catalog: the tables of every namespace, persisted in the `catalog` column family.
// A namespace separates tables per access key id and region (or is shared by all
// with --shared-db); the engine receives it with each request.
// Thread-safe: a mutex guards the registry; Table definitions are copy-on-write.

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <vector>

#include "engine/base/clock.h"
#include "engine/base/pinned.h"
#include "engine/base/status.h"
#include "engine/format/stats_record.h"
#include "engine/schema/table_schema.h"
#include "engine/storage/storage.h"

namespace monotable {

// The throughput model's resources of one table and its GSIs (engine/admission). Storage
// only carries them beside the table, so that a request finds them with the table it
// looked up (no registry lookup, no global lock) and DeleteTable drops them with it.
class TableThroughput;
// The table's enabled DynamoDB stream (engine/streams), carried the same way.
namespace streams {
class Stream;
}
// The table's change history while point-in-time recovery is on (engine/history).
namespace history {
class ChangeHistory;
}

// A secondary index that holds entries, with its column family.
struct LiveIndex {
  const SecondaryIndexDefinition* definition;  // points into TableLayout::definition
  bool global;
  ColumnFamilyRef family;
  // Key of the index's statistics record in the catalog column family.
  std::string stats_key;
};

// A table's definition together with the column families of its indexes, swapped as
// one so that a reader never sees an index without its family. Immutable.
struct TableLayout {
  std::shared_ptr<const TableDefinition> definition;
  // Every CREATING or ACTIVE index (DELETING ones are no longer written or read).
  std::vector<LiveIndex> indexes;
  // Families of DELETING indexes, by family name, until they are dropped.
  std::map<std::string, ColumnFamilyRef> retiring;

  const LiveIndex* Find(std::string_view index_name) const {
    for (const auto& index : indexes) {
      if (index.definition->name == index_name) return &index;
    }
    return nullptr;
  }
  // The family of a live or retiring index by family name; null if none.
  ColumnFamilyRef FamilyNamed(const std::string& family_name) const {
    for (const auto& index : indexes) {
      if (index.definition->column_family == family_name) return index.family;
    }
    auto it = retiring.find(family_name);
    return it == retiring.end() ? nullptr : it->second;
  }
};

// Key of the size record of an item collection (the items of one partition key of a
// table with LSIs, with their LSI entries) in the catalog column family.
std::string ItemCollectionKey(const TableDefinition& table, const AttributeValue& partition_key);

// A live table: its current definition, its column family and its statistics.
class Table {
 public:
  Table(std::shared_ptr<const TableLayout> layout, ColumnFamilyRef family, StatsDelta stats);

  // A snapshot of the definition and index families; UpdateTable swaps in a new one
  // atomically.
  // A Pinned, not a shared_ptr: it must be held in a local to be read (engine/base/pinned.h).
  Pinned<TableLayout> layout() const;
  Pinned<TableDefinition> definition() const {
    auto pinned = layout();
    return pinned->definition;
  }
  void set_layout(std::shared_ptr<const TableLayout> layout);

  // Null while throughput accounting is off (or before the engine attached them).
  std::shared_ptr<const TableThroughput> throughput() const;
  void set_throughput(std::shared_ptr<const TableThroughput> throughput);

  // Null while the table has no enabled stream.
  std::shared_ptr<streams::Stream> stream() const;
  void set_stream(std::shared_ptr<streams::Stream> stream);

  // Null while point-in-time recovery is off.
  std::shared_ptr<history::ChangeHistory> history() const;
  void set_history(std::shared_ptr<history::ChangeHistory> history);

  rocksdb::ColumnFamilyHandle* family() const { return family_; }
  const ColumnFamilyRef& family_ref() const { return family_ref_; }
  // Key of this table's statistics record in the catalog column family.
  const std::string& stats_key() const { return stats_key_; }
  // The table's name, fixed for the Table's life (a table created again under the name is
  // another Table).
  const std::string& name() const { return name_; }

  void AddStats(const StatsDelta& delta) {
    item_count_ += delta.items;
    size_bytes_ += delta.bytes;
  }
  int64_t item_count() const { return item_count_.load(std::memory_order_relaxed); }
  int64_t size_bytes() const { return size_bytes_.load(std::memory_order_relaxed); }

 private:
  mutable std::mutex mutex_;
  std::shared_ptr<const TableLayout> layout_;
  std::shared_ptr<const TableThroughput> throughput_;  // guarded by mutex_
  std::shared_ptr<streams::Stream> stream_;            // guarded by mutex_
  std::shared_ptr<history::ChangeHistory> history_;    // guarded by mutex_
  ColumnFamilyRef family_ref_;
  rocksdb::ColumnFamilyHandle* family_;
  std::string stats_key_;
  std::string name_;
  std::atomic<int64_t> item_count_;
  std::atomic<int64_t> size_bytes_;
};

class Catalog {
 public:
  Catalog(Storage* storage, const Clock* clock) : storage_(storage), clock_(clock) {}
  const Clock& clock() const { return *clock_; }

  // Reads every persisted table and attaches its column family; drops column
  // families that no table owns (left by a crash during DeleteTable), and expiry
  // entries of tables that no longer exist (a write that raced DeleteTable).
  // Errors: kInternal on I/O failure or a corrupt record.
  Status Load();

  // Null when the namespace has no table of that name.
  std::shared_ptr<Table> Find(std::string_view ns, std::string_view name) const;

  // Grows with every change of any table (created, updated, dropped), after the change
  // is visible to Find: a caller that saw a definition at one generation and sees the
  // same generation later knows the definition is still the table's. Lock-free.
  uint64_t generation() const { return generation_.load(std::memory_order_acquire); }

  // Registers and persists a new table; fills table_id, creation time and column
  // family. Errors: kResourceInUse "Table already exists: <name>", kInternal.
  Result<std::shared_ptr<Table>> Create(const std::string& ns, TableDefinition definition);

  // Changes the definition of an existing table: `change` computes the next definition
  // from the current one under the catalog lock (so concurrent changes do not lose
  // each other). Indexes without a column family get a new one; families of indexes
  // that left the definition are dropped once the new layout is published, so callers
  // must first have marked such an index DELETING and let in-flight writes finish.
  // Errors: whatever `change` returns; kInternal.
  using DefinitionChange = std::function<Result<TableDefinition>(const TableDefinition&)>;
  Status Update(const std::string& ns, Table& table, const DefinitionChange& change);

  // The persisted statistics of one index. Errors: kInternal.
  Result<ItemStatistics> IndexStatistics(const LiveIndex& index) const;

  // Unregisters the table and drops its data. Errors: kResourceNotFound, kInternal.
  Result<std::shared_ptr<Table>> Drop(const std::string& ns, const std::string& name);

  // Every table of every namespace, with its namespace.
  std::vector<std::pair<std::string, std::shared_ptr<Table>>> All() const;

  // Table names of a namespace in ascending byte order.
  std::vector<std::string> List(const std::string& ns) const;

 private:
  static std::string TableRecordKey(const std::string& ns, const std::string& name);
  // Errors: kInternal.
  Status DropOrphanExpiryEntries();
  // Gives every index of `definition` that has none a new column family (created now);
  // returns the families created, by name. Errors: kInternal.
  Result<std::map<std::string, ColumnFamilyRef>> CreateIndexFamilies(TableDefinition& definition);
  // The layout of `definition`, finding index families among `created`, `previous`
  // (the table's current layout, may be null) or those opened at start-up.
  std::shared_ptr<const TableLayout> BuildLayout(
      std::shared_ptr<const TableDefinition> definition,
      const std::map<std::string, ColumnFamilyRef>& created, const TableLayout* previous) const;

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
  std::atomic<uint64_t> generation_{0};
  void Changed() { generation_.fetch_add(1, std::memory_order_release); }
};

// The tables one request may name: those of its namespace. Thread-safe; holds the
// catalog by reference (the catalog outlives every request).
class TableLookup {
 public:
  TableLookup(const Catalog& catalog, const std::string& ns) : catalog_(catalog), ns_(ns) {}
  // Errors: kResourceNotFound "Requested resource not found", for a table that does
  // not exist or is CREATING (being restored, or shown CREATING by a transient-status
  // delay: schema/transient_status.h).
  Result<std::shared_ptr<Table>> Find(const std::string& name) const;

 private:
  const Catalog& catalog_;
  const std::string& ns_;
};

}  // namespace monotable
