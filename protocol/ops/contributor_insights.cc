// UpdateContributorInsights, DescribeContributorInsights, ListContributorInsights.

#include "protocol/json_writer.h"
#include "protocol/ops/handlers.h"

namespace monotable::protocol::ops {
namespace {

constexpr char kModeConstraint[] =
    "Member must satisfy enum value set: [THROTTLED_KEYS, ACCESSED_AND_THROTTLED_KEYS]";
constexpr char kActionConstraint[] = "Member must satisfy enum value set: [ENABLE, DISABLE]";

std::string_view ModeName(ContributorInsightsMode mode) {
  return mode == ContributorInsightsMode::kThrottledKeys ? "THROTTLED_KEYS"
                                                         : "ACCESSED_AND_THROTTLED_KEYS";
}

// TableName (required) and IndexName (optional), checked as DynamoDB checks names.
Status DecodeNames(JsonObject request, ConstraintErrors& errors, std::string& table,
                   std::string& index, bool table_required) {
  MT_ASSIGN_OR_RETURN(name, OptionalString(request, "TableName"));
  if (name || table_required) errors.CheckTableName(name, "tableName");
  if (name) table = std::string(*name);
  MT_ASSIGN_OR_RETURN(index_name, OptionalString(request, "IndexName"));
  if (index_name) {
    errors.CheckTableName(index_name, "indexName");
    index = std::string(*index_name);
  }
  return Status::Ok();
}

void WriteInfo(JsonWriter& w, const ContributorInsightsInfo& info, bool describe) {
  w.BeginObject();
  w.Key("TableName").String(info.table_name);
  if (!info.index_name.empty()) w.Key("IndexName").String(info.index_name);
  if (describe) {
    w.Key("ContributorInsightsRuleList").BeginArray();
    for (const auto& rule : info.rules) w.String(rule);
    w.EndArray();
  }
  w.Key("ContributorInsightsStatus").String(info.status);
  if (info.mode) w.Key("ContributorInsightsMode").String(ModeName(*info.mode));
  if (describe && info.last_update_ms > 0) {
    w.Key("LastUpdateDateTime").EpochSeconds(info.last_update_ms);
  }
  w.EndObject();
}

}  // namespace

Result<std::string> UpdateContributorInsights(const OperationContext& ctx, JsonObject request) {
  ConstraintErrors errors;
  UpdateContributorInsightsRequest update;
  MT_RETURN_IF_ERROR(DecodeNames(request, errors, update.table_name, update.index_name, true));
  MT_ASSIGN_OR_RETURN(action, OptionalString(request, "ContributorInsightsAction"));
  if (!action) {
    errors.Null("contributorInsightsAction");
  } else if (*action == "ENABLE" || *action == "DISABLE") {
    update.enable = *action == "ENABLE";
  } else {
    errors.AddString(*action, "contributorInsightsAction", kActionConstraint);
  }
  MT_ASSIGN_OR_RETURN(mode, OptionalString(request, "ContributorInsightsMode"));
  if (mode) {
    if (*mode == "THROTTLED_KEYS") {
      update.mode = ContributorInsightsMode::kThrottledKeys;
    } else if (*mode == "ACCESSED_AND_THROTTLED_KEYS") {
      update.mode = ContributorInsightsMode::kAccessedAndThrottledKeys;
    } else {
      errors.AddString(*mode, "contributorInsightsMode", kModeConstraint);
    }
  }
  MT_RETURN_IF_ERROR(errors.ToStatus());
  MT_ASSIGN_OR_RETURN(info, ctx.engine.UpdateContributorInsights(ctx.request, update));
  JsonWriter w;
  WriteInfo(w, info, /*describe=*/false);
  return w.Take();
}

Result<std::string> DescribeContributorInsights(const OperationContext& ctx, JsonObject request) {
  ConstraintErrors errors;
  std::string table, index;
  MT_RETURN_IF_ERROR(DecodeNames(request, errors, table, index, true));
  MT_RETURN_IF_ERROR(errors.ToStatus());
  MT_ASSIGN_OR_RETURN(info, ctx.engine.DescribeContributorInsights(ctx.request, table, index));
  JsonWriter w;
  WriteInfo(w, info, /*describe=*/true);
  return w.Take();
}

Result<std::string> ListContributorInsights(const OperationContext& ctx, JsonObject request) {
  ConstraintErrors errors;
  ListContributorInsightsRequest list;
  std::string index;
  MT_RETURN_IF_ERROR(DecodeNames(request, errors, list.table_name, index, false));
  MT_ASSIGN_OR_RETURN(max, OptionalInt(request, "MaxResults"));
  if (max) {
    if (*max > 100) {
      errors.AddString(std::to_string(*max), "maxResults",
                       "Member must have value less than or equal to 100");
    } else if (*max < 0) {
      errors.AddString(std::to_string(*max), "maxResults",
                       "Member must have value greater than or equal to 0");
    } else {
      list.max_results = *max;
    }
  }
  MT_ASSIGN_OR_RETURN(token, OptionalString(request, "NextToken"));
  if (token) list.next_token = std::string(*token);
  MT_RETURN_IF_ERROR(errors.ToStatus());
  MT_ASSIGN_OR_RETURN(result, ctx.engine.ListContributorInsights(ctx.request, list));
  JsonWriter w;
  w.BeginObject().Key("ContributorInsightsSummaries").BeginArray();
  for (const auto& info : result.summaries) WriteInfo(w, info, /*describe=*/false);
  w.EndArray();
  if (!result.next_token.empty()) w.Key("NextToken").String(result.next_token);
  w.EndObject();
  return w.Take();
}

}  // namespace monotable::protocol::ops
