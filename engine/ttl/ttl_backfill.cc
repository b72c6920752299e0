#include "engine/ttl/ttl_backfill.h"

#include <rocksdb/write_batch.h>

#include <chrono>

#include "engine/base/log.h"
#include "engine/format/catalog_keys.h"
#include "engine/index/table_walk.h"
#include "engine/storage/stored_items.h"
#include "engine/ttl/expiry_index.h"

namespace monotable::ttl {

std::string TtlBackfiller::ProgressKey(const TableDefinition& table) {
  return catalog_keys::WalkProgressKey(table.column_family, "ttl");
}

TtlBackfiller::~TtlBackfiller() { runner_.StopAll(); }

void TtlBackfiller::Start(std::string ns, std::shared_ptr<Table> table) {
  std::string key = jobs::JobRunner::KeyOf(table.get());
  std::string what = "Time to Live backfill of table '" + table->name() + "'";
  runner_.Start(
      std::move(key), std::move(what),
      [this, ns = std::move(ns), table = std::move(table)](const std::atomic<bool>& stop) {
        return Run(ns, *table, stop);
      },
      " (it resumes when the server next starts)");
}

void TtlBackfiller::Stop(const Table& table) { runner_.Stop(jobs::JobRunner::KeyOf(&table)); }

Status TtlBackfiller::Run(const std::string& ns, Table& table, const std::atomic<bool>& stop) {
  // Writes that read the layout before TTL was enabled finish first; every later write
  // maintains the index itself.
  locks_->Barrier();
  const std::shared_ptr<const TableDefinition> started = table.definition();
  if (!started->time_to_live.enabled || !started->time_to_live.backfilling) return Status::Ok();
  TableWalk walk(*storage_, *locks_, table, ProgressKey(*started));
  const auto began = std::chrono::steady_clock::now();
  int64_t indexed = 0;
  MT_ASSIGN_OR_RETURN(
      end, walk.Run(
               [&](const std::string& key, rocksdb::WriteBatch& batch) -> Result<bool> {
                 // Under the item's lock: the layout a write would use now.
                 auto definition = table.definition();
                 const TimeToLiveSettings& ttl = definition->time_to_live;
                 if (!ttl.enabled || !ttl.backfilling ||
                     ttl.attribute_name != started->time_to_live.attribute_name) {
                   return false;
                 }
                 MT_ASSIGN_OR_RETURN(item, ReadStoredItem(*storage_, table, key));
                 if (!item) return true;  // deleted since the snapshot
                 if (auto entry = EntryKeyOf(*definition, key, *item)) {
                   batch.Put(storage_->expiry(), *entry, "");
                   ++indexed;
                 }
                 return true;
               },
               [&] { return stop.load() || catalog_->Find(ns, started->name).get() != &table; }));
  if (end != TableWalk::End::kFinished) return Status::Ok();
  // Forgotten before the mark is cleared: a crash in between walks again, adding
  // nothing new.
  MT_RETURN_IF_ERROR(walk.ClearProgress());
  Status updated =
      catalog_->Update(ns, table, [&](const TableDefinition& current) -> Result<TableDefinition> {
        if (!current.time_to_live.enabled || !current.time_to_live.backfilling ||
            current.time_to_live.attribute_name != started->time_to_live.attribute_name) {
          return Status::NotFound("TTL was disabled during its backfill");
        }
        TableDefinition next = current;
        next.time_to_live.backfilling = false;
        return next;
      });
  if (updated.ok()) {
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                        std::chrono::steady_clock::now() - began)
                        .count();
    log::Info("Time to Live backfill of table '" + started->name + "' finished: " +
              std::to_string(indexed) + " items indexed in " + std::to_string(ms) + " ms");
  }
  return updated.code() == ErrorCode::kResourceNotFound ? Status::Ok() : updated;
}

}  // namespace monotable::ttl
