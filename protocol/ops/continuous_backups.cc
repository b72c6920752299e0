// DescribeContinuousBackups and UpdateContinuousBackups: continuous backups are always
// ENABLED (on-demand backups work), point-in-time recovery is switched per table
// (engine/backup/backup_control.h) and reports its restorable window while enabled.
#include "protocol/json_writer.h"
#include "protocol/ops/handlers.h"
#include "protocol/resource_arn.h"

namespace monotable::protocol::ops {
namespace {

// TableName is a name or a table ARN (its length checked by the model); a table that
// does not exist is TableNotFoundException here, not ResourceNotFoundException. Errors:
// kValidation, kTableNotFound "Table not found: <name>".
Result<std::string> ExistingTable(const OperationContext& ctx, JsonObject request) {
  MT_ASSIGN_OR_RETURN(table, RequiredString(request, "TableName"));
  std::string name(table);
  if (name.starts_with("arn:")) {
    MT_ASSIGN_OR_RETURN(resolved,
                        ResolveTableArn(name, ctx.region, ctx.account_id, ArnUse::kPolicy));
    name = std::move(resolved.table_name);
  }
  auto definition = ctx.engine.TableDefinitionOf(ctx.request, name);
  if (definition.ok()) return name;
  if (definition.status().code() != ErrorCode::kResourceNotFound) return definition.status();
  return Status(ErrorCode::kTableNotFound, "Table not found: " + name);
}

std::string ContinuousBackupsResponse(const ContinuousBackupsInfo& info) {
  JsonWriter w;
  w.BeginObject().Key("ContinuousBackupsDescription").BeginObject();
  w.Key("ContinuousBackupsStatus").String("ENABLED");
  w.Key("PointInTimeRecoveryDescription").BeginObject();
  w.Key("PointInTimeRecoveryStatus").String(info.pitr_enabled ? "ENABLED" : "DISABLED");
  if (info.pitr_enabled) {
    w.Key("RecoveryPeriodInDays").Int(info.recovery_period_days);
    w.Key("EarliestRestorableDateTime").EpochSeconds(info.earliest_restorable_ms);
    w.Key("LatestRestorableDateTime").EpochSeconds(info.latest_restorable_ms);
  }
  w.EndObject();
  w.EndObject().EndObject();
  return w.Take();
}

}  // namespace

Result<std::string> DescribeContinuousBackups(const OperationContext& ctx, JsonObject request) {
  MT_ASSIGN_OR_RETURN(name, ExistingTable(ctx, request));
  MT_ASSIGN_OR_RETURN(info, ctx.engine.DescribeContinuousBackups(ctx.request, name));
  return ContinuousBackupsResponse(info);
}

Result<std::string> UpdateContinuousBackups(const OperationContext& ctx, JsonObject request) {
  // Required members and RecoveryPeriodInDays' range (1 to 35) are the model's checks.
  MT_ASSIGN_OR_RETURN(spec, RequiredObject(request, "PointInTimeRecoverySpecification"));
  MT_ASSIGN_OR_RETURN(enabled, RequiredBool(spec, "PointInTimeRecoveryEnabled"));
  MT_ASSIGN_OR_RETURN(period, OptionalInt(spec, "RecoveryPeriodInDays"));
  MT_ASSIGN_OR_RETURN(name, ExistingTable(ctx, request));
  if (!enabled && period) {
    return Status::Validation(
        "Invalid Request: Cannot specify RecoveryPeriodInDays when disabling point-in-time "
        "recovery.");
  }
  MT_ASSIGN_OR_RETURN(info, ctx.engine.UpdateContinuousBackups(ctx.request, name, enabled, period));
  return ContinuousBackupsResponse(info);
}

}  // namespace monotable::protocol::ops
