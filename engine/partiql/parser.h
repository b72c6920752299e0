#pragma once
// Parsing of PartiQL statements (ExecuteStatement, BatchExecuteStatement,
// ExecuteTransaction) into the syntax tree of ast.h.

#include <memory>
#include <string_view>

#include "engine/base/status.h"
#include "engine/partiql/ast.h"

namespace monotable::partiql {

// Parses one statement: SELECT, INSERT INTO ... VALUE, UPDATE (and its FROM-first
// form), DELETE, or EXISTS(SELECT ...). A trailing ';' and comments are allowed.
// Keywords are case-insensitive; double-quoted identifiers keep their case.
//
// Errors (kValidation), the first in text order, as DynamoDB reports them:
//   Statement wasn't well formed, can't be processed: <detail>
//     with nothing after the colon for lexical errors (lexer.h), or one of errors.h's
//     details: Unexpected term | Unexpected keyword | Unexpected operator | Missing
//     right-hand side expression of infix operator | Expected identifier for simple
//     path | Invalid path dot component | Expected type name | Expected data
//     manipulation | Unexpected token after expression | Expected RIGHT_PAREN | ...
// then, for a statement that parsed, without the envelope:
//   Unsupported operation: <class>          (not a statement, e.g. `x IS INT4`)
//   Unexpected path component at 1:8:16     (a select-list item that is not a path)
//   Aliasing is not supported               (`FROM "t" t`, `UPDATE "t" AS x ...`)
// Everything that depends on the table, the parameters or the operation (key
// equality, functions, literal ranges) is the lowering's to check.
// Thread-safe; the result is immutable.
Result<std::shared_ptr<const ast::Statement>> ParseStatement(std::string_view text);

}  // namespace monotable::partiql
