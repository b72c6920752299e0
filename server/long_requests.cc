#include "server/long_requests.h"

#include <algorithm>
#include <iterator>

namespace monotable::server {
namespace {

// Point operations (GetItem, PutItem, UpdateItem, DeleteItem) and the control plane's
// lookups and small writes (DescribeTable, ListTables, CreateBackup: a snapshot,
// UpdateTimeToLive, tags) are not listed: they answer in tens to hundreds of
// microseconds. CreateTable, DeleteTable and UpdateTable create or drop column
// families: 1.5-4 ms at the median, 10 ms at worst (bench/TAIL_LATENCY.md).
constexpr std::string_view kLongOperations[] = {
    "BatchExecuteStatement",
    "BatchGetItem",
    "BatchWriteItem",
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
