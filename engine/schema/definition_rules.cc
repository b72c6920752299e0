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
