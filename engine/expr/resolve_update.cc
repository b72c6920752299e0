// Semantic checks of update trees, in the order dynalite's update parser reports them
// (matching DynamoDB): reserved words, function names, repeated sections, undefined
// names, undefined values, overlapping then conflicting paths, ADD/DELETE operand
// types, then function operand counts and types.

#include "engine/expr/errors.h"
#include "engine/expr/path.h"
#include "engine/expr/resolve.h"

namespace monotable::expr {
namespace {

constexpr ExpressionKind kKind = ExpressionKind::kUpdate;

Status CheckFunctionNames(const ast::Node& node) {
  if (node.op == ast::Op::kFunction) {
    if (node.function == ast::Function::kUnknown) {
      // "Invalid UpdateExpression: Invalid function name; function: if_not_exist".
      return InvalidExpression(kKind, "Invalid function name; function: " + node.name);
    }
    if (node.function != ast::Function::kIfNotExists &&
        node.function != ast::Function::kListAppend) {
      // Condition functions in an update (ExtendDB's DynamoDB parity tests).
      return InvalidExpression(
          kKind, "The function is not allowed in an update expression; function: " + node.name);
    }
  }
  for (const auto& child : node.children) MT_RETURN_IF_ERROR(CheckFunctionNames(child));
  return Status::Ok();
}

Status OperandTypeError(std::string_view op, AttributeType type) {
  return InvalidExpression(kKind,
                           "Incorrect operand type for operator or function; operator or "
                           "function: " +
                               std::string(op) +
                               ", operand type: " + std::string(AttributeTypeName(type)));
}

// Operand counts and types of if_not_exists, list_append, + and -, innermost first
// (dynalite's updateItem tests give the texts).
Status CheckFunctions(const ast::Node& node, const Bindings& bindings) {
  for (const auto& child : node.children) MT_RETURN_IF_ERROR(CheckFunctions(child, bindings));
  auto literal_type = [&](const ast::Node& n) -> const AttributeType* {
    if (n.op != ast::Op::kValue && n.op != ast::Op::kLiteral) return nullptr;
    return &bindings.Value(n).type;
  };
  if (node.op == ast::Op::kPlus || node.op == ast::Op::kMinus) {
    for (const auto& arg : node.children) {
      const AttributeType* t = literal_type(arg);
      if (t && *t != AttributeType::kN) {
        return OperandTypeError(node.op == ast::Op::kPlus ? "+" : "-", *t);
      }
    }
    return Status::Ok();
  }
  if (node.op != ast::Op::kFunction) return Status::Ok();
  if (node.children.size() != 2) {
    return InvalidExpression(kKind,
                             "Incorrect number of operands for operator or function; "
                             "operator or function: " +
                                 node.name +
                                 ", number of operands: " + std::to_string(node.children.size()));
  }
  if (node.function == ast::Function::kIfNotExists) {
    if (node.children[0].op != ast::Op::kPath) {
      return InvalidExpression(kKind,
                               "Operator or function requires a document path; operator "
                               "or function: " +
                                   node.name);
    }
  } else {  // list_append
    for (const auto& arg : node.children) {
      const AttributeType* t = literal_type(arg);
      if (t && *t != AttributeType::kL) return OperandTypeError(node.name, *t);
    }
  }
  return Status::Ok();
}

}  // namespace

Status ResolveUpdateTree(const ast::Expression& expr, Placeholders& placeholders,
                         Bindings& bindings) {
  // AttributeUpdates and PartiQL name attributes directly: no reserved words there.
  MT_RETURN_IF_ERROR(CheckReservedWords(kKind, expr));
  for (const auto& action : expr.actions) {
    if (action.kind == ast::ActionKind::kSet) MT_RETURN_IF_ERROR(CheckFunctionNames(action.value));
  }
  if (!expr.duplicate_section.empty()) {
    // 'Invalid UpdateExpression: The "SET" section can only be used once in an update
    // expression;' (dynalite updateItem tests).
    return InvalidExpression(kKind,
                             "The \"" + expr.duplicate_section +
                                 "\" section can only be used once in an update expression;");
  }
  Binder binder(expr, kKind, placeholders, bindings);
  for (const auto& action : expr.actions) {
    MT_RETURN_IF_ERROR(binder.BindPathNames(action.path));
    if (action.kind != ast::ActionKind::kRemove) {
      MT_RETURN_IF_ERROR(binder.BindNode(action.value, /*names=*/true, /*values=*/false));
    }
  }
  for (const auto& action : expr.actions) {
    if (action.kind != ast::ActionKind::kRemove) {
      MT_RETURN_IF_ERROR(binder.BindNode(action.value, /*names=*/false, /*values=*/true));
    }
  }
  std::vector<ResolvedPath> paths;
  paths.reserve(expr.actions.size());
  for (const auto& action : expr.actions) paths.push_back(ResolvePath(action.path, bindings));
  MT_RETURN_IF_ERROR(CheckPathsDisjoint(kKind, paths));
  for (const auto& action : expr.actions) {
    if (action.kind != ast::ActionKind::kAdd && action.kind != ast::ActionKind::kDelete) continue;
    const AttributeValue& v = bindings.Value(action.value);
    const bool ok =
        v.is_set() || (action.kind == ast::ActionKind::kAdd && v.type == AttributeType::kN);
    if (!ok) {
      // "Invalid UpdateExpression: Incorrect operand type for operator or function;
      // operator: ADD, operand type: STRING" (dynalite updateItem tests).
      return InvalidExpression(kKind,
                               std::string("Incorrect operand type for operator or function; "
                                           "operator: ") +
                                   (action.kind == ast::ActionKind::kAdd ? "ADD" : "DELETE") +
                                   ", operand type: " + std::string(UpdateOperandTypeName(v.type)));
    }
  }
  for (const auto& action : expr.actions) {
    if (action.kind == ast::ActionKind::kSet)
      MT_RETURN_IF_ERROR(CheckFunctions(action.value, bindings));
  }
  return Status::Ok();
}

}  // namespace monotable::expr
