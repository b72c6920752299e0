#include "fuzz/in_memory_service.h"

#include <spdlog/spdlog.h>

#include <cstdio>
#include <cstdlib>

#include "engine/base/clock.h"

namespace monotable::fuzz {

InMemoryService& Service() {
  static InMemoryService* service = [] {
    // Logs would drown the fuzzer's own output: a harness reports by crashing.
    spdlog::set_level(spdlog::level::off);
    EngineOptions options;
    options.in_memory = true;
    options.block_cache_bytes = size_t{8} << 20;
    options.ttl_sweep_interval_ms = 0;  // no background deletes between inputs
    options.ttl_change_interval_ms = 0;
    auto engine = Engine::Open(options, std::make_unique<SystemClock>());
    if (!engine.ok()) {
      std::fprintf(stderr, "cannot open the engine: %s\n", engine.status().message().c_str());
      std::abort();
    }
    auto* s = new InMemoryService;
    s->engine = std::move(*engine);
    s->protocol =
        std::make_unique<protocol::Protocol>(s->engine.get(), protocol::ProtocolOptions{});
    return s;
  }();
  return *service;
}

}  // namespace monotable::fuzz
