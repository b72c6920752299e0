#pragma once
// PutItem, DeleteItem and UpdateItem on one table: validate the key against the table,
// evaluate the condition and compute the new image under the item's lock (WritePath),
// and report consumed capacity, ReturnValues and the item collection. Thread-safe.

#include "engine/api/requests.h"
#include "engine/base/status.h"
#include "engine/storage/catalog.h"
#include "engine/write/write_path.h"

namespace monotable {

// Errors, all three: kValidation (key and item rules: schema/key_validation.h),
// kConditionalCheckFailed ("The conditional request failed", with the old item as
// ErrorDetail when asked), kTransactionConflict, kItemCollectionSizeLimitExceeded,
// kInternal.
// PutItem moves `request.item` into the new image.
Result<ItemResult> PutItem(WritePath& write_path, Table& table, PutItemRequest request);
Result<ItemResult> DeleteItem(WritePath& write_path, Table& table,
                              const DeleteItemRequest& request);
// Also kValidation for an update of a key attribute or an update expression that
// does not apply to the item.
Result<ItemResult> UpdateItem(WritePath& write_path, Table& table,
                              const UpdateItemRequest& request);

}  // namespace monotable
