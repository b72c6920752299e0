#include "engine/schema/definition_rules.h"

#include <algorithm>

#include "engine/base/limits.h"

namespace monotable {

std::string JoinNames(const std::vector<std::string>& names) {
  std::string out = "[";
  for (size_t i = 0; i < names.size(); ++i) {
    if (i) out += ", ";
    out += names[i];
  }
  return out + "]";
}

Status CheckKeySchema(const std::vector<KeySchemaElement>& key_schema) {
  // DynamoDB's order (dynalite's tests, run against it): a repeated name is reported
  // before the key types, and without the "Invalid KeySchema" prefix.
  if (key_schema.size() > 1 && key_schema[0].name == key_schema[1].name) {
    return Status::Validation(
        "Both the Hash Key and the Range Key element in the KeySchema have the same name");
  }
  if (key_schema.empty() || key_schema[0].type != KeyType::kHash) {
    return Status::Validation(
        "Invalid KeySchema: The first KeySchemaElement is not a HASH key type");
  }
  if (key_schema.size() > 1 && key_schema[1].type != KeyType::kRange) {
    return Status::Validation(
        "Invalid KeySchema: The second KeySchemaElement is not a RANGE key type");
  }
  // A table's and an LSI's key schema of more elements are refused by the service
  // model's maximum (tools/gen_model_constraints.py MEMBER_MAX); a GSI's may be a key of
  // several attributes in DynamoDB, which monotable does not do: a clear refusal rather
  // than an index on the first two.
  if (key_schema.size() > 2) {
    return Status::Validation(
        "One or more parameter values were invalid: monotable does not support keys of "
        "several attributes: a KeySchema holds one HASH and at most one RANGE element");
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

Status CheckKeysDefined(const std::vector<KeySchemaElement>& keys,
                        const std::vector<AttributeDefinition>& definitions) {
  std::vector<std::string> key_names, defined_names;
  for (const auto& d : definitions) defined_names.push_back(d.name);
  bool missing = false;
  for (const auto& k : keys) {
    key_names.push_back(k.name);
    missing |= std::find(defined_names.begin(), defined_names.end(), k.name) == defined_names.end();
  }
  if (!missing) return Status::Ok();
  return Status::Validation(std::string(kInvalidParameter) +
                            "Some index key attributes are not defined in AttributeDefinitions. "
                            "Keys: " +
                            JoinNames(key_names) +
                            ", AttributeDefinitions: " + JoinNames(defined_names));
}

Status CheckGlobalIndexThroughput(BillingMode mode, const SecondaryIndexDefinition& index,
                                  IndexThroughputCheck check) {
  const bool create = check == IndexThroughputCheck::kCreateTable;
  if (mode == BillingMode::kProvisioned && !index.throughput) {
    return Status::Validation(std::string(kInvalidParameter) +
                              (create ? "ProvisionedThroughput is not specified for index: "
                                      : "ProvisionedThroughput must be specified for index: ") +
                              index.name);
  }
  if (mode == BillingMode::kPayPerRequest && index.throughput) {
    return Status::Validation(
        std::string(kInvalidParameter) +
        (create ? "ProvisionedThroughput should not be specified for index: "
                : "Neither ReadCapacityUnits nor WriteCapacityUnits can be specified for index: ") +
        index.name + " when BillingMode is PAY_PER_REQUEST");
  }
  return Status::Ok();
}

Status CheckProjection(const Projection& projection) {
  const std::string prefix(kInvalidParameter);
  if (!projection.type_given) return Status::Validation(prefix + "Unknown ProjectionType: null");
  const bool include = projection.type == ProjectionType::kInclude;
  if (!include && !projection.non_key_attributes.empty()) {
    return Status::Validation(prefix + "ProjectionType is " +
                              (projection.type == ProjectionType::kAll ? "ALL" : "KEYS_ONLY") +
                              ", but NonKeyAttributes is specified");
  }
  if (include && projection.non_key_attributes.empty()) {
    return Status::Validation(prefix +
                              "ProjectionType is INCLUDE, but NonKeyAttributes is not specified");
  }
  for (size_t i = 0; i < projection.non_key_attributes.size(); ++i) {
    const std::string& name = projection.non_key_attributes[i];
    if (std::find(projection.non_key_attributes.begin() + static_cast<std::ptrdiff_t>(i) + 1,
                  projection.non_key_attributes.end(),
                  name) != projection.non_key_attributes.end()) {
      return Status::Validation(prefix + "Duplicate element in NonKeyAttributes: " + name);
    }
  }
  return Status::Ok();
}

Status CheckOnDemandThroughput(BillingMode mode, const std::optional<OnDemandThroughput>& t,
                               std::string_view index_name) {
  if (!t) return Status::Ok();
  // DynamoDB's text for a value out of range (seen in its answers); the one for a
  // provisioned table is monotable's wording.
  if (mode != BillingMode::kPayPerRequest) {
    return Status::Validation(std::string(kInvalidParameter) +
                              "OnDemandThroughput can only be specified when BillingMode is "
                              "PAY_PER_REQUEST");
  }
  const std::string what = index_name.empty() ? "table" : "index";
  for (auto [value, name] : {std::pair{t->max_read_request_units, "MaxReadRequestUnits"},
                             std::pair{t->max_write_request_units, "MaxWriteRequestUnits"}}) {
    if (value == -1 || value >= 1 || value == OnDemandThroughput::kNotGiven) continue;
    return Status::Validation(std::string(kInvalidParameter) + "Requested " + name +
                              " for OnDemandThroughput for " + what + " is outside of valid range");
  }
  return Status::Ok();
}

void MergeOnDemandThroughput(std::optional<OnDemandThroughput>& current,
                             const std::optional<OnDemandThroughput>& requested) {
  if (!requested) return;
  OnDemandThroughput next = current.value_or(OnDemandThroughput{});
  if (requested->max_read_request_units != OnDemandThroughput::kNotGiven) {
    next.max_read_request_units = requested->max_read_request_units;
  }
  if (requested->max_write_request_units != OnDemandThroughput::kNotGiven) {
    next.max_write_request_units = requested->max_write_request_units;
  }
  current = next;
}

void MergeWarmThroughput(std::optional<WarmThroughput>& current,
                         const std::optional<WarmThroughput>& requested) {
  if (!requested) return;
  WarmThroughput next = current.value_or(WarmThroughput{});
  if (requested->read_units_per_second > 0) {
    next.read_units_per_second = requested->read_units_per_second;
  }
  if (requested->write_units_per_second > 0) {
    next.write_units_per_second = requested->write_units_per_second;
  }
  current = next;
}

Status ApplyThroughputChange(ProvisionedThroughput& t, const ProvisionedThroughput& want,
                             bool count_decreases, int64_t now_ms) {
  bool decrease = want.read_capacity_units < t.read_capacity_units ||
                  want.write_capacity_units < t.write_capacity_units;
  bool increase = want.read_capacity_units > t.read_capacity_units ||
                  want.write_capacity_units > t.write_capacity_units;
  if (count_decreases && decrease) {
    // The counter restarts each UTC day.
    constexpr int64_t kDayMs = 24LL * 3600 * 1000;
    if (t.last_decrease_ms / kDayMs != now_ms / kDayMs) t.number_of_decreases_today = 0;
    if (t.number_of_decreases_today >= limits::kMaxDecreasesPerDay) {
      return Status(ErrorCode::kLimitExceeded,
                    "Subscriber limit exceeded: Provisioned throughput decreases are limited "
                    "within a given UTC day. After the first 4 decreases, each subsequent "
                    "decrease in the same UTC day can be performed at most once every 3600 "
                    "seconds. Number of decreases today: " +
                        std::to_string(t.number_of_decreases_today));
    }
    ++t.number_of_decreases_today;
    t.last_decrease_ms = now_ms;
  }
  if (increase) t.last_increase_ms = now_ms;
  t.read_capacity_units = want.read_capacity_units;
  t.write_capacity_units = want.write_capacity_units;
  return Status::Ok();
}

}  // namespace monotable
