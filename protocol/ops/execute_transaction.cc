// ExecuteTransaction: up to 100 PartiQL statements run all or nothing, all reads (SELECT
// by full key) or all writes (INSERT, UPDATE, DELETE and EXISTS checks). The engine
// parses, lowers and runs them, with AWS's order of checks (Engine::ExecuteTransaction,
// engine/statement); here only the JSON, after the members' constraints.
#include <utility>

#include "protocol/attribute_value_json.h"
#include "protocol/expression_params.h"
#include "protocol/json_writer.h"
#include "protocol/ops/capacity_json.h"
#include "protocol/ops/handlers.h"
#include "protocol/ops/partiql_statement.h"
#include "protocol/ops/transact_common.h"
#include "protocol/request_fingerprint.h"

namespace monotable::protocol::ops {

Result<std::string> ExecuteTransaction(const OperationContext& ctx, JsonObject request) {
  MT_ASSIGN_OR_RETURN(list, RequiredList(request, "TransactStatements"));
  MT_ASSIGN_OR_RETURN(listed, DecodeStatementList(list, /*consistent_read=*/false));
  MT_ASSIGN_OR_RETURN(token, DecodeClientRequestToken(request));
  MT_ASSIGN_OR_RETURN(capacity, DecodeReturnConsumedCapacity(request));
  ExecuteTransactionRequest transaction;
  transaction.statements.resize(listed.size());
  for (size_t i = 0; i < listed.size(); ++i) {
    transaction.statements[i].statement = std::move(listed[i].input);
    transaction.statements[i].return_old_on_failure = listed[i].return_old_on_failure;
  }
  transaction.client_request_token = std::move(token);
  if (transaction.client_request_token) {
    transaction.fingerprint = RequestFingerprint(request, "ClientRequestToken");
  }
  MT_ASSIGN_OR_RETURN(result, ctx.engine.ExecuteTransaction(ctx.request, transaction));

  JsonWriter w;
  w.BeginObject();
  if (result.reads) {
    MT_RETURN_IF_ERROR(WriteTransactGetResponses(w, result.items));
  } else {
    // A transaction of writes answers an empty Responses list (recorded on AWS).
    w.Key("Responses").BeginArray().EndArray();
  }
  WriteConsumedCapacityList(w, result.consumed, capacity);
  w.EndObject();
  return w.Take();
}

}  // namespace monotable::protocol::ops
