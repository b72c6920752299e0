#include "engine/insights/insights_control.h"

#include <algorithm>
#include <charconv>

#include "engine/admission/contributor_insights.h"
#include "engine/admission/table_throughput.h"
#include "engine/base/not_found.h"

namespace monotable::insights {
namespace {

// The table's or GSI's family and key schema; kResourceNotFound as DynamoDB words it.
struct Target {
  std::shared_ptr<Table> table;
  std::shared_ptr<const TableDefinition> definition;
  const SecondaryIndexDefinition* index = nullptr;  // null: the table
  const std::string& family() const {
    return index ? index->column_family : definition->column_family;
  }
  bool has_sort_key() const {
    return index ? index->range_key() != nullptr : definition->range_key() != nullptr;
  }
};

Result<Target> FindTarget(const Catalog& catalog, const std::string& ns, const std::string& table,
                          const std::string& index) {
  Target t;
  t.table = catalog.Find(ns, table);
  if (!t.table) {
    return TableNotFound(table);
  }
  t.definition = t.table->definition();
  if (!index.empty()) {
    for (const auto& gsi : t.definition->global_secondary_indexes) {
      if (gsi.name == index) t.index = &gsi;
    }
    if (!t.index) {
      return IndexNotFound(index, table);
    }
  }
  return t;
}

ContributorInsightsMode ApiMode(throughput::InsightsMode mode) {
  return mode == throughput::InsightsMode::kThrottledOnly
             ? ContributorInsightsMode::kThrottledKeys
             : ContributorInsightsMode::kAccessedAndThrottledKeys;
}

// DynamoDB's rule names: DynamoDBContributorInsights-<kind>-<resource>-<enable time>, kinds
// PKC/PKT (partition keys, accessed/throttled) and SKC/SKT (partition + sort keys);
// THROTTLED_KEYS has the throttled ones only. A GSI's resource is <table>/index/<index>.
std::vector<std::string> RuleNames(const Target& t, const InsightsSetting& s) {
  std::vector<std::string> rules;
  if (s.mode == throughput::InsightsMode::kDisabled) return rules;
  std::string resource = t.definition->name;
  if (t.index) resource += "/index/" + t.index->name;
  const std::string suffix = "-" + resource + "-" + std::to_string(s.enabled_ms);
  const bool accessed = s.mode == throughput::InsightsMode::kAccessedAndThrottled;
  for (const char* kind : {"PKC", "PKT", "SKC", "SKT"}) {
    const std::string_view k = kind;
    if (k[2] == 'C' && !accessed) continue;
    if (k[0] == 'S' && !t.has_sort_key()) continue;
    rules.push_back("DynamoDBContributorInsights-" + std::string(k) + suffix);
  }
  return rules;
}

ContributorInsightsInfo InfoOf(const Target& t, const InsightsSetting& s) {
  ContributorInsightsInfo info;
  info.table_name = t.definition->name;
  if (t.index) info.index_name = t.index->name;
  const bool enabled = s.mode != throughput::InsightsMode::kDisabled;
  info.status = enabled ? "ENABLED" : "DISABLED";
  if (enabled) info.mode = ApiMode(s.mode);
  info.last_update_ms = s.updated_ms;
  return info;
}

}  // namespace

Result<ContributorInsightsInfo> InsightsControl::Update(
    const std::string& ns, const UpdateContributorInsightsRequest& request) {
  MT_ASSIGN_OR_RETURN(target, FindTarget(catalog_, ns, request.table_name, request.index_name));
  MT_ASSIGN_OR_RETURN(setting, ReadInsightsSetting(storage_, target.family()));
  const int64_t now = clock_.NowMillis();
  const bool was_enabled = setting.mode != throughput::InsightsMode::kDisabled;
  if (request.enable) {
    setting.mode = request.mode == ContributorInsightsMode::kThrottledKeys
                       ? throughput::InsightsMode::kThrottledOnly
                       : throughput::InsightsMode::kAccessedAndThrottled;
    if (!was_enabled) setting.enabled_ms = now;
  } else {
    setting.mode = throughput::InsightsMode::kDisabled;
  }
  setting.updated_ms = now;
  MT_RETURN_IF_ERROR(WriteInsightsSetting(storage_, target.family(), setting));
  if (const auto tp = target.table->throughput()) {
    throughput::Resource* resource =
        target.index ? tp->FindIndex(target.index->name) : tp->table.get();
    if (resource) resource->insights().SetMode(setting.mode);
  }
  ContributorInsightsInfo info = InfoOf(target, setting);
  // DynamoDB answers with the transition; the sketches are switched already.
  info.status = request.enable ? "ENABLING" : "DISABLING";
  return info;
}

Result<ContributorInsightsInfo> InsightsControl::Describe(const std::string& ns,
                                                          const std::string& table,
                                                          const std::string& index) const {
  MT_ASSIGN_OR_RETURN(target, FindTarget(catalog_, ns, table, index));
  MT_ASSIGN_OR_RETURN(setting, ReadInsightsSetting(storage_, target.family()));
  ContributorInsightsInfo info = InfoOf(target, setting);
  info.rules = RuleNames(target, setting);
  return info;
}

Result<ListContributorInsightsResult> InsightsControl::List(
    const std::string& ns, const ListContributorInsightsRequest& request) const {
  std::vector<std::string> tables;
  if (!request.table_name.empty()) {
    tables.push_back(request.table_name);
  } else {
    tables = catalog_.List(ns);
  }
  std::vector<ContributorInsightsInfo> all;
  for (const std::string& name : tables) {
    MT_ASSIGN_OR_RETURN(table, FindTarget(catalog_, ns, name, ""));
    std::vector<Target> targets{table};
    for (const auto& gsi : table.definition->global_secondary_indexes) {
      Target t = table;
      t.index = &gsi;
      targets.push_back(t);
    }
    for (const Target& t : targets) {
      MT_ASSIGN_OR_RETURN(setting, ReadInsightsSetting(storage_, t.family()));
      all.push_back(InfoOf(t, setting));
    }
  }
  // NextToken: the position of the next summary.
  size_t start = 0;
  if (!request.next_token.empty()) {
    const char* end = request.next_token.data() + request.next_token.size();
    auto [ptr, ec] = std::from_chars(request.next_token.data(), end, start);
    if (ec != std::errc() || ptr != end || start > all.size()) {
      return Status::Validation("Invalid NextToken");
    }
  }
  const size_t page = request.max_results > 0 ? static_cast<size_t>(request.max_results) : 100;
  ListContributorInsightsResult result;
  const size_t stop = std::min(all.size(), start + page);
  for (size_t i = start; i < stop; ++i) result.summaries.push_back(std::move(all[i]));
  if (stop < all.size()) result.next_token = std::to_string(stop);
  return result;
}

}  // namespace monotable::insights
