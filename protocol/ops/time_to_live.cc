// UpdateTimeToLive, DescribeTimeToLive.
#include "protocol/json_writer.h"
#include "protocol/ops/handlers.h"

namespace monotable::protocol::ops {
namespace {

// TableName of the TTL operations: a name or a table ARN (the service model's TableArn
// shape, whose length the model checks; no pattern: a name that no table has is simply
// not found).
Result<std::string> TableNameOrArn(JsonObject request) {
  MT_ASSIGN_OR_RETURN(name, RequiredString(request, "TableName"));
  std::string_view table = name;
  if (table.substr(0, 4) == "arn:") {
    const size_t at = table.find(":table/");
    if (at != std::string_view::npos) table = table.substr(at + 7);
  }
  return std::string(table);
}

}  // namespace

Result<std::string> UpdateTimeToLive(const OperationContext& ctx, JsonObject request) {
  UpdateTimeToLiveRequest update;
  MT_ASSIGN_OR_RETURN(name, TableNameOrArn(request));
  update.table_name = std::move(name);
  MT_ASSIGN_OR_RETURN(spec, RequiredObject(request, "TimeToLiveSpecification"));
  MT_ASSIGN_OR_RETURN(attribute, RequiredString(spec, "AttributeName"));
  MT_ASSIGN_OR_RETURN(enabled, RequiredBool(spec, "Enabled"));
  update.specification.attribute_name = std::string(attribute);
  update.specification.enabled = enabled;
  MT_ASSIGN_OR_RETURN(result, ctx.engine.UpdateTimeToLive(ctx.request, update));
  JsonWriter w;
  w.BeginObject().Key("TimeToLiveSpecification").BeginObject();
  w.Key("AttributeName").String(result.attribute_name).Key("Enabled").Bool(result.enabled);
  w.EndObject().EndObject();
  return w.Take();
}

Result<std::string> DescribeTimeToLive(const OperationContext& ctx, JsonObject request) {
  MT_ASSIGN_OR_RETURN(name, TableNameOrArn(request));
  MT_ASSIGN_OR_RETURN(description, ctx.engine.DescribeTimeToLive(ctx.request, name));
  JsonWriter w;
  w.BeginObject().Key("TimeToLiveDescription").BeginObject();
  if (description.enabled) {
    w.Key("AttributeName").String(description.attribute_name);
    w.Key("TimeToLiveStatus").String("ENABLED");
  } else {
    w.Key("TimeToLiveStatus").String("DISABLED");
  }
  w.EndObject().EndObject();
  return w.Take();
}

}  // namespace monotable::protocol::ops
