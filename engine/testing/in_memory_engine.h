#pragma once
// Opens a whole Engine in memory for tests that drive the facade (or the protocol and
// server on top of it). Header-only; include it only from test executables that link
// the engine (the testing target itself does not, so that lower modules' tests do not).

#include <gtest/gtest.h>

#include <cstddef>
#include <memory>

#include "engine/base/clock.h"
#include "engine/engine.h"

namespace monotable::test_engine {

// An in-memory engine on `clock` with `options` (`in_memory` is forced). Null, with a
// test failure recorded, when it cannot be opened.
inline std::unique_ptr<Engine> OpenInMemory(std::unique_ptr<Clock> clock, EngineOptions options) {
  options.in_memory = true;
  auto engine = Engine::Open(options, std::move(clock));
  if (!engine.ok()) {
    ADD_FAILURE() << "cannot open an in-memory engine: " << engine.status().message();
    return nullptr;
  }
  return std::move(*engine);
}

// An in-memory engine on `clock` with the default options; `block_cache_bytes` 0 keeps
// the engine's default.
inline std::unique_ptr<Engine> OpenInMemory(std::unique_ptr<Clock> clock,
                                            size_t block_cache_bytes = 0) {
  EngineOptions options;
  if (block_cache_bytes != 0) options.block_cache_bytes = block_cache_bytes;
  return OpenInMemory(std::move(clock), options);
}

}  // namespace monotable::test_engine
