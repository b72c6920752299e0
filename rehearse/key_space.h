#pragma once
// A key distribution made finite, so that identical requests can be batched: the keys
// heavy enough to matter one by one (a hot key, Zipf's head, each shard of a sharded
// key) are slots of their own; the rest is a weight spread over the hash space, which
// the simulator shares out over the current partitions in proportion to their hash
// ranges, as a large number of uniformly hashed keys would be.
//
// Keys are hashed as the server hashes a string partition key (key_codec::Hash64 of
// its encoding), so that a rehearsal and a live run put each key on the same partition.
//
// Thread-safety: value types and pure functions. Errors: none (the workload parser
// validated the distribution).

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "rehearse/workload.h"

namespace monotable::rehearse {

struct KeySlot {
  std::string key;
  uint64_t hash = 0;
  double weight = 0;     // share of the distribution's requests
  std::string sort_key;  // encoded: one item of the collection (a trace's); else empty
};

struct KeySpace {
  std::vector<KeySlot> slots;
  double spread = 0;  // the share not in slots, uniform over the hash space
  SortKeys sort;      // of each slot's item collection (none for the spread share)
};

// At most this many keys (before sharding) are slots; lighter keys are spread.
inline constexpr size_t kMaxSlotKeys = 32;
// A key lighter than this share of its distribution is spread.
inline constexpr double kMinSlotWeight = 0.002;

// The hash the server gives the string partition key `key`.
uint64_t StringKeyHash(std::string_view key);

// The distribution at simulated second `second` (only time_ordered depends on it).
KeySpace MakeKeySpace(const KeyDistribution& keys, int64_t second);
// Whether MakeKeySpace changes with the second.
inline bool TimeDependent(const KeyDistribution& keys) {
  return keys.kind == KeyKind::kTimeOrdered;
}

// The generalised harmonic number H(n, s) = sum of i^-s for i in 1..n (exact for the
// first 10,000 terms, the rest by the integral with its midpoint correction).
double Harmonic(uint64_t n, double s);

}  // namespace monotable::rehearse
