#pragma once
// Reading stored items. (Query and Scan will live here too.)

#include <optional>
#include <string_view>

#include "engine/base/attribute_value.h"
#include "engine/base/status.h"
#include "engine/storage/catalog.h"
#include "engine/storage/storage.h"

namespace monotable {

// The item stored at `key` in `table` (as of `snapshot` when given), or nullopt.
// Errors: kInternal (I/O, corruption).
Result<std::optional<Item>> ReadStoredItem(const Storage& storage, const Table& table,
                                           std::string_view key,
                                           const rocksdb::Snapshot* snapshot = nullptr);

}  // namespace monotable
