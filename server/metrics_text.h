#pragma once
// GET /metrics: the Prometheus text exposition format (version 0.0.4) of the request
// counters and of the engine's figures, made with prometheus-cpp's core library
// (MetricFamily + TextSerializer). Names follow Prometheus' conventions: the
// monotable_ prefix, base units in the name (_seconds, _bytes), _total for counters.
//
// Thread-safety: pure functions of their arguments. Errors: none.

#include <prometheus/metric_family.h>

#include <string>
#include <vector>

#include "engine/api/engine_stats.h"
#include "server/allocator_stats.h"
#include "server/fault_injector.h"
#include "server/request_metrics.h"

namespace monotable::server {

// The families of the engine's figures: throughput per table, index and partition,
// throttled requests by reason, partition counts, Contributor Insights' top keys,
// table sizes, RocksDB.
void CollectEngineMetrics(const EngineStats& stats, std::vector<prometheus::MetricFamily>& out);

// jemalloc's figures (allocator_stats.h); none when `allocator.available` is false.
void CollectAllocatorMetrics(const AllocatorStats& allocator,
                             std::vector<prometheus::MetricFamily>& out);

// The whole /metrics body; with `faults` (may be null), its rules and their counts.
std::string MetricsText(const EngineStats& stats, const RequestMetrics& requests,
                        const AllocatorStats& allocator, const FaultInjector* faults = nullptr);

// The Content-Type of MetricsText.
inline constexpr char kMetricsContentType[] = "text/plain; version=0.0.4; charset=utf-8";

}  // namespace monotable::server
