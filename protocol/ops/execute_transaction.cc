// ExecuteTransaction: up to 100 PartiQL statements run all or nothing by the
// transactions engine. Statements are all reads (SELECT by full key: TransactGetItems)
// or all writes (INSERT, UPDATE, DELETE and EXISTS checks: TransactWriteItems); each
// is lowered into its TransactGetItems/TransactWriteItems entry (engine/partiql/lower.h)
// and the engine runs them, with its isolation, idempotency and throttling.
//
// The order of the checks is AWS's (recorded by floci's PartiQL edge-case tests and the
// dynamodb-conformance suites): member constraints; then statement by statement the
// parse and the reads-or-writes rule, with their own texts; then, statement by
// statement, the table (a missing one is a ResourceNotFound cancellation reason) and
// the lowering, whose refusals are "Validation failed in TransactStatements[<i>]:
// <text>" and whose key mismatches are ValidationError cancellation reasons; and last
// the transaction itself.
#include <memory>
#include <string>
#include <vector>

#include "engine/base/error_detail.h"
#include "engine/base/transaction_errors.h"
#include "engine/partiql/errors.h"
#include "protocol/attribute_value_json.h"
#include "protocol/expression_params.h"
#include "protocol/json_writer.h"
#include "protocol/ops/capacity_json.h"
#include "protocol/ops/handlers.h"
#include "protocol/ops/partiql_statement.h"
#include "protocol/ops/transact_common.h"
#include "protocol/request_fingerprint.h"

namespace monotable::protocol::ops {
namespace {

struct TransactStatementInput : ListedStatement {
  std::shared_ptr<const partiql::ast::Statement> parsed;
};

Status InStatement(size_t index, const Status& status) {
  if (status.code() != ErrorCode::kValidation) return status;
  std::string message(partiql::lowering::kTransactionStatementPrefix);
  message += std::to_string(index) + "]: " + status.message();
  return Status::Validation(std::move(message));
}

// An INSERT whose key exists fails its condition; AWS names that DuplicateItem.
Status WithDuplicateItems(Status status, const std::vector<bool>& inserts) {
  if (status.code() != ErrorCode::kTransactionCanceled || !status.detail()) return status;
  std::vector<CancellationReason> reasons = status.detail()->cancellation_reasons;
  bool changed = false;
  for (size_t i = 0; i < reasons.size() && i < inserts.size(); ++i) {
    if (!inserts[i] || reasons[i].code != "ConditionalCheckFailed") continue;
    reasons[i] = {"DuplicateItem", std::string(kDuplicateItem), std::nullopt};
    changed = true;
  }
  if (!changed) return status;
  Status renamed = TransactionCanceled(std::move(reasons));
  auto detail = std::make_shared<ErrorDetail>(*renamed.detail());
  detail->throttling_reasons = status.detail()->throttling_reasons;
  return Status(renamed.code(), renamed.message()).WithDetail(std::move(detail));
}

// Parses every statement; the first decides whether the transaction reads or writes
// (EXISTS is a write's check). Returns true for reads.
Result<bool> ParseAll(const OperationContext& ctx,
                      std::vector<TransactStatementInput>& statements) {
  bool reads = false;
  for (size_t i = 0; i < statements.size(); ++i) {
    MT_ASSIGN_OR_RETURN(parsed, ParseStatement(ctx, statements[i].input.text));
    const bool read = parsed->kind == partiql::ast::Statement::Kind::kSelect;
    if (i == 0) reads = read;
    if (read != reads)
      return Status::Validation(std::string(partiql::lowering::kTransactionReadAndWrite));
    statements[i].parsed = std::move(parsed);
  }
  return reads;
}

}  // namespace

Result<std::string> ExecuteTransaction(const OperationContext& ctx, JsonObject request) {
  MT_ASSIGN_OR_RETURN(list, RequiredList(request, "TransactStatements"));
  MT_ASSIGN_OR_RETURN(
      statements, DecodeStatementListAs<TransactStatementInput>(list, /*consistent_read=*/false));
  MT_ASSIGN_OR_RETURN(token, DecodeClientRequestToken(request));
  MT_ASSIGN_OR_RETURN(capacity, DecodeReturnConsumedCapacity(request));
  MT_ASSIGN_OR_RETURN(reads, ParseAll(ctx, statements));

  // Tables and lowering. Reasons collect the statements that cancel the transaction
  // before it runs: a missing table, a write that names no single item of its schema.
  std::vector<CancellationReason> reasons(statements.size(), NoReason());
  bool cancelled = false;
  TransactGetRequest get_request;
  TransactWriteRequest write_request;
  std::vector<bool> inserts;
  for (size_t i = 0; i < statements.size(); ++i) {
    const TransactStatementInput& s = statements[i];
    Result<partiql::Target> target = partiql::TargetOf(*s.parsed, /*exists_allowed=*/true);
    if (!target.ok()) return InStatement(i, target.status());
    Result<TableDefinition> table = ctx.engine.TableDefinitionOf(ctx.request, target->table);
    if (!table.ok() && table.status().code() == ErrorCode::kResourceNotFound) {
      reasons[i] = {"ResourceNotFound", table.status().message(), std::nullopt};
      cancelled = true;
      continue;
    }
    if (!table.ok()) return table.status();
    if (reads) {
      Result<GetItemRequest> get = partiql::LowerKeyRead(
          s.input.text, *s.parsed, s.input.parameters, *table, partiql::Surface::kTransaction);
      if (!get.ok()) return InStatement(i, get.status());
      get_request.gets.push_back(
          {std::move(get->table_name), std::move(get->key), std::move(get->projection)});
      continue;
    }
    Result<partiql::TransactWrite> write =
        partiql::LowerTransactWrite(s.input.text, *s.parsed, s.input.parameters, *table);
    if (!write.ok()) return InStatement(i, write.status());
    if (write->reason) {
      reasons[i] = std::move(*write->reason);
      cancelled = true;
      continue;
    }
    write->action.condition.return_old_on_failure = s.return_old_on_failure;
    write_request.actions.push_back(std::move(write->action));
    inserts.push_back(write->insert);
  }
  if (cancelled) return TransactionCanceled(std::move(reasons));

  JsonWriter w;
  w.BeginObject();
  if (reads) {
    MT_ASSIGN_OR_RETURN(result, ctx.engine.TransactGetItems(ctx.request, get_request));
    MT_RETURN_IF_ERROR(WriteTransactGetResponses(w, result.items));
    WriteConsumedCapacityList(w, result.consumed, capacity);
  } else {
    write_request.client_request_token = std::move(token);
    if (write_request.client_request_token) {
      write_request.fingerprint = RequestFingerprint(request, "ClientRequestToken");
    }
    Result<TransactWriteResult> result = ctx.engine.TransactWriteItems(ctx.request, write_request);
    if (!result.ok()) return WithDuplicateItems(result.status(), inserts);
    // A transaction of writes answers an empty Responses list (recorded on AWS).
    w.Key("Responses").BeginArray().EndArray();
    WriteConsumedCapacityList(w, result->consumed, capacity);
  }
  w.EndObject();
  return w.Take();
}

}  // namespace monotable::protocol::ops
