#include "protocol/ops/table_schema_json.h"

#include <algorithm>
#include <tuple>
#include <utility>

#include "engine/schema/definition_rules.h"
#include "protocol/stream_json.h"

namespace monotable::protocol::ops {
namespace {

Result<JsonObject> ElementObject(JsonElement e) {
  JsonObject o;
  if (e.get_object().get(o)) return WrongJsonType(e, "structure");
  return o;
}

// A required enum member the model check verified: its value among `values`.
template <typename Enum, size_t N>
Result<Enum> RequiredEnum(JsonObject o, std::string_view key,
                          const std::pair<std::string_view, Enum> (&values)[N]) {
  MT_ASSIGN_OR_RETURN(text, RequiredString(o, key));
  for (const auto& [name, value] : values) {
    if (name == text) return value;
  }
  return UnknownModelValue(key, text);
}

constexpr std::pair<std::string_view, AttributeType> kAttributeTypes[] = {
    {"S", AttributeType::kS}, {"N", AttributeType::kN}, {"B", AttributeType::kB}};
constexpr std::pair<std::string_view, KeyType> kKeyTypes[] = {{"HASH", KeyType::kHash},
                                                              {"RANGE", KeyType::kRange}};
constexpr std::pair<std::string_view, ProjectionType> kProjectionTypes[] = {
    {"ALL", ProjectionType::kAll},
    {"KEYS_ONLY", ProjectionType::kKeysOnly},
    {"INCLUDE", ProjectionType::kInclude}};
constexpr std::pair<std::string_view, BillingMode> kBillingModes[] = {
    {"PROVISIONED", BillingMode::kProvisioned}, {"PAY_PER_REQUEST", BillingMode::kPayPerRequest}};

// A list of {AttributeName, <enum member>} structures: AttributeDefinitions, KeySchema.
template <typename Element, typename Enum, size_t N>
Result<std::vector<Element>> DecodeNamedList(JsonArray array, std::string_view enum_member,
                                             const std::pair<std::string_view, Enum> (&values)[N]) {
  std::vector<Element> out;
  for (JsonElement e : array) {
    MT_ASSIGN_OR_RETURN(o, ElementObject(e));
    MT_ASSIGN_OR_RETURN(name, RequiredString(o, "AttributeName"));
    MT_ASSIGN_OR_RETURN(type, RequiredEnum(o, enum_member, values));
    out.push_back(Element{std::string(name), type});
  }
  return out;
}

Result<Projection> DecodeProjection(JsonObject o) {
  Projection projection;
  MT_ASSIGN_OR_RETURN(type, OptionalString(o, "ProjectionType"));
  projection.type_given = type.has_value();
  if (type)
    MT_RETURN_IF_ERROR(
        StoreDecoded(projection.type, RequiredEnum(o, "ProjectionType", kProjectionTypes)));
  MT_ASSIGN_OR_RETURN(non_key, OptionalArray(o, "NonKeyAttributes"));
  if (non_key) {
    for (JsonElement a : *non_key) {
      std::string_view s;
      if (a.get_string().get(s)) return WrongJsonType(a, "String");
      projection.non_key_attributes.emplace_back(s);
    }
  }
  return projection;
}

Result<std::optional<WarmThroughput>> DecodeWarmThroughput(JsonObject o, const std::string& path) {
  MT_ASSIGN_OR_RETURN(object, OptionalObject(o, "WarmThroughput"));
  if (!object) return std::optional<WarmThroughput>();
  WarmThroughput t;
  // The model sets no minimum (LongObject); DynamoDB's own answer for a value below 1.
  ConstraintErrors errors;
  for (auto [json, member, target] :
       {std::tuple{"ReadUnitsPerSecond", "readUnitsPerSecond", &t.read_units_per_second},
        std::tuple{"WriteUnitsPerSecond", "writeUnitsPerSecond", &t.write_units_per_second}}) {
    MT_ASSIGN_OR_RETURN(v, OptionalInt(*object, json));
    if (!v) continue;
    if (*v < 1) {
      errors.AddString(std::to_string(*v), path + "." + member,
                       "Member must have value greater than or equal to 1");
    } else {
      *target = *v;
    }
  }
  MT_RETURN_IF_ERROR(errors.ToStatus());
  return std::optional<WarmThroughput>(t);
}

// A GSI's ProvisionedThroughput, OnDemandThroughput and WarmThroughput; `member` is its
// path ("globalSecondaryIndexes.1.member") for the warm throughput's rule.
Status DecodeIndexThroughput(JsonObject o, const std::string& member,
                             SecondaryIndexDefinition& index) {
  MT_ASSIGN_OR_RETURN(throughput, OptionalObject(o, "ProvisionedThroughput"));
  if (throughput) MT_RETURN_IF_ERROR(StoreDecoded(index.throughput, DecodeThroughput(*throughput)));
  MT_ASSIGN_OR_RETURN(on_demand, DecodeOnDemandThroughput(o));
  index.on_demand_throughput = on_demand;
  MT_ASSIGN_OR_RETURN(warm, DecodeWarmThroughput(o, member + ".warmThroughput"));
  index.warm_throughput = warm;
  return Status::Ok();
}

// One index object. Create actions of UpdateTable have the same shape as CreateTable's
// indexes.
Result<SecondaryIndexDefinition> DecodeIndex(JsonObject o, const std::string& member, bool global) {
  SecondaryIndexDefinition index;
  MT_ASSIGN_OR_RETURN(name, RequiredString(o, "IndexName"));
  index.name = std::string(name);
  MT_ASSIGN_OR_RETURN(keys, RequiredList(o, "KeySchema"));
  MT_ASSIGN_OR_RETURN(schema, DecodeKeySchema(keys));
  index.key_schema = std::move(schema);
  MT_ASSIGN_OR_RETURN(projection, RequiredObject(o, "Projection"));
  MT_ASSIGN_OR_RETURN(decoded, DecodeProjection(projection));
  index.projection = std::move(decoded);
  if (global) MT_RETURN_IF_ERROR(DecodeIndexThroughput(o, member, index));
  return index;
}

Status InvalidIndexUpdate(std::string_view what) {
  return Status::Validation(std::string(kInvalidParameter) + std::string(what));
}

}  // namespace

Result<std::vector<AttributeDefinition>> DecodeAttributeDefinitions(JsonArray array) {
  return DecodeNamedList<AttributeDefinition>(array, "AttributeType", kAttributeTypes);
}

Result<std::vector<KeySchemaElement>> DecodeKeySchema(JsonArray array) {
  return DecodeNamedList<KeySchemaElement>(array, "KeyType", kKeyTypes);
}

Result<ProvisionedThroughput> DecodeThroughput(JsonObject object) {
  MT_ASSIGN_OR_RETURN(read, OptionalInt(object, "ReadCapacityUnits"));
  MT_ASSIGN_OR_RETURN(write, OptionalInt(object, "WriteCapacityUnits"));
  if (!read || !write) return UnknownModelValue("ProvisionedThroughput", "null");
  ProvisionedThroughput t;
  t.read_capacity_units = *read;
  t.write_capacity_units = *write;
  return t;
}

Result<std::optional<BillingMode>> DecodeBillingMode(JsonObject request, std::string_view member) {
  MT_ASSIGN_OR_RETURN(mode, OptionalString(request, member));
  if (!mode) return std::optional<BillingMode>();
  MT_ASSIGN_OR_RETURN(value, RequiredEnum(request, member, kBillingModes));
  return std::optional<BillingMode>(value);
}

// Missing members: OnDemandThroughput::kNotGiven (the schema rules merge the values).
Result<std::optional<OnDemandThroughput>> DecodeOnDemandThroughput(JsonObject o) {
  MT_ASSIGN_OR_RETURN(object, OptionalObject(o, "OnDemandThroughput"));
  if (!object) return std::optional<OnDemandThroughput>();
  OnDemandThroughput t{OnDemandThroughput::kNotGiven, OnDemandThroughput::kNotGiven};
  MT_ASSIGN_OR_RETURN(read, OptionalInt(*object, "MaxReadRequestUnits"));
  MT_ASSIGN_OR_RETURN(write, OptionalInt(*object, "MaxWriteRequestUnits"));
  if (read) t.max_read_request_units = *read;
  if (write) t.max_write_request_units = *write;
  return std::optional<OnDemandThroughput>(t);
}

Result<CapacityMembers> DecodeCapacityMembers(JsonObject request) {
  CapacityMembers members;
  MT_ASSIGN_OR_RETURN(mode, DecodeBillingMode(request, "BillingMode"));
  members.billing_mode = mode;
  MT_ASSIGN_OR_RETURN(throughput, OptionalObject(request, "ProvisionedThroughput"));
  if (throughput)
    MT_RETURN_IF_ERROR(StoreDecoded(members.throughput, DecodeThroughput(*throughput)));
  MT_ASSIGN_OR_RETURN(on_demand, DecodeOnDemandThroughput(request));
  members.on_demand_throughput = on_demand;
  MT_ASSIGN_OR_RETURN(warm, DecodeWarmThroughput(request, "warmThroughput"));
  members.warm_throughput = warm;
  MT_ASSIGN_OR_RETURN(protection, OptionalBool(request, "DeletionProtectionEnabled"));
  members.deletion_protection = protection;
  return members;
}

Result<std::vector<SecondaryIndexDefinition>> DecodeIndexes(JsonArray array, bool global) {
  const std::string path = global ? "globalSecondaryIndexes" : "localSecondaryIndexes";
  std::vector<SecondaryIndexDefinition> out;
  size_t i = 0;
  for (JsonElement e : array) {
    MT_ASSIGN_OR_RETURN(o, ElementObject(e));
    MT_ASSIGN_OR_RETURN(index,
                        DecodeIndex(o, path + "." + std::to_string(++i) + ".member", global));
    out.push_back(std::move(index));
  }
  return out;
}

Result<std::vector<UpdateTableRequest::IndexUpdate>> DecodeIndexUpdates(JsonArray array) {
  using Action = UpdateTableRequest::IndexUpdate::Action;
  std::vector<UpdateTableRequest::IndexUpdate> out;
  size_t i = 0;
  for (JsonElement e : array) {
    MT_ASSIGN_OR_RETURN(o, ElementObject(e));
    const std::string member = "globalSecondaryIndexUpdates." + std::to_string(++i) + ".member";
    MT_ASSIGN_OR_RETURN(create, OptionalObject(o, "Create"));
    MT_ASSIGN_OR_RETURN(update, OptionalObject(o, "Update"));
    MT_ASSIGN_OR_RETURN(remove, OptionalObject(o, "Delete"));
    const int actions = int{create.has_value()} + int{update.has_value()} + int{remove.has_value()};
    if (actions == 0) {
      return InvalidIndexUpdate(
          "One of GlobalSecondaryIndexUpdate.Update, GlobalSecondaryIndexUpdate.Create, "
          "GlobalSecondaryIndexUpdate.Delete must not be null");
    }
    if (actions > 1) {
      return InvalidIndexUpdate(
          "Only one global secondary index action is allowed per GlobalSecondaryIndexUpdate "
          "object");
    }
    UpdateTableRequest::IndexUpdate entry;
    if (create) {
      MT_ASSIGN_OR_RETURN(index, DecodeIndex(*create, member + ".create", true));
      entry = {Action::kCreate, std::move(index)};
    } else {
      const bool is_update = update.has_value();
      const JsonObject object = is_update ? *update : *remove;
      entry.action = is_update ? Action::kUpdate : Action::kDelete;
      MT_ASSIGN_OR_RETURN(name, RequiredString(object, "IndexName"));
      entry.index.name = std::string(name);
      if (is_update)
        MT_RETURN_IF_ERROR(DecodeIndexThroughput(object, member + ".update", entry.index));
    }
    const bool repeated = std::any_of(out.begin(), out.end(), [&](const auto& earlier) {
      return earlier.index.name == entry.index.name;
    });
    if (repeated) {
      return InvalidIndexUpdate(
          "Only one global secondary index update per index is allowed simultaneously. Index: " +
          entry.index.name);
    }
    out.push_back(std::move(entry));
  }
  return out;
}

Result<std::optional<StreamSpecificationRequest>> DecodeStreamSpecification(JsonObject request) {
  MT_ASSIGN_OR_RETURN(object, OptionalObject(request, "StreamSpecification"));
  if (!object) return std::optional<StreamSpecificationRequest>();
  StreamSpecificationRequest stream;
  MT_ASSIGN_OR_RETURN(enabled, RequiredBool(*object, "StreamEnabled"));
  stream.enabled = enabled;
  MT_ASSIGN_OR_RETURN(view, OptionalString(*object, "StreamViewType"));
  if (view) {
    stream.view_type = ParseStreamViewType(*view);
    if (!stream.view_type) return UnknownModelValue("StreamViewType", *view);
  }
  return std::optional<StreamSpecificationRequest>(stream);
}

}  // namespace monotable::protocol::ops
