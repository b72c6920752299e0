#include "bench/scan_driver.h"

#include <chrono>
#include <thread>
#include <vector>

#include "bench/json_scan.h"
#include "bench/setup_client.h"

namespace monotable::bench {
namespace {

using Clock = std::chrono::steady_clock;

// A 1 MB page is read in milliseconds; this only catches a stalled server.
constexpr auto kPageTimeout = std::chrono::seconds(30);
constexpr size_t kMaxErrorText = 500;

ScanStats ScanSegment(const boost::asio::ip::tcp::endpoint& endpoint, const RequestContext& context,
                      int segment, int segments) {
  ScanStats stats;
  SetupClient client(endpoint, context, kPageTimeout);
  std::string start_key;  // LastEvaluatedKey of the previous page, raw JSON
  while (true) {
    const Clock::time_point sent = Clock::now();
    const CallResult page =
        client.Call("Scan", MakeScanBody(context.table, segment, segments, start_key));
    if (!page.ok || page.status != 200) {
      ++stats.errors;
      stats.first_error = "Scan segment " + std::to_string(segment) + ": " +
                          (page.ok ? "HTTP " + std::to_string(page.status) + ": " +
                                         page.body.substr(0, kMaxErrorText)
                                   : page.error);
      return stats;
    }
    stats.page_latency_ns.Record(static_cast<uint64_t>(
        std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - sent).count()));
    ++stats.pages;
    stats.items += FindJsonUint(page.body, "Count").value_or(0);
    start_key = FindJsonObject(page.body, "LastEvaluatedKey");
    if (start_key.empty()) return stats;
  }
}

}  // namespace

void ScanStats::Merge(const ScanStats& other) {
  page_latency_ns.Merge(other.page_latency_ns);
  pages += other.pages;
  items += other.items;
  errors += other.errors;
  if (first_error.empty()) first_error = other.first_error;
}

ScanStats RunParallelScan(const boost::asio::ip::tcp::endpoint& endpoint,
                          const RequestContext& context, int segments) {
  std::vector<ScanStats> per_segment(segments);
  std::vector<std::thread> threads;
  threads.reserve(segments);
  for (int s = 0; s < segments; ++s) {
    threads.emplace_back([&, s] { per_segment[s] = ScanSegment(endpoint, context, s, segments); });
  }
  for (std::thread& thread : threads) thread.join();
  ScanStats merged;
  for (const ScanStats& stats : per_segment) merged.Merge(stats);
  return merged;
}

}  // namespace monotable::bench
