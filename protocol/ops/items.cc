// PutItem, GetItem, DeleteItem.
#include "protocol/attribute_value_json.h"
#include "protocol/ops/handlers.h"

namespace monotable::protocol::ops {
namespace {


constexpr char kReturnValuesEnum[] =
    "Member must satisfy enum value set: [ALL_NEW, UPDATED_OLD, ALL_OLD, NONE, UPDATED_NEW]";

// ReturnValues: the enum check, then PutItem/DeleteItem's narrower rule.
Result<ReturnValues> DecodeReturnValues(JsonObject request, ConstraintErrors& errors,
                                        bool old_only) {
  MT_ASSIGN_OR_RETURN(text, OptionalString(request, "ReturnValues"));
  if (!text || *text == "NONE") return ReturnValues::kNone;
  ReturnValues value;
  if (*text == "ALL_OLD") {
    value = ReturnValues::kAllOld;
  } else if (*text == "UPDATED_OLD") {
    value = ReturnValues::kUpdatedOld;
  } else if (*text == "ALL_NEW") {
    value = ReturnValues::kAllNew;
  } else if (*text == "UPDATED_NEW") {
    value = ReturnValues::kUpdatedNew;
  } else {
    errors.AddString(*text, "returnValues", kReturnValuesEnum);
    return ReturnValues::kNone;
  }
  if (old_only && value != ReturnValues::kAllOld) {
    return Status::Validation("ReturnValues can only be ALL_OLD or NONE");
  }
  return value;
}

// Reads an attribute map member ("Item", "Key"); a missing one is a constraint error.
Result<Item> RequiredItem(JsonObject request, std::string_view field, std::string_view path,
                          ConstraintErrors& errors) {
  MT_ASSIGN_OR_RETURN(object, OptionalObject(request, field));
  if (!object) {
    errors.Null(path);
    return Item();
  }
  return DecodeItem(*object);
}

Result<std::string> TableNameMember(JsonObject request, ConstraintErrors& errors) {
  MT_ASSIGN_OR_RETURN(name, OptionalString(request, "TableName"));
  errors.CheckTableName(name, "tableName");
  return name ? std::string(*name) : std::string();
}

// {"Attributes": {...}} when an old item is returned, else {}.
std::string AttributesResponse(const ItemResult& result, std::string_view member) {
  JsonWriter w;
  w.BeginObject();
  if (result.item) {
    w.Key(member);
    WriteItem(w, *result.item);
  }
  w.EndObject();
  return w.Take();
}

}  // namespace

Result<std::string> PutItem(const OperationContext& ctx, JsonObject request) {
  ConstraintErrors errors;
  PutItemRequest put;
  MT_ASSIGN_OR_RETURN(item, RequiredItem(request, "Item", "item", errors));
  put.item = std::move(item);
  MT_ASSIGN_OR_RETURN(name, TableNameMember(request, errors));
  put.table_name = std::move(name);
  MT_ASSIGN_OR_RETURN(return_values, DecodeReturnValues(request, errors, /*old_only=*/true));
  MT_RETURN_IF_ERROR(errors.ToStatus());
  put.return_values = return_values;
  auto result = ctx.engine.PutItem(ctx.request, put);
  if (!result.ok()) return result.status();
  return AttributesResponse(*result, "Attributes");
}

Result<std::string> GetItem(const OperationContext& ctx, JsonObject request) {
  ConstraintErrors errors;
  GetItemRequest get;
  MT_ASSIGN_OR_RETURN(key, RequiredItem(request, "Key", "key", errors));
  get.key = std::move(key);
  MT_ASSIGN_OR_RETURN(name, TableNameMember(request, errors));
  get.table_name = std::move(name);
  MT_ASSIGN_OR_RETURN(consistent, OptionalBool(request, "ConsistentRead"));
  get.consistent_read = consistent.value_or(false);
  MT_ASSIGN_OR_RETURN(attributes, OptionalArray(request, "AttributesToGet"));
  if (attributes) {
    for (JsonElement a : *attributes) {
      std::string_view s;
      if (a.get_string().get(s)) return WrongJsonType(a, "String");
      get.attributes_to_get.emplace_back(s);
    }
    if (get.attributes_to_get.empty()) {
      errors.Add("'[]'", "attributesToGet", "Member must have length greater than or equal to 1");
    }
  }
  MT_RETURN_IF_ERROR(errors.ToStatus());
  auto result = ctx.engine.GetItem(ctx.request, get);
  if (!result.ok()) return result.status();
  return AttributesResponse(*result, "Item");
}

Result<std::string> DeleteItem(const OperationContext& ctx, JsonObject request) {
  ConstraintErrors errors;
  DeleteItemRequest del;
  MT_ASSIGN_OR_RETURN(key, RequiredItem(request, "Key", "key", errors));
  del.key = std::move(key);
  MT_ASSIGN_OR_RETURN(name, TableNameMember(request, errors));
  del.table_name = std::move(name);
  MT_ASSIGN_OR_RETURN(return_values, DecodeReturnValues(request, errors, /*old_only=*/true));
  MT_RETURN_IF_ERROR(errors.ToStatus());
  del.return_values = return_values;
  auto result = ctx.engine.DeleteItem(ctx.request, del);
  if (!result.ok()) return result.status();
  return AttributesResponse(*result, "Attributes");
}

}  // namespace monotable::protocol::ops
