// CreateBackup, DescribeBackup, ListBackups, DeleteBackup (engine/backup).
#include "protocol/ops/backup_json.h"
#include "protocol/ops/handlers.h"

namespace monotable::protocol::ops {
namespace {

constexpr size_t kMaxTableArnLength = 1024;
constexpr size_t kMinBackupArnLength = 37;
constexpr int kMaxListLimit = 100;

// BackupArn: required, 37-1024 characters. Errors: kValidation.
Result<std::string> RequiredBackupArn(JsonObject request) {
  MT_ASSIGN_OR_RETURN(arn, OptionalString(request, "BackupArn"));
  ConstraintErrors errors;
  errors.CheckLength(arn, "backupArn", kMinBackupArnLength, kMaxTableArnLength, true);
  MT_RETURN_IF_ERROR(errors.ToStatus());
  return std::string(*arn);
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
  ConstraintErrors errors;
  MT_ASSIGN_OR_RETURN(table, OptionalString(request, "TableName"));
  MT_ASSIGN_OR_RETURN(name, OptionalString(request, "BackupName"));
  errors.CheckLength(table, "tableName", 1, kMaxTableArnLength, /*required=*/true);
  errors.CheckTableName(name, "backupName");
  MT_RETURN_IF_ERROR(errors.ToStatus());
  MT_ASSIGN_OR_RETURN(table_name, TableNameOrArn(ctx, *table));
  MT_ASSIGN_OR_RETURN(backup, ctx.engine.CreateBackup(ctx.request, table_name, std::string(*name)));
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
  return BackupDescriptionResponse(ctx, arn, ctx.engine.DeleteBackup(ctx.request, id));
}

Result<std::string> ListBackups(const OperationContext& ctx, JsonObject request) {
  ConstraintErrors errors;
  ListBackupsRequest list;
  MT_ASSIGN_OR_RETURN(table, OptionalString(request, "TableName"));
  errors.CheckLength(table, "tableName", 1, kMaxTableArnLength, /*required=*/false);
  MT_ASSIGN_OR_RETURN(limit, OptionalInt(request, "Limit"));
  if (limit && *limit < 1) {
    errors.AddString(std::to_string(*limit), "limit",
                     "Member must have value greater than or equal to 1");
  } else if (limit && *limit > kMaxListLimit) {
    errors.AddString(std::to_string(*limit), "limit",
                     "Member must have value less than or equal to 100");
  }
  MT_ASSIGN_OR_RETURN(start, OptionalString(request, "ExclusiveStartBackupArn"));
  errors.CheckLength(start, "exclusiveStartBackupArn", kMinBackupArnLength, kMaxTableArnLength,
                     /*required=*/false);
  MT_ASSIGN_OR_RETURN(type, OptionalString(request, "BackupType"));
  if (type && *type != "USER" && *type != "SYSTEM" && *type != "AWS_BACKUP" && *type != "ALL") {
    errors.AddString(*type, "backupType",
                     "Member must satisfy enum value set: [USER, SYSTEM, AWS_BACKUP, ALL]");
  }
  MT_ASSIGN_OR_RETURN(lower, OptionalEpochMillis(request, "TimeRangeLowerBound"));
  MT_ASSIGN_OR_RETURN(upper, OptionalEpochMillis(request, "TimeRangeUpperBound"));
  MT_RETURN_IF_ERROR(errors.ToStatus());
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
  // monotable's backups are all USER backups: a SYSTEM or AWS_BACKUP filter finds none.
  const bool user_backups = !type || *type == "USER" || *type == "ALL";
  ListBackupsResult result;
  if (user_backups) {
    MT_ASSIGN_OR_RETURN(found, ctx.engine.ListBackups(ctx.request, list));
    result = std::move(found);
  }
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
