#include "engine/schema/create_table_checks.h"

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "engine/base/limits.h"
#include "engine/schema/definition_rules.h"

namespace monotable {
namespace {

constexpr size_t kMaxProjectedAttributes = 100;

std::string Invalid(std::string_view what) {
  return std::string(kInvalidParameter) + std::string(what);
}

// The keys every KeySchema uses, in the order they first appear (table, LSIs, GSIs).
std::vector<std::string> KeysUsed(const CreateTableRequest& request) {
  std::vector<std::string> used;
  auto add = [&used](const std::vector<KeySchemaElement>& keys) {
    for (const auto& k : keys) {
      if (std::find(used.begin(), used.end(), k.name) == used.end()) used.push_back(k.name);
    }
  };
  add(request.key_schema);
  for (const auto& index : request.local_secondary_indexes) add(index.key_schema);
  for (const auto& index : request.global_secondary_indexes) add(index.key_schema);
  return used;
}

Status CheckDefinitionsUnique(const std::vector<AttributeDefinition>& definitions) {
  std::set<std::string> seen;
  for (const auto& d : definitions) {
    // DynamoDB's own text (scylladb#13870, from AWS); DynamoDB Local words it "Cannot
    // have two attributes with the same name".
    if (!seen.insert(d.name).second)
      return Status::Validation("Attribute Name is duplicated: " + d.name);
  }
  return Status::Ok();
}

Status CheckTableKeys(const CreateTableRequest& request) {
  if (request.key_schema.size() > request.attribute_definitions.size()) {
    return Status::Validation("Invalid KeySchema: Some index key attribute have no definition");
  }
  MT_RETURN_IF_ERROR(CheckKeysDefined(request.key_schema, request.attribute_definitions));
  return CheckKeySchema(request.key_schema);
}

// What LSIs and GSIs check first alike: their keys are defined and form a key schema.
Status CheckIndexKeys(const CreateTableRequest& request, const SecondaryIndexDefinition& index) {
  MT_RETURN_IF_ERROR(CheckKeysDefined(index.key_schema, request.attribute_definitions));
  return CheckKeySchema(index.key_schema);
}

Status CheckUniqueName(const SecondaryIndexDefinition& index, std::set<std::string>& names) {
  if (names.insert(index.name).second) return Status::Ok();
  return Status::Validation(Invalid("Duplicate index name: ") + index.name);
}

Status CheckLocalIndexes(const CreateTableRequest& request, std::set<std::string>& names) {
  const auto& indexes = request.local_secondary_indexes;
  if (!request.local_secondary_indexes_given && indexes.empty()) return Status::Ok();
  if (indexes.empty()) return Status::Validation(Invalid("List of LocalSecondaryIndexes is empty"));
  if (request.key_schema.size() < 2) {
    return Status::Validation(
        Invalid("Table KeySchema does not have a range key, which is required when specifying a "
                "LocalSecondaryIndex"));
  }
  const std::string& table_hash = request.key_schema[0].name;
  for (const auto& index : indexes) {
    MT_RETURN_IF_ERROR(CheckIndexKeys(request, index));
    if (index.key_schema.size() < 2) {
      return Status::Validation(Invalid("Index KeySchema does not have a range key for index: ") +
                                index.name);
    }
    if (index.key_schema[0].name != table_hash) {
      return Status::Validation(
          Invalid("Index KeySchema does not have the same leading hash key as table KeySchema "
                  "for index: ") +
          index.name + ". index hash key: " + index.key_schema[0].name +
          ", table hash key: " + table_hash);
    }
    MT_RETURN_IF_ERROR(CheckProjection(index.projection));
    MT_RETURN_IF_ERROR(CheckUniqueName(index, names));
  }
  // After every index's own checks, as DynamoDB counts them.
  if (indexes.size() > static_cast<size_t>(limits::kMaxLocalSecondaryIndexes)) {
    return Status::Validation(
        Invalid("Number of LocalSecondaryIndexes exceeds per-table limit of ") +
        std::to_string(limits::kMaxLocalSecondaryIndexes));
  }
  return Status::Ok();
}

Status CheckGlobalIndexes(const CreateTableRequest& request, BillingMode mode,
                          std::set<std::string>& names) {
  const auto& indexes = request.global_secondary_indexes;
  if (!request.global_secondary_indexes_given && indexes.empty()) return Status::Ok();
  if (indexes.empty())
    return Status::Validation(Invalid("List of GlobalSecondaryIndexes is empty"));
  for (const auto& index : indexes) {
    MT_RETURN_IF_ERROR(CheckIndexKeys(request, index));
    MT_RETURN_IF_ERROR(CheckProjection(index.projection));
    MT_RETURN_IF_ERROR(CheckGlobalIndexThroughput(mode, index, IndexThroughputCheck::kCreateTable));
    MT_RETURN_IF_ERROR(CheckOnDemandThroughput(mode, index.on_demand_throughput, index.name));
    MT_RETURN_IF_ERROR(CheckUniqueName(index, names));
  }
  if (indexes.size() > static_cast<size_t>(limits::kMaxGlobalSecondaryIndexes)) {
    return Status::Validation(
        Invalid("GlobalSecondaryIndex count exceeds the per-table limit of ") +
        std::to_string(limits::kMaxGlobalSecondaryIndexes));
  }
  return Status::Ok();
}

// Every definition is a key of the table or of an index. Without indexes DynamoDB
// counts; with them it names the unused ones (moto's AWS-verified decision table).
Status CheckDefinitionsUsed(const CreateTableRequest& request) {
  const std::vector<std::string> used = KeysUsed(request);
  if (used.size() == request.attribute_definitions.size()) return Status::Ok();
  const bool indexes =
      request.local_secondary_indexes_given || request.global_secondary_indexes_given ||
      !request.local_secondary_indexes.empty() || !request.global_secondary_indexes.empty();
  if (!indexes) {
    return Status::Validation(
        Invalid("Number of attributes in KeySchema does not exactly match number of attributes "
                "defined in AttributeDefinitions"));
  }
  std::vector<std::string> defined;
  for (const auto& d : request.attribute_definitions) defined.push_back(d.name);
  return Status::Validation(
      Invalid("Some AttributeDefinitions are not used. AttributeDefinitions: ") +
      JoinNames(defined) + ", keys used: " + JoinNames(used));
}

// NonKeyAttributes count across all indexes, an attribute projected into two indexes
// twice (the Developer Guide's quota).
Status CheckProjectedAttributeCount(const CreateTableRequest& request) {
  size_t total = 0;
  for (const auto* list : {&request.local_secondary_indexes, &request.global_secondary_indexes}) {
    for (const auto& index : *list) total += index.projection.non_key_attributes.size();
  }
  if (total <= kMaxProjectedAttributes) return Status::Ok();
  return Status::Validation(
      Invalid("Number of projected attributes in all indexes exceeds limit of ") +
      std::to_string(kMaxProjectedAttributes));
}

}  // namespace

Status CheckCreateTable(const CreateTableRequest& request) {
  const BillingMode mode = request.billing_mode.value_or(BillingMode::kProvisioned);
  MT_RETURN_IF_ERROR(CheckThroughputForMode(mode, request.throughput));
  MT_RETURN_IF_ERROR(CheckOnDemandThroughput(mode, request.on_demand_throughput, ""));
  MT_RETURN_IF_ERROR(CheckDefinitionsUnique(request.attribute_definitions));
  MT_RETURN_IF_ERROR(CheckTableKeys(request));
  std::set<std::string> names;
  MT_RETURN_IF_ERROR(CheckLocalIndexes(request, names));
  MT_RETURN_IF_ERROR(CheckGlobalIndexes(request, mode, names));
  MT_RETURN_IF_ERROR(CheckDefinitionsUsed(request));
  return CheckProjectedAttributeCount(request);
}

}  // namespace monotable
