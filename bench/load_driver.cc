// monotable_bench: a closed-loop load generator for DynamoDB's JSON protocol.
//
// N connections each keep one GetItem/PutItem in flight over HTTP/1.1 keep-alive,
// driven asynchronously by one (or --threads) Asio event loop, so a single client
// thread can hold many connections busy without being the bottleneck: requests are
// built once per connection and re-keyed in place, read buffers are reused.
// Run with --help for the flags; bench/README.md has the procedure.

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>

#include "bench/load_worker.h"
#include "bench/options.h"
#include "bench/request_templates.h"
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
  for (int t = 0; t < options.threads; ++t) {
    const int connections =
        options.connections / options.threads + (t < options.connections % options.threads);
    workers.push_back(std::make_unique<Worker>(endpoint, context, plan, shared,
                                               connections, random() ^ (t * 7919ULL)));
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

int Setup(const Options& options, const tcp::endpoint& endpoint,
          const RequestContext& context) {
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
  std::printf("table %s is ACTIVE; preloading %" PRIu64 " items...\n",
              options.table.c_str(), options.keys);
  std::fflush(stdout);
  PhasePlan plan;
  plan.preload = true;
  plan.keys = options.keys;
  const Clock::time_point preload_start = Clock::now();
  const RunStats stats = RunPhase(options, endpoint, context, plan, [&](PhasePlan& p) {
    p.measure_start = p.measure_end = Clock::now();
    p.hard_deadline = start + timeout;
  });
  const double elapsed = Seconds(Clock::now() - preload_start);
  std::printf("preloaded %" PRIu64 " items in %.2f s (%.0f items/s), errors %" PRIu64
              "\n",
              stats.requests - stats.http_errors, elapsed,
              static_cast<double>(stats.requests) / std::max(elapsed, 1e-9),
              stats.errors());
  if (stats.errors() != 0 || stats.requests < options.keys) {
    std::fprintf(stderr, "setup failed: %" PRIu64 " of %" PRIu64 " puts answered, "
                 "%" PRIu64 " errors; first error: %s\n",
                 stats.requests, options.keys, stats.errors(),
                 stats.first_error.empty() ? "(none: timed out)"
                                           : stats.first_error.c_str());
    return kExitSetup;
  }
  return kExitOk;
}

double Micros(uint64_t ns) { return static_cast<double>(ns) / 1000.0; }

void Report(const Options& options, const RunStats& stats, double elapsed_s,
            double client_cpu) {
  const Histogram& h = stats.latency_ns;
  const double rps = elapsed_s > 0 ? static_cast<double>(stats.requests) / elapsed_s : 0;
  std::printf("op=%s connections=%d threads=%d keys=%" PRIu64 " measured=%.2fs\n",
              OpName(options.op), options.connections, options.threads, options.keys,
              elapsed_s);
  std::printf("requests: %" PRIu64 " (GetItem %" PRIu64 ", Put/UpdateItem %" PRIu64 ")%s\n",
              stats.requests, stats.gets, stats.puts,
              stats.misses != 0 ? (", GetItem misses " + std::to_string(stats.misses) +
                                   " (keys not preloaded)").c_str()
                                : "");
  std::printf("throughput: %.1f requests/s\n", rps);
  std::printf("latency us: p50 %.1f  p90 %.1f  p99 %.1f  p99.9 %.1f  max %.1f  "
              "mean %.1f\n",
              Micros(h.ValueAtQuantile(0.5)), Micros(h.ValueAtQuantile(0.9)),
              Micros(h.ValueAtQuantile(0.99)), Micros(h.ValueAtQuantile(0.999)),
              Micros(h.max()), h.Mean() / 1000.0);
  std::printf("errors: %" PRIu64 " (HTTP %" PRIu64 ", missing Item %" PRIu64
              ", I/O %" PRIu64 ")\n",
              stats.errors(), stats.http_errors, stats.missing_items, stats.io_errors);
  if (!stats.first_error.empty()) {
    std::printf("first error: %s\n", stats.first_error.c_str());
  }
  std::printf("client CPU: %.0f%% of one core over %d thread(s)\n", client_cpu * 100,
              options.threads);
  if (client_cpu > 0.85 * options.threads) {
    std::printf("warning: the load driver was nearly saturated and may be the "
                "bottleneck; try more --threads\n");
  }
  std::printf("{\"op\":\"%s\",\"connections\":%d,\"threads\":%d,\"keys\":%" PRIu64
              ",\"duration_s\":%.3f,\"requests\":%" PRIu64
              ",\"rps\":%.1f,\"p50_us\":%.1f,\"p90_us\":%.1f,\"p99_us\":%.1f"
              ",\"p999_us\":%.1f,\"max_us\":%.1f,\"mean_us\":%.1f,\"errors\":%" PRIu64
              ",\"client_cpu\":%.2f}\n",
              OpName(options.op), options.connections, options.threads, options.keys,
              elapsed_s, stats.requests, rps, Micros(h.ValueAtQuantile(0.5)),
              Micros(h.ValueAtQuantile(0.9)), Micros(h.ValueAtQuantile(0.99)),
              Micros(h.ValueAtQuantile(0.999)), Micros(h.max()), h.Mean() / 1000.0,
              stats.errors(), client_cpu);
  std::fflush(stdout);
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

  if (options.setup) {
    if (const int rc = Setup(options, endpoint, context); rc != kExitOk) return rc;
  }

  PhasePlan plan;
  plan.op = options.op;
  plan.get_fraction = options.get_fraction;
  plan.keys = options.keys;
  plan.expect_items = options.preloaded;
  plan.max_requests = options.max_requests;
  const auto to_duration = [](double seconds) {
    return std::chrono::duration_cast<Clock::duration>(
        std::chrono::duration<double>(seconds));
  };
  const double cpu_before = CpuSeconds();
  const Clock::time_point wall_before = Clock::now();
  const RunStats stats = RunPhase(options, endpoint, context, plan, [&](PhasePlan& p) {
    p.measure_start = Clock::now() + to_duration(options.warmup_s);
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

int main(int argc, char** argv) { return monotable::bench::Main(argc, argv); }
