#include "rehearse/command.h"

#include <charconv>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "rehearse/cost.h"
#include "rehearse/report_writers.h"
#include "rehearse/simulator.h"

namespace monotable::rehearse {
namespace {

constexpr const char* kUsage =
    "usage: monotable rehearse WORKLOAD [options]\n"
    "  Rehearses WORKLOAD (a JSON file, docs/REHEARSE.md) against DynamoDB's capacity\n"
    "  model on a simulated clock and prints what it throttled, split and cost.\n"
    "  --out DIR            also write report.json, report.html and CSV files into DIR\n"
    "  --interval SECONDS   simulated seconds per report row, 1 to 600 (default: 1 up to\n"
    "                       an hour of workload, else 60)\n"
    "  --prices FILE        the prices file (default: the built-in rehearse/prices.json)\n"
    "  --trace FILE         also replay a trace: CSV (timestamp,operation,table,key,size)\n"
    "                       or the server's --log-requests lines\n"
    "  --no-partitions      leave out the per-partition rows\n";

int Usage(const std::string& why) {
  std::fprintf(stderr, "monotable rehearse: %s\n%s", why.c_str(), kUsage);
  return 2;
}

int Fail(const std::string& why) {
  std::fprintf(stderr, "monotable rehearse: %s\n", why.c_str());
  return 1;
}

bool ReadFile(const std::string& path, std::string* out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream text;
  text << in.rdbuf();
  *out = text.str();
  return static_cast<bool>(in) || in.eof();
}

}  // namespace

int RunRehearseCommand(const std::vector<std::string>& args) {
  std::string workload_path, out_dir, prices_path, trace_path;
  RehearseOptions options;
  for (size_t i = 1; i < args.size(); ++i) {
    const std::string& flag = args[i];
    if (flag == "--help" || flag == "-h") {
      std::fputs(kUsage, stdout);
      return 0;
    }
    if (flag == "--no-partitions") {
      options.partition_rows = false;
      continue;
    }
    if (flag.rfind("--", 0) != 0) {
      if (!workload_path.empty()) return Usage("more than one workload: '" + flag + "'");
      workload_path = flag;
      continue;
    }
    if (i + 1 >= args.size()) return Usage("missing value for " + flag);
    const std::string& value = args[++i];
    if (flag == "--out") {
      out_dir = value;
    } else if (flag == "--prices") {
      prices_path = value;
    } else if (flag == "--trace") {
      trace_path = value;
    } else if (flag == "--interval") {
      auto [end, ec] =
          std::from_chars(value.data(), value.data() + value.size(), options.interval_seconds);
      if (ec != std::errc() || end != value.data() + value.size() || options.interval_seconds < 1 ||
          options.interval_seconds > 600) {
        return Usage("invalid value '" + value + "' for --interval (expected 1 to 600)");
      }
    } else {
      return Usage("unknown option '" + flag + "'");
    }
  }
  if (workload_path.empty()) return Usage("no workload file");
  std::string text;
  if (!ReadFile(workload_path, &text)) return Fail("cannot read " + workload_path);
  auto workload = ParseWorkload(text);
  if (!workload.ok()) return Fail(workload.status().message());
  std::string prices_text(ShippedPrices());
  if (!prices_path.empty() && !ReadFile(prices_path, &prices_text)) {
    return Fail("cannot read " + prices_path);
  }
  auto prices = ParsePrices(prices_text);
  if (!prices.ok()) return Fail(prices.status().message());
  Trace trace;
  if (!trace_path.empty()) {
    std::string trace_text;
    if (!ReadFile(trace_path, &trace_text)) return Fail("cannot read " + trace_path);
    auto parsed = ParseTrace(trace_text, *workload);
    if (!parsed.ok()) return Fail(parsed.status().message());
    trace = std::move(*parsed);
    options.trace = &trace;
    std::fprintf(stderr, "trace: %zu requests, %llu lines skipped\n", trace.requests.size(),
                 static_cast<unsigned long long>(trace.skipped));
  }
  if (workload->duration_seconds() == 0 && trace.duration_seconds() == 0) {
    return Fail("nothing to rehearse: the workload has no phases and there is no trace");
  }
  auto report = Rehearse(*workload, options);
  if (!report.ok()) return Fail(report.status().message());
  std::fputs(ReportSummary(*report, *prices).c_str(), stdout);
  if (!out_dir.empty()) {
    const Status written = WriteReportFiles(*report, *prices, out_dir);
    if (!written.ok()) return Fail(written.message());
    std::printf("report: %s/report.html\n", out_dir.c_str());
  }
  return 0;
}

}  // namespace monotable::rehearse
