// ExecuteTransaction: each statement lowered into its TransactGetItems or
// TransactWriteItems entry (engine/partiql/lower.h), run by the transactions engine with
// its isolation, idempotency and throttling. The order of the checks is AWS's (recorded
// by floci's PartiQL edge-case tests and the dynamodb-conformance suites): statement by
// statement the parse and the reads-or-writes rule, with their own texts; then, statement
// by statement, the table (a missing one is a ResourceNotFound cancellation reason) and
// the lowering, whose refusals are "Validation failed in TransactStatements[<i>]: <text>"
// and whose key mismatches are ValidationError cancellation reasons; and last the
// transaction itself.
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "engine/base/error_detail.h"
#include "engine/base/transaction_errors.h"
#include "engine/partiql/errors.h"
#include "engine/statement/run_lowered.h"
#include "engine/statement/statements.h"

namespace monotable::statement {
namespace {

using Parsed = std::shared_ptr<const partiql::ast::Statement>;

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
Result<bool> ParseAll(const StatementContext& ctx, const ExecuteTransactionRequest& request,
                      std::vector<Parsed>& parsed) {
  bool reads = false;
  for (size_t i = 0; i < request.statements.size(); ++i) {
    MT_ASSIGN_OR_RETURN(statement, ctx.cache.GetOrParse(request.statements[i].statement.text));
    const bool read = statement->kind == partiql::ast::Statement::Kind::kSelect;
    if (i == 0) reads = read;
    if (read != reads)
      return Status::Validation(std::string(partiql::lowering::kTransactionReadAndWrite));
    parsed.push_back(std::move(statement));
  }
  return reads;
}

// The transaction's requests: reasons collect the statements that cancel it before it
// runs (a missing table, a write that names no single item of its schema).
struct Lowered {
  std::vector<CancellationReason> reasons;
  bool cancelled = false;
  TransactGetRequest get;
  TransactWriteRequest write;
  std::vector<bool> inserts;  // per write action
};

// Looks up each statement's table and lowers it. Errors: the Validation refusals in
// statement (InStatement), a table's lookup failing otherwise than ResourceNotFound.
Status LowerAll(const StatementContext& ctx, const ExecuteTransactionRequest& request,
                const std::vector<Parsed>& parsed, bool reads, Lowered& out) {
  out.reasons.assign(request.statements.size(), NoReason());
  for (size_t i = 0; i < request.statements.size(); ++i) {
    const StatementText& input = request.statements[i].statement;
    Result<partiql::Target> target = partiql::TargetOf(*parsed[i], /*exists_allowed=*/true);
    if (!target.ok()) return InStatement(i, target.status());
    Result<TableDefinition> table = ctx.items.TableDefinitionOf(ctx.request, target->table);
    if (!table.ok() && table.status().code() == ErrorCode::kResourceNotFound) {
      out.reasons[i] = {"ResourceNotFound", table.status().message(), std::nullopt};
      out.cancelled = true;
      continue;
    }
    if (!table.ok()) return table.status();
    if (reads) {
      Result<GetItemRequest> get = partiql::LowerKeyRead(input.text, *parsed[i], input.parameters,
                                                         *table, partiql::Surface::kTransaction);
      if (!get.ok()) return InStatement(i, get.status());
      out.get.gets.push_back(
          {std::move(get->table_name), std::move(get->key), std::move(get->projection)});
      continue;
    }
    Result<partiql::TransactWrite> write =
        partiql::LowerTransactWrite(input.text, *parsed[i], input.parameters, *table);
    if (!write.ok()) return InStatement(i, write.status());
    if (write->reason) {
      out.reasons[i] = std::move(*write->reason);
      out.cancelled = true;
      continue;
    }
    write->action.condition.return_old_on_failure = request.statements[i].return_old_on_failure;
    out.write.actions.push_back(std::move(write->action));
    out.inserts.push_back(write->insert);
  }
  return Status::Ok();
}

}  // namespace

Result<ExecuteTransactionResult> ExecuteTransaction(const StatementContext& ctx,
                                                    const ExecuteTransactionRequest& request) {
  std::vector<Parsed> parsed;
  parsed.reserve(request.statements.size());
  MT_ASSIGN_OR_RETURN(reads, ParseAll(ctx, request, parsed));
  Lowered lowered;
  MT_RETURN_IF_ERROR(LowerAll(ctx, request, parsed, reads, lowered));
  if (lowered.cancelled) return TransactionCanceled(std::move(lowered.reasons));

  ExecuteTransactionResult out;
  out.reads = reads;
  if (reads) {
    MT_ASSIGN_OR_RETURN(result, ctx.items.TransactGetItems(ctx.request, lowered.get));
    out.items = std::move(result.items);
    out.consumed = std::move(result.consumed);
    return out;
  }
  lowered.write.client_request_token = request.client_request_token;
  lowered.write.fingerprint = request.fingerprint;
  Result<TransactWriteResult> result = ctx.items.TransactWriteItems(ctx.request, lowered.write);
  if (!result.ok()) return WithDuplicateItems(result.status(), lowered.inserts);
  out.consumed = std::move(result->consumed);
  return out;
}

}  // namespace monotable::statement
