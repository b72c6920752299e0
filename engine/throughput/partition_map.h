#pragma once
// The boundaries of one table's (or GSI's) partitions: contiguous ranges of the key
// space ordered by the 64-bit key hash (format/key_codec.h's Hash64 of the partition
// key), then by the encoded sort key. A boundary is a (hash, sort key) pair; its sort
// key is empty unless a hot item collection was split by sort key (split for heat with
// sort-key splits on: resource.h), so that most maps are plain hash ranges. Partition i
// covers [begin(i), begin(i+1)); the last one runs to the top of the key space.
// Partitions only split, never merge, so a map only ever gains boundaries.
//
// A partition's hash range (Range) is inclusive: when the next boundary has a sort key,
// both partitions hold its hash (one item collection over two partitions).
//
// The encoded form, what the catalog persists, is format/partition_map_codec.h's: Encode
// and Decode convert the map to and from its plain boundaries there.
//
// Thread-safety: a value type; const methods may be called concurrently.
// Errors: Decode (kInternal, the codec's) and the splits return a Status instead of
// trusting their input.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/status.h"

namespace monotable::throughput {

// An inclusive hash range [begin, last]; inclusive so that the top range needs no 2^64.
struct HashRange {
  uint64_t begin = 0;
  uint64_t last = UINT64_MAX;

  bool Contains(uint64_t hash) const { return hash >= begin && hash <= last; }
  // The middle: the first hash of the upper half when split in two.
  uint64_t Middle() const { return begin + (last - begin) / 2 + 1; }
  bool operator==(const HashRange&) const = default;
};

// The cuts that divide `range` into `pieces` equal parts (fewer when the range is
// narrower than `pieces`).
std::vector<uint64_t> EvenCuts(const HashRange& range, size_t pieces);

class PartitionMap {
 public:
  // One partition covering everything.
  PartitionMap() : begins_{0} {}
  // `count` (>= 1) partitions of equal width.
  static PartitionMap Uniform(size_t count);

  size_t size() const { return begins_.size(); }
  HashRange Range(size_t index) const;
  // The sort key where partition `index` begins within the hash Range(index).begin
  // (empty: at the hash's first sort key), and where the next one begins within
  // Range(index).last (empty: at the next hash).
  std::string_view SortBegin(size_t index) const;
  std::string_view SortEnd(size_t index) const;
  bool has_sort_key_boundaries() const { return !sorts_.empty(); }
  // The index of the partition holding the key (`hash`, `sort_key`); without a sort key,
  // the first partition holding `hash`.
  size_t Find(uint64_t hash, std::string_view sort_key = {}) const;
  // The same map without its sort-key boundaries: what follows partitions by hash only
  // (stream shards, a Scan's per-partition charge).
  PartitionMap HashOnly() const;

  // Splits partition `index` at `cuts`: ascending hashes in (begin, last] of that
  // partition, each the begin of a new partition. Indexes above `index` move up by
  // cuts.size(). Leaves the map unchanged on error.
  Status Split(size_t index, std::span<const uint64_t> cuts);
  // Splits partition `index` at the key (`hash`, `sort_key`), which must lie strictly
  // inside it; `sort_key` not empty. Leaves the map unchanged on error.
  Status SplitAtSortKey(size_t index, uint64_t hash, std::string_view sort_key);
  // The index of the widest partition (the lowest index among equals).
  size_t Widest() const;

  std::string Encode() const;
  static Result<PartitionMap> Decode(std::string_view bytes);

  bool operator==(const PartitionMap&) const = default;

 private:
  // Whether the boundary (hash, sort_key) lies strictly inside partition `index`.
  bool Inside(size_t index, uint64_t hash, std::string_view sort_key) const;

  std::vector<uint64_t> begins_;  // non-decreasing, begins_[0] == 0
  // Empty when no boundary has a sort key; else parallel to begins_ (sorts_[0] empty),
  // the pairs (begins_[i], sorts_[i]) strictly increasing.
  std::vector<std::string> sorts_;
};

}  // namespace monotable::throughput
