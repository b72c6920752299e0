#pragma once
// How DynamoDB charges a Scan page: per partition of the table (or GSI) that the page
// reads, each partition's bytes rounded up to 4 KB on their own and at least one unit
// (half for an eventually consistent read). A Scan of a new on-demand table, which has
// four partitions, therefore costs 4 units (2 eventually consistent) even for one tiny
// item or none: scylladb/scylladb's test_returnconsumedcapacity.py
// test_scan_consumed_capacity, which passes against DynamoDB, expects exactly that. A
// Query reads one partition and keeps the plain rule (ReadCharge::ForPage).

#include <cstdint>
#include <optional>
#include <vector>

namespace monotable {

// The partitions a Scan page may read: the begins of the partitions (ascending, the
// first 0) and the hashes where the page's range starts and where it would end if it
// read to its end.
struct ScanPartitions {
  std::vector<uint64_t> begins;
  uint64_t first_hash = 0;
  uint64_t last_hash = UINT64_MAX;
};

// Tallies the bytes a page read per partition. Not thread-safe; one per page.
class ScanPartitionTally {
 public:
  explicit ScanPartitionTally(const ScanPartitions& partitions);

  // An entry of `bytes` whose key hashes to `hash` was read.
  void Add(uint64_t hash, uint64_t bytes);

  // The read units of the page: every partition from the first one to the one holding
  // `stopped_at` (the last key read when the page stopped early; nullopt: the page read
  // its whole range), each rounded up on its own, at least one unit each.
  double Units(bool consistent, std::optional<uint64_t> stopped_at) const;

 private:
  size_t IndexOf(uint64_t hash) const;

  const ScanPartitions& partitions_;
  std::vector<uint64_t> bytes_;  // parallel to partitions_.begins
};

}  // namespace monotable
