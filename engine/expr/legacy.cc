#include "engine/expr/legacy.h"

#include <memory>

#include "engine/expr/errors.h"
#include "engine/expr/evaluate.h"

namespace monotable::expr::legacy {
namespace {

using ast::Node;
using ast::Op;

constexpr std::string_view kInvalid = "One or more parameter values were invalid: ";

constexpr std::string_view kOperatorNames[] = {
    "EQ",   "NE",       "LE",           "LT",          "GE", "GT",     "NOT_NULL",
    "NULL", "CONTAINS", "NOT_CONTAINS", "BEGINS_WITH", "IN", "BETWEEN"};

// The legacy operators that are comparisons: EQ NE LE LT GE GT.
std::optional<Comparison> ComparisonOf(ComparisonOperator op) {
  switch (op) {
    case ComparisonOperator::kEq: return Comparison::kEq;
    case ComparisonOperator::kNe: return Comparison::kNe;
    case ComparisonOperator::kLe: return Comparison::kLe;
    case ComparisonOperator::kLt: return Comparison::kLt;
    case ComparisonOperator::kGe: return Comparison::kGe;
    case ComparisonOperator::kGt: return Comparison::kGt;
    default: return std::nullopt;
  }
}

Status Invalid(std::string_view detail) {
  return Status::Validation(std::string(kInvalid) + std::string(detail));
}

bool IsScalar(AttributeType t) {
  return t == AttributeType::kS || t == AttributeType::kN || t == AttributeType::kB;
}

// Which AttributeValue types an operator accepts (the legacy docs: EQ/NE any type;
// ordering, IN and BETWEEN S/N/B; BEGINS_WITH S/B; CONTAINS a scalar, not a set, map
// or list; dynalite's scan tests for the refusals).
bool TypeAllowed(ComparisonOperator op, AttributeType t) {
  if (std::optional<Comparison> c = ComparisonOf(op)) return !IsOrdering(*c) || IsScalar(t);
  switch (op) {
    case ComparisonOperator::kBeginsWith: return t == AttributeType::kS || t == AttributeType::kB;
    case ComparisonOperator::kContains:
    case ComparisonOperator::kNotContains:
      return IsScalar(t) || t == AttributeType::kBool || t == AttributeType::kNull;
    default: return IsScalar(t);
  }
}

bool CountAllowed(ComparisonOperator op, size_t n) {
  switch (op) {
    case ComparisonOperator::kNull:
    case ComparisonOperator::kNotNull: return n == 0;
    case ComparisonOperator::kIn: return n > 0;
    case ComparisonOperator::kBetween: return n == 2;
    default: return n == 1;
  }
}

Status CheckOperands(ComparisonOperator op, std::span<const AttributeValue> values) {
  const std::string_view name = ComparisonOperatorName(op);
  if (!CountAllowed(op, values.size())) {
    return Invalid("Invalid number of argument(s) for the " + std::string(name) +
                   " ComparisonOperator");
  }
  for (const auto& v : values) {
    if (v.type != values[0].type) {
      return Invalid("AttributeValues inside AttributeValueList must be of same type");
    }
  }
  for (const auto& v : values) {
    if (!TypeAllowed(op, v.type)) {
      return Invalid("ComparisonOperator " + std::string(name) + " is not valid for " +
                     std::string(AttributeTypeName(v.type)) + " AttributeValue type");
    }
  }
  if (op == ComparisonOperator::kBetween) {
    std::optional<int> order = CompareScalars(values[0], values[1]);
    if (order && *order > 0) {
      return Status::Validation(
          "The BETWEEN condition was provided a range where the lower bound is greater than the "
          "upper bound");
    }
  }
  return Status::Ok();
}

class TreeBuilder {
 public:
  TreeBuilder() : expr_(std::make_shared<ast::Expression>()) { expr_->legacy = true; }
  ast::Expression& expr() { return *expr_; }
  std::shared_ptr<const ast::Expression> Finish() { return std::move(expr_); }

  Node Path(const std::string& attribute) {
    Node n;
    n.op = Op::kPath;
    ast::PathElement e;
    e.name = attribute;
    n.path.push_back(std::move(e));
    return n;
  }
  Node Literal(AttributeValue value) {
    Node n;
    n.op = Op::kLiteral;
    n.slot = static_cast<uint32_t>(expr_->literals.size());
    expr_->literals.push_back(std::move(value));
    return n;
  }
  static Node Make(Op op, std::vector<Node> children) {
    Node n;
    n.op = op;
    n.children = std::move(children);
    return n;
  }
  static Node Call(ast::Function f, std::string_view name, std::vector<Node> args) {
    Node n = Make(Op::kFunction, std::move(args));
    n.function = f;
    n.name = std::string(name);
    return n;
  }

 private:
  std::shared_ptr<ast::Expression> expr_;
};

Node ComparisonNode(TreeBuilder& b, const std::string& attribute, ComparisonOperator op,
                    std::vector<AttributeValue> values) {
  using F = ast::Function;
  auto literal = [&](size_t i) { return b.Literal(std::move(values[i])); };
  if (std::optional<Comparison> c = ComparisonOf(op)) {
    return ast::MakeComparison(*c, b.Path(attribute), literal(0));
  }
  switch (op) {
    case ComparisonOperator::kNotNull:
      return TreeBuilder::Call(F::kAttributeExists, "attribute_exists", {b.Path(attribute)});
    case ComparisonOperator::kNull:
      return TreeBuilder::Call(F::kAttributeNotExists, "attribute_not_exists", {b.Path(attribute)});
    case ComparisonOperator::kContains:
      return TreeBuilder::Call(F::kContains, "contains", {b.Path(attribute), literal(0)});
    case ComparisonOperator::kNotContains: {
      // NOT_CONTAINS is false on a missing attribute (ScyllaDB Alternator's
      // check_NOT_CONTAINS, tested against DynamoDB), unlike NOT contains().
      Node exists = TreeBuilder::Call(F::kAttributeExists, "attribute_exists", {b.Path(attribute)});
      Node contains = TreeBuilder::Call(F::kContains, "contains", {b.Path(attribute), literal(0)});
      Node negated = TreeBuilder::Make(Op::kNot, {});
      negated.children.push_back(std::move(contains));
      return TreeBuilder::Make(Op::kAnd, {std::move(exists), std::move(negated)});
    }
    case ComparisonOperator::kBeginsWith:
      return TreeBuilder::Call(F::kBeginsWith, "begins_with", {b.Path(attribute), literal(0)});
    case ComparisonOperator::kIn: {
      Node in = TreeBuilder::Make(Op::kIn, {});
      in.children.push_back(b.Path(attribute));
      for (size_t i = 0; i < values.size(); ++i) in.children.push_back(literal(i));
      return in;
    }
    case ComparisonOperator::kBetween:
      return TreeBuilder::Make(Op::kBetween, {b.Path(attribute), literal(0), literal(1)});
    default: break;  // the comparisons, above
  }
  return Node();
}

// The checks of one Expected entry before its operator's; ok when it has none.
Status CheckExpectedShape(const AttributeCondition& c) {
  const std::string& a = c.attribute;
  if (c.value && c.attribute_value_list) {
    return Invalid("Value and AttributeValueList cannot be used together for Attribute: " + a);
  }
  if (c.comparison_operator) {
    if (c.exists)
      return Invalid("Exists and ComparisonOperator cannot be used together for Attribute: " + a);
    const ComparisonOperator op = *c.comparison_operator;
    if (op != ComparisonOperator::kNull && op != ComparisonOperator::kNotNull && !c.value &&
        !c.attribute_value_list) {
      return Invalid("Value or AttributeValueList must be used with ComparisonOperator: " +
                     std::string(ComparisonOperatorName(op)) + " for Attribute: " + a);
    }
    return Status::Ok();
  }
  if (c.attribute_value_list) {
    return Invalid("AttributeValueList can only be used with a ComparisonOperator for Attribute: " +
                   a);
  }
  const bool exists = !c.exists || *c.exists;
  if (exists && !c.value) {
    return Invalid(std::string("Value must be provided when Exists is ") +
                   (c.exists ? "true" : "null") + " for Attribute: " + a);
  }
  if (!exists && c.value)
    return Invalid("Value cannot be used when Exists is false for Attribute: " + a);
  return Status::Ok();
}

}  // namespace

std::optional<ComparisonOperator> ParseComparisonOperator(std::string_view text) {
  for (size_t i = 0; i < std::size(kOperatorNames); ++i) {
    if (kOperatorNames[i] == text) return static_cast<ComparisonOperator>(i);
  }
  return std::nullopt;
}

std::string_view ComparisonOperatorName(ComparisonOperator op) {
  return kOperatorNames[static_cast<size_t>(op)];
}

Result<Condition> TranslateConditions(std::span<const AttributeCondition> conditions,
                                      ConditionalOperator conditional_operator,
                                      ConditionSource source) {
  if (conditions.empty()) return Condition();
  TreeBuilder b;
  std::vector<Node> nodes;
  nodes.reserve(conditions.size());
  for (const auto& c : conditions) {
    if (source == ConditionSource::kExpected) {
      MT_RETURN_IF_ERROR(CheckExpectedShape(c));
    } else if (!c.comparison_operator) {
      return Status::Internal("a QueryFilter/ScanFilter condition without ComparisonOperator");
    }
    if (!c.comparison_operator) {
      if (c.exists && !*c.exists) {
        nodes.push_back(TreeBuilder::Call(ast::Function::kAttributeNotExists,
                                          "attribute_not_exists", {b.Path(c.attribute)}));
      } else {
        nodes.push_back(
            ast::MakeComparison(Comparison::kEq, b.Path(c.attribute), b.Literal(*c.value)));
      }
      continue;
    }
    std::vector<AttributeValue> values;
    if (c.attribute_value_list) {
      values = *c.attribute_value_list;
    } else if (c.value) {
      values.push_back(*c.value);
    }
    MT_RETURN_IF_ERROR(CheckOperands(*c.comparison_operator, values));
    nodes.push_back(ComparisonNode(b, c.attribute, *c.comparison_operator, std::move(values)));
  }
  if (nodes.size() == 1) {
    b.expr().condition = std::move(nodes[0]);
  } else {
    b.expr().condition = TreeBuilder::Make(
        conditional_operator == ConditionalOperator::kOr ? Op::kOr : Op::kAnd, std::move(nodes));
  }
  Placeholders none(nullptr, nullptr);
  return Condition::Resolve(
      b.Finish(),
      source == ConditionSource::kExpected ? ExpressionKind::kCondition : ExpressionKind::kFilter,
      none);
}

Result<Update> TranslateAttributeUpdates(std::span<const AttributeUpdate> updates) {
  if (updates.empty()) return Update();
  TreeBuilder b;
  auto& actions = b.expr().actions;
  for (const auto& u : updates) {
    if (!u.value && u.action != UpdateAction::kDelete) {
      return Invalid("Only DELETE action is allowed when no attribute value is specified");
    }
    const AttributeType type = u.value ? u.value->type : AttributeType::kNull;
    if (u.value && u.action == UpdateAction::kDelete && !u.value->is_set()) {
      return Invalid("DELETE action with value is not supported for the type " +
                     std::string(AttributeTypeName(type)));
    }
    if (u.value && u.action == UpdateAction::kAdd && type != AttributeType::kN &&
        type != AttributeType::kL && !u.value->is_set()) {
      return Invalid("ADD action is not supported for the type " +
                     std::string(AttributeTypeName(type)));
    }
    ast::Action action;
    action.path = b.Path(u.attribute).path;
    switch (u.action) {
      case UpdateAction::kPut:
        action.kind = ast::ActionKind::kSet;
        action.value = b.Literal(*u.value);
        break;
      case UpdateAction::kDelete:
        action.kind = u.value ? ast::ActionKind::kDelete : ast::ActionKind::kRemove;
        if (u.value) action.value = b.Literal(*u.value);
        break;
      case UpdateAction::kAdd:
        if (type == AttributeType::kL) {
          // Appends, creating the list when absent: SET a = list_append(if_not_exists(a, []), v).
          AttributeValue empty;
          empty.type = AttributeType::kL;
          Node current = TreeBuilder::Call(ast::Function::kIfNotExists, "if_not_exists",
                                           {b.Path(u.attribute), b.Literal(std::move(empty))});
          action.kind = ast::ActionKind::kSet;
          action.value = TreeBuilder::Call(ast::Function::kListAppend, "list_append",
                                           {std::move(current), b.Literal(*u.value)});
        } else {
          action.kind = ast::ActionKind::kAdd;
          action.value = b.Literal(*u.value);
        }
        break;
    }
    actions.push_back(std::move(action));
  }
  Placeholders none(nullptr, nullptr);
  return Update::Resolve(b.Finish(), none);
}

Result<Projection> TranslateAttributesToGet(std::span<const std::string> names) {
  for (size_t i = 1; i < names.size(); ++i) {
    for (size_t j = 0; j < i; ++j) {
      if (names[i] == names[j]) {
        // dynalite scan tests: "Duplicate value in attribute name: a".
        return Invalid("Duplicate value in attribute name: " + names[i]);
      }
    }
  }
  return Projection::OfAttributes(names);
}

}  // namespace monotable::expr::legacy
