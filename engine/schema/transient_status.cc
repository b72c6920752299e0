#include "engine/schema/transient_status.h"

#include <algorithm>

namespace monotable {
namespace {

int64_t Deadline(int64_t now_ms, int64_t delay_ms) { return delay_ms > 0 ? now_ms + delay_ms : 0; }

bool Had(const TableDefinition& current, const SecondaryIndexDefinition& index) {
  return std::any_of(current.global_secondary_indexes.begin(),
                     current.global_secondary_indexes.end(),
                     [&](const SecondaryIndexDefinition& i) { return i.name == index.name; });
}

}  // namespace

void StartTransientStatuses(TableDefinition& next, const TableDefinition* current,
                            const TransientStatusDelays& delays, int64_t now_ms) {
  if (current == nullptr) {
    next.creating_until_ms = Deadline(now_ms, delays.create_table_ms);
    return;
  }
  next.updating_until_ms = Deadline(now_ms, delays.update_table_ms);
  for (SecondaryIndexDefinition& index : next.global_secondary_indexes) {
    if (!Had(*current, index)) index.creating_until_ms = Deadline(now_ms, delays.create_index_ms);
  }
}

bool HasTransientDeadline(const TableDefinition& table, int64_t now_ms) {
  if (now_ms < table.creating_until_ms || now_ms < table.updating_until_ms) return true;
  return std::any_of(table.global_secondary_indexes.begin(), table.global_secondary_indexes.end(),
                     [&](const SecondaryIndexDefinition& i) { return ShownCreating(i, now_ms); });
}

void ShowTransientStatuses(TableDefinition& shown, int64_t now_ms) {
  if (ShownCreating(shown, now_ms)) {
    shown.status = TableStatus::kCreating;
    for (auto* list : {&shown.global_secondary_indexes, &shown.local_secondary_indexes}) {
      for (SecondaryIndexDefinition& index : *list) index.status = IndexStatus::kCreating;
    }
    return;
  }
  bool index_creating = false;
  for (SecondaryIndexDefinition& index : shown.global_secondary_indexes) {
    if (!ShownCreating(index, now_ms) || index.status == IndexStatus::kDeleting) continue;
    index.status = IndexStatus::kCreating;
    index.backfilling = true;
    index_creating = true;
  }
  if (shown.status == TableStatus::kActive &&
      (index_creating || now_ms < shown.updating_until_ms)) {
    shown.status = TableStatus::kUpdating;
  }
}

}  // namespace monotable
