// Engine: BatchWriteItem and BatchGetItem.
#include <algorithm>
#include <map>
#include <set>

#include "engine/engine.h"
#include "engine/key_validation.h"
#include "engine/limits.h"
#include "engine/read_path.h"

namespace monotable {
namespace {

constexpr char kDuplicates[] = "Provided list of item keys contains duplicates";

}  // namespace

Result<BatchWriteResult> Engine::BatchWriteItem(const RequestContext& ctx,
                                                const BatchWriteRequest& request) {
  struct Planned {
    std::shared_ptr<Table> table;
    std::string key;
  };
  // Everything is validated before anything is written, as DynamoDB does.
  std::vector<Planned> planned;
  std::set<std::pair<const Table*, std::string>> seen;
  for (const auto& entry : request.entries) {
    MT_ASSIGN_OR_RETURN(table, FindTable(ctx, entry.table_name));
    auto definition = table->definition();
    MT_ASSIGN_OR_RETURN(key, entry.is_put ? ValidateItemAndBuildKey(*definition, entry.item)
                                          : ValidateKeyAndBuildKey(*definition, entry.item));
    if (!seen.emplace(table.get(), key).second) return Status::Validation(kDuplicates);
    planned.push_back({table, std::move(key)});
  }
  // A write that meets an in-flight transaction waits for it: the batch has already
  // been accepted as a whole, and failing half-way would leave it partly applied.
  BatchWriteResult result;
  for (size_t i = 0; i < planned.size(); ++i) {
    const auto& entry = request.entries[i];
    MT_ASSIGN_OR_RETURN(outcome, write_path_->Apply(
        *planned[i].table, planned[i].key,
        [&](const std::optional<Item>&) -> Result<std::optional<Item>> {
          if (!entry.is_put) return std::optional<Item>();
          return std::optional<Item>(entry.item);
        },
        WritePath::OnTransaction::kWait));
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
    capacity::AddPerTable(result.consumed,
                          capacity::ForWrite(entry.table_name, outcome.old_item,
                                             outcome.new_item, outcome.index_writes));
  }
  return result;
}

Result<BatchGetResult> Engine::BatchGetItem(const RequestContext& ctx,
                                            const BatchGetRequest& request) {
  struct Planned {
    std::shared_ptr<Table> table;
    std::vector<std::string> keys;
  };
  std::vector<Planned> planned;
  for (const auto& table_keys : request.tables) {
    MT_ASSIGN_OR_RETURN(table, FindTable(ctx, table_keys.table_name));
    auto definition = table->definition();
    Planned p{table, {}};
    std::set<std::string> seen;
    for (const auto& key : table_keys.keys) {
      MT_ASSIGN_OR_RETURN(encoded, ValidateKeyAndBuildKey(*definition, key));
      if (!seen.insert(encoded).second) return Status::Validation(kDuplicates);
      p.keys.push_back(std::move(encoded));
    }
    planned.push_back(std::move(p));
  }
  BatchGetResult result;
  result.items.resize(planned.size());
  result.unprocessed.resize(planned.size());
  result.consumed.resize(planned.size());
  size_t response_bytes = 0;
  for (size_t t = 0; t < planned.size(); ++t) {
    const auto& projection = request.tables[t].projection;
    result.consumed[t].table_name = request.tables[t].table_name;
    for (size_t k = 0; k < planned[t].keys.size(); ++k) {
      // Past 16 MB the remaining keys are handed back for the client to retry.
      if (response_bytes >= limits::kMaxRequestBodyBytes) {
        result.unprocessed[t].push_back(k);
        continue;
      }
      MT_ASSIGN_OR_RETURN(item, ReadStoredItem(*storage_, *planned[t].table, planned[t].keys[k]));
      // Each key is charged as its own GetItem (rounded up per item).
      result.consumed[t].table.read_units +=
          capacity::ItemReadUnits(item, request.tables[t].consistent_read);
      if (!item) continue;
      Item returned = projection ? projection->Apply(*item) : std::move(*item);
      response_bytes += ItemSize(returned);
      result.items[t].push_back(std::move(returned));
    }
  }
  return result;
}

}  // namespace monotable
