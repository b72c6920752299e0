#include "engine/expr/evaluate.h"
#include "engine/expr/expression.h"
#include "engine/expr/expression_cache.h"
#include "engine/expr/parser.h"
#include "engine/expr/resolve.h"

namespace monotable::expr {

Result<Condition> Condition::Parse(std::string_view text, ExpressionKind kind,
                                   Placeholders& placeholders, ExpressionCache* cache) {
  auto parsed = cache ? cache->GetOrParse(text, kind) : ParseExpression(text, kind);
  if (!parsed.ok()) return parsed.status();
  return Resolve(std::move(parsed).value(), kind, placeholders);
}

Result<Condition> Condition::Resolve(std::shared_ptr<const ast::Expression> parsed,
                                     ExpressionKind kind, Placeholders& placeholders) {
  Condition condition;
  MT_RETURN_IF_ERROR(ResolveConditionTree(*parsed, kind, placeholders, condition.bindings_));
  condition.ast_ = std::move(parsed);
  return condition;
}

bool Condition::Evaluate(const Item* item) const {
  if (!ast_) return true;
  return EvaluateCondition(ast_->condition, item, bindings_);
}

}  // namespace monotable::expr
