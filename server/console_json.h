#pragma once
// The JSON of the monitoring views for a web console (docs/MONITORING.md): a table's
// partitions with their contents and recent capacity, and its Contributor Insights.
//
// Thread-safety: pure functions. Errors: none.

#include <cstdint>
#include <string>
#include <string_view>

#include "engine/api/engine_stats.h"

namespace monotable::server {

// {"message": ...}
std::string ErrorJson(std::string_view message);

// GET /monotable/tables: every table with its namespace, so a console can offer the
// namespaces (access key and region, or "shared") that hold tables. `iam_account`
// (--iam; empty otherwise) is the account that owns every table: a namespace is then
// "ACCOUNT:region" whatever the access key, and the answer says so as "Account".
std::string TablesJson(const EngineStats& stats, std::string_view iam_account = {});

// GET /monotable/tables/{name}/partitions: `seconds` is the window of each partition's
// per-second series.
std::string PartitionsJson(const TableStats& table, int64_t seconds);

// GET /monotable/tables/{name}/insights.
std::string InsightsJson(const TableStats& table);

// A key value as plain text for a metric label (B as base64); empty when absent.
std::string InsightKeyText(const std::optional<AttributeValue>& value);

}  // namespace monotable::server
