#include "protocol/operations.h"

#include <algorithm>
#include <array>
#include <vector>

#include "engine/base/catch_all.h"
#include "engine/base/log.h"
#include "protocol/errors.h"
#include "protocol/model_validation.h"
#include "protocol/ops/handlers.h"

namespace monotable::protocol {
namespace {

// Runs::kOnWorker: reads of a page or of many items (Scan, Query, BatchGetItem,
// TransactGetItems, Streams' GetRecords), writes of many items (BatchWriteItem,
// TransactWriteItems), PartiQL (a statement may be a Scan), and the control plane's
// operations that create or drop column families (CreateTable, DeleteTable,
// UpdateTable, the restores, ImportTable: 1.5-4 ms at the median, 10 ms at worst,
// bench/TAIL_LATENCY.md) or read a table out (ExportTableToPointInTime). The others
// (point reads and writes, the control plane's lookups and small writes: CreateBackup
// takes a snapshot) answer in tens to hundreds of microseconds, inline.
constexpr Runs kWorker = Runs::kOnWorker;
constexpr Runs kInline = Runs::kInline;
constexpr Route kRoutes[] = {
    {"BatchExecuteStatement", ops::BatchExecuteStatement, kWorker},
    {"BatchGetItem", ops::BatchGetItem, kWorker},
    {"BatchWriteItem", ops::BatchWriteItem, kWorker},
    {"CreateBackup", ops::CreateBackup, kInline},
    {"CreateTable", ops::CreateTable, kWorker},
    {"DeleteBackup", ops::DeleteBackup, kInline},
    {"DeleteItem", ops::DeleteItem, kInline},
    {"DeleteResourcePolicy", ops::DeleteResourcePolicy, kInline},
    {"DeleteTable", ops::DeleteTable, kWorker},
    {"DescribeBackup", ops::DescribeBackup, kInline},
    {"DescribeContinuousBackups", ops::DescribeContinuousBackups, kInline},
    {"DescribeContributorInsights", ops::DescribeContributorInsights, kInline},
    {"DescribeEndpoints", ops::DescribeEndpoints, kInline},
    {"DescribeExport", ops::DescribeExport, kInline},
    {"DescribeImport", ops::DescribeImport, kInline},
    {"DescribeLimits", ops::DescribeLimits, kInline},
    {"DescribeTable", ops::DescribeTable, kInline},
    {"DescribeTimeToLive", ops::DescribeTimeToLive, kInline},
    {"ExecuteStatement", ops::ExecuteStatement, kWorker},
    {"ExecuteTransaction", ops::ExecuteTransaction, kWorker},
    {"ExportTableToPointInTime", ops::ExportTableToPointInTime, kWorker},
    {"ImportTable", ops::ImportTable, kWorker},
    {"GetItem", ops::GetItem, kInline},
    {"GetResourcePolicy", ops::GetResourcePolicy, kInline},
    {"ListBackups", ops::ListBackups, kInline},
    {"ListContributorInsights", ops::ListContributorInsights, kInline},
    {"ListExports", ops::ListExports, kInline},
    {"ListImports", ops::ListImports, kInline},
    {"ListTables", ops::ListTables, kInline},
    {"ListTagsOfResource", ops::ListTagsOfResource, kInline},
    {"PutItem", ops::PutItem, kInline},
    {"PutResourcePolicy", ops::PutResourcePolicy, kInline},
    {"Query", ops::Query, kWorker},
    {"RestoreTableFromBackup", ops::RestoreTableFromBackup, kWorker},
    {"RestoreTableToPointInTime", ops::RestoreTableToPointInTime, kWorker},
    {"Scan", ops::Scan, kWorker},
    {"TagResource", ops::TagResource, kInline},
    {"TransactGetItems", ops::TransactGetItems, kWorker},
    {"TransactWriteItems", ops::TransactWriteItems, kWorker},
    {"UntagResource", ops::UntagResource, kInline},
    {"UpdateContinuousBackups", ops::UpdateContinuousBackups, kInline},
    {"UpdateContributorInsights", ops::UpdateContributorInsights, kInline},
    {"UpdateItem", ops::UpdateItem, kInline},
    {"UpdateTable", ops::UpdateTable, kWorker},
    {"UpdateTimeToLive", ops::UpdateTimeToLive, kInline},
    // DynamoDB Streams' operations keep their whole target (server/router.h), so that
    // DynamoDB's own prefix cannot reach them.
    {"DynamoDBStreams_20120810.DescribeStream", ops::DescribeStream, kInline},
    {"DynamoDBStreams_20120810.GetRecords", ops::GetRecords, kWorker},
    {"DynamoDBStreams_20120810.GetShardIterator", ops::GetShardIterator, kInline},
    {"DynamoDBStreams_20120810.ListStreams", ops::ListStreams, kInline},
};

// Every other operation of DynamoDB's 2012-08-10 API: known, but not served yet.
// (protocol/operations_test.cc checks that every operation of the generated model is
// served or listed here.)
constexpr std::string_view kKnownOperations[] = {
    "CancelBulkOperation",
    "CreateGlobalTable",
    "DescribeBulkOperation",
    "DescribeGlobalTable",
    "DescribeGlobalTableSettings",
    "DescribeKinesisStreamingDestination",
    "DescribeTableReplicaAutoScaling",
    "DisableKinesisStreamingDestination",
    "EnableKinesisStreamingDestination",
    "ListBulkOperations",
    "ListGlobalTables",
    "SearchVectors",
    "StartBulkPutItems",
    "UpdateGlobalTable",
    "UpdateGlobalTableSettings",
    "UpdateKinesisStreamingDestination",
    "UpdateTableReplicaAutoScaling",
};

Response ErrorResponse(const Status& status, const ArnScope& scope = {}, int route = -1) {
  WireError e = EncodeError(status, scope);
  return {e.http_status, std::move(e.body), status.code(), route, {}};
}

}  // namespace

Protocol::Protocol(Engine* engine, ProtocolOptions options)
    : Protocol(engine, std::move(options), kRoutes) {}

Response Protocol::Handle(std::string_view operation, std::string_view body,
                          const CallerIdentity& caller, JsonParser& parser,
                          std::string_view* table_name, ItemTouches* touches) const {
  Response response;
  // A try block costs nothing until something throws.
  Status thrown =
      CatchAll([&] { response = Dispatch(operation, body, caller, parser, table_name, touches); });
  if (!thrown.ok()) {
    log::Error(std::string(operation) + " threw an exception: " + thrown.message());
    // The exception's text is for the log only; the client gets DynamoDB's wording.
    return ErrorResponse(Status::Internal("Internal server error"));
  }
  return response;
}

const Route* Protocol::Find(std::string_view operation) const {
  for (const auto& r : routes_) {
    if (r.name == operation) return &r;
  }
  return nullptr;
}

bool Protocol::RunsOnWorker(std::string_view operation) const {
  const Route* route = Find(operation);
  return route != nullptr && route->runs == Runs::kOnWorker;
}

Response Protocol::Dispatch(std::string_view operation, std::string_view body,
                            const CallerIdentity& caller, JsonParser& parser,
                            std::string_view* table_name, ItemTouches* touches) const {
  const Route* route = Find(operation);
  const int route_index = route ? static_cast<int>(route - routes_.data()) : -1;
  if (!route) {
    bool known = std::find(std::begin(kKnownOperations), std::end(kKnownOperations), operation) !=
                 std::end(kKnownOperations);
    if (known) {
      return ErrorResponse(
          Status(ErrorCode::kNotImplemented,
                 "The " + std::string(operation) + " operation is not supported by monotable yet"));
    }
    return ErrorResponse(UnknownOperation());
  }
  auto request = parser.ParseObject(body);
  // DynamoDB answers a body that is not a JSON object with a bare
  // {"__type":"com.amazon.coral.service#SerializationException"}: no message member
  // (dynalite's connection tests, run against DynamoDB; aws-sdk-unity#54's curl).
  if (!request.ok()) {
    return ErrorResponse(Status(ErrorCode::kSerialization, ""), {}, route_index);
  }
  if (table_name != nullptr) {
    std::string_view name;
    if ((*request)["TableName"].get(name) == simdjson::SUCCESS) *table_name = name;
  }

  // The service model's member constraints, for every operation, before its decoder.
  if (Status valid = ValidateAgainstModel(operation, *request); !valid.ok()) {
    return ErrorResponse(valid, {caller.region, options_.account_id}, route_index);
  }

  OperationContext ctx{*engine_, RequestContext{std::string(), touches}, caller.region,
                       options_.account_id};
  if (options_.shared_db) {
    ctx.request.ns = "shared";
  } else if (options_.authorizer) {
    ctx.request.ns = options_.account_id + ":" + caller.region;
  } else {
    ctx.request.ns = caller.access_key_id + ":" + caller.region;
  }
  std::string authorization;
  std::vector<RefusedStatement> refused;
  if (options_.authorizer) {
    authorization::AuthorizationOutcome outcome = options_.authorizer->Authorize(
        operation, *request, {caller.access_key_id, caller.source_ip, caller.secure_transport},
        *engine_, ctx.request, caller.region);
    if (!outcome.status.ok()) {
      Response denied =
          ErrorResponse(outcome.status, {caller.region, options_.account_id}, route_index);
      denied.authorization = std::move(outcome.decided_by);
      return denied;
    }
    authorization = std::move(outcome.decided_by);
    refused = std::move(outcome.refused_statements);
    ctx.refused_statements = refused;
  }
  Result<std::string> result = route->handler(ctx, *request);
  if (!result.ok()) {
    // A bug or an I/O failure: the client sees it, the operator must too.
    if (result.status().code() == ErrorCode::kInternal) {
      log::Error(std::string(operation) +
                 " failed with an internal error: " + result.status().message());
    }
    Response failed =
        ErrorResponse(result.status(), {caller.region, options_.account_id}, route_index);
    failed.authorization = std::move(authorization);
    return failed;
  }
  return {200, std::move(*result), ErrorCode::kOk, route_index, std::move(authorization)};
}

}  // namespace monotable::protocol
