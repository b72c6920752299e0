#include "engine/expr/resolve.h"

#include "engine/expr/errors.h"
#include "engine/expr/path.h"

namespace monotable::expr {

Binder::Binder(const ast::Expression& expr, ExpressionKind kind, Placeholders& placeholders,
               Bindings& bindings)
    : expr_(expr), kind_(kind), placeholders_(placeholders), bindings_(bindings) {
  bindings_.ast = &expr;
  bindings_.names.assign(expr.name_refs.size(), nullptr);
  bindings_.values.assign(expr.value_refs.size(), nullptr);
}

Status Binder::BindPathNames(const ast::Path& path) {
  for (const auto& e : path) {
    if (e.kind != ast::PathElement::Kind::kNameRef || bindings_.names[e.number]) continue;
    const std::string& placeholder = expr_.name_refs[e.number];
    const std::string* name = placeholders_.UseName(placeholder);
    if (!name) {
      return InvalidExpression(
          kind_,
          "An expression attribute name used in the document path is not defined; "
          "attribute name: " +
              placeholder);
    }
    bindings_.names[e.number] = name;
  }
  return Status::Ok();
}

Status Binder::BindNode(const ast::Node& node, bool names, bool values) {
  if (node.op == ast::Op::kPath) return names ? BindPathNames(node.path) : Status::Ok();
  if (node.op == ast::Op::kValue) {
    if (!values || bindings_.values[node.slot]) return Status::Ok();
    const std::string& placeholder = expr_.value_refs[node.slot];
    const AttributeValue* value = placeholders_.UseValue(placeholder);
    if (!value) {
      return InvalidExpression(
          kind_,
          "An expression attribute value used in expression is not defined; attribute "
          "value: " +
              placeholder);
    }
    bindings_.values[node.slot] = value;
    return Status::Ok();
  }
  for (const auto& child : node.children) MT_RETURN_IF_ERROR(BindNode(child, names, values));
  return Status::Ok();
}

Status CheckReservedWords(ExpressionKind kind, const ast::Expression& expr) {
  if (!expr.checks_reserved_words() || expr.reserved_word.empty()) return Status::Ok();
  // "Invalid UpdateExpression: Attribute name is a reserved keyword; reserved keyword:
  // abOrt" (dynalite updateItem tests; the word as written).
  return InvalidExpression(
      kind, "Attribute name is a reserved keyword; reserved keyword: " + expr.reserved_word);
}

Status ResolveProjectionTree(const ast::Expression& expr, Placeholders& placeholders,
                             Bindings& bindings) {
  // dynalite's projection parser: reserved words, then names, then overlaps.
  const ExpressionKind kind = ExpressionKind::kProjection;
  MT_RETURN_IF_ERROR(CheckReservedWords(kind, expr));
  Binder binder(expr, kind, placeholders, bindings);
  for (const auto& path : expr.paths) MT_RETURN_IF_ERROR(binder.BindPathNames(path));
  std::vector<ResolvedPath> paths;
  paths.reserve(expr.paths.size());
  for (const auto& path : expr.paths) paths.push_back(ResolvePath(path, bindings));
  return CheckPathsDisjoint(kind, paths);
}

}  // namespace monotable::expr
