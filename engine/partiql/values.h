#pragma once
// PartiQL value terms -> AttributeValues: the literals a statement writes inline
// ('s', 1.5, true, null, {k: v}, [a, b], <<a, b>>) and its '?' parameters.
// Thread-safe (pure functions).

#include <span>
#include <string_view>

#include "engine/base/attribute_value.h"
#include "engine/base/status.h"
#include "engine/partiql/ast.h"

namespace monotable::partiql {

// True for the nodes ValueOf evaluates: literals, parameters, tuples, lists and bags.
bool IsValueTerm(const ast::Node& node);

// The value of a value term. `parameters` are the request's, in '?' order; the caller
// has checked that there are enough. Errors (kValidation):
//   Number::Parse's texts for a number literal out of DynamoDB's range
//   Empty bags are not supported                                            [C]
//   Unsupported data type in Bag. DynamoDB only supports either numbers or
//     strings in bags                                                       [D]
//   One or more parameter values were invalid: Input collection [a, a] contains
//     duplicates.                                                            [C]
//   Tuple keys must be of type String. Actual type: <class> under root       [D]
//   Duplicate keys in tuple. Key: <k> under root                            [D]
//   MISSING must be compared using IS operator                               [D]
//   Unsupported data type: <what> under key root (anything else, e.g. a call) [C]
// [C], [D]: see errors.h.
Result<AttributeValue> ValueOf(const ast::Node& node, std::span<const AttributeValue> parameters);

// The item of `INSERT ... VALUE <tuple>`: ValueOf, with messages naming each top-level
// attribute's value "root" ("... under root.x" for a nested x), as DynamoDB does. [C]
Result<Item> ItemOf(const ast::Node& tuple, std::span<const AttributeValue> parameters);

}  // namespace monotable::partiql
