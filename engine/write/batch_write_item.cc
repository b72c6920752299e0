#include "engine/write/batch_write_item.h"

#include <algorithm>
#include <set>
#include <vector>

#include "engine/admission/ticket.h"
#include "engine/schema/key_validation.h"
#include "engine/write/admitted_write.h"
#include "engine/write/write_capacity.h"
#include "engine/write/write_touches.h"

namespace monotable {
namespace {

// Adds a write's item collection to the result: one entry per collection, with the
// size after the request's last write to it (the outcomes come in request order).
void AddItemCollection(BatchWriteResult& result, const std::string& table_name,
                       const IndexWrites& index_writes) {
  const auto& collection = index_writes.item_collection;
  if (!collection) return;
  auto same = [&](const BatchWriteResult::ItemCollection& c) {
    return c.table_name == table_name && c.key == collection->key;
  };
  auto it = std::find_if(result.item_collections.begin(), result.item_collections.end(), same);
  if (it == result.item_collections.end()) {
    result.item_collections.push_back({table_name, collection->key, collection->bytes});
  } else {
    it->bytes = collection->bytes;
  }
}

// --log-requests: a write refused for throughput (at its table or a GSI), size and units
// unknown (0): the rehearsal replays it too.
void RecordRefused(ItemTouches* touches, const Table& table, const Item& item) {
  if (touches == nullptr) return;
  const auto definition = table.definition();  // held while Record reads it
  touches->Record(*definition, item, true, 0, 0);
}

}  // namespace

Result<BatchWriteResult> BatchWriteItem(WritePath& write_path, const TableLookup& tables,
                                        const BatchWriteRequest& request, ItemTouches* touches) {
  struct Planned {
    std::shared_ptr<Table> table;
    std::string key;
    size_t item_size = 0;  // of a Put's item
  };
  // Everything is validated before anything is written, as DynamoDB does.
  std::vector<Planned> planned;
  planned.reserve(request.entries.size());
  std::set<std::pair<const Table*, std::string>> seen;
  for (const auto& entry : request.entries) {
    MT_ASSIGN_OR_RETURN(table, tables.Find(entry.table_name));
    auto definition = table->definition();
    size_t item_size = 0;
    MT_ASSIGN_OR_RETURN(key, entry.is_put
                                 ? ValidateItemAndBuildKey(*definition, entry.item, &item_size)
                                 : ValidateKeyAndBuildKey(*definition, entry.item));
    if (!seen.emplace(table.get(), key).second) return Status::Validation(kDuplicateKeys);
    planned.push_back({table, std::move(key), item_size});
  }
  // Throttling is per write: a throttled write is handed back in UnprocessedItems and
  // the others are made; the call fails only when every write was throttled (DynamoDB:
  // "If none of the items can be processed due to insufficient provisioned throughput
  // on all of the tables in the request, then BatchWriteItem returns a
  // ProvisionedThroughputExceededException"). Each table partition is admitted before
  // any lock is taken, as for a single-item write.
  BatchWriteResult result;
  Status first_throttle;
  std::vector<WriteAdmission> admissions(planned.size());
  std::vector<size_t> admitted;  // indexes into the request of the writes admitted
  std::vector<WritePath::BatchedWrite> writes;
  std::vector<std::shared_ptr<const TableLayout>> layouts;  // sized the GSI claims
  for (size_t i = 0; i < planned.size(); ++i) {
    const auto& entry = request.entries[i];
    const double estimate = entry.is_put ? capacity::WriteUnits(planned[i].item_size) : 1;
    Status table_admitted = admissions[i].AdmitTable(*planned[i].table, planned[i].key, estimate);
    if (!table_admitted.ok()) {
      if (!IsThrottled(table_admitted)) return table_admitted;
      if (first_throttle.ok()) first_throttle = std::move(table_admitted);
      RecordRefused(touches, *planned[i].table, entry.item);
      result.unprocessed.push_back(i);
      continue;
    }
    admitted.push_back(i);
    writes.push_back({*planned[i].table, planned[i].key});
    layouts.push_back(planned[i].table->layout());
  }
  // The admitted writes are made together: one RocksDB write under all their item locks.
  // A write that meets an in-flight transaction waits for it: the batch has already
  // been accepted as a whole, and failing half-way would leave it partly applied.
  std::vector<Result<WriteOutcome>> outcomes;
  if (!writes.empty()) {
    auto compute = [&](size_t w, const std::optional<Item>& old) -> Result<std::optional<Item>> {
      const auto& entry = request.entries[admitted[w]];
      std::optional<Item> new_item;
      if (entry.is_put) new_item = entry.item;
      MT_RETURN_IF_ERROR(admissions[admitted[w]].AdmitIndexes(*layouts[w], old, new_item));
      return new_item;
    };
    MT_ASSIGN_OR_RETURN(made,
                        write_path.ApplyBatch(writes, compute, WritePath::OldImage::kPresence));
    outcomes = std::move(made);
  }
  for (size_t w = 0; w < outcomes.size(); ++w) {
    const size_t i = admitted[w];
    if (!outcomes[w].ok()) {
      if (!IsThrottled(outcomes[w].status())) return outcomes[w].status();
      if (first_throttle.ok()) first_throttle = outcomes[w].status();
      RecordRefused(touches, *planned[i].table, request.entries[i].item);  // by a GSI
      result.unprocessed.push_back(i);
      continue;
    }
    const WriteOutcome& outcome = *outcomes[w];
    admissions[i].Settle(outcome.sizes);
    // Each write is charged on its own, as the single-item write it stands for.
    const std::string& table_name = request.entries[i].table_name;
    AddItemCollection(result, table_name, outcome.index_writes);
    ConsumedCapacity consumed = capacity::ForWrite(table_name, outcome);
    if (touches != nullptr) {
      const auto definition = planned[i].table->definition();  // held while Record reads it
      RecordWrite(
          *touches, *definition,
          {request.entries[i].item, outcome.old_item, outcome.new_item, outcome.index_writes,
           std::max(outcome.sizes.old_size, outcome.sizes.new_size), consumed.table.write_units});
    }
    capacity::AddPerTable(result.consumed, consumed);
  }
  std::sort(result.unprocessed.begin(), result.unprocessed.end());
  if (!planned.empty() && result.unprocessed.size() == planned.size()) return first_throttle;
  return result;
}

}  // namespace monotable
