#pragma once
// Structured data attached to an error Status (see status.h).

#include <optional>

#include "engine/attribute_value.h"

namespace monotable {

struct ErrorDetail {
  // ConditionalCheckFailedException with ReturnValuesOnConditionCheckFailure=ALL_OLD:
  // the item as it was (absent when there was none).
  std::optional<Item> item;
};

}  // namespace monotable
