#include "engine/read/item_reads.h"

#include <set>

#include "engine/admission/ticket.h"
#include "engine/base/limits.h"
#include "engine/format/key_codec.h"
#include "engine/read/project_item.h"
#include "engine/schema/key_validation.h"
#include "engine/storage/stored_items.h"

namespace monotable {

namespace {

// Reads one item, as stored, under admission: the minimum read (the size is unknown
// until read) is claimed on its partition first, and settled with what the read
// consumed (a missing item costs as an empty one).
Result<std::optional<item_codec::EncodedItem>> AdmittedRead(const Storage& storage,
                                                            const Table& table,
                                                            const std::string& key, bool consistent,
                                                            const rocksdb::Snapshot* state,
                                                            double& units, size_t* bytes) {
  Ticket ticket;
  const int claim = ticket.Claim(table, "", std::string_view(key), throughput::Op::kRead,
                                 capacity::ReadUnits(0, consistent));
  MT_RETURN_IF_ERROR(ticket.Admit());
  MT_ASSIGN_OR_RETURN(item, ReadStoredEncodedItem(storage, table, key, state));
  size_t size = 0;
  if (item) {
    MT_ASSIGN_OR_RETURN(stored_size, item_codec::EncodedItemSize(*item));
    size = stored_size;
  }
  units = capacity::ReadUnits(size, consistent);
  *bytes = size;
  ticket.SetActual(claim, units);
  return item;
}

}  // namespace

Result<ItemResult> GetItem(const Storage& storage, const Table& table,
                           const GetItemRequest& request, const rocksdb::Snapshot* state) {
  auto definition = table.definition();
  MT_ASSIGN_OR_RETURN(key, ValidateKeyAndBuildKey(*definition, request.key));
  ItemResult result;
  size_t bytes = 0;
  MT_ASSIGN_OR_RETURN(item, AdmittedRead(storage, table, key, request.consistent_read, state,
                                         result.consumed.table.read_units, &bytes));
  result.item_bytes = bytes;
  result.consumed.table_name = request.table_name;
  if (item) {
    MT_ASSIGN_OR_RETURN(returned, ProjectEncodedItem(std::move(*item), request.projection));
    result.item_encoded = std::move(returned);
  }
  return result;
}

Result<BatchGetResult> BatchGetItem(const Storage& storage, const TableLookup& tables,
                                    const BatchGetRequest& request,
                                    std::span<const rocksdb::Snapshot* const> states,
                                    ItemTouches* touches) {
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
  // A throttled key is handed back in UnprocessedKeys; the call fails only when every
  // key was throttled, as BatchWriteItem does.
  size_t response_bytes = 0, keys = 0, throttled = 0;
  Status first_throttle;
  for (size_t t = 0; t < planned.size(); ++t) {
    const auto& projection = request.tables[t].projection;
    result.consumed[t].table_name = request.tables[t].table_name;
    for (size_t k = 0; k < planned[t].keys.size(); ++k) {
      // Past 16 MB the remaining keys are handed back for the client to retry.
      if (response_bytes >= limits::kMaxRequestBodyBytes) {
        result.unprocessed[t].push_back(k);
        continue;
      }
      // Each key is charged as its own GetItem (rounded up per item).
      double units = 0;
      size_t bytes = 0;
      ++keys;
      auto item = AdmittedRead(storage, *planned[t].table, planned[t].keys[k],
                               request.tables[t].consistent_read,
                               t < states.size() ? states[t] : nullptr, units, &bytes);
      if (!item.ok() && IsThrottled(item.status())) {
        // Recorded as refused (size and units unknown): the rehearsal replays it too.
        if (touches != nullptr) {
          const auto definition = planned[t].table->definition();  // held while Record reads it
          touches->Record(*definition, request.tables[t].keys[k], false, 0, 0);
        }
        if (throttled++ == 0) first_throttle = item.status();
        result.unprocessed[t].push_back(k);
        continue;
      }
      if (!item.ok()) return item.status();
      result.consumed[t].table.read_units += units;
      if (touches != nullptr) {
        const auto definition = planned[t].table->definition();  // held while Record reads it
        touches->Record(*definition, request.tables[t].keys[k], false, bytes, units);
      }
      if (!*item) continue;
      MT_ASSIGN_OR_RETURN(returned, ProjectEncodedItem(std::move(**item), projection));
      MT_ASSIGN_OR_RETURN(returned_size, item_codec::EncodedItemSize(returned));
      response_bytes += returned_size;
      result.items[t].push_back(std::move(returned));
    }
  }
  if (keys > 0 && throttled == keys) return first_throttle;
  return result;
}

}  // namespace monotable
