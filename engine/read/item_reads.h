#pragma once
// GetItem and BatchGetItem: reads of whole items by key, without item locks (a read
// sees the latest committed image, or the image of `state` when given: a past state of
// the database for an eventually consistent read, engine/staleness). Thread-safe.

#include <span>

#include "engine/api/requests.h"
#include "engine/base/status.h"
#include "engine/storage/catalog.h"
#include "engine/storage/storage.h"

namespace monotable {

// Errors: kValidation (key rules: schema/key_validation.h), kInternal.
Result<ItemResult> GetItem(const Storage& storage, const Table& table,
                           const GetItemRequest& request, const rocksdb::Snapshot* state = nullptr);

// Answers at most 16 MB of items; the rest is reported as unprocessed. Errors:
// kValidation ("Provided list of item keys contains duplicates", key errors),
// kResourceNotFound, kInternal. `states`, when not empty, holds the state each request
// table (in order) is read at (null: the latest). `touches`, when not null, receives
// every key read, and those throttled with size and units 0 (unknown).
Result<BatchGetResult> BatchGetItem(const Storage& storage, const TableLookup& tables,
                                    const BatchGetRequest& request,
                                    std::span<const rocksdb::Snapshot* const> states = {},
                                    ItemTouches* touches = nullptr);

}  // namespace monotable
