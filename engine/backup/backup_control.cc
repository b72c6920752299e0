// BackupControl: construction, start-up and the on-demand backups themselves
// (restores: restores.cc; point-in-time recovery: point_in_time.cc).
#include "engine/backup/backup_control.h"

#include <cstdio>
#include <random>

#include "engine/backup/backup_record.h"
#include "engine/backup/table_copy.h"
#include "engine/base/ignore_error.h"
#include "engine/base/log.h"
#include "engine/format/backup_keys.h"

namespace monotable::backup {
namespace {

// Histories are trimmed to their recovery period this often.
constexpr int64_t kTrimIntervalMs = int64_t{3600} * 1000;

// DynamoDB's backup ids: "<14-digit epoch ms>-<8 hex>", in creation order.
std::string NewBackupId(int64_t now_ms) {
  static thread_local std::mt19937 generator{std::random_device{}()};
  char id[32];
  snprintf(id, sizeof(id), "%014lld-%08x", static_cast<long long>(now_ms),
           static_cast<unsigned>(generator()));
  return id;
}

// Removes a backup's items and record. Errors: kInternal.
Status EraseBackup(Storage& storage, const std::string& ns, const std::string& id) {
  std::string begin = backup_keys::BackupItemPrefix(id);
  std::string end = begin;
  end.back() = static_cast<char>(end.back() + 1);  // ids have one length: the next prefix
  rocksdb::WriteBatch batch;
  batch.DeleteRange(storage.backups(), begin, end);
  batch.Delete(storage.catalog(), backup_keys::BackupRecordKey(ns, id));
  return storage.Write(&batch);
}

bool OfType(const BackupInfo& backup, BackupTypeFilter type) {
  switch (type) {
    case BackupTypeFilter::kUser: return !backup.system;
    case BackupTypeFilter::kSystem: return backup.system;
    case BackupTypeFilter::kAwsBackup: return false;  // monotable has no AWS Backup
    case BackupTypeFilter::kAll: return true;
  }
  return true;
}

}  // namespace

Status BackupControl::ExpireSystemBackups() {
  MT_ASSIGN_OR_RETURN(records, AllRecords(storage_));
  const int64_t now = clock_.NowMillis();
  for (const auto& [ns, backup] : records) {
    if (!backup.system || backup.expiry_ms > now) continue;
    std::lock_guard lock(mutex_);
    if (busy_backups_.count(BusyKey(ns, backup.id))) continue;  // being restored: next hour
    MT_RETURN_IF_ERROR(EraseBackup(storage_, ns, backup.id));
  }
  return Status::Ok();
}

BackupControl::BackupControl(Storage& storage, Catalog& catalog, const Clock& clock,
                             TableCreated on_created)
    : storage_(storage),
      catalog_(catalog),
      clock_(clock),
      on_created_(std::move(on_created)),
      worker_(std::make_unique<BackupWorker>(
          [this] {
            MT_RETURN_IF_ERROR(ExpireSystemBackups());
            return TrimHistories();
          },
          kTrimIntervalMs)) {}

BackupControl::~BackupControl() { worker_.reset(); }

void BackupControl::Drain() { worker_->Drain(); }

jobs::JobCounts BackupControl::WorkerCounts() const { return worker_->Counts(); }

Status BackupControl::Start() {
  MT_ASSIGN_OR_RETURN(records, AllRecords(storage_));
  for (const auto& [ns, backup] : records) {
    if (backup.status != BackupStatus::kCreating) continue;
    log::Warn("backup " + backup.id + " of table " + backup.table.name +
              " was still being copied at shutdown; it is removed");
    MT_RETURN_IF_ERROR(EraseBackup(storage_, ns, backup.id));
  }
  for (const auto& [ns, table] : catalog_.All()) {
    const auto definition = table->definition();
    if (definition->point_in_time_recovery.enabled) MT_RETURN_IF_ERROR(AttachHistory(*table));
    if (!definition->restore || !definition->restore->in_progress) continue;
    const RestoreSummary& restore = *definition->restore;
    if (!restore.source_backup_id.empty()) {
      QueueBackupLoad(ns, table, restore.source_backup_id, /*resume=*/true);
      continue;
    }
    auto source = catalog_.Find(ns, restore.source_table_name);
    auto from = source ? source->definition() : Pinned<TableDefinition>();
    if (!source || !from->point_in_time_recovery.enabled) {
      log::Error("restore of " + definition->name + " cannot resume: its source table " +
                 restore.source_table_name + " has no point-in-time recovery any more");
      MT_RETURN_IF_ERROR(FinishRestore(ns, *table, Status::Internal("source gone")));
      continue;
    }
    QueuePointInTimeLoad(ns, table, source, restore.restore_ms, /*resume=*/true);
  }
  return TrimHistories();
}

Result<BackupInfo> BackupControl::CreateBackup(const std::string& ns, const std::string& table_name,
                                               const std::string& backup_name) {
  auto table = catalog_.Find(ns, table_name);
  if (!table) return Status(ErrorCode::kTableNotFound, "Table not found: " + table_name);
  if (auto definition = table->definition(); definition->status == TableStatus::kCreating) {
    return Status(ErrorCode::kTableInUse,
                  "Table is being restored: " + table_name + "; back it up once it is ACTIVE");
  }
  return StartBackup(ns, *table, backup_name, /*system=*/false);
}

Result<BackupInfo> BackupControl::CreateSystemBackup(const std::string& ns, const Table& table) {
  // The Developer Guide: "<table name>$DeletedTableBackup", kept for 35 days.
  return StartBackup(ns, table, table.name() + "$DeletedTableBackup", /*system=*/true);
}

Result<BackupInfo> BackupControl::StartBackup(const std::string& ns, const Table& table,
                                              const std::string& backup_name, bool system) {
  const auto layout = table.layout();
  // The snapshot fixes what the backup holds: the table as of this request.
  SnapshotRef snapshot = TakeSnapshot(storage_);
  BackupInfo backup;
  backup.creation_ms = clock_.NowMillis();
  backup.id = NewBackupId(backup.creation_ms);
  backup.name = backup_name;
  backup.status = BackupStatus::kCreating;
  backup.table = *layout->definition;
  backup.table_item_count = table.item_count();
  backup.table_size_bytes = table.size_bytes();
  backup.system = system;
  if (system) backup.expiry_ms = backup.creation_ms + kSystemBackupRetentionMs;
  MT_RETURN_IF_ERROR(PutRecord(storage_, ns, backup));
  {
    std::lock_guard lock(mutex_);
    busy_backups_.insert(BusyKey(ns, backup.id));
  }
  const std::string table_name = backup.table.name;
  // The family reference keeps a dropped table's items readable (a SYSTEM backup is
  // taken as its table is deleted).
  worker_->Submit("backup " + backup.id + " of " + table_name,
                  [this, ns, backup, snapshot, family = table.family_ref()](
                      const std::atomic<bool>& stopping) mutable -> Status {
                    const int64_t started = clock_.NowMillis();
                    auto totals = CopyToBackup(storage_, family, snapshot, backup.id, stopping);
                    snapshot.reset();
                    Status done = totals.ok() ? Status::Ok() : totals.status();
                    if (totals.ok()) {
                      backup.status = BackupStatus::kAvailable;
                      backup.item_count = totals->items;
                      backup.size_bytes = totals->bytes;
                      done = PutRecord(storage_, ns, backup);
                      log::Info("backup " + backup.id + " of table '" + backup.table.name +
                                "': " + std::to_string(totals->items) + " items copied in " +
                                std::to_string(clock_.NowMillis() - started) + " ms");
                    } else if (!stopping) {
                      // Best effort: the copy's failure is what is logged below.
                      IgnoreError(EraseBackup(storage_, ns, backup.id));
                    }
                    std::lock_guard lock(mutex_);
                    busy_backups_.erase(BusyKey(ns, backup.id));
                    return done;
                  });
  return backup;
}

Result<BackupInfo> BackupControl::DescribeBackup(const std::string& ns,
                                                 const std::string& id) const {
  return GetRecord(storage_, ns, id);
}

Result<ListBackupsResult> BackupControl::ListBackups(const std::string& ns,
                                                     const ListBackupsRequest& request) const {
  MT_ASSIGN_OR_RETURN(all, ListRecords(storage_, ns));
  ListBackupsResult result;
  for (auto& backup : all) {
    if (request.exclusive_start_id && backup.id <= *request.exclusive_start_id) continue;
    if (request.table_name && backup.table.name != *request.table_name) continue;
    if (request.lower_bound_ms && backup.creation_ms < *request.lower_bound_ms) continue;
    if (request.upper_bound_ms && backup.creation_ms >= *request.upper_bound_ms) continue;
    if (!OfType(backup, request.type)) continue;
    if (static_cast<int>(result.backups.size()) == request.limit) {
      result.last_evaluated_id = result.backups.back().id;
      break;
    }
    result.backups.push_back(std::move(backup));
  }
  return result;
}

Result<BackupInfo> BackupControl::DeleteBackup(const std::string& ns, const std::string& id) {
  MT_ASSIGN_OR_RETURN(backup, GetRecord(storage_, ns, id));
  if (backup.system) {
    // The protocol answers with the backup's ARN before it gets here (DeleteBackup in
    // protocol/ops/backups.cc); this guards the engine's own callers.
    return Status::Validation("Invalid Request: User is not allowed to delete the system backup " +
                              id);
  }
  {
    std::lock_guard lock(mutex_);
    if (busy_backups_.count(BusyKey(ns, id))) return Status(ErrorCode::kBackupInUse, "");
    // Under the lock: a restore cannot start on it meanwhile.
    MT_RETURN_IF_ERROR(EraseBackup(storage_, ns, id));
  }
  backup.status = BackupStatus::kDeleted;
  return backup;
}

}  // namespace monotable::backup
