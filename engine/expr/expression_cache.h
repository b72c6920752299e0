#pragma once
// The bounded cache of parsed expressions keyed by (kind, text) (base/parse_cache.h):
// applications send the same few expression texts again and again with different
// placeholder values, so ParseExpression runs once per text; resolution against each
// request's placeholders (cheap) is not cached. Thread-safe: the Engine owns one for
// every request thread.

#include <cstddef>
#include <memory>
#include <string_view>

#include "engine/base/parse_cache.h"
#include "engine/base/status.h"
#include "engine/expr/ast.h"
#include "engine/expr/kind.h"

namespace monotable::expr {

class ExpressionCache {
 public:
  // At most `capacity` trees (each expression is at most 4 KB of text); the least
  // recently used is dropped first. A capacity of 0 disables caching.
  explicit ExpressionCache(size_t capacity) : cache_(capacity) {}

  // The cached tree for (kind, text), or ParseExpression's result, cached when ok.
  // Errors: those of ParseExpression.
  Result<std::shared_ptr<const ast::Expression>> GetOrParse(std::string_view text,
                                                            ExpressionKind kind);

  size_t size() const { return cache_.size(); }
  size_t hits() const { return cache_.hits(); }
  size_t misses() const { return cache_.misses(); }

 private:
  static constexpr size_t kKinds = 5;
  ParseCache<ast::Expression, kKinds> cache_;
};

}  // namespace monotable::expr
