#include "engine/throughput/partition_map.h"

#include <algorithm>

#include "engine/format/partition_map_codec.h"

namespace monotable::throughput {
std::vector<uint64_t> EvenCuts(const HashRange& range, size_t pieces) {
  const unsigned __int128 width = static_cast<unsigned __int128>(range.last - range.begin) + 1;
  if (width < pieces) pieces = static_cast<size_t>(width);
  std::vector<uint64_t> cuts;
  for (size_t i = 1; i < pieces; ++i) {
    cuts.push_back(range.begin + static_cast<uint64_t>(width * i / pieces));
  }
  return cuts;
}

PartitionMap PartitionMap::Uniform(size_t count) {
  PartitionMap map;
  const std::vector<uint64_t> cuts = EvenCuts(HashRange{}, count);
  map.begins_.insert(map.begins_.end(), cuts.begin(), cuts.end());
  return map;
}

HashRange PartitionMap::Range(size_t index) const {
  if (index + 1 >= begins_.size()) return {begins_[index], UINT64_MAX};
  // A next boundary inside a hash leaves that hash in this partition too.
  const bool shared = !sorts_.empty() && !sorts_[index + 1].empty();
  return {begins_[index], begins_[index + 1] - (shared ? 0 : 1)};
}

std::string_view PartitionMap::SortBegin(size_t index) const {
  return sorts_.empty() ? std::string_view() : std::string_view(sorts_[index]);
}

std::string_view PartitionMap::SortEnd(size_t index) const {
  return sorts_.empty() || index + 1 >= sorts_.size() ? std::string_view()
                                                      : std::string_view(sorts_[index + 1]);
}

size_t PartitionMap::Find(uint64_t hash, std::string_view sort_key) const {
  size_t index = static_cast<size_t>(std::upper_bound(begins_.begin(), begins_.end(), hash) -
                                     begins_.begin()) -
                 1;
  if (sorts_.empty()) return index;
  // Back over the boundaries inside `hash` that lie above the key (a hot collection has
  // a few of them; the first boundary, (0, empty), stops the walk).
  while (index > 0 && begins_[index] == hash && sort_key < sorts_[index]) --index;
  return index;
}

PartitionMap PartitionMap::HashOnly() const {
  if (sorts_.empty()) return *this;
  PartitionMap map;
  for (size_t i = 1; i < begins_.size(); ++i) {
    if (sorts_[i].empty()) map.begins_.push_back(begins_[i]);
  }
  return map;
}

bool PartitionMap::Inside(size_t index, uint64_t hash, std::string_view sort_key) const {
  const auto below = [](uint64_t h1, std::string_view s1, uint64_t h2, std::string_view s2) {
    return h1 < h2 || (h1 == h2 && s1 < s2);
  };
  if (!below(begins_[index], SortBegin(index), hash, sort_key)) return false;
  return index + 1 >= begins_.size() ||
         below(hash, sort_key, begins_[index + 1], SortBegin(index + 1));
}

Status PartitionMap::Split(size_t index, std::span<const uint64_t> cuts) {
  if (index >= begins_.size())
    return Status::Internal("split: no partition " + std::to_string(index));
  uint64_t prev = begins_[index];
  for (uint64_t cut : cuts) {
    if (cut <= prev || !Inside(index, cut, {}))
      return Status::Internal("split: cut outside the partition or out of order");
    prev = cut;
  }
  begins_.insert(begins_.begin() + static_cast<ptrdiff_t>(index) + 1, cuts.begin(), cuts.end());
  if (!sorts_.empty()) {
    sorts_.insert(sorts_.begin() + static_cast<ptrdiff_t>(index) + 1, cuts.size(), std::string());
  }
  return Status::Ok();
}

Status PartitionMap::SplitAtSortKey(size_t index, uint64_t hash, std::string_view sort_key) {
  if (index >= begins_.size())
    return Status::Internal("split: no partition " + std::to_string(index));
  if (sort_key.empty() || !Inside(index, hash, sort_key))
    return Status::Internal("split: sort key cut outside the partition");
  if (sorts_.empty()) sorts_.resize(begins_.size());
  const auto at = static_cast<ptrdiff_t>(index) + 1;
  begins_.insert(begins_.begin() + at, hash);
  sorts_.insert(sorts_.begin() + at, std::string(sort_key));
  return Status::Ok();
}

size_t PartitionMap::Widest() const {
  size_t widest = 0;
  for (size_t i = 1; i < begins_.size(); ++i) {
    if (Range(i).last - Range(i).begin > Range(widest).last - Range(widest).begin) widest = i;
  }
  return widest;
}

std::string PartitionMap::Encode() const { return partition_map_codec::Encode(begins_, sorts_); }

Result<PartitionMap> PartitionMap::Decode(std::string_view bytes) {
  MT_ASSIGN_OR_RETURN(boundaries, partition_map_codec::Decode(bytes));
  PartitionMap map;
  map.begins_ = std::move(boundaries.begins);
  map.sorts_ = std::move(boundaries.sorts);
  return map;
}

}  // namespace monotable::throughput
