#include "engine/backup/table_copy.h"

#include <rocksdb/db.h>

#include "engine/format/backup_keys.h"
#include "engine/format/item_codec.h"
#include "engine/storage/rocks_status.h"

namespace monotable::backup {
namespace {

// A copy's WriteBatch: big enough to amortise the write, small enough for the memtable.
constexpr size_t kCopyBatchBytes = size_t{4} << 20;

}  // namespace

SnapshotRef TakeSnapshot(Storage& storage) {
  rocksdb::DB* db = storage.db();
  return SnapshotRef(db->GetSnapshot(),
                     [db](const rocksdb::Snapshot* s) { db->ReleaseSnapshot(s); });
}

Status ForEachItem(const Storage& storage, rocksdb::ColumnFamilyHandle* family,
                   const std::string& begin, const std::string& end,
                   const rocksdb::Snapshot* snapshot, const std::atomic<bool>& stopping,
                   const std::function<Status(std::string_view, std::string_view)>& fn) {
  rocksdb::ReadOptions options = storage.read_options();
  options.snapshot = snapshot;
  options.fill_cache = false;       // a bulk read must not evict the working set
  options.total_order_seek = true;  // the table families have hash-prefix bloom filters
  rocksdb::Slice upper(end);
  if (!end.empty()) options.iterate_upper_bound = &upper;
  std::unique_ptr<rocksdb::Iterator> it(storage.db()->NewIterator(options, family));
  int64_t seen = 0;
  for (begin.empty() ? it->SeekToFirst() : it->Seek(begin); it->Valid(); it->Next()) {
    if ((++seen & 1023) == 0 && stopping) return Status::Internal("interrupted by shutdown");
    MT_RETURN_IF_ERROR(fn(std::string_view(it->key().data(), it->key().size()),
                          std::string_view(it->value().data(), it->value().size())));
  }
  return FromRocks(it->status(), "copying a table");
}

Result<CopyTotals> CopyToBackup(Storage& storage, const ColumnFamilyRef& family,
                                const SnapshotRef& snapshot, const std::string& backup_id,
                                const std::atomic<bool>& stopping) {
  const std::string prefix = backup_keys::BackupItemPrefix(backup_id);
  CopyTotals totals;
  rocksdb::WriteBatch batch;
  std::string key = prefix;
  MT_RETURN_IF_ERROR(ForEachItem(storage, family.get(), "", "", snapshot.get(), stopping,
                                 [&](std::string_view item_key, std::string_view value) -> Status {
                                   key.resize(prefix.size());
                                   key.append(item_key);
                                   batch.Put(storage.backups(), key, value);
                                   MT_ASSIGN_OR_RETURN(size, item_codec::EncodedItemSize(value));
                                   totals.items += 1;
                                   totals.bytes += static_cast<int64_t>(size);
                                   if (batch.GetDataSize() >= kCopyBatchBytes) {
                                     MT_RETURN_IF_ERROR(storage.Write(&batch));
                                     batch.Clear();
                                   }
                                   return Status::Ok();
                                 }));
  if (batch.Count() > 0) MT_RETURN_IF_ERROR(storage.Write(&batch));
  return totals;
}

Status RestoreLoader::Add(std::string_view key, std::string_view encoded_item) {
  auto item = item_codec::Decode(encoded_item);
  if (!item.ok()) return Status::Internal("corrupt item in a backup: " + item.status().message());
  std::optional<Item> old_item;
  if (resume_) {
    std::string current;
    rocksdb::Status s = storage_.db()->Get(storage_.read_options(), target_.family(),
                                           rocksdb::Slice(key.data(), key.size()), &current);
    if (s.ok()) {
      auto decoded = item_codec::Decode(current);
      if (!decoded.ok()) return decoded.status();
      old_item = std::move(*decoded);
    } else if (!s.IsNotFound()) {
      return FromRocks(s, "reading an item of a restored table");
    }
  }
  if (!batch_) batch_.emplace(storage_);
  auto staged = batch_->Stage(target_, std::string(key), old_item, std::move(*item));
  if (!staged.ok()) return staged.status();
  ++items_;
  if (++staged_ >= kBatchItems) return Flush();
  return Status::Ok();
}

Status RestoreLoader::Flush() {
  if (!batch_) return Status::Ok();
  Status committed = batch_->Commit();
  batch_.reset();
  staged_ = 0;
  return committed;
}

}  // namespace monotable::backup
