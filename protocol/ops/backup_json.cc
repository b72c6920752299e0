#include "protocol/ops/backup_json.h"

#include <algorithm>
#include <cmath>

#include "protocol/ops/table_schema_json.h"
#include "protocol/resource_arn.h"
#include "protocol/table_description_json.h"

namespace monotable::protocol::ops {
namespace {

constexpr std::string_view kBackupInfix = "/backup/";

std::string_view BackupStatusName(BackupStatus s) {
  switch (s) {
    case BackupStatus::kCreating: return "CREATING";
    case BackupStatus::kAvailable: return "AVAILABLE";
    case BackupStatus::kDeleted: return "DELETED";
  }
  return "AVAILABLE";
}

void WriteIndexList(JsonWriter& w, const std::vector<SecondaryIndexDefinition>& indexes,
                    bool global, bool on_demand) {
  w.BeginArray();
  for (const auto& index : indexes) {
    w.BeginObject().Key("IndexName").String(index.name).Key("KeySchema");
    WriteKeySchema(w, index.key_schema);
    w.Key("Projection");
    WriteProjection(w, index.projection);
    if (global) {
      w.Key("ProvisionedThroughput");
      WriteThroughput(w, on_demand ? ProvisionedThroughput{}
                                   : index.throughput.value_or(ProvisionedThroughput{}));
    }
    w.EndObject();
  }
  w.EndArray();
}

}  // namespace

Result<std::string> BackupIdOfArn(const OperationContext& ctx, std::string_view arn) {
  const Status not_found(ErrorCode::kBackupNotFound, "Backup not found: " + std::string(arn));
  const std::string table_prefix = TableArn(ctx.region, ctx.account_id, "");
  if (!arn.starts_with(table_prefix)) return not_found;
  const size_t infix = arn.rfind(kBackupInfix);
  if (infix == std::string_view::npos || infix <= table_prefix.size()) return not_found;
  std::string id(arn.substr(infix + kBackupInfix.size()));
  if (id.size() != 23 || id[14] != '-') return not_found;
  return id;
}

Status NameBackupArn(Status status, std::string_view arn) {
  if (status.code() == ErrorCode::kBackupNotFound) {
    return Status(ErrorCode::kBackupNotFound, "Backup not found: " + std::string(arn));
  }
  if (status.code() == ErrorCode::kBackupInUse) {
    return Status(ErrorCode::kBackupInUse,
                  "Backup is being created or restored, try again later: " + std::string(arn));
  }
  return status;
}

Result<std::string> TableNameOrArn(const OperationContext& ctx, std::string_view value) {
  if (!value.starts_with("arn:")) return std::string(value);
  MT_ASSIGN_OR_RETURN(resolved,
                      ResolveTableArn(value, ctx.region, ctx.account_id, ArnUse::kPolicy));
  return std::move(resolved.table_name);
}

std::string BackupArnOf(const OperationContext& ctx, const BackupInfo& backup) {
  return BackupArn(ctx.region, ctx.account_id, backup.table.name, backup.id);
}

void WriteBackupDetails(JsonWriter& w, const OperationContext& ctx, const BackupInfo& backup) {
  w.BeginObject();
  w.Key("BackupArn").String(BackupArnOf(ctx, backup));
  w.Key("BackupName").String(backup.name);
  if (backup.status != BackupStatus::kCreating) w.Key("BackupSizeBytes").Int(backup.size_bytes);
  w.Key("BackupStatus").String(BackupStatusName(backup.status));
  w.Key("BackupType").String(backup.system ? "SYSTEM" : "USER");
  w.Key("BackupCreationDateTime").EpochSeconds(backup.creation_ms);
  if (backup.system) w.Key("BackupExpiryDateTime").EpochSeconds(backup.expiry_ms);
  w.EndObject();
}

void WriteBackupDescription(JsonWriter& w, const OperationContext& ctx, const BackupInfo& backup) {
  const TableDefinition& t = backup.table;
  const bool on_demand = t.billing_mode == BillingMode::kPayPerRequest;
  w.BeginObject().Key("BackupDetails");
  WriteBackupDetails(w, ctx, backup);
  w.Key("SourceTableDetails").BeginObject();
  w.Key("TableName").String(t.name);
  w.Key("TableId").String(t.table_id);
  w.Key("TableArn").String(TableArn(ctx.region, ctx.account_id, t.name));
  w.Key("TableSizeBytes").Int(backup.table_size_bytes);
  w.Key("KeySchema");
  WriteKeySchema(w, t.key_schema);
  w.Key("TableCreationDateTime").EpochSeconds(t.creation_ms);
  w.Key("ProvisionedThroughput");
  WriteThroughput(w, on_demand ? ProvisionedThroughput{} : t.throughput);
  w.Key("ItemCount").Int(backup.table_item_count);
  w.Key("BillingMode").String(on_demand ? "PAY_PER_REQUEST" : "PROVISIONED");
  w.EndObject();
  w.Key("SourceTableFeatureDetails").BeginObject();
  if (!t.local_secondary_indexes.empty()) {
    w.Key("LocalSecondaryIndexes");
    WriteIndexList(w, t.local_secondary_indexes, /*global=*/false, on_demand);
  }
  if (!t.global_secondary_indexes.empty()) {
    w.Key("GlobalSecondaryIndexes");
    WriteIndexList(w, t.global_secondary_indexes, /*global=*/true, on_demand);
  }
  if (t.stream_view_type) {
    w.Key("StreamDescription").BeginObject().Key("StreamEnabled").Bool(true).EndObject();
  }
  if (t.time_to_live.enabled) {
    w.Key("TimeToLiveDescription").BeginObject();
    w.Key("TimeToLiveStatus").String("ENABLED");
    w.Key("AttributeName").String(t.time_to_live.attribute_name).EndObject();
  }
  w.EndObject();
  w.EndObject();
}

void WriteBackupSummary(JsonWriter& w, const OperationContext& ctx, const BackupInfo& backup) {
  w.BeginObject();
  w.Key("TableName").String(backup.table.name);
  w.Key("TableId").String(backup.table.table_id);
  w.Key("TableArn").String(TableArn(ctx.region, ctx.account_id, backup.table.name));
  w.Key("BackupArn").String(BackupArnOf(ctx, backup));
  w.Key("BackupName").String(backup.name);
  w.Key("BackupCreationDateTime").EpochSeconds(backup.creation_ms);
  w.Key("BackupStatus").String(BackupStatusName(backup.status));
  w.Key("BackupType").String(backup.system ? "SYSTEM" : "USER");
  if (backup.system) w.Key("BackupExpiryDateTime").EpochSeconds(backup.expiry_ms);
  if (backup.status != BackupStatus::kCreating) w.Key("BackupSizeBytes").Int(backup.size_bytes);
  w.EndObject();
}

Result<std::optional<int64_t>> OptionalEpochMillis(JsonObject object, std::string_view key) {
  auto field = object[key];
  if (field.error() || field.value_unsafe().is_null()) return std::optional<int64_t>();
  double seconds = 0;
  if (field.value_unsafe().get_double().get(seconds)) {
    return WrongJsonType(field.value_unsafe(), "Timestamp");
  }
  // Round to the nearest millisecond, half away from zero: a cast of (x + 0.5) would
  // round a negative time towards zero. Clamped first: llround of a value out of
  // int64_t's range is unspecified, and such a date is out of every range anyway.
  constexpr double kMaxMillis = 9.0e18;
  const double millis = std::clamp(seconds * 1000.0, -kMaxMillis, kMaxMillis);
  return std::optional<int64_t>(std::llround(millis));
}

Result<RestoreOverrides> DecodeRestoreOverrides(JsonObject request) {
  MT_RETURN_IF_ERROR(RefuseUnservedMember(request, "VectorIndexOverride"));
  RestoreOverrides overrides;
  MT_ASSIGN_OR_RETURN(mode, DecodeBillingMode(request, "BillingModeOverride"));
  overrides.billing_mode = mode;
  MT_ASSIGN_OR_RETURN(throughput, OptionalObject(request, "ProvisionedThroughputOverride"));
  if (throughput) {
    MT_ASSIGN_OR_RETURN(t, DecodeThroughput(*throughput));
    overrides.throughput = t;
  }
  MT_ASSIGN_OR_RETURN(on_demand, OptionalObject(request, "OnDemandThroughputOverride"));
  if (on_demand) {
    MT_ASSIGN_OR_RETURN(od, DecodeOnDemandThroughput(*on_demand));
    overrides.on_demand_throughput = od;
  }
  MT_ASSIGN_OR_RETURN(gsis, OptionalArray(request, "GlobalSecondaryIndexOverride"));
  if (gsis) {
    MT_ASSIGN_OR_RETURN(list, DecodeIndexes(*gsis, true));
    overrides.global_secondary_indexes = std::move(list);
  }
  MT_ASSIGN_OR_RETURN(lsis, OptionalArray(request, "LocalSecondaryIndexOverride"));
  if (lsis) {
    MT_ASSIGN_OR_RETURN(list, DecodeIndexes(*lsis, false));
    overrides.local_secondary_indexes = std::move(list);
  }
  MT_ASSIGN_OR_RETURN(sse, OptionalObject(request, "SSESpecificationOverride"));
  if (sse) {
    MT_ASSIGN_OR_RETURN(key, OptionalString(*sse, "KMSMasterKeyId"));
    MT_ASSIGN_OR_RETURN(type, OptionalString(*sse, "SSEType"));
    if (key || (type && *type == "KMS")) {
      return Status::Validation(
          "SSESpecificationOverride: monotable does not encrypt with KMS keys; restore without "
          "SSESpecificationOverride or with Enabled false");
    }
  }
  return overrides;
}

}  // namespace monotable::protocol::ops
