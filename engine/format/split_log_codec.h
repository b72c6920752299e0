#pragma once
// The persisted form of one table's (or GSI's) split history, the catalog's 'l' record
// beside the partition map (catalog_keys::SplitLogKey), over plain events: throughput's
// SplitLog (throughput/split_log.h) converts to and from them and keeps their meaning.
//
//   byte 0    format version (kVersion)
//   varint    dropped, varint event count, then per event, oldest first:
//     varint  time (Unix ms), varint layout version it made, byte reason (1..kMaxReason),
//     varint  parent begin, varint parent last, varint child count n >= 2,
//     n-1 varints  gaps from the parent's begin to each later child's begin (ascending)
//   A split by sort key (reason kSortKeyReason) has two children that share the hash of
//   the cut: the upper child's gap may be 0, and the lower child ends at that hash.
//   Varints are varint.h's.
//
// Thread-safety: pure functions.
// Errors: Decode returns kInternal ("corrupt split log: ...") for bytes it cannot read,
// never trusting them.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/status.h"

namespace monotable::split_log_codec {

inline constexpr uint8_t kVersion = 1;
inline constexpr uint8_t kMaxReason = 4;      // reasons are 1..kMaxReason
inline constexpr uint8_t kSortKeyReason = 4;  // a cut at a sort key inside one hash

struct Event {
  int64_t time_ms = 0;
  uint64_t layout_version = 0;
  uint8_t reason = 1;
  uint64_t parent_begin = 0;
  uint64_t parent_last = 0;
  // The begins of the children after the first, ascending, in (parent_begin,
  // parent_last]; for kSortKeyReason exactly one, in [parent_begin, parent_last].
  std::vector<uint64_t> cuts;
};

struct Log {
  uint64_t dropped = 0;
  std::vector<Event> events;  // oldest first
};

std::string Encode(const Log& log);
Result<Log> Decode(std::string_view bytes);

}  // namespace monotable::split_log_codec
