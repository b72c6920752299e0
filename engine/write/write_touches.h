#pragma once
// --log-requests (api/item_touches.h): what a write touched, recorded once it is done:
// its item on the table, then each GSI entry it deleted or put, on that GSI, so that
// `monotable rehearse --trace` charges the entries on the GSI partitions they were on
// instead of guessing them from the table's write.
//
// Thread-safety: as ItemTouches (one request's collector). Errors: none.

#include <cstdint>
#include <optional>

#include "engine/api/item_touches.h"
#include "engine/base/attribute_value.h"
#include "engine/index/index_entries.h"
#include "engine/schema/table_schema.h"

namespace monotable {

// One write, as the write path saw it.
struct TouchedWrite {
  const Item& key;                      // the item's key, or the whole item
  const std::optional<Item>& old_item;  // before; nullopt: none
  const std::optional<Item>& new_item;  // after; nullopt: deleted or absent
  const IndexWrites& index_writes;      // the entries it changed
  uint64_t bytes = 0;                   // the larger of the two images
  double table_units = 0;               // consumed on the table
  // Each entry costs a unit per KB of its size, this many times (transactional: 2), as
  // capacity::ForWrite (and Transactional) count the GSI's units.
  double index_factor = 1;
};

// Records the write's item on `table`, then each GSI entry of `write.index_writes`: a
// deleted one with the GSI's keys of the old image, a put one with those of the new
// image (an entry rewritten in place is a put), each with the entry's size and units.
void RecordWrite(ItemTouches& touches, const TableDefinition& table, const TouchedWrite& write);

}  // namespace monotable
