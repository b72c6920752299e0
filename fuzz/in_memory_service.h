#pragma once
// The service the request harnesses drive: an in-memory engine (no background
// sweeping, so a run is repeatable) and the protocol over it, opened once per fuzzing
// process. Not thread-safe to create; libFuzzer calls a harness from one thread.

#include <memory>

#include "engine/engine.h"
#include "protocol/operations.h"

namespace monotable::fuzz {

struct InMemoryService {
  std::unique_ptr<Engine> engine;
  std::unique_ptr<protocol::Protocol> protocol;
};

// The process's service, opened on first use; aborts if the engine cannot open (a
// harness that cannot run must not report success).
InMemoryService& Service();

}  // namespace monotable::fuzz
