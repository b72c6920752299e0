#pragma once
// BackupControl: on-demand backups (CreateBackup, DescribeBackup, ListBackups,
// DeleteBackup), restores (RestoreTableFromBackup, RestoreTableToPointInTime) and
// point-in-time recovery's switch (Update/DescribeContinuousBackups).
//
// Design. A backup is a copy of the table's items, read from a RocksDB snapshot taken
// when CreateBackup is called and written by a background thread (backup_worker.h) into
// the `backups` column family under the backup's id (format/backup_keys.h), with a
// catalog record holding the source's definition. The snapshot makes the copy
// consistent without blocking a single write: writes go on to the table while the copy
// reads the version of every item as of the request. Index entries are not copied: a
// restore writes every item through ItemBatch, which builds the restored table's
// indexes (possibly overridden) from the items, so they are consistent by construction.
// A copy (rather than a RocksDB checkpoint) survives restarts in the same database,
// outlives its source table, and is deleted by one range delete.
//
// A restored table is CREATING (data-plane requests get ResourceNotFoundException)
// while the background thread loads it, then ACTIVE; its RestoreSummary says where it
// came from. A restore interrupted by shutdown resumes at the next start-up; a backup
// copy interrupted by shutdown cannot (its snapshot is gone) and is removed then.
//
// Thread-safety: every method may be called from any thread.

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>

#include "engine/api/backup_requests.h"
#include "engine/backup/backup_worker.h"
#include "engine/base/clock.h"
#include "engine/base/status.h"
#include "engine/storage/catalog.h"
#include "engine/storage/storage.h"

namespace monotable::backup {

// How long a SYSTEM backup is kept.
inline constexpr int64_t kSystemBackupRetentionMs = int64_t{35} * 24 * 3600 * 1000;

class BackupControl {
 public:
  // Called after a restore created its table (the engine attaches throughput).
  using TableCreated = std::function<Status(const std::string& ns, const std::string& name)>;
  // References must outlive this object.
  BackupControl(Storage& storage, Catalog& catalog, const Clock& clock, TableCreated on_created);
  ~BackupControl();

  // At start-up, after the catalog loaded: removes backups whose copy did not finish,
  // attaches the change history of tables with point-in-time recovery, resumes
  // unfinished restores. Errors: kInternal.
  Status Start();

  // Errors: kTableNotFound "Table not found: <name>", kTableInUse (a table being
  // restored), kInternal.
  Result<BackupInfo> CreateBackup(const std::string& ns, const std::string& table_name,
                                  const std::string& backup_name);
  // The SYSTEM backup DeleteTable takes of a table with point-in-time recovery enabled,
  // just before it drops the table: "<name>$DeletedTableBackup", copied in the
  // background like CreateBackup's, expiring after 35 days (the Developer Guide,
  // "Delete a table with PITR enabled"). Errors: kInternal.
  Result<BackupInfo> CreateSystemBackup(const std::string& ns, const Table& table);
  // Errors: kBackupNotFound (empty message: the protocol names the ARN), kInternal.
  Result<BackupInfo> DescribeBackup(const std::string& ns, const std::string& id) const;
  // Errors: kInternal.
  Result<ListBackupsResult> ListBackups(const std::string& ns,
                                        const ListBackupsRequest& request) const;
  // Returns the backup with status DELETED. Errors: kBackupNotFound, kBackupInUse
  // (being created or restored; empty message), kValidation (a SYSTEM backup: "Invalid
  // Request: User is not allowed to delete the system backup <id>"), kInternal.
  Result<BackupInfo> DeleteBackup(const std::string& ns, const std::string& id);

  // Create the target table (CREATING) and queue its load; return its definition as
  // created (the load may finish before the caller describes it).
  // Errors: kBackupNotFound, kBackupInUse (still being created), kTableAlreadyExists
  // "Table already exists: <name>", kValidation (overrides), kInternal.
  Result<TableDefinition> RestoreFromBackup(const std::string& ns,
                                            const RestoreFromBackupRequest& request);
  // Errors: kTableNotFound, kPitrUnavailable, kInvalidRestoreTime,
  // kTableAlreadyExists, kValidation, kInternal.
  Result<TableDefinition> RestoreToPointInTime(const std::string& ns,
                                               const RestoreToPointInTimeRequest& request);

  // Errors: kTableNotFound, kInternal.
  Result<ContinuousBackupsInfo> UpdateContinuousBackups(const std::string& ns,
                                                        const std::string& table_name, bool enabled,
                                                        std::optional<int64_t> period_days);
  Result<ContinuousBackupsInfo> DescribeContinuousBackups(const std::string& ns,
                                                          const std::string& table_name) const;
  // After DeleteTable: the table's change history goes with it. Errors: kInternal.
  Status ForgetTable(const TableDefinition& deleted);

  // Deletes the SYSTEM backups past their expiry (the worker runs it hourly).
  // Errors: kInternal.
  Status ExpireSystemBackups();
  // Trims every change history past its recovery period (the worker runs it hourly).
  // Errors: kInternal.
  Status TrimHistories();
  // Blocks until queued copies and restores are done (tests, benchmarks).
  void Drain();
  // The worker's jobs and maintenance passes run and failed (for /metrics).
  jobs::JobCounts WorkerCounts() const;

 private:
  // Queues the load of `target` (CREATING) and its switch to ACTIVE. `resume`: the
  // table may already hold some items (a restore interrupted by a restart).
  void QueueBackupLoad(const std::string& ns, const std::shared_ptr<Table>& target,
                       const std::string& backup_id, bool resume);
  void QueuePointInTimeLoad(const std::string& ns, const std::shared_ptr<Table>& target,
                            const std::shared_ptr<Table>& source, int64_t at_ms, bool resume);
  // Marks the restored table ACTIVE, or drops it when the load failed for good.
  Status FinishRestore(const std::string& ns, Table& target, const Status& loaded);
  Status AttachHistory(Table& table) const;
  static std::string BusyKey(const std::string& ns, const std::string& id) {
    return ns + '\0' + id;
  }
  ContinuousBackupsInfo Describe(const TableDefinition& definition) const;
  // Records a backup (CREATING) of `table` as of now and queues its copy.
  Result<BackupInfo> StartBackup(const std::string& ns, const Table& table,
                                 const std::string& backup_name, bool system);
  // Creates a restore's target table. Errors: kTableAlreadyExists, kValidation, kInternal.
  Result<std::shared_ptr<Table>> CreateTarget(const std::string& ns, const TableDefinition& source,
                                              const std::string& target,
                                              const RestoreOverrides& overrides,
                                              RestoreSummary summary);

  Storage& storage_;
  Catalog& catalog_;
  const Clock& clock_;
  TableCreated on_created_;
  mutable std::mutex mutex_;
  std::set<std::string> busy_backups_;    // ns '\0' id, being copied or restored (mutex_)
  std::unique_ptr<BackupWorker> worker_;  // last: its thread stops first
};

}  // namespace monotable::backup
