#include "engine/write/write_capacity.h"

namespace monotable::capacity {

ConsumedCapacity ForWrite(const std::string& table_name, const std::optional<Item>& old_item,
                          const std::optional<Item>& new_item, const IndexWrites& index_writes) {
  ConsumedCapacity consumed;
  consumed.table_name = table_name;
  consumed.table.write_units = ItemWriteUnits(old_item, new_item);
  for (const auto& change : index_writes.changes) {
    auto& indexes =
        change.global ? consumed.global_secondary_indexes : consumed.local_secondary_indexes;
    double& units = indexes[change.index_name].write_units;
    if (change.deleted_bytes) units += WriteUnits(static_cast<uint64_t>(*change.deleted_bytes));
    if (change.put_bytes) units += WriteUnits(static_cast<uint64_t>(*change.put_bytes));
  }
  return consumed;
}

}  // namespace monotable::capacity
