#include "engine/write/write_capacity.h"

#include <algorithm>

namespace monotable::capacity {

namespace {

ConsumedCapacity WithIndexes(const std::string& table_name, double table_units,
                             const IndexWrites& index_writes) {
  ConsumedCapacity consumed;
  consumed.table_name = table_name;
  consumed.table.write_units = table_units;
  for (const auto& change : index_writes.changes) {
    auto& indexes =
        change.global ? consumed.global_secondary_indexes : consumed.local_secondary_indexes;
    double& units = indexes[change.index_name].write_units;
    if (change.deleted_bytes) units += WriteUnits(static_cast<uint64_t>(*change.deleted_bytes));
    if (change.put_bytes) units += WriteUnits(static_cast<uint64_t>(*change.put_bytes));
  }
  return consumed;
}

}  // namespace

ConsumedCapacity ForWrite(const std::string& table_name, const std::optional<Item>& old_item,
                          const std::optional<Item>& new_item, const IndexWrites& index_writes) {
  return WithIndexes(table_name, ItemWriteUnits(old_item, new_item), index_writes);
}

ConsumedCapacity ForWrite(const std::string& table_name, const WriteOutcome& outcome) {
  return WithIndexes(table_name, TableWriteUnits(outcome.sizes), outcome.index_writes);
}

double TableWriteUnits(const ImageSizes& sizes) {
  return WriteUnits(std::max(sizes.old_size, sizes.new_size));
}

}  // namespace monotable::capacity
