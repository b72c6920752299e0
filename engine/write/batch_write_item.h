#pragma once
// BatchWriteItem: Put and Delete requests over several tables, all validated before
// any is applied, then each applied on its own (a batch is not a transaction).
// Thread-safe.

#include "engine/api/requests.h"
#include "engine/base/status.h"
#include "engine/storage/catalog.h"
#include "engine/write/write_path.h"

namespace monotable {

// Errors: kValidation ("Provided list of item keys contains duplicates", key and item
// errors), kResourceNotFound, kItemCollectionSizeLimitExceeded, kInternal. A write
// that meets an in-flight transaction waits for it.
Result<BatchWriteResult> BatchWriteItem(WritePath& write_path, const TableLookup& tables,
                                        const BatchWriteRequest& request);

}  // namespace monotable
