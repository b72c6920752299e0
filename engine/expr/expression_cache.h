#pragma once
// A bounded cache of parsed expressions keyed by (kind, text). Applications send the
// same few expression texts again and again with different placeholder values, so the
// lexing and parsing of ParseExpression is done once per text; resolution against each
// request's placeholders (cheap) is not cached. Only successful parses are kept.
// Thread-safe: one cache can serve every request thread (the Engine owns it).

#include <cstddef>
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

#include "engine/base/status.h"
#include "engine/expr/ast.h"
#include "engine/expr/kind.h"

namespace monotable::expr {

class ExpressionCache {
 public:
  // At most `capacity` trees (each expression is at most 4 KB of text); the least
  // recently used is dropped first. A capacity of 0 disables caching.
  explicit ExpressionCache(size_t capacity);
  ExpressionCache(const ExpressionCache&) = delete;
  ExpressionCache& operator=(const ExpressionCache&) = delete;

  // The cached tree for (kind, text), or ParseExpression's result, cached when ok.
  // Errors: those of ParseExpression.
  Result<std::shared_ptr<const ast::Expression>> GetOrParse(std::string_view text,
                                                            ExpressionKind kind);

  size_t size() const;
  size_t hits() const;
  size_t misses() const;

 private:
  struct Hash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>()(s); }
  };
  struct Entry;
  using Lru = std::list<Entry>;
  struct Entry {
    ExpressionKind kind;
    std::string text;
    std::shared_ptr<const ast::Expression> tree;
  };
  using Index = std::unordered_map<std::string, Lru::iterator, Hash, std::equal_to<>>;

  static constexpr size_t kKinds = 5;
  const size_t capacity_;
  mutable std::mutex mu_;
  Lru lru_;              // most recently used first
  Index index_[kKinds];  // one per kind, keyed by text
  size_t hits_ = 0;
  size_t misses_ = 0;
};

}  // namespace monotable::expr
