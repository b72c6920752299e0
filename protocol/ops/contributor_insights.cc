// UpdateContributorInsights, DescribeContributorInsights, ListContributorInsights.

#include "protocol/json_writer.h"
#include "protocol/ops/handlers.h"

namespace monotable::protocol::ops {
namespace {

std::string_view ModeName(ContributorInsightsMode mode) {
  return mode == ContributorInsightsMode::kThrottledKeys ? "THROTTLED_KEYS"
                                                         : "ACCESSED_AND_THROTTLED_KEYS";
}

// TableName and IndexName, their constraints checked by the model (TableName's by the
// TableName shape: tools/gen_model_constraints.py). An absent TableName is left empty
// (ListContributorInsights).
Status DecodeNames(JsonObject request, std::string& table, std::string& index) {
  MT_ASSIGN_OR_RETURN(name, OptionalString(request, "TableName"));
  if (name) table = std::string(*name);
  MT_ASSIGN_OR_RETURN(index_name, OptionalString(request, "IndexName"));
  if (index_name) index = std::string(*index_name);
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
  UpdateContributorInsightsRequest update;
  MT_RETURN_IF_ERROR(DecodeNames(request, update.table_name, update.index_name));
  MT_ASSIGN_OR_RETURN(action, RequiredString(request, "ContributorInsightsAction"));
  if (action != "ENABLE" && action != "DISABLE") {
    return UnknownModelValue("ContributorInsightsAction", action);
  }
  update.enable = action == "ENABLE";
  MT_ASSIGN_OR_RETURN(mode, OptionalString(request, "ContributorInsightsMode"));
  if (mode == std::optional<std::string_view>("THROTTLED_KEYS")) {
    update.mode = ContributorInsightsMode::kThrottledKeys;
  } else if (mode == std::optional<std::string_view>("ACCESSED_AND_THROTTLED_KEYS")) {
    update.mode = ContributorInsightsMode::kAccessedAndThrottledKeys;
  } else if (mode) {
    return UnknownModelValue("ContributorInsightsMode", *mode);
  }
  MT_ASSIGN_OR_RETURN(info, ctx.engine.UpdateContributorInsights(ctx.request, update));
  JsonWriter w;
  WriteInfo(w, info, /*describe=*/false);
  return w.Take();
}

Result<std::string> DescribeContributorInsights(const OperationContext& ctx, JsonObject request) {
  std::string table, index;
  MT_RETURN_IF_ERROR(DecodeNames(request, table, index));
  MT_ASSIGN_OR_RETURN(info, ctx.engine.DescribeContributorInsights(ctx.request, table, index));
  JsonWriter w;
  WriteInfo(w, info, /*describe=*/true);
  return w.Take();
}

Result<std::string> ListContributorInsights(const OperationContext& ctx, JsonObject request) {
  ListContributorInsightsRequest list;
  std::string index;
  MT_RETURN_IF_ERROR(DecodeNames(request, list.table_name, index));
  MT_ASSIGN_OR_RETURN(max, OptionalInt(request, "MaxResults"));
  if (max) {
    // The model states the maximum (100) only; a negative count is refused in its form.
    if (*max < 0) {
      ConstraintErrors errors;
      errors.AddString(std::to_string(*max), "maxResults",
                       "Member must have value greater than or equal to 0");
      return errors.ToStatus();
    }
    list.max_results = *max;
  }
  MT_ASSIGN_OR_RETURN(token, OptionalString(request, "NextToken"));
  if (token) list.next_token = std::string(*token);
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
