#pragma once
// What ExecuteStatement, BatchExecuteStatement and ExecuteTransaction share: decoding a
// statement with its Parameters. The engine parses, lowers and runs it
// (Engine::ExecuteStatement and its batch and transaction forms, engine/statement).

#include <vector>

#include "engine/api/statements.h"
#include "protocol/json_reader.h"

namespace monotable::protocol::ops {

// Statement and Parameters of `object`, after the service model's checks (required,
// lengths) passed. Errors: kSerialization, kValidation (a malformed AttributeValue).
Result<StatementText> DecodeStatementInput(JsonObject object);

// An element of BatchExecuteStatement's Statements or ExecuteTransaction's
// TransactStatements: its statement and Parameters, ConsistentRead (Statements only)
// and whether ReturnValuesOnConditionCheckFailure asks for ALL_OLD.
struct ListedStatement {
  StatementText input;
  bool consistent_read = false;
  bool return_old_on_failure = false;
};

// The elements of such a list, after the model's checks. `consistent_read`: the list's
// elements have a ConsistentRead member (BatchStatementRequest). Errors: kSerialization,
// kValidation (a malformed AttributeValue).
Result<std::vector<ListedStatement>> DecodeStatementList(JsonArray list, bool consistent_read);

}  // namespace monotable::protocol::ops
