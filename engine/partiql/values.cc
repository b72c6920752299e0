#include "engine/partiql/values.h"

#include <string>
#include <utility>

#include "engine/base/number.h"
#include "engine/partiql/errors.h"

namespace monotable::partiql {
namespace {

class Evaluator {
 public:
  explicit Evaluator(std::span<const AttributeValue> parameters) : parameters_(parameters) {}

  // `where` names the value for messages: "root", "root.a", "root[1]".
  Result<AttributeValue> Value(const ast::Node& node, const std::string& where) {
    switch (node.op) {
      case ast::Op::kString: return AttributeValue::String(node.text);
      case ast::Op::kNumber: return NumberValue(node.text, where);
      case ast::Op::kBool: return AttributeValue::Bool(node.boolean);
      case ast::Op::kNull: return AttributeValue::Null();
      case ast::Op::kParameter: return parameters_[node.parameter];
      case ast::Op::kTuple: return Tuple(node, where);
      case ast::Op::kList: return List(node, where);
      case ast::Op::kBag: return Bag(node, where);
      case ast::Op::kMissing: return Refused("MISSING must be compared using IS operator");
      default: break;
    }
    std::string what = node.op == ast::Op::kFunction ? node.text : std::string(OpClassName(node));
    return Refused("Unsupported data type: " + what + " under key " + where);
  }

  Result<AttributeValue> ItemTuple(const ast::Node& tuple) { return Tuple(tuple, "root", true); }

 private:
  static Result<AttributeValue> NumberValue(const std::string& text, const std::string& where) {
    Result<Number> number = Number::Parse(text);
    if (!number.ok()) return Refused(number.status().message() + " under " + where);
    return AttributeValue::NumberText(number->ToString());
  }

  // `item`: the tuple is an INSERT's item, whose attributes DynamoDB names "root" each.
  Result<AttributeValue> Tuple(const ast::Node& node, const std::string& where, bool item = false) {
    AttributeMap map;
    for (size_t i = 0; i + 1 < node.children.size(); i += 2) {
      const ast::Node& key = node.children[i];
      // A key is a string literal or a parameter holding a string.
      const std::string* name = nullptr;
      if (key.op == ast::Op::kString) name = &key.text;
      if (key.op == ast::Op::kParameter && parameters_[key.parameter].type == AttributeType::kS) {
        name = &parameters_[key.parameter].scalar;
      }
      if (name == nullptr) {
        return Refused("Tuple keys must be of type String. Actual type: " +
                       std::string(OpClassName(key)) + " under " + where);
      }
      if (map.contains(*name)) {
        return Refused("Duplicate keys in tuple. Key: " + *name + " under " + where);
      }
      MT_ASSIGN_OR_RETURN(value, Value(node.children[i + 1], item ? where : where + "." + *name));
      map.emplace(*name, std::move(value));
    }
    return AttributeValue::MapOf(std::move(map));
  }

  Result<AttributeValue> List(const ast::Node& node, const std::string& where) {
    AttributeList list;
    list.reserve(node.children.size());
    for (size_t i = 0; i < node.children.size(); ++i) {
      MT_ASSIGN_OR_RETURN(value, Value(node.children[i], where + "[" + std::to_string(i) + "]"));
      list.push_back(std::move(value));
    }
    return AttributeValue::ListOf(std::move(list));
  }

  // A bag is DynamoDB's set: all strings (SS) or all numbers (NS), without repeats.
  Result<AttributeValue> Bag(const ast::Node& node, const std::string& where) {
    if (node.children.empty()) return Refused(std::string(lowering::kEmptyBag));
    std::vector<std::string> members;
    AttributeType type = AttributeType::kNull;
    for (const auto& child : node.children) {
      MT_ASSIGN_OR_RETURN(value, Value(child, where));
      if ((value.type != AttributeType::kS && value.type != AttributeType::kN) ||
          (type != AttributeType::kNull && value.type != type)) {
        return Refused(
            "Unsupported data type in Bag. DynamoDB only supports either numbers or strings in "
            "bags");
      }
      type = value.type;
      members.push_back(std::move(value.scalar));
    }
    for (size_t i = 0; i < members.size(); ++i) {
      for (size_t j = 0; j < i; ++j) {
        if (members[i] != members[j]) continue;
        std::string listed;
        for (const auto& m : members) listed.append(listed.empty() ? "" : ", ").append(m);
        return Refused("One or more parameter values were invalid: Input collection [" + listed +
                       "] contains duplicates.");
      }
    }
    return AttributeValue::SetOf(
        type == AttributeType::kS ? AttributeType::kSS : AttributeType::kNS, std::move(members));
  }

  std::span<const AttributeValue> parameters_;
};

}  // namespace

bool IsValueTerm(const ast::Node& node) {
  switch (node.op) {
    case ast::Op::kString:
    case ast::Op::kNumber:
    case ast::Op::kBool:
    case ast::Op::kNull:
    case ast::Op::kParameter:
    case ast::Op::kTuple:
    case ast::Op::kList:
    case ast::Op::kBag: return true;
    default: return false;
  }
}

Result<AttributeValue> ValueOf(const ast::Node& node, std::span<const AttributeValue> parameters) {
  return Evaluator(parameters).Value(node, "root");
}

Result<Item> ItemOf(const ast::Node& tuple, std::span<const AttributeValue> parameters) {
  MT_ASSIGN_OR_RETURN(value, Evaluator(parameters).ItemTuple(tuple));
  return std::move(value.map);
}

}  // namespace monotable::partiql
