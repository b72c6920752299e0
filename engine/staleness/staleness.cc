#include "engine/staleness/staleness.h"

#include <algorithm>
#include <tuple>
#include <vector>

namespace monotable::staleness {

std::optional<DelayRange> OwnDelay(const TableDefinition& definition, std::string_view key) {
  for (const Tag& tag : definition.tags) {
    if (tag.key == key) return ParseDelayRange(tag.value);
  }
  return std::nullopt;
}

std::unique_ptr<Staleness> Staleness::Attach(Storage& storage, const Clock& clock,
                                             const StalenessOptions& options) {
  if (!options.any()) return nullptr;
  return std::unique_ptr<Staleness>(new Staleness(storage, clock, options));
}

Staleness::Staleness(Storage& storage, const Clock& clock, const StalenessOptions& options)
    : storage_(storage),
      clock_(clock),
      table_draw_(options.eventual_reads, options.seed),
      // Its own stream, so that table reads do not shift the index writes' delays.
      index_draw_(options.gsi_lag, options.seed ^ 0x5eed5eed5eed5eedULL),
      keep_ms_(std::max(options.eventual_reads.max_ms, options.gsi_lag.max_ms)),
      ring_(storage.db(), clock, keep_ms_, std::max<int64_t>(options.snapshot_interval_ms, 1)),
      index_lag_(storage.db(), clock) {
  storage_.SetWriteObserver(this);
}

Staleness::~Staleness() { storage_.SetWriteObserver(nullptr); }

int64_t Staleness::Draw(DelayDraw& draw, const std::optional<DelayRange>& own) {
  const DelayRange& range = own ? *own : draw.range();
  if (!range.any()) return 0;
  return std::min(draw.Next(range), keep_ms_);
}

StateRef Staleness::ForTableRead(const std::optional<DelayRange>& own) {
  const int64_t delay = Draw(table_draw_, own);
  if (delay <= 0) return nullptr;
  return ring_.StateAt(clock_.NowMillis() - delay);
}

void Staleness::BeforeWrite(std::span<const IndexTouch> touches) {
  ring_.BeforeWrite(touches);
  if (touches.empty()) return;
  // Each partition once (an item moved within one index partition key names it twice),
  // in a fixed order, so that the same writes draw the same delays.
  std::vector<IndexTouch> unique(touches.begin(), touches.end());
  auto order = [](const IndexTouch& a, const IndexTouch& b) {
    return std::tie(a.family_id, a.partition) < std::tie(b.family_id, b.partition);
  };
  std::sort(unique.begin(), unique.end(), order);
  unique.erase(std::unique(unique.begin(), unique.end(),
                           [](const IndexTouch& a, const IndexTouch& b) {
                             return a.family_id == b.family_id && a.partition == b.partition;
                           }),
               unique.end());
  std::vector<int64_t> delays;
  delays.reserve(unique.size());
  for (const IndexTouch& touch : unique) delays.push_back(Draw(index_draw_, touch.own_lag));
  index_lag_.BeforeWrite(unique, delays);
}

}  // namespace monotable::staleness
