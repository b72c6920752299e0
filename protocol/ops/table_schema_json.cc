#include "protocol/ops/table_schema_json.h"

#include <tuple>

#include "protocol/stream_json.h"

namespace monotable::protocol::ops {
namespace {

std::string Member(const std::string& path, size_t index, std::string_view field) {
  return path + "." + std::to_string(index + 1) + ".member." + std::string(field);
}

void CheckName(const std::optional<std::string_view>& name, const std::string& path,
               ConstraintErrors& errors) {
  if (!name) return errors.Null(path);
  if (name->empty()) {
    errors.AddString(*name, path, "Member must have length greater than or equal to 1");
  } else if (name->size() > 255) {
    errors.AddString(*name, path, "Member must have length less than or equal to 255");
  }
}

Result<JsonObject> ElementObject(JsonElement e) {
  JsonObject o;
  if (e.get_object().get(o)) return WrongJsonType(e, "structure");
  return o;
}

}  // namespace

Result<std::vector<AttributeDefinition>> DecodeAttributeDefinitions(JsonArray array,
                                                                    const std::string& path,
                                                                    ConstraintErrors& errors) {
  std::vector<AttributeDefinition> out;
  size_t i = 0;
  for (JsonElement e : array) {
    auto o = ElementObject(e);
    if (!o.ok()) return o.status();
    auto name = OptionalString(*o, "AttributeName");
    if (!name.ok()) return name.status();
    auto type = OptionalString(*o, "AttributeType");
    if (!type.ok()) return type.status();
    CheckName(*name, Member(path, i, "attributeName"), errors);
    AttributeDefinition d;
    if (name->has_value()) d.name = std::string(**name);
    if (!type->has_value()) {
      errors.Null(Member(path, i, "attributeType"));
    } else if (**type == "S") {
      d.type = AttributeType::kS;
    } else if (**type == "N") {
      d.type = AttributeType::kN;
    } else if (**type == "B") {
      d.type = AttributeType::kB;
    } else {
      errors.AddString(**type, Member(path, i, "attributeType"),
                       "Member must satisfy enum value set: [B, N, S]");
    }
    out.push_back(std::move(d));
    ++i;
  }
  return out;
}

Result<std::vector<KeySchemaElement>> DecodeKeySchema(JsonArray array, const std::string& path,
                                                      ConstraintErrors& errors) {
  std::vector<KeySchemaElement> out;
  size_t i = 0;
  for (JsonElement e : array) {
    auto o = ElementObject(e);
    if (!o.ok()) return o.status();
    auto name = OptionalString(*o, "AttributeName");
    if (!name.ok()) return name.status();
    auto type = OptionalString(*o, "KeyType");
    if (!type.ok()) return type.status();
    CheckName(*name, Member(path, i, "attributeName"), errors);
    KeySchemaElement k;
    if (name->has_value()) k.name = std::string(**name);
    if (!type->has_value()) {
      errors.Null(Member(path, i, "keyType"));
    } else if (**type == "HASH") {
      k.type = KeyType::kHash;
    } else if (**type == "RANGE") {
      k.type = KeyType::kRange;
    } else {
      errors.AddString(**type, Member(path, i, "keyType"),
                       "Member must satisfy enum value set: [HASH, RANGE]");
    }
    out.push_back(std::move(k));
    ++i;
  }
  if (out.empty()) {
    errors.Add("'[]'", path, "Member must have length greater than or equal to 1");
  } else if (out.size() > 2) {
    errors.Add("'[...]'", path, "Member must have length less than or equal to 2");
  }
  return out;
}

Result<ProvisionedThroughput> DecodeThroughput(JsonObject object, const std::string& path,
                                               ConstraintErrors& errors) {
  ProvisionedThroughput t;
  struct Field {
    const char* json;
    const char* member;
    int64_t* target;
  } fields[] = {{"ReadCapacityUnits", "readCapacityUnits", &t.read_capacity_units},
                {"WriteCapacityUnits", "writeCapacityUnits", &t.write_capacity_units}};
  for (const auto& f : fields) {
    auto v = OptionalInt(object, f.json);
    if (!v.ok()) return v.status();
    std::string member = path + "." + f.member;
    if (!v->has_value()) {
      errors.Null(member);
    } else if (**v < 1) {
      errors.AddString(std::to_string(**v), member,
                       "Member must have value greater than or equal to 1");
    } else {
      *f.target = **v;
    }
  }
  return t;
}

Result<std::optional<BillingMode>> DecodeBillingMode(JsonObject request, ConstraintErrors& errors) {
  auto mode = OptionalString(request, "BillingMode");
  if (!mode.ok()) return mode.status();
  if (!mode->has_value()) return std::optional<BillingMode>();
  if (**mode == "PROVISIONED") return std::optional<BillingMode>(BillingMode::kProvisioned);
  if (**mode == "PAY_PER_REQUEST") return std::optional<BillingMode>(BillingMode::kPayPerRequest);
  errors.AddString(**mode, "billingMode",
                   "Member must satisfy enum value set: [PROVISIONED, PAY_PER_REQUEST]");
  return std::optional<BillingMode>();
}

namespace {

// One index object; `member` is its path ("globalSecondaryIndexes.1.member").
// Create actions of UpdateTable have the same shape as CreateTable's indexes.
Result<SecondaryIndexDefinition> DecodeIndex(JsonObject o, const std::string& member, bool global,
                                             ConstraintErrors& errors) {
  auto field = [&member](std::string_view name) { return member + "." + std::string(name); };
  SecondaryIndexDefinition index;
  MT_ASSIGN_OR_RETURN(name, OptionalString(o, "IndexName"));
  errors.CheckTableName(name, field("indexName"));
  if (name) index.name = std::string(*name);

  MT_ASSIGN_OR_RETURN(keys, OptionalArray(o, "KeySchema"));
  if (!keys) {
    errors.Null(field("keySchema"));
  } else {
    MT_ASSIGN_OR_RETURN(schema, DecodeKeySchema(*keys, field("keySchema"), errors));
    index.key_schema = std::move(schema);
  }

  MT_ASSIGN_OR_RETURN(projection, OptionalObject(o, "Projection"));
  if (!projection) {
    errors.Null(field("projection"));
  } else {
    MT_ASSIGN_OR_RETURN(type, OptionalString(*projection, "ProjectionType"));
    if (type == std::optional<std::string_view>("KEYS_ONLY")) {
      index.projection.type = ProjectionType::kKeysOnly;
    } else if (type == std::optional<std::string_view>("INCLUDE")) {
      index.projection.type = ProjectionType::kInclude;
    } else if (type && *type != "ALL") {
      errors.AddString(*type, field("projection.projectionType"),
                       "Member must satisfy enum value set: [ALL, INCLUDE, KEYS_ONLY]");
    }
    MT_ASSIGN_OR_RETURN(non_key, OptionalArray(*projection, "NonKeyAttributes"));
    if (non_key) {
      for (JsonElement a : *non_key) {
        std::string_view s;
        if (a.get_string().get(s)) return WrongJsonType(a, "String");
        index.projection.non_key_attributes.emplace_back(s);
      }
    }
  }
  if (global) MT_RETURN_IF_ERROR(DecodeIndexThroughput(o, member, index, errors));
  return index;
}

}  // namespace

Status DecodeIndexThroughput(JsonObject o, const std::string& member,
                             SecondaryIndexDefinition& index, ConstraintErrors& errors) {
  MT_ASSIGN_OR_RETURN(throughput, OptionalObject(o, "ProvisionedThroughput"));
  if (throughput) {
    MT_ASSIGN_OR_RETURN(t,
                        DecodeThroughput(*throughput, member + ".provisionedThroughput", errors));
    index.throughput = t;
  }
  MT_ASSIGN_OR_RETURN(on_demand, DecodeOnDemandThroughput(o));
  index.on_demand_throughput = on_demand;
  MT_ASSIGN_OR_RETURN(warm, DecodeWarmThroughput(o, member + ".warmThroughput", errors));
  index.warm_throughput = warm;
  return Status::Ok();
}

// Missing members: OnDemandThroughput::kNotGiven for a maximum, 0 for a warm figure;
// the schema rules check and merge the values.
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

Result<std::optional<WarmThroughput>> DecodeWarmThroughput(JsonObject o, const std::string& path,
                                                           ConstraintErrors& errors) {
  MT_ASSIGN_OR_RETURN(object, OptionalObject(o, "WarmThroughput"));
  if (!object) return std::optional<WarmThroughput>();
  WarmThroughput t;
  struct Field {
    const char* json;
    const char* member;
    int64_t* target;
  } fields[] = {{"ReadUnitsPerSecond", "readUnitsPerSecond", &t.read_units_per_second},
                {"WriteUnitsPerSecond", "writeUnitsPerSecond", &t.write_units_per_second}};
  for (const auto& f : fields) {
    MT_ASSIGN_OR_RETURN(v, OptionalInt(*object, f.json));
    if (!v) continue;
    if (*v < 1) {
      errors.AddString(std::to_string(*v), path + "." + f.member,
                       "Member must have value greater than or equal to 1");
    } else {
      *f.target = *v;
    }
  }
  return std::optional<WarmThroughput>(t);
}

Result<std::vector<SecondaryIndexDefinition>> DecodeIndexes(JsonArray array,
                                                            const std::string& path, bool global,
                                                            ConstraintErrors& errors) {
  std::vector<SecondaryIndexDefinition> out;
  size_t i = 0;
  for (JsonElement e : array) {
    MT_ASSIGN_OR_RETURN(o, ElementObject(e));
    MT_ASSIGN_OR_RETURN(
        index, DecodeIndex(o, path + "." + std::to_string(++i) + ".member", global, errors));
    out.push_back(std::move(index));
  }
  return out;
}

Result<std::vector<UpdateTableRequest::IndexUpdate>> DecodeIndexUpdates(JsonArray array,
                                                                        ConstraintErrors& errors) {
  using Action = UpdateTableRequest::IndexUpdate::Action;
  std::vector<UpdateTableRequest::IndexUpdate> out;
  size_t i = 0;
  for (JsonElement e : array) {
    MT_ASSIGN_OR_RETURN(o, ElementObject(e));
    const std::string member = "globalSecondaryIndexUpdates." + std::to_string(++i) + ".member";
    MT_ASSIGN_OR_RETURN(create, OptionalObject(o, "Create"));
    MT_ASSIGN_OR_RETURN(update, OptionalObject(o, "Update"));
    MT_ASSIGN_OR_RETURN(remove, OptionalObject(o, "Delete"));
    if (create) {
      MT_ASSIGN_OR_RETURN(index, DecodeIndex(*create, member + ".create", true, errors));
      out.push_back({Action::kCreate, std::move(index)});
    }
    for (auto [object, action, path] : {std::tuple{update, Action::kUpdate, ".update"},
                                        std::tuple{remove, Action::kDelete, ".delete"}}) {
      if (!object) continue;
      UpdateTableRequest::IndexUpdate entry{action, {}};
      MT_ASSIGN_OR_RETURN(name, OptionalString(*object, "IndexName"));
      errors.CheckTableName(name, member + path + ".indexName");
      if (name) entry.index.name = std::string(*name);
      if (action == Action::kUpdate) {
        MT_RETURN_IF_ERROR(DecodeIndexThroughput(*object, member + path, entry.index, errors));
      }
      out.push_back(std::move(entry));
    }
  }
  return out;
}

Result<std::optional<StreamSpecificationRequest>> DecodeStreamSpecification(
    JsonObject request, ConstraintErrors& errors) {
  MT_ASSIGN_OR_RETURN(object, OptionalObject(request, "StreamSpecification"));
  if (!object) return std::optional<StreamSpecificationRequest>();
  StreamSpecificationRequest stream;
  MT_ASSIGN_OR_RETURN(enabled, OptionalBool(*object, "StreamEnabled"));
  if (!enabled) {
    errors.Null("streamSpecification.streamEnabled");
  } else {
    stream.enabled = *enabled;
  }
  MT_ASSIGN_OR_RETURN(view, OptionalString(*object, "StreamViewType"));
  if (view) {
    stream.view_type = ParseStreamViewType(*view);
    if (!stream.view_type) {
      errors.AddString(*view, "streamSpecification.streamViewType", kStreamViewTypeEnum);
    }
  }
  return std::optional<StreamSpecificationRequest>(stream);
}

}  // namespace monotable::protocol::ops
