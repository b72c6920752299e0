// BatchExecuteStatement: each statement run on its own and answered on its own, as
// BatchWriteItem's and BatchGetItem's unprocessed entries are; only mixing reads and
// writes fails the whole call. AWS's behaviour, as recorded by the dynamodb-conformance
// suites and floci's PartiQL tests: a statement that did not parse or was refused
// before reaching its table has no TableName; one that ran and failed has it;
// ConsumedCapacity counts the statements that succeeded, per table.
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/partiql/errors.h"
#include "engine/statement/run_lowered.h"
#include "engine/statement/statements.h"

namespace monotable::statement {
namespace {

using Parsed = std::shared_ptr<const partiql::ast::Statement>;

// Parses each statement into `parsed` (null for one that answers its own error: it did
// not parse or is an EXISTS). Returns true when the batch reads; the statements that
// parsed must agree.
Result<bool> ParseAll(const StatementContext& ctx, const BatchExecuteStatementRequest& request,
                      std::vector<Parsed>& parsed, BatchExecuteStatementResult& result) {
  std::optional<bool> reads;
  for (size_t i = 0; i < request.statements.size(); ++i) {
    Result<Parsed> statement = ctx.cache.GetOrParse(request.statements[i].statement.text);
    if (statement.ok() && (*statement)->kind == partiql::ast::Statement::Kind::kExists) {
      statement = Status::Validation(std::string(partiql::lowering::kExistsOutsideTransaction));
    }
    if (!statement.ok()) {
      result.responses[i].error = statement.status();
      continue;
    }
    const bool read = (*statement)->kind == partiql::ast::Statement::Kind::kSelect;
    if (!reads) reads = read;
    if (read != *reads) {
      return Status::Validation(std::string(partiql::lowering::kBatchReadAndWrite));
    }
    parsed[i] = std::move(*statement);
  }
  return reads.value_or(true);
}

// Runs one statement that parsed; its answer goes into `out`, its consumption into
// `consumed`.
void Run(const StatementContext& ctx, bool reads, const BatchStatementRequest& s,
         const partiql::ast::Statement& parsed, BatchStatementResponse& out,
         std::vector<ConsumedCapacity>& consumed) {
  Result<partiql::Target> target = partiql::TargetOf(parsed);
  Result<TableDefinition> table = target.ok()
                                      ? ctx.items.TableDefinitionOf(ctx.request, target->table)
                                      : Result<TableDefinition>(target.status());
  if (!table.ok()) {
    out.error = table.status();
    return;
  }
  const StatementText& input = s.statement;
  if (reads) {
    Result<GetItemRequest> get = partiql::LowerKeyRead(input.text, parsed, input.parameters, *table,
                                                       partiql::Surface::kBatch);
    if (!get.ok()) {
      out.error = get.status();
      return;
    }
    get->consistent_read = s.consistent_read;
    out.table_name = target->table;
    Result<ItemResult> result = ctx.items.GetItem(ctx.request, *get);
    if (!result.ok()) {
      out.error = result.status();
      return;
    }
    out.item_encoded = std::move(result->item_encoded);
    capacity::AddPerTable(consumed, result->consumed);
    return;
  }
  Result<partiql::Lowered> lowered = partiql::Lower(input.text, parsed, input.parameters, *table);
  if (!lowered.ok()) {
    out.error = lowered.status();
    return;
  }
  out.table_name = target->table;
  Result<ExecuteStatementResult> outcome = RunLowered(ctx, *lowered, StatementOptions{});
  if (!outcome.ok()) {
    out.error = outcome.status();
    return;
  }
  out.item = std::move(outcome->item);
  capacity::AddPerTable(consumed, outcome->consumed);
}

}  // namespace

Result<BatchExecuteStatementResult> BatchExecuteStatement(
    const StatementContext& ctx, const BatchExecuteStatementRequest& request) {
  BatchExecuteStatementResult result;
  result.responses.resize(request.statements.size());
  std::vector<Parsed> parsed(request.statements.size());
  MT_ASSIGN_OR_RETURN(reads, ParseAll(ctx, request, parsed, result));
  for (size_t i = 0; i < request.statements.size(); ++i) {
    // A refused statement answers its denial and does not run; the refusal came before
    // its table was read, so its entry names none.
    if (request.statements[i].refused) {
      result.responses[i].error = request.statements[i].refused;
      continue;
    }
    if (parsed[i]) {
      Run(ctx, reads, request.statements[i], *parsed[i], result.responses[i], result.consumed);
    }
  }
  return result;
}

}  // namespace monotable::statement
