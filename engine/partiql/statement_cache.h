#pragma once
// Parsed PartiQL statements cached by text (base/parse_cache.h), like expressions:
// clients send the same statements with different Parameters, which bind when the
// statement is lowered, so only the parse is shared. Thread-safe: the Engine owns one
// for every request thread.

#include <cstddef>
#include <memory>
#include <string_view>

#include "engine/base/parse_cache.h"
#include "engine/base/status.h"
#include "engine/partiql/ast.h"
#include "engine/partiql/parser.h"

namespace monotable::partiql {

class StatementCache {
 public:
  // At most `capacity` statements (each at most 8 KB of text); 0 disables caching.
  explicit StatementCache(size_t capacity) : cache_(capacity) {}

  // The cached tree for `text`, or ParseStatement's result, cached when ok. Errors:
  // those of ParseStatement.
  Result<std::shared_ptr<const ast::Statement>> GetOrParse(std::string_view text) {
    return cache_.GetOrParse(text, 0, [&] { return ParseStatement(text); });
  }

  size_t size() const { return cache_.size(); }
  size_t hits() const { return cache_.hits(); }
  size_t misses() const { return cache_.misses(); }

 private:
  ParseCache<ast::Statement> cache_;
};

}  // namespace monotable::partiql
