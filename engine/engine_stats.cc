// Engine::Stats and Engine::CheckConsistency: forwarding to stats/ and check/, with the
// background jobs' counts, which only the facade sees all of.

#include "engine/check/consistency_check.h"
#include "engine/engine.h"
#include "engine/engine_impl.h"
#include "engine/stats/stats_collector.h"

namespace monotable {

EngineStats Engine::Stats(const StatsOptions& options) const {
  EngineStats stats = stats::CollectStats(*impl_->storage, *impl_->catalog, options);
  stats.jobs = {impl_->backfiller->Counts(), impl_->ttl_backfiller->Counts(),
                impl_->sweeper->Counts(), impl_->streams->MaintenanceCounts(),
                impl_->backups->WorkerCounts()};
  if (impl_->staleness) {
    const staleness::SnapshotRing& ring = impl_->staleness->ring();
    stats.staleness = StalenessStats{ring.size(), ring.OldestAgeMs()};
  }
  return stats;
}

Result<ConsistencyReport> Engine::CheckConsistency() const {
  return check::CheckConsistency(*impl_->storage, *impl_->catalog);
}

}  // namespace monotable
