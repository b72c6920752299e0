#include "engine/schema/definition_rules.h"

#include <algorithm>

#include "engine/base/limits.h"

namespace monotable {
namespace {

std::string JoinNames(const std::vector<std::string>& names) {
  std::string out = "[";
  for (size_t i = 0; i < names.size(); ++i) {
    if (i) out += ", ";
    out += names[i];
  }
  return out + "]";
}

}  // namespace

Status CheckKeySchema(const std::vector<KeySchemaElement>& key_schema) {
  if (key_schema.empty() || key_schema[0].type != KeyType::kHash) {
    return Status::Validation(
        "Invalid KeySchema: The first KeySchemaElement is not a HASH key type");
  }
  if (key_schema.size() > 1) {
    if (key_schema[1].type != KeyType::kRange) {
      return Status::Validation(
          "Invalid KeySchema: The second KeySchemaElement is not a RANGE key type");
    }
    if (key_schema[0].name == key_schema[1].name) {
      return Status::Validation(
          "Invalid KeySchema: Both the Hash Key and the Range Key element in the KeySchema "
          "have the same name");
    }
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

Status CheckGlobalIndexThroughput(BillingMode mode, const SecondaryIndexDefinition& index) {
  if (mode == BillingMode::kProvisioned && !index.throughput) {
    return Status::Validation(std::string(kInvalidParameter) +
                              "ProvisionedThroughput should not be null for index: " + index.name);
  }
  if (mode == BillingMode::kPayPerRequest && index.throughput) {
    return Status::Validation(std::string(kInvalidParameter) +
                              "ProvisionedThroughput should be null for index: " + index.name +
                              " when BillingMode is PAY_PER_REQUEST");
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
