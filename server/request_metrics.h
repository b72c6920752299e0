#pragma once
// RequestMetrics: DynamoDB requests counted by operation and outcome, and a latency
// histogram per operation, for /metrics. Counting is three relaxed atomic additions per
// request on counters of the operation's own cache lines: no lock, no allocation, no
// label lookup on the hot path. The Prometheus families are built only when scraped.
//
// Thread-safety: Record and Collect may run concurrently from any thread (a scrape may
// see a request's count before its latency). Errors: none.

#include <prometheus/metric_family.h>

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/base/status.h"

namespace monotable::server {

class RequestMetrics {
 public:
  // `operations`: the names of the served operations, by route index. Requests for
  // anything else (unknown or unserved operations, or refused before dispatch) are
  // counted under the operation "Other".
  explicit RequestMetrics(std::vector<std::string> operations);

  // `route`: the operation's index in `operations`, or -1.
  void Record(int route, ErrorCode outcome, uint64_t latency_ns);

  // monotable_requests_total{operation,outcome} and
  // monotable_request_duration_seconds{operation} (histogram).
  void Collect(std::vector<prometheus::MetricFamily>& out) const;

  // The histogram's upper bounds, in seconds (the last bucket is +Inf).
  static constexpr std::array<double, 14> kBoundsSeconds = {
      0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5};

 private:
  static constexpr size_t kOutcomes = static_cast<size_t>(ErrorCode::kInternal) + 1;
  static constexpr size_t kBuckets = kBoundsSeconds.size() + 1;
  // One operation's counters on cache lines of their own, so that two threads serving
  // different operations do not share a line.
  struct alignas(64) Counters {
    std::array<std::atomic<uint64_t>, kOutcomes> outcomes{};
    std::array<std::atomic<uint64_t>, kBuckets> buckets{};  // not cumulative
    std::atomic<uint64_t> sum_ns{0};
  };

  std::vector<std::string> operations_;  // plus "Other" at the end
  std::array<uint64_t, kBoundsSeconds.size()> bounds_ns_;
  std::unique_ptr<Counters[]> counters_;
};

}  // namespace monotable::server
