#include "engine/index/index_backfill.h"

#include <rocksdb/write_batch.h>

#include <algorithm>

#include "engine/base/catch_all.h"
#include "engine/base/log.h"
#include "engine/index/index_staging.h"
#include "engine/read/stored_item_reader.h"

namespace monotable {
namespace {

// How often the walk checks that its table still exists.
constexpr int kTableCheckInterval = 1024;
// Items per WriteBatch: large enough to amortise a write, small enough that writers
// waiting for one of the batch's locks wait briefly.
constexpr size_t kItemsPerBatch = 256;

// A WriteBatch and the item locks it needs, held until it is written.
class HeldBatch {
 public:
  explicit HeldBatch(Storage& storage) : storage_(storage) {}
  ~HeldBatch() { Release(); }

  // Takes `mutex` (a stripe may serve several items of the batch). Never waits while
  // holding other locks: on contention it writes and releases the batch first.
  Status Lock(std::mutex& mutex) {
    ++items_;
    if (std::find(held_.begin(), held_.end(), &mutex) != held_.end()) return Status::Ok();
    if (!mutex.try_lock()) {
      MT_RETURN_IF_ERROR(Flush());
      ++items_;
      mutex.lock();
    }
    held_.push_back(&mutex);
    return Status::Ok();
  }
  rocksdb::WriteBatch& batch() { return batch_; }
  size_t items() const { return items_; }

  // Writes what is staged and releases every lock. Errors: kInternal.
  Status Flush() {
    Status written = batch_.Count() > 0 ? storage_.Write(&batch_) : Status::Ok();
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
  rocksdb::WriteBatch batch_;
  std::vector<std::mutex*> held_;
  size_t items_ = 0;
};

// Ok covers a finished backfill and one cut short by shutdown or a dropped table. An
// index deleted during its backfill is a normal end too; any other failure is an error
// that leaves the index CREATING.
void LogEnd(const Status& status, const std::string& table, const std::string& index) {
  std::string where = "backfill of index '" + index + "' of table '" + table + "'";
  if (status.ok()) {
    log::Debug(where + " ended");
    return;
  }
  if (status.code() == ErrorCode::kResourceNotFound) {
    log::Info(where + " ended: " + status.message());
    return;
  }
  log::Error(where + " failed: " + status.message() +
             " (the index stays CREATING until the server restarts)");
}

}  // namespace

IndexBackfiller::~IndexBackfiller() {
  stopping_ = true;
  std::vector<std::thread> threads;
  {
    // Joined without the lock: a finishing backfill takes it to unregister itself.
    std::lock_guard lock(mutex_);
    threads.swap(threads_);
  }
  for (auto& thread : threads) thread.join();
}

void IndexBackfiller::Start(std::string ns, std::shared_ptr<Table> table, std::string index_name) {
  std::lock_guard lock(mutex_);
  if (!running_.emplace(table.get(), index_name).second) return;
  threads_.emplace_back(
      [this, ns = std::move(ns), table = std::move(table), index_name = std::move(index_name)] {
        // This thread's exception boundary. A failed backfill leaves the index CREATING
        // (the next start of the engine resumes it): the log is its only trace.
        Status status = CatchAll([&] { return Run(ns, *table, index_name); });
        // Logging allocates: it must not end the process either.
        CatchAll([&] { LogEnd(status, table->definition()->name, index_name); }).ok();
        std::lock_guard done(mutex_);
        running_.erase({table.get(), index_name});
      });
}

Result<bool> IndexBackfiller::StageOne(Table& table, const std::string& index_name,
                                       const std::string& key, rocksdb::WriteBatch& batch) {
  std::shared_ptr<const TableLayout> layout = table.layout();
  const LiveIndex* index = layout->Find(index_name);
  if (index == nullptr || !index->definition->backfilling) return false;
  MT_ASSIGN_OR_RETURN(item, ReadStoredItem(*storage_, table, key));
  if (!item) return true;  // deleted since the snapshot
  auto entry = EntryFor(*layout->definition, *index->definition, key, *item);
  if (!entry) return true;
  rocksdb::PinnableSlice existing;
  rocksdb::Status s =
      storage_->db()->Get(storage_->read_options(), index->family.get(), entry->key, &existing);
  if (s.ok()) return true;  // the write path indexed it already
  if (!s.IsNotFound()) return Status::Internal(s.ToString());
  // Staged by the write path's own function, restricted to this index; on an index
  // key violation it stages nothing and the item stays out, as DynamoDB does.
  TableLayout only_this{layout->definition, {*index}, {}};
  auto staged = StageIndexEntries(*storage_, only_this, key, std::nullopt, item, batch);
  return staged.ok() || staged.status().code() == ErrorCode::kValidation
             ? Result<bool>(true)
             : Result<bool>(staged.status());
}

Status IndexBackfiller::Run(const std::string& ns, Table& table, const std::string& index_name) {
  // Writes that read the layout before the index was published finish first; every
  // later write maintains the index itself.
  locks_->Barrier();
  rocksdb::ReadOptions options;
  options.total_order_seek = true;
  std::unique_ptr<rocksdb::Iterator> it(storage_->db()->NewIterator(options, table.family()));
  HeldBatch held(*storage_);
  int until_check = kTableCheckInterval;
  for (it->SeekToFirst(); it->Valid(); it->Next()) {
    if (Stopping()) return held.Flush();
    if (--until_check == 0) {
      until_check = kTableCheckInterval;
      if (catalog_->Find(ns, table.definition()->name).get() != &table) return held.Flush();
    }
    const std::string key = it->key().ToString();
    MT_RETURN_IF_ERROR(
        held.Lock(locks_->StripeMutex(LockTable::IdOf(table.family()->GetID(), key))));
    MT_ASSIGN_OR_RETURN(more, StageOne(table, index_name, key, held.batch()));
    if (!more) return held.Flush();
    if (held.items() >= kItemsPerBatch) MT_RETURN_IF_ERROR(held.Flush());
  }
  MT_RETURN_IF_ERROR(held.Flush());
  if (!it->status().ok()) return Status::Internal(it->status().ToString());
  if (catalog_->Find(ns, table.definition()->name).get() != &table) return Status::Ok();
  return catalog_->Update(
      ns, table, [&](const TableDefinition& current) -> Result<TableDefinition> {
        TableDefinition next = current;
        for (auto& index : next.global_secondary_indexes) {
          if (index.name == index_name && index.status == IndexStatus::kCreating) {
            index.status = IndexStatus::kActive;
            index.backfilling = false;
            return next;
          }
        }
        return Status::NotFound("the index was deleted during its backfill");
      });
}

}  // namespace monotable
