#include "engine/read/scan_partitions.h"

#include <algorithm>

#include "engine/capacity/capacity.h"

namespace monotable {

ScanPartitionTally::ScanPartitionTally(const ScanPartitions& partitions)
    : partitions_(partitions), bytes_(std::max<size_t>(1, partitions.begins.size()), 0) {}

size_t ScanPartitionTally::IndexOf(uint64_t hash) const {
  const auto& begins = partitions_.begins;
  auto after = std::upper_bound(begins.begin(), begins.end(), hash);
  return after == begins.begin() ? 0 : static_cast<size_t>(after - begins.begin() - 1);
}

void ScanPartitionTally::Add(uint64_t hash, uint64_t bytes) { bytes_[IndexOf(hash)] += bytes; }

double ScanPartitionTally::Units(bool consistent, std::optional<uint64_t> stopped_at) const {
  const size_t first = IndexOf(partitions_.first_hash);
  const size_t last = std::max(first, IndexOf(stopped_at.value_or(partitions_.last_hash)));
  double units = 0;
  for (size_t i = first; i <= last; ++i) units += capacity::ReadUnits(bytes_[i], consistent);
  return units;
}

}  // namespace monotable
