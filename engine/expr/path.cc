#include "engine/expr/path.h"

#include "engine/expr/errors.h"

namespace monotable::expr {
namespace {

enum class Relation { kDisjoint, kOverlap, kConflict };

Relation Relate(const ResolvedPath& a, const ResolvedPath& b) {
  const size_t n = std::min(a.size(), b.size());
  for (size_t i = 0; i < n; ++i) {
    if (a[i].is_index != b[i].is_index) return Relation::kConflict;
    if (!(a[i] == b[i])) return Relation::kDisjoint;
  }
  return Relation::kOverlap;
}

const AttributeValue* Step(const AttributeValue* v, bool is_index, uint32_t index,
                           std::string_view name) {
  if (is_index) {
    if (v->type != AttributeType::kL || index >= v->list.size()) return nullptr;
    return &v->list[index];
  }
  if (v->type != AttributeType::kM) return nullptr;
  auto it = v->map.find(name);
  return it == v->map.end() ? nullptr : &it->second;
}

}  // namespace

ResolvedPath ResolvePath(const ast::Path& path, const Bindings& bindings) {
  ResolvedPath out;
  out.reserve(path.size());
  for (const auto& e : path) {
    if (e.kind == ast::PathElement::Kind::kIndex) {
      out.push_back({true, e.number, {}});
    } else {
      out.push_back({false, 0, bindings.Name(e)});
    }
  }
  return out;
}

std::string FormatPath(const ResolvedPath& path) {
  std::string out = "[";
  for (size_t i = 0; i < path.size(); ++i) {
    if (i) out += ", ";
    if (path[i].is_index) {
      out += '[';
      out += std::to_string(path[i].index);
      out += ']';
    } else {
      out += path[i].name;
    }
  }
  out += ']';
  return out;
}

Status CheckPathsDisjoint(ExpressionKind kind, const std::vector<ResolvedPath>& paths) {
  const ResolvedPath* conflict_one = nullptr;
  const ResolvedPath* conflict_two = nullptr;
  for (size_t j = 1; j < paths.size(); ++j) {
    for (size_t i = 0; i < j; ++i) {
      Relation r = Relate(paths[i], paths[j]);
      if (r == Relation::kOverlap) {
        // DynamoDB: "Two document paths overlap with each other; must remove or rewrite
        // one of these paths; path one: [a], path two: [a, b]" (dynalite and ExtendDB
        // tests captured from the service).
        return InvalidExpression(kind,
                                 "Two document paths overlap with each other; must remove "
                                 "or rewrite one of these paths; path one: " +
                                     FormatPath(paths[i]) + ", path two: " + FormatPath(paths[j]));
      }
      if (r == Relation::kConflict && !conflict_one) {
        conflict_one = &paths[i];
        conflict_two = &paths[j];
      }
    }
  }
  if (conflict_one) {
    return InvalidExpression(kind,
                             "Two document paths conflict with each other; must remove or "
                             "rewrite one of these paths; path one: " +
                                 FormatPath(*conflict_one) +
                                 ", path two: " + FormatPath(*conflict_two));
  }
  return Status::Ok();
}

const AttributeValue* FindPath(const Item& item, const ast::Path& path, const Bindings& bindings) {
  auto it = item.find(bindings.Name(path[0]));
  if (it == item.end()) return nullptr;
  const AttributeValue* v = &it->second;
  for (size_t i = 1; i < path.size() && v; ++i) {
    const auto& e = path[i];
    const bool is_index = e.kind == ast::PathElement::Kind::kIndex;
    v = Step(v, is_index, e.number, is_index ? std::string_view() : bindings.Name(e));
  }
  return v;
}

const AttributeValue* FindPath(const Item& item, const ResolvedPath& path) {
  auto it = item.find(path[0].name);
  if (it == item.end()) return nullptr;
  const AttributeValue* v = &it->second;
  for (size_t i = 1; i < path.size() && v; ++i) {
    v = Step(v, path[i].is_index, path[i].index, path[i].name);
  }
  return v;
}

}  // namespace monotable::expr
