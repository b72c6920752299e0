#include "engine/read/item_reads.h"

#include <set>

#include "engine/base/limits.h"
#include "engine/read/stored_item_reader.h"
#include "engine/schema/key_validation.h"

namespace monotable {

Result<ItemResult> GetItem(const Storage& storage, const Table& table,
                           const GetItemRequest& request) {
  MT_ASSIGN_OR_RETURN(key, ValidateKeyAndBuildKey(*table.definition(), request.key));
  MT_ASSIGN_OR_RETURN(item, ReadStoredItem(storage, table, key));
  ItemResult result;
  result.consumed.table_name = request.table_name;
  result.consumed.table.read_units = capacity::ItemReadUnits(item, request.consistent_read);
  if (item) result.item = request.projection ? request.projection->Apply(*item) : std::move(*item);
  return result;
}

Result<BatchGetResult> BatchGetItem(const Storage& storage, const TableLookup& tables,
                                    const BatchGetRequest& request) {
  struct Planned {
    std::shared_ptr<Table> table;
    std::vector<std::string> keys;
  };
  std::vector<Planned> planned;
  for (const auto& table_keys : request.tables) {
    MT_ASSIGN_OR_RETURN(table, tables.Find(table_keys.table_name));
    auto definition = table->definition();
    Planned p{table, {}};
    std::set<std::string> seen;
    for (const auto& key : table_keys.keys) {
      MT_ASSIGN_OR_RETURN(encoded, ValidateKeyAndBuildKey(*definition, key));
      if (!seen.insert(encoded).second) return Status::Validation(kDuplicateKeys);
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
      MT_ASSIGN_OR_RETURN(item, ReadStoredItem(storage, *planned[t].table, planned[t].keys[k]));
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
