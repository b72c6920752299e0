#pragma once
// DynamoDB's reserved words: a plain attribute name in an expression may not be one
// of them (case-insensitive); such names need an ExpressionAttributeNames placeholder.

#include <cstddef>
#include <string_view>

namespace monotable::expr {

// True when `name` is a DynamoDB reserved word, in any letter case.
bool IsReservedWord(std::string_view name);

// How many words the list holds (573 in the Developer Guide); for tests.
size_t ReservedWordCount();

}  // namespace monotable::expr
