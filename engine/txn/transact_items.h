#pragma once
// TransactWriteItems and TransactGetItems: planning (tables, keys, the 4 MB bound, one
// action per item) and ClientRequestToken idempotency around the execution in
// transactions.h, which also states the isolation model. Thread-safe.

#include "engine/api/requests.h"
#include "engine/base/status.h"
#include "engine/storage/catalog.h"
#include "engine/txn/idempotency_cache.h"
#include "engine/txn/transactions.h"

namespace monotable {

// Errors: kValidation ("Transaction request cannot include multiple operations on one
// item", "Transaction request size cannot exceed 4 MB"), kResourceNotFound,
// kTransactionCanceled (reasons in ErrorDetail), kIdempotentParameterMismatch,
// kTransactionInProgress (same token still running), kInternal. A ClientRequestToken
// seen with the same fingerprint within 10 minutes of its success answers Ok without
// applying anything. With `ctx.touches` (--log-requests), a committed transaction records
// each action's item (Transactions::Write), and one refused for throughput each action
// with size and units 0 (unknown), as a throttled single write is; no other failure
// records anything.
Result<TransactWriteResult> TransactWriteItems(Transactions& transactions,
                                               IdempotencyCache& idempotency,
                                               const TableLookup& tables, const RequestContext& ctx,
                                               const TransactWriteRequest& request);

// Errors: kValidation, kResourceNotFound, kTransactionCanceled (invalid key, or a Get
// refused for throughput), kInternal. `touches`, when not null, receives each Get's
// item (Transactions::Read), or each with 0 when refused for throughput.
Result<TransactGetResult> TransactGetItems(Transactions& transactions, const TableLookup& tables,
                                           const TransactGetRequest& request,
                                           ItemTouches* touches = nullptr);

}  // namespace monotable
