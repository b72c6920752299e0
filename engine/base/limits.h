#pragma once
// Every DynamoDB limit monotable enforces, in one place.

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
inline constexpr int64_t kMaxProvisionedUnits = 40000;         // default account quota per table
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

}  // namespace monotable::limits
