#include "protocol/operations.h"

#include <algorithm>
#include <array>

#include "engine/base/catch_all.h"
#include "engine/base/log.h"
#include "protocol/errors.h"
#include "protocol/model_validation.h"
#include "protocol/ops/handlers.h"

namespace monotable::protocol {
namespace {

constexpr Route kRoutes[] = {
    {"BatchExecuteStatement", ops::BatchExecuteStatement},
    {"BatchGetItem", ops::BatchGetItem},
    {"BatchWriteItem", ops::BatchWriteItem},
    {"CreateBackup", ops::CreateBackup},
    {"CreateTable", ops::CreateTable},
    {"DeleteBackup", ops::DeleteBackup},
    {"DeleteItem", ops::DeleteItem},
    {"DeleteResourcePolicy", ops::DeleteResourcePolicy},
    {"DeleteTable", ops::DeleteTable},
    {"DescribeBackup", ops::DescribeBackup},
    {"DescribeContinuousBackups", ops::DescribeContinuousBackups},
    {"DescribeContributorInsights", ops::DescribeContributorInsights},
    {"DescribeEndpoints", ops::DescribeEndpoints},
    {"DescribeExport", ops::DescribeExport},
    {"DescribeImport", ops::DescribeImport},
    {"DescribeLimits", ops::DescribeLimits},
    {"DescribeTable", ops::DescribeTable},
    {"DescribeTimeToLive", ops::DescribeTimeToLive},
    {"ExecuteStatement", ops::ExecuteStatement},
    {"ExecuteTransaction", ops::ExecuteTransaction},
    {"ExportTableToPointInTime", ops::ExportTableToPointInTime},
    {"ImportTable", ops::ImportTable},
    {"GetItem", ops::GetItem},
    {"GetResourcePolicy", ops::GetResourcePolicy},
    {"ListBackups", ops::ListBackups},
    {"ListContributorInsights", ops::ListContributorInsights},
    {"ListExports", ops::ListExports},
    {"ListImports", ops::ListImports},
    {"ListTables", ops::ListTables},
    {"ListTagsOfResource", ops::ListTagsOfResource},
    {"PutItem", ops::PutItem},
    {"PutResourcePolicy", ops::PutResourcePolicy},
    {"Query", ops::Query},
    {"RestoreTableFromBackup", ops::RestoreTableFromBackup},
    {"RestoreTableToPointInTime", ops::RestoreTableToPointInTime},
    {"Scan", ops::Scan},
    {"TagResource", ops::TagResource},
    {"TransactGetItems", ops::TransactGetItems},
    {"TransactWriteItems", ops::TransactWriteItems},
    {"UntagResource", ops::UntagResource},
    {"UpdateContinuousBackups", ops::UpdateContinuousBackups},
    {"UpdateContributorInsights", ops::UpdateContributorInsights},
    {"UpdateItem", ops::UpdateItem},
    {"UpdateTable", ops::UpdateTable},
    {"UpdateTimeToLive", ops::UpdateTimeToLive},
    // DynamoDB Streams' operations keep their whole target (server/router.h), so that
    // DynamoDB's own prefix cannot reach them.
    {"DynamoDBStreams_20120810.DescribeStream", ops::DescribeStream},
    {"DynamoDBStreams_20120810.GetRecords", ops::GetRecords},
    {"DynamoDBStreams_20120810.GetShardIterator", ops::GetShardIterator},
    {"DynamoDBStreams_20120810.ListStreams", ops::ListStreams},
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
                          std::string_view* table_name) const {
  Response response;
  // A try block costs nothing until something throws.
  Status thrown =
      CatchAll([&] { response = Dispatch(operation, body, caller, parser, table_name); });
  if (!thrown.ok()) {
    log::Error(std::string(operation) + " threw an exception: " + thrown.message());
    // The exception's text is for the log only; the client gets DynamoDB's wording.
    return ErrorResponse(Status::Internal("Internal server error"));
  }
  return response;
}

Response Protocol::Dispatch(std::string_view operation, std::string_view body,
                            const CallerIdentity& caller, JsonParser& parser,
                            std::string_view* table_name) const {
  const Route* route = nullptr;
  for (const auto& r : routes_) {
    if (r.name == operation) route = &r;
  }
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

  OperationContext ctx{*engine_, {}, caller.region, options_.account_id};
  if (options_.shared_db) {
    ctx.request.ns = "shared";
  } else if (options_.authorizer) {
    ctx.request.ns = options_.account_id + ":" + caller.region;
  } else {
    ctx.request.ns = caller.access_key_id + ":" + caller.region;
  }
  std::string authorization;
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
