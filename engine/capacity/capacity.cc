#include "engine/capacity/capacity.h"

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

ConsumedCapacity ReadCharge::ForPage(const std::string& table_name, double stored_units,
                                     uint64_t fetched_bytes, bool consistent) const {
  ConsumedCapacity consumed;
  consumed.table_name = table_name;
  if (index_name.empty()) {
    consumed.table.read_units = stored_units;
    return consumed;
  }
  auto& indexes =
      global_index ? consumed.global_secondary_indexes : consumed.local_secondary_indexes;
  indexes[index_name].read_units = stored_units;
  if (fetched_bytes > 0) consumed.table.read_units = capacity::ReadUnits(fetched_bytes, consistent);
  return consumed;
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

ConsumedCapacity Transactional(ConsumedCapacity consumed) {
  auto twice = [](Capacity& c) {
    c.read_units *= 2;
    c.write_units *= 2;
  };
  twice(consumed.table);
  for (auto& [name, c] : consumed.global_secondary_indexes) twice(c);
  for (auto& [name, c] : consumed.local_secondary_indexes) twice(c);
  return consumed;
}

void AddPerTable(std::vector<ConsumedCapacity>& per_table, const ConsumedCapacity& consumed) {
  for (auto& entry : per_table) {
    if (entry.table_name == consumed.table_name) {
      entry += consumed;
      return;
    }
  }
  per_table.push_back(consumed);
}

double ItemReadUnits(const std::optional<Item>& item, bool consistent) {
  return ReadUnits(SizeOf(item), consistent);
}

}  // namespace capacity
}  // namespace monotable
