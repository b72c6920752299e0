#pragma once
// What every operation handler (handlers.h) receives from the dispatcher
// (protocol/operations.h). Lives apart from both so that neither includes the other.

#include <span>
#include <string>

#include "engine/engine.h"
#include "protocol/json_reader.h"

namespace monotable::protocol {

// A statement of a batch that its caller may not run: its place in the request's list
// and the AccessDeniedException it answers.
struct RefusedStatement {
  size_t index;
  Status status;
};

// What every operation handler receives.
struct OperationContext {
  Engine& engine;
  RequestContext request;
  std::string region;
  std::string account_id;
  // BatchExecuteStatement's statements that --iam refused (protocol/authorization):
  // each answers its own AccessDenied while the others run. Empty for other operations.
  std::span<const RefusedStatement> refused_statements{};
};

namespace ops {
// An operation handler (handlers.h). Declared here so that the dispatcher's route table
// (operations.h) can name the type without the handlers.
using Handler = Result<std::string> (*)(const OperationContext& ctx, JsonObject request);
}  // namespace ops

}  // namespace monotable::protocol
