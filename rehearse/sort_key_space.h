#pragma once
// The sort keys of a rehearsal's item collections (KeyDistribution::sort_keys): how the
// requests on one named partition key spread over its sort keys, so that a partition
// hot on that one key may split inside its collection (HeatPolicy::split_by_sort_key)
// as the server's does. Sort keys are prefix + a number zero-padded to one width, so
// that their order is the numbers'; each is encoded as the server stores a string sort
// key (key_codec::AppendKeyValue, the key's last part), which is what the partition
// map's sort-key boundaries hold.
//
// Thread-safety: pure functions. Errors: none (the workload parser validated them).

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/throughput/partition_map.h"
#include "rehearse/workload.h"

namespace monotable::rehearse {

// The string sort key `sort_key` encoded as the server stores it.
std::string EncodedSortKey(std::string_view sort_key);
// The encoded sort key of number `number` (< sort.count).
std::string EncodedSortKey(const SortKeys& sort, uint64_t number);

struct SortShare {
  std::string sort_key;  // encoded
  double share = 0;      // of the partition key's requests
};

// How the requests on the partition key of `hash` spread over its sort keys, given the
// resource's partitions, at simulated tick `tick`:
//   - random order: each piece of the map that holds the hash gets the share of the sort
//     keys it covers, half on the sort key a quarter into them and half on the one
//     three quarters in (as the hash space is spread), so that a hot piece has two sort
//     keys to split between; a piece with one sort key (one item) gets it all;
//   - ascending: every request of the tick on one sort key, number `tick` (a
//     time-ordered sort key, never reused: traffic that moves monotonically, never
//     split; `count` does not bound it).
// Replaces `out`'s contents; the shares add up to 1.
void ShareOverSortKeys(const SortKeys& sort, const throughput::PartitionMap& map, uint64_t hash,
                       uint64_t tick, std::vector<SortShare>* out);

}  // namespace monotable::rehearse
