#include "server/console_json.h"

#include <cstdio>

#include "engine/throughput/dynamodb_limits.h"
#include "protocol/attribute_value_json.h"
#include "protocol/base64.h"
#include "protocol/json_writer.h"

namespace monotable::server {
namespace {

using protocol::JsonWriter;

std::string Hex64(uint64_t value) {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(value));
  return text;
}

// Bytes as lowercase hex: an encoded sort key where a partition begins.
std::string HexBytes(std::string_view bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  for (const char c : bytes) {
    out.push_back(kDigits[static_cast<unsigned char>(c) >> 4]);
    out.push_back(kDigits[static_cast<unsigned char>(c) & 15]);
  }
  return out;
}

void TableHeader(JsonWriter& w, const TableStats& table) {
  w.Key("Namespace").String(table.ns);
  w.Key("TableName").String(table.name);
  w.Key("BillingMode").String(table.provisioned ? "PROVISIONED" : "PAY_PER_REQUEST");
}

void Range(JsonWriter& w, const throughput::HashRange& range) {
  w.BeginObject().Key("First").String(Hex64(range.begin)).Key("Last").String(Hex64(range.last));
  w.EndObject();
}

// The resource's split history, oldest first: when (Unix seconds), which partition
// (named by its first hash, as PartitionId) became which, and why.
void Splits(JsonWriter& w, const throughput::ResourceSnapshot& r) {
  w.Key("SplitsDropped").Int(static_cast<int64_t>(r.splits_dropped));
  w.Key("Splits").BeginArray();
  for (const throughput::SplitEvent& e : r.splits) {
    w.BeginObject();
    w.Key("Time").Double(static_cast<double>(e.time_ms) / 1000);
    w.Key("LayoutVersion").Int(static_cast<int64_t>(e.layout_version));
    w.Key("Reason").String(throughput::SplitReasonName(e.reason));
    w.Key("Parent");
    Range(w, e.parent);
    w.Key("Children").BeginArray();
    for (const throughput::HashRange& child : e.children) Range(w, child);
    w.EndArray();
    w.EndObject();
  }
  w.EndArray();
}

// A series as an array of numbers; integral values are written without a fraction.
template <typename Get>
void Series(JsonWriter& w, const char* key, const std::vector<throughput::SecondSample>& samples,
            Get get) {
  w.Key(key).BeginArray();
  for (const auto& s : samples) {
    const double v = get(s);
    if (v == static_cast<double>(static_cast<int64_t>(v))) {
      w.Int(static_cast<int64_t>(v));
    } else {
      w.Double(v);
    }
  }
  w.EndArray();
}

}  // namespace

std::string ErrorJson(std::string_view message) {
  JsonWriter w;
  w.BeginObject().Key("message").Utf8String(message).EndObject();
  return w.Take();
}

std::string TablesJson(const EngineStats& stats, std::string_view iam_account) {
  JsonWriter w(1024);
  w.BeginObject();
  if (!iam_account.empty()) w.Key("Account").String(iam_account);
  w.Key("Tables").BeginArray();
  for (const TableStats& table : stats.tables) {
    w.BeginObject().Key("Namespace").String(table.ns).Key("TableName").String(table.name);
    w.EndObject();
  }
  w.EndArray().EndObject();
  return w.Take();
}

std::string PartitionsJson(const TableStats& table, int64_t seconds) {
  JsonWriter w(4096);
  w.BeginObject();
  TableHeader(w, table);
  w.Key("ItemCount").Int(table.item_count);
  w.Key("TableSizeBytes").Int(table.size_bytes);
  w.Key("WindowSeconds").Int(seconds);
  w.Key("PartitionCeiling")
      .BeginObject()
      .Key("ReadUnitsPerSecond")
      .Int(static_cast<int64_t>(throughput::limits::kPartitionReadUnitsPerSecond))
      .Key("WriteUnitsPerSecond")
      .Int(static_cast<int64_t>(throughput::limits::kPartitionWriteUnitsPerSecond))
      .EndObject();
  w.Key("Resources").BeginArray();
  for (const ResourceStats& resource : table.resources) {
    const throughput::ResourceSnapshot& r = resource.snapshot;
    w.BeginObject();
    if (r.index_name.empty()) {
      w.Key("IndexName").Raw("null");
    } else {
      w.Key("IndexName").String(r.index_name);
    }
    w.Key("PartitionCount").Int(static_cast<int64_t>(r.partitions.size()));
    w.Key("LayoutVersion").Int(static_cast<int64_t>(r.layout_version));
    w.Key("AllowedReadUnitsPerSecond").Double(r.allowed_read_units_per_second);
    w.Key("AllowedWriteUnitsPerSecond").Double(r.allowed_write_units_per_second);
    // On demand: the previous peak the model serves double of (grown 30 minutes after a
    // higher one), in read-equivalent units; what the rehearsal shows growing.
    if (r.capacity.billing == throughput::BillingMode::kOnDemand) {
      w.Key("OnDemandPreviousPeakUnits").Double(r.on_demand_peak_reu);
    } else {
      w.Key("OnDemandPreviousPeakUnits").Raw("null");
    }
    w.Key("ConsumedReadUnits").Double(r.totals.read_units);
    w.Key("ConsumedWriteUnits").Double(r.totals.write_units);
    w.Key("ThrottledReadRequests").Int(static_cast<int64_t>(r.totals.read_throttled));
    w.Key("ThrottledWriteRequests").Int(static_cast<int64_t>(r.totals.write_throttled));
    w.Key("Partitions").BeginArray();
    for (size_t i = 0; i < r.partitions.size(); ++i) {
      const throughput::PartitionSnapshot& p = r.partitions[i];
      w.BeginObject();
      // A piece of an item collection split by sort key shares its first hash with the
      // piece before it: its id adds the sort key (encoded, in hex) where it begins.
      w.Key("PartitionId")
          .String(p.sort_begin.empty() ? Hex64(p.range.begin)
                                       : Hex64(p.range.begin) + "/" + HexBytes(p.sort_begin));
      w.Key("HashRange");
      Range(w, p.range);
      w.Key("SortKeyBegin");
      p.sort_begin.empty() ? w.Raw("null") : w.String(HexBytes(p.sort_begin));
      w.Key("SortKeyEnd");
      p.sort_end.empty() ? w.Raw("null") : w.String(HexBytes(p.sort_end));
      if (i < resource.contents.size()) {
        w.Key("ItemCount").Int(resource.contents[i].items);
        w.Key("SizeBytes").Int(resource.contents[i].bytes);
        w.Key("ContentsEstimated").Bool(resource.contents[i].estimated);
      }
      w.Key("ConsumedReadUnits").Double(p.totals.read_units);
      w.Key("ConsumedWriteUnits").Double(p.totals.write_units);
      w.Key("ThrottledReadRequests").Int(static_cast<int64_t>(p.totals.read_throttled));
      w.Key("ThrottledWriteRequests").Int(static_cast<int64_t>(p.totals.write_throttled));
      w.Key("Recent").BeginObject();
      w.Key("FirstSecond").Int(p.recent.empty() ? 0 : p.recent.front().second);
      Series(w, "ReadUnits", p.recent, [](const auto& s) { return double{s.read_units}; });
      Series(w, "WriteUnits", p.recent, [](const auto& s) { return double{s.write_units}; });
      Series(w, "ThrottledReadRequests", p.recent,
             [](const auto& s) { return static_cast<double>(s.read_throttled); });
      Series(w, "ThrottledWriteRequests", p.recent,
             [](const auto& s) { return static_cast<double>(s.write_throttled); });
      w.EndObject();
      w.EndObject();
    }
    w.EndArray();
    Splits(w, r);
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
  return w.Take();
}

std::string InsightKeyText(const std::optional<AttributeValue>& value) {
  if (!value) return "";
  if (value->type == AttributeType::kB) return protocol::Base64Encode(value->scalar);
  return value->scalar;
}

std::string_view InsightsModeName(throughput::InsightsMode mode) {
  switch (mode) {
    case throughput::InsightsMode::kAccessedAndThrottled: return "ACCESSED_AND_THROTTLED_KEYS";
    case throughput::InsightsMode::kThrottledOnly: return "THROTTLED_KEYS";
    case throughput::InsightsMode::kDisabled: break;
  }
  return "";
}

std::string InsightsJson(const TableStats& table) {
  JsonWriter w(2048);
  w.BeginObject();
  TableHeader(w, table);
  w.Key("Resources").BeginArray();
  for (const ResourceStats& r : table.resources) {
    w.BeginObject();
    if (r.snapshot.index_name.empty()) {
      w.Key("IndexName").Raw("null");
    } else {
      w.Key("IndexName").String(r.snapshot.index_name);
    }
    const bool enabled = r.insights_mode != throughput::InsightsMode::kDisabled;
    w.Key("ContributorInsightsStatus").String(enabled ? "ENABLED" : "DISABLED");
    if (enabled) w.Key("ContributorInsightsMode").String(InsightsModeName(r.insights_mode));
    w.Key("Rules").BeginArray();
    for (const InsightList& list : r.insights) {
      w.BeginObject();
      w.Key("Rule").String(list.rule);
      w.Key("Keys").BeginArray();
      for (const InsightKey& key : list.keys) {
        w.BeginObject();
        w.Key("Key").BeginObject();
        if (key.partition_key) {
          w.Key(r.partition_key_name);
          protocol::WriteAttributeValue(w, *key.partition_key);
        }
        if (list.items && key.sort_key) {
          w.Key(r.sort_key_name);
          protocol::WriteAttributeValue(w, *key.sort_key);
        }
        w.EndObject();
        // Accessed rules weigh capacity units, throttled ones count requests.
        w.Key(list.rule[2] == 'C' ? "ConsumedUnits" : "ThrottledRequests").Double(key.count);
        w.Key("Error").Double(key.error);
        w.EndObject();
      }
      w.EndArray();
      w.EndObject();
    }
    w.EndArray();
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
  return w.Take();
}

}  // namespace monotable::server
