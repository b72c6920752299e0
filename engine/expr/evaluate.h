#pragma once
// Evaluation of condition trees against items, with DynamoDB's semantics: a missing
// attribute or a comparison across types is false (never an error); = and <> work on
// every type (sets unordered); < <= > >= BETWEEN only on S, N and B; numbers compare
// numerically, strings and binaries by unsigned bytes. Internal to engine/expr.

#include <cstddef>
#include <optional>
#include <string_view>

#include "engine/base/attribute_value.h"
#include "engine/expr/ast.h"
#include "engine/expr/bindings.h"

namespace monotable::expr {

// Numeric order of two canonical number texts (Number::ToString form: plain
// notation, no redundant zeros): negative, zero or positive.
int CompareNumberText(std::string_view a, std::string_view b);

// The order of two values of the same orderable type (S, N, B); nullopt otherwise.
std::optional<int> CompareScalars(const AttributeValue& a, const AttributeValue& b);

// DynamoDB's size(): UTF-16 code units of S (what the service counts), bytes of B,
// members of sets, elements of lists and maps; nullopt for N, BOOL and NULL, which
// make the enclosing comparison false.
std::optional<size_t> SizeOf(const AttributeValue& value);

// The truth of a condition node (comparison, function, AND/OR/NOT); `item` null when
// the item does not exist. The tree must have passed ResolveConditionTree.
bool EvaluateCondition(const ast::Node& node, const Item* item, const Bindings& bindings);

}  // namespace monotable::expr
