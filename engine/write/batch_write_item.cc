#include "engine/write/batch_write_item.h"

#include <algorithm>
#include <set>

#include "engine/admission/ticket.h"
#include "engine/schema/key_validation.h"
#include "engine/write/admitted_write.h"
#include "engine/write/write_capacity.h"

namespace monotable {

Result<BatchWriteResult> BatchWriteItem(WritePath& write_path, const TableLookup& tables,
                                        const BatchWriteRequest& request) {
  struct Planned {
    std::shared_ptr<Table> table;
    std::string key;
  };
  // Everything is validated before anything is written, as DynamoDB does.
  std::vector<Planned> planned;
  std::set<std::pair<const Table*, std::string>> seen;
  for (const auto& entry : request.entries) {
    MT_ASSIGN_OR_RETURN(table, tables.Find(entry.table_name));
    auto definition = table->definition();
    MT_ASSIGN_OR_RETURN(key, entry.is_put ? ValidateItemAndBuildKey(*definition, entry.item)
                                          : ValidateKeyAndBuildKey(*definition, entry.item));
    if (!seen.emplace(table.get(), key).second) return Status::Validation(kDuplicateKeys);
    planned.push_back({table, std::move(key)});
  }
  // A write that meets an in-flight transaction waits for it: the batch has already
  // been accepted as a whole, and failing half-way would leave it partly applied.
  // A throttled write is handed back in UnprocessedItems; the call fails only when
  // every write was throttled (DynamoDB: "If none of the items can be processed due to
  // insufficient provisioned throughput on all of the tables in the request, then
  // BatchWriteItem returns a ProvisionedThroughputExceededException").
  BatchWriteResult result;
  Status first_throttle;
  for (size_t i = 0; i < planned.size(); ++i) {
    const auto& entry = request.entries[i];
    const double estimate = entry.is_put ? capacity::WriteUnits(ItemSize(entry.item)) : 1;
    auto applied = AdmittedApply(
        write_path, *planned[i].table, planned[i].key, estimate,
        [&](const std::optional<Item>&) -> Result<std::optional<Item>> {
          if (!entry.is_put) return std::optional<Item>();
          return std::optional<Item>(entry.item);
        },
        WritePath::OnTransaction::kWait, WritePath::OldImage::kPresence);
    if (!applied.ok() && IsThrottled(applied.status())) {
      if (first_throttle.ok()) first_throttle = applied.status();
      result.unprocessed.push_back(i);
      continue;
    }
    if (!applied.ok()) return applied.status();
    WriteOutcome& outcome = *applied;
    // Each write is charged on its own, as the single-item write it stands for.
    if (const auto& collection = outcome.index_writes.item_collection) {
      auto same = [&](const BatchWriteResult::ItemCollection& c) {
        return c.table_name == entry.table_name && c.key == collection->key;
      };
      auto it = std::find_if(result.item_collections.begin(), result.item_collections.end(), same);
      if (it == result.item_collections.end()) {
        result.item_collections.push_back({entry.table_name, collection->key, collection->bytes});
      } else {
        it->bytes = collection->bytes;  // the latest size of the collection
      }
    }
    capacity::AddPerTable(result.consumed, capacity::ForWrite(entry.table_name, outcome));
  }
  if (!planned.empty() && result.unprocessed.size() == planned.size()) return first_throttle;
  return result;
}

}  // namespace monotable
