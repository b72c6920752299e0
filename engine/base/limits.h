#pragma once
// Every DynamoDB limit monotable enforces or models, in one place, each throughput
// figure with the page it comes from. The throughput model's own figures (its units,
// its heat-split rule) are in throughput/dynamodb_limits.h, which names these.

#include <cstddef>
#include <cstdint>

namespace monotable::limits {

inline constexpr size_t kMaxItemBytes = 400 * 1024;
inline constexpr size_t kMaxPartitionKeyBytes = 2048;
inline constexpr size_t kMaxSortKeyBytes = 1024;
inline constexpr size_t kMaxRequestBodyBytes = 16 * 1024 * 1024;
// A Query or Scan page ends once it has read this much.
inline constexpr size_t kMaxPageBytes = 1024 * 1024;
inline constexpr int kMaxNumberDigits = 38;
// Numbers range over 1E-130 .. 9.99...E+125 in magnitude.
inline constexpr int kMinNumberExponent = -130;
inline constexpr int kMaxNumberExponent = 125;
inline constexpr size_t kMinTableNameLength = 3;
inline constexpr size_t kMaxTableNameLength = 255;
// "64 KB" in the guide; the service accepts 65,535 bytes and refuses 65,536.
inline constexpr size_t kMaxAttributeNameBytes = 64 * 1024 - 1;
inline constexpr size_t kMaxKeyAttributeNameBytes = 255;
inline constexpr int kMaxListTablesLimit = 100;
inline constexpr int kMaxDocumentDepth = 32;
inline constexpr int kMaxGlobalSecondaryIndexes = 20;
inline constexpr int kMaxLocalSecondaryIndexes = 5;
// Items sharing a partition key, with their LSI entries, in a table with LSIs.
inline constexpr int64_t kMaxItemCollectionBytes = 10LL * 1024 * 1024 * 1024;
// Per-table quota: 40,000 read and 40,000 write units per second, provisioned capacity
// units or an on-demand table's request units alike (adjustable in AWS). (Developer
// Guide, "Quotas in Amazon DynamoDB", "Throughput default quotas".)
inline constexpr int64_t kMaxProvisionedUnits = 40000;
inline constexpr int64_t kAccountMaxProvisionedUnits = 80000;  // default quota per account
inline constexpr int kMaxDecreasesPerDay = 27;

// Transactions: actions per TransactWriteItems/TransactGetItems, and the aggregate
// size of the items a TransactWriteItems carries.
inline constexpr size_t kMaxTransactionActions = 100;
inline constexpr size_t kMaxTransactionBytes = 4 * 1024 * 1024;

// Expressions (Developer Guide, "Service, account, and table quotas": expression
// parameters). Lengths are bytes of the raw text, before substitution.
inline constexpr size_t kMaxExpressionBytes = 4096;
// Operators and functions in one expression (the guide names UpdateExpression; the
// service applies it to every expression: "The expression contains too many operators").
inline constexpr size_t kMaxExpressionOperators = 300;
inline constexpr size_t kMaxInOperands = 100;
// ExpressionAttributeNames/Values keys, including the leading '#' or ':'.
inline constexpr size_t kMaxPlaceholderKeyBytes = 255;

// Throughput, as the per-partition model (engine/throughput) applies it.
// Per-partition ceiling: 3,000 RCU or 1,000 WCU per second, or a linear combination.
// (Developer Guide, "Best practices for designing and using partition keys effectively";
// Knowledge Center, "My on-demand DynamoDB table has throttling".)
inline constexpr double kPartitionReadUnitsPerSecond = 3000;
inline constexpr double kPartitionWriteUnitsPerSecond = 1000;
// A partition holds about 10 GB; DynamoDB splits one that exceeds it. Sizes are binary:
// 1 GB = 1024 MB. (Developer Guide, "Best Practices for Tables: Understanding Partition
// Behavior"; "Quotas in Amazon DynamoDB" for the binary units.)
inline constexpr uint64_t kPartitionMaxBytes = 10ull << 30;
// Provisioned mode keeps up to 300 seconds of unused read and write capacity as burst.
// (Developer Guide, "DynamoDB burst and adaptive capacity".)
inline constexpr double kBurstSeconds = 300;
// A new on-demand table's "previous peak" is 2,000 write or 6,000 read request units,
// and it serves up to double that at once: 4,000 WRU or 12,000 RRU or any linear
// combination. Both figures are 6,000 read-equivalent units (a write unit costs 3), i.e.
// 2 partitions' worth of peak, 4 partitions' worth of capacity. (Developer Guide,
// "Read/write capacity mode", section "Initial throughput for on-demand capacity mode".)
inline constexpr double kOnDemandInitialPeakReu = 6000;
inline constexpr double kOnDemandPeakMultiplier = 2;
// Throttling can occur if traffic exceeds double the previous peak within 30 minutes:
// a new peak becomes the "previous peak" (and doubles again) only after 30 minutes.
// (Developer Guide, "Read/write capacity mode", "Peak traffic and scaling properties".)
inline constexpr int64_t kOnDemandPeakSettleMillis = 30 * 60 * 1000;
// Switching a provisioned table to on-demand: the previous peak is half the maximum
// capacity provisioned, or the new-table figure, whichever is higher (same page).
inline constexpr double kSwitchedPeakFraction = 0.5;

}  // namespace monotable::limits
