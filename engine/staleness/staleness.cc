#include "engine/staleness/staleness.h"

#include <algorithm>

namespace monotable::staleness {

std::unique_ptr<Staleness> Staleness::Attach(Storage& storage, const Clock& clock,
                                             const StalenessOptions& options) {
  if (!options.any()) return nullptr;
  return std::unique_ptr<Staleness>(new Staleness(storage, clock, options));
}

Staleness::Staleness(Storage& storage, const Clock& clock, const StalenessOptions& options)
    : storage_(storage),
      clock_(clock),
      table_draw_(options.eventual_reads, options.seed),
      // Its own stream, so that table reads do not shift the index reads' delays.
      index_draw_(options.gsi_lag, options.seed ^ 0x5eed5eed5eed5eedULL),
      keep_ms_(std::max(options.eventual_reads.max_ms, options.gsi_lag.max_ms)),
      ring_(storage.db(), clock, keep_ms_, std::max<int64_t>(options.snapshot_interval_ms, 1)) {
  storage_.SetWriteObserver(&ring_);
}

Staleness::~Staleness() { storage_.SetWriteObserver(nullptr); }

StateRef Staleness::StateFor(DelayDraw& draw, const std::optional<DelayRange>& own) {
  const DelayRange& range = own ? *own : draw.range();
  if (!range.any()) return nullptr;
  const int64_t delay = std::min(draw.Next(range), keep_ms_);
  if (delay <= 0) return nullptr;
  return ring_.StateAt(clock_.NowMillis() - delay);
}

}  // namespace monotable::staleness
