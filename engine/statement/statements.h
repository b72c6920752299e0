#pragma once
// The PartiQL operations run inside the engine: each statement parsed once per text
// (the statement cache), its table looked up, lowered into the item operations' requests
// (engine/partiql/lower.h) and run, so that the protocol only translates JSON. The
// Engine facade forwards its ExecuteStatement, BatchExecuteStatement and
// ExecuteTransaction here.
//
// Thread-safety: as the item operations (any number of threads at once).

#include "engine/api/statements.h"
#include "engine/statement/item_operations.h"

namespace monotable::statement {

// One statement: Query, one Query per value of `pk IN [...]`, Scan, or a single-item
// write. Errors, in this order: the parser's (kValidation), TargetOf's and
// kResourceNotFound, Lower's (kValidation), `start_error`, then RunLowered's.
Result<ExecuteStatementResult> ExecuteStatement(const StatementContext& ctx,
                                                const ExecuteStatementRequest& request);

// Up to 25 statements, all reads (GetItem by full key: partiql::LowerKeyRead) or all
// writes (as ExecuteStatement's), each answered on its own: one that does not parse,
// is an EXISTS, is refused, names a missing table or fails to lower or run answers its
// own error, with its table's name once it reached that table. Errors of the whole
// call: kValidation "Read and write requests together in the same batch is not
// supported." when the statements that parsed disagree.
Result<BatchExecuteStatementResult> BatchExecuteStatement(
    const StatementContext& ctx, const BatchExecuteStatementRequest& request);

// Up to 100 statements run all or nothing: reads as TransactGetItems, writes (INSERT,
// UPDATE, DELETE, EXISTS checks) as TransactWriteItems. The checks in AWS's order: each
// statement's parse and the reads-or-writes rule (kValidation, their own texts); then
// statement by statement its target and lowering, refused as kValidation "Validation
// failed in TransactStatements[<i>]: <text>", a missing table and a write that names no
// single item as cancellation reasons (ResourceNotFound, ValidationError) of a
// kTransactionCanceled; and last the transaction's own errors, an INSERT's failed
// condition renamed DuplicateItem.
Result<ExecuteTransactionResult> ExecuteTransaction(const StatementContext& ctx,
                                                    const ExecuteTransactionRequest& request);

}  // namespace monotable::statement
