#include "engine/ttl/expiry_index.h"

#include <rocksdb/write_batch.h>

#include <algorithm>
#include <memory>
#include <tuple>
#include <utility>

#include "engine/format/catalog_keys.h"
#include "engine/format/expiry_keys.h"
#include "engine/format/item_codec.h"
#include "engine/format/key_codec.h"
#include "engine/storage/rocks_status.h"
#include "engine/ttl/expiry.h"

namespace monotable::ttl {

uint64_t TableNumber(const TableDefinition& table) {
  return catalog_keys::FamilyNumber(table.column_family);
}

std::optional<std::string> EntryKeyOf(const TableDefinition& table, std::string_view table_key,
                                      const Item& item) {
  auto seconds = ExpirySeconds(item, table.time_to_live.attribute_name);
  if (!seconds) return std::nullopt;
  return expiry_keys::EntryKey(TableNumber(table), *seconds, table_key);
}

void StageExpiryEntry(const Storage& storage, const TableDefinition& table,
                      std::string_view table_key, const std::optional<Item>& old_item,
                      const std::optional<Item>& new_item, rocksdb::WriteBatch& batch) {
  if (!Indexed(table)) return;
  const std::string& attribute = table.time_to_live.attribute_name;
  // Plain values rather than optionals: GCC 12 sees a maybe-uninitialized read in the
  // optionals' comparison.
  int64_t old_seconds = 0;
  int64_t new_seconds = 0;
  bool had = false;
  bool has = false;
  if (old_item) {
    if (auto s = ExpirySeconds(*old_item, attribute))
      std::tie(had, old_seconds) = std::pair(true, *s);
  }
  if (new_item) {
    if (auto s = ExpirySeconds(*new_item, attribute))
      std::tie(has, new_seconds) = std::pair(true, *s);
  }
  if (had == has && old_seconds == new_seconds) return;
  const uint64_t number = TableNumber(table);
  if (had) batch.Delete(storage.expiry(), expiry_keys::EntryKey(number, old_seconds, table_key));
  if (has) batch.Put(storage.expiry(), expiry_keys::EntryKey(number, new_seconds, table_key), "");
}

namespace {

// Reads every entry of `table` as of `snapshot`.
Result<std::vector<ExpiryEntry>> ReadEntriesAt(const Storage& storage, const Table& table,
                                               const rocksdb::Snapshot* snapshot) {
  auto definition = table.definition();
  const std::string prefix = expiry_keys::TablePrefix(TableNumber(*definition));
  const std::string end = key_codec::PrefixSuccessor(prefix);
  rocksdb::Slice upper(end);
  rocksdb::ReadOptions options;
  options.snapshot = snapshot;
  options.iterate_upper_bound = &upper;
  std::unique_ptr<rocksdb::Iterator> it(storage.db()->NewIterator(options, storage.expiry()));
  std::vector<ExpiryEntry> entries;
  for (it->Seek(prefix); it->Valid(); it->Next()) {
    auto decoded = expiry_keys::Decode(std::string_view(it->key().data(), it->key().size()));
    if (!decoded) return Status::Internal("corrupt expiry index key");
    entries.push_back({decoded->seconds, std::string(decoded->table_key)});
  }
  if (!it->status().ok()) return FromRocks(it->status(), "reading the expiry index");
  return entries;
}

}  // namespace

Result<std::vector<ExpiryEntry>> ReadEntries(const Storage& storage, const Table& table) {
  return ReadEntriesAt(storage, table, nullptr);
}

Status Verify(const Storage& storage, const Table& table) {
  const rocksdb::Snapshot* snapshot = storage.db()->GetSnapshot();
  struct Release {
    const Storage& storage;
    const rocksdb::Snapshot* snapshot;
    ~Release() { storage.db()->ReleaseSnapshot(snapshot); }
  } release{storage, snapshot};
  auto definition = table.definition();
  MT_ASSIGN_OR_RETURN(entries, ReadEntriesAt(storage, table, snapshot));
  std::vector<ExpiryEntry> expected;
  if (Indexed(*definition)) {
    rocksdb::ReadOptions options;
    options.snapshot = snapshot;
    options.total_order_seek = true;
    std::unique_ptr<rocksdb::Iterator> it(storage.db()->NewIterator(options, table.family()));
    for (it->SeekToFirst(); it->Valid(); it->Next()) {
      auto item = item_codec::Decode(std::string_view(it->value().data(), it->value().size()));
      if (!item.ok()) return item.status();
      if (auto seconds = ExpirySeconds(*item, definition->time_to_live.attribute_name)) {
        expected.push_back({*seconds, it->key().ToString()});
      }
    }
    if (!it->status().ok()) return FromRocks(it->status(), "scanning a table for its expiry index");
    std::sort(expected.begin(), expected.end(), [](const ExpiryEntry& a, const ExpiryEntry& b) {
      return a.seconds != b.seconds ? a.seconds < b.seconds : a.table_key < b.table_key;
    });
  }
  for (size_t i = 0; i < std::max(entries.size(), expected.size()); ++i) {
    if (i >= entries.size()) {
      return Status::Internal("expiry index lacks the entry of an item expiring at " +
                              std::to_string(expected[i].seconds));
    }
    if (i >= expected.size() || !(entries[i] == expected[i])) {
      return Status::Internal("expiry index has a stale entry expiring at " +
                              std::to_string(entries[i].seconds) + " (" +
                              std::to_string(entries.size()) + " entries, " +
                              std::to_string(expected.size()) + " expected)");
    }
  }
  return Status::Ok();
}

}  // namespace monotable::ttl
