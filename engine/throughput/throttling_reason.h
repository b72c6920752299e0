#pragma once
// DynamoDB's ThrottlingReason values: the `reason` of each {reason, resource} entry in
// the ThrottlingReasons list of a ProvisionedThroughputExceededException or
// ThrottlingException. The value is ResourceType + OperationType + LimitType; 2 x 2 x 4
// gives the 16 values (DynamoDB API Reference, "ThrottlingReason" data type; Developer
// Guide, "DynamoDB throttling resolution guide", which lists all 16).
//
// Thread-safety: pure functions over constant tables. Errors: ParseThrottlingReason
// returns nullopt for a string that is not one of the 16.

#include <cstdint>
#include <optional>
#include <string_view>

namespace monotable::throughput {

// What is throttled: the base table or a global secondary index.
enum class ResourceKind : uint8_t { kTable, kIndex };

enum class Op : uint8_t { kRead, kWrite };

// Why: which limit was short.
enum class LimitKind : uint8_t {
  kProvisionedThroughput,  // the provisioned RCU/WCU of a provisioned table or GSI
  kAccountLimit,           // the per-table service quota of an on-demand table or GSI
  kKeyRangeThroughput,     // a partition's ceiling (3,000 RCU / 1,000 WCU)
  kMaxOnDemandThroughput,  // OnDemandThroughput's MaxRead/MaxWriteRequestUnits
};

// The 16 values, in the order ResourceKind x Op x LimitKind (so that MakeThrottlingReason
// is arithmetic). Not persisted; the strings are the wire form.
enum class ThrottlingReason : uint8_t {
  kTableReadProvisionedThroughputExceeded,
  kTableReadAccountLimitExceeded,
  kTableReadKeyRangeThroughputExceeded,
  kTableReadMaxOnDemandThroughputExceeded,
  kTableWriteProvisionedThroughputExceeded,
  kTableWriteAccountLimitExceeded,
  kTableWriteKeyRangeThroughputExceeded,
  kTableWriteMaxOnDemandThroughputExceeded,
  kIndexReadProvisionedThroughputExceeded,
  kIndexReadAccountLimitExceeded,
  kIndexReadKeyRangeThroughputExceeded,
  kIndexReadMaxOnDemandThroughputExceeded,
  kIndexWriteProvisionedThroughputExceeded,
  kIndexWriteAccountLimitExceeded,
  kIndexWriteKeyRangeThroughputExceeded,
  kIndexWriteMaxOnDemandThroughputExceeded,
};

inline constexpr int kThrottlingReasonCount = 16;

constexpr ThrottlingReason MakeThrottlingReason(ResourceKind kind, Op op, LimitKind limit) {
  return static_cast<ThrottlingReason>(static_cast<int>(kind) * 8 + static_cast<int>(op) * 4 +
                                       static_cast<int>(limit));
}

constexpr ResourceKind KindOf(ThrottlingReason r) {
  return static_cast<ResourceKind>(static_cast<int>(r) / 8);
}
constexpr Op OpOf(ThrottlingReason r) { return static_cast<Op>(static_cast<int>(r) / 4 % 2); }
constexpr LimitKind LimitOf(ThrottlingReason r) {
  return static_cast<LimitKind>(static_cast<int>(r) % 4);
}

// The exact wire string, e.g. "TableWriteKeyRangeThroughputExceeded".
std::string_view ThrottlingReasonName(ThrottlingReason reason);

// The inverse of ThrottlingReasonName (exact, case-sensitive).
std::optional<ThrottlingReason> ParseThrottlingReason(std::string_view name);

}  // namespace monotable::throughput
