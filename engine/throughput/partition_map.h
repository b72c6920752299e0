#pragma once
// The boundaries of one table's (or GSI's) partitions: contiguous ranges of the 64-bit
// key hash (engine/key_codec.h's Hash64 of the partition key) covering all 2^64 values.
// Partition i covers [begin(i), begin(i+1)); the last one runs to the top of the hash
// space. Partitions only split, never merge, so a map only ever gains boundaries.
//
// The encoded form is what the catalog persists:
//   byte 0      format version (kPartitionMapVersion)
//   varint      partition count n >= 1
//   n-1 varints gaps between consecutive begins (each >= 1); begin(0) is always 0
// Varints are LEB128, at most 10 bytes.
//
// Thread-safety: a value type; const methods may be called concurrently.
// Errors: Decode and SplitAt return a Status instead of trusting their input.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/status.h"

namespace monotable::throughput {

inline constexpr uint8_t kPartitionMapVersion = 1;

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
  // The index of the partition holding `hash`.
  size_t Find(uint64_t hash) const;

  // Splits partition `index` at `cuts`: ascending hashes in (begin, last] of that
  // partition, each the begin of a new partition. Indexes above `index` move up by
  // cuts.size(). Leaves the map unchanged on error.
  Status Split(size_t index, std::span<const uint64_t> cuts);
  // The index of the widest partition (the lowest index among equals).
  size_t Widest() const;

  std::string Encode() const;
  static Result<PartitionMap> Decode(std::string_view bytes);

  bool operator==(const PartitionMap&) const = default;

 private:
  std::vector<uint64_t> begins_;  // strictly increasing, begins_[0] == 0
};

}  // namespace monotable::throughput
