#include "engine/format/split_log_codec.h"

#include "engine/format/varint.h"

namespace monotable::split_log_codec {
namespace {

Status Corrupt(const std::string& what) { return Status::Internal("corrupt split log: " + what); }

}  // namespace

std::string Encode(const Log& log) {
  std::string out(1, static_cast<char>(kVersion));
  varint::Put(out, log.dropped);
  varint::Put(out, log.events.size());
  for (const Event& e : log.events) {
    varint::Put(out, static_cast<uint64_t>(e.time_ms));
    varint::Put(out, e.layout_version);
    out.push_back(static_cast<char>(e.reason));
    varint::Put(out, e.parent_begin);
    varint::Put(out, e.parent_last);
    varint::Put(out, e.cuts.size() + 1);
    for (const uint64_t cut : e.cuts) varint::Put(out, cut - e.parent_begin);
  }
  return out;
}

Result<Log> Decode(std::string_view in) {
  if (in.empty() || static_cast<uint8_t>(in[0]) != kVersion) {
    return Corrupt("unknown version");
  }
  in.remove_prefix(1);
  Log log;
  uint64_t count = 0;
  if (!varint::Get(in, log.dropped) || !varint::Get(in, count)) return Corrupt("truncated header");
  for (uint64_t i = 0; i < count; ++i) {
    Event e;
    uint64_t time_ms = 0, children = 0;
    if (!varint::Get(in, time_ms) || !varint::Get(in, e.layout_version) || in.empty()) {
      return Corrupt("truncated event");
    }
    e.time_ms = static_cast<int64_t>(time_ms);
    e.reason = static_cast<uint8_t>(in.front());
    in.remove_prefix(1);
    if (e.reason < 1 || e.reason > kMaxReason) return Corrupt("unknown reason");
    if (!varint::Get(in, e.parent_begin) || !varint::Get(in, e.parent_last) ||
        !varint::Get(in, children)) {
      return Corrupt("truncated event");
    }
    if (e.reason == kSortKeyReason) {
      uint64_t gap = 0;
      if (e.parent_last < e.parent_begin || children != 2 || !varint::Get(in, gap) ||
          gap > e.parent_last - e.parent_begin) {
        return Corrupt("bad sort key split");
      }
      e.cuts.push_back(e.parent_begin + gap);
      log.events.push_back(std::move(e));
      continue;
    }
    if (e.parent_last < e.parent_begin || children < 2 ||
        children - 1 > e.parent_last - e.parent_begin) {
      return Corrupt("bad parent range or child count");
    }
    for (uint64_t k = 1; k < children; ++k) {
      uint64_t gap = 0;
      if (!varint::Get(in, gap)) return Corrupt("truncated child");
      if (gap == 0 || gap > e.parent_last - e.parent_begin ||
          (!e.cuts.empty() && e.parent_begin + gap <= e.cuts.back())) {
        return Corrupt("child outside its parent or out of order");
      }
      e.cuts.push_back(e.parent_begin + gap);
    }
    log.events.push_back(std::move(e));
  }
  if (!in.empty()) return Corrupt("trailing bytes");
  return log;
}

}  // namespace monotable::split_log_codec
