// CreateTable, DescribeTable, ListTables, UpdateTable, DeleteTable.
#include "protocol/ops/handlers.h"
#include "protocol/ops/table_schema_json.h"
#include "protocol/ops/tags_json.h"
#include "protocol/policy_document.h"
#include "protocol/table_description_json.h"

namespace monotable::protocol::ops {
namespace {

Result<std::string> DescriptionResponse(const OperationContext& ctx, std::string_view wrapper,
                                        const Result<TableDescription>& description) {
  if (!description.ok()) return description.status();
  JsonWriter w;
  w.BeginObject().Key(wrapper);
  WriteTableDescription(w, *description, ctx.region, ctx.account_id);
  w.EndObject();
  return w.Take();
}

// Reads and checks TableName, the one member of Describe/DeleteTable.
Result<std::string> RequiredTableName(JsonObject request) {
  MT_ASSIGN_OR_RETURN(name, OptionalString(request, "TableName"));
  MT_RETURN_IF_ERROR(CheckControlPlaneTableNameLength(name));
  ConstraintErrors errors;
  errors.CheckTableName(name, "tableName");
  MT_RETURN_IF_ERROR(errors.ToStatus());
  return std::string(*name);
}

}  // namespace

Result<std::string> CreateTable(const OperationContext& ctx, JsonObject request) {
  ConstraintErrors errors;
  CreateTableRequest create;

  MT_ASSIGN_OR_RETURN(definitions, OptionalArray(request, "AttributeDefinitions"));
  if (!definitions) {
    errors.Null("attributeDefinitions");
  } else {
    MT_ASSIGN_OR_RETURN(decoded,
                        DecodeAttributeDefinitions(*definitions, "attributeDefinitions", errors));
    create.attribute_definitions = std::move(decoded);
  }
  MT_ASSIGN_OR_RETURN(name, OptionalString(request, "TableName"));
  MT_RETURN_IF_ERROR(CheckControlPlaneTableNameLength(name));
  errors.CheckTableName(name, "tableName");
  if (name) create.table_name = std::string(*name);

  MT_ASSIGN_OR_RETURN(keys, OptionalArray(request, "KeySchema"));
  if (!keys) {
    errors.Null("keySchema");
  } else {
    MT_ASSIGN_OR_RETURN(decoded, DecodeKeySchema(*keys, "keySchema", errors));
    create.key_schema = std::move(decoded);
  }
  MT_ASSIGN_OR_RETURN(lsis, OptionalArray(request, "LocalSecondaryIndexes"));
  if (lsis) {
    MT_ASSIGN_OR_RETURN(decoded, DecodeIndexes(*lsis, "localSecondaryIndexes", false, errors));
    create.local_secondary_indexes = std::move(decoded);
  }
  MT_ASSIGN_OR_RETURN(gsis, OptionalArray(request, "GlobalSecondaryIndexes"));
  if (gsis) {
    MT_ASSIGN_OR_RETURN(decoded, DecodeIndexes(*gsis, "globalSecondaryIndexes", true, errors));
    create.global_secondary_indexes = std::move(decoded);
  }
  MT_ASSIGN_OR_RETURN(mode, DecodeBillingMode(request, errors));
  create.billing_mode = mode;
  MT_ASSIGN_OR_RETURN(throughput, OptionalObject(request, "ProvisionedThroughput"));
  if (throughput) {
    MT_ASSIGN_OR_RETURN(decoded, DecodeThroughput(*throughput, "provisionedThroughput", errors));
    create.throughput = decoded;
  }
  MT_ASSIGN_OR_RETURN(on_demand, DecodeOnDemandThroughput(request));
  create.on_demand_throughput = on_demand;
  MT_ASSIGN_OR_RETURN(warm, DecodeWarmThroughput(request, "warmThroughput", errors));
  create.warm_throughput = warm;
  MT_ASSIGN_OR_RETURN(protection, OptionalBool(request, "DeletionProtectionEnabled"));
  create.deletion_protection = protection.value_or(false);
  MT_ASSIGN_OR_RETURN(tags, OptionalArray(request, "Tags"));
  MT_ASSIGN_OR_RETURN(policy, OptionalString(request, "ResourcePolicy"));
  MT_ASSIGN_OR_RETURN(stream, DecodeStreamSpecification(request, errors));
  create.stream = stream;
  MT_RETURN_IF_ERROR(errors.ToStatus());
  if (tags) {
    MT_ASSIGN_OR_RETURN(decoded, DecodeTags(*tags));
    create.tags = std::move(decoded);
  }
  if (policy) {
    MT_ASSIGN_OR_RETURN(document, CheckPolicyDocument(*policy));
    create.resource_policy = std::move(document);
  }
  return DescriptionResponse(ctx, "TableDescription", ctx.engine.CreateTable(ctx.request, create));
}

Result<std::string> DescribeTable(const OperationContext& ctx, JsonObject request) {
  MT_ASSIGN_OR_RETURN(name, RequiredTableName(request));
  return DescriptionResponse(ctx, "Table", ctx.engine.DescribeTable(ctx.request, name));
}

Result<std::string> DeleteTable(const OperationContext& ctx, JsonObject request) {
  MT_ASSIGN_OR_RETURN(name, RequiredTableName(request));
  return DescriptionResponse(ctx, "TableDescription", ctx.engine.DeleteTable(ctx.request, name));
}

Result<std::string> ListTables(const OperationContext& ctx, JsonObject request) {
  ConstraintErrors errors;
  ListTablesRequest list;
  MT_ASSIGN_OR_RETURN(start, OptionalString(request, "ExclusiveStartTableName"));
  if (start) {
    errors.CheckTableName(start, "exclusiveStartTableName");
    list.exclusive_start_table_name = std::string(*start);
  }
  MT_ASSIGN_OR_RETURN(limit, OptionalInt(request, "Limit"));
  if (limit) {
    if (*limit < 1) {
      errors.AddString(std::to_string(*limit), "limit",
                       "Member must have value greater than or equal to 1");
    } else if (*limit > 100) {
      errors.AddString(std::to_string(*limit), "limit",
                       "Member must have value less than or equal to 100");
    } else {
      list.limit = static_cast<int>(*limit);
    }
  }
  MT_RETURN_IF_ERROR(errors.ToStatus());
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
  ConstraintErrors errors;
  UpdateTableRequest update;
  MT_ASSIGN_OR_RETURN(definitions, OptionalArray(request, "AttributeDefinitions"));
  if (definitions) {
    MT_ASSIGN_OR_RETURN(decoded,
                        DecodeAttributeDefinitions(*definitions, "attributeDefinitions", errors));
    update.attribute_definitions = std::move(decoded);
  }
  MT_ASSIGN_OR_RETURN(name, OptionalString(request, "TableName"));
  MT_RETURN_IF_ERROR(CheckControlPlaneTableNameLength(name));
  errors.CheckTableName(name, "tableName");
  if (name) update.table_name = std::string(*name);
  MT_ASSIGN_OR_RETURN(mode, DecodeBillingMode(request, errors));
  update.billing_mode = mode;
  MT_ASSIGN_OR_RETURN(throughput, OptionalObject(request, "ProvisionedThroughput"));
  if (throughput) {
    MT_ASSIGN_OR_RETURN(decoded, DecodeThroughput(*throughput, "provisionedThroughput", errors));
    update.throughput = decoded;
  }
  MT_ASSIGN_OR_RETURN(on_demand, DecodeOnDemandThroughput(request));
  update.on_demand_throughput = on_demand;
  MT_ASSIGN_OR_RETURN(warm, DecodeWarmThroughput(request, "warmThroughput", errors));
  update.warm_throughput = warm;
  MT_ASSIGN_OR_RETURN(protection, OptionalBool(request, "DeletionProtectionEnabled"));
  update.deletion_protection = protection;
  MT_ASSIGN_OR_RETURN(index_updates, OptionalArray(request, "GlobalSecondaryIndexUpdates"));
  if (index_updates) {
    MT_ASSIGN_OR_RETURN(decoded, DecodeIndexUpdates(*index_updates, errors));
    update.index_updates = std::move(decoded);
  }
  MT_ASSIGN_OR_RETURN(stream, DecodeStreamSpecification(request, errors));
  update.stream = stream;
  MT_RETURN_IF_ERROR(errors.ToStatus());
  return DescriptionResponse(ctx, "TableDescription", ctx.engine.UpdateTable(ctx.request, update));
}

}  // namespace monotable::protocol::ops
