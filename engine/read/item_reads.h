#pragma once
// GetItem and BatchGetItem: reads of whole items by key, without item locks (a read
// sees the latest committed image). Thread-safe.

#include "engine/api/requests.h"
#include "engine/base/status.h"
#include "engine/storage/catalog.h"
#include "engine/storage/storage.h"

namespace monotable {

// Errors: kValidation (key rules: schema/key_validation.h), kInternal.
Result<ItemResult> GetItem(const Storage& storage, const Table& table,
                           const GetItemRequest& request);

// Answers at most 16 MB of items; the rest is reported as unprocessed. Errors:
// kValidation ("Provided list of item keys contains duplicates", key errors),
// kResourceNotFound, kInternal.
Result<BatchGetResult> BatchGetItem(const Storage& storage, const TableLookup& tables,
                                    const BatchGetRequest& request);

}  // namespace monotable
