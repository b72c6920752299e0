#pragma once
// DynamoDB's reserved words: a plain attribute name in an expression may not be one
// of them (case-insensitive); such names need an ExpressionAttributeNames placeholder.

#include <cstddef>
#include <string_view>

#include "engine/expr/ast.h"

namespace monotable::expr {

// True when `name` is a DynamoDB reserved word, in any letter case.
bool IsReservedWord(std::string_view name);

// The first plain attribute name of `expr` that is a reserved word, in the order
// DynamoDB reports them: a projection's paths, an update's actions (each action's path,
// then a SET's value), a condition's nodes depth-first; each path's names in order.
// Empty when there is none. Thread-safe (reads `expr` only).
std::string_view FirstReservedWord(const ast::Expression& expr);

// How many words the list holds (573 in the Developer Guide); for tests.
size_t ReservedWordCount();

}  // namespace monotable::expr
