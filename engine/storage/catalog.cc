#include "engine/storage/catalog.h"

#include <rocksdb/write_batch.h>

#include <algorithm>
#include <random>
#include <set>

#include "engine/base/ignore_error.h"
#include "engine/base/not_found.h"
#include "engine/format/catalog_keys.h"
#include "engine/format/expiry_keys.h"
#include "engine/format/key_codec.h"
#include "engine/schema/transient_status.h"
#include "engine/storage/catalog_codec.h"
#include "engine/storage/rocks_status.h"

namespace monotable {
namespace {

// The column families a table owns: its own and its indexes'.
std::vector<std::string> OwnedFamilies(const TableDefinition& definition) {
  std::vector<std::string> names{definition.column_family};
  for (const auto* list :
       {&definition.global_secondary_indexes, &definition.local_secondary_indexes}) {
    for (const auto& index : *list) {
      if (!index.column_family.empty()) names.push_back(index.column_family);
    }
  }
  return names;
}

std::string NewUuid() {
  std::random_device rd;
  std::mt19937_64 gen((static_cast<uint64_t>(rd()) << 32) ^ rd());
  uint64_t hi = gen(), lo = gen();
  hi = (hi & 0xFFFFFFFFFFFF0FFFULL) | 0x0000000000004000ULL;  // version 4
  lo = (lo & 0x3FFFFFFFFFFFFFFFULL) | 0x8000000000000000ULL;  // RFC 4122 variant
  char buf[37];
  snprintf(buf, sizeof(buf), "%08x-%04x-%04x-%04x-%012llx", static_cast<unsigned>(hi >> 32),
           static_cast<unsigned>((hi >> 16) & 0xFFFF), static_cast<unsigned>(hi & 0xFFFF),
           static_cast<unsigned>(lo >> 48),
           static_cast<unsigned long long>(lo & 0xFFFFFFFFFFFFULL));
  return buf;
}

}  // namespace

std::string ItemCollectionKey(const TableDefinition& table, const AttributeValue& partition_key) {
  return catalog_keys::ItemCollectionKey(table.column_family,
                                         key_codec::PartitionPrefix(partition_key));
}

Table::Table(std::shared_ptr<const TableLayout> layout, ColumnFamilyRef family, StatsDelta stats)
    : layout_(std::move(layout)),
      family_ref_(std::move(family)),
      family_(family_ref_.get()),
      stats_key_(catalog_keys::StatsKey(layout_->definition->column_family)),
      name_(layout_->definition->name),
      item_count_(stats.items),
      size_bytes_(stats.bytes) {}

Pinned<TableLayout> Table::layout() const {
  std::lock_guard lock(mutex_);
  return layout_;
}

void Table::set_layout(std::shared_ptr<const TableLayout> layout) {
  std::lock_guard lock(mutex_);
  layout_ = std::move(layout);
}

std::shared_ptr<const TableThroughput> Table::throughput() const {
  std::lock_guard lock(mutex_);
  return throughput_;
}

void Table::set_throughput(std::shared_ptr<const TableThroughput> throughput) {
  std::lock_guard lock(mutex_);
  throughput_ = std::move(throughput);
}

std::shared_ptr<streams::Stream> Table::stream() const {
  std::lock_guard lock(mutex_);
  return stream_;
}

void Table::set_stream(std::shared_ptr<streams::Stream> stream) {
  std::lock_guard lock(mutex_);
  stream_ = std::move(stream);
}

std::shared_ptr<history::ChangeHistory> Table::history() const {
  std::lock_guard lock(mutex_);
  return history_;
}

void Table::set_history(std::shared_ptr<history::ChangeHistory> history) {
  std::lock_guard lock(mutex_);
  history_ = std::move(history);
}

Result<std::map<std::string, ColumnFamilyRef>> Catalog::CreateIndexFamilies(
    TableDefinition& definition) {
  std::map<std::string, ColumnFamilyRef> created;
  for (auto* list : {&definition.global_secondary_indexes, &definition.local_secondary_indexes}) {
    for (auto& index : *list) {
      if (!index.column_family.empty()) continue;
      index.column_family = catalog_keys::IndexFamily(next_family_++);
      auto family = storage_->CreateColumnFamily(index.column_family);
      if (!family.ok()) {
        for (const auto& [name, ref] : created) IgnoreError(storage_->DropColumnFamily(ref));
        return family.status();
      }
      created.emplace(index.column_family, *family);
    }
  }
  return created;
}

std::shared_ptr<const TableLayout> Catalog::BuildLayout(
    std::shared_ptr<const TableDefinition> definition,
    const std::map<std::string, ColumnFamilyRef>& created, const TableLayout* previous) const {
  auto layout = std::make_shared<TableLayout>();
  layout->definition = std::move(definition);
  const TableDefinition& d = *layout->definition;
  auto family_of = [&](const std::string& name) -> ColumnFamilyRef {
    if (auto it = created.find(name); it != created.end()) return it->second;
    if (previous) {
      if (ColumnFamilyRef family = previous->FamilyNamed(name)) return family;
    }
    return storage_->Find(name);
  };
  for (const auto* list : {&d.global_secondary_indexes, &d.local_secondary_indexes}) {
    for (const auto& index : *list) {
      ColumnFamilyRef family = family_of(index.column_family);
      if (!family) continue;  // Load() refuses such a table before it gets here
      if (index.status == IndexStatus::kDeleting) {
        layout->retiring.emplace(index.column_family, std::move(family));
        continue;
      }
      layout->indexes.push_back({&index, list == &d.global_secondary_indexes, std::move(family),
                                 catalog_keys::StatsKey(index.column_family)});
    }
  }
  return layout;
}

Result<ItemStatistics> Catalog::IndexStatistics(const LiveIndex& index) const {
  std::string value;
  rocksdb::Status s =
      storage_->db()->Get(storage_->read_options(), storage_->catalog(), index.stats_key, &value);
  if (s.IsNotFound()) return ItemStatistics{};
  if (!s.ok()) return FromRocks(s, "reading an index's statistics");
  StatsDelta stats = DecodeStats(value);
  return ItemStatistics{std::max<int64_t>(0, stats.items), std::max<int64_t>(0, stats.bytes)};
}

std::string Catalog::TableRecordKey(const std::string& ns, const std::string& name) {
  return catalog_keys::TableKey(ns, name);
}

Status Catalog::Load() {
  std::unique_lock lock(mutex_);
  std::unique_ptr<rocksdb::Iterator> it(
      storage_->db()->NewIterator(rocksdb::ReadOptions(), storage_->catalog()));
  std::map<std::string, StatsDelta> stats;
  std::vector<std::pair<std::string, TableDefinition>> definitions;
  for (it->SeekToFirst(); it->Valid(); it->Next()) {
    std::string_view key(it->key().data(), it->key().size());
    std::string_view value(it->value().data(), it->value().size());
    if (key.empty()) continue;
    if (key[0] == catalog_keys::kStatsPrefix) {
      stats[std::string(key.substr(1))] = DecodeStats(value);
      // No new family may take the number of one whose statistics remain.
      next_family_ = std::max(next_family_, catalog_keys::FamilyNumber(key.substr(1)) + 1);
    } else if (key[0] == catalog_keys::kTablePrefix) {
      auto definition = catalog_codec::Decode(value);
      if (!definition.ok()) return definition.status();
      auto ns = catalog_keys::NamespaceOfTableKey(key);
      if (!ns) return Status::Internal("catalog key is corrupt");
      definitions.emplace_back(std::move(*ns), std::move(*definition));
    }
  }
  if (!it->status().ok()) return FromRocks(it->status(), "loading the catalog");

  for (const auto& [ns, definition] : definitions) {
    for (const auto& name : OwnedFamilies(definition)) {
      next_family_ = std::max(next_family_, catalog_keys::FamilyNumber(name) + 1);
      if (!storage_->Find(name)) {
        return Status::Internal("table " + definition.name + " has lost its data");
      }
    }
  }
  for (auto& [ns, definition] : definitions) {
    ColumnFamilyRef family = storage_->Find(definition.column_family);
    // Indexes recorded before they held entries have no family yet.
    MT_ASSIGN_OR_RETURN(created, CreateIndexFamilies(definition));
    if (!created.empty()) {
      rocksdb::WriteBatch batch;
      batch.Put(storage_->catalog(), TableRecordKey(ns, definition.name),
                catalog_codec::Encode(definition));
      MT_RETURN_IF_ERROR(storage_->Write(&batch));
    }
    StatsDelta s = stats[definition.column_family];
    auto layout = BuildLayout(std::make_shared<const TableDefinition>(std::move(definition)),
                              created, nullptr);
    const std::string name = layout->definition->name;
    namespaces_[ns][name] = std::make_shared<Table>(std::move(layout), family, s);
    Changed();
  }
  // Column families that no table owns: a DeleteTable interrupted by a crash.
  for (const auto& name : storage_->ExistingColumnFamilies()) {
    bool owned = false;
    for (const auto& [ns, tables] : namespaces_) {
      for (const auto& [table_name, table] : tables) {
        auto definition = table->definition();
        for (const auto& family : OwnedFamilies(*definition)) owned |= family == name;
      }
    }
    if (!owned) {
      if (auto family = storage_->Find(name))
        MT_RETURN_IF_ERROR(storage_->DropColumnFamily(family));
    }
  }
  return DropOrphanExpiryEntries();
}

Status Catalog::DropOrphanExpiryEntries() {
  std::set<uint64_t> live;
  for (const auto& [ns, tables] : namespaces_) {
    for (const auto& [name, table] : tables) {
      auto definition = table->definition();
      live.insert(catalog_keys::FamilyNumber(definition->column_family));
    }
  }
  rocksdb::WriteBatch batch;
  std::unique_ptr<rocksdb::Iterator> it(
      storage_->db()->NewIterator(rocksdb::ReadOptions(), storage_->expiry()));
  for (it->SeekToFirst(); it->Valid();) {
    auto entry = expiry_keys::Decode(std::string_view(it->key().data(), it->key().size()));
    if (!entry) return Status::Internal("corrupt expiry index key");
    const std::string prefix = expiry_keys::TablePrefix(entry->table_number);
    const std::string next = key_codec::PrefixSuccessor(prefix);
    if (!live.count(entry->table_number)) batch.DeleteRange(storage_->expiry(), prefix, next);
    if (next.empty()) break;
    it->Seek(next);
  }
  if (!it->status().ok()) return FromRocks(it->status(), "dropping orphaned expiry ranges");
  return batch.Count() > 0 ? storage_->Write(&batch) : Status::Ok();
}

std::shared_ptr<Table> Catalog::Find(std::string_view ns, std::string_view name) const {
  std::shared_lock lock(mutex_);
  auto tables = namespaces_.find(ns);
  if (tables == namespaces_.end()) return nullptr;
  auto it = tables->second.find(name);
  return it == tables->second.end() ? nullptr : it->second;
}

Result<std::shared_ptr<Table>> Catalog::Create(const std::string& ns, TableDefinition definition) {
  std::unique_lock lock(mutex_);
  Tables& tables = namespaces_[ns];
  if (tables.count(definition.name)) {
    return Status::InUse("Table already exists: " + definition.name);
  }
  definition.table_id = NewUuid();
  definition.creation_ms = clock_->NowMillis();
  definition.column_family = catalog_keys::TableFamily(next_family_++);
  auto family = storage_->CreateColumnFamily(definition.column_family);
  if (!family.ok()) return family.status();
  auto created = CreateIndexFamilies(definition);
  if (!created.ok()) {
    IgnoreError(storage_->DropColumnFamily(*family));  // best effort: Load() drops orphans too
    return created.status();
  }

  rocksdb::WriteBatch batch;
  batch.Put(storage_->catalog(), TableRecordKey(ns, definition.name),
            catalog_codec::Encode(definition));
  batch.Put(storage_->catalog(), catalog_keys::StatsKey(definition.column_family), EncodeStats({}));
  Status written = storage_->Write(&batch);
  if (!written.ok()) {
    // Best effort: Load() drops orphans too.
    IgnoreError(storage_->DropColumnFamily(*family));
    for (const auto& [name, ref] : *created) IgnoreError(storage_->DropColumnFamily(ref));
    return written;
  }
  auto layout = BuildLayout(std::make_shared<const TableDefinition>(std::move(definition)),
                            *created, nullptr);
  auto table = std::make_shared<Table>(layout, *family, StatsDelta{});
  tables[layout->definition->name] = table;
  Changed();
  return table;
}

Status Catalog::Update(const std::string& ns, Table& table, const DefinitionChange& change) {
  std::unique_lock lock(mutex_);
  std::shared_ptr<const TableLayout> previous = table.layout();
  // A table dropped meanwhile (e.g. during a backfill) must not be written back.
  auto tables = namespaces_.find(ns);
  if (tables == namespaces_.end() || !tables->second.count(previous->definition->name) ||
      tables->second.at(previous->definition->name).get() != &table) {
    return TableNotFound(previous->definition->name);
  }
  MT_ASSIGN_OR_RETURN(definition, change(*previous->definition));
  MT_ASSIGN_OR_RETURN(created, CreateIndexFamilies(definition));
  rocksdb::WriteBatch batch;
  batch.Put(storage_->catalog(), TableRecordKey(ns, definition.name),
            catalog_codec::Encode(definition));
  // A removed index's partition map goes with the definition that named it.
  for (const auto& name : OwnedFamilies(*previous->definition)) {
    const std::vector<std::string> next = OwnedFamilies(definition);
    if (std::find(next.begin(), next.end(), name) == next.end()) {
      batch.Delete(storage_->catalog(), catalog_keys::PartitionMapKey(name));
      batch.Delete(storage_->catalog(), catalog_keys::SplitLogKey(name));
      batch.Delete(storage_->catalog(),
                   catalog_keys::WalkProgressKey(definition.column_family, name));
      batch.Delete(storage_->catalog(), catalog_keys::InsightsKey(name));
      // Its statistics too: left behind, they would be counted again by an index that
      // got the same family number (a restart recomputes the next number).
      batch.Delete(storage_->catalog(), catalog_keys::StatsKey(name));
    }
  }
  Status written = storage_->Write(&batch);
  if (!written.ok()) {
    for (const auto& [name, ref] : created) IgnoreError(storage_->DropColumnFamily(ref));
    return written;
  }
  const std::vector<std::string> kept = OwnedFamilies(definition);
  table.set_layout(BuildLayout(std::make_shared<const TableDefinition>(std::move(definition)),
                               created, previous.get()));
  Changed();
  // Indexes removed from the definition: their entries go with their family.
  for (const auto& name : OwnedFamilies(*previous->definition)) {
    if (std::find(kept.begin(), kept.end(), name) != kept.end()) continue;
    if (ColumnFamilyRef family = previous->FamilyNamed(name)) {
      MT_RETURN_IF_ERROR(storage_->DropColumnFamily(family));
    }
  }
  return Status::Ok();
}

Result<std::shared_ptr<Table>> Catalog::Drop(const std::string& ns, const std::string& name) {
  std::unique_lock lock(mutex_);
  Tables& tables = namespaces_[ns];
  auto it = tables.find(name);
  if (it == tables.end()) {
    return TableNotFound(name);
  }
  std::shared_ptr<Table> table = it->second;
  rocksdb::WriteBatch batch;
  batch.Delete(storage_->catalog(), TableRecordKey(ns, name));
  auto layout = table->layout();
  for (const auto& family : OwnedFamilies(*layout->definition)) {
    batch.Delete(storage_->catalog(), catalog_keys::StatsKey(family));
    batch.Delete(storage_->catalog(), catalog_keys::PartitionMapKey(family));
    batch.Delete(storage_->catalog(), catalog_keys::SplitLogKey(family));
    batch.Delete(storage_->catalog(), catalog_keys::InsightsKey(family));
  }
  const std::string collections =
      catalog_keys::ItemCollectionPrefix(layout->definition->column_family);
  std::string collections_end = collections;
  collections_end.back() = '\x01';
  batch.DeleteRange(storage_->catalog(), collections, collections_end);
  const std::string walks = catalog_keys::WalkProgressPrefix(layout->definition->column_family);
  batch.DeleteRange(storage_->catalog(), walks, key_codec::PrefixSuccessor(walks));
  // The table's Time to Live entries: one range of the shared expiry family.
  const std::string expiry =
      expiry_keys::TablePrefix(catalog_keys::FamilyNumber(layout->definition->column_family));
  batch.DeleteRange(storage_->expiry(), expiry, key_codec::PrefixSuccessor(expiry));
  MT_RETURN_IF_ERROR(storage_->Write(&batch));
  tables.erase(it);
  Changed();
  // The catalog record is gone first: a crash here leaves orphan families that
  // Load() drops, never a table without data.
  MT_RETURN_IF_ERROR(storage_->DropColumnFamily(table->family_ref()));
  for (const auto& family : OwnedFamilies(*layout->definition)) {
    if (ColumnFamilyRef ref = layout->FamilyNamed(family)) {
      MT_RETURN_IF_ERROR(storage_->DropColumnFamily(ref));
    }
  }
  return table;
}

std::vector<std::pair<std::string, std::shared_ptr<Table>>> Catalog::All() const {
  std::shared_lock lock(mutex_);
  std::vector<std::pair<std::string, std::shared_ptr<Table>>> all;
  for (const auto& [ns, tables] : namespaces_) {
    for (const auto& [name, table] : tables) all.emplace_back(ns, table);
  }
  return all;
}

std::vector<std::string> Catalog::List(const std::string& ns) const {
  std::shared_lock lock(mutex_);
  std::vector<std::string> names;
  auto tables = namespaces_.find(ns);
  if (tables == namespaces_.end()) return names;
  for (const auto& [name, table] : tables->second) names.push_back(name);
  return names;
}

Result<std::shared_ptr<Table>> TableLookup::Find(const std::string& name) const {
  auto table = catalog_.Find(ns_, name);
  if (!table) return ResourceNotFound();
  // A table being restored (CREATING) takes no requests yet, as in DynamoDB; nor one
  // shown CREATING by its delay (the clock is read only when it has one).
  // Held in a local: a reference into the temporary would dangle once UpdateTable, a
  // backfill or TTL published a new definition (engine/base/pinned.h).
  const auto definition = table->definition();
  if (definition->status == TableStatus::kCreating ||
      (definition->creating_until_ms != 0 &&
       ShownCreating(*definition, catalog_.clock().NowMillis()))) {
    return ResourceNotFound();
  }
  return table;
}

}  // namespace monotable
