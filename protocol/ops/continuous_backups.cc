// DescribeContinuousBackups and UpdateContinuousBackups: continuous backups are always
// ENABLED (on-demand backups work), point-in-time recovery is switched per table
// (engine/backup/backup_control.h) and reports its restorable window while enabled.
#include "protocol/json_writer.h"
#include "protocol/ops/handlers.h"
#include "protocol/resource_arn.h"

namespace monotable::protocol::ops {
namespace {

constexpr size_t kMaxTableArnLength = 1024;
constexpr int64_t kMaxRecoveryPeriodInDays = 35;

// TableName is a name or a table ARN (1-1024 characters); a table that does not exist
// is TableNotFoundException here, not ResourceNotFoundException. Errors: kValidation,
// kTableNotFound "Table not found: <name>".
Result<std::string> ExistingTable(const OperationContext& ctx,
                                  const std::optional<std::string_view>& table) {
  std::string name(*table);
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
  ConstraintErrors errors;
  MT_ASSIGN_OR_RETURN(table, OptionalString(request, "TableName"));
  errors.CheckLength(table, "tableName", 1, kMaxTableArnLength, /*required=*/true);
  MT_RETURN_IF_ERROR(errors.ToStatus());
  MT_ASSIGN_OR_RETURN(name, ExistingTable(ctx, table));
  MT_ASSIGN_OR_RETURN(info, ctx.engine.DescribeContinuousBackups(ctx.request, name));
  return ContinuousBackupsResponse(info);
}

Result<std::string> UpdateContinuousBackups(const OperationContext& ctx, JsonObject request) {
  ConstraintErrors errors;
  MT_ASSIGN_OR_RETURN(table, OptionalString(request, "TableName"));
  errors.CheckLength(table, "tableName", 1, kMaxTableArnLength, /*required=*/true);
  MT_ASSIGN_OR_RETURN(spec, OptionalObject(request, "PointInTimeRecoverySpecification"));
  std::optional<bool> enabled;
  std::optional<int64_t> period;
  if (!spec) {
    errors.Null("pointInTimeRecoverySpecification");
  } else {
    MT_ASSIGN_OR_RETURN(e, OptionalBool(*spec, "PointInTimeRecoveryEnabled"));
    if (!e) errors.Null("pointInTimeRecoverySpecification.pointInTimeRecoveryEnabled");
    enabled = e;
    MT_ASSIGN_OR_RETURN(days, OptionalInt(*spec, "RecoveryPeriodInDays"));
    period = days;
    const char* path = "pointInTimeRecoverySpecification.recoveryPeriodInDays";
    if (days && *days < 1) {
      errors.AddString(std::to_string(*days), path,
                       "Member must have value greater than or equal to 1");
    } else if (days && *days > kMaxRecoveryPeriodInDays) {
      errors.AddString(std::to_string(*days), path,
                       "Member must have value less than or equal to 35");
    }
  }
  MT_RETURN_IF_ERROR(errors.ToStatus());
  MT_ASSIGN_OR_RETURN(name, ExistingTable(ctx, table));
  if (!*enabled && period) {
    return Status::Validation(
        "Invalid Request: Cannot specify RecoveryPeriodInDays when disabling point-in-time "
        "recovery.");
  }
  MT_ASSIGN_OR_RETURN(info,
                      ctx.engine.UpdateContinuousBackups(ctx.request, name, *enabled, period));
  return ContinuousBackupsResponse(info);
}

}  // namespace monotable::protocol::ops
