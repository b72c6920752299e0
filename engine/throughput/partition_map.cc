#include "engine/throughput/partition_map.h"

#include <algorithm>

#include "engine/throughput/varint.h"

namespace monotable::throughput {
namespace {

Status Corrupt(const std::string& what) {
  return Status::Internal("corrupt partition map: " + what);
}

}  // namespace

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
  const uint64_t last = index + 1 < begins_.size() ? begins_[index + 1] - 1 : UINT64_MAX;
  return {begins_[index], last};
}

size_t PartitionMap::Find(uint64_t hash) const {
  return static_cast<size_t>(std::upper_bound(begins_.begin(), begins_.end(), hash) -
                             begins_.begin()) -
         1;
}

Status PartitionMap::Split(size_t index, std::span<const uint64_t> cuts) {
  if (index >= begins_.size())
    return Status::Internal("split: no partition " + std::to_string(index));
  const HashRange range = Range(index);
  uint64_t prev = range.begin;
  for (uint64_t cut : cuts) {
    if (cut <= prev || cut > range.last)
      return Status::Internal("split: cut outside the partition or out of order");
    prev = cut;
  }
  begins_.insert(begins_.begin() + static_cast<ptrdiff_t>(index) + 1, cuts.begin(), cuts.end());
  return Status::Ok();
}

size_t PartitionMap::Widest() const {
  size_t widest = 0;
  for (size_t i = 1; i < begins_.size(); ++i) {
    if (Range(i).last - Range(i).begin > Range(widest).last - Range(widest).begin) widest = i;
  }
  return widest;
}

std::string PartitionMap::Encode() const {
  std::string out(1, static_cast<char>(kPartitionMapVersion));
  PutVarint(out, begins_.size());
  for (size_t i = 1; i < begins_.size(); ++i) PutVarint(out, begins_[i] - begins_[i - 1]);
  return out;
}

Result<PartitionMap> PartitionMap::Decode(std::string_view in) {
  if (in.empty()) return Corrupt("empty");
  if (static_cast<uint8_t>(in.front()) != kPartitionMapVersion) {
    return Corrupt("unknown version " + std::to_string(static_cast<uint8_t>(in.front())));
  }
  in.remove_prefix(1);
  uint64_t count = 0;
  if (!GetVarint(in, count)) return Corrupt("truncated count");
  // Each gap takes at least one byte: a count beyond that is a lie, and refusing it
  // here keeps garbage from reserving gigabytes.
  if (count == 0 || count - 1 > in.size()) return Corrupt("bad count");
  PartitionMap map;
  map.begins_.reserve(count);
  for (uint64_t i = 1; i < count; ++i) {
    uint64_t gap = 0;
    if (!GetVarint(in, gap)) return Corrupt("truncated boundary");
    const uint64_t prev = map.begins_.back();
    if (gap == 0 || gap > UINT64_MAX - prev) return Corrupt("boundaries out of order");
    map.begins_.push_back(prev + gap);
  }
  if (!in.empty()) return Corrupt("trailing bytes");
  return map;
}

}  // namespace monotable::throughput
