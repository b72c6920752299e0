#include "server/request_metrics.h"

#include <cmath>
#include <limits>

#include "protocol/errors.h"

namespace monotable::server {

RequestMetrics::RequestMetrics(std::vector<std::string> operations)
    : operations_(std::move(operations)) {
  operations_.emplace_back("Other");
  for (size_t i = 0; i < kBoundsSeconds.size(); ++i) {
    bounds_ns_[i] = static_cast<uint64_t>(std::llround(kBoundsSeconds[i] * 1e9));
  }
  counters_ = std::make_unique<Counters[]>(operations_.size());
}

void RequestMetrics::Record(int route, ErrorCode outcome, uint64_t latency_ns) {
  const size_t op = route >= 0 && static_cast<size_t>(route) + 1 < operations_.size()
                        ? static_cast<size_t>(route)
                        : operations_.size() - 1;
  Counters& c = counters_[op];
  size_t bucket = 0;
  while (bucket < bounds_ns_.size() && latency_ns > bounds_ns_[bucket]) ++bucket;
  c.outcomes[static_cast<size_t>(outcome)].fetch_add(1, std::memory_order_relaxed);
  c.buckets[bucket].fetch_add(1, std::memory_order_relaxed);
  c.sum_ns.fetch_add(latency_ns, std::memory_order_relaxed);
}

void RequestMetrics::Collect(std::vector<prometheus::MetricFamily>& out) const {
  prometheus::MetricFamily requests{
      "monotable_requests_total",
      "DynamoDB API requests by operation and outcome (Ok, or the error's name).",
      prometheus::MetricType::Counter,
      {}};
  prometheus::MetricFamily latency{"monotable_request_duration_seconds",
                                   "Time to serve a DynamoDB API request, from its parsed "
                                   "HTTP request to its reply, by operation.",
                                   prometheus::MetricType::Histogram,
                                   {}};
  for (size_t op = 0; op < operations_.size(); ++op) {
    const Counters& c = counters_[op];
    uint64_t seen = 0;
    for (size_t o = 0; o < kOutcomes; ++o) {
      const uint64_t n = c.outcomes[o].load(std::memory_order_relaxed);
      if (n == 0) continue;
      seen += n;
      std::string outcome = "Ok";
      if (o != 0) {
        // The error's name without its namespace ("ResourceNotFoundException").
        outcome = protocol::ErrorType(static_cast<ErrorCode>(o));
        outcome.erase(0, outcome.find('#') + 1);
      }
      prometheus::ClientMetric m;
      m.label = {{"operation", operations_[op]}, {"outcome", std::move(outcome)}};
      m.counter.value = static_cast<double>(n);
      requests.metric.push_back(std::move(m));
    }
    if (seen == 0) continue;
    prometheus::ClientMetric h;
    h.label = {{"operation", operations_[op]}};
    uint64_t cumulative = 0;
    for (size_t b = 0; b < kBuckets; ++b) {
      cumulative += c.buckets[b].load(std::memory_order_relaxed);
      h.histogram.bucket.push_back({cumulative, b < kBoundsSeconds.size()
                                                    ? kBoundsSeconds[b]
                                                    : std::numeric_limits<double>::infinity()});
    }
    h.histogram.sample_count = cumulative;
    h.histogram.sample_sum = static_cast<double>(c.sum_ns.load(std::memory_order_relaxed)) / 1e9;
    latency.metric.push_back(std::move(h));
  }
  out.push_back(std::move(requests));
  out.push_back(std::move(latency));
}

}  // namespace monotable::server
