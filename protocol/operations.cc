#include "protocol/operations.h"

#include <algorithm>
#include <array>

#include "protocol/errors.h"
#include "protocol/ops/handlers.h"

namespace monotable::protocol {
namespace {

struct Route {
  std::string_view name;
  ops::Handler handler;
};

constexpr Route kRoutes[] = {
    {"BatchGetItem", ops::BatchGetItem},
    {"BatchWriteItem", ops::BatchWriteItem},
    {"CreateTable", ops::CreateTable},
    {"DeleteItem", ops::DeleteItem},
    {"DeleteTable", ops::DeleteTable},
    {"DescribeTable", ops::DescribeTable},
    {"GetItem", ops::GetItem},
    {"ListTables", ops::ListTables},
    {"PutItem", ops::PutItem},
    {"Query", ops::Query},
    {"Scan", ops::Scan},
    {"TransactGetItems", ops::TransactGetItems},
    {"TransactWriteItems", ops::TransactWriteItems},
    {"UpdateItem", ops::UpdateItem},
    {"UpdateTable", ops::UpdateTable},
};

// Every other operation of DynamoDB's 2012-08-10 API: known, but not served yet.
constexpr std::string_view kKnownOperations[] = {
    "BatchExecuteStatement",
    "CreateBackup",
    "CreateGlobalTable",
    "DeleteBackup",
    "DeleteResourcePolicy",
    "DescribeBackup",
    "DescribeContinuousBackups",
    "DescribeContributorInsights",
    "DescribeEndpoints",
    "DescribeExport",
    "DescribeGlobalTable",
    "DescribeGlobalTableSettings",
    "DescribeImport",
    "DescribeKinesisStreamingDestination",
    "DescribeLimits",
    "DescribeTableReplicaAutoScaling",
    "DescribeTimeToLive",
    "DisableKinesisStreamingDestination",
    "EnableKinesisStreamingDestination",
    "ExecuteStatement",
    "ExecuteTransaction",
    "ExportTableToPointInTime",
    "GetResourcePolicy",
    "ImportTable",
    "ListBackups",
    "ListContributorInsights",
    "ListExports",
    "ListGlobalTables",
    "ListImports",
    "ListTagsOfResource",
    "PutResourcePolicy",
    "RestoreTableFromBackup",
    "RestoreTableToPointInTime",
    "TagResource",
    "UntagResource",
    "UpdateContinuousBackups",
    "UpdateContributorInsights",
    "UpdateGlobalTable",
    "UpdateGlobalTableSettings",
    "UpdateKinesisStreamingDestination",
    "UpdateTableReplicaAutoScaling",
    "UpdateTimeToLive",
};

Response ErrorResponse(const Status& status, const ArnScope& scope = {}) {
  WireError e = EncodeError(status, scope);
  return {e.http_status, std::move(e.body)};
}

}  // namespace

Response Protocol::Handle(std::string_view operation, std::string_view body,
                          const CallerIdentity& caller, JsonParser& parser) const {
  const Route* route = nullptr;
  for (const auto& r : kRoutes) {
    if (r.name == operation) route = &r;
  }
  if (!route) {
    bool known = std::find(std::begin(kKnownOperations), std::end(kKnownOperations), operation) !=
                 std::end(kKnownOperations);
    if (known) {
      return ErrorResponse(
          Status(ErrorCode::kNotImplemented,
                 "The " + std::string(operation) + " operation is not supported by monotable yet"));
    }
    return ErrorResponse(Status(ErrorCode::kUnknownOperation, ""));
  }
  auto request = parser.ParseObject(body);
  if (!request.ok()) return ErrorResponse(request.status());

  OperationContext ctx{*engine_, {}, caller.region, options_.account_id};
  ctx.request.ns =
      options_.shared_db ? std::string("shared") : caller.access_key_id + ":" + caller.region;
  Result<std::string> result = route->handler(ctx, *request);
  if (!result.ok()) return ErrorResponse(result.status(), {caller.region, options_.account_id});
  return {200, std::move(*result)};
}

}  // namespace monotable::protocol
