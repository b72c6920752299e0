#include "protocol/ops/table_schema_json.h"

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

Result<std::vector<AttributeDefinition>> DecodeAttributeDefinitions(
    JsonArray array, const std::string& path, ConstraintErrors& errors) {
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

Result<std::vector<SecondaryIndexDefinition>> DecodeIndexes(JsonArray array,
                                                            const std::string& path,
                                                            bool global,
                                                            ConstraintErrors& errors) {
  std::vector<SecondaryIndexDefinition> out;
  size_t i = 0;
  for (JsonElement e : array) {
    auto o = ElementObject(e);
    if (!o.ok()) return o.status();
    SecondaryIndexDefinition index;
    auto name = OptionalString(*o, "IndexName");
    if (!name.ok()) return name.status();
    errors.CheckTableName(*name, Member(path, i, "indexName"));
    if (name->has_value()) index.name = std::string(**name);

    auto keys = OptionalArray(*o, "KeySchema");
    if (!keys.ok()) return keys.status();
    if (!keys->has_value()) {
      errors.Null(Member(path, i, "keySchema"));
    } else {
      auto schema = DecodeKeySchema(**keys, Member(path, i, "keySchema"), errors);
      if (!schema.ok()) return schema.status();
      index.key_schema = std::move(*schema);
    }

    auto projection = OptionalObject(*o, "Projection");
    if (!projection.ok()) return projection.status();
    if (!projection->has_value()) {
      errors.Null(Member(path, i, "projection"));
    } else {
      auto type = OptionalString(**projection, "ProjectionType");
      if (!type.ok()) return type.status();
      if (*type == std::optional<std::string_view>("KEYS_ONLY")) {
        index.projection.type = ProjectionType::kKeysOnly;
      } else if (*type == std::optional<std::string_view>("INCLUDE")) {
        index.projection.type = ProjectionType::kInclude;
      } else if (type->has_value() && **type != "ALL") {
        errors.AddString(**type, Member(path, i, "projection.projectionType"),
                         "Member must satisfy enum value set: [ALL, INCLUDE, KEYS_ONLY]");
      }
      auto non_key = OptionalArray(**projection, "NonKeyAttributes");
      if (!non_key.ok()) return non_key.status();
      if (non_key->has_value()) {
        for (JsonElement a : **non_key) {
          std::string_view s;
          if (a.get_string().get(s)) return WrongJsonType(a, "String");
          index.projection.non_key_attributes.emplace_back(s);
        }
      }
    }
    if (global) {
      auto throughput = OptionalObject(*o, "ProvisionedThroughput");
      if (!throughput.ok()) return throughput.status();
      if (throughput->has_value()) {
        auto t = DecodeThroughput(**throughput, Member(path, i, "provisionedThroughput"), errors);
        if (!t.ok()) return t.status();
        index.throughput = *t;
      }
    }
    out.push_back(std::move(index));
    ++i;
  }
  return out;
}

}  // namespace monotable::protocol::ops
