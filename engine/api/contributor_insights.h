#pragma once
// Typed requests and results of DynamoDB's Contributor Insights operations
// (UpdateContributorInsights, DescribeContributorInsights, ListContributorInsights).
// monotable answers them from its own sketches (throughput/key_insights.h): the rules
// are named as DynamoDB names its CloudWatch rules, and the top keys are served at
// GET /monotable/tables/{name}/insights and in /metrics instead of CloudWatch.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace monotable {

enum class ContributorInsightsMode { kAccessedAndThrottledKeys, kThrottledKeys };

struct UpdateContributorInsightsRequest {
  std::string table_name;
  std::string index_name;                       // empty: the table
  bool enable = true;                           // ContributorInsightsAction ENABLE or DISABLE
  std::optional<ContributorInsightsMode> mode;  // default ACCESSED_AND_THROTTLED_KEYS
};

// One table's or GSI's Contributor Insights, as Describe, Update and List show it.
struct ContributorInsightsInfo {
  std::string table_name;
  std::string index_name;                       // empty: the table
  std::string status;                           // ENABLING, ENABLED, DISABLING, DISABLED
  std::optional<ContributorInsightsMode> mode;  // when enabled
  std::vector<std::string> rules;               // DescribeContributorInsights only
  int64_t last_update_ms = 0;                   // 0: never changed
};

struct ListContributorInsightsRequest {
  std::string table_name;   // empty: every table of the namespace
  int64_t max_results = 0;  // 0: the default (DynamoDB's: 100)
  std::string next_token;
};

struct ListContributorInsightsResult {
  std::vector<ContributorInsightsInfo> summaries;
  std::string next_token;  // empty: no more
};

}  // namespace monotable
