#pragma once
// Structured data attached to an error Status (see status.h).

#include <optional>
#include <string>
#include <vector>

#include "engine/base/attribute_value.h"

namespace monotable {

// Why one action of a cancelled transaction failed (CancellationReason on the wire).
struct CancellationReason {
  std::string code;          // None, ConditionalCheckFailed, ValidationError, TransactionConflict
  std::string message;       // empty for None
  std::optional<Item> item;  // the old item: ReturnValuesOnConditionCheckFailure=ALL_OLD
};

// One entry of ThrottlingReasons: why a request was throttled, and on which table or
// index. The engine knows no region or account: the protocol makes the resource ARN.
struct ThrottlingReasonDetail {
  std::string reason;      // one of the 16 ThrottlingReason values
  std::string table_name;  // the table throttled, or the table of the index
  std::string index_name;  // empty: the table itself
};

struct ErrorDetail {
  // ConditionalCheckFailedException with ReturnValuesOnConditionCheckFailure=ALL_OLD:
  // the item as it was (absent when there was none).
  std::optional<Item> item;
  // TransactionCanceledException: one reason per action, in request order.
  std::vector<CancellationReason> cancellation_reasons;
  // ProvisionedThroughputExceededException and ThrottlingException (and a transaction
  // cancelled for throttling): every resource that was short.
  std::vector<ThrottlingReasonDetail> throttling_reasons;
};

}  // namespace monotable
