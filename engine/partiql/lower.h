#pragma once
// Lowering: a parsed PartiQL statement, its parameters and its table's key schema ->
// one of the engine's typed requests (engine/api/requests.h). The requests carry
// expression trees built by ExprBuilder, so execution is the item operations' own:
// indexes, streams, capacity and throttling come with them.
//
//   SELECT   -> QueryRequest when the WHERE fixes the partition key with `=` (AND at
//               most one sort-key condition =, <, <=, >, >=, BETWEEN, begins_with,
//               the rest a filter); PartitionQueries, one such Query per value, when
//               it gives the partition key by `IN [...]` (at most 50 values), in the
//               list's order, or in key order under ORDER BY the partition key;
//               otherwise ScanRequest with the WHERE as filter. "table"."index" reads
//               the index; ORDER BY the sort key sets the direction.
//   INSERT   -> PutItemRequest, condition attribute_not_exists(<partition key>): a
//               failed check is DuplicateItemException (`insert`).
//   UPDATE   -> UpdateItemRequest for the key the WHERE names in full, condition
//               attribute_exists(<partition key>) AND the rest of the WHERE.
//   DELETE   -> DeleteItemRequest likewise, condition attribute_not_exists(<pk>) OR
//               the rest: deleting a missing item is a no-op, as on AWS.
//
// Thread-safe (pure functions); a Lowered owns everything it points to.

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>

#include "engine/api/requests.h"
#include "engine/base/error_detail.h"
#include "engine/base/status.h"
#include "engine/partiql/ast.h"

namespace monotable::partiql {

// The table (and index) a statement reads or writes.
struct Target {
  std::string table;
  std::optional<std::string> index;
};

// Errors (kValidation), DynamoDB's texts ([C], [D]: errors.h):
//   Unexpected from source                                          [D] (not a path)
//   A path may contain at most 2 components in the FROM clause      [D]
//   This operation is not supported on an index                     [D] (writes)
//   EXISTS can only be used in ExecuteTransaction write requests.   [D] (unless
//     `exists_allowed`: ExecuteTransaction, where EXISTS reads its SELECT's table)
Result<Target> TargetOf(const ast::Statement& statement, bool exists_allowed = false);

// `pk IN [v1, v2, ...]`: one Query per value, read one after the other (DynamoDB's
// decomposed reads); `values[i]` is the partition key value of `queries[i]`.
struct PartitionQueries {
  std::string hash_key;  // the partition key attribute of the table or index read
  std::vector<AttributeValue> values;
  std::vector<QueryRequest> queries;
};

struct Lowered {
  std::variant<QueryRequest, ScanRequest, PutItemRequest, UpdateItemRequest, DeleteItemRequest,
               PartitionQueries>
      request;
  bool insert = false;     // a failed condition is a duplicate key, not a failed check
  bool returning = false;  // UPDATE/DELETE with RETURNING: the item goes to Items
};

// `text` is the statement as given (for error locations); `parameters` the request's
// (more than the statement's '?' are ignored, as on AWS); `table` the definition of
// TargetOf's table. Errors (kValidation), DynamoDB's texts, besides those of TargetOf,
// ExprBuilder, ValueOf and the expression resolvers:
//   Number of parameters in request and statement don't match.                  [D]
//   Where clause does not contain a mandatory equality on all key attributes    [C]
//   Multiple conditions on same key <k>. Only single item Update/Insert/Delete
//     are supported                                          (UPDATE, DELETE)   [D]
//   Overlapping conditions with range keys are not supported in where clause    [C]
//     (also a partition key value twice in IN)
//   Too many decomposed read operations for a given query.  (IN over 50 values) [C]
//   Must have hash key in ORDER BY clause when more than one hash key condition
//     specified in WHERE clause.                                                [D]
//   Unsupported operation: Inserting multiple items in a single statement is not
//     supported, use "INSERT INTO tableName VALUE item" instead                  [D]
//   Unsupported format in item expression. Please use struct format {...} to
//     express item values for insert statement.                                 [D]
//   Must have WHERE clause in the statement when using ORDER BY clause.          [D]
//   Must have at least one non-optional hash key condition in WHERE clause when
//     using ORDER BY clause.                                                    [D]
//   Variable reference <a> in ORDER BY clause must be part of the primary key    [D]
//   Argument to ORDER BY must be of type VariableReference. Type: <class>        [D]
//   Invalid syntax with multiple returning elements in RETURNING clause          [D]
//   Expected '*' after ( MODIFIED | ALL ) ( NEW | OLD ) in RETURNING clause      [D]
//   Invalid returning clause: RETURNING <mode> *. Only RETURNING ALL OLD * is
//     allowed in DELETE statements.                                             [D]
//   SET_ADD must have exactly two arguments at <location>                        [C]
//   The first argument to SET_ADD must equal the assignment value at <location>  [C]
//   The second argument to SET_ADD must be a value with type SET at <location>   [C]
//     (also SET_DELETE)
Result<Lowered> Lower(std::string_view text, const ast::Statement& statement,
                      std::span<const AttributeValue> parameters, const TableDefinition& table);

// The multi-statement operations, whose statements each name one item.
enum class Surface { kBatch, kTransaction };

// A SELECT of BatchExecuteStatement or ExecuteTransaction: it must name one item of the
// table by its full primary key, each key attribute by `=` or by IN with one value
// (again with the same value is allowed), and nothing else. Lowered into a GetItem of
// that key with the select list as projection. Errors (kValidation), besides Lower's
// for values and projections:
//   Select statements within BatchExecuteStatement must specify the primary key in
//     the where clause.                          (kBatch; also on an index)      [C]
//   Select statements within ExecuteTransaction must specify the primary key in the
//     where clause.                                                (kTransaction) [C]
//   Reads on indices are not supported within transactions.        (kTransaction) [C]
//   Too many decomposed read operations for a given query.  (IN over 50 values)  [C]
Result<GetItemRequest> LowerKeyRead(std::string_view text, const ast::Statement& statement,
                                    std::span<const AttributeValue> parameters,
                                    const TableDefinition& table, Surface surface);

// One statement of an ExecuteTransaction of writes, as its TransactWriteItems action:
// INSERT -> Put with attribute_not_exists(<pk>) (`insert`: a failed check is a
// DuplicateItem reason), UPDATE -> Update and DELETE -> Delete with their conditions as
// in Lower, EXISTS(SELECT ... WHERE <full key> AND <condition>) -> ConditionCheck of
// attribute_exists(<pk>) AND <condition> (a second equality on a key attribute is part
// of the condition there, as on AWS).
struct TransactWrite {
  TransactWriteAction action;
  bool insert = false;
  // Set when the statement cancels the transaction instead (ValidationError, as AWS
  // reports a write that names no single item of the schema): "The provided key
  // element does not match the schema" for a WHERE without the full key, the key
  // validation's texts for a key or INSERT item that does not fit the schema, and
  // "Multiple conditions on same key ...".
  std::optional<CancellationReason> reason;
};
// Errors (kValidation), besides Lower's for values, conditions and updates:
//   RETURNING clause is not supported in ExecuteTransaction.                     [C]
//   EXISTS() must contain a single item read with additional condition           [C]
//   Operations on indices are not supported in transactions      (EXISTS)        [D]
// The caller prefixes them with "Validation failed in TransactStatements[<i>]: ".
Result<TransactWrite> LowerTransactWrite(std::string_view text, const ast::Statement& statement,
                                         std::span<const AttributeValue> parameters,
                                         const TableDefinition& table);

}  // namespace monotable::partiql
