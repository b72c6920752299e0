#include "engine/control/deleting_resources.h"

#include <algorithm>

namespace monotable {

void DeletingResources::TableDeleted(const std::string& ns, TableDescription description,
                                     int64_t until_ms) {
  std::lock_guard lock(mutex_);
  Key key{ns, description.definition.name};
  indexes_.erase(key);  // the table's own deleted indexes go with it
  tables_.insert_or_assign(std::move(key), std::make_pair(std::move(description), until_ms));
}

std::optional<TableDescription> DeletingResources::Table(const std::string& ns,
                                                         const std::string& name, int64_t now_ms) {
  std::lock_guard lock(mutex_);
  auto it = tables_.find(Key{ns, name});
  if (it == tables_.end()) return std::nullopt;
  if (now_ms >= it->second.second) {
    tables_.erase(it);
    return std::nullopt;
  }
  return it->second.first;
}

std::vector<std::string> DeletingResources::TableNames(const std::string& ns, int64_t now_ms) {
  std::lock_guard lock(mutex_);
  std::vector<std::string> names;
  for (auto it = tables_.lower_bound(Key{ns, ""}); it != tables_.end() && it->first.first == ns;) {
    if (now_ms >= it->second.second) {
      it = tables_.erase(it);
      continue;
    }
    names.push_back(it->first.second);
    ++it;
  }
  return names;
}

void DeletingResources::IndexesDeleted(const std::string& ns, const std::string& table,
                                       std::vector<SecondaryIndexDefinition> indexes,
                                       int64_t until_ms) {
  std::lock_guard lock(mutex_);
  auto& deleted = indexes_[Key{ns, table}];
  for (SecondaryIndexDefinition& index : indexes) {
    index.status = IndexStatus::kDeleting;
    index.backfilling = false;
    deleted.push_back({std::move(index), until_ms});
  }
}

bool DeletingResources::HasDeletingIndexes(const std::string& ns, const std::string& table,
                                           int64_t now_ms) {
  std::lock_guard lock(mutex_);
  auto it = indexes_.find(Key{ns, table});
  if (it == indexes_.end()) return false;
  return std::any_of(it->second.begin(), it->second.end(),
                     [&](const DeletedIndex& d) { return now_ms < d.until_ms; });
}

void DeletingResources::ShowDeletingIndexes(const std::string& ns, TableDefinition& shown,
                                            int64_t now_ms) {
  std::lock_guard lock(mutex_);
  auto it = indexes_.find(Key{ns, shown.name});
  if (it == indexes_.end()) return;
  std::erase_if(it->second, [&](const DeletedIndex& d) { return now_ms >= d.until_ms; });
  if (it->second.empty()) {
    indexes_.erase(it);
    return;
  }
  bool any = false;
  for (const DeletedIndex& d : it->second) {
    // A GSI of the same name made since is the live one.
    if (shown.FindIndex(d.definition.name) != nullptr) continue;
    shown.global_secondary_indexes.push_back(d.definition);
    any = true;
  }
  // DynamoDB's table is UPDATING while one of its GSIs is being deleted.
  if (any && shown.status == TableStatus::kActive) shown.status = TableStatus::kUpdating;
}

}  // namespace monotable
