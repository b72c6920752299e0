#include "engine/expr/expression_cache.h"

#include "engine/expr/parser.h"

namespace monotable::expr {

Result<std::shared_ptr<const ast::Expression>> ExpressionCache::GetOrParse(std::string_view text,
                                                                           ExpressionKind kind) {
  return cache_.GetOrParse(text, static_cast<size_t>(kind),
                           [&] { return ParseExpression(text, kind); });
}

}  // namespace monotable::expr
