// BatchWriteItem.
#include "protocol/attribute_value_json.h"
#include "protocol/ops/handlers.h"
#include "protocol/ops/item_common.h"

namespace monotable::protocol::ops {
namespace {
constexpr size_t kMaxBatchWrites = 25;

Result<BatchWriteRequest::Entry> DecodeWriteRequest(std::string_view table, JsonElement element) {
  JsonObject write;
  if (element.get_object().get(write)) return WrongJsonType(element, "structure");
  MT_ASSIGN_OR_RETURN(put, OptionalObject(write, "PutRequest"));
  MT_ASSIGN_OR_RETURN(del, OptionalObject(write, "DeleteRequest"));
  if (put.has_value() == del.has_value()) {
    return Status::Validation(
        "Supplied WriteRequest must contain exactly one of PutRequest or DeleteRequest");
  }
  BatchWriteRequest::Entry entry;
  entry.table_name = std::string(table);
  entry.is_put = put.has_value();
  MT_ASSIGN_OR_RETURN(member, OptionalObject(put ? *put : *del, put ? "Item" : "Key"));
  if (!member) {
    return Status::Validation(std::string("1 validation error detected: Value null at '") +
                              (put ? "item" : "key") +
                              "' failed to satisfy constraint: Member must not be null");
  }
  MT_ASSIGN_OR_RETURN(item, DecodeItem(*member));
  entry.item = std::move(item);
  return entry;
}

// UnprocessedItems: the throttled writes, in the form of RequestItems (so that a client
// can send them again as they are), tables in the order they first appear.
void WriteUnprocessed(JsonWriter& w, const BatchWriteRequest& batch,
                      const std::vector<size_t>& unprocessed) {
  w.Key("UnprocessedItems").BeginObject();
  for (size_t i = 0; i < unprocessed.size(); ++i) {
    const std::string& table = batch.entries[unprocessed[i]].table_name;
    bool first_of_table = true;
    for (size_t j = 0; j < i; ++j)
      first_of_table &= batch.entries[unprocessed[j]].table_name != table;
    if (!first_of_table) continue;
    w.Key(table).BeginArray();
    for (size_t index : unprocessed) {
      const auto& entry = batch.entries[index];
      if (entry.table_name != table) continue;
      w.BeginObject().Key(entry.is_put ? "PutRequest" : "DeleteRequest").BeginObject();
      w.Key(entry.is_put ? "Item" : "Key");
      WriteItem(w, entry.item);
      w.EndObject().EndObject();
    }
    w.EndArray();
  }
  w.EndObject();
}

}  // namespace

Result<std::string> BatchWriteItem(const OperationContext& ctx, JsonObject request) {
  MT_ASSIGN_OR_RETURN(items, RequiredRequestItems(request));
  BatchWriteRequest batch;
  for (auto [table, list] : items) {
    JsonArray writes;
    if (list.get_array().get(writes)) return WrongJsonType(list, "list");
    for (JsonElement w : writes) {
      MT_ASSIGN_OR_RETURN(entry, DecodeWriteRequest(table, w));
      batch.entries.push_back(std::move(entry));
    }
  }
  MT_ASSIGN_OR_RETURN(capacity, DecodeReturnConsumedCapacity(request));
  MT_ASSIGN_OR_RETURN(collection_metrics, DecodeReturnItemCollectionMetrics(request));
  if (batch.entries.size() > kMaxBatchWrites) {
    return Status::Validation("Too many items requested for the BatchWriteItem call");
  }
  MT_ASSIGN_OR_RETURN(result, ctx.engine.BatchWriteItem(ctx.request, batch));
  JsonWriter w;
  w.BeginObject();
  WriteUnprocessed(w, batch, result.unprocessed);
  WriteConsumedCapacityList(w, result.consumed, capacity);
  if (collection_metrics && !result.item_collections.empty()) {
    // {"<table>": [metrics, ...], ...}, tables and collections in the order first written.
    w.Key("ItemCollectionMetrics").BeginObject();
    for (size_t i = 0; i < result.item_collections.size(); ++i) {
      const auto& table = result.item_collections[i].table_name;
      bool first_of_table = true;
      for (size_t j = 0; j < i; ++j)
        first_of_table &= result.item_collections[j].table_name != table;
      if (!first_of_table) continue;
      w.Key(table).BeginArray();
      for (const auto& c : result.item_collections) {
        if (c.table_name == table) WriteItemCollectionMetrics(w, c.key, c.bytes);
      }
      w.EndArray();
    }
    w.EndObject();
  }
  w.EndObject();
  return w.Take();
}

}  // namespace monotable::protocol::ops
