#include "engine/statement/run_lowered.h"

#include <string>
#include <utility>

#include "engine/base/limits.h"

namespace monotable::statement {
namespace {

template <typename Read>
void ApplyReadOptions(Read& read, const StatementOptions& options) {
  read.consistent_read = options.consistent_read;
  read.limit = options.limit;
  read.exclusive_start_key = options.exclusive_start_key;
}

ExecuteStatementResult FromPage(ReadPage page) {
  ExecuteStatementResult out;
  out.items = std::move(page.items);
  out.last_evaluated_key = std::move(page.last_evaluated_key);
  out.consumed = std::move(page.consumed);
  return out;
}

// A write's outcome: the item RETURNING asked for, unless the projection left nothing
// (AWS answers Items: [] then, not [{}]).
ExecuteStatementResult FromWrite(ItemResult result, bool returning) {
  ExecuteStatementResult out;
  if (returning && result.item && !result.item->empty()) out.item = std::move(result.item);
  out.consumed = std::move(result.consumed);
  return out;
}

// `pk IN [...]`: the queries one after the other, from the one whose partition holds
// the start key (or from `start_partition`), into one page that ends where a query's
// own page ended (the Limit, counted over the whole page, or 1 MB), with that query's
// LastEvaluatedKey, or after a query once the queries have read 1 MB, resuming at the
// next partition.
Result<ExecuteStatementResult> RunPartitions(const StatementContext& ctx,
                                             partiql::PartitionQueries& partitions,
                                             const StatementOptions& options) {
  size_t first = options.start_partition;
  if (options.exclusive_start_key) {
    auto hash = options.exclusive_start_key->find(partitions.hash_key);
    first = partitions.values.size();
    for (size_t i = 0; hash != options.exclusive_start_key->end() && i < first; ++i) {
      if (partitions.values[i] == hash->second) first = i;
    }
  }
  if (first >= partitions.values.size()) {
    return Status::Validation("The provided starting key is invalid");
  }
  ExecuteStatementResult out;
  out.consumed.table_name = partitions.queries.front().table_name;
  std::optional<int64_t> remaining = options.limit;
  size_t bytes = 0;
  for (size_t i = first; i < partitions.queries.size(); ++i) {
    QueryRequest& query = partitions.queries[i];
    query.consistent_read = options.consistent_read;
    query.limit = remaining;
    if (i == first) query.exclusive_start_key = options.exclusive_start_key;
    MT_ASSIGN_OR_RETURN(page, ctx.items.Query(ctx.request, query));
    out.consumed += page.consumed;
    bytes += page.bytes_read;
    for (auto& item : page.items) out.items.push_back(std::move(item));
    if (remaining) *remaining -= page.scanned_count;
    if (page.last_evaluated_key) {  // also where the Limit was reached
      out.last_evaluated_key = std::move(page.last_evaluated_key);
      return out;
    }
    if (i + 1 < partitions.queries.size() && bytes >= limits::kMaxPageBytes) {
      out.resume_partition = i + 1;
      return out;
    }
  }
  return out;
}

}  // namespace

Result<partiql::Lowered> Prepare(const StatementContext& ctx, const StatementText& input,
                                 const partiql::ast::Statement& statement) {
  MT_ASSIGN_OR_RETURN(target, partiql::TargetOf(statement));
  MT_ASSIGN_OR_RETURN(table, ctx.items.TableDefinitionOf(ctx.request, target.table));
  return partiql::Lower(input.text, statement, input.parameters, table);
}

Result<ExecuteStatementResult> RunLowered(const StatementContext& ctx, partiql::Lowered& lowered,
                                          const StatementOptions& options) {
  if (auto* query = std::get_if<QueryRequest>(&lowered.request)) {
    ApplyReadOptions(*query, options);
    MT_ASSIGN_OR_RETURN(page, ctx.items.Query(ctx.request, *query));
    return FromPage(std::move(page));
  }
  if (auto* partitions = std::get_if<partiql::PartitionQueries>(&lowered.request)) {
    return RunPartitions(ctx, *partitions, options);
  }
  if (auto* scan = std::get_if<ScanRequest>(&lowered.request)) {
    ApplyReadOptions(*scan, options);
    MT_ASSIGN_OR_RETURN(page, ctx.items.Scan(ctx.request, *scan));
    return FromPage(std::move(page));
  }
  if (auto* put = std::get_if<PutItemRequest>(&lowered.request)) {
    put->condition.return_old_on_failure = options.return_old_on_failure;
    Result<ItemResult> result = ctx.items.PutItem(ctx.request, std::move(*put));
    if (!result.ok() && lowered.insert &&
        result.status().code() == ErrorCode::kConditionalCheckFailed) {
      return Status(ErrorCode::kDuplicateItem, std::string(kDuplicateItem));
    }
    if (!result.ok()) return result.status();
    return FromWrite(std::move(*result), false);
  }
  if (auto* update = std::get_if<UpdateItemRequest>(&lowered.request)) {
    update->condition.return_old_on_failure = options.return_old_on_failure;
    MT_ASSIGN_OR_RETURN(result, ctx.items.UpdateItem(ctx.request, *update));
    return FromWrite(std::move(result), lowered.returning);
  }
  auto& del = std::get<DeleteItemRequest>(lowered.request);
  del.condition.return_old_on_failure = options.return_old_on_failure;
  MT_ASSIGN_OR_RETURN(result, ctx.items.DeleteItem(ctx.request, del));
  return FromWrite(std::move(result), lowered.returning);
}

}  // namespace monotable::statement
