// DescribeContinuousBackups and UpdateContinuousBackups. monotable keeps no change
// history to restore from yet, so point-in-time recovery is never on: a table reports
// continuous backups ENABLED and point-in-time recovery DISABLED (DynamoDB's answer for
// a table without PITR), disabling PITR succeeds, and enabling it is refused with a
// clear error rather than accepted and ignored.
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

std::string PitrDisabledDescription() {
  JsonWriter w;
  w.BeginObject().Key("ContinuousBackupsDescription").BeginObject();
  w.Key("ContinuousBackupsStatus").String("ENABLED");
  w.Key("PointInTimeRecoveryDescription")
      .BeginObject()
      .Key("PointInTimeRecoveryStatus")
      .String("DISABLED")
      .EndObject();
  w.EndObject().EndObject();
  return w.Take();
}

}  // namespace

Result<std::string> DescribeContinuousBackups(const OperationContext& ctx, JsonObject request) {
  ConstraintErrors errors;
  MT_ASSIGN_OR_RETURN(table, OptionalString(request, "TableName"));
  errors.CheckLength(table, "tableName", 1, kMaxTableArnLength, /*required=*/true);
  MT_RETURN_IF_ERROR(errors.ToStatus());
  auto name = ExistingTable(ctx, table);
  if (!name.ok()) return name.status();
  return PitrDisabledDescription();
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
  if (!*enabled) {
    if (period) {
      return Status::Validation(
          "Invalid Request: Cannot specify RecoveryPeriodInDays when disabling point-in-time "
          "recovery.");
    }
    return PitrDisabledDescription();
  }
  return Status(ErrorCode::kNotImplemented,
                "Point-in-time recovery is not supported by monotable yet: table " + name +
                    " keeps no change history to restore from, so PointInTimeRecoveryEnabled "
                    "cannot be true");
}

}  // namespace monotable::protocol::ops
