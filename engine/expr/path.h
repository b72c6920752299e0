#pragma once
// Document paths after placeholder resolution: lookup in items, DynamoDB's rendering
// ("[a, b, [1]]") and its overlap/conflict rules between the paths of one expression.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/attribute_value.h"
#include "engine/base/status.h"
#include "engine/expr/ast.h"
#include "engine/expr/bindings.h"
#include "engine/expr/kind.h"

namespace monotable::expr {

struct PathStep {
  bool is_index = false;
  uint32_t index = 0;     // is_index
  std::string_view name;  // !is_index; refers to the tree or the request's names
  friend bool operator==(const PathStep&, const PathStep&) = default;
};
using ResolvedPath = std::vector<PathStep>;

ResolvedPath ResolvePath(const ast::Path& path, const Bindings& bindings);

// DynamoDB's rendering in messages: names as they are, indexes as [N]: "[a, [1], b]".
std::string FormatPath(const ResolvedPath& path);

// Ok when no two paths overlap (one is a prefix of the other, or equal) or conflict
// (one indexes a list where the other names a map key). Otherwise kValidation:
//   Invalid <Kind>: Two document paths overlap with each other; must remove or rewrite
//   one of these paths; path one: [a], path two: [a, b]
// or "... conflict with each other; ...". Pairs are taken in text order (the earlier
// path is "path one"); any overlap is reported before any conflict, as DynamoDB does.
Status CheckPathsDisjoint(ExpressionKind kind, const std::vector<ResolvedPath>& paths);

// The value at `path` in `item`, or null when a step is missing or of the wrong type.
const AttributeValue* FindPath(const Item& item, const ast::Path& path, const Bindings& bindings);
const AttributeValue* FindPath(const Item& item, const ResolvedPath& path);

}  // namespace monotable::expr
