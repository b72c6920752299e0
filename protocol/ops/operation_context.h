#pragma once
// What every operation handler (handlers.h) receives from the dispatcher
// (protocol/operations.h). Lives apart from both so that neither includes the other.

#include <string>

#include "engine/engine.h"

namespace monotable::protocol {

// What every operation handler receives.
struct OperationContext {
  Engine& engine;
  RequestContext request;
  std::string region;
  std::string account_id;
};

}  // namespace monotable::protocol
