#pragma once
// The trie behind Projection, shared with Update::UpdatedPaths. Internal.

#include <cstdint>
#include <string>
#include <vector>

#include "engine/expr/expression.h"
#include "engine/expr/path.h"

namespace monotable::expr {

struct Projection::Node {
  bool is_index = false;
  uint32_t index = 0;  // is_index
  std::string name;    // !is_index
  bool whole = false;  // the path ends here: keep the whole value
  // Children are all names or all indexes (conflicting paths are refused); index
  // children are kept in ascending order.
  std::vector<Node> children;
};

// The root of a projection of `paths`, which must not overlap or conflict.
std::shared_ptr<const Projection::Node> BuildProjectionTree(const std::vector<ResolvedPath>& paths);

}  // namespace monotable::expr
