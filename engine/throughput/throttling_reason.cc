#include "engine/throughput/throttling_reason.h"

#include <array>

namespace monotable::throughput {
namespace {

// Indexed by the enum's value; the order must match the declaration.
constexpr std::array<std::string_view, kThrottlingReasonCount> kNames = {
    "TableReadProvisionedThroughputExceeded",  "TableReadAccountLimitExceeded",
    "TableReadKeyRangeThroughputExceeded",     "TableReadMaxOnDemandThroughputExceeded",
    "TableWriteProvisionedThroughputExceeded", "TableWriteAccountLimitExceeded",
    "TableWriteKeyRangeThroughputExceeded",    "TableWriteMaxOnDemandThroughputExceeded",
    "IndexReadProvisionedThroughputExceeded",  "IndexReadAccountLimitExceeded",
    "IndexReadKeyRangeThroughputExceeded",     "IndexReadMaxOnDemandThroughputExceeded",
    "IndexWriteProvisionedThroughputExceeded", "IndexWriteAccountLimitExceeded",
    "IndexWriteKeyRangeThroughputExceeded",    "IndexWriteMaxOnDemandThroughputExceeded",
};

}  // namespace

std::string_view ThrottlingReasonName(ThrottlingReason reason) {
  return kNames[static_cast<size_t>(reason)];
}

std::optional<ThrottlingReason> ParseThrottlingReason(std::string_view name) {
  for (size_t i = 0; i < kNames.size(); ++i) {
    if (kNames[i] == name) return static_cast<ThrottlingReason>(i);
  }
  return std::nullopt;
}

}  // namespace monotable::throughput
