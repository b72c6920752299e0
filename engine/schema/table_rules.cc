#include "engine/schema/table_rules.h"

#include <algorithm>
#include <set>

#include "engine/base/limits.h"
#include "engine/schema/definition_rules.h"
#include "engine/schema/index_update_rules.h"

namespace monotable {
namespace {

// Every key attribute (of the table and of its indexes) is defined, and every
// definition is used by some key.
Status CheckAttributeDefinitions(const CreateTableRequest& request) {
  std::set<std::string> defined;
  for (const auto& d : request.attribute_definitions) {
    if (!defined.insert(d.name).second) {
      return Status::Validation("Cannot have two attributes with the same name");
    }
  }
  std::set<std::string> used;
  auto check_keys = [&](const std::vector<KeySchemaElement>& keys) -> Status {
    for (const auto& k : keys) used.insert(k.name);
    return CheckKeysDefined(keys, request.attribute_definitions);
  };
  if (request.key_schema.size() > request.attribute_definitions.size()) {
    return Status::Validation("Invalid KeySchema: Some index key attribute have no definition");
  }
  MT_RETURN_IF_ERROR(check_keys(request.key_schema));
  for (const auto& index : request.global_secondary_indexes) {
    MT_RETURN_IF_ERROR(check_keys(index.key_schema));
  }
  for (const auto& index : request.local_secondary_indexes) {
    MT_RETURN_IF_ERROR(check_keys(index.key_schema));
  }
  if (used.size() != defined.size()) {
    return Status::Validation(std::string(kInvalidParameter) +
                              "Number of attributes in KeySchema does not exactly match number "
                              "of attributes defined in AttributeDefinitions");
  }
  return Status::Ok();
}

Status CheckThroughputForMode(BillingMode mode, const std::optional<ProvisionedThroughput>& t) {
  if (mode == BillingMode::kPayPerRequest && t) {
    return Status::Validation(std::string(kInvalidParameter) +
                              "Neither ReadCapacityUnits nor WriteCapacityUnits can be specified "
                              "when BillingMode is PAY_PER_REQUEST");
  }
  if (mode == BillingMode::kProvisioned && !t) {
    return Status::Validation(std::string(kInvalidParameter) +
                              "ReadCapacityUnits and WriteCapacityUnits must both be specified "
                              "when BillingMode is PROVISIONED");
  }
  if (t && (t->read_capacity_units > limits::kMaxProvisionedUnits ||
            t->write_capacity_units > limits::kMaxProvisionedUnits)) {
    return {ErrorCode::kLimitExceeded,
            "Subscriber limit exceeded: Provisioned throughput for the table exceeds the "
            "account limit of " +
                std::to_string(limits::kMaxProvisionedUnits) + " units"};
  }
  return Status::Ok();
}

Status CheckIndexes(const CreateTableRequest& request) {
  if (request.global_secondary_indexes.size() > limits::kMaxGlobalSecondaryIndexes) {
    return {ErrorCode::kLimitExceeded,
            "Subscriber limit exceeded: The number of global secondary indexes exceeds the "
            "limit of " +
                std::to_string(limits::kMaxGlobalSecondaryIndexes)};
  }
  if (request.local_secondary_indexes.size() > limits::kMaxLocalSecondaryIndexes) {
    return Status::Validation(std::string(kInvalidParameter) +
                              "Number of LocalSecondaryIndexes exceeds the limit of " +
                              std::to_string(limits::kMaxLocalSecondaryIndexes));
  }
  std::set<std::string> names;
  for (const auto* list : {&request.global_secondary_indexes, &request.local_secondary_indexes}) {
    for (const auto& index : *list) {
      if (!names.insert(index.name).second) {
        return Status::Validation(std::string(kInvalidParameter) +
                                  "Duplicate index name: " + index.name);
      }
      MT_RETURN_IF_ERROR(CheckKeySchema(index.key_schema));
    }
  }
  for (const auto& index : request.local_secondary_indexes) {
    if (request.key_schema.size() < 2) {
      return Status::Validation(std::string(kInvalidParameter) +
                                "Table KeySchema does not have a range key, which is required "
                                "when specifying a LocalSecondaryIndex");
    }
    if (index.key_schema.size() < 2 || index.key_schema[0].name != request.key_schema[0].name) {
      return Status::Validation(std::string(kInvalidParameter) +
                                "Index KeySchema does not have the same leading hash key as "
                                "table KeySchema for index: " +
                                index.name + ". index hash key: " + index.key_schema[0].name +
                                ", table hash key: " + request.key_schema[0].name);
    }
  }
  for (const auto& index : request.global_secondary_indexes) {
    const BillingMode mode = request.billing_mode.value_or(BillingMode::kProvisioned);
    MT_RETURN_IF_ERROR(CheckGlobalIndexThroughput(mode, index));
    MT_RETURN_IF_ERROR(CheckOnDemandThroughput(mode, index.on_demand_throughput, index.name));
  }
  return Status::Ok();
}

// The shape of a StreamSpecification: enabling names a view type, disabling none.
Status CheckStreamSpecification(const StreamSpecificationRequest& stream) {
  if (stream.enabled && !stream.view_type) {
    return Status::Validation(std::string(kInvalidParameter) +
                              "If stream is being enabled then UpdateViewType is required");
  }
  if (!stream.enabled && stream.view_type) {
    return Status::Validation(std::string(kInvalidParameter) +
                              "If stream is being disabled, then UpdateViewType must not be "
                              "specified");
  }
  return Status::Ok();
}

// UpdateTable's StreamSpecification: a stream is enabled or disabled, never changed in
// place (a new view type needs a disable first), as DynamoDB answers.
Status ApplyStreamUpdate(const TableDefinition& current, const StreamSpecificationRequest& stream,
                         TableDefinition& next) {
  MT_RETURN_IF_ERROR(CheckStreamSpecification(stream));
  if (stream.enabled && current.stream_view_type) {
    return Status::Validation("Table already has an enabled stream: TableName: " + current.name);
  }
  if (!stream.enabled && !current.stream_view_type) {
    return Status::Validation("Table has no stream to disable: TableName: " + current.name);
  }
  next.stream_view_type = stream.view_type;
  return Status::Ok();
}

}  // namespace

Result<TableDefinition> BuildTableDefinition(const CreateTableRequest& request, int64_t now_ms) {
  MT_RETURN_IF_ERROR(CheckKeySchema(request.key_schema));
  MT_RETURN_IF_ERROR(CheckAttributeDefinitions(request));
  BillingMode mode = request.billing_mode.value_or(BillingMode::kProvisioned);
  MT_RETURN_IF_ERROR(CheckThroughputForMode(mode, request.throughput));
  MT_RETURN_IF_ERROR(CheckOnDemandThroughput(mode, request.on_demand_throughput, ""));
  MT_RETURN_IF_ERROR(CheckIndexes(request));
  if (request.stream) MT_RETURN_IF_ERROR(CheckStreamSpecification(*request.stream));

  TableDefinition table;
  table.name = request.table_name;
  table.attribute_definitions = request.attribute_definitions;
  table.key_schema = request.key_schema;
  table.billing_mode = mode;
  table.billing_mode_explicit = request.billing_mode.has_value();
  table.billing_mode_changed_ms = now_ms;
  if (request.throughput) table.throughput = *request.throughput;
  table.throughput.number_of_decreases_today = 0;
  MergeOnDemandThroughput(table.on_demand_throughput, request.on_demand_throughput);
  MergeWarmThroughput(table.warm_throughput, request.warm_throughput);
  table.global_secondary_indexes = request.global_secondary_indexes;
  for (auto& index : table.global_secondary_indexes) {
    std::optional<OnDemandThroughput> merged;
    MergeOnDemandThroughput(merged, index.on_demand_throughput);
    index.on_demand_throughput = merged;
  }
  table.local_secondary_indexes = request.local_secondary_indexes;
  table.deletion_protection = request.deletion_protection;
  table.status = TableStatus::kActive;
  if (request.stream && request.stream->enabled) table.stream_view_type = request.stream->view_type;
  return table;
}

Result<TableDefinition> ApplyTableUpdate(const TableDefinition& current,
                                         const UpdateTableRequest& request, int64_t now_ms) {
  if (!request.billing_mode && !request.throughput && !request.deletion_protection &&
      !request.on_demand_throughput && !request.warm_throughput && request.index_updates.empty() &&
      !request.stream) {
    return Status::Validation(
        "At least one of ProvisionedThroughput, BillingMode, UpdateStreamEnabled, "
        "GlobalSecondaryIndexUpdates or SSESpecification or ReplicaUpdates is required");
  }
  TableDefinition next = current;
  if (request.deletion_protection) next.deletion_protection = *request.deletion_protection;
  BillingMode mode = request.billing_mode.value_or(current.billing_mode);
  if (mode == BillingMode::kPayPerRequest && request.throughput) {
    MT_RETURN_IF_ERROR(CheckThroughputForMode(mode, request.throughput));
  }
  if (mode == BillingMode::kProvisioned && current.billing_mode == BillingMode::kPayPerRequest &&
      !request.throughput) {
    return Status::Validation(std::string(kInvalidParameter) +
                              "ProvisionedThroughput must be specified when BillingMode is "
                              "PROVISIONED");
  }
  if (request.billing_mode && *request.billing_mode != current.billing_mode) {
    next.billing_mode = mode;
    next.billing_mode_explicit = true;
    next.billing_mode_changed_ms = now_ms;
    if (mode == BillingMode::kPayPerRequest) {
      next.throughput.read_capacity_units = 0;
      next.throughput.write_capacity_units = 0;
    }
  } else if (request.billing_mode) {
    next.billing_mode_explicit = true;
  }
  if (request.throughput && mode == BillingMode::kProvisioned) {
    MT_RETURN_IF_ERROR(CheckThroughputForMode(mode, request.throughput));
    const ProvisionedThroughput& want = *request.throughput;
    ProvisionedThroughput& t = next.throughput;
    if (current.billing_mode == BillingMode::kProvisioned &&
        want.read_capacity_units == t.read_capacity_units &&
        want.write_capacity_units == t.write_capacity_units && !request.billing_mode) {
      auto n = [](int64_t v) { return std::to_string(v); };
      return Status::Validation(
          "The provisioned throughput for the table will not change. The requested value "
          "equals the current value. Current ReadCapacityUnits provisioned for the table: " +
          n(t.read_capacity_units) +
          ". Requested ReadCapacityUnits: " + n(want.read_capacity_units) +
          ". Current WriteCapacityUnits provisioned for the table: " + n(t.write_capacity_units) +
          ". Requested WriteCapacityUnits: " + n(want.write_capacity_units) +
          ". Refer to the Amazon DynamoDB Developer Guide for current limits and how to "
          "request higher limits.");
    }
    MT_RETURN_IF_ERROR(
        ApplyThroughputChange(t, want, current.billing_mode == BillingMode::kProvisioned, now_ms));
  }
  MT_RETURN_IF_ERROR(CheckOnDemandThroughput(mode, request.on_demand_throughput, ""));
  if (mode == BillingMode::kProvisioned) next.on_demand_throughput.reset();
  MergeOnDemandThroughput(next.on_demand_throughput, request.on_demand_throughput);
  MergeWarmThroughput(next.warm_throughput, request.warm_throughput);
  MT_RETURN_IF_ERROR(ApplyIndexUpdates(request, now_ms, next));
  if (request.stream) MT_RETURN_IF_ERROR(ApplyStreamUpdate(current, *request.stream, next));
  return next;
}

}  // namespace monotable
