#include "engine/index/index_backfill.h"

#include <rocksdb/write_batch.h>

#include "engine/base/log.h"
#include "engine/format/catalog_keys.h"
#include "engine/index/index_staging.h"
#include "engine/index/table_walk.h"
#include "engine/storage/rocks_status.h"
#include "engine/storage/stored_items.h"

namespace monotable {

IndexBackfiller::~IndexBackfiller() { runner_.StopAll(); }

void IndexBackfiller::Start(std::string ns, std::shared_ptr<Table> table, std::string index_name) {
  const std::string table_name = table->name();
  // One backfill per index of this Table (a table created again under the name is
  // another Table).
  std::string key = jobs::JobRunner::KeyOf(table.get(), index_name);
  std::string what = "backfill of index '" + index_name + "' of table '" + table_name + "'";
  runner_.Start(
      std::move(key), what,
      [this, ns = std::move(ns), table = std::move(table), index_name = std::move(index_name),
       what](const std::atomic<bool>& stop) {
        Status status = Run(ns, *table, index_name, stop);
        // An index deleted during its backfill is a normal end.
        if (status.code() != ErrorCode::kResourceNotFound) return status;
        log::Info(what + " ended: " + status.message());
        return Status::Ok();
      },
      " (the index stays CREATING, Backfilling, until the server restarts and resumes it)");
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

Status IndexBackfiller::Run(const std::string& ns, Table& table, const std::string& index_name,
                            const std::atomic<bool>& stop) {
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
               [&] { return stop.load() || catalog_->Find(ns, table.name()).get() != &table; }));
  if (end != TableWalk::End::kFinished) return Status::Ok();
  // Forgotten before the index turns ACTIVE: a crash in between walks it again, which
  // adds nothing.
  MT_RETURN_IF_ERROR(walk.ClearProgress());
  if (catalog_->Find(ns, table.name()).get() != &table) return Status::Ok();
  return catalog_->Update(ns, table,
                          [&](const TableDefinition& current) -> Result<TableDefinition> {
                            TableDefinition next = current;
                            for (auto& gsi : next.global_secondary_indexes) {
                              if (gsi.name == index_name && gsi.status == IndexStatus::kCreating) {
                                gsi.status = IndexStatus::kActive;
                                gsi.backfilling = false;
                                return next;
                              }
                            }
                            return Status::NotFound("the index was deleted during its backfill");
                          });
}

}  // namespace monotable
