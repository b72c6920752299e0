#include "protocol/attribute_value_json.h"

#include <algorithm>
#include <unordered_set>

#include "engine/base/limits.h"
#include "engine/base/number.h"
#include "protocol/base64.h"

namespace monotable::protocol {
namespace {

constexpr char kInvalid[] = "One or more parameter values were invalid: ";

struct TypeKey {
  std::string_view name;
  AttributeType type;
};
constexpr TypeKey kTypeKeys[] = {
    {"S", AttributeType::kS},       {"N", AttributeType::kN},       {"B", AttributeType::kB},
    {"BOOL", AttributeType::kBool}, {"NULL", AttributeType::kNull}, {"M", AttributeType::kM},
    {"L", AttributeType::kL},       {"SS", AttributeType::kSS},     {"NS", AttributeType::kNS},
    {"BS", AttributeType::kBS},
};

// Decodes into *out, a default (NULL-typed, empty) value: values are decoded where they
// will live (a map's node, a list's slot), never built apart and moved there.
Status Decode(JsonElement element, int depth, AttributeValue* out);

Result<std::string> DecodeString(JsonElement e) {
  std::string_view s;
  if (e.get_string().get(s)) return WrongJsonType(e, "String");
  return std::string(s);
}

Status DecodeStringInto(JsonElement e, std::string* out) {
  std::string_view s;
  if (e.get_string().get(s)) return WrongJsonType(e, "String");
  out->assign(s);
  return Status::Ok();
}

// The type of a member name of an AttributeValue ("S", "BOOL", ...); nullptr for any
// other name. A switch on the length: ten string comparisons per value were a tenth of
// a PutItem's decoding.
const TypeKey* FindTypeKey(std::string_view key) {
  auto match = [key](size_t i) -> const TypeKey* {
    return key == kTypeKeys[i].name ? &kTypeKeys[i] : nullptr;
  };
  switch (key.size()) {
    case 1:
      switch (key[0]) {
        case 'S': return match(0);
        case 'N': return match(1);
        case 'B': return match(2);
        case 'M': return match(5);
        case 'L': return match(6);
        default: return nullptr;
      }
    case 2:
      switch (key[0]) {
        case 'S': return match(7);
        case 'N': return match(8);
        case 'B': return match(9);
        default: return nullptr;
      }
    case 4: return key[0] == 'B' ? match(3) : match(4);
    default: return nullptr;
  }
}

Result<std::string> DecodeNumber(JsonElement e) {
  std::string_view s;
  if (e.get_string().get(s)) return WrongJsonType(e, "String");
  auto number = Number::Parse(s);
  if (!number.ok()) return number.status();
  return number->ToString();
}

Result<std::string> DecodeBinary(JsonElement e) {
  std::string_view s;
  if (e.get_string().get(s)) return WrongJsonType(e, "Blob");
  return Base64Decode(s);
}

Status DecodeSet(JsonElement e, AttributeValue* out) {
  JsonArray array;
  if (e.get_array().get(array)) return WrongJsonType(e, "list");
  std::vector<std::string> shown;  // members as the client sent them, for messages
  for (JsonElement member : array) {
    Result<std::string> decoded = out->type == AttributeType::kSS   ? DecodeString(member)
                                  : out->type == AttributeType::kNS ? DecodeNumber(member)
                                                                    : DecodeBinary(member);
    if (!decoded.ok()) return decoded.status();
    std::string_view raw;
    shown.emplace_back(member.get_string().get(raw) ? std::string() : std::string(raw));
    out->set.push_back(std::move(*decoded));
  }
  if (out->set.empty()) {
    switch (out->type) {
      case AttributeType::kSS:
        return Status::Validation(std::string(kInvalid) + "An string set  may not be empty");
      case AttributeType::kNS:
        return Status::Validation(std::string(kInvalid) + "An number set  may not be empty");
      default: return Status::Validation(std::string(kInvalid) + "Binary sets should not be empty");
    }
  }
  std::unordered_set<std::string_view> seen;
  for (const auto& m : out->set) {
    if (!seen.insert(m).second) {
      // DynamoDB words the three cases differently (NS has no prefix and no list; BS
      // names its type, without a space).
      if (out->type == AttributeType::kNS) {
        return Status::Validation("Input collection contains duplicates");
      }
      std::string list = "[";
      for (size_t i = 0; i < shown.size(); ++i) list += (i ? ", " : "") + shown[i];
      list += "]";
      if (out->type == AttributeType::kBS) list += "of type BS";
      return Status::Validation(std::string(kInvalid) + "Input collection " + list +
                                " contains duplicates.");
    }
  }
  return Status::Ok();
}

Status DecodeMapObjectInto(JsonObject object, int depth, AttributeMap* map) {
  for (auto [name, value] : object) {
    MT_RETURN_IF_ERROR(CheckAttributeNameSize(name));
    // A name given twice keeps its last value, as before: the node is reset and reused.
    auto [it, inserted] = map->try_emplace(std::string(name));
    if (!inserted) it->second = AttributeValue();
    MT_RETURN_IF_ERROR(Decode(value, depth + 1, &it->second));
  }
  return Status::Ok();
}

Result<AttributeMap> DecodeMapObject(JsonObject object, int depth) {
  AttributeMap map;
  MT_RETURN_IF_ERROR(DecodeMapObjectInto(object, depth, &map));
  return map;
}

Status DecodeMapInto(JsonElement e, int depth, AttributeMap* map) {
  JsonObject object;
  if (e.get_object().get(object)) return WrongJsonType(e, "structure");
  return DecodeMapObjectInto(object, depth, map);
}

Status Decode(JsonElement element, int depth, AttributeValue* out) {
  if (depth > limits::kMaxDocumentDepth) {
    return Status::Validation(
        "Nesting Levels have exceeded supported limits: Attributes in the item have nested "
        "levels beyond supported limit");
  }
  JsonObject object;
  if (element.get_object().get(object)) return WrongJsonType(element, "structure");
  const TypeKey* found = nullptr;
  JsonElement payload;
  for (auto [key, value] : object) {
    const TypeKey* type = FindTypeKey(key);
    if (type == nullptr || value.is_null()) continue;
    if (found) {
      return Status::Validation(
          "Supplied AttributeValue has more than one datatypes set, must contain exactly one "
          "of the supported datatypes");
    }
    found = type;
    payload = value;
  }
  if (!found) {
    return Status::Validation(
        "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes");
  }
  AttributeValue& v = *out;
  v.type = found->type;
  switch (v.type) {
    case AttributeType::kS: MT_RETURN_IF_ERROR(DecodeStringInto(payload, &v.scalar)); break;
    case AttributeType::kN: {
      auto n = DecodeNumber(payload);
      if (!n.ok()) return n.status();
      v.scalar = std::move(*n);
      break;
    }
    case AttributeType::kB: {
      auto b = DecodeBinary(payload);
      if (!b.ok()) return b.status();
      v.scalar = std::move(*b);
      break;
    }
    case AttributeType::kBool:
    case AttributeType::kNull: {
      bool b;
      if (payload.get_bool().get(b)) return WrongJsonType(payload, "Boolean");
      if (v.type == AttributeType::kNull && !b) {
        return Status::Validation(std::string(kInvalid) +
                                  "Null attribute value types must have the value of true");
      }
      v.boolean = b;
      break;
    }
    case AttributeType::kSS:
    case AttributeType::kNS:
    case AttributeType::kBS: MT_RETURN_IF_ERROR(DecodeSet(payload, &v)); break;
    case AttributeType::kL: {
      JsonArray array;
      if (payload.get_array().get(array)) return WrongJsonType(payload, "list");
      for (JsonElement e : array) {
        MT_RETURN_IF_ERROR(Decode(e, depth + 1, &v.list.emplace_back()));
      }
      break;
    }
    case AttributeType::kM: MT_RETURN_IF_ERROR(DecodeMapInto(payload, depth, &v.map)); break;
  }
  return Status::Ok();
}

}  // namespace

Status CheckAttributeNameSize(std::string_view name) {
  if (name.size() <= limits::kMaxAttributeNameBytes) return Status::Ok();
  return Status::Validation(
      "1 validation error detected: Attribute name is too large, must be less than " +
      std::to_string(limits::kMaxAttributeNameBytes + 1) + " bytes");
}

Result<AttributeValue> DecodeAttributeValue(JsonElement element) {
  AttributeValue value;
  MT_RETURN_IF_ERROR(Decode(element, 1, &value));
  return value;
}

Result<Item> DecodeItem(JsonObject object) { return DecodeMapObject(object, 0); }

void WriteAttributeValue(JsonWriter& w, const AttributeValue& v) {
  w.BeginObject().Key(AttributeTypeName(v.type));
  switch (v.type) {
    case AttributeType::kS:
    case AttributeType::kN: w.String(v.scalar); break;
    case AttributeType::kB: w.String(Base64Encode(v.scalar)); break;
    case AttributeType::kBool:
    case AttributeType::kNull: w.Bool(v.boolean); break;
    case AttributeType::kSS:
    case AttributeType::kNS:
    case AttributeType::kBS:
      w.BeginArray();
      for (const auto& m : v.set) {
        if (v.type == AttributeType::kBS) {
          w.String(Base64Encode(m));
        } else {
          w.String(m);
        }
      }
      w.EndArray();
      break;
    case AttributeType::kL:
      w.BeginArray();
      for (const auto& e : v.list) WriteAttributeValue(w, e);
      w.EndArray();
      break;
    case AttributeType::kM: WriteItem(w, v.map); break;
  }
  w.EndObject();
}

void WriteItem(JsonWriter& w, const Item& item) {
  w.BeginObject();
  for (const auto& [name, value] : item) {
    w.Key(name);
    WriteAttributeValue(w, value);
  }
  w.EndObject();
}

}  // namespace monotable::protocol
