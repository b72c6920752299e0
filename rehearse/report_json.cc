// report.json (report_writers.h): what the console's rehearsal view loads. Hashes are
// hex strings (JSON numbers lose 64-bit integers); rows are arrays under "columns".

#include <cstdio>

#include "protocol/json_writer.h"
#include "rehearse/report_writers.h"

namespace monotable::rehearse {
namespace {

using protocol::JsonWriter;

void Hex(JsonWriter& w, uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%016llx", static_cast<unsigned long long>(v));
  w.String(buf);
}

void Number(JsonWriter& w, double v) {
  if (v == static_cast<double>(static_cast<int64_t>(v))) {
    w.Int(static_cast<int64_t>(v));
  } else {
    w.Double(v);
  }
}

void Pair(JsonWriter& w, std::string_view key, const std::array<uint64_t, 2>& v) {
  w.Key(key).BeginArray().Int(static_cast<int64_t>(v[0])).Int(static_cast<int64_t>(v[1]));
  w.EndArray();
}

void Reasons(JsonWriter& w, const IntervalRow& row) {
  w.BeginObject();
  for (size_t i = 0; i < row.by_reason.size(); ++i) {
    if (row.by_reason[i] == 0) continue;
    w.Key(throughput::ThrottlingReasonName(static_cast<throughput::ThrottlingReason>(i)));
    w.Int(static_cast<int64_t>(row.by_reason[i]));
  }
  w.EndObject();
}

void Capacity(JsonWriter& w, const throughput::CapacitySpec& c) {
  w.BeginObject();
  if (c.billing == throughput::BillingMode::kProvisioned) {
    w.Key("billing_mode").String("PROVISIONED");
    w.Key("read_capacity_units").Int(c.read_capacity_units);
    w.Key("write_capacity_units").Int(c.write_capacity_units);
  } else {
    w.Key("billing_mode").String("PAY_PER_REQUEST");
    w.Key("max_read_request_units").Int(c.max_read_request_units);
    w.Key("max_write_request_units").Int(c.max_write_request_units);
  }
  w.EndObject();
}

void Resource(JsonWriter& w, const ResourceReport& r, const Report& report, const Prices& prices) {
  w.BeginObject();
  w.Key("table").String(r.table);
  w.Key("index").String(r.index);
  w.Key("label").String(r.label());
  w.Key("capacity");
  Capacity(w, r.capacity);
  w.Key("auto_scaling").BeginArray().Bool(r.auto_scaled[0]).Bool(r.auto_scaled[1]).EndArray();
  w.Key("refused_decreases").Int(static_cast<int64_t>(r.refused_decreases));
  // Contributor Insights' top partition keys: count is an upper bound, count - error a
  // lower bound (top_k.h).
  w.Key("top_keys").BeginObject();
  const std::pair<const char*, const std::vector<throughput::TopKEntry>*> lists[] = {
      {"accessed", &r.top_accessed_keys}, {"throttled", &r.top_throttled_keys}};
  for (const auto& [name, list] : lists) {
    w.Key(name).BeginArray();
    for (const throughput::TopKEntry& e : *list) {
      w.BeginObject().Key("key").String(e.key);
      w.Key("count");
      Number(w, e.count);
      w.Key("error");
      Number(w, e.error);
      w.EndObject();
    }
    w.EndArray();
  }
  w.EndObject();
  const IntervalRow t = r.Totals();
  w.Key("totals").BeginObject();
  Pair(w, "requests", t.requests);
  Pair(w, "accepted", t.accepted);
  Pair(w, "throttled", t.throttled);
  w.Key("consumed_units").BeginArray();
  Number(w, t.consumed_units[0]);
  Number(w, t.consumed_units[1]);
  w.EndArray();
  w.Key("throttling_reasons");
  Reasons(w, t);
  w.EndObject();
  const Cost cost = EstimateCost(r, report.duration_seconds, prices);
  w.Key("cost").BeginObject();
  w.Key("as_rehearsed").Double(cost.as_rehearsed);
  w.Key("on_demand").Double(cost.on_demand);
  w.Key("provisioned_at_peak").Double(cost.provisioned_at_peak);
  w.EndObject();
  w.Key("columns").BeginArray();
  for (const char* c :
       {"second", "requests_read", "requests_write", "accepted_read", "accepted_write",
        "throttled_read", "throttled_write", "consumed_read_units", "consumed_write_units",
        "capacity_read_units", "capacity_write_units", "partitions", "throttling_reasons"}) {
    w.String(c);
  }
  w.EndArray();
  w.Key("rows").BeginArray();
  for (const IntervalRow& row : r.rows) {
    w.BeginArray().Int(row.second);
    for (const auto* pair : {&row.requests, &row.accepted, &row.throttled}) {
      w.Int(static_cast<int64_t>((*pair)[0])).Int(static_cast<int64_t>((*pair)[1]));
    }
    for (const auto* pair : {&row.consumed_units, &row.capacity}) {
      Number(w, (*pair)[0]);
      Number(w, (*pair)[1]);
    }
    w.Int(row.partitions);
    Reasons(w, row);
    w.EndArray();
  }
  w.EndArray();
  w.EndObject();
}

}  // namespace

std::string ReportJson(const Report& report, const Prices& prices) {
  JsonWriter w(1 << 16);
  w.BeginObject();
  w.Key("workload").String(report.workload);
  w.Key("mode").String(report.mode);
  w.Key("tick_ms").Int(report.tick_ms);
  w.Key("interval_seconds").Int(report.interval_seconds);
  w.Key("duration_seconds").Int(report.duration_seconds);
  w.Key("total_requests").Int(static_cast<int64_t>(report.total_requests));
  w.Key("batches").Int(static_cast<int64_t>(report.batches));
  w.Key("wall_seconds").Double(report.wall_seconds);
  w.Key("prices").BeginObject();
  w.Key("region").String(prices.region);
  w.Key("taken").String(prices.taken);
  w.Key("source").String(prices.source);
  w.Key("currency").String(prices.currency);
  w.EndObject();
  w.Key("resources").BeginArray();
  for (const ResourceReport& r : report.resources) Resource(w, r, report, prices);
  w.EndArray();
  w.Key("partition_columns").BeginArray();
  for (const char* c : {"second", "resource", "partition", "hash_begin", "hash_last", "read_units",
                        "write_units", "read_throttled", "write_throttled"}) {
    w.String(c);
  }
  w.EndArray();
  w.Key("partitions").BeginArray();
  for (const PartitionRow& p : report.partitions) {
    w.BeginArray().Int(p.second).Int(p.resource).Int(p.partition);
    Hex(w, p.begin);
    Hex(w, p.last);
    Number(w, p.consumed_units[0]);
    Number(w, p.consumed_units[1]);
    w.Int(static_cast<int64_t>(p.throttled[0])).Int(static_cast<int64_t>(p.throttled[1]));
    w.EndArray();
  }
  w.EndArray();
  w.Key("splits").BeginArray();
  for (const SplitRow& s : report.splits) {
    w.BeginObject();
    w.Key("second").Int(s.second);
    w.Key("resource").Int(s.resource);
    w.Key("reason").String(throughput::SplitReasonName(s.reason));
    w.Key("parent_begin");
    Hex(w, s.parent.begin);
    w.Key("parent_last");
    Hex(w, s.parent.last);
    w.Key("children").Int(s.children);
    w.EndObject();
  }
  w.EndArray();
  w.Key("capacity_changes").BeginArray();
  for (const CapacityChange& c : report.capacity_changes) {
    w.BeginObject();
    w.Key("second").Int(c.second);
    w.Key("resource").Int(c.resource);
    w.Key("operation").String(c.op == throughput::Op::kRead ? "read" : "write");
    w.Key("from").Int(c.from);
    w.Key("to").Int(c.to);
    w.Key("in_force_second").Int(c.in_force_second);
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
  return w.Take();
}

}  // namespace monotable::rehearse
