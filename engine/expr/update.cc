// Update: resolution and application of UpdateExpression (and translated
// AttributeUpdates) to an item. Semantics follow the Developer Guide's "Update
// expressions" page and dynalite's updateItem tests (run against DynamoDB): SET values
// are computed from the item before any change; list elements are addressed by their
// original indexes; appends past the end happen in index order.

#include <algorithm>
#include <unordered_set>

#include "engine/base/limits.h"
#include "engine/base/number.h"
#include "engine/expr/errors.h"
#include "engine/expr/expression.h"
#include "engine/expr/expression_cache.h"
#include "engine/expr/parser.h"
#include "engine/expr/path.h"
#include "engine/expr/projection_tree.h"
#include "engine/expr/resolve.h"

namespace monotable::expr {
namespace {

using ast::ActionKind;

// The actions of one update arranged by path: inner nodes are containers to descend
// into, leaves (action >= 0) are where an action applies.
struct UpdateNode {
  bool is_index = false;
  uint32_t index = 0;
  std::string_view name;
  int action = -1;
  std::vector<UpdateNode> children;  // index children sorted ascending
};

void AddPath(UpdateNode& root, const ResolvedPath& path, int action) {
  UpdateNode* node = &root;
  for (const auto& step : path) {
    UpdateNode* next = nullptr;
    for (auto& child : node->children) {
      if (child.is_index == step.is_index &&
          (step.is_index ? child.index == step.index : child.name == step.name)) {
        next = &child;
        break;
      }
    }
    if (!next) {
      node->children.push_back({step.is_index, step.index, step.name, -1, {}});
      next = &node->children.back();
    }
    node = next;
  }
  node->action = action;
}

void SortIndexes(UpdateNode& node) {
  if (!node.children.empty() && node.children[0].is_index) {
    std::sort(node.children.begin(), node.children.end(),
              [](const UpdateNode& a, const UpdateNode& b) { return a.index < b.index; });
  }
  for (auto& child : node.children) SortIndexes(child);
}

// Levels of nesting of `value` (1 for a scalar), counting no further than `limit` + 1.
int Depth(const AttributeValue& value, int limit) {
  if (limit < 1) return 1;
  int deepest = 0;
  if (value.type == AttributeType::kL) {
    for (const auto& v : value.list) deepest = std::max(deepest, Depth(v, limit - 1));
  } else if (value.type == AttributeType::kM) {
    for (const auto& [unused, v] : value.map) deepest = std::max(deepest, Depth(v, limit - 1));
  }
  return 1 + deepest;
}

class Applier {
 public:
  Applier(const ast::Expression& ast, const Bindings& bindings, std::vector<AttributeValue>& values,
          bool item_exists)
      : actions_(ast.actions),
        bindings_(bindings),
        values_(values),
        type_error_(ast.legacy ? kLegacyTypeMismatch : kIncorrectOperandType),
        item_exists_(item_exists) {}

  // The value of a SET right-hand side, from the item before any change.
  Result<AttributeValue> Evaluate(const ast::Node& node, const Item& item) const {
    switch (node.op) {
      case ast::Op::kPath: {
        const AttributeValue* v = FindPath(item, node.path, bindings_);
        if (!v) return Status::Validation(std::string(kMissingOperandAttribute));
        return *v;
      }
      case ast::Op::kValue:
      case ast::Op::kLiteral: return bindings_.Value(node);
      case ast::Op::kFunction: {
        if (node.function == ast::Function::kIfNotExists) {
          const AttributeValue* v = FindPath(item, node.children[0].path, bindings_);
          if (v) return *v;
          return Evaluate(node.children[1], item);
        }
        MT_ASSIGN_OR_RETURN(head, Evaluate(node.children[0], item));
        if (head.type != AttributeType::kL) return TypeError();
        MT_ASSIGN_OR_RETURN(tail, Evaluate(node.children[1], item));
        if (tail.type != AttributeType::kL) return TypeError();
        head.list.insert(head.list.end(), std::make_move_iterator(tail.list.begin()),
                         std::make_move_iterator(tail.list.end()));
        return std::move(head);
      }
      case ast::Op::kPlus:
      case ast::Op::kMinus: {
        MT_ASSIGN_OR_RETURN(a, Evaluate(node.children[0], item));
        if (a.type != AttributeType::kN) return TypeError();
        MT_ASSIGN_OR_RETURN(b, Evaluate(node.children[1], item));
        if (b.type != AttributeType::kN) return TypeError();
        return Arithmetic(a.scalar, b.scalar, node.op == ast::Op::kMinus);
      }
      default: return TypeError();
    }
  }

  Status ApplyMap(AttributeMap& map, const UpdateNode& node) {
    for (const auto& child : node.children) {
      if (child.action < 0) {
        auto it = map.find(child.name);
        if (it == map.end()) {
          // Nothing to remove below a parent an item that does not exist lacks.
          if (!item_exists_ && OnlyRemoves(child)) continue;
          return InvalidPath();
        }
        MT_RETURN_IF_ERROR(ApplyContainer(it->second, child));
        continue;
      }
      const ast::Action& action = actions_[child.action];
      auto it = map.find(child.name);
      switch (action.kind) {
        case ActionKind::kSet:
          if (it != map.end()) {
            it->second = std::move(values_[child.action]);
          } else {
            map.emplace(std::string(child.name), std::move(values_[child.action]));
          }
          break;
        case ActionKind::kRemove:
          if (it != map.end()) map.erase(it);
          break;
        case ActionKind::kAdd:
          if (it == map.end()) {
            map.emplace(std::string(child.name), Operand(action));
          } else {
            MT_RETURN_IF_ERROR(Add(it->second, Operand(action)));
          }
          break;
        case ActionKind::kDelete:
          if (it == map.end()) break;
          MT_RETURN_IF_ERROR(Delete(it->second, Operand(action)));
          if (it->second.set.empty()) map.erase(it);  // DynamoDB stores no empty sets
          break;
      }
    }
    return Status::Ok();
  }

 private:
  bool OnlyRemoves(const UpdateNode& node) const {
    if (node.action >= 0) return actions_[node.action].kind == ActionKind::kRemove;
    return std::all_of(node.children.begin(), node.children.end(),
                       [&](const UpdateNode& child) { return OnlyRemoves(child); });
  }

  Status TypeError() const { return Status::Validation(std::string(type_error_)); }
  static Status InvalidPath() { return Status::Validation(std::string(kInvalidUpdatePath)); }
  const AttributeValue& Operand(const ast::Action& action) const {
    return bindings_.Value(action.value);
  }

  static Result<AttributeValue> Arithmetic(const std::string& a, const std::string& b,
                                           bool subtract) {
    MT_ASSIGN_OR_RETURN(x, Number::Parse(a));
    MT_ASSIGN_OR_RETURN(y, Number::Parse(b));
    Result<Number> r = subtract ? Number::Subtract(x, y) : Number::Add(x, y);
    if (!r.ok()) {
      // DynamoDB reports an inexact sum or difference (more than 38 digits) as an
      // overflow, not as the precision error it gives for stored numbers (ScyllaDB's
      // test_update_expression_plus_imprecise records 1e50 + 1 against DynamoDB).
      if (r.status().message() == kNumberPrecisionError) {
        return Status::Validation(std::string(kNumberOverflowError));
      }
      return r.status();
    }
    return AttributeValue::NumberText(r->ToString());
  }

  Status ApplyContainer(AttributeValue& value, const UpdateNode& node) {
    if (node.children[0].is_index) {
      if (value.type != AttributeType::kL) return InvalidPath();
      return ApplyList(value.list, node);
    }
    if (value.type != AttributeType::kM) return InvalidPath();
    return ApplyMap(value.map, node);
  }

  Status ApplyList(AttributeList& list, const UpdateNode& node) {
    AttributeList out;
    out.reserve(list.size() + node.children.size());
    const auto& kids = node.children;
    size_t c = 0;
    for (size_t i = 0; i < list.size(); ++i) {
      if (c == kids.size() || kids[c].index != i) {
        out.push_back(std::move(list[i]));
        continue;
      }
      const UpdateNode& kid = kids[c++];
      if (kid.action < 0) {
        MT_RETURN_IF_ERROR(ApplyContainer(list[i], kid));
        out.push_back(std::move(list[i]));
        continue;
      }
      const ast::Action& action = actions_[kid.action];
      switch (action.kind) {
        case ActionKind::kSet: out.push_back(std::move(values_[kid.action])); break;
        case ActionKind::kRemove: break;  // later elements shift down
        case ActionKind::kAdd:
          MT_RETURN_IF_ERROR(Add(list[i], Operand(action)));
          out.push_back(std::move(list[i]));
          break;
        case ActionKind::kDelete:
          MT_RETURN_IF_ERROR(Delete(list[i], Operand(action)));
          if (!list[i].set.empty()) out.push_back(std::move(list[i]));
          break;
      }
    }
    // Indexes past the end: SET and ADD append (in index order), REMOVE and DELETE do
    // nothing, and a deeper path has no parent.
    for (; c < kids.size(); ++c) {
      const UpdateNode& kid = kids[c];
      if (kid.action < 0) return InvalidPath();
      const ast::Action& action = actions_[kid.action];
      if (action.kind == ActionKind::kSet) out.push_back(std::move(values_[kid.action]));
      if (action.kind == ActionKind::kAdd) out.push_back(Operand(action));
    }
    list = std::move(out);
    return Status::Ok();
  }

  // ADD: numbers add (a missing attribute counts as 0, handled by the caller); sets
  // take the union, keeping the existing members' order.
  Status Add(AttributeValue& target, const AttributeValue& operand) const {
    if (target.type != operand.type) return TypeError();
    if (operand.type == AttributeType::kN) {
      MT_ASSIGN_OR_RETURN(sum, Arithmetic(target.scalar, operand.scalar, false));
      target.scalar = std::move(sum.scalar);
      return Status::Ok();
    }
    if (target.set.size() * operand.set.size() <= 256) {
      const size_t existing = target.set.size();
      for (const auto& m : operand.set) {
        auto end = target.set.begin() + static_cast<std::ptrdiff_t>(existing);
        if (std::find(target.set.begin(), end, m) == end) target.set.push_back(m);
      }
      return Status::Ok();
    }
    std::unordered_set<std::string> members(target.set.begin(), target.set.end());
    for (const auto& m : operand.set) {
      if (members.insert(m).second) target.set.push_back(m);
    }
    return Status::Ok();
  }

  // DELETE: set difference; the caller drops a set that became empty.
  Status Delete(AttributeValue& target, const AttributeValue& operand) const {
    if (target.type != operand.type) return TypeError();
    std::unordered_set<std::string_view> gone(operand.set.begin(), operand.set.end());
    std::erase_if(target.set, [&](const std::string& m) { return gone.count(m) > 0; });
    return Status::Ok();
  }

  const std::vector<ast::Action>& actions_;
  const Bindings& bindings_;
  std::vector<AttributeValue>& values_;
  std::string_view type_error_;
  const bool item_exists_;
};

}  // namespace

Result<Update> Update::Parse(std::string_view text, Placeholders& placeholders,
                             ExpressionCache* cache) {
  auto parsed = cache ? cache->GetOrParse(text, ExpressionKind::kUpdate)
                      : ParseExpression(text, ExpressionKind::kUpdate);
  if (!parsed.ok()) return parsed.status();
  return Resolve(std::move(parsed).value(), placeholders);
}

Result<Update> Update::Resolve(std::shared_ptr<const ast::Expression> parsed,
                               Placeholders& placeholders) {
  Update update;
  MT_RETURN_IF_ERROR(ResolveUpdateTree(*parsed, placeholders, update.bindings_));
  update.ast_ = std::move(parsed);
  return update;
}

Status Update::CheckKeyAttributes(std::span<const std::string_view> key_attributes) const {
  if (!ast_) return Status::Ok();
  for (const auto& action : ast_->actions) {
    std::string_view name = bindings_.Name(action.path[0]);
    if (std::find(key_attributes.begin(), key_attributes.end(), name) != key_attributes.end()) {
      // dynalite updateItem tests: "One or more parameter values were invalid: Cannot
      // update attribute a. This attribute is part of the key".
      return Status::Validation(
          "One or more parameter values were invalid: Cannot update "
          "attribute " +
          std::string(name) + ". This attribute is part of the key");
    }
  }
  return Status::Ok();
}

Status Update::ApplyTo(Item& item, std::span<const std::string_view> key_attributes,
                       bool item_exists) const {
  if (!ast_) return Status::Ok();
  MT_RETURN_IF_ERROR(CheckKeyAttributes(key_attributes));
  const auto& actions = ast_->actions;
  std::vector<AttributeValue> values(actions.size());
  Applier applier(*ast_, bindings_, values, item_exists);
  for (size_t i = 0; i < actions.size(); ++i) {
    if (actions[i].kind != ActionKind::kSet) continue;
    MT_ASSIGN_OR_RETURN(value, applier.Evaluate(actions[i].value, item));
    values[i] = std::move(value);
  }
  UpdateNode root;
  for (size_t i = 0; i < actions.size(); ++i) {
    AddPath(root, ResolvePath(actions[i].path, bindings_), static_cast<int>(i));
  }
  SortIndexes(root);
  MT_RETURN_IF_ERROR(applier.ApplyMap(item, root));
  for (const auto& child : root.children) {
    auto it = item.find(child.name);
    if (it != item.end() &&
        Depth(it->second, limits::kMaxDocumentDepth) > limits::kMaxDocumentDepth) {
      return Status::Validation(std::string(kNestingTooDeep));
    }
  }
  return Status::Ok();
}

Result<Item> Update::Apply(const Item& item,
                           std::span<const std::string_view> key_attributes) const {
  Item copy = item;
  MT_RETURN_IF_ERROR(ApplyTo(copy, key_attributes));
  return copy;
}

Projection Update::UpdatedPaths() const {
  if (!ast_) return Projection();
  std::vector<ResolvedPath> paths;
  paths.reserve(ast_->actions.size());
  for (const auto& action : ast_->actions) paths.push_back(ResolvePath(action.path, bindings_));
  Projection projection;
  projection.root_ = BuildProjectionTree(paths);
  return projection;
}

}  // namespace monotable::expr
