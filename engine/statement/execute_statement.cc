// ExecuteStatement: one statement parsed (the statement cache), prepared and run
// (run_lowered.h).
#include "engine/statement/run_lowered.h"
#include "engine/statement/statements.h"

namespace monotable::statement {

Result<ExecuteStatementResult> ExecuteStatement(const StatementContext& ctx,
                                                const ExecuteStatementRequest& request) {
  MT_ASSIGN_OR_RETURN(parsed, ctx.cache.GetOrParse(request.statement.text));
  MT_ASSIGN_OR_RETURN(lowered, Prepare(ctx, request.statement, *parsed));
  if (request.start_error) return *request.start_error;
  return RunLowered(ctx, lowered, request.options);
}

}  // namespace monotable::statement
