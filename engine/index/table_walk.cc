#include "engine/index/table_walk.h"

#include <rocksdb/write_batch.h>

#include <algorithm>
#include <memory>
#include <vector>

#include "engine/storage/rocks_status.h"

namespace monotable {
namespace {

// A WriteBatch, the item locks it needs (held until it is written) and the last key it
// covers, recorded with it.
class HeldBatch {
 public:
  HeldBatch(Storage& storage, const std::string& progress_key)
      : storage_(storage), progress_key_(progress_key) {}
  ~HeldBatch() { Release(); }

  // Takes `mutex` (a stripe may serve several items of the batch). Never waits while
  // holding other locks: on contention it writes and releases the batch first.
  Status Lock(std::mutex& mutex) {
    if (std::find(held_.begin(), held_.end(), &mutex) != held_.end()) return Status::Ok();
    if (!mutex.try_lock()) {
      MT_RETURN_IF_ERROR(Flush());
      mutex.lock();
    }
    held_.push_back(&mutex);
    return Status::Ok();
  }
  rocksdb::WriteBatch& batch() { return batch_; }
  // The item at `key` is staged: the next write covers it.
  void Covered(const std::string& key) {
    last_key_ = key;
    ++items_;
  }
  size_t items() const { return items_; }

  // Writes what is staged with the progress, and releases every lock. Errors: kInternal.
  Status Flush() {
    Status written = Status::Ok();
    if (items_ > 0) {
      batch_.Put(storage_.catalog(), progress_key_, last_key_);
      written = storage_.Write(&batch_);
    }
    batch_.Clear();
    Release();
    return written;
  }

 private:
  void Release() {
    for (std::mutex* m : held_) m->unlock();
    held_.clear();
    items_ = 0;
  }

  Storage& storage_;
  const std::string& progress_key_;
  rocksdb::WriteBatch batch_;
  std::vector<std::mutex*> held_;
  std::string last_key_;
  size_t items_ = 0;
};

}  // namespace

Status TableWalk::ClearProgress() {
  rocksdb::WriteBatch batch;
  batch.Delete(storage_.catalog(), progress_key_);
  return storage_.Write(&batch);
}

Result<TableWalk::End> TableWalk::Run(const Visit& visit, const Stop& stop) {
  std::string resume;
  rocksdb::Status s =
      storage_.db()->Get(storage_.read_options(), storage_.catalog(), progress_key_, &resume);
  if (!s.ok() && !s.IsNotFound()) return FromRocks(s, "reading a walk's progress");
  const bool resuming = s.ok();

  rocksdb::ReadOptions options;
  options.total_order_seek = true;
  std::unique_ptr<rocksdb::Iterator> it(storage_.db()->NewIterator(options, table_.family()));
  if (resuming) {
    it->Seek(resume);
    if (it->Valid() && it->key() == rocksdb::Slice(resume)) it->Next();
  } else {
    it->SeekToFirst();
  }
  HeldBatch held(storage_, progress_key_);
  if (stop()) return End::kEnded;
  for (; it->Valid(); it->Next()) {
    const std::string key = it->key().ToString();
    MT_RETURN_IF_ERROR(
        held.Lock(locks_.StripeMutex(LockTable::IdOf(table_.family()->GetID(), key))));
    MT_ASSIGN_OR_RETURN(more, visit(key, held.batch()));
    if (!more) {
      MT_RETURN_IF_ERROR(held.Flush());
      return End::kEnded;
    }
    held.Covered(key);
    if (held.items() >= kItemsPerBatch) {
      MT_RETURN_IF_ERROR(held.Flush());
      if (stop()) return End::kEnded;
    }
  }
  MT_RETURN_IF_ERROR(held.Flush());
  if (!it->status().ok()) return FromRocks(it->status(), "walking a table");
  return End::kFinished;
}

}  // namespace monotable
