#include "engine/throughput/split_log.h"

#include "engine/format/split_log_codec.h"

namespace monotable::throughput {
// The codec's reason bytes are SplitReason's values.
static_assert(static_cast<uint8_t>(SplitReason::kHeatSortKey) == split_log_codec::kSortKeyReason);
static_assert(static_cast<uint8_t>(SplitReason::kHeatSortKey) == split_log_codec::kMaxReason);

std::string_view SplitReasonName(SplitReason reason) {
  switch (reason) {
    case SplitReason::kCapacity: return "CAPACITY";
    case SplitReason::kHeat: return "HEAT";
    case SplitReason::kSize: return "SIZE";
    case SplitReason::kHeatSortKey: return "HEAT_SORT_KEY";
  }
  return "UNKNOWN";
}

std::vector<HashRange> SplitEvent::Children(const HashRange& parent,
                                            std::span<const uint64_t> cuts) {
  std::vector<HashRange> children;
  uint64_t begin = parent.begin;
  for (const uint64_t cut : cuts) {
    children.push_back({begin, cut - 1});
    begin = cut;
  }
  children.push_back({begin, parent.last});
  return children;
}

std::vector<HashRange> SplitEvent::SortKeyChildren(const HashRange& parent, uint64_t hash) {
  return {{parent.begin, hash}, {hash, parent.last}};
}

void SplitLog::Add(SplitEvent event) {
  events_.push_back(std::move(event));
  while (events_.size() > capacity_) {
    events_.pop_front();
    ++dropped_;
  }
}

std::string SplitLog::Encode() const {
  split_log_codec::Log log{.dropped = dropped_, .events = {}};
  log.events.reserve(events_.size());
  for (const SplitEvent& e : events_) {
    split_log_codec::Event& out = log.events.emplace_back();
    out.time_ms = e.time_ms;
    out.layout_version = e.layout_version;
    out.reason = static_cast<uint8_t>(e.reason);
    out.parent_begin = e.parent.begin;
    out.parent_last = e.parent.last;
    for (size_t k = 1; k < e.children.size(); ++k) out.cuts.push_back(e.children[k].begin);
  }
  return split_log_codec::Encode(log);
}

Result<SplitLog> SplitLog::Decode(std::string_view bytes, size_t capacity) {
  MT_ASSIGN_OR_RETURN(decoded, split_log_codec::Decode(bytes));
  SplitLog log(capacity);
  log.dropped_ = decoded.dropped;
  for (split_log_codec::Event& in : decoded.events) {
    SplitEvent e;
    e.time_ms = in.time_ms;
    e.layout_version = in.layout_version;
    e.reason = static_cast<SplitReason>(in.reason);
    e.parent = {in.parent_begin, in.parent_last};
    e.children = e.reason == SplitReason::kHeatSortKey
                     ? SplitEvent::SortKeyChildren(e.parent, in.cuts.front())
                     : SplitEvent::Children(e.parent, in.cuts);
    log.Add(std::move(e));
  }
  return log;
}

}  // namespace monotable::throughput
