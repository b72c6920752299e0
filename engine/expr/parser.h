#pragma once
// Lexing and recursive-descent parsing of expression text into a syntax tree.

#include <memory>
#include <string_view>

#include "engine/base/status.h"
#include "engine/expr/ast.h"
#include "engine/expr/kind.h"

namespace monotable::expr {

// Parses `text` with the grammar of `kind` (condition, update or projection). Only
// what does not depend on the request's placeholders is checked here; everything
// else waits for Condition/Update/Projection::Resolve. Errors (kValidation), in order:
//   Invalid <Kind>: The expression can not be empty;            (empty or blank)
//   Invalid <Kind>: Expression size has exceeded the maximum allowed size;[ expression
//     size: N]  (over 4096 bytes; the suffix for Condition and Filter only)
//   Invalid <Kind>: Syntax error; token: "<tok>", near: "<text>"
//   Invalid <Kind>: The expression contains too many operators; operator count: N
// Thread-safe; the result is immutable.
Result<std::shared_ptr<const ast::Expression>> ParseExpression(std::string_view text,
                                                               ExpressionKind kind);

}  // namespace monotable::expr
