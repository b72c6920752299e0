// RestoreTableFromBackup and RestoreTableToPointInTime: the new table's description
// (CREATING while it loads, with its RestoreSummary).
#include "protocol/ops/backup_json.h"
#include "protocol/ops/handlers.h"
#include "protocol/table_description_json.h"

namespace monotable::protocol::ops {
namespace {

Result<std::string> RestoredTableResponse(const OperationContext& ctx,
                                          const Result<TableDescription>& description) {
  if (!description.ok()) return description.status();
  JsonWriter w;
  w.BeginObject().Key("TableDescription");
  WriteTableDescription(w, *description, ctx.region, ctx.account_id);
  w.EndObject();
  return w.Take();
}

}  // namespace

Result<std::string> RestoreTableFromBackup(const OperationContext& ctx, JsonObject request) {
  // The members' constraints are the service model's checks.
  MT_ASSIGN_OR_RETURN(target, RequiredString(request, "TargetTableName"));
  MT_ASSIGN_OR_RETURN(arn, RequiredString(request, "BackupArn"));
  RestoreFromBackupRequest restore;
  MT_ASSIGN_OR_RETURN(overrides, DecodeRestoreOverrides(request));
  MT_ASSIGN_OR_RETURN(id, BackupIdOfArn(ctx, arn));
  restore.backup_id = std::move(id);
  restore.target_table_name = std::string(target);
  restore.overrides = std::move(overrides);
  auto description = ctx.engine.RestoreTableFromBackup(ctx.request, restore);
  if (!description.ok()) return NameBackupArn(description.status(), arn);
  return RestoredTableResponse(ctx, description);
}

Result<std::string> RestoreTableToPointInTime(const OperationContext& ctx, JsonObject request) {
  // The members' constraints are the service model's checks.
  MT_ASSIGN_OR_RETURN(target, RequiredString(request, "TargetTableName"));
  MT_ASSIGN_OR_RETURN(source_name, OptionalString(request, "SourceTableName"));
  MT_ASSIGN_OR_RETURN(source_arn, OptionalString(request, "SourceTableArn"));
  MT_ASSIGN_OR_RETURN(latest, OptionalBool(request, "UseLatestRestorableTime"));
  MT_ASSIGN_OR_RETURN(at, OptionalEpochMillis(request, "RestoreDateTime"));
  MT_ASSIGN_OR_RETURN(overrides, DecodeRestoreOverrides(request));
  if (!source_name == !source_arn) {
    return Status::Validation("Exactly one of SourceTableName or SourceTableArn must be specified");
  }
  if (latest.value_or(false) && at) {
    return Status::Validation(
        "Only one of RestoreDateTime or UseLatestRestorableTime can be specified");
  }
  if (!latest.value_or(false) && !at) {
    return Status::Validation(
        "Either RestoreDateTime or UseLatestRestorableTime must be specified");
  }
  RestoreToPointInTimeRequest restore;
  MT_ASSIGN_OR_RETURN(source, TableNameOrArn(ctx, source_name ? *source_name : *source_arn));
  restore.source_table_name = std::move(source);
  restore.target_table_name = std::string(target);
  restore.restore_ms = at;
  restore.overrides = std::move(overrides);
  return RestoredTableResponse(ctx, ctx.engine.RestoreTableToPointInTime(ctx.request, restore));
}

}  // namespace monotable::protocol::ops
