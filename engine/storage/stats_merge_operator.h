#pragma once
// The catalog column family's merge operator: adds the signed deltas of statistics
// records (format/stats_record.h). Thread-safe, as RocksDB requires.

#include <rocksdb/merge_operator.h>

#include <memory>

namespace monotable {

std::shared_ptr<rocksdb::MergeOperator> NewStatsMergeOperator();

}  // namespace monotable
