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
// PutItem moves `request.item` into the new image. `touches` (--log-requests), when not
// null, receives the item written and the GSI entries it changed (write_touches.h); a
// failed write records nothing (the caller records a throttled one).
Result<ItemResult> PutItem(WritePath& write_path, Table& table, PutItemRequest request,
                           ItemTouches* touches = nullptr);
Result<ItemResult> DeleteItem(WritePath& write_path, Table& table, const DeleteItemRequest& request,
                              ItemTouches* touches = nullptr);
// Also kValidation for an update of a key attribute or an update expression that
// does not apply to the item.
Result<ItemResult> UpdateItem(WritePath& write_path, Table& table, const UpdateItemRequest& request,
                              ItemTouches* touches = nullptr);

}  // namespace monotable
