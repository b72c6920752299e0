#pragma once
// Which requests may take long enough to hold an I/O thread for others to notice: the
// server serves them on its WorkerPool (server/worker_pool.h), the others inline on the
// I/O thread, where a GetItem answers fastest. Long: reads of a page or of many items
// (Scan, Query, BatchGetItem, TransactGetItems, Streams' GetRecords), writes of many
// items (BatchWriteItem, TransactWriteItems), PartiQL (a statement may be a Scan), the
// control plane's operations that create or drop column families (CreateTable,
// DeleteTable, UpdateTable, the restores, ImportTable) or read a table out
// (ExportTableToPointInTime), and the monitoring views (they walk every table's
// statistics).
//
// Thread-safe (pure functions).

#include <string_view>

namespace monotable::server {

// `operation`: X-Amz-Target after "DynamoDB_20120810." (a Streams operation: its whole
// target), as Protocol::Handle takes it.
bool IsLongOperation(std::string_view operation);

// `path`: a GET request's path (no query): true for the monitoring views.
bool IsLongGet(std::string_view path);

}  // namespace monotable::server
