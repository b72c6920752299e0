#pragma once
// The capacity a single-item write consumed, from what the write path did: its old and
// new images and the index entries it changed. Pure function; thread-safe.

#include <optional>
#include <string>

#include "engine/base/attribute_value.h"
#include "engine/capacity/capacity.h"
#include "engine/index/index_entries.h"
#include "engine/write/write_path.h"

namespace monotable::capacity {

// What a single-item write consumed: the table by ItemWriteUnits, and each index the
// write changed one unit per 1 KB of each entry it deleted and each it wrote (so an
// update that moves an entry costs two writes there, as DynamoDB documents).
ConsumedCapacity ForWrite(const std::string& table_name, const std::optional<Item>& old_item,
                          const std::optional<Item>& new_item, const IndexWrites& index_writes);

// ForWrite of a WritePath outcome, from the sizes it computed.
ConsumedCapacity ForWrite(const std::string& table_name, const WriteOutcome& outcome);

// The table's units of a single-item write (ItemWriteUnits) from the images' sizes.
double TableWriteUnits(const ImageSizes& sizes);

}  // namespace monotable::capacity
