#include "server/check_command.h"

#include <spdlog/spdlog.h>

#include <cstdio>

#include "engine/engine.h"

namespace monotable::server {

int RunCheckCommand(const Config& config) {
  if (config.in_memory) {
    spdlog::error("monotable check: needs --db-path (an in-memory database is always empty)");
    return 1;
  }
  EngineOptions options;
  options.path = config.db_path;
  options.block_cache_bytes = static_cast<size_t>(config.cache_mb) << 20;
  options.throughput = ThroughputMode::kOff;
  options.ttl_sweep_interval_ms = 0;  // the check must not race the sweeper's deletions
  auto engine = Engine::Open(options, std::make_unique<SystemClock>());
  if (!engine.ok()) {
    spdlog::error("monotable check: {}", engine.status().message());
    return 1;
  }
  auto report = (*engine)->CheckConsistency();
  if (!report.ok()) {
    spdlog::error("monotable check: {}", report.status().message());
    return 1;
  }
  for (const auto& line : report->problems) std::printf("problem: %s\n", line.c_str());
  for (const auto& line : report->skipped) std::printf("skipped: %s\n", line.c_str());
  std::printf("checked %lld tables, %lld items, %lld index entries: %s\n",
              static_cast<long long>(report->tables), static_cast<long long>(report->items),
              static_cast<long long>(report->index_entries),
              report->problems.empty() ? "consistent" : "INCONSISTENT");
  return report->problems.empty() ? 0 : 1;
}

}  // namespace monotable::server
