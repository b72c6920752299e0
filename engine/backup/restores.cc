// BackupControl's restores: RestoreTableFromBackup and RestoreTableToPointInTime create
// the target table CREATING at once and load it on the backup worker.
#include <rocksdb/db.h>

#include "engine/backup/backup_control.h"
#include "engine/backup/backup_record.h"
#include "engine/backup/restore_definition.h"
#include "engine/backup/table_copy.h"
#include "engine/base/log.h"
#include "engine/format/backup_keys.h"
#include "engine/format/catalog_keys.h"
#include "engine/history/change_history.h"

namespace monotable::backup {

Result<std::shared_ptr<Table>> BackupControl::CreateTarget(const std::string& ns,
                                                           const TableDefinition& source,
                                                           const std::string& target,
                                                           const RestoreOverrides& overrides,
                                                           RestoreSummary summary) {
  if (catalog_.Find(ns, target)) {
    return Status(ErrorCode::kTableAlreadyExists, "Table already exists: " + target);
  }
  MT_ASSIGN_OR_RETURN(definition,
                      RestoredDefinition(source, target, overrides, clock_.NowMillis()));
  definition.status = TableStatus::kCreating;
  definition.restore = std::move(summary);
  auto table = catalog_.Create(ns, std::move(definition));
  if (!table.ok() && table.status().code() == ErrorCode::kResourceInUse) {
    return Status(ErrorCode::kTableAlreadyExists, "Table already exists: " + target);
  }
  if (!table.ok()) return table.status();
  MT_RETURN_IF_ERROR(on_created_(ns, target));
  return *table;
}

Result<TableDefinition> BackupControl::RestoreFromBackup(const std::string& ns,
                                                         const RestoreFromBackupRequest& request) {
  std::shared_ptr<Table> target;
  {
    // Under the lock: DeleteBackup cannot remove the backup while its restore starts.
    std::lock_guard lock(mutex_);
    if (busy_backups_.count(BusyKey(ns, request.backup_id))) {
      return Status(ErrorCode::kBackupInUse, "");
    }
    MT_ASSIGN_OR_RETURN(backup, GetRecord(storage_, ns, request.backup_id));
    RestoreSummary summary{backup.id, backup.table.name, backup.creation_ms, true};
    MT_ASSIGN_OR_RETURN(created, CreateTarget(ns, backup.table, request.target_table_name,
                                              request.overrides, std::move(summary)));
    target = std::move(created);
    busy_backups_.insert(BusyKey(ns, request.backup_id));
  }
  auto definition = target->definition();
  TableDefinition created = *definition;
  QueueBackupLoad(ns, target, request.backup_id, /*resume=*/false);
  return created;
}

void BackupControl::QueueBackupLoad(const std::string& ns, const std::shared_ptr<Table>& target,
                                    const std::string& backup_id, bool resume) {
  if (resume) {
    std::lock_guard lock(mutex_);
    busy_backups_.insert(BusyKey(ns, backup_id));
  }
  const std::string& name = target->name();
  worker_->Submit("restore of " + name + " from backup " + backup_id,
                  [this, ns, target, backup_id, resume](const std::atomic<bool>& stopping) {
                    const std::string begin = backup_keys::BackupItemPrefix(backup_id);
                    std::string end = begin;
                    end.back() = static_cast<char>(end.back() + 1);
                    RestoreLoader loader(storage_, *target, resume);
                    Status loaded =
                        ForEachItem(storage_, storage_.backups(), begin, end, nullptr, stopping,
                                    [&](std::string_view key, std::string_view value) {
                                      return loader.Add(key.substr(begin.size()), value);
                                    });
                    if (loaded.ok()) loaded = loader.Flush();
                    {
                      std::lock_guard lock(mutex_);
                      busy_backups_.erase(BusyKey(ns, backup_id));
                    }
                    if (stopping) return Status::Ok();  // resumed at the next start-up
                    return FinishRestore(ns, *target, loaded);
                  });
}

Result<TableDefinition> BackupControl::RestoreToPointInTime(
    const std::string& ns, const RestoreToPointInTimeRequest& request) {
  auto source = catalog_.Find(ns, request.source_table_name);
  if (!source) {
    return Status(ErrorCode::kTableNotFound, "Table not found: " + request.source_table_name);
  }
  const auto definition = source->definition();
  if (!definition->point_in_time_recovery.enabled) {
    return Status(ErrorCode::kPitrUnavailable, "Point in time recovery is not enabled for table '" +
                                                   request.source_table_name + "'");
  }
  const ContinuousBackupsInfo window = Describe(*definition);
  const int64_t at_ms = request.restore_ms.value_or(window.latest_restorable_ms);
  if (at_ms < window.earliest_restorable_ms || at_ms > window.latest_restorable_ms) {
    return Status(ErrorCode::kInvalidRestoreTime,
                  "RestoreDateTime must be between EarliestRestorableDateTime and "
                  "LatestRestorableDateTime (monotable keeps a table's change history from "
                  "the moment point-in-time recovery was enabled, for its recovery period)");
  }
  RestoreSummary summary{"", definition->name, at_ms, true};
  MT_ASSIGN_OR_RETURN(target, CreateTarget(ns, *definition, request.target_table_name,
                                           request.overrides, std::move(summary)));
  auto created_definition = target->definition();
  TableDefinition created = *created_definition;
  QueuePointInTimeLoad(ns, target, source, at_ms, /*resume=*/false);
  return created;
}

void BackupControl::QueuePointInTimeLoad(const std::string& ns,
                                         const std::shared_ptr<Table>& target,
                                         const std::shared_ptr<Table>& source, int64_t at_ms,
                                         bool resume) {
  // Taken now: the source's items and its history are read as of one moment, and
  // everything after `at_ms` in between is undone from the history.
  SnapshotRef snapshot = TakeSnapshot(storage_);
  const std::string& name = target->name();
  worker_->Submit(
      "point-in-time restore of " + name,
      [this, ns, target, source, at_ms, resume, snapshot](const std::atomic<bool>& stopping) {
        auto from = source->definition();
        const uint64_t number = catalog_keys::FamilyNumber(from->column_family);
        RestoreLoader loader(storage_, *target, resume);
        auto images = history::ImagesAt(storage_, snapshot.get(), number, at_ms);
        Status loaded = images.ok() ? Status::Ok() : images.status();
        if (loaded.ok()) {
          // Items unchanged since at_ms as they are; changed ones from the history.
          loaded = ForEachItem(storage_, source->family(), "", "", snapshot.get(), stopping,
                               [&](std::string_view key, std::string_view value) {
                                 if (images->count(std::string(key))) return Status::Ok();
                                 return loader.Add(key, value);
                               });
        }
        if (loaded.ok()) {
          for (const auto& [key, image] : *images) {
            if (!image) continue;
            loaded = loader.Add(key, *image);
            if (!loaded.ok()) break;
          }
        }
        if (loaded.ok()) loaded = loader.Flush();
        if (stopping) return Status::Ok();  // resumed at the next start-up
        return FinishRestore(ns, *target, loaded);
      });
}

Status BackupControl::FinishRestore(const std::string& ns, Table& target, const Status& loaded) {
  const std::string& name = target.name();
  if (loaded.ok()) {
    auto definition = target.definition();
    log::Info("restore of table '" + name + "': " + std::to_string(target.item_count()) +
              " items loaded, " + std::to_string(clock_.NowMillis() - definition->creation_ms) +
              " ms after the request");
  }
  if (!loaded.ok()) {
    // The table would stay CREATING forever: drop it; the caller logs why.
    auto dropped = catalog_.Drop(ns, name);
    if (!dropped.ok()) return dropped.status();
    return Status::Internal("restore of " + name + " failed, table dropped: " + loaded.message());
  }
  return catalog_.Update(ns, target, [](const TableDefinition& current) -> Result<TableDefinition> {
    TableDefinition next = current;
    next.status = TableStatus::kActive;
    if (next.restore) next.restore->in_progress = false;
    return next;
  });
}

}  // namespace monotable::backup
