#include "engine/capacity.h"

#include <algorithm>

namespace monotable {
namespace {

void AddEach(std::map<std::string, Capacity>& into, const std::map<std::string, Capacity>& from) {
  for (const auto& [name, capacity] : from) into[name] += capacity;
}

uint64_t Units(uint64_t bytes, uint64_t unit_bytes) {
  return std::max<uint64_t>(1, (bytes + unit_bytes - 1) / unit_bytes);
}

uint64_t SizeOf(const std::optional<Item>& item) { return item ? ItemSize(*item) : 0; }

}  // namespace

Capacity ConsumedCapacity::Total() const {
  Capacity total = table;
  for (const auto& [name, c] : global_secondary_indexes) total += c;
  for (const auto& [name, c] : local_secondary_indexes) total += c;
  return total;
}

ConsumedCapacity& ConsumedCapacity::operator+=(const ConsumedCapacity& other) {
  table += other.table;
  AddEach(global_secondary_indexes, other.global_secondary_indexes);
  AddEach(local_secondary_indexes, other.local_secondary_indexes);
  return *this;
}

namespace capacity {

double ReadUnits(uint64_t bytes, bool consistent) {
  const double units = static_cast<double>(Units(bytes, kReadUnitBytes));
  return consistent ? units : units / 2;
}

double WriteUnits(uint64_t bytes) { return static_cast<double>(Units(bytes, kWriteUnitBytes)); }

double ItemWriteUnits(const std::optional<Item>& old_item, const std::optional<Item>& new_item) {
  return WriteUnits(std::max(SizeOf(old_item), SizeOf(new_item)));
}

double ItemReadUnits(const std::optional<Item>& item, bool consistent) {
  return ReadUnits(SizeOf(item), consistent);
}

}  // namespace capacity
}  // namespace monotable
