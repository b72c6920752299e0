#include "engine/index_backfill.h"

#include <rocksdb/write_batch.h>

#include "engine/indexes.h"
#include "engine/read_path.h"

namespace monotable {
namespace {

// How often the walk checks that its table still exists.
constexpr int kTableCheckInterval = 1024;

}  // namespace

IndexBackfiller::~IndexBackfiller() {
  stopping_ = true;
  std::lock_guard lock(mutex_);
  for (auto& thread : threads_) thread.join();
}

void IndexBackfiller::Start(std::string ns, std::shared_ptr<Table> table, std::string index_name) {
  std::lock_guard lock(mutex_);
  threads_.emplace_back([this, ns = std::move(ns), table = std::move(table),
                         index_name = std::move(index_name)] {
    // A failed backfill leaves the index CREATING; the next start of the engine
    // resumes it.
    Run(ns, *table, index_name).ok();
  });
}

Result<bool> IndexBackfiller::FillOne(Table& table, const std::string& index_name,
                                      const std::string& key) {
  std::lock_guard lock(locks_->For(table.family()->GetID(), key));
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
  // Stage through the write path's own function, restricted to this index.
  TableLayout only_this{layout->definition, {*index}, {}};
  rocksdb::WriteBatch batch;
  auto staged = StageIndexEntries(*storage_, only_this, key, std::nullopt, item, batch);
  if (!staged.ok()) return true;  // an index key violation: not indexed, as DynamoDB does
  MT_RETURN_IF_ERROR(storage_->Write(&batch));
  return true;
}

Status IndexBackfiller::Run(const std::string& ns, Table& table, const std::string& index_name) {
  // Writes that read the layout before the index was published finish first; every
  // later write maintains the index itself.
  locks_->Barrier();
  rocksdb::ReadOptions options;
  options.total_order_seek = true;
  std::unique_ptr<rocksdb::Iterator> it(storage_->db()->NewIterator(options, table.family()));
  int until_check = kTableCheckInterval;
  for (it->SeekToFirst(); it->Valid(); it->Next()) {
    if (Stopping()) return Status::Ok();
    if (--until_check == 0) {
      until_check = kTableCheckInterval;
      if (catalog_->Find(ns, table.definition()->name).get() != &table) return Status::Ok();
    }
    MT_ASSIGN_OR_RETURN(more, FillOne(table, index_name, it->key().ToString()));
    if (!more) return Status::Ok();
  }
  if (!it->status().ok()) return Status::Internal(it->status().ToString());
  if (catalog_->Find(ns, table.definition()->name).get() != &table) return Status::Ok();
  return catalog_->Update(ns, table, [&](const TableDefinition& current) -> Result<TableDefinition> {
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
