// The terminal summary (report_writers.h): per table and GSI, what was asked, served and
// throttled and why, the splits and capacity changes, and the cost of each billing mode.

#include <cstdio>

#include "rehearse/report_writers.h"

namespace monotable::rehearse {
namespace {

std::string Format(const char* fmt, double a, double b = 0, double c = 0) {
  char buf[160];
  std::snprintf(buf, sizeof buf, fmt, a, b, c);
  return buf;
}

double Share(uint64_t part, uint64_t whole) {
  return whole == 0 ? 0 : 100.0 * static_cast<double>(part) / static_cast<double>(whole);
}

}  // namespace

std::string ReportSummary(const Report& report, const Prices& prices) {
  std::string out = "rehearsal " + report.workload + " (" + report.mode + "): " +
                    Format("%.0f s simulated, %.0f requests in %.2f s",
                           static_cast<double>(report.duration_seconds),
                           static_cast<double>(report.total_requests), report.wall_seconds) +
                    Format(" (%.3g simulated requests a second, %.0f batches)\n",
                           report.wall_seconds > 0
                               ? static_cast<double>(report.total_requests) / report.wall_seconds
                               : 0,
                           static_cast<double>(report.batches));
  const double month =
      30.0 * 86400 / static_cast<double>(std::max<int64_t>(1, report.duration_seconds));
  for (uint32_t i = 0; i < report.resources.size(); ++i) {
    const ResourceReport& r = report.resources[i];
    const IntervalRow t = r.Totals();
    const bool provisioned = r.capacity.billing == throughput::BillingMode::kProvisioned;
    out += "\n" + r.label() + " (" + (provisioned ? "PROVISIONED" : "PAY_PER_REQUEST");
    if (r.auto_scaled[0] || r.auto_scaled[1]) out += ", auto scaling";
    out += ")\n";
    const char* ops[2] = {"reads ", "writes"};
    for (size_t op = 0; op < 2; ++op) {
      if (t.requests[op] == 0) continue;
      out += std::string("  ") + ops[op] +
             Format(": %.0f requests, %.3f%% throttled, peak %.0f units/s",
                    static_cast<double>(t.requests[op]), Share(t.throttled[op], t.requests[op]),
                    r.peak_consumed[op]) +
             Format(" consumed (%.0f demanded)\n", r.peak_demanded[op]);
    }
    for (size_t k = 0; k < t.by_reason.size(); ++k) {
      if (t.by_reason[k] == 0) continue;
      out += "  " +
             std::string(
                 throughput::ThrottlingReasonName(static_cast<throughput::ThrottlingReason>(k))) +
             ": " + std::to_string(t.by_reason[k]) + "\n";
    }
    size_t splits = 0;
    for (const SplitRow& s : report.splits) splits += s.resource == i ? 1 : 0;
    size_t changes = 0;
    for (const CapacityChange& c : report.capacity_changes) changes += c.resource == i ? 1 : 0;
    out += "  partitions at the end: " + std::to_string(t.partitions) +
           ", splits: " + std::to_string(splits) + ", capacity changes: " + std::to_string(changes);
    if (r.refused_decreases > 0) {
      out += ", decreases refused by the daily quota: " + std::to_string(r.refused_decreases);
    }
    out += "\n";
    // Contributor Insights: the three most throttled keys, else the most accessed.
    const bool throttled = !r.top_throttled_keys.empty();
    const auto& top = throttled ? r.top_throttled_keys : r.top_accessed_keys;
    if (!top.empty()) {
      out += throttled ? "  most throttled keys:" : "  most accessed keys:";
      for (size_t k = 0; k < top.size() && k < 3; ++k) {
        out += (k ? ", " : " ") + top[k].key +
               Format(throttled ? " (%.0f requests)" : " (%.0f units)", top[k].count);
      }
      out += "\n";
    }
    const Cost c = EstimateCost(r, report.duration_seconds, prices);
    out += Format("  cost: as rehearsed %.2f, on demand %.2f, provisioned at peak %.2f",
                  c.as_rehearsed, c.on_demand, c.provisioned_at_peak) +
           " " + prices.currency + Format(" (x%.1f for 30 days)\n", month);
  }
  out += "\nprices: " + prices.region + ", taken " + prices.taken + "\n";
  return out;
}

}  // namespace monotable::rehearse
