#include "engine/api/item_touches.h"

namespace monotable {

void ItemTouches::Record(const TableDefinition& table, const Item& key, bool write, uint64_t bytes,
                         double units) {
  Keyed(table.name, std::string(), table.hash_key(), table.range_key(), key, write, bytes, units);
}

void ItemTouches::RecordIndexEntry(const TableDefinition& table,
                                   const SecondaryIndexDefinition& index, const Item& image,
                                   uint64_t bytes, double units) {
  Keyed(table.name, index.name, index.hash_key(), index.range_key(), image, true, bytes, units);
}

void ItemTouches::Keyed(const std::string& table, const std::string& index, const std::string& hash,
                        const std::string* range, const Item& key, bool write, uint64_t bytes,
                        double units) {
  ItemTouch touch;
  touch.table = table;
  touch.index = index;
  touch.write = write;
  touch.bytes = bytes;
  touch.units = units;
  if (auto it = key.find(hash); it != key.end()) touch.partition_key = it->second;
  if (range != nullptr) {
    if (auto it = key.find(*range); it != key.end()) touch.sort_key = it->second;
  }
  items_.push_back(std::move(touch));
}

}  // namespace monotable
