#include <algorithm>
#include <optional>

#include "engine/expr/expression.h"
#include "engine/expr/expression_cache.h"
#include "engine/expr/parser.h"
#include "engine/expr/projection_tree.h"
#include "engine/expr/resolve.h"

namespace monotable::expr {
namespace {

using Node = Projection::Node;

Node* ChildFor(Node& parent, const PathStep& step) {
  for (auto& child : parent.children) {
    if (child.is_index == step.is_index &&
        (step.is_index ? child.index == step.index : child.name == step.name)) {
      return &child;
    }
  }
  Node child;
  child.is_index = step.is_index;
  child.index = step.index;
  if (!step.is_index) child.name = std::string(step.name);
  parent.children.push_back(std::move(child));
  return &parent.children.back();
}

void SortIndexes(Node& node) {
  if (!node.children.empty() && node.children[0].is_index) {
    std::sort(node.children.begin(), node.children.end(),
              [](const Node& a, const Node& b) { return a.index < b.index; });
  }
  for (auto& child : node.children) SortIndexes(child);
}

std::optional<AttributeValue> ProjectValue(const AttributeValue& value, const Node& node) {
  if (node.whole) return value;
  if (node.children.empty()) return std::nullopt;
  if (node.children[0].is_index) {
    if (value.type != AttributeType::kL) return std::nullopt;
    AttributeValue out;
    out.type = AttributeType::kL;
    for (const auto& child : node.children) {  // ascending indexes: DynamoDB's order
      if (child.index >= value.list.size()) break;
      if (auto v = ProjectValue(value.list[child.index], child)) out.list.push_back(std::move(*v));
    }
    if (out.list.empty()) return std::nullopt;
    return out;
  }
  if (value.type != AttributeType::kM) return std::nullopt;
  AttributeValue out;
  out.type = AttributeType::kM;
  for (const auto& child : node.children) {
    auto it = value.map.find(child.name);
    if (it == value.map.end()) continue;
    if (auto v = ProjectValue(it->second, child)) out.map.emplace(child.name, std::move(*v));
  }
  if (out.map.empty()) return std::nullopt;
  return out;
}

}  // namespace

std::shared_ptr<const Projection::Node> BuildProjectionTree(
    const std::vector<ResolvedPath>& paths) {
  auto root = std::make_shared<Node>();
  for (const auto& path : paths) {
    Node* node = root.get();
    for (const auto& step : path) node = ChildFor(*node, step);
    node->whole = true;
  }
  SortIndexes(*root);
  return root;
}

Projection::Projection() : root_(std::make_shared<Node>()) {}

Result<Projection> Projection::Parse(std::string_view text, Placeholders& placeholders,
                                     ExpressionCache* cache) {
  auto parsed = cache ? cache->GetOrParse(text, ExpressionKind::kProjection)
                      : ParseExpression(text, ExpressionKind::kProjection);
  if (!parsed.ok()) return parsed.status();
  return Resolve(std::move(parsed).value(), placeholders);
}

Result<Projection> Projection::Resolve(const std::shared_ptr<const ast::Expression>& parsed,
                                       Placeholders& placeholders) {
  Bindings bindings;
  MT_RETURN_IF_ERROR(ResolveProjectionTree(*parsed, placeholders, bindings));
  std::vector<ResolvedPath> paths;
  paths.reserve(parsed->paths.size());
  for (const auto& path : parsed->paths) paths.push_back(ResolvePath(path, bindings));
  Projection projection;
  projection.root_ = BuildProjectionTree(paths);  // copies the names: no lifetime ties
  return projection;
}

Projection Projection::OfAttributes(std::span<const std::string> names) {
  std::vector<ResolvedPath> paths;
  paths.reserve(names.size());
  for (const auto& name : names) paths.push_back({PathStep{false, 0, name}});
  Projection projection;
  projection.root_ = BuildProjectionTree(paths);
  return projection;
}

Item Projection::Apply(const Item& item) const {
  Item out;
  for (const auto& child : root_->children) {
    auto it = item.find(child.name);
    if (it == item.end()) continue;
    if (auto v = ProjectValue(it->second, child)) out.emplace(child.name, std::move(*v));
  }
  return out;
}

std::vector<std::string> Projection::TopLevelAttributes() const {
  std::vector<std::string> names;
  names.reserve(root_->children.size());
  for (const auto& child : root_->children) names.push_back(child.name);
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace monotable::expr
