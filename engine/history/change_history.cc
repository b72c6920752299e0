#include "engine/history/change_history.h"

#include <rocksdb/db.h>

#include <algorithm>
#include <memory>

#include "engine/format/backup_keys.h"
#include "engine/format/item_codec.h"
#include "engine/storage/rocks_status.h"

namespace monotable::history {

uint64_t ChangeHistory::NextStamp() {
  const int64_t now = clock_.NowMillis();
  const uint64_t floor = now <= 0 ? 0 : static_cast<uint64_t>(now) << backup_keys::kStampTimeShift;
  uint64_t last = last_stamp_.load(std::memory_order_relaxed);
  uint64_t next = 0;
  do {
    next = std::max(floor, last + 1);
  } while (!last_stamp_.compare_exchange_weak(last, next, std::memory_order_relaxed));
  return next;
}

void StageChange(ChangeHistory& history, const Storage& storage, std::string_view key,
                 const std::optional<Item>& old_item, rocksdb::WriteBatch& batch) {
  const std::string old_encoded = old_item ? item_codec::Encode(*old_item) : std::string();
  batch.Put(storage.backups(), backup_keys::HistoryKey(history.table_number(), history.NextStamp()),
            backup_keys::HistoryValue(key, old_encoded));
}

Status Trim(Storage& storage, uint64_t table_number, int64_t before_ms) {
  const std::string begin = backup_keys::HistoryBound(table_number, 0);
  const std::string end = before_ms == INT64_MAX
                              ? backup_keys::HistoryBound(table_number + 1, 0)
                              : backup_keys::HistoryBound(table_number, before_ms);
  rocksdb::WriteBatch batch;
  batch.DeleteRange(storage.backups(), begin, end);
  return storage.Write(&batch);
}

Result<Images> ImagesAt(const Storage& storage, const rocksdb::Snapshot* snapshot,
                        uint64_t table_number, int64_t at_ms) {
  const std::string begin = backup_keys::HistoryBound(table_number, at_ms + 1);
  const std::string end = backup_keys::HistoryBound(table_number + 1, 0);
  rocksdb::ReadOptions options = storage.read_options();
  options.snapshot = snapshot;
  rocksdb::Slice upper(end);
  options.iterate_upper_bound = &upper;
  std::unique_ptr<rocksdb::Iterator> it(storage.db()->NewIterator(options, storage.backups()));
  Images images;
  for (it->Seek(begin); it->Valid(); it->Next()) {
    auto change =
        backup_keys::DecodeHistoryValue(std::string_view(it->value().data(), it->value().size()));
    if (!change) return Status::Internal("corrupt change history record");
    // The first change after at_ms holds the image at at_ms; later ones do not count.
    auto [entry, inserted] = images.try_emplace(std::string(change->table_key));
    if (inserted && !change->old_item_encoded.empty()) {
      entry->second = std::string(change->old_item_encoded);
    }
  }
  if (!it->status().ok()) return FromRocks(it->status(), "reading the change history");
  return images;
}

}  // namespace monotable::history
