#include "rehearse/sort_key_space.h"

#include <string_view>

#include "engine/base/attribute_value.h"
#include "engine/format/key_codec.h"

namespace monotable::rehearse {
namespace {

// The lowest number whose encoded sort key is at or above `bound` (sort.count if none).
uint64_t LowerBound(const SortKeys& sort, std::string_view bound) {
  uint64_t low = 0, high = sort.count;
  while (low < high) {
    const uint64_t mid = low + (high - low) / 2;
    if (EncodedSortKey(sort, mid) < bound) {
      low = mid + 1;
    } else {
      high = mid;
    }
  }
  return low;
}

}  // namespace

std::string EncodedSortKey(std::string_view sort_key) {
  std::string encoded;
  key_codec::AppendKeyValue(&encoded, AttributeValue::String(std::string(sort_key)),
                            /*last=*/true);
  return encoded;
}

std::string EncodedSortKey(const SortKeys& sort, uint64_t number) {
  // Ascending keys are tick numbers with no end: a width that never runs out keeps their
  // order the numbers'.
  const size_t width =
      sort.ascending ? 20 : std::to_string(sort.count > 0 ? sort.count - 1 : 0).size();
  std::string digits = std::to_string(number);
  if (digits.size() < width) digits.insert(0, width - digits.size(), '0');
  return EncodedSortKey(sort.prefix + digits);
}

void ShareOverSortKeys(const SortKeys& sort, const throughput::PartitionMap& map, uint64_t hash,
                       uint64_t tick, std::vector<SortShare>* out) {
  out->clear();
  if (sort.ascending) {
    out->push_back({EncodedSortKey(sort, tick), 1.0});
    return;
  }
  const auto count = static_cast<double>(sort.count);
  for (size_t i = map.Find(hash); i < map.size() && map.Range(i).Contains(hash); ++i) {
    const throughput::HashRange range = map.Range(i);
    // Where the piece starts and ends within the hash: empty bounds are open.
    const std::string_view from = range.begin == hash ? map.SortBegin(i) : std::string_view();
    const std::string_view to = range.last == hash ? map.SortEnd(i) : std::string_view();
    const uint64_t first = from.empty() ? 0 : LowerBound(sort, from);
    const uint64_t end = to.empty() ? sort.count : LowerBound(sort, to);
    if (end <= first) continue;
    const uint64_t keys = end - first;
    const double share = static_cast<double>(keys) / count;
    const uint64_t low = first + keys / 4, high = first + keys * 3 / 4;
    if (low == high) {
      out->push_back({EncodedSortKey(sort, low), share});
      continue;
    }
    out->push_back({EncodedSortKey(sort, low), share / 2});
    out->push_back({EncodedSortKey(sort, high), share / 2});
  }
}

}  // namespace monotable::rehearse
