#pragma once
// Reading stored items. (Query and Scan will live here too.)

#include <optional>
#include <string>
#include <string_view>
#include <vector>

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

// The items stored at `keys` in `table` (nullopt where none), read together with
// RocksDB's batched MultiGet: cheaper per key than one Get each when the keys are close
// (a sweep's are in key order). Errors: kInternal (I/O, corruption).
Result<std::vector<std::optional<Item>>> ReadStoredItems(const Storage& storage, const Table& table,
                                                         const std::vector<std::string>& keys);

}  // namespace monotable
