#include "protocol/model_validation.h"

#include <algorithm>
#include <array>
#include <bitset>
#include <string>

#include "protocol/model_constraints.h"
#include "protocol/utf8.h"

namespace monotable::protocol {
namespace {

using model::Kind;
using model::Pattern;
using model::Shape;

bool IsNameCharacter(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '.' || c == '-';
}
bool IsAlnum(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}
bool IsHex(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); }

bool Matches(Pattern pattern, std::string_view s) {
  switch (pattern) {
    case Pattern::kNone: return true;
    case Pattern::kNameCharacters:
      return !s.empty() && std::all_of(s.begin(), s.end(), IsNameCharacter);
    case Pattern::kNoDollar: return !s.empty() && s.find('$') == std::string_view::npos;
    case Pattern::kS3Bucket:
      return s.size() >= 2 && IsAlnum(s.front()) && IsAlnum(s.back()) &&
             std::all_of(s.begin(), s.end(),
                         [](char c) { return IsAlnum(c) || c == '.' || c == '-' || c == '_'; });
    case Pattern::kTwelveDigits:
      return s.size() == 12 &&
             std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
    case Pattern::kCsvDelimiter:
      return s.size() == 1 && std::string_view(",;:|\t ").find(s[0]) != std::string_view::npos;
    case Pattern::kCsvHeader:
      return std::all_of(s.begin(), s.end(),
                         [](char c) { return c >= 0x20 && c <= 0x7E && c != '"' && c != ','; });
    case Pattern::kHexBlocks:
      return !s.empty() && s.size() % 16 == 0 && std::all_of(s.begin(), s.end(), IsHex);
    case Pattern::kXmlCharacters:
      return std::all_of(s.begin(), s.end(), [](char c) {
        return static_cast<unsigned char>(c) >= 0x20 || c == '\r' || c == '\n' || c == '\t';
      });
    case Pattern::kPrintable:
      return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) {
        return static_cast<unsigned char>(c) >= 0x20 && c != 0x7F;
      });
  }
  return true;
}

// The most members a structure of the models may have (tools/gen_model_constraints.py
// refuses more; the largest today, TableDescription, has 22).
constexpr size_t kMaxMembers = 64;

// Members that DynamoDB has moved to its newer validation framework, whose violations
// read "Value at '<path as the request spells it>' failed to satisfy constraint: ..."
// with no value shown. Recorded from DynamoDB (2026): Query's Limit 0 ("Value at
// 'Limit' ... greater than or equal to 1", while Scan's still reads "Value '0' at
// 'limit'"), and BatchGetItem's Keys of one table ("Value at
// 'RequestItems.<table>.member.Keys' ... less than or equal to 100").
bool UsesFrameworkWording(std::string_view operation, std::string_view wire_path) {
  if (operation == "Query") return wire_path == "Limit";
  if (operation == "BatchGetItem") {
    return wire_path.starts_with("RequestItems.") && wire_path.ends_with(".member.Keys");
  }
  return false;
}

// DynamoDB echoes a key schema of the wrong length element by element, in its Java
// model's form: Value '[KeySchemaElement(attributeName=pk, keyType=HASH), ...]' at
// 'keySchema' (recorded from DynamoDB in 2026; some of its hosts print object hashes,
// "com.amazonaws.dynamodb.v20120810.KeySchemaElement@ad28eb1d", instead).
std::string KeySchemaEcho(JsonArray elements) {
  auto member = [](JsonElement element, std::string_view name) -> std::string {
    std::string_view value;
    if (element[name].get_string().get(value)) return "null";
    return std::string(value);
  };
  std::string echo = "'[";
  bool first = true;
  for (JsonElement element : elements) {
    if (!first) echo += ", ";
    first = false;
    echo += "KeySchemaElement(attributeName=" + member(element, "AttributeName") +
            ", keyType=" + member(element, "KeyType") + ")";
  }
  return echo + "]'";
}

class Walker {
 public:
  Walker(const model::Model& m, std::string_view operation) : m_(m), operation_(operation) {}

  // Walks the members the request holds, in the model's order (the order DynamoDB lists
  // violations in), and reports the absent required ones in that order too. It looks
  // each of the request's fields up among the shape's members rather than each member
  // up in the request: requests hold a few of many members (an AttributeValue one of
  // ten), and a JSON object lookup is a scan of its keys.
  // `path` is DynamoDB's path of a member (each name's first letter lowered); wire_
  // follows it with the path as the request spells it (UsesFrameworkWording).
  Status Structure(const Shape& shape, JsonObject object, std::string& path) {
    const auto members = m_.members.subspan(shape.member_first, shape.member_count);
    std::array<JsonElement, kMaxMembers> present;
    std::bitset<kMaxMembers> found;
    for (auto field : object) {
      for (size_t i = 0; i < members.size(); ++i) {
        if (members[i].name != field.key) continue;
        // A repeated key counts once, the first time, as a key lookup finds it.
        if (!found[i]) present[i] = field.value, found[i] = true;
        break;
      }
    }
    for (size_t i = 0; i < members.size(); ++i) {
      const bool is_set = found[i] && !present[i].is_null();
      if (!is_set && !members[i].required) continue;
      const size_t mark = path.size();
      const size_t wire_mark = wire_.size();
      if (!path.empty()) path += '.', wire_ += '.';
      path += static_cast<char>(std::tolower(static_cast<unsigned char>(members[i].name[0])));
      path.append(members[i].name.substr(1));
      wire_.append(members[i].name);
      if (is_set) {
        MT_RETURN_IF_ERROR(Value(m_.shapes[members[i].shape], present[i], path));
      } else {
        errors_.Null(path);
      }
      path.resize(mark);
      wire_.resize(wire_mark);
    }
    return Status::Ok();
  }

  Status ToStatus() const { return errors_.ToStatus(); }

 private:
  Status Value(const Shape& shape, JsonElement value, std::string& path) {
    switch (shape.kind) {
      case Kind::kOpaque:
      case Kind::kTimestamp: return Status::Ok();
      case Kind::kString: return String(shape, value, path);
      case Kind::kBlob:
        if (!value.is_string()) return WrongJsonType(value, "Blob");
        return Status::Ok();
      case Kind::kBoolean:
        if (!value.is_bool()) return WrongJsonType(value, "Boolean");
        return Status::Ok();
      case Kind::kInteger:
      case Kind::kLong:
      case Kind::kDouble: return Number(shape, value, path);
      case Kind::kStructure: {
        JsonObject object;
        if (value.get_object().get(object)) return WrongJsonType(value, "structure");
        return Structure(shape, object, path);
      }
      case Kind::kList: return List(shape, value, path);
      case Kind::kMap: return Map(shape, value, path);
    }
    return Status::Ok();
  }

  Status String(const Shape& shape, JsonElement value, const std::string& path) {
    std::string_view s;
    if (value.get_string().get(s)) return WrongJsonType(value, "String");
    StringConstraints(shape, s, path);
    return Status::Ok();
  }

  void StringConstraints(const Shape& shape, std::string_view s, const std::string& path) {
    // A TableName is the model's TableArn (a name or an ARN, 1 to 1024 characters), held
    // to the TableName rules (3 to 255 of [a-zA-Z0-9_.-]) once it is not empty: an empty
    // one breaks the first only. PutItem's '' answers "Value '' at 'tableName' failed to
    // satisfy constraint: Member must have length greater than or equal to 1" (recorded
    // from DynamoDB in 2026), not the pattern and the minimum of 3.
    if (s.empty() && path == "tableName") {
      errors_.AddString(s, path, "Member must have length greater than or equal to 1");
      return;
    }
    // DynamoDB's order: the pattern, then the length, then the enum.
    if (shape.pattern != Pattern::kNone && !Matches(shape.pattern, s)) {
      errors_.AddString(
          s, path,
          "Member must satisfy regular expression pattern: " + std::string(shape.pattern_text));
    }
    if (shape.has_min || shape.has_max) {
      if (const auto length = static_cast<int64_t>(Utf16Length(s)); OutOfBounds(shape, length)) {
        std::string quoted;  // appended: see ConstraintErrors::AddString on GCC's -Wrestrict
        quoted.append(1, '\'').append(s).append(1, '\'');
        Bounds(shape, length, quoted, "length", path);
      }
    }
    if (shape.enum_count > 0) {
      auto values = m_.enum_values.subspan(shape.enum_first, shape.enum_count);
      if (std::find(values.begin(), values.end(), s) == values.end()) {
        std::string set = "Member must satisfy enum value set: [";
        for (size_t i = 0; i < values.size(); ++i) {
          if (i) set += ", ";
          set.append(values[i]);
        }
        errors_.AddString(s, path, set + "]");
      }
    }
  }

  Status Number(const Shape& shape, JsonElement value, const std::string& path) {
    if (!value.is_number()) return WrongJsonType(value, "Long");
    if (!shape.has_min && !shape.has_max) return Status::Ok();
    int64_t n;
    if (value.get_int64().get(n)) {
      double d = 0;
      // Beyond int64 (or a fraction): clamped, past any bound of the models.
      if (value.get_double().get(d) == simdjson::SUCCESS && d > static_cast<double>(INT64_MIN) &&
          d < static_cast<double>(INT64_MAX)) {
        n = static_cast<int64_t>(d);
      } else {
        n = d < 0 ? INT64_MIN : INT64_MAX;
      }
    }
    if (OutOfBounds(shape, n)) Bounds(shape, n, "'" + std::to_string(n) + "'", "value", path);
    return Status::Ok();
  }

  // Whether `n` breaks the shape's min/max: checked before the texts of Bounds are built,
  // since almost every value is within them.
  static bool OutOfBounds(const Shape& shape, int64_t n) {
    return (shape.has_min && n < shape.min) || (shape.has_max && n > shape.max);
  }

  // The min/max constraints of a number ("value") or of a length ("length").
  void Bounds(const Shape& shape, int64_t n, std::string_view shown, std::string_view what,
              const std::string& path) {
    const std::string must = "Member must have " + std::string(what);
    const bool framework = UsesFrameworkWording(operation_, wire_);
    auto add = [&](const std::string& constraint) {
      if (framework) {
        errors_.AddWithoutValue(wire_, constraint);
      } else {
        errors_.Add(shown, path, constraint);
      }
    };
    if (shape.has_min && n < shape.min) {
      add(must + " greater than or equal to " + std::to_string(shape.min));
    }
    if (shape.has_max && n > shape.max) {
      add(must + " less than or equal to " + std::to_string(shape.max));
    }
  }

  // A list or map of the wrong size is shown as '[]' / '{}' when empty; a longer one's
  // elements are not spelled out.
  void CheckSize(const Shape& shape, size_t size, std::string_view empty, std::string_view elided,
                 const std::string& path) {
    const auto n = static_cast<int64_t>(size);
    if (OutOfBounds(shape, n)) Bounds(shape, n, size == 0 ? empty : elided, "length", path);
  }

  Status List(const Shape& shape, JsonElement value, std::string& path) {
    JsonArray array;
    if (value.get_array().get(array)) return WrongJsonType(value, "list");
    const bool key_schema = path == "keySchema" || path.ends_with(".keySchema");
    CheckSize(shape, array.size(), "'[]'", key_schema ? KeySchemaEcho(array) : "'[...]'", path);
    const Shape& element = m_.shapes[shape.element];
    size_t index = 0;
    for (JsonElement item : array) {
      const size_t mark = path.size();
      const size_t wire_mark = wire_.size();
      const std::string segment = "." + std::to_string(++index) + ".member";
      path += segment;
      wire_ += segment;
      if (!item.is_null()) MT_RETURN_IF_ERROR(Value(element, item, path));
      path.resize(mark);
      wire_.resize(wire_mark);
    }
    return Status::Ok();
  }

  Status Map(const Shape& shape, JsonElement value, std::string& path) {
    JsonObject object;
    if (value.get_object().get(object)) return WrongJsonType(value, "structure");
    CheckSize(shape, object.size(), "'{}'", "'{...}'", path);
    const Shape& element = m_.shapes[shape.element];
    if (element.kind == Kind::kOpaque) return Status::Ok();
    const Shape& key = m_.shapes[shape.key];
    for (auto field : object) {
      if (key.kind == Kind::kString) {
        const size_t mark = path.size();
        path += ".key";  // DynamoDB's name for a map's keys
        StringConstraints(key, field.key, path);
        path.resize(mark);
      }
      // A list value of the wrong length is reported at the map, with all of the
      // value's constraints: Value '{t=[...]}' at 'requestItems' failed to satisfy
      // constraint: Map value must satisfy constraint: [Member must have length less
      // than or equal to 25, Member must have length greater than or equal to 1].
      JsonArray list;
      if (element.kind == Kind::kList && !field.value.get_array().get(list) &&
          ((element.has_min && static_cast<int64_t>(list.size()) < element.min) ||
           (element.has_max && static_cast<int64_t>(list.size()) > element.max))) {
        std::string rules;
        if (element.has_max) {
          rules = "Member must have length less than or equal to " + std::to_string(element.max);
        }
        if (element.has_min) {
          rules += (rules.empty() ? "" : ", ");
          rules +=
              "Member must have length greater than or equal to " + std::to_string(element.min);
        }
        errors_.Add("'{" + std::string(field.key) + "=[...]}'", path,
                    "Map value must satisfy constraint: [" + rules + "]");
        continue;
      }
      const size_t mark = path.size();
      const size_t wire_mark = wire_.size();
      path += '.';
      path.append(field.key);
      path += ".member";
      wire_.append(path, mark, std::string::npos);
      if (!field.value.is_null()) MT_RETURN_IF_ERROR(Value(element, field.value, path));
      path.resize(mark);
      wire_.resize(wire_mark);
    }
    return Status::Ok();
  }

  const model::Model& m_;
  const std::string_view operation_;
  std::string wire_;  // the member's path as the request spells it
  ConstraintErrors errors_;
};

// The control-plane operations that check their table name before any other member
// (CheckControlPlaneTableName).
constexpr std::array<std::string_view, 4> kNameFirst = {"CreateTable", "DeleteTable",
                                                        "DescribeTable", "UpdateTable"};

// What DynamoDB checks before the model's constraints, in a sentence of its own rather
// than the "N validation errors detected" form, reported alone (dynalite's
// createTable.js, batchGetItem.js and batchWriteItem.js, recorded against DynamoDB, and
// DynamoDB's answers recorded in 2026): CreateTable without a TableName, and the batch
// operations without RequestItems or with none.
Status CheckRequiredFirst(std::string_view operation, JsonObject request) {
  if (operation == "CreateTable") {
    MT_ASSIGN_OR_RETURN(name, OptionalString(request, "TableName"));
    if (!name) {
      return Status::Validation(
          "The parameter 'TableName' is required but was not present in the request");
    }
  } else if (operation == "BatchGetItem" || operation == "BatchWriteItem") {
    MT_ASSIGN_OR_RETURN(items, OptionalObject(request, "RequestItems"));
    if (!items || items->size() == 0) {
      return Status::Validation("The requestItems parameter is required for " +
                                std::string(operation));
    }
  }
  return Status::Ok();
}

}  // namespace

Status ValidateAgainstModel(std::string_view operation, JsonObject request) {
  const model::Model& m = model::Generated();
  auto op = std::lower_bound(
      m.operations.begin(), m.operations.end(), operation,
      [](const model::Operation& o, std::string_view name) { return o.name < name; });
  if (op == m.operations.end() || op->name != operation) return Status::Ok();
  MT_RETURN_IF_ERROR(CheckRequiredFirst(operation, request));
  if (std::find(kNameFirst.begin(), kNameFirst.end(), operation) != kNameFirst.end()) {
    MT_ASSIGN_OR_RETURN(name, OptionalString(request, "TableName"));
    MT_RETURN_IF_ERROR(CheckControlPlaneTableName(name));
  }
  Walker walker(m, operation);
  std::string path;
  MT_RETURN_IF_ERROR(walker.Structure(m.shapes[op->input], request, path));
  return walker.ToStatus();
}

}  // namespace monotable::protocol
