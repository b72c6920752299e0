#include "engine/read/read_target.h"

#include <algorithm>

#include "engine/expr/key_condition.h"
#include "engine/format/key_codec.h"
#include "engine/schema/key_validation.h"
#include "engine/schema/transient_status.h"

namespace monotable {
namespace {

constexpr char kStartKeyInvalid[] = "The provided starting key is invalid";
constexpr char kInvalid[] = "One or more parameter values were invalid: ";

bool Contains(const std::vector<std::string>& names, std::string_view name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

// The attributes of `wanted` that the index does not store.
std::vector<std::string> NotProjected(const ReadTarget& target,
                                      const std::vector<std::string>& wanted) {
  const Projection& projection = target.index->definition->projection;
  std::vector<std::string> missing;
  if (projection.type == ProjectionType::kAll) return missing;
  for (const auto& name : wanted) {
    if (Contains(target.page_key_names, name)) continue;
    if (projection.type == ProjectionType::kInclude &&
        Contains(projection.non_key_attributes, name)) {
      continue;
    }
    missing.push_back(name);
  }
  return missing;
}

bool Projects(const ReadTarget& target, const std::vector<std::string>& wanted) {
  return NotProjected(target, wanted).empty();
}

// An LSI reads from the table what it does not project: everything for
// ALL_ATTRIBUTES, or the attributes the projection and filter name.
bool NeedsTableItems(const ReadTarget& target, const ReadPageRequest& request) {
  if (target.index->definition->projection.type == ProjectionType::kAll) return false;
  if (request.select == Select::kAllAttributes) return true;
  if (request.projection && !Projects(target, request.projection->TopLevelAttributes())) {
    return true;
  }
  return !request.filter.empty() && !Projects(target, expr::TopLevelAttributes(request.filter));
}

}  // namespace

Result<ReadTarget> ResolveReadTarget(const Table& table, const ReadPageRequest& request,
                                     const Clock* clock) {
  ReadTarget target;
  target.layout = table.layout();
  const TableDefinition& definition = *target.layout->definition;
  if (!request.index_name) {
    target.family = table.family();
    target.key_schema = definition.key_schema;
    for (const auto& k : definition.key_schema) target.page_key_names.push_back(k.name);
    return target;
  }
  const std::string& name = *request.index_name;
  const SecondaryIndexDefinition* index = definition.FindIndex(name);
  target.index = target.layout->Find(name);
  if (index == nullptr || target.index == nullptr) {
    return Status::Validation("The table does not have the specified index: " + name);
  }
  const bool global = target.index->global;
  if (global && request.consistent_read) {
    return Status::Validation("Consistent reads are not supported on global secondary indexes");
  }
  if (index->status == IndexStatus::kCreating ||
      (index->creating_until_ms != 0 && clock != nullptr &&
       ShownCreating(*index, clock->NowMillis()))) {
    return Status::Validation("Cannot read from backfilling global secondary index: " + name);
  }
  if (global && request.select == Select::kAllAttributes &&
      index->projection.type != ProjectionType::kAll) {
    return Status::Validation(std::string(kInvalid) +
                              "Select type ALL_ATTRIBUTES is not supported for global "
                              "secondary index " +
                              name + " because its projection type is not ALL");
  }
  target.family = target.index->family.get();
  target.key_schema = index->key_schema;
  for (const auto& k : index->key_schema) target.page_key_names.push_back(k.name);
  for (const auto& k : definition.key_schema) {
    if (!Contains(target.page_key_names, k.name)) target.page_key_names.push_back(k.name);
  }
  if (global && request.projection) {
    // A GSI cannot read from the table what it does not hold.
    const auto missing = NotProjected(target, request.projection->TopLevelAttributes());
    if (!missing.empty()) {
      std::string list;
      for (const auto& attribute : missing) list += (list.empty() ? "" : ", ") + attribute;
      return Status::Validation(std::string(kInvalid) + "Global secondary index " + name +
                                " does not project [" + list + "]");
    }
  }
  target.fetch_from_table = !global && NeedsTableItems(target, request);
  return target;
}

Result<std::string> StoredKeyOf(const ReadTarget& target, const Item& key) {
  const TableDefinition& table = target.table();
  if (target.index == nullptr) return ValidateKeyAndBuildKey(table, key);
  if (key.size() != target.page_key_names.size()) return Status::Validation(kStartKeyInvalid);
  for (const auto& name : target.page_key_names) {
    auto it = key.find(name);
    if (it == key.end()) return Status::Validation(kStartKeyInvalid);
    if (it->second.type != table.AttributeTypeOf(name)) {
      return Status::Validation(std::string(kStartKeyInvalid) +
                                ": The provided key element does not match the schema");
    }
  }
  Item table_key;
  for (const auto& k : table.key_schema) table_key.emplace(k.name, key.at(k.name));
  MT_ASSIGN_OR_RETURN(stored_table_key, ValidateKeyAndBuildKey(table, table_key));
  const SecondaryIndexDefinition& index = *target.index->definition;
  const std::string* range = index.range_key();
  return key_codec::IndexKey(key.at(index.hash_key()), range ? &key.at(*range) : nullptr,
                             stored_table_key);
}

}  // namespace monotable
