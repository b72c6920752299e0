// report.html (report_writers.h): one self-contained page (inline SVG and CSS, no
// script, nothing fetched) with, per table and GSI, requests accepted and throttled,
// units consumed against the capacity in force, and the partitions' heat over the hash
// space and time, drawn as the console's heat map draws the live one.

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "rehearse/report_writers.h"

namespace monotable::rehearse {
namespace {

constexpr double kWidth = 900;
constexpr double kHeight = 200;
constexpr double kLeft = 60;
constexpr size_t kMaxColumns = 900;
constexpr double kTwoTo64 = 18446744073709551616.0;

struct Series {
  std::string name;
  std::string colour;
  std::vector<double> values;  // per column
  bool dashed = false;
};

std::string Fmt(const char* fmt, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, fmt, v);
  return buf;
}

std::string Escape(std::string_view s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '&': out += "&amp;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string Clock(int64_t second) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%02lld:%02lld:%02lld", static_cast<long long>(second / 3600),
                static_cast<long long>(second / 60 % 60), static_cast<long long>(second % 60));
  return buf;
}

// A line chart of `series` over `duration` seconds.
std::string LineChart(const std::string& title, const std::vector<Series>& series,
                      int64_t duration) {
  double top = 1;
  size_t columns = 0;
  for (const Series& s : series) {
    for (double v : s.values) top = std::max(top, v);
    columns = std::max(columns, s.values.size());
  }
  top *= 1.05;
  const double plot = kWidth - kLeft - 10;
  std::string svg = "<h3>" + Escape(title) + "</h3><svg viewBox=\"0 0 " + Fmt("%.0f", kWidth) +
                    " " + Fmt("%.0f", kHeight + 30) + "\" class=\"chart\">";
  for (int g = 0; g <= 4; ++g) {
    const double y = 10 + kHeight * g / 4.0;
    svg += "<line x1=\"" + Fmt("%.0f", kLeft) + "\" x2=\"" + Fmt("%.0f", kWidth - 10) + "\" y1=\"" +
           Fmt("%.1f", y) + "\" y2=\"" + Fmt("%.1f", y) + "\" class=\"grid\"/>";
    svg += "<text x=\"" + Fmt("%.0f", kLeft - 4) + "\" y=\"" + Fmt("%.1f", y + 4) +
           "\" class=\"axis\" text-anchor=\"end\">" + Fmt("%.4g", top * (4 - g) / 4.0) + "</text>";
  }
  for (int g = 0; g <= 4; ++g) {
    svg += "<text x=\"" + Fmt("%.1f", kLeft + plot * g / 4.0) + "\" y=\"" +
           Fmt("%.0f", kHeight + 26) + "\" class=\"axis\" text-anchor=\"middle\">" +
           Clock(duration * g / 4) + "</text>";
  }
  double legend = kLeft;
  for (const Series& s : series) {
    if (s.values.empty()) continue;
    std::string points;
    for (size_t i = 0; i < s.values.size(); ++i) {
      const double x = kLeft + plot * (static_cast<double>(i) + 0.5) / static_cast<double>(columns);
      const double y = 10 + kHeight * (1 - s.values[i] / top);
      points += Fmt("%.1f", x) + "," + Fmt("%.1f", y) + " ";
    }
    svg += "<polyline fill=\"none\" stroke=\"" + s.colour + "\" stroke-width=\"1.5\"" +
           (s.dashed ? " stroke-dasharray=\"5,3\"" : "") + " points=\"" + points + "\"/>";
    svg += "<text x=\"" + Fmt("%.0f", legend + 4) + "\" y=\"8\" class=\"legend\" fill=\"" +
           s.colour + "\">" + Escape(s.name) + "</text>";
    legend += 14 + 7.0 * static_cast<double>(s.name.size());
  }
  return svg + "</svg>";
}

// Rows merged `group` at a time, as per-second rates.
std::vector<double> Column(const std::vector<IntervalRow>& rows, size_t group, int64_t interval,
                           double (*pick)(const IntervalRow&), bool average) {
  std::vector<double> out;
  for (size_t i = 0; i < rows.size(); i += group) {
    double sum = 0;
    size_t n = 0;
    for (size_t j = i; j < std::min(rows.size(), i + group); ++j, ++n) sum += pick(rows[j]);
    out.push_back(average ? sum / static_cast<double>(n)
                          : sum / static_cast<double>(n) / static_cast<double>(interval));
  }
  return out;
}

// The partitions' load (REU over the partition's ceiling) over hash space and time.
std::string HeatMap(const Report& report, uint32_t resource, size_t group) {
  const double plot = kWidth - kLeft - 10;
  const double columns = std::max<double>(
      1, std::ceil(static_cast<double>(report.duration_seconds) /
                   static_cast<double>(report.interval_seconds) / static_cast<double>(group)));
  std::string svg =
      "<h3>Partitions: load against the 3,000 RCU / 1,000 WCU ceiling (red: throttled)</h3>"
      "<svg viewBox=\"0 0 " +
      Fmt("%.0f", kWidth) + " " + Fmt("%.0f", kHeight + 30) + "\" class=\"chart\">";
  const double column_seconds =
      static_cast<double>(report.interval_seconds * static_cast<int64_t>(group));
  for (const PartitionRow& p : report.partitions) {
    if (p.resource != resource) continue;
    const double col = std::floor(static_cast<double>(p.second) / column_seconds);
    // Each row is one interval; a column merges `group` of them, each drawn with its share.
    const double reu = p.consumed_units[0] + 3 * p.consumed_units[1];
    const double load = reu / (3000.0 * static_cast<double>(report.interval_seconds));
    const bool throttled = p.throttled[0] + p.throttled[1] > 0;
    const double y0 = 10 + kHeight * (static_cast<double>(p.begin) / kTwoTo64);
    const double y1 = 10 + kHeight * ((static_cast<double>(p.last) + 1) / kTwoTo64);
    const double x = kLeft + plot * col / columns;
    const double opacity = std::clamp(load, 0.0, 1.0) / static_cast<double>(group);
    svg += "<rect x=\"" + Fmt("%.1f", x) + "\" y=\"" + Fmt("%.1f", y0) + "\" width=\"" +
           Fmt("%.2f", plot / columns + 0.3) + "\" height=\"" + Fmt("%.2f", y1 - y0) +
           "\" fill=\"" + (throttled ? "#d62728" : "#1f77b4") + "\" fill-opacity=\"" +
           Fmt("%.3f", throttled ? std::max(opacity, 0.5 / static_cast<double>(group)) : opacity) +
           "\"/>";
  }
  for (const SplitRow& s : report.splits) {
    if (s.resource != resource) continue;
    const double x = kLeft + plot * static_cast<double>(s.second) /
                                 std::max<double>(1, static_cast<double>(report.duration_seconds));
    svg += "<line x1=\"" + Fmt("%.1f", x) + "\" x2=\"" + Fmt("%.1f", x) + "\" y1=\"10\" y2=\"" +
           Fmt("%.0f", kHeight + 10) + "\" class=\"split\"><title>split (" +
           std::string(throughput::SplitReasonName(s.reason)) + ") at " + Clock(s.second) +
           "</title></line>";
  }
  return svg + "</svg>";
}

// Contributor Insights' top partition keys of a resource, throttled and accessed side
// by side (nothing when no key was named).
std::string TopKeys(const ResourceReport& r) {
  if (r.top_accessed_keys.empty() && r.top_throttled_keys.empty()) return {};
  std::string html =
      "<h3>Contributor Insights: top partition keys</h3><table class=\"keys\"><tr>"
      "<th>most throttled</th><th>requests</th><th>most accessed</th><th>units</th></tr>";
  const size_t rows = std::max(r.top_accessed_keys.size(), r.top_throttled_keys.size());
  for (size_t k = 0; k < rows; ++k) {
    html += "<tr>";
    for (const auto* list : {&r.top_throttled_keys, &r.top_accessed_keys}) {
      if (k < list->size()) {
        html +=
            "<td>" + Escape((*list)[k].key) + "</td><td>" + Fmt("%.0f", (*list)[k].count) + "</td>";
      } else {
        html += "<td></td><td></td>";
      }
    }
    html += "</tr>";
  }
  return html + "</table>";
}

}  // namespace

std::string ReportHtml(const Report& report, const Prices& prices) {
  std::string html =
      "<!doctype html><html><head><meta charset=\"utf-8\"><title>Rehearsal: " +
      Escape(report.workload) +
      "</title><style>body{font:14px system-ui,sans-serif;margin:2em;max-width:960px}"
      ".chart{width:100%;background:#fafafa}.grid{stroke:#ddd}.axis,.legend{font-size:11px}"
      ".split{stroke:#000;stroke-width:1;stroke-dasharray:2,2}pre{background:#f4f4f4;"
      "padding:1em;overflow:auto}.keys td,.keys th{padding:0 1em 0 "
      "0;text-align:left}</style></head><body><h1>Rehearsal: " +
      Escape(report.workload) + "</h1><pre>" + Escape(ReportSummary(report, prices)) + "</pre>";
  for (uint32_t i = 0; i < report.resources.size(); ++i) {
    const ResourceReport& r = report.resources[i];
    const size_t group = std::max<size_t>(1, (r.rows.size() + kMaxColumns - 1) / kMaxColumns);
    html += "<h2>" + Escape(r.label()) + "</h2>";
    const int64_t iv = report.interval_seconds;
    html += LineChart("Requests per second",
                      {{"accepted", "#2ca02c",
                        Column(
                            r.rows, group, iv,
                            [](const IntervalRow& x) {
                              return static_cast<double>(x.accepted[0] + x.accepted[1]);
                            },
                            false)},
                       {"throttled", "#d62728",
                        Column(
                            r.rows, group, iv,
                            [](const IntervalRow& x) {
                              return static_cast<double>(x.throttled[0] + x.throttled[1]);
                            },
                            false)}},
                      report.duration_seconds);
    html += LineChart(
        "Units per second: consumed and capacity in force",
        {{"write units", "#1f77b4",
          Column(
              r.rows, group, iv, [](const IntervalRow& x) { return x.consumed_units[1]; }, false)},
         {"write capacity", "#1f77b4",
          Column(
              r.rows, group, iv, [](const IntervalRow& x) { return x.capacity[1]; }, true),
          true},
         {"read units", "#ff7f0e",
          Column(
              r.rows, group, iv, [](const IntervalRow& x) { return x.consumed_units[0]; }, false)},
         {"read capacity", "#ff7f0e",
          Column(
              r.rows, group, iv, [](const IntervalRow& x) { return x.capacity[0]; }, true),
          true}},
        report.duration_seconds);
    if (!report.partitions.empty()) html += HeatMap(report, i, group);
    html += TopKeys(r);
  }
  html += "<p>Prices: " + Escape(prices.region) + ", taken " + Escape(prices.taken) + " from " +
          Escape(prices.source) + ".</p></body></html>\n";
  return html;
}

}  // namespace monotable::rehearse
