#include "protocol/ops/capacity_json.h"

#include <map>
#include <string>

namespace monotable::protocol::ops {
namespace {

void WriteUnits(JsonWriter& w, const Capacity& capacity) {
  w.BeginObject().Key("CapacityUnits").Double(capacity.total()).EndObject();
}

void WriteIndexes(JsonWriter& w, std::string_view member,
                  const std::map<std::string, Capacity>& indexes) {
  if (indexes.empty()) return;
  w.Key(member).BeginObject();
  for (const auto& [name, capacity] : indexes) {
    w.Key(name);
    WriteUnits(w, capacity);
  }
  w.EndObject();
}

void WriteOne(JsonWriter& w, const ConsumedCapacity& consumed, CapacityDetail detail) {
  w.BeginObject();
  w.Key("TableName").String(consumed.table_name);
  w.Key("CapacityUnits").Double(consumed.Total().total());
  if (detail == CapacityDetail::kIndexes) {
    // A read served by an index alone shows no Table entry, as DynamoDB does.
    const bool indexes_only =
        consumed.table.total() == 0 &&
        (!consumed.global_secondary_indexes.empty() || !consumed.local_secondary_indexes.empty());
    if (!indexes_only) {
      w.Key("Table");
      WriteUnits(w, consumed.table);
    }
    WriteIndexes(w, "LocalSecondaryIndexes", consumed.local_secondary_indexes);
    WriteIndexes(w, "GlobalSecondaryIndexes", consumed.global_secondary_indexes);
  }
  w.EndObject();
}

}  // namespace

Result<CapacityDetail> DecodeReturnConsumedCapacity(JsonObject request) {
  MT_ASSIGN_OR_RETURN(text, OptionalString(request, "ReturnConsumedCapacity"));
  if (!text || *text == "NONE") return CapacityDetail::kNone;
  if (*text == "TOTAL") return CapacityDetail::kTotal;
  if (*text == "INDEXES") return CapacityDetail::kIndexes;
  return UnknownModelValue("ReturnConsumedCapacity", *text);
}

void WriteConsumedCapacity(JsonWriter& w, const ConsumedCapacity& consumed, CapacityDetail detail) {
  if (detail == CapacityDetail::kNone) return;
  w.Key("ConsumedCapacity");
  WriteOne(w, consumed, detail);
}

void WriteConsumedCapacityList(JsonWriter& w, const std::vector<ConsumedCapacity>& consumed,
                               CapacityDetail detail) {
  if (detail == CapacityDetail::kNone) return;
  w.Key("ConsumedCapacity").BeginArray();
  for (const auto& c : consumed) WriteOne(w, c, detail);
  w.EndArray();
}

}  // namespace monotable::protocol::ops
