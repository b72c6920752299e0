#include "engine/expr/key_condition.h"

#include <algorithm>
#include <vector>

namespace monotable::expr {
namespace {

using ast::Node;
using ast::Op;

constexpr char kNotSupported[] = "Query key condition not supported";

Status InvalidOperator(std::string_view op, bool legacy) {
  // KeyConditions (legacy) word the same refusal differently.
  if (legacy)
    return Status::Validation("Attempted conditional constraint is not an indexable operation");
  return Status::Validation("Invalid operator used in KeyConditionExpression: " + std::string(op));
}

std::string_view OperatorName(const Node& node) {
  switch (node.op) {
    case Op::kOr: return "OR";
    case Op::kNot: return "NOT";
    case Op::kIn: return "IN";
    case Op::kCompare: return ComparisonSymbol(node.comparison);
    case Op::kFunction: return node.name;
    default: return "";
  }
}

// AND nodes are flattened: "a = :a AND b > :b" is two clauses.
Status CollectClauses(const Node& node, bool legacy, std::vector<const Node*>& clauses) {
  if (node.op == Op::kAnd) {
    for (const Node& child : node.children) {
      MT_RETURN_IF_ERROR(CollectClauses(child, legacy, clauses));
    }
    return Status::Ok();
  }
  switch (node.op) {
    case Op::kCompare:
      if (node.comparison == Comparison::kNe) return InvalidOperator(OperatorName(node), legacy);
      clauses.push_back(&node);
      return Status::Ok();
    case Op::kBetween: clauses.push_back(&node); return Status::Ok();
    case Op::kFunction:
      if (node.function == ast::Function::kBeginsWith) {
        clauses.push_back(&node);
        return Status::Ok();
      }
      return InvalidOperator(OperatorName(node), legacy);
    default: return InvalidOperator(OperatorName(node), legacy);
  }
}

bool IsValue(const Node& node) { return node.op == Op::kValue || node.op == Op::kLiteral; }

struct Clause {
  const ast::Path* path = nullptr;
  SortKeyCondition condition;
};

Result<Clause> ReadClause(const Condition& condition, const Node& node) {
  Clause clause;
  const Node* path_node = nullptr;
  switch (node.op) {
    case Op::kBetween:
    case Op::kFunction:  // begins_with(path, value)
      if (node.children.empty() || node.children[0].op != Op::kPath)
        return Status::Validation(kNotSupported);
      for (size_t i = 1; i < node.children.size(); ++i) {
        if (!IsValue(node.children[i])) return Status::Validation(kNotSupported);
      }
      path_node = &node.children[0];
      clause.condition.kind = node.op == Op::kBetween ? SortKeyCondition::Kind::kBetween
                                                      : SortKeyCondition::Kind::kBeginsWith;
      clause.condition.value = condition.Value(node.children[1]);
      if (node.op == Op::kBetween) clause.condition.upper = condition.Value(node.children[2]);
      break;
    default: {
      const Node& a = node.children[0];
      const Node& b = node.children[1];
      Comparison comparison = node.comparison;
      if (a.op == Op::kPath && IsValue(b)) {
        path_node = &a;
        clause.condition.value = condition.Value(b);
      } else if (b.op == Op::kPath && IsValue(a)) {
        path_node = &b;
        clause.condition.value = condition.Value(a);
        comparison = Mirror(comparison);  // `:v < sk` is `sk > :v`
      } else {
        return Status::Validation(kNotSupported);
      }
      clause.condition.comparison = comparison;
    }
  }
  if (path_node->path.size() != 1) {
    return Status::Validation(
        "KeyConditionExpressions cannot have conditions on nested attributes");
  }
  clause.path = &path_node->path;
  return clause;
}

Status CheckType(const SortKeyCondition& c, AttributeType type) {
  bool ok =
      c.value.type == type && (c.kind != SortKeyCondition::Kind::kBetween || c.upper.type == type);
  if (ok) return Status::Ok();
  return Status::Validation(
      "One or more parameter values were invalid: Condition parameter type does not match "
      "schema type");
}

void CollectNames(const Condition& condition, const Node& node, std::vector<std::string>& out) {
  if (node.op == Op::kPath && !node.path.empty()) {
    std::string name(condition.Name(node.path[0]));
    for (const auto& n : out) {
      if (n == name) return;
    }
    out.push_back(std::move(name));
    return;
  }
  for (const Node& child : node.children) CollectNames(condition, child, out);
}

}  // namespace

std::string_view SortKeyOperatorName(const SortKeyCondition& condition) {
  switch (condition.kind) {
    case SortKeyCondition::Kind::kCompare: return ComparisonSymbol(condition.comparison);
    case SortKeyCondition::Kind::kBetween: return "BETWEEN";
    case SortKeyCondition::Kind::kBeginsWith: return "begins_with";
  }
  return "";
}

Result<KeyCondition> AnalyzeKeyCondition(const Condition& condition, const KeyAttributes& keys) {
  std::vector<const Node*> nodes;
  MT_RETURN_IF_ERROR(CollectClauses(condition.root(), condition.legacy(), nodes));
  if (nodes.size() > 2) {
    // A repeated attribute is reported before the clause count.
    std::vector<std::string_view> names;
    for (const Node* node : nodes) {
      MT_ASSIGN_OR_RETURN(clause, ReadClause(condition, *node));
      std::string_view name = condition.Name((*clause.path)[0]);
      if (std::find(names.begin(), names.end(), name) != names.end()) {
        return Status::Validation(
            "KeyConditionExpressions must only contain one condition per key");
      }
      names.push_back(name);
    }
    return Status::Validation("Conditions can be of length 1 or 2 only");
  }
  KeyCondition result;
  bool have_hash = false;
  for (const Node* node : nodes) {
    MT_ASSIGN_OR_RETURN(clause, ReadClause(condition, *node));
    std::string_view name = condition.Name((*clause.path)[0]);
    if (name == keys.hash_name) {
      if (have_hash) {
        return Status::Validation(
            "KeyConditionExpressions must only contain one condition per key");
      }
      if (clause.condition.kind != SortKeyCondition::Kind::kCompare ||
          clause.condition.comparison != Comparison::kEq) {
        return Status::Validation(kNotSupported);
      }
      MT_RETURN_IF_ERROR(CheckType(clause.condition, keys.hash_type));
      result.partition_value = std::move(clause.condition.value);
      have_hash = true;
    } else if (!keys.range_name.empty() && name == keys.range_name) {
      if (result.sort) {
        return Status::Validation(
            "KeyConditionExpressions must only contain one condition per key");
      }
      MT_RETURN_IF_ERROR(CheckType(clause.condition, keys.range_type));
      result.sort = std::move(clause.condition);
    } else if (keys.range_name.empty()) {
      return Status::Validation(kNotSupported);  // a hash-only key has nothing else to match
    } else {
      return Status::Validation("Query condition missed key schema element: " +
                                std::string(have_hash ? keys.range_name : keys.hash_name));
    }
  }
  if (!have_hash) {
    return Status::Validation("Query condition missed key schema element: " +
                              std::string(keys.hash_name));
  }
  return result;
}

std::vector<std::string> TopLevelAttributes(const Condition& condition) {
  std::vector<std::string> names;
  if (!condition.empty()) CollectNames(condition, condition.root(), names);
  return names;
}

}  // namespace monotable::expr
