#include "engine/index/index_backfill.h"

#include <rocksdb/write_batch.h>

#include "engine/base/catch_all.h"
#include "engine/base/ignore_error.h"
#include "engine/base/log.h"
#include "engine/format/catalog_keys.h"
#include "engine/index/index_staging.h"
#include "engine/index/table_walk.h"
#include "engine/read/stored_item_reader.h"
#include "engine/storage/rocks_status.h"

namespace monotable {
namespace {

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
        IgnoreError(CatchAll([&] { LogEnd(status, table->definition()->name, index_name); }));
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
  if (!s.IsNotFound()) return FromRocks(s, "reading an index entry");
  // Staged by the write path's own function, restricted to this index. An item that
  // violates the index key has no entry (EntryFor) and stays out, as DynamoDB does.
  TableLayout only_this{layout->definition, {*index}, {}};
  auto staged = StageIndexEntries(*storage_, only_this, key, std::nullopt, item, batch);
  if (!staged.ok()) return staged.status();
  return true;
}

Status IndexBackfiller::Run(const std::string& ns, Table& table, const std::string& index_name) {
  // Writes that read the layout before the index was published finish first; every
  // later write maintains the index itself.
  locks_->Barrier();
  const std::shared_ptr<const TableLayout> layout = table.layout();
  const LiveIndex* index = layout->Find(index_name);
  if (index == nullptr) return Status::Ok();
  TableWalk walk(*storage_, *locks_, table,
                 catalog_keys::WalkProgressKey(layout->definition->column_family,
                                               index->definition->column_family));
  MT_ASSIGN_OR_RETURN(
      end,
      walk.Run([&](const std::string& key,
                   rocksdb::WriteBatch& batch) { return StageOne(table, index_name, key, batch); },
               [&] {
                 return Stopping() || catalog_->Find(ns, table.definition()->name).get() != &table;
               }));
  if (end != TableWalk::End::kFinished) return Status::Ok();
  // Forgotten before the index turns ACTIVE: a crash in between walks it again, which
  // adds nothing.
  MT_RETURN_IF_ERROR(walk.ClearProgress());
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
