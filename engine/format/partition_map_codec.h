#pragma once
// The persisted form of one table's (or GSI's) throughput partition map, the catalog's
// 'p' record (catalog_keys::PartitionMapKey), over plain boundaries: throughput's
// PartitionMap (throughput/partition_map.h) converts to and from them, and keeps the
// map's meaning. A boundary is a (hash, sort key) pair; boundary 0 is (0, empty).
//
//   byte 0      format version: 1 (kVersion) without sort-key boundaries,
//               2 (kSortKeyVersion) with them
//   varint      partition count n >= 1
//   version 1:  n-1 varints, gaps between consecutive begins (each >= 1)
//   version 2:  n-1 times: varint gap (>= 0), varint sort key length, the sort key; the
//               boundaries strictly increasing as (hash, sort key) pairs
//   Varints are varint.h's.
//
// Thread-safety: pure functions.
// Errors: Decode returns kInternal ("corrupt partition map: ...") for bytes it cannot
// read or whose boundaries are out of order, never trusting them.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/status.h"

namespace monotable::partition_map_codec {

inline constexpr uint8_t kVersion = 1;
inline constexpr uint8_t kSortKeyVersion = 2;

struct Boundaries {
  std::vector<uint64_t> begins;  // non-decreasing, begins[0] == 0
  // Empty when no boundary has a sort key; else parallel to begins (sorts[0] empty).
  std::vector<std::string> sorts;
};

// `begins` and `sorts` as Boundaries holds them (the version follows from `sorts`).
std::string Encode(std::span<const uint64_t> begins, std::span<const std::string> sorts);
Result<Boundaries> Decode(std::string_view bytes);

}  // namespace monotable::partition_map_codec
