#pragma once
// Table statistics (item count, size in bytes) are persisted as one catalog record per
// table that every write adjusts with a RocksDB merge of signed deltas, so that the
// write path never reads-modifies-writes a shared counter.

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include <rocksdb/merge_operator.h>

namespace monotable {

struct StatsDelta {
  int64_t items = 0;
  int64_t bytes = 0;
};

// Frozen layout: two little-endian int64 (items, bytes).
std::string EncodeStats(const StatsDelta& delta);
StatsDelta DecodeStats(std::string_view bytes);

std::shared_ptr<rocksdb::MergeOperator> NewStatsMergeOperator();

}  // namespace monotable
