// CreateBackup, DescribeBackup, ListBackups, DeleteBackup (engine/backup).
#include <ctime>

#include "protocol/ops/backup_json.h"
#include "protocol/ops/handlers.h"

namespace monotable::protocol::ops {
namespace {

// Every member's constraints (BackupArn's 37 to 1024 characters, BackupName's pattern,
// ListBackups' Limit and BackupType) are the service model's checks.

// "2026-12-29T10:00:00Z".
std::string UtcText(int64_t ms) {
  const std::time_t seconds = static_cast<std::time_t>(ms / 1000);
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char text[32];
  std::strftime(text, sizeof(text), "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

Result<std::string> RequiredBackupArn(JsonObject request) {
  MT_ASSIGN_OR_RETURN(arn, RequiredString(request, "BackupArn"));
  return std::string(arn);
}

Result<std::string> BackupDescriptionResponse(const OperationContext& ctx, std::string_view arn,
                                              const Result<BackupInfo>& backup) {
  if (!backup.ok()) return NameBackupArn(backup.status(), arn);
  JsonWriter w;
  w.BeginObject().Key("BackupDescription");
  WriteBackupDescription(w, ctx, *backup);
  w.EndObject();
  return w.Take();
}

}  // namespace

Result<std::string> CreateBackup(const OperationContext& ctx, JsonObject request) {
  MT_ASSIGN_OR_RETURN(table, RequiredString(request, "TableName"));
  MT_ASSIGN_OR_RETURN(name, RequiredString(request, "BackupName"));
  MT_ASSIGN_OR_RETURN(table_name, TableNameOrArn(ctx, table));
  MT_ASSIGN_OR_RETURN(backup, ctx.engine.CreateBackup(ctx.request, table_name, std::string(name)));
  JsonWriter w;
  w.BeginObject().Key("BackupDetails");
  WriteBackupDetails(w, ctx, backup);
  w.EndObject();
  return w.Take();
}

Result<std::string> DescribeBackup(const OperationContext& ctx, JsonObject request) {
  MT_ASSIGN_OR_RETURN(arn, RequiredBackupArn(request));
  MT_ASSIGN_OR_RETURN(id, BackupIdOfArn(ctx, arn));
  return BackupDescriptionResponse(ctx, arn, ctx.engine.DescribeBackup(ctx.request, id));
}

Result<std::string> DeleteBackup(const OperationContext& ctx, JsonObject request) {
  MT_ASSIGN_OR_RETURN(arn, RequiredBackupArn(request));
  MT_ASSIGN_OR_RETURN(id, BackupIdOfArn(ctx, arn));
  // A SYSTEM backup expires by itself (ack-api-quirks DDB-TABLE-442, from AWS; the form
  // of the time is monotable's).
  auto backup = ctx.engine.DescribeBackup(ctx.request, id);
  if (backup.ok() && backup->system) {
    return Status::Validation(
        "Invalid Request: User is not allowed to delete the system backup with arn " + arn +
        ". It will automatically expire on " + UtcText(backup->expiry_ms));
  }
  return BackupDescriptionResponse(ctx, arn, ctx.engine.DeleteBackup(ctx.request, id));
}

Result<std::string> ListBackups(const OperationContext& ctx, JsonObject request) {
  ListBackupsRequest list;
  MT_ASSIGN_OR_RETURN(table, OptionalString(request, "TableName"));
  MT_ASSIGN_OR_RETURN(limit, OptionalInt(request, "Limit"));
  MT_ASSIGN_OR_RETURN(start, OptionalString(request, "ExclusiveStartBackupArn"));
  MT_ASSIGN_OR_RETURN(type, OptionalString(request, "BackupType"));
  MT_ASSIGN_OR_RETURN(lower, OptionalEpochMillis(request, "TimeRangeLowerBound"));
  MT_ASSIGN_OR_RETURN(upper, OptionalEpochMillis(request, "TimeRangeUpperBound"));
  if (lower && upper && *lower > *upper) {
    return Status::Validation("TimeRangeUpperBound must be greater than TimeRangeLowerBound");
  }
  if (table) {
    MT_ASSIGN_OR_RETURN(name, TableNameOrArn(ctx, *table));
    list.table_name = std::move(name);
  }
  if (start) {
    MT_ASSIGN_OR_RETURN(id, BackupIdOfArn(ctx, *start));
    list.exclusive_start_id = std::move(id);
  }
  list.lower_bound_ms = lower;
  list.upper_bound_ms = upper;
  if (limit) list.limit = static_cast<int>(*limit);
  if (type == std::optional<std::string_view>("SYSTEM")) {
    list.type = BackupTypeFilter::kSystem;
  } else if (type == std::optional<std::string_view>("AWS_BACKUP")) {
    list.type = BackupTypeFilter::kAwsBackup;  // monotable has none
  } else if (type == std::optional<std::string_view>("ALL")) {
    list.type = BackupTypeFilter::kAll;
  }
  MT_ASSIGN_OR_RETURN(result, ctx.engine.ListBackups(ctx.request, list));
  JsonWriter w;
  w.BeginObject().Key("BackupSummaries").BeginArray();
  for (const auto& backup : result.backups) WriteBackupSummary(w, ctx, backup);
  w.EndArray();
  if (result.last_evaluated_id) {
    for (const auto& backup : result.backups) {
      if (backup.id == *result.last_evaluated_id) {
        w.Key("LastEvaluatedBackupArn").String(BackupArnOf(ctx, backup));
      }
    }
  }
  w.EndObject();
  return w.Take();
}

}  // namespace monotable::protocol::ops
