// Semantic checks of condition trees, in the order DynamoDB reports them. The order is
// dynalite's (its condition parser orders errors as the service does): redundant
// parentheses, function names, misused functions, reserved words; then for each
// comparison or function in text order: undefined placeholders, operand counts,
// identical operands, operand types.

#include <optional>

#include "engine/base/limits.h"
#include "engine/expr/errors.h"
#include "engine/expr/evaluate.h"
#include "engine/expr/path.h"
#include "engine/expr/resolve.h"

namespace monotable::expr {
namespace {

// How DynamoDB's errors name an operator node: "=", "BETWEEN", ...
std::string_view OperatorSymbol(const ast::Node& node) {
  switch (node.op) {
    case ast::Op::kCompare: return ComparisonSymbol(node.comparison);
    case ast::Op::kBetween: return "BETWEEN";
    case ast::Op::kIn: return "IN";
    default: return "";
  }
}

bool IsOrdering(const ast::Node& node) {
  return node.op == ast::Op::kCompare && expr::IsOrdering(node.comparison);
}
bool IsOrderable(AttributeType t) {
  return t == AttributeType::kS || t == AttributeType::kN || t == AttributeType::kB;
}
bool IsLiteral(const ast::Node& n) { return n.op == ast::Op::kValue || n.op == ast::Op::kLiteral; }

bool IsValidTypeName(std::string_view s) {
  for (std::string_view t : {"S", "SS", "N", "NS", "B", "BS", "BOOL", "NULL", "L", "M"}) {
    if (s == t) return true;
  }
  return false;
}

class ConditionResolver {
 public:
  ConditionResolver(const ast::Expression& expr, ExpressionKind kind, Placeholders& placeholders,
                    Bindings& bindings)
      : expr_(expr),
        kind_(kind),
        bindings_(bindings),
        binder_(expr, kind, placeholders, bindings) {}

  Status Run() {
    const ast::Node& root = expr_.condition;
    if (expr_.redundant_parens) return Invalid("The expression has redundant parentheses;");
    MT_RETURN_IF_ERROR(CheckFunctionNames(root));
    MT_RETURN_IF_ERROR(CheckMisuse(root, /*condition_position=*/true));
    // Legacy parameters and PartiQL name attributes directly: no reserved words there.
    MT_RETURN_IF_ERROR(CheckReservedWords(kind_, expr_));
    return CheckAtoms(root);
  }

 private:
  Status Invalid(std::string_view detail) const { return InvalidExpression(kind_, detail); }

  Status CheckFunctionNames(const ast::Node& node) const {
    if (node.op == ast::Op::kFunction) {
      // "Invalid FilterExpression: Invalid function name; function: whatever" (dynalite).
      if (node.function == ast::Function::kUnknown) {
        return Invalid("Invalid function name; function: " + node.name);
      }
      // Update functions in a condition (ExtendDB's DynamoDB parity tests).
      if (node.function == ast::Function::kIfNotExists ||
          node.function == ast::Function::kListAppend) {
        return Invalid("The function is not allowed in a condition expression; function: " +
                       node.name);
      }
    }
    for (const auto& child : node.children) MT_RETURN_IF_ERROR(CheckFunctionNames(child));
    return Status::Ok();
  }

  // size() is the only function that yields a value; the others are conditions.
  // "The function is not allowed to be used this way in an expression; function:
  // attribute_exists" (dynalite scan tests), checked innermost first.
  Status CheckMisuse(const ast::Node& node, bool condition_position) const {
    const bool boolean =
        node.op == ast::Op::kAnd || node.op == ast::Op::kOr || node.op == ast::Op::kNot;
    for (const auto& child : node.children) MT_RETURN_IF_ERROR(CheckMisuse(child, boolean));
    if (node.op != ast::Op::kFunction) return Status::Ok();
    if (condition_position == (node.function == ast::Function::kSize)) {
      return Invalid(
          "The function is not allowed to be used this way in an expression; function: " +
          node.name);
    }
    return Status::Ok();
  }

  Status CheckAtoms(const ast::Node& node) {
    if (node.op == ast::Op::kAnd || node.op == ast::Op::kOr || node.op == ast::Op::kNot) {
      for (const auto& child : node.children) MT_RETURN_IF_ERROR(CheckAtoms(child));
      return Status::Ok();
    }
    MT_RETURN_IF_ERROR(binder_.BindNode(node, /*names=*/true, /*values=*/true));
    MT_RETURN_IF_ERROR(CheckCounts(node));
    MT_RETURN_IF_ERROR(CheckDistinct(node));
    return CheckTypes(node);
  }

  Status CheckCounts(const ast::Node& node) const {
    for (const auto& child : node.children) MT_RETURN_IF_ERROR(CheckCounts(child));
    if (node.op == ast::Op::kIn && !expr_.legacy &&
        node.children.size() - 1 > limits::kMaxInOperands) {
      // "Invalid FilterExpression: The IN operator is provided with too many operands;
      // number of operands: 163" (reapit/foundations#8255).
      return Invalid("The IN operator is provided with too many operands; number of operands: " +
                     std::to_string(node.children.size() - 1));
    }
    if (node.op != ast::Op::kFunction) return Status::Ok();
    size_t expected = 2;
    if (node.function == ast::Function::kAttributeExists ||
        node.function == ast::Function::kAttributeNotExists ||
        node.function == ast::Function::kSize) {
      expected = 1;
    }
    if (node.children.size() != expected) {
      return Invalid(
          "Incorrect number of operands for operator or function; operator or "
          "function: " +
          node.name + ", number of operands: " + std::to_string(node.children.size()));
    }
    return Status::Ok();
  }

  bool SamePath(const ast::Node& a, const ast::Node& b) const {
    if (a.op != ast::Op::kPath || b.op != ast::Op::kPath) return false;
    return ResolvePath(a.path, bindings_) == ResolvePath(b.path, bindings_);
  }

  // "The first operand must be distinct from the remaining operands for this operator
  // or function; operator: =, first operand: [a]" (dynalite scan tests).
  Status CheckDistinct(const ast::Node& node) const {
    std::string_view name;
    if (node.op == ast::Op::kCompare) {
      name = OperatorSymbol(node);
    } else if (node.op == ast::Op::kFunction && node.children.size() >= 2) {
      name = node.name;
    } else {
      return Status::Ok();
    }
    if (!SamePath(node.children[0], node.children[1])) return Status::Ok();
    return Invalid(
        "The first operand must be distinct from the remaining operands for this "
        "operator or function; operator: " +
        std::string(name) +
        ", first operand: " + FormatPath(ResolvePath(node.children[0].path, bindings_)));
  }

  // The type of an operand known before evaluation: literals and size().
  std::optional<AttributeType> StaticType(const ast::Node& node) const {
    if (IsLiteral(node)) return bindings_.Value(node).type;
    if (node.op == ast::Op::kFunction && node.function == ast::Function::kSize) {
      return AttributeType::kN;
    }
    return std::nullopt;
  }

  Status OperandTypeError(std::string_view op, std::string_view type) const {
    return Invalid("Incorrect operand type for operator or function; operator or function: " +
                   std::string(op) + ", operand type: " + std::string(type));
  }

  Status CheckTypes(const ast::Node& node) const {
    for (const auto& child : node.children) MT_RETURN_IF_ERROR(CheckTypes(child));
    if (node.op == ast::Op::kFunction) return CheckFunctionTypes(node);
    if (IsOrdering(node) || node.op == ast::Op::kBetween) {
      // ExtendDB's captures: "operator or function: <, operand type: BOOL" for literal
      // operands that cannot be ordered, even on branches never evaluated.
      for (const auto& child : node.children) {
        std::optional<AttributeType> t = StaticType(child);
        if (t && !IsOrderable(*t))
          return OperandTypeError(OperatorSymbol(node), AttributeTypeName(*t));
      }
    }
    if (node.op == ast::Op::kBetween && IsLiteral(node.children[1]) &&
        IsLiteral(node.children[2])) {
      const AttributeValue& lower = bindings_.Value(node.children[1]);
      const AttributeValue& upper = bindings_.Value(node.children[2]);
      if (lower.type != upper.type) {
        return Invalid(
            "The BETWEEN operator requires same data type for lower and upper bounds; "
            "lower bound operand: " +
            FormatBoundOperand(lower) + ", upper bound operand: " + FormatBoundOperand(upper));
      }
      std::optional<int> order = CompareScalars(lower, upper);
      if (order && *order > 0) {
        // Pasted from DynamoDB in monotable's own search: "The BETWEEN operator requires
        // upper bound to be greater than or equal to lower bound; lower bound operand:
        // AttributeValue: {N:1691691033195}, upper bound operand: AttributeValue: {N:...}".
        return Invalid(
            "The BETWEEN operator requires upper bound to be greater than or equal "
            "to lower bound; lower bound operand: " +
            FormatBoundOperand(lower) + ", upper bound operand: " + FormatBoundOperand(upper));
      }
    }
    return Status::Ok();
  }

  Status CheckFunctionTypes(const ast::Node& node) const {
    switch (node.function) {
      case ast::Function::kAttributeExists:
      case ast::Function::kAttributeNotExists:
        if (node.children[0].op != ast::Op::kPath) {
          return Invalid("Operator or function requires a document path; operator or function: " +
                         node.name);
        }
        return Status::Ok();
      case ast::Function::kBeginsWith:
        for (const auto& arg : node.children) {
          std::optional<AttributeType> t = StaticType(arg);
          if (t && *t != AttributeType::kS && *t != AttributeType::kB) {
            return OperandTypeError(node.name, AttributeTypeName(*t));
          }
        }
        return Status::Ok();
      case ast::Function::kAttributeType: {
        std::optional<AttributeType> t = StaticType(node.children[1]);
        if (!t) return OperandTypeError(node.name, "{NS,SS,L,BS,N,M,B,BOOL,NULL,S}");
        if (*t != AttributeType::kS) return OperandTypeError(node.name, AttributeTypeName(*t));
        const std::string& type = bindings_.Value(node.children[1]).scalar;
        if (!IsValidTypeName(type)) {
          return Invalid("Invalid attribute type name found; type: " + type +
                         ", valid types: {B,NULL,SS,BOOL,L,BS,N,NS,S,M}");
        }
        return Status::Ok();
      }
      case ast::Function::kSize: {
        std::optional<AttributeType> t = StaticType(node.children[0]);
        if (t &&
            (*t == AttributeType::kN || *t == AttributeType::kBool || *t == AttributeType::kNull)) {
          return OperandTypeError(node.name, AttributeTypeName(*t));
        }
        return Status::Ok();
      }
      default: return Status::Ok();
    }
  }

  const ast::Expression& expr_;
  ExpressionKind kind_;
  Bindings& bindings_;
  Binder binder_;
};

}  // namespace

Status ResolveConditionTree(const ast::Expression& expr, ExpressionKind kind,
                            Placeholders& placeholders, Bindings& bindings) {
  return ConditionResolver(expr, kind, placeholders, bindings).Run();
}

}  // namespace monotable::expr
