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

struct ErrorDetail {
  // ConditionalCheckFailedException with ReturnValuesOnConditionCheckFailure=ALL_OLD:
  // the item as it was (absent when there was none).
  std::optional<Item> item;
  // TransactionCanceledException: one reason per action, in request order.
  std::vector<CancellationReason> cancellation_reasons;
};

}  // namespace monotable
