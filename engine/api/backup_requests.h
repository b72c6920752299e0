#pragma once
// The typed requests and results of backups, restores and point-in-time recovery
// (engine/backup). Backups are named by their id ("<14-digit epoch ms>-<8 hex>"); the
// protocol turns ids into ARNs and back. Plain data; thread-compatible.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/schema/table_schema.h"

namespace monotable {

enum class BackupStatus : uint8_t { kCreating = 1, kAvailable = 2, kDeleted = 3 };

// One backup: what DescribeBackup, ListBackups and DeleteBackup report.
struct BackupInfo {
  std::string id;
  std::string name;
  BackupStatus status = BackupStatus::kCreating;
  int64_t creation_ms = 0;
  int64_t size_bytes = 0;  // of the items backed up (known once AVAILABLE)
  int64_t item_count = 0;  // likewise
  // The source table as it was when the backup was taken (indexes, throughput...),
  // with its statistics then.
  TableDefinition table;
  int64_t table_item_count = 0;
  int64_t table_size_bytes = 0;
  // A SYSTEM backup: taken by DeleteTable of a table with point-in-time recovery
  // enabled, kept until `expiry_ms` (35 days), not deletable by DeleteBackup.
  bool system = false;
  int64_t expiry_ms = 0;
};

// ListBackups' BackupType. USER when absent, as DynamoDB (its API reference).
enum class BackupTypeFilter { kUser, kSystem, kAwsBackup, kAll };

struct ListBackupsRequest {
  std::optional<std::string> table_name;
  std::optional<int64_t> lower_bound_ms;  // inclusive
  std::optional<int64_t> upper_bound_ms;  // exclusive
  std::optional<std::string> exclusive_start_id;
  BackupTypeFilter type = BackupTypeFilter::kUser;
  int limit = 100;
};

struct ListBackupsResult {
  std::vector<BackupInfo> backups;
  std::optional<std::string> last_evaluated_id;
};

// What a restore may change of the source's definition (RestoreTableFromBackup's and
// RestoreTableToPointInTime's overrides). An index override replaces the whole list of
// that kind: it may keep, drop or reshape the source's indexes.
struct RestoreOverrides {
  std::optional<BillingMode> billing_mode;
  std::optional<ProvisionedThroughput> throughput;
  std::optional<OnDemandThroughput> on_demand_throughput;
  std::optional<std::vector<SecondaryIndexDefinition>> global_secondary_indexes;
  std::optional<std::vector<SecondaryIndexDefinition>> local_secondary_indexes;
};

struct RestoreFromBackupRequest {
  std::string backup_id;
  std::string target_table_name;
  RestoreOverrides overrides;
};

struct RestoreToPointInTimeRequest {
  std::string source_table_name;
  std::string target_table_name;
  std::optional<int64_t> restore_ms;  // nullopt: UseLatestRestorableTime
  RestoreOverrides overrides;
};

// DescribeContinuousBackups / UpdateContinuousBackups.
struct ContinuousBackupsInfo {
  bool pitr_enabled = false;
  int64_t earliest_restorable_ms = 0;  // while enabled
  int64_t latest_restorable_ms = 0;
  int64_t recovery_period_days = 0;
};

}  // namespace monotable
