#pragma once
// The errors of transactions, in DynamoDB's words (API reference,
// TransactionCanceledException and TransactWriteItems).

#include <vector>

#include "engine/base/error_detail.h"
#include "engine/base/status.h"

namespace monotable {

// TransactionConflictException's message and the TransactionConflict reason's.
inline constexpr char kTransactionOngoing[] = "Transaction is ongoing for the item";

// TransactionCanceledException carrying `reasons` (one per action, request order), with
// DynamoDB's message "Transaction cancelled, please refer cancellation reasons for
// specific reasons [ConditionalCheckFailed, None]".
Status TransactionCanceled(std::vector<CancellationReason> reasons);

// The cancellation reason for an action that failed with `status`: kConditionalCheckFailed
// (with its ErrorDetail item) -> ConditionalCheckFailed, kValidation -> ValidationError.
// nullopt for other errors, which fail the whole request instead.
std::optional<CancellationReason> ReasonFor(const Status& status);

inline CancellationReason NoReason() { return {"None", "", std::nullopt}; }
inline CancellationReason ConflictReason() {
  return {"TransactionConflict", kTransactionOngoing, std::nullopt};
}

}  // namespace monotable
