#include "protocol/table_description_json.h"

#include <string>

#include "engine/schema/stream_label.h"
#include "protocol/stream_json.h"

namespace monotable::protocol {
namespace {

std::string_view KeyTypeName(KeyType t) { return t == KeyType::kHash ? "HASH" : "RANGE"; }

std::string_view StatusName(TableStatus s) {
  switch (s) {
    case TableStatus::kCreating: return "CREATING";
    case TableStatus::kActive: return "ACTIVE";
    case TableStatus::kDeleting: return "DELETING";
    case TableStatus::kUpdating: return "UPDATING";
  }
  return "ACTIVE";
}

std::string_view ProjectionName(ProjectionType t) {
  switch (t) {
    case ProjectionType::kAll: return "ALL";
    case ProjectionType::kKeysOnly: return "KEYS_ONLY";
    case ProjectionType::kInclude: return "INCLUDE";
  }
  return "ALL";
}

}  // namespace

void WriteThroughput(JsonWriter& w, const ProvisionedThroughput& t) {
  w.BeginObject();
  if (t.last_decrease_ms) w.Key("LastDecreaseDateTime").EpochSeconds(t.last_decrease_ms);
  if (t.last_increase_ms) w.Key("LastIncreaseDateTime").EpochSeconds(t.last_increase_ms);
  w.Key("NumberOfDecreasesToday").Int(t.number_of_decreases_today);
  w.Key("ReadCapacityUnits").Int(t.read_capacity_units);
  w.Key("WriteCapacityUnits").Int(t.write_capacity_units);
  w.EndObject();
}

void WriteProjection(JsonWriter& w, const Projection& projection) {
  w.BeginObject().Key("ProjectionType").String(ProjectionName(projection.type));
  if (!projection.non_key_attributes.empty()) {
    w.Key("NonKeyAttributes").BeginArray();
    for (const auto& a : projection.non_key_attributes) w.String(a);
    w.EndArray();
  }
  w.EndObject();
}

namespace {

void WriteOnDemand(JsonWriter& w, const std::optional<OnDemandThroughput>& t, bool on_demand) {
  if (!on_demand || !t) return;
  w.Key("OnDemandThroughput").BeginObject();
  w.Key("MaxReadRequestUnits").Int(t->max_read_request_units);
  w.Key("MaxWriteRequestUnits").Int(t->max_write_request_units);
  w.EndObject();
}

void WriteWarm(JsonWriter& w, const WarmThroughput& t, std::string_view status) {
  if (t.read_units_per_second <= 0 && t.write_units_per_second <= 0) return;
  w.Key("WarmThroughput").BeginObject();
  w.Key("ReadUnitsPerSecond").Int(t.read_units_per_second);
  w.Key("WriteUnitsPerSecond").Int(t.write_units_per_second);
  w.Key("Status").String(status);
  w.EndObject();
}

std::string_view IndexStatusName(IndexStatus s) {
  switch (s) {
    case IndexStatus::kCreating: return "CREATING";
    case IndexStatus::kActive: return "ACTIVE";
    case IndexStatus::kDeleting: return "DELETING";
  }
  return "ACTIVE";
}

void WriteIndexes(JsonWriter& w, const TableDescription& description, bool global,
                  const std::string& table_arn) {
  const TableDefinition& t = description.definition;
  w.BeginArray();
  for (const auto& index : global ? t.global_secondary_indexes : t.local_secondary_indexes) {
    w.BeginObject().Key("IndexName").String(index.name).Key("KeySchema");
    WriteKeySchema(w, index.key_schema);
    w.Key("Projection");
    WriteProjection(w, index.projection);
    if (global) {
      w.Key("IndexStatus").String(IndexStatusName(index.status));
      if (index.status == IndexStatus::kCreating) w.Key("Backfilling").Bool(index.backfilling);
      w.Key("ProvisionedThroughput");
      // On-demand tables show zeros, also for GSIs that had throughput before a switch.
      const bool on_demand = t.billing_mode == BillingMode::kPayPerRequest;
      WriteThroughput(w, on_demand ? ProvisionedThroughput{}
                                   : index.throughput.value_or(ProvisionedThroughput{}));
      WriteOnDemand(w, index.on_demand_throughput, on_demand);
      auto warm = description.index_warm.find(index.name);
      if (warm != description.index_warm.end()) {
        WriteWarm(w, warm->second, IndexStatusName(index.status));
      }
    }
    auto stats = description.index_statistics.find(index.name);
    const ItemStatistics s =
        stats == description.index_statistics.end() ? ItemStatistics{} : stats->second;
    w.Key("IndexSizeBytes").Int(s.size_bytes).Key("ItemCount").Int(s.item_count);
    w.Key("IndexArn").String(table_arn + "/index/" + index.name);
    w.EndObject();
  }
  w.EndArray();
}

}  // namespace

void WriteKeySchema(JsonWriter& w, const std::vector<KeySchemaElement>& schema) {
  w.BeginArray();
  for (const auto& k : schema) {
    w.BeginObject().Key("AttributeName").String(k.name).Key("KeyType").String(KeyTypeName(k.type));
    w.EndObject();
  }
  w.EndArray();
}

std::string TableArn(std::string_view region, std::string_view account_id, std::string_view table) {
  std::string arn = "arn:aws:dynamodb:";
  arn.append(region).append(":").append(account_id).append(":table/").append(table);
  return arn;
}

std::string BackupArn(std::string_view region, std::string_view account_id, std::string_view table,
                      std::string_view backup_id) {
  return TableArn(region, account_id, table).append("/backup/").append(backup_id);
}

void WriteTableDescription(JsonWriter& w, const TableDescription& description,
                           std::string_view region, std::string_view account_id,
                           TableDescriptionForm form) {
  const TableDefinition& t = description.definition;
  const std::string arn = TableArn(region, account_id, t.name);
  const bool full = form == TableDescriptionForm::kFull;
  w.BeginObject();
  if (full) {
    w.Key("AttributeDefinitions").BeginArray();
    for (const auto& d : t.attribute_definitions) {
      w.BeginObject().Key("AttributeName").String(d.name);
      w.Key("AttributeType").String(AttributeTypeName(d.type)).EndObject();
    }
    w.EndArray();
  }
  w.Key("TableName").String(t.name);
  if (full) {
    w.Key("KeySchema");
    WriteKeySchema(w, t.key_schema);
  }
  w.Key("TableStatus").String(StatusName(t.status));
  if (full) w.Key("CreationDateTime").EpochSeconds(t.creation_ms);
  w.Key("ProvisionedThroughput");
  WriteThroughput(w, t.throughput);
  w.Key("TableSizeBytes").Int(description.size_bytes);
  w.Key("ItemCount").Int(description.item_count);
  w.Key("TableArn").String(arn);
  w.Key("TableId").String(t.table_id);
  if (t.billing_mode == BillingMode::kPayPerRequest || t.billing_mode_explicit) {
    w.Key("BillingModeSummary").BeginObject();
    if (t.billing_mode == BillingMode::kPayPerRequest) {
      w.Key("BillingMode").String("PAY_PER_REQUEST");
      w.Key("LastUpdateToPayPerRequestDateTime").EpochSeconds(t.billing_mode_changed_ms);
    } else {
      w.Key("BillingMode").String("PROVISIONED");
    }
    w.EndObject();
  }
  if (full && !t.local_secondary_indexes.empty()) {
    w.Key("LocalSecondaryIndexes");
    WriteIndexes(w, description, /*global=*/false, arn);
  }
  if (full && !t.global_secondary_indexes.empty()) {
    w.Key("GlobalSecondaryIndexes");
    WriteIndexes(w, description, /*global=*/true, arn);
  }
  WriteOnDemand(w, t.on_demand_throughput, t.billing_mode == BillingMode::kPayPerRequest);
  WriteWarm(w, description.warm, StatusName(t.status));
  w.Key("DeletionProtectionEnabled").Bool(t.deletion_protection);
  // After a disable, StreamSpecification is absent while the latest stream's ARN and
  // label stay, as DynamoDB shows them.
  if (t.stream_view_type) {
    w.Key("StreamSpecification").BeginObject().Key("StreamEnabled").Bool(true);
    w.Key("StreamViewType").String(StreamViewTypeName(*t.stream_view_type)).EndObject();
  }
  if (t.latest_stream_id) {
    const StreamName stream{t.name, StreamLabel(t.latest_stream_ms)};
    w.Key("LatestStreamArn").String(StreamArn(region, account_id, stream));
    w.Key("LatestStreamLabel").String(stream.label);
  }
  if (t.restore) {
    const RestoreSummary& r = *t.restore;
    w.Key("RestoreSummary").BeginObject();
    if (!r.source_backup_id.empty()) {
      w.Key("SourceBackupArn")
          .String(BackupArn(region, account_id, r.source_table_name, r.source_backup_id));
    }
    w.Key("SourceTableArn").String(TableArn(region, account_id, r.source_table_name));
    w.Key("RestoreDateTime").EpochSeconds(r.restore_ms);
    w.Key("RestoreInProgress").Bool(r.in_progress);
    w.EndObject();
  }
  w.EndObject();
}

}  // namespace monotable::protocol
