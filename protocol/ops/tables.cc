// CreateTable, DescribeTable, ListTables, UpdateTable, DeleteTable.
#include "protocol/ops/handlers.h"
#include "protocol/ops/table_schema_json.h"
#include "protocol/ops/tags_json.h"
#include "protocol/policy_document.h"
#include "protocol/table_description_json.h"

namespace monotable::protocol::ops {
namespace {

Result<std::string> DescriptionResponse(const OperationContext& ctx, std::string_view wrapper,
                                        const Result<TableDescription>& description,
                                        TableDescriptionForm form = TableDescriptionForm::kFull) {
  if (!description.ok()) return description.status();
  JsonWriter w;
  w.BeginObject().Key(wrapper);
  WriteTableDescription(w, *description, ctx.region, ctx.account_id, form);
  w.EndObject();
  return w.Take();
}

// TableName, the one member of Describe/DeleteTable (checked by the model).
Result<std::string> RequiredTableName(JsonObject request) {
  MT_ASSIGN_OR_RETURN(name, RequiredString(request, "TableName"));
  return std::string(name);
}

}  // namespace

Result<std::string> CreateTable(const OperationContext& ctx, JsonObject request) {
  MT_RETURN_IF_ERROR(RefuseUnservedMember(request, "VectorIndexes"));
  CreateTableRequest create;
  MT_ASSIGN_OR_RETURN(definitions, RequiredList(request, "AttributeDefinitions"));
  MT_ASSIGN_OR_RETURN(decoded_definitions, DecodeAttributeDefinitions(definitions));
  create.attribute_definitions = std::move(decoded_definitions);
  MT_ASSIGN_OR_RETURN(name, RequiredTableName(request));
  create.table_name = std::move(name);
  MT_ASSIGN_OR_RETURN(keys, RequiredList(request, "KeySchema"));
  MT_ASSIGN_OR_RETURN(decoded_keys, DecodeKeySchema(keys));
  create.key_schema = std::move(decoded_keys);
  MT_ASSIGN_OR_RETURN(lsis, OptionalArray(request, "LocalSecondaryIndexes"));
  create.local_secondary_indexes_given = lsis.has_value();
  if (lsis)
    MT_RETURN_IF_ERROR(StoreDecoded(create.local_secondary_indexes, DecodeIndexes(*lsis, false)));
  MT_ASSIGN_OR_RETURN(gsis, OptionalArray(request, "GlobalSecondaryIndexes"));
  create.global_secondary_indexes_given = gsis.has_value();
  if (gsis)
    MT_RETURN_IF_ERROR(StoreDecoded(create.global_secondary_indexes, DecodeIndexes(*gsis, true)));
  MT_ASSIGN_OR_RETURN(capacity, DecodeCapacityMembers(request));
  create.billing_mode = capacity.billing_mode;
  create.throughput = capacity.throughput;
  create.on_demand_throughput = capacity.on_demand_throughput;
  create.warm_throughput = capacity.warm_throughput;
  create.deletion_protection = capacity.deletion_protection.value_or(false);
  MT_ASSIGN_OR_RETURN(tags, OptionalArray(request, "Tags"));
  MT_ASSIGN_OR_RETURN(policy, OptionalString(request, "ResourcePolicy"));
  MT_ASSIGN_OR_RETURN(stream, DecodeStreamSpecification(request));
  create.stream = stream;
  if (tags) MT_RETURN_IF_ERROR(StoreDecoded(create.tags, DecodeTags(*tags)));
  if (policy)
    MT_RETURN_IF_ERROR(StoreDecoded(create.resource_policy, CheckPolicyDocument(*policy)));
  return DescriptionResponse(ctx, "TableDescription", ctx.engine.CreateTable(ctx.request, create));
}

Result<std::string> DescribeTable(const OperationContext& ctx, JsonObject request) {
  MT_ASSIGN_OR_RETURN(name, RequiredTableName(request));
  return DescriptionResponse(ctx, "Table", ctx.engine.DescribeTable(ctx.request, name));
}

Result<std::string> DeleteTable(const OperationContext& ctx, JsonObject request) {
  MT_ASSIGN_OR_RETURN(name, RequiredTableName(request));
  return DescriptionResponse(ctx, "TableDescription", ctx.engine.DeleteTable(ctx.request, name),
                             TableDescriptionForm::kDeleting);
}

Result<std::string> ListTables(const OperationContext& ctx, JsonObject request) {
  ListTablesRequest list;
  MT_ASSIGN_OR_RETURN(start, OptionalString(request, "ExclusiveStartTableName"));
  if (start) list.exclusive_start_table_name = std::string(*start);
  MT_ASSIGN_OR_RETURN(limit, OptionalInt(request, "Limit"));
  if (limit) list.limit = static_cast<int>(*limit);  // 1 to 100: the model's range
  auto result = ctx.engine.ListTables(ctx.request, list);
  if (!result.ok()) return result.status();
  JsonWriter w;
  w.BeginObject();
  if (result->last_evaluated_table_name) {
    w.Key("LastEvaluatedTableName").String(*result->last_evaluated_table_name);
  }
  w.Key("TableNames").BeginArray();
  for (const auto& n : result->table_names) w.String(n);
  w.EndArray().EndObject();
  return w.Take();
}

Result<std::string> UpdateTable(const OperationContext& ctx, JsonObject request) {
  MT_RETURN_IF_ERROR(RefuseUnservedMember(request, "VectorIndexUpdates"));
  MT_RETURN_IF_ERROR(RefuseUnservedMember(request, "DisassociationProtectionEnabled"));
  UpdateTableRequest update;
  MT_ASSIGN_OR_RETURN(definitions, OptionalArray(request, "AttributeDefinitions"));
  if (definitions) {
    MT_RETURN_IF_ERROR(
        StoreDecoded(update.attribute_definitions, DecodeAttributeDefinitions(*definitions)));
  }
  MT_ASSIGN_OR_RETURN(name, RequiredTableName(request));
  update.table_name = std::move(name);
  MT_ASSIGN_OR_RETURN(capacity, DecodeCapacityMembers(request));
  update.billing_mode = capacity.billing_mode;
  update.throughput = capacity.throughput;
  update.on_demand_throughput = capacity.on_demand_throughput;
  update.warm_throughput = capacity.warm_throughput;
  update.deletion_protection = capacity.deletion_protection;
  MT_ASSIGN_OR_RETURN(index_updates, OptionalArray(request, "GlobalSecondaryIndexUpdates"));
  if (index_updates)
    MT_RETURN_IF_ERROR(StoreDecoded(update.index_updates, DecodeIndexUpdates(*index_updates)));
  MT_ASSIGN_OR_RETURN(stream, DecodeStreamSpecification(request));
  update.stream = stream;
  return DescriptionResponse(ctx, "TableDescription", ctx.engine.UpdateTable(ctx.request, update));
}

}  // namespace monotable::protocol::ops
