// monotable_bench: a load generator for DynamoDB's JSON protocol.
//
// N connections each keep one GetItem/PutItem/UpdateItem/Query in flight over HTTP/1.1
// keep-alive, sending the next one as soon as the answer comes (closed loop) or at a
// fixed total rate (--rate, open loop; see rate_schedule.h), driven asynchronously by one (or
// --threads) Asio event loop, so a single client thread can hold many connections busy without
// being the bottleneck: requests are built once per connection and re-keyed in place, read buffers
// are reused. Run with --help for the flags; bench/README.md has the procedure.

#include <sys/resource.h>

#include <algorithm>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "bench/load_worker.h"
#include "bench/options.h"
#include "bench/request_templates.h"
#include "bench/scan_driver.h"
#include "bench/setup_client.h"

namespace monotable::bench {
namespace {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;

constexpr int kExitOk = 0;
constexpr int kExitErrors = 1;
constexpr int kExitUsage = 2;
constexpr int kExitSetup = 3;

// Requests still in flight when the measured window ends get this long to finish.
constexpr auto kDrainGrace = std::chrono::seconds(5);

double Seconds(Clock::duration d) { return std::chrono::duration<double>(d).count(); }

double CpuSeconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
         static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

bool Resolve(const Options& options, tcp::endpoint* endpoint, std::string* error) {
  asio::io_context io;
  tcp::resolver resolver(io);
  boost::system::error_code ec;
  auto results = resolver.resolve(options.host, std::to_string(options.port), ec);
  if (ec || results.empty()) {
    *error = "cannot resolve " + options.host + ": " + ec.message();
    return false;
  }
  *endpoint = results.begin()->endpoint();
  return true;
}

// Fails fast, with a clear message, when nothing listens: otherwise every
// connection would just retry until the deadline and report a wall of I/O errors.
bool CheckReachable(const tcp::endpoint& endpoint, std::string* error) {
  asio::io_context io;
  tcp::socket socket(io);
  boost::system::error_code result = asio::error::timed_out;
  socket.async_connect(endpoint, [&](const boost::system::error_code& ec) { result = ec; });
  io.run_for(std::chrono::seconds(3));
  if (result) {
    std::ostringstream where;
    where << endpoint;
    *error = "cannot connect to " + where.str() + ": " + result.message();
    return false;
  }
  return true;
}

// Runs one phase across options.threads workers and merges their results. The
// plan's times are filled in by set_times after the connections are built, so
// building them is not charged to warm-up.
template <typename SetTimes>
RunStats RunPhase(const Options& options, const tcp::endpoint& endpoint,
                  const RequestContext& context, PhasePlan& plan, SetTimes set_times) {
  SharedCounters shared;
  std::random_device random;
  std::vector<std::unique_ptr<Worker>> workers;
  int first_connection = 0;
  for (int t = 0; t < options.threads; ++t) {
    const int connections =
        options.connections / options.threads + (t < options.connections % options.threads);
    workers.push_back(std::make_unique<Worker>(endpoint, context, plan, shared, first_connection,
                                               connections, random() ^ (t * 7919ULL)));
    first_connection += connections;
  }
  set_times(plan);
  std::vector<std::thread> threads;
  for (size_t t = 1; t < workers.size(); ++t) {
    threads.emplace_back([&worker = *workers[t]] { worker.Run(); });
  }
  workers[0]->Run();
  for (std::thread& thread : threads) thread.join();
  RunStats merged;
  for (const auto& worker : workers) merged.Merge(worker->stats());
  return merged;
}

int Setup(const Options& options, const tcp::endpoint& endpoint, const RequestContext& context) {
  const Clock::time_point start = Clock::now();
  const auto timeout = std::chrono::duration_cast<Clock::duration>(
      std::chrono::duration<double>(options.setup_timeout_s));
  // No single control-plane call may outlast the whole setup budget.
  SetupClient client(endpoint, context,
                     std::min<std::chrono::milliseconds>(
                         std::chrono::seconds(10),
                         std::chrono::duration_cast<std::chrono::milliseconds>(timeout)));
  std::string error;
  if (!EnsureTable(client, options.table, options.gsis, start + timeout, &error)) {
    std::fprintf(stderr, "setup failed: %s\n", error.c_str());
    return kExitSetup;
  }
  const uint64_t items = options.keys * options.items_per_key;
  std::printf("table %s is ACTIVE; preloading %" PRIu64 " items with BatchWriteItem...\n",
              options.table.c_str(), items);
  std::fflush(stdout);
  PhasePlan plan;
  plan.preload = true;
  plan.op = options.op;
  plan.keys = options.keys;
  plan.items_per_key = options.items_per_key;
  const Clock::time_point preload_start = Clock::now();
  const RunStats stats = RunPhase(options, endpoint, context, plan, [&](PhasePlan& p) {
    p.measure_start = p.measure_end = Clock::now();
    p.hard_deadline = start + timeout;
  });
  const double elapsed = Seconds(Clock::now() - preload_start);
  std::printf("preloaded %" PRIu64 " items in %.2f s (%.0f items/s), errors %" PRIu64 "\n",
              stats.items, elapsed, static_cast<double>(stats.items) / std::max(elapsed, 1e-9),
              stats.errors());
  if (stats.errors() != 0 || stats.items < items) {
    std::fprintf(stderr,
                 "setup failed: %" PRIu64 " of %" PRIu64
                 " items written, "
                 "%" PRIu64 " errors; first error: %s\n",
                 stats.items, items, stats.errors(),
                 stats.first_error.empty() ? "(none: timed out)" : stats.first_error.c_str());
    return kExitSetup;
  }
  return kExitOk;
}

double Micros(uint64_t ns) { return static_cast<double>(ns) / 1000.0; }

void Report(const Options& options, const RunStats& stats, double elapsed_s, double client_cpu) {
  const Histogram& h = stats.latency_ns;
  const double rps = elapsed_s > 0 ? static_cast<double>(stats.requests) / elapsed_s : 0;
  std::printf("op=%s connections=%d threads=%d keys=%" PRIu64 " items-per-key=%" PRIu64
              " measured=%.2fs\n",
              OpName(options.op), options.connections, options.threads, options.keys,
              options.items_per_key, elapsed_s);
  std::printf(
      "requests: %" PRIu64 " (GetItem/Query %" PRIu64 ", Put/UpdateItem %" PRIu64 ")%s\n",
      stats.requests, stats.reads, stats.writes,
      stats.misses != 0
          ? (", empty reads " + std::to_string(stats.misses) + " (keys not preloaded)").c_str()
          : "");
  std::printf("throughput: %.1f requests/s\n", rps);
  std::printf(
      "latency us: p50 %.1f  p90 %.1f  p99 %.1f  p99.9 %.1f  max %.1f  "
      "mean %.1f\n",
      Micros(h.ValueAtQuantile(0.5)), Micros(h.ValueAtQuantile(0.9)),
      Micros(h.ValueAtQuantile(0.99)), Micros(h.ValueAtQuantile(0.999)), Micros(h.max()),
      h.Mean() / 1000.0);
  if (options.op == Op::kQuery || options.op == Op::kSelect || options.op == Op::kBatchGet) {
    std::printf(
        "items returned: %" PRIu64 " (%.1f per read)\n", stats.items,
        static_cast<double>(stats.items) / static_cast<double>(std::max<uint64_t>(stats.reads, 1)));
  }
  std::printf("errors: %" PRIu64 " (HTTP %" PRIu64 ", missing items %" PRIu64 ", I/O %" PRIu64
              "); transaction conflicts %" PRIu64 "\n",
              stats.errors(), stats.http_errors, stats.missing_items, stats.io_errors,
              stats.conflicts);
  if (!stats.first_error.empty()) {
    std::printf("first error: %s\n", stats.first_error.c_str());
  }
  std::printf("client CPU: %.0f%% of one core over %d thread(s)\n", client_cpu * 100,
              options.threads);
  if (options.rate > 0) {
    const Histogram& s = stats.service_ns;
    std::printf(
        "open loop at %.1f requests/s: latency above counts from each due time;\n"
        "  from the actual send: p50 %.1f  p99 %.1f  mean %.1f us; queued %" PRIu64
        ", unsent %" PRIu64 "\n",
        options.rate, Micros(s.ValueAtQuantile(0.5)), Micros(s.ValueAtQuantile(0.99)),
        s.Mean() / 1000.0, stats.queued, stats.unsent);
    // One request due just before the window closes, behind a slow answer, is normal.
    if (stats.unsent * 1000 > stats.requests) {
      std::printf("warning: the rate was not sustained (%" PRIu64
                  " requests never sent); the percentiles understate the latency\n",
                  stats.unsent);
    }
  }
  if (client_cpu > 0.85 * options.threads) {
    std::printf(
        "warning: the load driver was nearly saturated and may be the "
        "bottleneck; try more --threads\n");
  }
  std::printf("{\"op\":\"%s\",\"connections\":%d,\"threads\":%d,\"keys\":%" PRIu64
              ",\"duration_s\":%.3f,\"requests\":%" PRIu64
              ",\"rps\":%.1f,\"p50_us\":%.1f,\"p90_us\":%.1f,\"p99_us\":%.1f"
              ",\"p999_us\":%.1f,\"max_us\":%.1f,\"mean_us\":%.1f,\"errors\":%" PRIu64
              ",\"conflicts\":%" PRIu64 ",\"client_cpu\":%.2f",
              OpName(options.op), options.connections, options.threads, options.keys, elapsed_s,
              stats.requests, rps, Micros(h.ValueAtQuantile(0.5)), Micros(h.ValueAtQuantile(0.9)),
              Micros(h.ValueAtQuantile(0.99)), Micros(h.ValueAtQuantile(0.999)), Micros(h.max()),
              h.Mean() / 1000.0, stats.errors(), stats.conflicts, client_cpu);
  if (options.rate > 0) {
    std::printf(
        ",\"rate\":%.1f,\"p99_service_us\":%.1f,\"mean_service_us\":%.1f"
        ",\"queued\":%" PRIu64 ",\"unsent\":%" PRIu64,
        options.rate, Micros(stats.service_ns.ValueAtQuantile(0.99)),
        stats.service_ns.Mean() / 1000.0, stats.queued, stats.unsent);
  }
  std::printf("}\n");
  std::fflush(stdout);
}

// --op scan: one full parallel Scan, timed from the first request to the last page.
int RunScan(const Options& options, const tcp::endpoint& endpoint, const RequestContext& context) {
  const double cpu_before = CpuSeconds();
  const Clock::time_point start = Clock::now();
  ScanStats stats = RunParallelScan(endpoint, context, options.segments);
  const double elapsed_s = Seconds(Clock::now() - start);
  const double client_cpu = (CpuSeconds() - cpu_before) / std::max(elapsed_s, 1e-9);
  const uint64_t expected = options.keys * options.items_per_key;
  if (options.preloaded && stats.errors == 0 && stats.items != expected) {
    ++stats.errors;
    stats.first_error = "the segments returned " + std::to_string(stats.items) +
                        " items in all, the preloaded table holds " + std::to_string(expected);
  }
  const Histogram& h = stats.page_latency_ns;
  const double items_per_s = static_cast<double>(stats.items) / std::max(elapsed_s, 1e-9);
  std::printf("op=scan segments=%d keys=%" PRIu64 " items-per-key=%" PRIu64 "\n", options.segments,
              options.keys, options.items_per_key);
  std::printf("scanned: %" PRIu64 " items in %" PRIu64 " pages, %.3f s: %.0f items/s\n",
              stats.items, stats.pages, elapsed_s, items_per_s);
  std::printf("page latency us: p50 %.1f  p99 %.1f  max %.1f\n", Micros(h.ValueAtQuantile(0.5)),
              Micros(h.ValueAtQuantile(0.99)), Micros(h.max()));
  std::printf("errors: %" PRIu64 "\n", stats.errors);
  if (!stats.first_error.empty()) std::printf("first error: %s\n", stats.first_error.c_str());
  std::printf("client CPU: %.0f%% of one core over %d segment thread(s)\n", client_cpu * 100,
              options.segments);
  std::printf("{\"op\":\"scan\",\"segments\":%d,\"items\":%" PRIu64 ",\"pages\":%" PRIu64
              ",\"duration_s\":%.3f,\"items_per_s\":%.1f,\"p50_page_us\":%.1f"
              ",\"p99_page_us\":%.1f,\"errors\":%" PRIu64 ",\"client_cpu\":%.2f}\n",
              options.segments, stats.items, stats.pages, elapsed_s, items_per_s,
              Micros(h.ValueAtQuantile(0.5)), Micros(h.ValueAtQuantile(0.99)), stats.errors,
              client_cpu);
  std::fflush(stdout);
  return stats.errors == 0 && stats.pages > 0 ? kExitOk : kExitErrors;
}

int Main(int argc, char** argv) {
  Options options;
  std::string error;
  if (!ParseOptions(argc, argv, &options, &error)) {
    if (error.empty()) {
      std::fputs(Usage(), stdout);
      return kExitOk;
    }
    std::fprintf(stderr, "monotable_bench: %s\n\n%s", error.c_str(), Usage());
    return kExitUsage;
  }
  tcp::endpoint endpoint;
  if (!Resolve(options, &endpoint, &error) || !CheckReachable(endpoint, &error)) {
    std::fprintf(stderr, "monotable_bench: %s\n", error.c_str());
    return kExitSetup;
  }
  RequestContext context;
  context.host_header = endpoint.address().is_v6()
                            ? "[" + options.host + "]:" + std::to_string(options.port)
                            : options.host + ":" + std::to_string(options.port);
  context.table = options.table;
  context.expires_at = options.expires_at;

  if (options.setup) {
    if (const int rc = Setup(options, endpoint, context); rc != kExitOk) return rc;
  }

  if (options.op == Op::kScan) return RunScan(options, endpoint, context);

  PhasePlan plan;
  plan.op = options.op;
  plan.get_fraction = options.get_fraction;
  plan.keys = options.keys;
  plan.items_per_key = options.items_per_key;
  plan.limit = options.limit;
  plan.expect_items = options.preloaded;
  plan.max_requests = options.max_requests;
  plan.rate = options.rate;
  plan.connections = options.connections;
  const auto to_duration = [](double seconds) {
    return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
  };
  const double cpu_before = CpuSeconds();
  const Clock::time_point wall_before = Clock::now();
  const RunStats stats = RunPhase(options, endpoint, context, plan, [&](PhasePlan& p) {
    p.schedule_start = Clock::now();
    p.measure_start = p.schedule_start + to_duration(options.warmup_s);
    p.measure_end = p.measure_start + to_duration(options.duration_s);
    p.hard_deadline = p.measure_end + kDrainGrace;
  });
  const double client_cpu =
      (CpuSeconds() - cpu_before) / std::max(Seconds(Clock::now() - wall_before), 1e-9);
  // The window closes with the last measured response, which also covers runs cut
  // short by --max-requests.
  const double elapsed_s =
      stats.requests == 0 ? 0 : Seconds(stats.last_completion - plan.measure_start);
  Report(options, stats, elapsed_s, client_cpu);
  return stats.errors() == 0 && stats.requests > 0 ? kExitOk : kExitErrors;
}

}  // namespace
}  // namespace monotable::bench

// The driver's one exception boundary: a stray exception is reported, not a crash.
int main(int argc, char** argv) {
  try {
    return monotable::bench::Main(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "monotable_bench: %s\n", e.what());
  } catch (...) {
    std::fprintf(stderr, "monotable_bench: unknown exception\n");
  }
  return 1;
}
