#include "engine/api/item_touches.h"

namespace monotable {

void ItemTouches::Record(const TableDefinition& table, const Item& key, bool write, uint64_t bytes,
                         double units) {
  ItemTouch touch;
  touch.table = table.name;
  touch.write = write;
  touch.bytes = bytes;
  touch.units = units;
  if (auto it = key.find(table.hash_key()); it != key.end()) touch.partition_key = it->second;
  if (const std::string* range = table.range_key()) {
    if (auto it = key.find(*range); it != key.end()) touch.sort_key = it->second;
  }
  items_.push_back(std::move(touch));
}

}  // namespace monotable
