#pragma once
// One handler per DynamoDB operation: decode and validate the request, call the
// engine, encode the response body. Errors are returned as Status.

#include <string>

#include "engine/base/status.h"
#include "protocol/json_reader.h"
#include "protocol/ops/operation_context.h"

namespace monotable::protocol::ops {

Result<std::string> CreateTable(const OperationContext& ctx, JsonObject request);
Result<std::string> DescribeTable(const OperationContext& ctx, JsonObject request);
Result<std::string> ListTables(const OperationContext& ctx, JsonObject request);
Result<std::string> UpdateTable(const OperationContext& ctx, JsonObject request);
Result<std::string> DeleteTable(const OperationContext& ctx, JsonObject request);
Result<std::string> PutItem(const OperationContext& ctx, JsonObject request);
Result<std::string> GetItem(const OperationContext& ctx, JsonObject request);
Result<std::string> DeleteItem(const OperationContext& ctx, JsonObject request);
Result<std::string> UpdateItem(const OperationContext& ctx, JsonObject request);
Result<std::string> Query(const OperationContext& ctx, JsonObject request);
Result<std::string> BatchWriteItem(const OperationContext& ctx, JsonObject request);
Result<std::string> BatchGetItem(const OperationContext& ctx, JsonObject request);
Result<std::string> Scan(const OperationContext& ctx, JsonObject request);
Result<std::string> TransactWriteItems(const OperationContext& ctx, JsonObject request);
Result<std::string> TransactGetItems(const OperationContext& ctx, JsonObject request);
Result<std::string> UpdateTimeToLive(const OperationContext& ctx, JsonObject request);
Result<std::string> DescribeTimeToLive(const OperationContext& ctx, JsonObject request);
Result<std::string> ExecuteStatement(const OperationContext& ctx, JsonObject request);
Result<std::string> UpdateContributorInsights(const OperationContext& ctx, JsonObject request);
Result<std::string> DescribeContributorInsights(const OperationContext& ctx, JsonObject request);
Result<std::string> ListContributorInsights(const OperationContext& ctx, JsonObject request);
Result<std::string> BatchExecuteStatement(const OperationContext& ctx, JsonObject request);
Result<std::string> ExecuteTransaction(const OperationContext& ctx, JsonObject request);
Result<std::string> TagResource(const OperationContext& ctx, JsonObject request);
Result<std::string> UntagResource(const OperationContext& ctx, JsonObject request);
Result<std::string> ListTagsOfResource(const OperationContext& ctx, JsonObject request);
Result<std::string> PutResourcePolicy(const OperationContext& ctx, JsonObject request);
Result<std::string> GetResourcePolicy(const OperationContext& ctx, JsonObject request);
Result<std::string> DeleteResourcePolicy(const OperationContext& ctx, JsonObject request);
Result<std::string> DescribeLimits(const OperationContext& ctx, JsonObject request);
Result<std::string> DescribeEndpoints(const OperationContext& ctx, JsonObject request);
Result<std::string> DescribeContinuousBackups(const OperationContext& ctx, JsonObject request);
Result<std::string> UpdateContinuousBackups(const OperationContext& ctx, JsonObject request);
// DynamoDB Streams (ops/streams.cc).
Result<std::string> ListStreams(const OperationContext& ctx, JsonObject request);
Result<std::string> DescribeStream(const OperationContext& ctx, JsonObject request);
Result<std::string> GetShardIterator(const OperationContext& ctx, JsonObject request);
Result<std::string> GetRecords(const OperationContext& ctx, JsonObject request);
// Backups and restores (backups.cc, restores.cc); S3 imports and exports
// (imports_exports.cc).
Result<std::string> CreateBackup(const OperationContext& ctx, JsonObject request);
Result<std::string> DescribeBackup(const OperationContext& ctx, JsonObject request);
Result<std::string> ListBackups(const OperationContext& ctx, JsonObject request);
Result<std::string> DeleteBackup(const OperationContext& ctx, JsonObject request);
Result<std::string> RestoreTableFromBackup(const OperationContext& ctx, JsonObject request);
Result<std::string> RestoreTableToPointInTime(const OperationContext& ctx, JsonObject request);
Result<std::string> ImportTable(const OperationContext& ctx, JsonObject request);
Result<std::string> ExportTableToPointInTime(const OperationContext& ctx, JsonObject request);
Result<std::string> DescribeImport(const OperationContext& ctx, JsonObject request);
Result<std::string> DescribeExport(const OperationContext& ctx, JsonObject request);
Result<std::string> ListImports(const OperationContext& ctx, JsonObject request);
Result<std::string> ListExports(const OperationContext& ctx, JsonObject request);

}  // namespace monotable::protocol::ops
