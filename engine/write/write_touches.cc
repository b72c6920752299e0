#include "engine/write/write_touches.h"

#include "engine/capacity/capacity.h"

namespace monotable {

void RecordWrite(ItemTouches& touches, const TableDefinition& table, const TouchedWrite& write) {
  touches.Record(table, write.key, true, write.bytes, write.table_units);
  for (const IndexEntryChange& change : write.index_writes.changes) {
    if (!change.global) continue;  // an LSI's entries are charged to the table
    const SecondaryIndexDefinition* index = table.FindIndex(change.index_name);
    if (index == nullptr) continue;
    auto entry = [&](const std::optional<int64_t>& bytes, const std::optional<Item>& image) {
      if (!bytes || !image) return;
      const auto size = static_cast<uint64_t>(*bytes);
      touches.RecordIndexEntry(table, *index, *image, size,
                               write.index_factor * capacity::WriteUnits(size));
    };
    entry(change.deleted_bytes, write.old_item);
    entry(change.put_bytes, write.new_item);
  }
}

}  // namespace monotable
