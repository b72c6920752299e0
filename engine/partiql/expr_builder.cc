#include "engine/partiql/expr_builder.h"

#include <cctype>
#include <string>
#include <utility>

#include "engine/partiql/errors.h"
#include "engine/partiql/values.h"

namespace monotable::partiql {
namespace {

using expr::ast::Function;
using XNode = expr::ast::Node;
using XOp = expr::ast::Op;

// PartiQL's comparison and logical operators, one to one with the expression's (a
// comparison keeps its Node::comparison).
bool MapOperator(ast::Op op, XOp& out) {
  switch (op) {
    case ast::Op::kCompare: out = XOp::kCompare; return true;
    case ast::Op::kBetween: out = XOp::kBetween; return true;
    case ast::Op::kAnd: out = XOp::kAnd; return true;
    case ast::Op::kOr: out = XOp::kOr; return true;
    case ast::Op::kNot: out = XOp::kNot; return true;
    default: return false;
  }
}

// The condition functions DynamoDB's PartiQL offers, by their lower-case name.
struct NamedFunction {
  std::string_view name;
  Function function;
};
constexpr NamedFunction kConditionFunctions[] = {
    {"begins_with", Function::kBeginsWith},
    {"contains", Function::kContains},
    {"attribute_type", Function::kAttributeType},
};

// `IS <type>`: the attribute_type name of each type DynamoDB accepts after IS [D].
struct IsType {
  std::string_view partiql;
  std::string_view dynamodb;
};
constexpr IsType kIsTypes[] = {
    {"null", "NULL"}, {"boolean", "BOOL"}, {"blob", "B"},  {"string", "S"},
    {"numeric", "N"}, {"struct", "M"},     {"tuple", "M"}, {"list", "L"},
};

}  // namespace

ExprBuilder::ExprBuilder(expr::ExpressionKind kind, std::string_view text,
                         std::span<const AttributeValue> parameters)
    : expression_(std::make_shared<expr::ast::Expression>()), text_(text), parameters_(parameters) {
  expression_->kind = kind;
  expression_->verbatim_names = true;
}

XNode ExprBuilder::Literal(AttributeValue value) {
  XNode n;
  n.op = XOp::kLiteral;
  n.slot = static_cast<uint32_t>(expression_->literals.size());
  expression_->literals.push_back(std::move(value));
  return n;
}

XNode ExprBuilder::Attribute(std::string_view name) {
  XNode n;
  n.op = XOp::kPath;
  expr::ast::PathElement e;
  e.name = std::string(name);
  n.path.push_back(std::move(e));
  return n;
}

XNode ExprBuilder::Make(XOp op, std::vector<XNode> children) {
  XNode n;
  n.op = op;
  n.children = std::move(children);
  return n;
}

XNode ExprBuilder::Call(Function function, std::string_view name, std::vector<XNode> arguments) {
  XNode n = Make(XOp::kFunction, std::move(arguments));
  n.function = function;
  n.name = std::string(name);
  return n;
}

Status ExprBuilder::UnrecognizedFunction(const ast::Node& node) const {
  return Refused("Unrecognized function: " + node.text + " at " +
                 FormatLocation(text_, node.position, node.length));
}

Result<expr::ast::Path> ExprBuilder::PathOf(const ast::Path& path) {
  expr::ast::Path out;
  out.reserve(path.size());
  for (const auto& element : path) {
    expr::ast::PathElement e;
    e.position = element.position;
    switch (element.kind) {
      case ast::PathElement::Kind::kName: e.name = element.name; break;
      case ast::PathElement::Kind::kIndex:
        e.kind = expr::ast::PathElement::Kind::kIndex;
        e.number = element.index;
        break;
      case ast::PathElement::Kind::kWildcard:
        return Refused("Wildcard path component like a[*].b are not supported");
      case ast::PathElement::Kind::kExpression:
        // a['b'] is a.b; any other computed step is not a DynamoDB path.
        if (element.expression->op != ast::Op::kString) {
          return UnexpectedPathComponent(text_, element.position, element.length);
        }
        e.name = element.expression->text;
        break;
    }
    out.push_back(std::move(e));
  }
  return out;
}

Result<XNode> ExprBuilder::Operand(const ast::Node& node) {
  if (node.op == ast::Op::kPath) {
    XNode n;
    n.op = XOp::kPath;
    n.position = node.position;
    MT_ASSIGN_OR_RETURN(path, PathOf(node.path));
    n.path = std::move(path);
    return n;
  }
  if (IsValueTerm(node) || node.op == ast::Op::kMissing) {
    MT_ASSIGN_OR_RETURN(value, ValueOf(node, parameters_));
    return Literal(std::move(value));
  }
  if (node.op == ast::Op::kFunction) {
    if (node.text != "size") return UnrecognizedFunction(node);
    MT_ASSIGN_OR_RETURN(call, Children(XOp::kFunction, node, /*conditions=*/false));
    call.function = Function::kSize;
    call.name = "size";
    return call;
  }
  return UnsupportedOperation(OpClassName(node));
}

Result<XNode> ExprBuilder::SetValue(const ast::Node& node) {
  if (node.op == ast::Op::kPlus || node.op == ast::Op::kMinus) {
    std::vector<XNode> operands;
    for (const auto& child : node.children) {
      MT_ASSIGN_OR_RETURN(operand, SetValue(child));
      operands.push_back(std::move(operand));
    }
    return Make(node.op == ast::Op::kPlus ? XOp::kPlus : XOp::kMinus, std::move(operands));
  }
  if (node.op == ast::Op::kFunction && node.text == "list_append") {
    std::vector<XNode> arguments;
    for (const auto& child : node.children) {
      MT_ASSIGN_OR_RETURN(argument, SetValue(child));
      arguments.push_back(std::move(argument));
    }
    return Call(Function::kListAppend, "list_append", std::move(arguments));
  }
  return Operand(node);
}

Result<XNode> ExprBuilder::Children(XOp op, const ast::Node& node, bool conditions) {
  std::vector<XNode> children;
  children.reserve(node.children.size());
  for (const auto& child : node.children) {
    Result<XNode> converted = conditions ? Condition(child) : Operand(child);
    if (!converted.ok()) return converted.status();
    children.push_back(std::move(*converted));
  }
  XNode n = Make(op, std::move(children));
  n.position = node.position;
  return n;
}

Result<XNode> ExprBuilder::Is(const ast::Node& node) {
  const ast::Node& operand = node.children[0];
  if (operand.op != ast::Op::kPath) {
    return Refused(
        "The left hand side argument to IS must be a Variable Reference, Literal, or Path");
  }
  MT_ASSIGN_OR_RETURN(path, Operand(operand));
  std::vector<XNode> arguments;
  arguments.push_back(std::move(path));
  if (node.text == "missing") {
    return Call(Function::kAttributeNotExists, "attribute_not_exists", std::move(arguments));
  }
  for (const auto& type : kIsTypes) {
    if (type.partiql != node.text) continue;
    arguments.push_back(Literal(AttributeValue::String(std::string(type.dynamodb))));
    return Call(Function::kAttributeType, "attribute_type", std::move(arguments));
  }
  std::string upper = node.text;
  for (auto& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return Refused("Unsupported data type for IS operator: " + upper +
                 ". Supported data types are [MISSING, NULL, BOOLEAN, BLOB, STRING, NUMERIC, "
                 "STRUCT, TUPLE, LIST]");
}

Result<XNode> ExprBuilder::In(const ast::Node& node) {
  const ast::Node& operand = node.children[0];
  const ast::Node& members = node.children[1];
  if (operand.op != ast::Op::kPath ||
      (members.op != ast::Op::kList && members.op != ast::Op::kBag) || members.children.empty()) {
    return Refused(
        "IN operator must have a left hand argument of type Variable Reference and right hand "
        "argument of type Seq with at least one member");
  }
  std::vector<XNode> children;
  children.reserve(members.children.size() + 1);
  MT_ASSIGN_OR_RETURN(left, Operand(operand));
  children.push_back(std::move(left));
  for (const auto& member : members.children) {
    MT_ASSIGN_OR_RETURN(value, Operand(member));
    children.push_back(std::move(value));
  }
  return Make(XOp::kIn, std::move(children));
}

Result<XNode> ExprBuilder::Condition(const ast::Node& node) {
  XOp op;
  if (MapOperator(node.op, op)) {
    const bool logical = op == XOp::kAnd || op == XOp::kOr || op == XOp::kNot;
    MT_ASSIGN_OR_RETURN(mapped, Children(op, node, logical));
    mapped.comparison = node.comparison;
    return std::move(mapped);
  }
  switch (node.op) {
    case ast::Op::kIn: return In(node);
    case ast::Op::kIs: return Is(node);
    case ast::Op::kFunction:
      for (const auto& f : kConditionFunctions) {
        if (f.name != node.text) continue;
        MT_ASSIGN_OR_RETURN(call, Children(XOp::kFunction, node, /*conditions=*/false));
        call.function = f.function;
        call.name = std::string(f.name);
        return call;
      }
      // size() is an operand: the expression's checks refuse it here, in their words.
      if (node.text == "size") return Operand(node);
      return UnrecognizedFunction(node);
    default: return UnsupportedOperation(OpClassName(node));
  }
}

}  // namespace monotable::partiql
