#pragma once
// BoundedIterator: a RocksDB iterator over one column family, confined to a key range.
// Not thread-safe: one reader at a time, like the RocksDB iterator it owns.

#include <rocksdb/db.h>

#include <memory>
#include <string>

#include "engine/storage/storage.h"

namespace monotable {

// An iterator confined to the key range [lower, upper) that a read may touch. RocksDB
// then stops at the range's end instead of reading past it (the next key, often the
// next block, in both directions), and, when the range lies under one partition hash,
// skips the SST files whose prefix bloom filter rules that hash out.
// Owns the bound strings because ReadOptions holds only Slices, which must outlive the
// iterator; hence neither copyable nor movable.
class BoundedIterator {
 public:
  // An empty `upper` means no upper bound. `snapshot` (may be null: the latest) is the
  // state read, held by the caller for the iterator's life.
  BoundedIterator(const Storage& storage, rocksdb::ColumnFamilyHandle* family, std::string lower,
                  std::string upper, const rocksdb::Snapshot* snapshot = nullptr)
      : lower_(std::move(lower)),
        upper_(std::move(upper)),
        lower_slice_(lower_),
        upper_slice_(upper_) {
    rocksdb::ReadOptions options;
    // Total order as far as results go, but RocksDB may consult the prefix (partition
    // hash) bloom filters when the seek key and the upper bound share the prefix; the
    // table readers look at filters only with total_order_seek off.
    options.total_order_seek = false;
    options.auto_prefix_mode = true;
    // Table and index families never hold range deletions (a dropped table or index
    // drops its family): no range-tombstone iterators per SST file to build and merge.
    options.ignore_range_deletions = true;
    options.snapshot = snapshot;
    options.iterate_lower_bound = &lower_slice_;
    if (!upper_.empty()) options.iterate_upper_bound = &upper_slice_;
    it_.reset(storage.db()->NewIterator(options, family));
  }
  BoundedIterator(const BoundedIterator&) = delete;
  BoundedIterator& operator=(const BoundedIterator&) = delete;

  rocksdb::Iterator& operator*() { return *it_; }
  rocksdb::Iterator* operator->() { return it_.get(); }

 private:
  const std::string lower_;
  const std::string upper_;
  const rocksdb::Slice lower_slice_;
  const rocksdb::Slice upper_slice_;
  std::unique_ptr<rocksdb::Iterator> it_;  // destroyed before the bounds
};

}  // namespace monotable
