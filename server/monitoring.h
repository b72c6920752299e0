#pragma once
// The monitoring views served over GET, beside the DynamoDB API:
//   /metrics                              Prometheus text (server/metrics_text.h)
//   /monotable/tables                     every table and its namespace (JSON)
//   /monotable/tables/{name}/partitions   the partitions of a table and its GSIs (JSON)
//   /monotable/tables/{name}/insights     Contributor Insights' top keys (JSON)
// The JSON views are an API for a web console: docs/MONITORING.md describes them. A
// table name exists once per namespace (access key and region, or "shared"); the
// views take `?namespace=` and answer 409 when a name is ambiguous without it.
//
// Thread-safety: the engine's Stats is. Errors: HTTP statuses (404, 409, 400).

#include <string_view>

#include "engine/engine.h"
#include "server/fault_injector.h"
#include "server/http_reply.h"
#include "server/request_metrics.h"

namespace monotable::server {

// What a caller may see. kWithoutKeyValues: /metrics without Contributor Insights' key
// values (item data), for an unsigned scraper under --require-signature --public-metrics.
enum class MonitoringAccess { kFull, kWithoutKeyValues };

// Answers `target` (path and query) into `reply`; false when the path is not one of
// the views (the caller answers 404). `faults` (may be null): its rules go to /metrics.
// `iam_account`: the account owning every table under --iam, empty otherwise (TablesJson).
bool ServeMonitoring(const MonitoringSource& engine, const RequestMetrics& requests,
                     const FaultInjector* faults, std::string_view target, MonitoringAccess access,
                     std::string_view iam_account, HttpReply& reply);

}  // namespace monotable::server
