// UpdateTimeToLive, DescribeTimeToLive.
#include "protocol/json_writer.h"
#include "protocol/ops/handlers.h"

namespace monotable::protocol::ops {
namespace {

// TableName of the TTL operations: a name or a table ARN (the service model's TableArn
// shape, 1 to 1024 characters, no pattern: a name that no table has is simply not
// found).
Result<std::string> TableNameOrArn(JsonObject request, ConstraintErrors& errors) {
  MT_ASSIGN_OR_RETURN(name, OptionalString(request, "TableName"));
  if (!name) {
    errors.Null("tableName");
    return std::string();
  }
  if (name->empty()) {
    errors.AddString(*name, "tableName", "Member must have length greater than or equal to 1");
  } else if (name->size() > 1024) {
    errors.AddString(*name, "tableName", "Member must have length less than or equal to 1024");
  }
  std::string_view table = *name;
  if (table.substr(0, 4) == "arn:") {
    const size_t at = table.find(":table/");
    if (at != std::string_view::npos) table = table.substr(at + 7);
  }
  return std::string(table);
}

}  // namespace

Result<std::string> UpdateTimeToLive(const OperationContext& ctx, JsonObject request) {
  ConstraintErrors errors;
  UpdateTimeToLiveRequest update;
  MT_ASSIGN_OR_RETURN(name, TableNameOrArn(request, errors));
  update.table_name = std::move(name);
  MT_ASSIGN_OR_RETURN(spec, OptionalObject(request, "TimeToLiveSpecification"));
  if (!spec) {
    errors.Null("timeToLiveSpecification");
  } else {
    MT_ASSIGN_OR_RETURN(attribute, OptionalString(*spec, "AttributeName"));
    MT_ASSIGN_OR_RETURN(enabled, OptionalBool(*spec, "Enabled"));
    if (!attribute) {
      errors.Null("timeToLiveSpecification.attributeName");
    } else if (attribute->empty()) {
      errors.AddString(*attribute, "timeToLiveSpecification.attributeName",
                       "Member must have length greater than or equal to 1");
    } else if (attribute->size() > 255) {
      errors.AddString(*attribute, "timeToLiveSpecification.attributeName",
                       "Member must have length less than or equal to 255");
    } else {
      update.specification.attribute_name = std::string(*attribute);
    }
    if (!enabled) {
      errors.Null("timeToLiveSpecification.enabled");
    } else {
      update.specification.enabled = *enabled;
    }
  }
  MT_RETURN_IF_ERROR(errors.ToStatus());
  MT_ASSIGN_OR_RETURN(result, ctx.engine.UpdateTimeToLive(ctx.request, update));
  JsonWriter w;
  w.BeginObject().Key("TimeToLiveSpecification").BeginObject();
  w.Key("AttributeName").String(result.attribute_name).Key("Enabled").Bool(result.enabled);
  w.EndObject().EndObject();
  return w.Take();
}

Result<std::string> DescribeTimeToLive(const OperationContext& ctx, JsonObject request) {
  ConstraintErrors errors;
  MT_ASSIGN_OR_RETURN(name, TableNameOrArn(request, errors));
  MT_RETURN_IF_ERROR(errors.ToStatus());
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
