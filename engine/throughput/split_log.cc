#include "engine/throughput/split_log.h"

#include "engine/format/varint.h"

namespace monotable::throughput {
namespace {

Status Corrupt(const std::string& what) { return Status::Internal("corrupt split log: " + what); }

}  // namespace

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
  std::string out(1, static_cast<char>(kSplitLogVersion));
  varint::Put(out, dropped_);
  varint::Put(out, events_.size());
  for (const SplitEvent& e : events_) {
    varint::Put(out, static_cast<uint64_t>(e.time_ms));
    varint::Put(out, e.layout_version);
    out.push_back(static_cast<char>(e.reason));
    varint::Put(out, e.parent.begin);
    varint::Put(out, e.parent.last);
    varint::Put(out, e.children.size());
    for (size_t k = 1; k < e.children.size(); ++k) {
      varint::Put(out, e.children[k].begin - e.parent.begin);
    }
  }
  return out;
}

Result<SplitLog> SplitLog::Decode(std::string_view in, size_t capacity) {
  if (in.empty() || static_cast<uint8_t>(in[0]) != kSplitLogVersion) {
    return Corrupt("unknown version");
  }
  in.remove_prefix(1);
  SplitLog log(capacity);
  uint64_t count = 0;
  if (!varint::Get(in, log.dropped_) || !varint::Get(in, count)) return Corrupt("truncated header");
  for (uint64_t i = 0; i < count; ++i) {
    SplitEvent e;
    uint64_t time_ms = 0, children = 0;
    if (!varint::Get(in, time_ms) || !varint::Get(in, e.layout_version) || in.empty()) {
      return Corrupt("truncated event");
    }
    e.time_ms = static_cast<int64_t>(time_ms);
    const auto reason = static_cast<uint8_t>(in.front());
    in.remove_prefix(1);
    if (reason < 1 || reason > 4) return Corrupt("unknown reason");
    e.reason = static_cast<SplitReason>(reason);
    if (!varint::Get(in, e.parent.begin) || !varint::Get(in, e.parent.last) ||
        !varint::Get(in, children)) {
      return Corrupt("truncated event");
    }
    if (e.reason == SplitReason::kHeatSortKey) {
      uint64_t gap = 0;
      if (e.parent.last < e.parent.begin || children != 2 || !varint::Get(in, gap) ||
          gap > e.parent.last - e.parent.begin) {
        return Corrupt("bad sort key split");
      }
      e.children = SplitEvent::SortKeyChildren(e.parent, e.parent.begin + gap);
      log.Add(std::move(e));
      continue;
    }
    if (e.parent.last < e.parent.begin || children < 2 ||
        children - 1 > e.parent.last - e.parent.begin) {
      return Corrupt("bad parent range or child count");
    }
    std::vector<uint64_t> cuts;
    for (uint64_t k = 1; k < children; ++k) {
      uint64_t gap = 0;
      if (!varint::Get(in, gap)) return Corrupt("truncated child");
      if (gap == 0 || gap > e.parent.last - e.parent.begin ||
          (!cuts.empty() && e.parent.begin + gap <= cuts.back())) {
        return Corrupt("child outside its parent or out of order");
      }
      cuts.push_back(e.parent.begin + gap);
    }
    e.children = SplitEvent::Children(e.parent, cuts);
    log.Add(std::move(e));
  }
  if (!in.empty()) return Corrupt("trailing bytes");
  return log;
}

}  // namespace monotable::throughput
