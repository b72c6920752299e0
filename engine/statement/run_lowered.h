#pragma once
// What ExecuteStatement and BatchExecuteStatement's writes share: a parsed statement
// prepared (its table looked up, lowered into an engine request: engine/partiql/lower.h)
// and the request run on the item operations.
//
// Thread-safety: pure functions of their arguments and the item operations (which are
// thread-safe). Errors: as each function says.

#include <string_view>

#include "engine/api/statements.h"
#include "engine/partiql/ast.h"
#include "engine/partiql/lower.h"
#include "engine/statement/item_operations.h"

namespace monotable::statement {

// DynamoDB Local's text for an INSERT of an existing key (ValidationExceptionMessages
// DUPLICATE_ITEM_IN_TABLE), the same as AWS's in recorded AWS CLI and SDK output.
inline constexpr std::string_view kDuplicateItem = "Duplicate primary key exists in table";

// Looks up the statement's table and lowers it. Errors: TargetOf's and Lower's
// (kValidation), kResourceNotFound "Requested resource not found".
Result<partiql::Lowered> Prepare(const StatementContext& ctx, const StatementText& input,
                                 const partiql::ast::Statement& statement);

// Runs a prepared statement: a read's page (encoded as stored), or the item a write
// returns (RETURNING). Errors: the item operations' for the request, with an INSERT's
// failed condition as kDuplicateItem "Duplicate primary key exists in table", and
// kValidation "The provided starting key is invalid" (a `pk IN [...]` read resumed at
// no partition of its list).
Result<ExecuteStatementResult> RunLowered(const StatementContext& ctx, partiql::Lowered& lowered,
                                          const StatementOptions& options);

}  // namespace monotable::statement
