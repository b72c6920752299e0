#include "engine/catalog.h"

#include <random>

#include <rocksdb/write_batch.h>

#include "engine/catalog_codec.h"

namespace monotable {
namespace {

// Catalog column family key prefixes (on-disk format: do not change).
constexpr char kTablePrefix = 't';
constexpr char kStatsPrefix = 's';
constexpr char kFamilyPrefix[] = "table.";

std::string StatsKey(const std::string& family) { return kStatsPrefix + family; }

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

Table::Table(std::shared_ptr<const TableDefinition> definition, ColumnFamilyRef family,
             StatsDelta stats)
    : definition_(std::move(definition)),
      family_ref_(std::move(family)),
      family_(family_ref_.get()),
      stats_key_(StatsKey(definition_->column_family)),
      item_count_(stats.items),
      size_bytes_(stats.bytes) {}

std::shared_ptr<const TableDefinition> Table::definition() const {
  std::lock_guard lock(mutex_);
  return definition_;
}

void Table::set_definition(std::shared_ptr<const TableDefinition> definition) {
  std::lock_guard lock(mutex_);
  definition_ = std::move(definition);
}

std::string Catalog::TableRecordKey(const std::string& ns, const std::string& name) {
  std::string key(1, kTablePrefix);
  key += ns;
  key.push_back('\0');
  key += name;
  return key;
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
    if (key[0] == kStatsPrefix) {
      stats[std::string(key.substr(1))] = DecodeStats(value);
    } else if (key[0] == kTablePrefix) {
      auto definition = catalog_codec::Decode(value);
      if (!definition.ok()) return definition.status();
      size_t sep = key.find('\0', 1);
      if (sep == std::string_view::npos) return Status::Internal("catalog key is corrupt");
      definitions.emplace_back(std::string(key.substr(1, sep - 1)), std::move(*definition));
    }
  }
  if (!it->status().ok()) return Status::Internal(it->status().ToString());

  for (auto& [ns, definition] : definitions) {
    ColumnFamilyRef family = storage_->Find(definition.column_family);
    if (!family) return Status::Internal("table " + definition.name + " has lost its data");
    uint64_t number = std::strtoull(definition.column_family.c_str() + sizeof(kFamilyPrefix) - 1,
                                    nullptr, 10);
    next_family_ = std::max(next_family_, number + 1);
    StatsDelta s = stats[definition.column_family];
    auto shared = std::make_shared<const TableDefinition>(std::move(definition));
    namespaces_[ns][shared->name] = std::make_shared<Table>(shared, family, s);
  }
  // Column families that no table owns: a DeleteTable interrupted by a crash.
  for (const auto& name : storage_->ExistingColumnFamilies()) {
    bool owned = false;
    for (const auto& [ns, tables] : namespaces_) {
      for (const auto& [table_name, table] : tables) {
        owned |= table->definition()->column_family == name;
      }
    }
    if (!owned) {
      if (auto family = storage_->Find(name)) MT_RETURN_IF_ERROR(storage_->DropColumnFamily(family));
    }
  }
  return Status::Ok();
}

std::shared_ptr<Table> Catalog::Find(std::string_view ns, std::string_view name) const {
  std::shared_lock lock(mutex_);
  auto tables = namespaces_.find(ns);
  if (tables == namespaces_.end()) return nullptr;
  auto it = tables->second.find(name);
  return it == tables->second.end() ? nullptr : it->second;
}

Result<std::shared_ptr<Table>> Catalog::Create(const std::string& ns,
                                               TableDefinition definition) {
  std::unique_lock lock(mutex_);
  Tables& tables = namespaces_[ns];
  if (tables.count(definition.name)) {
    return Status::InUse("Table already exists: " + definition.name);
  }
  definition.table_id = NewUuid();
  definition.creation_ms = clock_->NowMillis();
  definition.column_family = kFamilyPrefix + std::to_string(next_family_++);
  auto family = storage_->CreateColumnFamily(definition.column_family);
  if (!family.ok()) return family.status();

  rocksdb::WriteBatch batch;
  batch.Put(storage_->catalog(), TableRecordKey(ns, definition.name),
            catalog_codec::Encode(definition));
  batch.Put(storage_->catalog(), StatsKey(definition.column_family), EncodeStats({}));
  Status written = storage_->Write(&batch);
  if (!written.ok()) {
    storage_->DropColumnFamily(*family).ok();  // best effort: Load() drops orphans too
    return written;
  }
  auto shared = std::make_shared<const TableDefinition>(std::move(definition));
  auto table = std::make_shared<Table>(shared, *family, StatsDelta{});
  tables[shared->name] = table;
  return table;
}

Status Catalog::Update(const std::string& ns, Table& table, TableDefinition definition) {
  std::unique_lock lock(mutex_);
  rocksdb::WriteBatch batch;
  batch.Put(storage_->catalog(), TableRecordKey(ns, definition.name),
            catalog_codec::Encode(definition));
  MT_RETURN_IF_ERROR(storage_->Write(&batch));
  table.set_definition(std::make_shared<const TableDefinition>(std::move(definition)));
  return Status::Ok();
}

Result<std::shared_ptr<Table>> Catalog::Drop(const std::string& ns, const std::string& name) {
  std::unique_lock lock(mutex_);
  Tables& tables = namespaces_[ns];
  auto it = tables.find(name);
  if (it == tables.end()) {
    return Status::NotFound("Requested resource not found: Table: " + name + " not found");
  }
  std::shared_ptr<Table> table = it->second;
  rocksdb::WriteBatch batch;
  batch.Delete(storage_->catalog(), TableRecordKey(ns, name));
  batch.Delete(storage_->catalog(), table->stats_key());
  MT_RETURN_IF_ERROR(storage_->Write(&batch));
  tables.erase(it);
  // The catalog record is gone first: a crash here leaves an orphan family that
  // Load() drops, never a table without data.
  MT_RETURN_IF_ERROR(storage_->DropColumnFamily(table->family_ref()));
  return table;
}

std::vector<std::string> Catalog::List(const std::string& ns) const {
  std::shared_lock lock(mutex_);
  std::vector<std::string> names;
  auto tables = namespaces_.find(ns);
  if (tables == namespaces_.end()) return names;
  for (const auto& [name, table] : tables->second) names.push_back(name);
  return names;
}

}  // namespace monotable
