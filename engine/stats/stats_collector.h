#pragma once
// CollectStats: what Engine::Stats copies out of the live state (api/engine_stats.h) for
// the monitoring views: each table's statistics and throughput snapshots, Contributor
// Insights' keys read back from storage, items and bytes per partition, and RocksDB's
// figures. The facade adds the background jobs' counts.
//
// Thread-safety: reads only thread-safe state (the catalog, the throughput model,
// RocksDB). Errors: none returned. A figure that cannot be read (an iterator's or
// GetApproximateSizes' error) is logged and left out: that resource's partition contents
// are empty, an insight key has no attributes.

#include "engine/api/engine_stats.h"
#include "engine/storage/catalog.h"
#include "engine/storage/storage.h"

namespace monotable::stats {

EngineStats CollectStats(const Storage& storage, const Catalog& catalog,
                         const StatsOptions& options);

}  // namespace monotable::stats
