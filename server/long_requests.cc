#include "server/long_requests.h"

#include <algorithm>
#include <iterator>

namespace monotable::server {
namespace {

// Point operations (GetItem, PutItem, UpdateItem, DeleteItem) and the control plane's
// lookups (DescribeTable, ListTables, ...) are not listed: they answer in microseconds.
constexpr std::string_view kLongOperations[] = {
    "BatchExecuteStatement",
    "BatchGetItem",
    "BatchWriteItem",
    "CreateBackup",
    "CreateTable",
    "DeleteTable",
    "ExecuteStatement",
    "ExecuteTransaction",
    "ExportTableToPointInTime",
    "ImportTable",
    "Query",
    "RestoreTableFromBackup",
    "RestoreTableToPointInTime",
    "Scan",
    "TransactGetItems",
    "TransactWriteItems",
    "UpdateTable",
    "DynamoDBStreams_20120810.GetRecords",
};

}  // namespace

bool IsLongOperation(std::string_view operation) {
  return std::find(std::begin(kLongOperations), std::end(kLongOperations), operation) !=
         std::end(kLongOperations);
}

bool IsLongGet(std::string_view path) {
  return path == "/metrics" || path.starts_with("/monotable/");
}

}  // namespace monotable::server
