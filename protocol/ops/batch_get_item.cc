// BatchGetItem.
#include "protocol/attribute_value_json.h"
#include "protocol/encoded_item_json.h"
#include "protocol/ops/handlers.h"
#include "protocol/ops/item_common.h"
#include "protocol/ops/legacy_json.h"

namespace monotable::protocol::ops {
namespace {
constexpr size_t kMaxBatchGets = 100;

// One table's KeysAndAttributes, with the expression state its projection needs.
struct TableRequest {
  std::string name;
  JsonObject object;  // echoed into UnprocessedKeys
  RequestExpressions expressions;
};

// The service model's checks (model_validation.h) have passed: Keys is present and
// holds 1 to 100 keys.
Status DecodeTableKeys(const OperationContext& ctx, TableRequest& table,
                       BatchGetRequest::TableKeys& keys) {
  keys.table_name = table.name;
  MT_ASSIGN_OR_RETURN(list, RequiredList(table.object, "Keys"));
  for (JsonElement k : list) {
    JsonObject key;
    if (k.get_object().get(key)) return WrongJsonType(k, "structure");
    MT_ASSIGN_OR_RETURN(item, DecodeItem(key));
    keys.keys.push_back(std::move(item));
  }
  MT_ASSIGN_OR_RETURN(consistent, OptionalBool(table.object, "ConsistentRead"));
  keys.consistent_read = consistent.value_or(false);
  MT_ASSIGN_OR_RETURN(attributes, DecodeAttributesToGet(table.object));
  MT_ASSIGN_OR_RETURN(projection_text, OptionalString(table.object, "ProjectionExpression"));

  MT_ASSIGN_OR_RETURN(projection, ResolveReadProjection(ctx, table.object, projection_text,
                                                        attributes, table.expressions));
  keys.projection = std::move(projection);
  return Status::Ok();
}

// UnprocessedKeys repeats the table's request with only the keys left over.
void WriteUnprocessed(JsonWriter& w, const TableRequest& table,
                      const BatchGetRequest::TableKeys& keys, const std::vector<size_t>& left) {
  w.Key(table.name).BeginObject();
  w.Key("Keys").BeginArray();
  for (size_t k : left) WriteItem(w, keys.keys[k]);
  w.EndArray();
  for (auto [member, value] : table.object) {
    if (member == "Keys") continue;
    w.Key(member).Raw(simdjson::minify(value));
  }
  w.EndObject();
}

}  // namespace

Result<std::string> BatchGetItem(const OperationContext& ctx, JsonObject request) {
  MT_ASSIGN_OR_RETURN(items, RequiredRequestItems(request));
  std::vector<std::unique_ptr<TableRequest>> tables;
  for (auto [name, value] : items) {
    JsonObject object;
    if (value.get_object().get(object)) return WrongJsonType(value, "structure");
    auto table = std::make_unique<TableRequest>();
    table->name = std::string(name);
    table->object = object;
    tables.push_back(std::move(table));
  }
  MT_ASSIGN_OR_RETURN(capacity, DecodeReturnConsumedCapacity(request));
  BatchGetRequest batch;
  size_t total_keys = 0;
  for (auto& table : tables) {
    BatchGetRequest::TableKeys keys;
    MT_RETURN_IF_ERROR(DecodeTableKeys(ctx, *table, keys));
    total_keys += keys.keys.size();
    batch.tables.push_back(std::move(keys));
  }
  if (total_keys > kMaxBatchGets) {
    return Status::Validation("Too many items requested for the BatchGetItem call");
  }
  MT_ASSIGN_OR_RETURN(result, ctx.engine.BatchGetItem(ctx.request, batch));

  JsonWriter w;
  w.BeginObject().Key("Responses").BeginObject();
  for (size_t t = 0; t < tables.size(); ++t) {
    w.Key(tables[t]->name).BeginArray();
    for (const auto& item : result.items[t]) MT_RETURN_IF_ERROR(WriteEncodedItem(w, item));
    w.EndArray();
  }
  w.EndObject().Key("UnprocessedKeys").BeginObject();
  for (size_t t = 0; t < tables.size(); ++t) {
    if (!result.unprocessed[t].empty()) {
      WriteUnprocessed(w, *tables[t], batch.tables[t], result.unprocessed[t]);
    }
  }
  w.EndObject();
  WriteConsumedCapacityList(w, result.consumed, capacity);
  w.EndObject();
  return w.Take();
}

}  // namespace monotable::protocol::ops
