#pragma once
// BatchWriteItem: Put and Delete requests over several tables, all validated before
// any is applied, each admitted on its own (throughput), then all the admitted ones
// written together in one RocksDB write (WritePath::ApplyBatch). Unlike a transaction
// there are no conditions, a throttled write is handed back while the others are
// written, and an item held by a transaction is waited for. Thread-safe.

#include "engine/api/requests.h"
#include "engine/base/status.h"
#include "engine/storage/catalog.h"
#include "engine/write/write_path.h"

namespace monotable {

// Throttled writes are listed in the result's `unprocessed`. Errors, with nothing
// written: kValidation ("Provided list of item keys contains duplicates", key and item
// errors), kResourceNotFound, kItemCollectionSizeLimitExceeded, kInternal; the
// throttling error of the first write refused when every write was refused.
// `touches`, when not null, receives every item written with the GSI entries it changed
// (write_touches.h), and those throttled (at their table or a GSI) with size and units
// 0 (unknown).
Result<BatchWriteResult> BatchWriteItem(WritePath& write_path, const TableLookup& tables,
                                        const BatchWriteRequest& request,
                                        ItemTouches* touches = nullptr);

}  // namespace monotable
