#pragma once
// The statistics record: a table's or index's item count and size in bytes (and an item
// collection's size), persisted as one catalog record that every write adjusts with a
// RocksDB merge of signed deltas (storage/stats_merge_operator.h), so that the write
// path never reads-modifies-writes a shared counter. Pure functions; thread-safe.

#include <cstdint>
#include <string>
#include <string_view>

namespace monotable {

struct StatsDelta {
  int64_t items = 0;
  int64_t bytes = 0;
};

// Frozen layout: two little-endian int64 (items, bytes).
std::string EncodeStats(const StatsDelta& delta);
StatsDelta DecodeStats(std::string_view bytes);

}  // namespace monotable
