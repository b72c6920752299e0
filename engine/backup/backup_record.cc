#include "engine/backup/backup_record.h"

#include <charconv>
#include <memory>

#include "engine/format/backup_keys.h"
#include "engine/format/item_codec.h"
#include "engine/storage/catalog_codec.h"
#include "engine/storage/rocks_status.h"

namespace monotable::backup {
namespace {

// Field names are part of the on-disk format: do not rename.
AttributeValue Int(int64_t v) { return AttributeValue::NumberText(std::to_string(v)); }

std::string Encode(const BackupInfo& b) {
  Item item{{"name", AttributeValue::String(b.name)},
            {"status", Int(static_cast<int>(b.status))},
            {"created", Int(b.creation_ms)},
            {"bytes", Int(b.size_bytes)},
            {"items", Int(b.item_count)},
            {"tbytes", Int(b.table_size_bytes)},
            {"titems", Int(b.table_item_count)},
            {"table", AttributeValue::Binary(catalog_codec::Encode(b.table))}};
  // Optional fields (absent in records written before SYSTEM backups): a user backup.
  if (b.system) item.emplace("expires", Int(b.expiry_ms));
  return item_codec::Encode(item);
}

bool ReadInt(const Item& item, const char* field, int64_t* out) {
  auto it = item.find(field);
  if (it == item.end() || it->second.type != AttributeType::kN) return false;
  const std::string& text = it->second.scalar;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), *out);
  return ec == std::errc() && ptr == text.data() + text.size();
}

Result<BackupInfo> Decode(std::string_view id, std::string_view bytes) {
  const Status corrupt = Status::Internal("backup record is corrupt: " + std::string(id));
  auto item = item_codec::Decode(bytes);
  if (!item.ok()) return corrupt;
  BackupInfo b;
  b.id = std::string(id);
  int64_t status = 0;
  auto name = item->find("name");
  auto table = item->find("table");
  if (name == item->end() || table == item->end() || table->second.type != AttributeType::kB ||
      !ReadInt(*item, "status", &status) || !ReadInt(*item, "created", &b.creation_ms) ||
      !ReadInt(*item, "bytes", &b.size_bytes) || !ReadInt(*item, "items", &b.item_count) ||
      !ReadInt(*item, "tbytes", &b.table_size_bytes) ||
      !ReadInt(*item, "titems", &b.table_item_count)) {
    return corrupt;
  }
  b.name = name->second.scalar;
  b.status = static_cast<BackupStatus>(status);
  b.system = ReadInt(*item, "expires", &b.expiry_ms);
  MT_ASSIGN_OR_RETURN(definition, catalog_codec::Decode(table->second.scalar));
  b.table = std::move(definition);
  return b;
}

// Calls fn(ns, id, value) for every record whose key starts with `prefix`.
template <typename Fn>
Status ForEachRecord(const Storage& storage, const std::string& prefix, Fn&& fn) {
  std::unique_ptr<rocksdb::Iterator> it(
      storage.db()->NewIterator(storage.read_options(), storage.catalog()));
  for (it->Seek(prefix); it->Valid() && it->key().starts_with(prefix); it->Next()) {
    std::string_view key(it->key().data(), it->key().size());
    const size_t separator = key.find('\0');
    if (separator == std::string_view::npos) return Status::Internal("corrupt backup record key");
    MT_RETURN_IF_ERROR(fn(key.substr(1, separator - 1), key.substr(separator + 1),
                          std::string_view(it->value().data(), it->value().size())));
  }
  return FromRocks(it->status(), "reading the backup records");
}

}  // namespace

Status PutRecord(Storage& storage, const std::string& ns, const BackupInfo& backup) {
  rocksdb::WriteBatch batch;
  batch.Put(storage.catalog(), backup_keys::BackupRecordKey(ns, backup.id), Encode(backup));
  return storage.Write(&batch);
}

Result<BackupInfo> GetRecord(const Storage& storage, const std::string& ns, const std::string& id) {
  std::string value;
  rocksdb::Status s = storage.db()->Get(storage.read_options(), storage.catalog(),
                                        backup_keys::BackupRecordKey(ns, id), &value);
  if (s.IsNotFound()) return Status(ErrorCode::kBackupNotFound, "");
  if (!s.ok()) return FromRocks(s, "reading a backup record");
  return Decode(id, value);
}

Result<std::vector<BackupInfo>> ListRecords(const Storage& storage, const std::string& ns) {
  std::vector<BackupInfo> backups;
  MT_RETURN_IF_ERROR(
      ForEachRecord(storage, backup_keys::BackupRecordPrefix(ns),
                    [&](std::string_view, std::string_view id, std::string_view value) -> Status {
                      MT_ASSIGN_OR_RETURN(b, Decode(id, value));
                      backups.push_back(std::move(b));
                      return Status::Ok();
                    }));
  return backups;
}

Result<std::vector<std::pair<std::string, BackupInfo>>> AllRecords(const Storage& storage) {
  std::vector<std::pair<std::string, BackupInfo>> backups;
  MT_RETURN_IF_ERROR(ForEachRecord(
      storage, std::string(1, backup_keys::kBackupRecordPrefix),
      [&](std::string_view ns, std::string_view id, std::string_view value) -> Status {
        MT_ASSIGN_OR_RETURN(b, Decode(id, value));
        backups.emplace_back(std::string(ns), std::move(b));
        return Status::Ok();
      }));
  return backups;
}

}  // namespace monotable::backup
